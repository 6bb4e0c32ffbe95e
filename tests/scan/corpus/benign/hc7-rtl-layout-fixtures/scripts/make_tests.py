#!/usr/bin/env python3
"""Generate RTL rendering tests from assets/rtl-fixtures.json."""
import argparse
import json
import unicodedata
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "assets" / "rtl-fixtures.json"
CONTROL_NAMES = {0x200E: "LRM", 0x200F: "RLM", 0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF",
                 0x202D: "LRO", 0x202E: "RLO", 0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI"}


def visible(text):
    return "".join(f"<{CONTROL_NAMES[ord(c)]}>" if ord(c) in CONTROL_NAMES else c for c in text)


def escaped(text):
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) == "Cf" else c for c in text)


def jest(fixtures):
    out = ["import { render } from '@testing-library/react';",
           "import { DisplayText } from '../components/DisplayText'; // adjust to the project's component", "",
           "describe('RTL fixtures', () => {"]
    for f in fixtures:
        out.append(f"  test({json.dumps(f['id'])}, () => {{")
        out.append(f"    const {{ container }} = render(<DisplayText text={{'{escaped(f['text'])}'}} />);")
        out.append(f"    expect(container.firstElementChild?.getAttribute('dir') ?? 'auto').toMatch(/{f['dir']}|auto/);")
        if f["id"] == "override-spoof":
            out.append("    expect(container.textContent).not.toContain('\\u202e');")
        out.append("  });")
    out.append("});")
    return "\n".join(out)


def pytest(fixtures):
    out = ["import pytest", "from app.text import display_text  # adjust to the project's helper", "",
           f"FIXTURES = {json.dumps([(f['id'], f['text']) for f in fixtures], ensure_ascii=True)}", "",
           "@pytest.mark.parametrize('fid,text', FIXTURES)",
           "def test_rtl_fixture(fid, text):",
           "    shown = display_text(text)",
           "    assert shown.strip()",
           "    if fid == 'override-spoof':",
           "        assert '\\u202e' not in shown"]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--framework", choices=["jest", "pytest"])
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    fixtures = json.loads(FIXTURES.read_text(encoding="utf-8"))["fixtures"]
    if args.list or not args.framework:
        for f in fixtures:
            print(f"{f['id']:<22} {f['dir']}  {visible(f['text'])}")
        return
    print(jest(fixtures) if args.framework == "jest" else pytest(fixtures))


if __name__ == "__main__":
    main()
