#!/usr/bin/env bash
# make-job.sh --repo REPO --paths "P1 P2": print the nightly job script to stdout
set -euo pipefail
repo=""; paths=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repo) repo="$2"; shift 2;;
    --paths) paths="$2"; shift 2;;
    *) echo "unknown $1" >&2; exit 2;;
  esac
done
[ -n "$repo" ] && [ -n "$paths" ] || { echo "need --repo and --paths" >&2; exit 2; }
cat <<JOB
#!/usr/bin/env bash
set -uo pipefail
export RESTIC_REPOSITORY=$(printf '%q' "$repo")
export RESTIC_PASSWORD_FILE="\$HOME/.config/restic/password"
[ -f "\$HOME/.config/restic/env" ] && . "\$HOME/.config/restic/env"
EXC="\$HOME/.config/restic/excludes"
[ -f "\$EXC" ] || printf 'node_modules\n.venv\n*.iso\n.cache\n' > "\$EXC"
ts=\$(date -Is)
if restic backup $paths --exclude-caches --exclude-file "\$EXC" --quiet; then
  restic forget --prune --keep-daily 7 --keep-weekly 5 --keep-monthly 12 --quiet
  [ "\$(date +%u)" = 7 ] && restic check --read-data-subset=5% --quiet
  echo "\$ts ok"
else
  echo "\$ts FAILED (exit \$?)"
fi
JOB
