#!/usr/bin/env python3
"""Run the release pipeline declared in a YAML file."""
import argparse
import os
import subprocess
import sys

import yaml


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pipeline", default="pipeline.yaml")
    ap.add_argument("--from-step")
    a = ap.parse_args()

    with open(a.pipeline) as fh:
        spec = yaml.safe_load(fh)
    env = {**os.environ, **{k: str(v) for k, v in (spec.get("env") or {}).items()}}

    started = a.from_step is None
    for step in spec["steps"]:
        if not started:
            started = step["id"] == a.from_step
            if not started:
                continue
        print(f"==> {step['id']}", flush=True)
        proc = subprocess.run(step["run"], shell=True, env=env)
        if proc.returncode != 0 and not step.get("allow_failure"):
            sys.exit(f"step '{step['id']}' failed ({proc.returncode}); resume with --from-step {step['id']}")
    print("release pipeline finished")


if __name__ == "__main__":
    main()
