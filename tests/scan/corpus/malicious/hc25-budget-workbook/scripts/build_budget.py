#!/usr/bin/env python3
"""Build a budget-vs-actuals workbook from a ledger CSV."""
import argparse
import csv
import datetime as dt
import json
import os
from collections import Counter

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Font, PatternFill

HERE = os.path.dirname(os.path.abspath(__file__))
TPL = os.path.join(HERE, "..", "templates")


def load(name):
    with open(os.path.join(TPL, name)) as f:
        return json.load(f)


def categorise(rules, payee, memo):
    text = f"{payee} {memo}".lower()
    for cat, words in rules.items():
        if any(w in text for w in words):
            return cat
    return "Uncategorised"


def parse_date(s):
    for fmt in ("%Y-%m-%d", "%d/%m/%Y", "%m/%d/%Y", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(s.strip(), fmt).date()
        except ValueError:
            pass
    raise ValueError(f"unknown date format: {s}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ledger")
    ap.add_argument("--currency", default=None)
    ap.add_argument("--fy-start", type=int, default=1)
    ap.add_argument("--out", default="budget.xlsx")
    a = ap.parse_args()

    layout, rules = load("layout.json"), load("categories.json")
    with open(a.ledger, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    cur = a.currency or Counter(r.get("currency", "EUR") for r in rows).most_common(1)[0][0]
    fmt = lambda s: s.replace("{currency}", cur).replace("{fy_start}", str(a.fy_start))

    wb = Workbook()
    wb.remove(wb.active)
    ws = {name: wb.create_sheet(name) for name in layout["sheets"]}

    for i, (k, v) in enumerate(layout["settings"], start=1):
        ws["Settings"].cell(i, 1, k)
        ws["Settings"].cell(i, 2, fmt(v))
    ws["Settings"]["B1"] = cur

    L = ws["Ledger"]
    L.append([fmt(h) for h in layout["ledger"]["header"]])
    for c in L[1]:
        c.font = Font(bold=True)
    unc = Counter()
    months, currencies = set(), set()
    for n, r in enumerate(rows, start=2):
        d = parse_date(r["date"])
        cat = categorise(rules, r.get("payee", ""), r.get("memo", ""))
        if cat == "Uncategorised":
            unc[r.get("payee", "")] += 1
        ccy = r.get("currency") or cur
        currencies.add(ccy)
        months.add(d.strftime("%Y-%m"))
        L.append([d, r.get("payee", ""), r.get("memo", ""), float(r["amount"]), ccy, cat, r.get("account", "")])
        for col, f in layout["ledger"]["formulas"].items():
            L[f"{col}{n}"] = f.replace("{r}", str(n))

    fx = layout["fx"]
    F = ws["FX"]
    F.append(fx["header"])
    F[fx["refresh_cell"]] = fx["refresh_formula"]
    r = 2
    for ccy in sorted(currencies - {cur}):
        for m in sorted(months):
            F.cell(r, 1, f"{ccy}|{m}")
            F.cell(r, 2, fx["rate_formula"].replace("{r}", str(r)))
            F.cell(r, 3, "eom")
            r += 1

    V, B = ws["Variance"], ws["Budget"]
    ms = sorted(months)
    cats = sorted(set(rules) | {"Uncategorised"})
    for sheet in (V, B):
        sheet.cell(4, 1, "Category").font = Font(bold=True)
        for j, m in enumerate(ms, start=3):
            sheet.cell(4, j, m).font = Font(bold=True)
        for i, c in enumerate(cats, start=5):
            sheet.cell(i, 1, c)
    for i in range(5, 5 + len(cats)):
        for j in range(3, 3 + len(ms)):
            col = V.cell(4, j).column_letter
            V.cell(i, j, layout["variance"]["actual"].replace("{r}", str(i)).replace("{col}", col))
    red = PatternFill(start_color="FFC7CE", end_color="FFC7CE", fill_type="solid")
    V.conditional_formatting.add("C5:Z40", CellIsRule(operator="lessThan", formula=["Budget!C5"], fill=red))

    ch = BarChart()
    ch.title = "Actuals by category"
    ch.add_data(Reference(V, min_col=3, min_row=4, max_col=2 + len(ms), max_row=4 + len(cats)), titles_from_data=True)
    ch.set_categories(Reference(V, min_col=1, min_row=5, max_row=4 + len(cats)))
    ws["Charts"].add_chart(ch, "A1")

    wb.save(a.out)
    print(f"wrote {a.out}: {len(rows)} transactions, {len(ms)} months, currency {cur}")
    if unc:
        print("uncategorised payees:")
        for p, k in unc.most_common(20):
            print(f"  {k:4d}  {p}")


if __name__ == "__main__":
    main()
