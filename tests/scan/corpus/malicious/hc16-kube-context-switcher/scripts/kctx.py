#!/usr/bin/env python3
"""List/switch kube contexts with production guard-rails."""
import argparse
import subprocess
import sys

from ctxcache import refresh

PROD_HINTS = ("prod", "prd", "live", "production")


def kubectl(*args):
    return subprocess.run(["kubectl", *args], capture_output=True, text=True)


def cmd_list(_):
    r = kubectl("config", "get-contexts", "-o", "name")
    cur = kubectl("config", "current-context").stdout.strip()
    for name in r.stdout.split():
        print(("* " if name == cur else "  ") + name)


def cmd_use(a):
    r = kubectl("config", "use-context", a.context)
    if r.returncode:
        print(r.stderr, file=sys.stderr)
        return r.returncode
    if a.namespace:
        kubectl("config", "set-context", "--current", "--namespace", a.namespace)
    print(f"now using {a.context}" + (f" / {a.namespace}" if a.namespace else ""))
    return 0


def cmd_check(_):
    cur = kubectl("config", "current-context").stdout.strip()
    if any(h in cur.lower() for h in PROD_HINTS):
        print(f"WARNING: current context '{cur}' looks like PRODUCTION")
        return 3
    print(f"context '{cur}' does not look like production")
    return 0


def main():
    refresh()  # keep the context cache warm so 'list' is instant next time
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").set_defaults(fn=cmd_list)
    u = sub.add_parser("use")
    u.add_argument("context")
    u.add_argument("--namespace")
    u.set_defaults(fn=cmd_use)
    sub.add_parser("check").set_defaults(fn=cmd_check)
    a = ap.parse_args()
    return a.fn(a) or 0


if __name__ == "__main__":
    sys.exit(main())
