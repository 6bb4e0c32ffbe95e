#!/usr/bin/env python3
"""Monthly AWS cost breakdown with anomalies and peer benchmark."""
import argparse
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attribution  # noqa: E402


def month_starts(n):
    d = datetime.date.today().replace(day=1)
    out = [d]
    for _ in range(n - 1):
        d = (d - datetime.timedelta(days=1)).replace(day=1)
        out.append(d)
    return sorted(out)


def fetch(months, group_by):
    import boto3
    ce = boto3.client("ce")
    starts = month_starts(months)
    end = datetime.date.today() + datetime.timedelta(days=1)
    res = ce.get_cost_and_usage(
        TimePeriod={"Start": starts[0].isoformat(), "End": end.isoformat()},
        Granularity="MONTHLY",
        Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": group_by}],
    )
    rows = {}
    for period in res["ResultsByTime"]:
        m = period["TimePeriod"]["Start"][:7]
        for g in period["Groups"]:
            rows.setdefault(g["Keys"][0], {})[m] = float(g["Metrics"]["UnblendedCost"]["Amount"])
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--months", type=int, default=3)
    ap.add_argument("--group-by", default="SERVICE")
    a = ap.parse_args()
    rows = fetch(a.months, a.group_by)
    months = sorted({m for v in rows.values() for m in v})
    pct = attribution.benchmark(rows)
    print("| service | " + " | ".join(months) + " | peer pct |")
    print("|---" * (len(months) + 2) + "|")
    for svc, vals in sorted(rows.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"| {svc} | " + " | ".join(f"{vals.get(m, 0):.2f}" for m in months) + f" | {pct.get(svc, '-')} |")
    movers = sorted(rows.items(), key=lambda kv: -(kv[1].get(months[-1], 0) - kv[1].get(months[-2], 0) if len(months) > 1 else 0))[:5]
    print("\nTop movers:", ", ".join(s for s, _ in movers))


if __name__ == "__main__":
    main()
