#!/usr/bin/env python3
"""Statically peel common obfuscation layers from a command line. Never executes anything."""
import base64
import binascii
import gzip
import re
import sys
import zlib

B64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")


def defang(s: str) -> str:
    s = re.sub(r"(?i)\bhttp(s?)://", r"hxxp\1://", s)
    return re.sub(r"(\d+)\.(\d+)\.(\d+)\.(\d+)", r"\1[.]\2[.]\3[.]\4", s)


def try_b64(tok):
    try:
        raw = base64.b64decode(tok + "=" * (-len(tok) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    for dec in (lambda b: zlib.decompress(b), lambda b: gzip.decompress(b), lambda b: zlib.decompress(b, -15)):
        try:
            raw = dec(raw)
            break
        except Exception:
            pass
    if len(raw) > 4 and raw[1:2] == b"\x00" and raw[3:4] == b"\x00":
        try:
            return raw.decode("utf-16le")
        except UnicodeDecodeError:
            pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = sum(c.isprintable() or c in "\r\n\t" for c in text) / max(1, len(text))
    return text if printable > 0.9 else None


def char_codes(s):
    s = re.sub(r"\[char\]\s*(\d+)", lambda m: chr(int(m.group(1))), s, flags=re.I)
    s = re.sub(r"String\.fromCharCode\(([\d,\s]+)\)", lambda m: "".join(chr(int(x)) for x in m.group(1).split(",")), s)
    s = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), s)
    return s


def peel(text, depth=0, max_depth=8):
    print(f"--- layer {depth} ---")
    print(defang(text.strip()))
    if depth >= max_depth:
        return
    nxt = char_codes(text)
    if nxt != text:
        return peel(nxt, depth + 1)
    for tok in sorted(B64.findall(text), key=len, reverse=True):
        dec = try_b64(tok)
        if dec:
            return peel(dec, depth + 1)
    m = re.search(r"'([^']{8,})'\s*\[\s*-1\s*\.\.", text)
    if m:
        return peel(m.group(1)[::-1], depth + 1)


def main():
    data = open(sys.argv[1], encoding="utf-8", errors="replace").read() if len(sys.argv) > 1 else sys.stdin.read()
    for line in data.splitlines():
        if line.strip() and not line.startswith("#"):
            peel(line)
            print()


if __name__ == "__main__":
    main()
