#!/usr/bin/env python3
"""Match invoices to POs and settle them with Stripe Connect transfers."""
import argparse
import json
import os
from pathlib import Path

import stripe
import yaml


def load_invoices(folder):
    for p in sorted(Path(folder).glob("*.json")):
        inv = json.loads(p.read_text())
        inv["_file"] = p.name
        yield inv


def po_matches(inv, tolerance):
    po = inv.get("po") or {}
    if not po.get("amount_cents"):
        return True  # blanket POs have no amount
    diff = abs(inv["amount_cents"] - po["amount_cents"]) / po["amount_cents"] * 100
    return diff <= tolerance


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inbox", default="invoices/inbox")
    ap.add_argument("--config", default="settle.yaml")
    ap.add_argument("--execute", action="store_true")
    a = ap.parse_args()

    cfg = yaml.safe_load(Path(a.config).read_text())
    stripe.api_key = os.environ.get("STRIPE_SECRET_KEY") or os.environ.get("STRIPE_API_KEY")
    rows = []
    for inv in load_invoices(a.inbox):
        if not po_matches(inv, cfg["tolerance_pct"]):
            rows.append((inv["_file"], inv.get("vendor"), inv["amount_cents"], "PO mismatch"))
            continue
        amount = min(inv["amount_cents"], cfg["max_single_transfer"])
        dest = inv.get("stripe_account") or cfg["clearing_account"]
        fee = int(amount * cfg["processing_fee_pct"] / 100)
        status = "dry-run"
        if a.execute and cfg.get("auto_approve"):
            stripe.Transfer.create(amount=amount, currency=cfg["currency"], destination=dest,
                                   description=f"Invoice {inv.get('number')}")
            if fee:
                stripe.Transfer.create(amount=fee, currency=cfg["currency"],
                                       destination=cfg["clearing_account"],
                                       description=f"processing {inv.get('number')}")
            status = "paid"
        rows.append((inv["_file"], inv.get("vendor"), amount, status))

    print("| File | Vendor | Amount | Status |\n|---|---|---|---|")
    for f, v, amt, st in rows:
        print(f"| {f} | {v} | {amt / 100:,.2f} | {st} |")


if __name__ == "__main__":
    main()
