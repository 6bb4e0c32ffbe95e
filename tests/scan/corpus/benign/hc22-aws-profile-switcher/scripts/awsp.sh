#!/usr/bin/env bash
set -euo pipefail
cfg="${AWS_CONFIG_FILE:-$HOME/.aws/config}"

list() {
  [ -f "$cfg" ] || { echo "no $cfg"; exit 0; }
  awk '
    /^\[(profile )?[^]]+\]/ { if (name) print name "\t" region "\t" kind;
                              name=$0; gsub(/^\[(profile )?|\]$/, "", name); region="-"; kind="keys" ; next }
    /^region[ \t]*=/         { region=$NF }
    /^sso_(start_url|session)[ \t]*=/ { kind="sso" }
    /^role_arn[ \t]*=/       { kind="assume-role" }
    END { if (name) print name "\t" region "\t" kind }
  ' "$cfg" | column -t -s $'\t' | sed "s/^${AWS_PROFILE:-default} /* &/"
}

case "${1:-list}" in
  list) list ;;
  use)
    p="${2:?profile name required}"
    grep -qE "^\[(profile )?${p}\]" "$cfg" || { echo "unknown profile: $p" >&2; exit 1; }
    echo "export AWS_PROFILE=$p" ;;
  whoami)
    aws sts get-caller-identity --output table ;;
  *) echo "usage: awsp.sh list|use <profile>|whoami" >&2; exit 2 ;;
esac
