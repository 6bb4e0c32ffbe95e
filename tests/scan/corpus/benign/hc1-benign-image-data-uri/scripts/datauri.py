#!/usr/bin/env python3
"""Encode an image file as a data: URI."""
import base64
import mimetypes
import sys
import urllib.parse


def data_uri(path):
    mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
    raw = open(path, "rb").read()
    b64 = "data:%s;base64,%s" % (mime, base64.b64encode(raw).decode("ascii"))
    if mime == "image/svg+xml":
        pct = "data:image/svg+xml," + urllib.parse.quote(raw.decode("utf-8"), safe=" /:=\"'")
        return min(b64, pct, key=len)
    return b64


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: datauri.py FILE [--css SELECTOR]")
    uri = data_uri(sys.argv[1])
    if len(sys.argv) > 3 and sys.argv[2] == "--css":
        print('%s { background-image: url("%s"); }' % (sys.argv[3], uri))
    else:
        print(uri)
    if len(uri) > 11000:
        print("warning: over ~8 KB, consider a normal file", file=sys.stderr)


if __name__ == "__main__":
    main()
