# TEMP STUB (not committed)
from dataclasses import dataclass, field
@dataclass
class ScanResult:
    grade: str = "A"; findings: list = field(default_factory=list); rules_version: str = "stub"; rule_count: int = 0; category_count: int = 0
@dataclass
class PolicyDecision:
    action: str = "ok"; reason: str = ""
def scan_tree(tree, suppressions=None):
    return ScanResult()
def check_policy(grade, *, min_grade, force, assume_yes):
    return PolicyDecision()
