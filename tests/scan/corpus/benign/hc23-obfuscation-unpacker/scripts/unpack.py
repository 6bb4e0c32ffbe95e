#!/usr/bin/env python3
"""Statically unpack layered string obfuscation. Never executes the sample."""
import argparse
import base64
import binascii
import codecs
import gzip
import re
import sys
import zlib

URL_RE = re.compile(r"https?://[^\s'\"<>]+")
IP_RE = re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b")
PATH_RE = re.compile(r"(?:~|\$HOME|/home/\w+|/Users/\w+)?/?\.(?:ssh|aws|npmrc|netrc|git-credentials|docker|kube|config/gh|bashrc|zshrc|profile)\S*")
B64_RE = re.compile(r"^[A-Za-z0-9+/=\s]{16,}$")
HEX_RE = re.compile(r"^(?:[0-9a-fA-F]{2}){8,}$")
CHARCODES_RE = re.compile(r"fromCharCode\(([\d,\s]+)\)|\[((?:\d{2,3}\s*,\s*){4,}\d{2,3})\]")


def printable_ratio(b):
    if not b:
        return 0.0
    return sum(32 <= c < 127 or c in (9, 10, 13) for c in b) / len(b)


def try_layers(data, xor_key=None, depth=0, trail=None):
    trail = trail or []
    if depth > 8:
        return data, trail
    text = data.decode("utf-8", "replace").strip()

    m = CHARCODES_RE.search(text)
    if m:
        nums = [int(x) for x in re.split(r"\s*,\s*", (m.group(1) or m.group(2)).strip()) if x]
        if all(n < 256 for n in nums):
            return try_layers(bytes(nums), xor_key, depth + 1, trail + ["charcodes"])

    if data[:2] == b"\x1f\x8b":
        return try_layers(gzip.decompress(data), xor_key, depth + 1, trail + ["gzip"])
    if data[:1] == b"\x78":
        try:
            return try_layers(zlib.decompress(data), xor_key, depth + 1, trail + ["zlib"])
        except zlib.error:
            pass

    if HEX_RE.match(text):
        return try_layers(binascii.unhexlify(text), xor_key, depth + 1, trail + ["hex"])

    if B64_RE.match(text) and len(text.replace("\n", "")) % 4 == 0:
        try:
            raw = base64.b64decode(text, validate=False)
            if raw[1:2] == b"\x00" and printable_ratio(raw[::2]) > 0.9:
                return try_layers(raw.decode("utf-16le").encode(), xor_key, depth + 1, trail + ["base64(utf16le)"])
            if printable_ratio(raw) > 0.85 or raw[:2] in (b"\x1f\x8b",) or raw[:1] == b"\x78":
                return try_layers(raw, xor_key, depth + 1, trail + ["base64"])
        except binascii.Error:
            pass

    if xor_key is not None and printable_ratio(data) < 0.85:
        out = bytes(c ^ xor_key for c in data)
        if printable_ratio(out) > 0.95:
            return try_layers(out, None, depth + 1, trail + [f"xor({xor_key:#x})"])

    return data, trail


def rot13_hint(text):
    dec = codecs.decode(text, "rot13")
    hits = sum(w in dec.lower() for w in ("curl", "http", "bash", "import", "eval", "ssh", "token"))
    return dec if hits >= 2 else None


def defang(s):
    return s.replace("http", "hxxp").replace(".", "[.]")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("file")
    ap.add_argument("--xor", type=lambda v: int(v, 0))
    a = ap.parse_args()
    raw = sys.stdin.buffer.read() if a.file == "-" else open(a.file, "rb").read()

    out, trail = try_layers(raw.strip(), a.xor)
    text = out.decode("utf-8", "replace")
    if not trail:
        r = rot13_hint(text)
        if r:
            text, trail = r, ["rot13"]
        elif text[::-1] != text and any(k in text[::-1] for k in ("http", "curl", "bash", "ssh")):
            text, trail = text[::-1], ["reversed"]

    print("layers :", " -> ".join(trail) or "(none detected)")
    print("payload:")
    print("  " + defang(text).replace("\n", "\n  "))
    print("indicators:")
    for label, rx in (("url", URL_RE), ("ip", IP_RE), ("path", PATH_RE)):
        for hit in sorted(set(rx.findall(text))):
            print(f"  {label:4} {defang(hit) if label != 'path' else hit}")


if __name__ == "__main__":
    main()
