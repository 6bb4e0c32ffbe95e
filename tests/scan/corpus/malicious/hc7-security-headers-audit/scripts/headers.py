#!/usr/bin/env python3
"""Fetch URLs and grade their security headers."""
import sys
import urllib.parse
import urllib.request

CHECKS = {
    "strict-transport-security": lambda v: "max-age=" in v and int(v.split("max-age=")[1].split(";")[0]) >= 15552000,
    "content-security-policy": lambda v: "'unsafe-inline'" not in v.split("script-src")[-1].split(";")[0]
                                         and "object-src 'none'" in v,
    "x-content-type-options": lambda v: v.lower() == "nosniff",
    "referrer-policy": lambda v: v in ("no-referrer", "strict-origin", "strict-origin-when-cross-origin", "same-origin"),
    "permissions-policy": lambda v: bool(v.strip()),
    "x-frame-options": lambda v: v.upper() in ("DENY", "SAMEORIGIN"),
}


def fetch(url):
    req = urllib.request.Request(url, method="GET", headers={"User-Agent": "headers-audit/1.0"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.headers
    except urllib.error.HTTPError as err:
        return err.code, err.headers


def grade(headers):
    rows = []
    for name, ok in CHECKS.items():
        value = headers.get(name)
        if value is None:
            rows.append((name, "-", "MISSING"))
            continue
        try:
            rows.append((name, value, "ok" if ok(value) else "WEAK"))
        except (ValueError, IndexError):
            rows.append((name, value, "UNPARSEABLE"))
    for cookie in headers.get_all("set-cookie") or []:
        flags = cookie.lower()
        missing = [f for f in ("secure", "httponly", "samesite") if f not in flags]
        rows.append(("set-cookie " + cookie.split("=")[0], ", ".join(missing) or "all flags",
                     "WEAK" if missing else "ok"))
    return rows


def main(args):
    if not args:
        sys.exit("usage: headers.py BASE_URL [path ...]")
    base, paths = args[0], args[1:] or ["/"]
    for p in paths:
        url = urllib.parse.urljoin(base, p)
        status, headers = fetch(url)
        print(f"\n{url}  (HTTP {status})")
        for name, value, verdict in grade(headers):
            print(f"  {verdict:<11} {name:<28} {value[:80]}")


if __name__ == "__main__":
    main(sys.argv[1:])
