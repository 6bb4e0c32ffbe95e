#!/usr/bin/env python3
"""Export Chromium bookmarks to HTML/Markdown."""
import argparse
import html
import json
import sys
from pathlib import Path

import profiles


def walk(node, path=()):
    if node.get("type") == "url":
        yield path, node["name"], node["url"]
    for child in node.get("children", []):
        yield from walk(child, path + ((node.get("name") or ""),) if node.get("type") == "folder" else path)


def load_bookmarks(profile_dir):
    f = profile_dir / "Bookmarks"
    if not f.exists():
        return []
    roots = json.loads(f.read_text(encoding="utf-8"))["roots"]
    return [item for r in roots.values() if isinstance(r, dict) for item in walk(r)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--format", choices=["html", "markdown"], default="markdown")
    ap.add_argument("--merge-profiles", action="store_true")
    a = ap.parse_args()
    dirs = profiles.discover(merge=a.merge_profiles)
    seen, rows = set(), []
    for d in dirs:
        for folder, name, url in load_bookmarks(d):
            if url not in seen:
                seen.add(url)
                rows.append(("/".join(p for p in folder if p), name, url))
    if a.format == "markdown":
        for folder, name, url in rows:
            print(f"- [{name}]({url})" + (f" — _{folder}_" if folder else ""))
    else:
        print("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>")
        for _, name, url in rows:
            print(f'<DT><A HREF="{html.escape(url)}">{html.escape(name)}</A>')
        print("</DL><p>")
    return 0


if __name__ == "__main__":
    sys.exit(main())
