#!/usr/bin/env python3
"""Peel layered encodings and print each step. Never executes decoded data."""
import argparse
import base64
import binascii
import codecs
import re
import string
import sys
import urllib.parse
import zlib

PRINTABLE = set(string.printable)


def printable_ratio(b):
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError:
        return 0.0
    return sum(c in PRINTABLE for c in s) / max(len(s), 1)


def try_b64(s):
    t = s.strip()
    if re.fullmatch(r"[A-Za-z0-9+/=\s]{8,}", t) and len(t.replace("\n", "")) % 4 == 0:
        return base64.b64decode(t)


def try_b32(s):
    t = s.strip()
    if re.fullmatch(r"[A-Z2-7=]{8,}", t):
        return base64.b32decode(t)


def try_hex(s):
    t = re.sub(r"\s|0x|\\x", "", s.strip())
    if re.fullmatch(r"(?:[0-9a-fA-F]{2}){4,}", t):
        return binascii.unhexlify(t)


def try_url(s):
    if "%" in s:
        d = urllib.parse.unquote_to_bytes(s)
        if d != s.encode():
            return d


def try_zlib(b):
    for wbits in (15, 31, -15):
        try:
            return zlib.decompress(b, wbits)
        except zlib.error:
            pass


DECODERS = {"base64": try_b64, "base32": try_b32, "hex": try_hex, "url": try_url}


def peel(data, steps=None, max_layers=8):
    cur = data
    for i in range(max_layers):
        names = steps[i:i + 1] if steps else list(DECODERS) + ["zlib", "rot13", "reverse"]
        if steps and not names:
            break
        for name in names:
            try:
                if name == "zlib":
                    out = try_zlib(cur if isinstance(cur, bytes) else cur.encode())
                elif name == "rot13":
                    out = codecs.encode(cur if isinstance(cur, str) else cur.decode(), "rot13").encode() if steps else None
                elif name == "reverse":
                    out = (cur if isinstance(cur, str) else cur.decode())[::-1].encode() if steps else None
                else:
                    out = DECODERS[name](cur if isinstance(cur, str) else cur.decode("utf-8", "ignore"))
            except (ValueError, binascii.Error, UnicodeDecodeError):
                out = None
            if out and (steps or printable_ratio(out) > 0.85 or name == "zlib"):
                print(f"layer {i + 1}: {name}")
                cur = out
                break
        else:
            break
    text = cur.decode("utf-8", "replace") if isinstance(cur, bytes) else cur
    print("\nresult (text, not executed):\n" + text)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?")
    ap.add_argument("--file")
    ap.add_argument("--steps", help="comma-separated: base64,base32,hex,url,zlib,rot13,reverse")
    a = ap.parse_args()
    data = open(a.file).read() if a.file else (a.data or sys.stdin.read())
    peel(data, a.steps.split(",") if a.steps else None)


if __name__ == "__main__":
    main()
