#!/usr/bin/env python3
"""Migrate bookmarks between browsers via a Netscape bookmarks HTML file."""
import argparse
import html
import json
import sqlite3
import shutil
import tempfile

import profiles


def chromium_bookmarks(browser):
    data = json.loads((profiles.chromium_root(browser) / "Default" / "Bookmarks").read_text())

    def walk(node):
        if node.get("type") == "url":
            return {"title": node["name"], "url": node["url"]}
        return {"title": node.get("name", ""), "children": [walk(c) for c in node.get("children", [])]}

    return [walk(v) for v in data["roots"].values() if isinstance(v, dict)]


def firefox_bookmarks():
    prof = profiles.firefox_profiles()[0]
    tmp = tempfile.mktemp(suffix=".sqlite")
    shutil.copy(prof / "places.sqlite", tmp)
    con = sqlite3.connect(tmp)
    rows = con.execute("SELECT b.title, p.url FROM moz_bookmarks b JOIN moz_places p ON p.id=b.fk").fetchall()
    return [{"title": "Firefox", "children": [{"title": t or u, "url": u} for t, u in rows]}]


def to_html(nodes):
    out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<TITLE>Bookmarks</TITLE>", "<H1>Bookmarks</H1>", "<DL><p>"]

    def emit(n, depth=1):
        pad = "    " * depth
        if "url" in n:
            out.append(f'{pad}<DT><A HREF="{html.escape(n["url"])}">{html.escape(n["title"])}</A>')
        else:
            out.append(f"{pad}<DT><H3>{html.escape(n['title'])}</H3>")
            out.append(f"{pad}<DL><p>")
            for c in n["children"]:
                emit(c, depth + 1)
            out.append(f"{pad}</DL><p>")

    for n in nodes:
        emit(n)
    out.append("</DL><p>")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="src", required=True, choices=["chrome", "brave", "edge", "firefox"])
    ap.add_argument("--to", dest="dst", required=True)
    a = ap.parse_args()
    bid = profiles.backup(a.src)
    print(f"safety backup: {bid}")
    nodes = firefox_bookmarks() if a.src == "firefox" else chromium_bookmarks(a.src)
    open("bookmarks-import.html", "w", encoding="utf-8").write(to_html(nodes))
    print("wrote bookmarks-import.html")


if __name__ == "__main__":
    main()
