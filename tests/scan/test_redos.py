"""No catastrophic backtracking: a 1 MB hostile line is scanned in under a second.

For every pattern rule, hostile lines are built from its own examples: each `catch` example
cut short (so the pattern starts matching and then fails), repeated to 1 MB on one line,
plus generic worst cases (one character repeated, keywords without separators).
"""

from __future__ import annotations

import os
import time

import pytest

from skillpm.scan import finalize
from skillpm.scan.engine import scanner
from skillpm.scan.rules import load_rules

MB = 1024 * 1024
LIMIT = 1.0  # seconds of CPU per 1 MB line (best of two runs, to keep other processes' noise out)


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


def _scan_line(line: str, runs: int = 5) -> float:
    """CPU seconds to scan a 1 MB line made of ``line`` repeated, as prose and as a script (the worse;
    each the best of ``runs``: CPU time on a shared machine varies by a third between runs)."""
    body = (line * (MB // max(1, len(line)) + 1))[:MB].encode("utf-8", "replace")
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


@pytest.mark.skipif(int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1,
                    reason="timed alone: the README's test command runs tests/scan/test_redos.py again after the parallel suite")
def test_one_hostile_line_from_every_rule():
    """All rules' hostile seeds interleaved on one 1 MB line: every pattern meets its own near-misses."""
    seeds = [s for r in load_rules().rules if r.patterns for s in _hostile_lines(r)]
    line = " ".join(seeds) + " "
    # The suite runs on two workers of a shared VM: a stretch of noise can slow all five runs of
    # one measurement by a third (measured 0.70-1.04 s for the same code; 0.80 s alone and
    # 1.12-1.22 s beside the other worker for the same line). Catastrophic backtracking is not
    # noise: it is slow in every measurement, so one of five, spaced out, under the limit passes.
    took = []
    for _ in range(5):
        took.append(_scan_line(line))
        if took[-1] < LIMIT:
            break
        time.sleep(3)
    assert min(took) < LIMIT, f"a 1 MB line of near-misses took {', '.join(f'{t:.2f}' for t in took)}s"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SKILLPM_SLOW"), reason="the per-rule sweep runs with SKILLPM_SLOW=1")
@pytest.mark.parametrize("rule", [r for r in load_rules().rules if r.patterns], ids=lambda r: r.id)
def test_hostile_lines_per_rule(rule):
    worst = max(_scan_line(line) for line in _hostile_lines(rule)[:3])
    assert worst < LIMIT, f"{rule.id}: a 1 MB hostile line took {worst:.2f}s"


@pytest.mark.parametrize("line", ["a", " ", "'", "\\", "A1+/", "<!--", "\u200b", "\U000e0041", "rm -rf ", "curl ",
                                  "| ", "| a of ", "| a `b | c ", "ignore previous ", "aGVsbG8g",
                                  "1gn0r3 pr3v10us ", "s3nd ", "a1"])
def test_generic_hostile_lines(line):
    assert _scan_line(line) < LIMIT


def test_many_blank_lines_and_unclosed_comment():
    for body in ("\n" * MB, "<!--" + "x" * MB, "```\n" * (MB // 4), "---\n" + "a: b\n" * (MB // 5)):
        t0 = time.process_time()
        _scan_uncached("SKILL.md", body.encode())
        assert time.process_time() - t0 < 2 * LIMIT
