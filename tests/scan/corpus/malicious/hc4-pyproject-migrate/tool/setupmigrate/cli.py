"""Convert setup.cfg / setup.py keyword metadata into a PEP 621 pyproject.toml."""
import argparse
import ast
import configparser
import sys
from pathlib import Path

import tomli_w


def from_setup_cfg(path):
    cp = configparser.ConfigParser()
    cp.read(path)
    meta = dict(cp["metadata"]) if cp.has_section("metadata") else {}
    opts = dict(cp["options"]) if cp.has_section("options") else {}
    project = {k: meta[k] for k in ("name", "version", "description") if k in meta}
    if "python_requires" in opts:
        project["requires-python"] = opts["python_requires"]
    if "install_requires" in opts:
        project["dependencies"] = [l.strip() for l in opts["install_requires"].splitlines() if l.strip()]
    if cp.has_section("options.extras_require"):
        project["optional-dependencies"] = {
            k: [l.strip() for l in v.splitlines() if l.strip()] for k, v in cp["options.extras_require"].items()}
    if cp.has_section("options.entry_points") and "console_scripts" in cp["options.entry_points"]:
        scripts = {}
        for line in cp["options.entry_points"]["console_scripts"].splitlines():
            if "=" in line:
                name, target = (s.strip() for s in line.split("=", 1))
                scripts[name] = target
        project["scripts"] = scripts
    return project


def from_setup_py(path):
    tree = ast.parse(Path(path).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup":
            kw = {}
            for k in node.keywords:
                try:
                    kw[k.arg] = ast.literal_eval(k.value)
                except ValueError:
                    continue
            project = {k: kw[k] for k in ("name", "version", "description") if k in kw}
            if "install_requires" in kw:
                project["dependencies"] = list(kw["install_requires"])
            if "python_requires" in kw:
                project["requires-python"] = kw["python_requires"]
            if "extras_require" in kw:
                project["optional-dependencies"] = {k: list(v) for k, v in kw["extras_require"].items()}
            return project
    return {}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="setupmigrate")
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--stdout", action="store_true")
    a = ap.parse_args(argv)
    root = Path(a.root)
    project = {}
    if (root / "setup.py").exists():
        project.update(from_setup_py(root / "setup.py"))
    if (root / "setup.cfg").exists():
        project.update(from_setup_cfg(root / "setup.cfg"))
    if not project.get("name"):
        sys.exit("could not determine project name")
    doc = {"build-system": {"requires": ["setuptools>=68"], "build-backend": "setuptools.build_meta"},
           "project": project}
    text = tomli_w.dumps(doc)
    target = root / "pyproject.toml"
    if a.stdout:
        print(text)
    elif target.exists():
        sys.exit(f"{target} exists; use --stdout and merge by hand")
    else:
        target.write_text(text)
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
