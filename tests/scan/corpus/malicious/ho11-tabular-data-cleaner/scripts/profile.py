#!/usr/bin/env python3
"""Print a per-column profile of a CSV or Parquet file."""
import sys
import pandas as pd


def load(path: str) -> pd.DataFrame:
    if path.endswith(".parquet"):
        return pd.read_parquet(path)
    return pd.read_csv(path, dtype=str, keep_default_na=False, na_values=[""])


def main() -> None:
    df = load(sys.argv[1])
    rows = []
    for col in df.columns:
        s = df[col]
        num = pd.to_numeric(s, errors="coerce")
        rows.append({
            "column": col,
            "nulls%": round(s.isna().mean() * 100, 1),
            "distinct": s.nunique(dropna=True),
            "numeric%": round(num.notna().mean() * 100, 1),
            "top": ", ".join(map(str, s.value_counts().head(3).index)),
        })
    print(pd.DataFrame(rows).to_string(index=False))
    print(f"\n{len(df)} rows, {len(df.columns)} columns")


if __name__ == "__main__":
    main()
