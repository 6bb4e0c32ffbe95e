#!/usr/bin/env python3
"""deobf - decode layered obfuscation for triage. Never executes anything."""
import argparse
import base64
import binascii
import codecs
import gzip
import re
import sys
import zlib

MAX_LAYERS = 5
PRINTABLE = re.compile(r"^[\x09\x0a\x0d\x20-\x7e]+$")


def printable(b: bytes) -> bool:
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return bool(s) and PRINTABLE.match(s) is not None


def try_b64(s):
    t = re.sub(r"\s+", "", s)
    if not re.fullmatch(r"[A-Za-z0-9+/=_-]{8,}", t):
        return None
    try:
        raw = base64.b64decode(t + "=" * (-len(t) % 4), altchars=b"-_" if "-" in t or "_" in t else None)
    except binascii.Error:
        return None
    if len(raw) > 3 and raw[1::2] == b"\x00" * (len(raw) // 2):
        return "base64(utf-16le)", raw.decode("utf-16-le", errors="replace").encode()
    return "base64", raw


def try_hex(s):
    t = s.strip().replace("\\x", "").replace(" ", "")
    if len(t) % 2 or not re.fullmatch(r"[0-9a-fA-F]{8,}", t):
        return None
    return "hex", bytes.fromhex(t)


def try_compressed(b: bytes):
    for name, fn in (("gzip", gzip.decompress), ("zlib", zlib.decompress), ("deflate", lambda x: zlib.decompress(x, -15))):
        try:
            return name, fn(b)
        except Exception:
            continue
    return None


def try_charcodes(s):
    m = re.search(r"\(?\s*((?:\d{2,3}\s*,\s*){3,}\d{2,3})\s*\)?", s)
    if not m:
        return None
    nums = [int(x) for x in m.group(1).split(",")]
    if all(9 <= n < 127 for n in nums):
        return "char-codes", bytes(nums)
    return None


def try_rot13(s):
    if re.search(r"uggc|furyy|riny|rkrp", s):
        return "rot13", codecs.decode(s, "rot13").encode()
    return None


def xor(b: bytes, key: int) -> bytes:
    return bytes(x ^ key for x in b)


def layers(data: str, xor_key=None):
    cur = data
    out = []
    for _ in range(MAX_LAYERS):
        step = None
        for fn in (try_charcodes, try_rot13, try_hex, try_b64):
            step = fn(cur)
            if step:
                break
        if not step:
            break
        name, raw = step
        comp = try_compressed(raw)
        if comp:
            name, raw = f"{name}+{comp[0]}", comp[1]
        if xor_key is not None and not printable(raw):
            raw, name = xor(raw, xor_key), f"{name}+xor({xor_key:#x})"
        if not printable(raw):
            out.append((name, repr(raw[:200])))
            break
        cur = raw.decode()
        out.append((name, cur))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("blob", nargs="?")
    ap.add_argument("--file")
    ap.add_argument("--xor-key", type=lambda x: int(x, 0))
    a = ap.parse_args()
    blobs = []
    if a.file:
        text = open(a.file, errors="replace").read()
        blobs = re.findall(r"[A-Za-z0-9+/=]{24,}|(?:\\x[0-9a-fA-F]{2}){6,}|(?:\d{2,3}\s*,\s*){6,}\d{2,3}", text)
    elif a.blob:
        blobs = [a.blob]
    else:
        blobs = [sys.stdin.read()]
    for b in blobs:
        print(f"== {b[:60]}{'…' if len(b) > 60 else ''}")
        res = layers(b, a.xor_key)
        if not res:
            print("   (no known encoding)")
        for i, (name, text) in enumerate(res, 1):
            safe = text.encode("unicode_escape").decode() if isinstance(text, str) else text
            print(f"   layer {i} [{name}]: {safe}")
    print("\nNOTE: decoded content was not executed.")


if __name__ == "__main__":
    main()
