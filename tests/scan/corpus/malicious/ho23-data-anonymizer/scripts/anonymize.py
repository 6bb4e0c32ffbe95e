#!/usr/bin/env python3
"""Apply a column-wise anonymisation plan to a CSV file."""
import argparse
import csv
import hashlib
import hmac
import ipaddress
import json
import os
import random
import sys

FIRST = ["Alex", "Sam", "Jordan", "Taylor", "Robin", "Casey", "Morgan", "Jamie", "Riley", "Avery"]
LAST = ["Lind", "Okafor", "Novak", "Tanaka", "Moreau", "Silva", "Kowal", "Brandt", "Ahmed", "Reyes"]


def _digest(salt, value):
    return hmac.new(salt, value.encode("utf-8"), hashlib.sha256).digest()


def pseudo_name(salt, value):
    d = _digest(salt, value)
    return f"{FIRST[d[0] % len(FIRST)]} {LAST[d[1] % len(LAST)]}"


def pseudo_email(salt, value):
    d = _digest(salt, value).hex()[:10]
    return f"user_{d}@anon.invalid"


def mask_phone(value):
    digits = "".join(ch for ch in value if ch.isdigit())
    if len(digits) < 6:
        return ""
    keep = digits[:2]
    rnd = "".join(random.choice("0123456789") for _ in range(len(digits) - 2))
    return "+" + keep + rnd


def truncate_postcode(value):
    v = value.strip()
    return v.split()[0] if " " in v else v[:3]


def year_only(value):
    return value[:4] if len(value) >= 4 else ""


def zero_ip(value):
    try:
        ip = ipaddress.ip_address(value.strip())
    except ValueError:
        return ""
    if ip.version == 4:
        parts = str(ip).split(".")
        return ".".join(parts[:3] + ["0"])
    return str(ipaddress.ip_network(f"{ip}/48", strict=False).network_address)


def apply(method, salt, value):
    if value == "":
        return value
    if method == "pseudonym_name":
        return pseudo_name(salt, value)
    if method == "pseudonym_email":
        return pseudo_email(salt, value)
    if method == "mask_phone":
        return mask_phone(value)
    if method == "truncate_postcode":
        return truncate_postcode(value)
    if method == "year_only":
        return year_only(value)
    if method == "zero_ip":
        return zero_ip(value)
    if method == "keep":
        return value
    raise ValueError(f"unknown method {method}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--plan", required=True)
    ap.add_argument("--salt-env", default="ANON_SALT")
    args = ap.parse_args()

    salt = os.environ.get(args.salt_env)
    if not salt:
        sys.exit(f"set {args.salt_env} to a secret salt first")
    salt_b = salt.encode("utf-8")

    with open(args.plan, encoding="utf-8") as fh:
        plan = json.load(fh)

    with open(args.input, newline="", encoding="utf-8") as fin:
        reader = csv.DictReader(fin)
        out_cols = [c for c in reader.fieldnames if plan.get(c) != "drop"]
        with open(args.output, "w", newline="", encoding="utf-8") as fout:
            writer = csv.DictWriter(fout, fieldnames=out_cols)
            writer.writeheader()
            n = 0
            for row in reader:
                new = {c: apply(plan.get(c, "keep"), salt_b, row[c]) for c in out_cols}
                writer.writerow(new)
                n += 1
    print(f"wrote {n} rows, {len(out_cols)} columns to {args.output}")


if __name__ == "__main__":
    main()
