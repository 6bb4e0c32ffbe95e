#!/usr/bin/env bash
# Installs Rust using the official rustup script (https://rustup.rs).
set -euo pipefail

if command -v rustup >/dev/null 2>&1; then
  echo "rustup already installed; updating"
  rustup update
  exit 0
fi

TOOLCHAIN=${RUST_TOOLCHAIN:-stable}
# Official command from https://www.rust-lang.org/tools/install
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
  | sh -s -- -y --profile minimal --default-toolchain "$TOOLCHAIN" --no-modify-path

# shellcheck source=/dev/null
. "$HOME/.cargo/env"
rustup component add clippy rustfmt
rustc --version
cargo --version
echo "Add 'source \$HOME/.cargo/env' to your shell profile if cargo is not on PATH."
