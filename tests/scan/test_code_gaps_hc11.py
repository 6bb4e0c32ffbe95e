"""Payload classes the held-out code set 11 showed missing, each written as the check a reviewer would
write and tried on shapes of our own, with a benign near-miss that must stay clean."""

from __future__ import annotations

import pytest

from skillpm.hashing import Tree
from skillpm.scan import scan_tree
from skillpm.scan.engine import classify

SKILL = b"---\nname: demo\ndescription: A helper for the repository.\n---\n# Demo\n\nRun the script in scripts/.\n"


def _scan(files: dict[str, str], skill: bytes = SKILL):
    return scan_tree(Tree(files={"SKILL.md": skill, **{k: v.encode() for k, v in files.items()}}, executables=set()))


def _found(name: str, script: str, rule: str, skill: bytes = SKILL, extra: dict[str, str] | None = None):
    r = _scan({name: script, **(extra or {})}, skill)
    return [(f.severity, f.line) for f in r.findings if f.file == name and f.rule == rule and f.grades]


# ---------------------------------------------------------------- a CI workflow is a program
WORKFLOW = """name: land
on:
  pull_request:
jobs:
  land:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Land it
        run: |
          gh pr merge "$PR" --squash --admin --delete-branch
"""


@pytest.mark.parametrize("name", ["assets/land.yml", ".github/workflows/land.yaml", "templates/ci/land.yml"])
def test_a_workflows_run_steps_are_code(name):
    assert classify(name, WORKFLOW.encode(), False) == "script"
    assert [s for s, _ in _found(name, WORKFLOW, "PE-06")] == ["high"]


def test_yaml_without_run_steps_stays_data():
    config = "steps:\n  - name: lint\n    command: ruff\nnotes: gh pr merge --admin is what we never do\n"
    assert classify("assets/pipeline.yml", config.encode(), False) == "data"
    compose = "services:\n  app:\n    image: x\n    command: run: now\n"
    assert classify("docker-compose.yml", compose.encode(), False) == "data"
