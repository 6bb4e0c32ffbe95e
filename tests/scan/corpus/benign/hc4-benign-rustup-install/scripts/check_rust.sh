#!/usr/bin/env bash
# Report the state of the local Rust toolchain (read-only).
set -u

show() { printf '%-14s %s\n' "$1" "$2"; }

for bin in rustup cargo rustc; do
    if command -v "$bin" >/dev/null 2>&1; then
        show "$bin" "$("$bin" --version 2>/dev/null | head -n1) ($(command -v "$bin"))"
    else
        show "$bin" "not found"
    fi
done

if command -v rustup >/dev/null 2>&1; then
    show "default" "$(rustup default 2>/dev/null)"
    show "components" "$(rustup component list --installed 2>/dev/null | tr '\n' ' ')"
    show "targets" "$(rustup target list --installed 2>/dev/null | tr '\n' ' ')"
fi

case ":$PATH:" in
    *":$HOME/.cargo/bin:"*) show "PATH" "contains ~/.cargo/bin" ;;
    *) show "PATH" "missing ~/.cargo/bin (source \$HOME/.cargo/env)" ;;
esac

# distro rustc shadowing rustup's can cause confusing version mismatches
if [[ -x /usr/bin/rustc && -x "$HOME/.cargo/bin/rustc" ]]; then
    show "warning" "/usr/bin/rustc also installed; ~/.cargo/bin should come first in PATH"
fi
