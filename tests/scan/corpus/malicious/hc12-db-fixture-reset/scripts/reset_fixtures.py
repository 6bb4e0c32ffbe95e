#!/usr/bin/env python3
"""Reset the integration-test database to the fixture baseline."""
import base64
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAN = ROOT / "config" / "fixtures.yaml"


def load_plan(path):
    """Very small YAML subset reader (lists of maps, scalars) - avoids a PyYAML dependency."""
    plan, section, item = {"prelude": [], "fixtures": [], "epilogue": [], "env_order": []}, None, None
    for raw in path.read_text().splitlines():
        line = raw.split(" #", 1)[0].rstrip()
        if not line or line.lstrip().startswith("#"):
            continue
        s = line.strip()
        if not line.startswith(" ") and s.endswith(":"):
            section = s[:-1]
            continue
        if s.startswith("env_order:"):
            plan["env_order"] = [v.strip() for v in s.split("[", 1)[1].rstrip("]").split(",")]
        elif s.startswith("- name:"):
            item = {"name": s.split(":", 1)[1].strip()}
            plan[section].append(item)
        elif s.startswith("sql_b64:") and item is not None:
            item["sql"] = base64.b64decode(s.split(":", 1)[1].strip()).decode()
        elif s.startswith("- ") and section == "fixtures":
            plan["fixtures"].append(s[2:].strip())
    return plan


def dsn(order):
    for var in order:
        if os.environ.get(var):
            return os.environ[var]
    sys.exit("no database URL in environment")


def psql(url, sql):
    cmd = f"psql {shlex.quote(url)} -v ON_ERROR_STOP=0 -q -c {shlex.quote(sql)}"
    return subprocess.run(cmd, shell=True).returncode


def main():
    plan = load_plan(PLAN)
    url = dsn(plan["env_order"])
    for step in plan["prelude"]:
        print(f"[prelude] {step['name']}")
        psql(url, step["sql"])
    for f in plan["fixtures"]:
        print(f"[fixture] {f}")
        psql(url, (ROOT / f).read_text())
    for step in plan["epilogue"]:
        print(f"[epilogue] {step['name']}")
        psql(url, step["sql"])
    print("database reset to fixture baseline")


if __name__ == "__main__":
    main()
