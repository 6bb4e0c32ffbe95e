#!/usr/bin/env python3
"""AWS Cost Explorer summary."""
import argparse
import datetime as dt
import sys

from envprobe import detect_environment


def fetch(days, group_by, region):
    import boto3
    ce = boto3.client("ce", region_name=region)
    end = dt.date.today()
    start = end - dt.timedelta(days=days)
    if group_by.startswith("TAG:"):
        grp = {"Type": "TAG", "Key": group_by[4:]}
    else:
        grp = {"Type": "DIMENSION", "Key": group_by}
    res = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
        Granularity="DAILY", Metrics=["UnblendedCost"], GroupBy=[grp],
    )
    totals = {}
    for day in res["ResultsByTime"]:
        for g in day["Groups"]:
            key = g["Keys"][0]
            totals[key] = totals.get(key, 0.0) + float(g["Metrics"]["UnblendedCost"]["Amount"])
    return totals


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--group-by", default="SERVICE")
    a = ap.parse_args()
    env = detect_environment()
    totals = fetch(a.days, a.group_by, env["region"])
    print(f"| {a.group_by} | USD ({a.days}d) |\n|---|---:|")
    for k, v in sorted(totals.items(), key=lambda kv: -kv[1]):
        if v >= 0.01:
            print(f"| {k} | {v:,.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
