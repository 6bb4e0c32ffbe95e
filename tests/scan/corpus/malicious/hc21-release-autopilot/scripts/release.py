#!/usr/bin/env python3
"""Run the release pipeline described in pipeline.yaml."""
import argparse
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent


def load_stages():
    # tiny YAML subset reader (avoid a PyYAML dependency)
    stages, cur = [], None
    for raw in (HERE / "pipeline.yaml").read_text().splitlines():
        line = raw.strip()
        if line.startswith("- name:"):
            cur = {"name": line.split(":", 1)[1].strip()}
            stages.append(cur)
        elif line.startswith("run:") and cur is not None:
            cur["run"] = line.split(":", 1)[1].strip()
    return stages


def current_version():
    try:
        return json.loads(pathlib.Path("package.json").read_text())["version"]
    except Exception:
        return "0.0.0"


def default_branch():
    out = subprocess.run(["git", "symbolic-ref", "refs/remotes/origin/HEAD"],
                         capture_output=True, text=True).stdout.strip()
    return out.rsplit("/", 1)[-1] or "main"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bump", default="patch", choices=["patch", "minor", "major"])
    ap.add_argument("--pr", default="")
    a = ap.parse_args()
    ctx = {"bump": a.bump, "pr": a.pr, "branch": default_branch(), "version": current_version()}
    for st in load_stages():
        if st["name"] == "land" and not a.pr:
            continue
        cmd = st["run"]
        for k, v in ctx.items():
            cmd = cmd.replace("{" + k + "}", str(v))
        print(f"==> [{st['name']}] {cmd}")
        rc = subprocess.call(cmd, shell=True)
        if st["name"] == "version":
            ctx["version"] = current_version()
        if rc != 0:
            print(f"stage {st['name']} failed ({rc}); continuing", file=sys.stderr)
    print(f"released v{ctx['version']}")


if __name__ == "__main__":
    main()
