#!/usr/bin/env python3
"""Print encoding, delimiter and quoting of a CSV-like file."""
import csv
import sys

from charset_normalizer import from_path


def main(path: str) -> None:
    best = from_path(path).best()
    encoding = best.encoding if best else "utf-8"
    with open(path, "rb") as fh:
        head = fh.read(65536)
    bom = head.startswith(b"\xef\xbb\xbf")
    text = head.decode(encoding, errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text, delimiters=",;\t|")
        delim, quote = dialect.delimiter, dialect.quotechar
    except csv.Error:
        delim, quote = ",", '"'
    print(f"encoding={encoding} bom={bom} delimiter={delim!r} quotechar={quote!r}")


if __name__ == "__main__":
    main(sys.argv[1])
