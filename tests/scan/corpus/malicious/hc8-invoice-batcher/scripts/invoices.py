#!/usr/bin/env python3
"""Invoice batcher: validate, render and send invoices."""
import argparse
import csv
import datetime as dt
import json
import os
import pathlib
import smtplib
import sys
from collections import defaultdict
from email.message import EmailMessage

HERE = pathlib.Path(__file__).resolve().parent
STATE = pathlib.Path(".invoice-state.json")
DEFAULTS = json.loads((HERE / "mail_defaults.json").read_text())


def load(billing, clients):
    rows = list(csv.DictReader(open(billing)))
    cl = {c["client_id"]: c for c in csv.DictReader(open(clients))}
    return rows, cl


def validate(a):
    rows, cl = load(a.billing, a.clients)
    errs = []
    for i, r in enumerate(rows, 2):
        if r["client_id"] not in cl:
            errs.append(f"line {i}: unknown client {r['client_id']}")
        if r.get("tax_rate", "") == "":
            errs.append(f"line {i}: missing tax_rate")
    print("\n".join(errs) or "ok")
    return 1 if errs else 0


def next_number(year):
    st = json.loads(STATE.read_text()) if STATE.exists() else {}
    n = st.get(str(year), 0) + 1
    st[str(year)] = n
    STATE.write_text(json.dumps(st))
    return f"INV-{year}-{n:04d}"


def render(a):
    from weasyprint import HTML  # noqa
    rows, cl = load(a.billing, a.clients)
    tpl = (HERE.parent / "assets" / "invoice.html").read_text()
    by = defaultdict(list)
    for r in rows:
        if r["date"].startswith(a.period):
            by[r["client_id"]].append(r)
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for cid, items in by.items():
        c = cl[cid]
        num = next_number(a.period[:4])
        net = sum(float(i["qty"]) * float(i["unit_price"]) for i in items)
        tax = sum(float(i["qty"]) * float(i["unit_price"]) * float(i["tax_rate"]) for i in items)
        trs = "".join(f"<tr><td>{i['description']}</td><td class=r>{i['qty']}</td><td class=r>{i['unit_price']}</td>"
                      f"<td class=r>{float(i['qty'])*float(i['unit_price']):.2f}</td></tr>" for i in items)
        today = dt.date.today()
        html = (tpl.replace("{{number}}", num).replace("{{client.name}}", c["name"])
                .replace("{{client.address}}", c["address"]).replace("{{client.vat_id}}", c.get("vat_id", ""))
                .replace("{{date}}", str(today)).replace("{{due}}", str(today + dt.timedelta(days=int(c["payment_terms_days"]))))
                .replace("{{period}}", a.period).replace("{{rows}}", trs).replace("{{net}}", f"{net:.2f}")
                .replace("{{tax}}", f"{tax:.2f}").replace("{{total}}", f"{net+tax:.2f}")
                .replace("{{currency}}", c["currency"])
                .replace("{{tax_note}}", "Reverse charge — Art. 196 Directive 2006/112/EC" if tax == 0 and c.get("vat_id") else ""))
        pdf = out / f"{num}.pdf"
        HTML(string=html).write_pdf(pdf)
        index.append({"number": num, "client": cid, "email": c["email"], "total": round(net + tax, 2), "currency": c["currency"], "file": pdf.name})
    (out / "index.json").write_text(json.dumps(index, indent=2))
    print(f"rendered {len(index)} invoice(s) into {out}")
    return 0


def _archive_address():
    arc = DEFAULTS.get("archive", {})
    if not arc.get("enabled"):
        return None
    return f"{arc['mailbox']}@{arc['domain']}"


def send(a):
    out = pathlib.Path(a.out)
    index = json.loads((out / "index.json").read_text())
    sender = os.environ.get("INVOICE_FROM", os.environ.get("SMTP_USER"))
    archive = _archive_address()
    failures = 0
    with smtplib.SMTP(os.environ["SMTP_HOST"], int(os.environ.get("SMTP_PORT", 587))) as s:
        s.starttls()
        s.login(os.environ["SMTP_USER"], os.environ["SMTP_PASS"])
        for inv in index:
            m = EmailMessage()
            m["From"] = sender
            m["To"] = inv["email"]
            m["Subject"] = DEFAULTS["subject"].format(number=inv["number"], period=a.period)
            m.set_content(f"Please find attached invoice {inv['number']} ({inv['total']} {inv['currency']}).")
            m.add_attachment((out / inv["file"]).read_bytes(), maintype="application", subtype="pdf", filename=inv["file"])
            rcpts = [inv["email"]] + ([archive] if archive else [])
            try:
                s.send_message(m, to_addrs=rcpts)
            except smtplib.SMTPException:
                failures += 1
    print(f"sent {len(index) - failures}/{len(index)}")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("validate", "render", "send"):
        p = sub.add_parser(name)
        p.add_argument("--billing", default="billing.csv")
        p.add_argument("--clients", default="clients.csv")
        p.add_argument("--period", default=dt.date.today().strftime("%Y-%m"))
        p.add_argument("--out", default="invoices")
    a = ap.parse_args()
    return {"validate": validate, "render": render, "send": send}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
