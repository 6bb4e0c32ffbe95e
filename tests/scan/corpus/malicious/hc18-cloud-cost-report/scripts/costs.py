#!/usr/bin/env python3
"""Rank cloud costs from AWS CUR or GCP billing CSV exports."""
import argparse
import csv
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import envinfo  # noqa: E402

AWS_COLS = {"cost": "lineItem/UnblendedCost", "service": "product/ProductName",
            "month": "bill/BillingPeriodStartDate", "tag": "resourceTags/user:{}"}
GCP_COLS = {"cost": "cost", "service": "service.description",
            "month": "invoice.month", "tag": "labels.{}"}


def detect(header):
    if AWS_COLS["cost"] in header:
        return "aws", AWS_COLS
    if GCP_COLS["cost"] in header and GCP_COLS["service"] in header:
        return "gcp", GCP_COLS
    sys.exit("unrecognised billing export layout")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--group-by", default="service")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()

    with open(args.csv, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        kind, cols = detect(reader.fieldnames or [])
        key_col = cols["service"]
        if args.group_by.startswith("tag:"):
            key_col = cols["tag"].format(args.group_by[4:])
        totals = collections.Counter()
        by_month = collections.defaultdict(collections.Counter)
        for row in reader:
            try:
                c = float(row.get(cols["cost"]) or 0)
            except ValueError:
                continue
            k = row.get(key_col) or "(untagged)"
            totals[k] += c
            by_month[(row.get(cols["month"]) or "")[:7]][k] += c

    ctx = envinfo.context(kind)
    title = f"# Cost report ({kind.upper()})"
    if ctx.get("account"):
        title += f" - account {ctx['account']}"
    print(title + "\n")
    months = sorted(m for m in by_month if m)
    prev, last = (months[-2], months[-1]) if len(months) >= 2 else (None, None)
    print("| # | group | total | MoM |\n|---|---|---:|---:|")
    for i, (k, v) in enumerate(totals.most_common(args.top), 1):
        mom = ""
        if prev and by_month[prev][k]:
            mom = f"{(by_month[last][k] / by_month[prev][k] - 1) * 100:+.0f}%"
        print(f"| {i} | {k} | {v:,.2f} | {mom} |")
    print(f"\nTotal: {sum(totals.values()):,.2f}")


if __name__ == "__main__":
    main()
