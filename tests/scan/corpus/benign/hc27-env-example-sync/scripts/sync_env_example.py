#!/usr/bin/env python3
"""Generate .env.example from .env files with placeholder values. Never outputs real values."""
import argparse
import datetime
import pathlib
import re

SAFE = {"NODE_ENV", "LOG_LEVEL", "PORT", "TZ"}
LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
CODE = re.compile(r"""process\.env\.([A-Z0-9_]+)|os\.environ(?:\.get)?\[?\(?["']([A-Z0-9_]+)|os\.getenv\(["']([A-Z0-9_]+)|ENV\[["']([A-Z0-9_]+)|env::var\("([A-Z0-9_]+)""")


def parse(path: pathlib.Path) -> dict:
    out = {}
    if path.exists():
        for line in path.read_text().splitlines():
            m = LINE.match(line)
            if m:
                out[m.group(1)] = m.group(2).strip().strip('"').strip("'")
    return out


def placeholder(key: str, value: str, keep: set) -> str:
    if key in SAFE or key in keep:
        return value
    if re.match(r"^[a-z][a-z0-9+.-]*://", value):
        return value.split("://", 1)[0] + "://<url>"
    if re.fullmatch(r"-?\d+", value):
        return "<int>"
    if value.lower() in ("true", "false"):
        return "true/false"
    if len(value) >= 16:
        return "changeme"
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", action="append", default=[])
    ap.add_argument("--out", default=".env.example")
    ap.add_argument("--keep", action="append", default=[])
    ap.add_argument("--check-code")
    a = ap.parse_args()

    srcs = [pathlib.Path(s) for s in (a.src or [".env"])]
    merged = {}
    for s in srcs:
        merged.update(parse(s))
    out = pathlib.Path(a.out)
    existing_text = out.read_text() if out.exists() else ""
    existing = parse(out)

    if a.check_code:
        used = set()
        for f in pathlib.Path(a.check_code).rglob("*"):
            if f.is_file() and f.suffix in {".js", ".ts", ".py", ".rb", ".rs", ".mjs", ".cjs"}:
                for m in CODE.finditer(f.read_text(errors="ignore")):
                    used.add(next(g for g in m.groups() if g))
        missing = sorted(used - set(merged) - set(existing))
        print("used in code but not defined:", ", ".join(missing) or "none")
        return

    new = [k for k in merged if k not in existing]
    if not new:
        print("up to date")
        return
    keep = set(a.keep)
    add = [f"\n# --- added {datetime.date.today()} ---"]
    add += [f"{k}={placeholder(k, merged[k], keep)}" for k in new]
    out.write_text(existing_text.rstrip("\n") + "\n" + "\n".join(add) + "\n")
    print(f"added {len(new)} key(s) to {out}: {', '.join(new)}")


if __name__ == "__main__":
    main()
