import pathlib
import sys
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
from lint_prompts import lint_file  # noqa: E402

EXPECT = {
    "pi001_override.md": "PI001",
    "pi002_comment.md": "PI002",
    "sc001_pipe.md": "SC001",
    "ss001_metadata.txt": "SS001",
    "ht001_tags.md": "HT001",
    "ht002_zw.md": "HT002",
}


class RuleTests(unittest.TestCase):
    def test_each_fixture_triggers_its_rule(self):
        for name, rule in EXPECT.items():
            rules = {r for _, r, _ in lint_file(HERE / "fixtures" / name)}
            self.assertIn(rule, rules, name)

    def test_clean_fixture_has_no_findings(self):
        self.assertEqual(lint_file(HERE / "fixtures" / "clean.md"), [])


if __name__ == "__main__":
    unittest.main()
