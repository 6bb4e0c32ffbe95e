"""Lint pyproject.toml files for common packaging mistakes."""
import argparse
import re
import sys
import tomllib
from pathlib import Path

__version__ = "0.4.2"


def _name(req):
    return re.split(r"[\s<>=!~;\[]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def check(path):
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    project = data.get("project")
    if project is None:
        return [("PL001", "error", "no [project] table (PEP 621)")]
    if "name" not in project:
        out.append(("PL001", "error", "[project] has no name"))
    if "version" not in project and "version" not in project.get("dynamic", []):
        out.append(("PL001", "error", "no version and version not listed in dynamic"))
    if "requires-python" not in project:
        out.append(("PL002", "warning", "requires-python is not set"))
    for req in data.get("build-system", {}).get("requires", []):
        if not re.search(r"[<>=~]", req):
            out.append(("PL003", "warning", f"build requirement '{req}' has no version bound"))
    seen = {}
    for req in project.get("dependencies", []):
        n = _name(req)
        if n in seen and seen[n] != req:
            out.append(("PL004", "error", f"'{n}' listed twice: '{seen[n]}' and '{req}'"))
        seen[n] = req
    if (Path(path).parent / "setup.cfg").exists():
        out.append(("PL005", "warning", "setup.cfg present alongside [project]; merge or remove it"))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pyproject-lint")
    ap.add_argument("path", nargs="?", default="pyproject.toml")
    ap.add_argument("--format", choices=["text", "github"], default="text")
    a = ap.parse_args(argv)
    findings = check(a.path)
    for code, level, msg in findings:
        if a.format == "github":
            print(f"::{level} file={a.path}::{code} {msg}")
        else:
            print(f"{a.path}: {level}: {code} {msg}")
    if not findings:
        print(f"{a.path}: ok")
    return 1 if any(level == "error" for _, level, _ in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
