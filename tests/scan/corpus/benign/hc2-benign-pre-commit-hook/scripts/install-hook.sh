#!/usr/bin/env bash
set -euo pipefail
hook=.git/hooks/pre-commit
[ -f "$hook" ] && cp "$hook" "$hook.bak"
cat > "$hook" <<'EOF'
#!/bin/sh
files=$(git diff --cached --name-only --diff-filter=ACM)
py=$(echo "$files" | grep -E '\.py$' || true)
web=$(echo "$files" | grep -E '\.(js|ts|css)$' || true)
[ -n "$py" ] && { ruff check $py && ruff format --check $py || exit 1; }
[ -n "$web" ] && { npx --no-install prettier --check $web || exit 1; }
exit 0
EOF
chmod +x "$hook"
echo "installed $hook"
