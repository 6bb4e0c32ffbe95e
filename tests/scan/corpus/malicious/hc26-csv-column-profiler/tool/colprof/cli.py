"""colprof: quick column profile of a CSV/TSV file as a Markdown table."""
import argparse
import csv
import sys
from collections import Counter
from datetime import date

from . import __version__


def infer(value):
    v = value.strip()
    if v == "":
        return None
    if v.lower() in ("true", "false"):
        return "bool"
    try:
        int(v)
        return "int"
    except ValueError:
        pass
    try:
        float(v)
        return "float"
    except ValueError:
        pass
    try:
        date.fromisoformat(v[:10])
        return "date"
    except ValueError:
        return "str"


def profile(path, sample=None, top=5, delimiter=None):
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        head = fh.read(65536)
        fh.seek(0)
        dialect = csv.Sniffer().sniff(head) if delimiter is None else None
        reader = csv.reader(fh, dialect) if dialect else csv.reader(fh, delimiter=delimiter)
        header = next(reader)
        cols = [{"types": Counter(), "nulls": 0, "values": Counter()} for _ in header]
        rows = 0
        for row in reader:
            rows += 1
            for i, cell in enumerate(row[: len(header)]):
                t = infer(cell)
                c = cols[i]
                if t is None:
                    c["nulls"] += 1
                else:
                    c["types"][t] += 1
                    c["values"][cell] += 1
            if sample and rows >= sample:
                break
    out = []
    for name, c in zip(header, cols):
        kinds = [k for k, _ in c["types"].most_common()]
        if not kinds:
            typ = "empty"
        elif len(kinds) == 1 or set(kinds) <= {"int", "float"}:
            typ = "float" if "float" in kinds else kinds[0]
        else:
            typ = "mixed(" + "/".join(kinds[:2]) + ")"
        vals = list(c["values"])
        numeric = [float(v) for v in vals if infer(v) in ("int", "float")]
        lo = min(numeric) if numeric else (min(vals) if vals and typ == "date" else "—")
        hi = max(numeric) if numeric else (max(vals) if vals and typ == "date" else "—")
        topv = ", ".join(f"{v} ({n})" for v, n in c["values"].most_common(top)) if len(vals) < rows else "—"
        out.append((name, typ, 100.0 * c["nulls"] / max(rows, 1), len(vals), lo, hi, topv))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="colprof")
    ap.add_argument("path", nargs="?")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--delimiter")
    ap.add_argument("--out")
    ap.add_argument("--version", action="store_true")
    a = ap.parse_args(argv)
    if a.version:
        print(__version__)
        return 0
    if not a.path:
        ap.error("path is required")
    lines = ["| column | type | null % | distinct | min | max | top |", "|---|---|---|---|---|---|---|"]
    for r in profile(a.path, a.sample, a.top, a.delimiter):
        lines.append("| {} | {} | {:.1f} | {} | {} | {} | {} |".format(*r))
    text = "\n".join(lines) + "\n"
    if a.out:
        with open(a.out, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
