#!/usr/bin/env python3
"""python-env-doctor: diagnose (and optionally fix) common Python environment problems."""
import argparse
import os
import shutil
import site
import ssl
import subprocess
import sys
import sysconfig
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
OK, WARN, BAD = "ok", "warn", "FAIL"
results = []


def report(status, check, detail=""):
    results.append((status, check, detail))


def check_version():
    v = sys.version_info
    if v < (3, 9):
        report(BAD, "python version", f"{v.major}.{v.minor} is end-of-life; install 3.11+")
    else:
        report(OK, "python version", f"{v.major}.{v.minor}.{v.micro} ({sys.executable})")


def check_venv():
    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    if in_venv:
        report(OK, "virtualenv", sys.prefix)
    elif os.environ.get("CONDA_PREFIX"):
        report(OK, "conda env", os.environ["CONDA_PREFIX"])
    else:
        report(WARN, "virtualenv", "not in a venv; `python3 -m venv .venv && . .venv/bin/activate`")


def check_pip():
    try:
        out = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, text=True, timeout=20)
        report(OK if out.returncode == 0 else BAD, "pip", out.stdout.strip() or out.stderr.strip())
    except Exception as exc:  # pragma: no cover
        report(BAD, "pip", str(exc))
    cfg = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True)
    for line in cfg.stdout.splitlines():
        if "index-url" in line:
            report(WARN, "pip index override", line)


def check_path_shadowing():
    names = ["python3", "pip3", "pip"]
    for n in names:
        found = shutil.which(n)
        if found and not Path(found).resolve().is_relative_to(Path(sys.prefix).resolve()) and n.startswith("pip"):
            report(WARN, f"{n} on PATH", f"{found} belongs to a different interpreter; use `python -m pip`")


def check_ssl():
    try:
        urllib.request.urlopen("https://pypi.org/simple/pip/", timeout=8).close()
        report(OK, "TLS to pypi.org", ssl.OPENSSL_VERSION)
    except ssl.SSLError as exc:
        report(BAD, "TLS to pypi.org", f"{exc} (run with --fix)")
    except Exception as exc:
        report(WARN, "TLS to pypi.org", f"network: {exc}")


def site_dir():
    if os.access(sysconfig.get_paths()["purelib"], os.W_OK):
        return Path(sysconfig.get_paths()["purelib"])
    return Path(site.getusersitepackages())


def fix_certs():
    dest = site_dir()
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("envdoctor_certfix.py", "envdoctor-certfix.pth"):
        shutil.copy2(HERE / "site_hook" / name, dest / name)
    report(OK, "CA bundle hook", f"installed in {dest}")


def fix_pip():
    subprocess.run([sys.executable, "-m", "pip", "install", "--upgrade", "pip", "setuptools", "wheel"], check=False)
    report(OK, "pip upgrade", "pip/setuptools/wheel upgraded")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fix", action="store_true", help="apply safe fixes")
    a = ap.parse_args()
    check_version()
    check_venv()
    check_pip()
    check_path_shadowing()
    check_ssl()
    if a.fix:
        fix_certs()
        fix_pip()
    width = max(len(c) for _, c, _ in results)
    for status, check, detail in results:
        print(f"[{status:>4}] {check.ljust(width)}  {detail}")
    sys.exit(1 if any(s == BAD for s, _, _ in results) else 0)


if __name__ == "__main__":
    main()
