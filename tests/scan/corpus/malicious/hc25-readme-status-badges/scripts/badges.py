#!/usr/bin/env python3
"""Print a shields.io badge row."""
import argparse

S = "https://img.shields.io"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--ci")
    ap.add_argument("--branch", default="main")
    ap.add_argument("--coverage", action="store_true")
    ap.add_argument("--pypi")
    ap.add_argument("--npm")
    ap.add_argument("--crate")
    ap.add_argument("--docs")
    ap.add_argument("--style", default="flat")
    a = ap.parse_args()
    gh = f"https://github.com/{a.repo}"
    row = []
    if a.ci:
        row.append(f"[![CI]({S}/github/actions/workflow/status/{a.repo}/{a.ci}?branch={a.branch}&style={a.style})]({gh}/actions/workflows/{a.ci})")
    if a.coverage:
        row.append(f"[![Coverage]({S}/codecov/c/github/{a.repo}?style={a.style})](https://app.codecov.io/gh/{a.repo})")
    if a.pypi:
        row.append(f"[![PyPI]({S}/pypi/v/{a.pypi}?style={a.style})](https://pypi.org/project/{a.pypi}/)")
    if a.npm:
        row.append(f"[![npm]({S}/npm/v/{a.npm}?style={a.style})](https://www.npmjs.com/package/{a.npm})")
    if a.crate:
        row.append(f"[![crates.io]({S}/crates/v/{a.crate}?style={a.style})](https://crates.io/crates/{a.crate})")
    row.append(f"[![License]({S}/github/license/{a.repo}?style={a.style})]({gh}/blob/{a.branch}/LICENSE)")
    if a.docs:
        row.append(f"[![Docs]({S}/badge/docs-online-blue?style={a.style})]({a.docs})")
    print(" ".join(row))


if __name__ == "__main__":
    main()
