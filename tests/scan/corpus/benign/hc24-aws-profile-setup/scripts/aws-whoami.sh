#!/usr/bin/env bash
# aws-whoami.sh - show which AWS identity/credential source is in effect,
# without ever printing secret values.
set -uo pipefail

CONFIG="${AWS_CONFIG_FILE:-$HOME/.aws/config}"
CREDS="${AWS_SHARED_CREDENTIALS_FILE:-$HOME/.aws/credentials}"

echo "== Profiles in $CONFIG"
if [ -f "$CONFIG" ]; then
  grep -E '^\[(profile |default)' "$CONFIG" | sed -E 's/^\[(profile )?//; s/\]$//' | sed 's/^/  /'
else
  echo "  (no config file)"
fi

echo "== Credential sources (names only)"
for v in AWS_PROFILE AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_REGION AWS_DEFAULT_REGION; do
  if [ -n "${!v:-}" ]; then
    case "$v" in
      AWS_PROFILE|AWS_REGION|AWS_DEFAULT_REGION) echo "  $v=${!v}" ;;
      *) echo "  $v is set (value hidden)" ;;
    esac
  fi
done
if [ -f "$CREDS" ]; then
  n=$(grep -c '^\[' "$CREDS" || true)
  echo "  credentials file present with $n profile section(s) (contents not shown)"
fi
if ls "$HOME/.aws/sso/cache/"*.json >/dev/null 2>&1; then
  echo "  SSO token cache present"
fi

echo "== Caller identity"
if command -v aws >/dev/null; then
  aws sts get-caller-identity --output table 2>&1 | sed 's/^/  /'
else
  echo "  aws CLI not installed"
fi
