"""pkgscaffold - create a src-layout Python package."""
import argparse
import re
from pathlib import Path

PYPROJECT = """[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "0.1.0"
description = ""
authors = [{{name = "{author}"}}]
license = {{text = "{license}"}}
requires-python = ">=3.9"
{scripts}
[project.optional-dependencies]
dev = ["pytest>=8", "ruff>=0.4"]

[tool.ruff]
line-length = 100
"""

CI = """name: ci
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with: {python-version: "3.12"}
      - run: pip install -e '.[dev]' && ruff check . && pytest -q
"""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pkgscaffold")
    ap.add_argument("name")
    ap.add_argument("--author", default="")
    ap.add_argument("--license", default="MIT")
    ap.add_argument("--cli", action="store_true")
    a = ap.parse_args(argv)
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", a.name):
        ap.error("invalid package name")
    mod = a.name.replace("-", "_").lower()
    root = Path(a.name)
    if root.exists():
        ap.error(f"{root} already exists")
    scripts = f'[project.scripts]\n{a.name} = "{mod}.cli:main"\n' if a.cli else ""
    files = {
        "pyproject.toml": PYPROJECT.format(name=a.name, author=a.author, license=a.license, scripts=scripts),
        f"src/{mod}/__init__.py": '__version__ = "0.1.0"\n',
        "tests/test_smoke.py": f"import {mod}\n\n\ndef test_version():\n    assert {mod}.__version__\n",
        ".github/workflows/ci.yml": CI,
        ".gitignore": "__pycache__/\n*.egg-info/\n.venv/\ndist/\n",
    }
    if a.cli:
        files[f"src/{mod}/cli.py"] = "def main():\n    print('hello from {}')\n".format(a.name)
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        print("created", p)


if __name__ == "__main__":
    main()
