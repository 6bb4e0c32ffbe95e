"""No catastrophic backtracking: a 1 MB hostile line is scanned in under a second (of this VM at its
usual speed: on a slower day the second is scaled by a calibration that runs no scanner code).

For every pattern rule, hostile lines are built from its own examples: each `catch` example
cut short (so the pattern starts matching and then fails), repeated to 1 MB on one line,
plus generic worst cases (one character repeated, keywords without separators).
"""

from __future__ import annotations

import os
import re
import time

import pytest

from skillpm.scan import finalize
from skillpm.scan.engine import scanner
from skillpm.scan.rules import load_rules

MB = 1024 * 1024
LIMIT = 1.0  # seconds of CPU per 1 MB line, on this VM at its usual speed (see _budget)

# This shared VM's speed drifts between days, not only between runs: the same code's every-rule line
# took 0.67 s in session 32 and 1.68-1.85 s on 2026-12-03 (best of five each; machine otherwise idle,
# 25% CPU steal). A slower machine must not fail the test, and a slower scanner must, so the limit is
# scaled by a fixed piece of work that uses no scanner code (_calibration). CALIBRATION_AT_LIMIT is
# that work's CPU time on the machine as it ran when the every-rule line took 0.67 s, derived on
# 2026-12-03 from three pairs measured together (calibration 82-94 ms, mean 88 ms, beside the
# every-rule line's mean 1.78 s): 0.088 * 0.67 / 1.78 = 0.033 s. The scale never goes below 1 (a
# faster machine keeps the plain 1 s) and never above MAX_SCALE, and a scaled pass also needs the
# cost to grow no faster than the input (GROWTH): catastrophic backtracking is slow on every machine.
CALIBRATION_AT_LIMIT = 0.033
MAX_SCALE = 3.0
GROWTH = 6.0  # most a 1 MB line may cost against a quarter of it (linear: 4; quadratic: 16)

_CAL_TEXT = " ".join(f"word{i % 997} and the {i % 13} path/to/file{i % 101}.md" for i in range(25_000))
_CAL_RX = re.compile(r"\b(?:word1\d\d|the \d|file[0-9]+\.md)\b")


def _calibration() -> float:
    """CPU seconds for a fixed mix of what the scanner does (a regex over 0.9 MB, str.find in a loop,
    a dict and a set built), with no scanner code: the machine's speed right now, best of seven."""
    best = float("inf")
    for _ in range(7):
        t0 = time.process_time()
        low = _CAL_TEXT.lower()
        seen: dict[int, int] = {}
        for m in _CAL_RX.finditer(low):
            seen[m.start() // 64] = seen.get(m.start() // 64, 0) + 1
        i = low.find("word5")
        while i >= 0:
            i = low.find("word5", i + 1)
        set(low.split())
        best = min(best, time.process_time() - t0)
    return best


def _budget() -> tuple[float, float]:
    """(the limit for a 1 MB line on this machine now, the calibration it was scaled by)."""
    cal = _calibration()
    return LIMIT * min(MAX_SCALE, max(1.0, cal / CALIBRATION_AT_LIMIT)), cal


def _scan_uncached(name: str, data: bytes) -> None:
    """What scan_tree does for a file, minus its result cache (a second run must scan again)."""
    finalize(scanner().scan_file(name, data, False, ""))


def _hostile_lines(rule):
    seeds = []
    for ex in rule.catch:
        text = ex if isinstance(ex, str) else ex["text"]
        text = text.replace("\n", " ")
        for cut in (len(text) // 2, max(1, len(text) - 3)):
            seeds.append(text[:cut])
    for kw in rule.keywords[:6]:
        seeds.append(kw)
        seeds.append(kw + " ")
    return [(s or "x") for s in seeds][:8]


def _scan_line(line: str, runs: int = 5, size: int = MB) -> float:
    """CPU seconds to scan a ``size``-byte line made of ``line`` repeated, as prose and as a script (the
    worse; each the best of ``runs``: CPU time on a shared machine varies by a third between runs)."""
    body = (line * (size // max(1, len(line)) + 1))[:size].encode("utf-8", "replace")
    worst = 0.0
    for name, data in (("SKILL.md", b"---\nname: x\ndescription: y\n---\n" + body), ("scripts/x.sh", body)):
        best = float("inf")
        scanner()  # rules compiled outside the timing
        for _ in range(runs):
            t0 = time.process_time()
            _scan_uncached(name, data)
            best = min(best, time.process_time() - t0)
        worst = max(worst, best)
    return worst


def _assert_fast_enough(line: str, what: str, tries: int = 3) -> None:
    """A 1 MB line of ``line`` takes under LIMIT, or under the limit scaled to this machine's speed now
    (_budget) while growing linearly from a quarter of it. Up to ``tries`` measurements, spaced out:
    a stretch of noise on a shared VM can slow all five runs of one measurement by a third."""
    seen = []
    for attempt in range(tries):
        took = _scan_line(line)
        if took < LIMIT:
            return
        budget, cal = _budget()
        growth = took / max(_scan_line(line, size=MB // 4), 1e-3)
        seen.append(f"{took:.2f} s (limit here {budget:.2f} s: calibration {cal * 1000:.0f} ms; "
                    f"1 MB / quarter-MB cost {growth:.1f}x)")
        if took < budget and growth < GROWTH:
            return
        if attempt + 1 < tries:
            time.sleep(3)
    pytest.fail(f"{what}: a 1 MB line took " + "; ".join(seen))


@pytest.mark.skipif(int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1,
                    reason="timed alone: the README's test command runs tests/scan/test_redos.py again after the parallel suite")
def test_one_hostile_line_from_every_rule():
    """All rules' hostile seeds interleaved on one 1 MB line: every pattern meets its own near-misses."""
    seeds = [s for r in load_rules().rules if r.patterns for s in _hostile_lines(r)]
    line = " ".join(seeds) + " "
    _assert_fast_enough(line, "every rule's near-misses")


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SKILLPM_SLOW"), reason="the per-rule sweep runs with SKILLPM_SLOW=1")
@pytest.mark.parametrize("rule", [r for r in load_rules().rules if r.patterns], ids=lambda r: r.id)
def test_hostile_lines_per_rule(rule):
    for line in _hostile_lines(rule)[:3]:
        _assert_fast_enough(line, f"{rule.id} ({line[:40]!r})")


@pytest.mark.parametrize("line", ["a", " ", "'", "\\", "A1+/", "<!--", "\u200b", "\U000e0041", "rm -rf ", "curl ",
                                  "| ", "| a of ", "| a `b | c ", "ignore previous ", "aGVsbG8g",
                                  "1gn0r3 pr3v10us ", "s3nd ", "a1"])
def test_generic_hostile_lines(line):
    _assert_fast_enough(line, repr(line))


def test_many_blank_lines_and_unclosed_comment():
    for body in ("\n" * MB, "<!--" + "x" * MB, "```\n" * (MB // 4), "---\n" + "a: b\n" * (MB // 5)):
        t0 = time.process_time()
        _scan_uncached("SKILL.md", body.encode())
        took = time.process_time() - t0
        if took >= 2 * LIMIT:
            budget, cal = _budget()
            assert took < 2 * budget, f"{body[:8]!r}…: {took:.2f} s (limit here {2 * budget:.2f} s, calibration {cal * 1000:.0f} ms)"
