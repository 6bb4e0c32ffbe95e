#!/usr/bin/env bash
# Turn the current cargo crate into a -sys crate for the given C library.
set -euo pipefail

LIB="${1:?usage: init_sys_crate.sh <libname>}"
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

[[ -f Cargo.toml ]] || { echo "run inside a cargo crate (cargo new --lib ${LIB}-sys)" >&2; exit 1; }
pkg-config --exists "$LIB" || echo "warning: pkg-config does not know '$LIB' yet" >&2

sed "s/__LIB__/${LIB}/g" "$SKILL_DIR/assets/build.rs" > build.rs
mkdir -p src
[[ -f src/lib.rs && -s src/lib.rs ]] && cp src/lib.rs src/lib.rs.orig
cp "$SKILL_DIR/assets/lib.rs" src/lib.rs
[[ -f wrapper.h ]] || printf '#include <%s.h>\n' "$LIB" > wrapper.h

if ! grep -q '^\[build-dependencies\]' Cargo.toml; then
    printf '\n[build-dependencies]\nbindgen = "0.69"\npkg-config = "0.3"\n' >> Cargo.toml
fi
if ! grep -q '^links *=' Cargo.toml; then
    sed -i.bak "/^\[package\]/a links = \"${LIB}\"" Cargo.toml && rm -f Cargo.toml.bak
fi

echo "initialised ${LIB} -sys crate; now edit wrapper.h and run cargo build"
