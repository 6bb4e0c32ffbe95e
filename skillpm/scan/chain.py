"""Two counted actions of one document that make one harm: private material read, then sent out.

Each rule weighs its own sentence. Reading a credential store or the user's assistant memory is
medium on its own (an SSH helper reads ``~/.ssh``); sending files to an outside address is medium
on its own (a sync skill uploads). A document that orders both has a goal neither sentence says:
what one step reads, another step sends. So when a document holds a counted finding that reads
private material (secrets, agent-snooping) and a counted medium finding that sends something out
(exfiltration), the sending one is high, and its note names the line that read. Only counted,
unsuppressed findings take part (after the location lowering, the caps and the user's
suppressions), so a document about attacks, whose findings are lowered, is not chained; the
grading of DESIGN §7 is unchanged, only the severity of the step that completes the chain.
"""

from __future__ import annotations

from skillpm.scan.result import Finding

READS = frozenset({"secrets", "agent-snooping"})
SENDS = frozenset({"exfiltration"})


def read_then_send(findings: list[Finding]) -> list[Finding]:
    """``findings`` (finalized) with each counted medium exfiltration finding raised to high when a
    counted secrets or agent-snooping finding stands in the same file."""
    reads: dict[str, Finding] = {}
    for f in findings:
        if f.category in READS and f.grades and f.file not in reads:
            reads[f.file] = f
    if not reads:
        return findings
    for f in findings:
        r = reads.get(f.file)
        if r is not None and f.category in SENDS and f.severity == "medium" and f.grades:
            f.severity = "high"
            f.note = (f.note + "; " if f.note else "") + \
                f"high: line {r.line} reads what this sends ({r.rule}, {r.category})"
    return findings
