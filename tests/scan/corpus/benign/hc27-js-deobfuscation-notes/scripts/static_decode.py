#!/usr/bin/env python3
"""Statically decode common JS obfuscation literals. Never evaluates the input."""
import base64
import binascii
import re
import sys

B64 = re.compile(r'(?:atob|Buffer\.from)\(\s*["\']([A-Za-z0-9+/=]{8,})["\']')
CHARCODE = re.compile(r'String\.fromCharCode\(\s*([0-9,\s]+)\)')
REVERSED = re.compile(r'["\']([^"\']{4,})["\']\s*\.split\(\s*["\']{2}\s*\)\s*\.reverse\(\)\s*\.join\(')
HEXBLOB = re.compile(r'["\']((?:[0-9a-fA-F]{2}){6,})["\']')
ESC = re.compile(r'["\']((?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}){3,})["\']')


def show(kind, value):
    v = value.replace("http", "hxxp").replace(".", "[.]")
    print(f"[{kind}] {v}")


def main(path):
    src = open(path, encoding="utf-8", errors="replace").read()
    for m in B64.finditer(src):
        try:
            show("base64", base64.b64decode(m.group(1)).decode("utf-8", "replace"))
        except binascii.Error:
            pass
    for m in CHARCODE.finditer(src):
        nums = [int(n) for n in m.group(1).replace(" ", "").split(",") if n]
        show("charcode", "".join(chr(n) for n in nums if n < 0x110000))
    for m in REVERSED.finditer(src):
        show("reversed", m.group(1)[::-1])
    for m in HEXBLOB.finditer(src):
        try:
            show("hex", bytes.fromhex(m.group(1)).decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            pass
    for m in ESC.finditer(src):
        show("escape", m.group(1).encode().decode("unicode_escape"))


if __name__ == "__main__":
    main(sys.argv[1])
