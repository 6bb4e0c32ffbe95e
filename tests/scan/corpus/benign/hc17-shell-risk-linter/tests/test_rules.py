import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
import shrisk  # noqa: E402


class RuleTests(unittest.TestCase):
    def rules(self, name):
        return {f[2] for f in shrisk.scan(HERE / "fixtures" / name)}

    def test_bad_fixture_triggers_rules(self):
        self.assertTrue({"pipe-to-shell", "base64-exec", "eval-var", "rm-unset-var",
                         "chmod-777", "aws-key", "tls-off"} <= self.rules("bad_install.sh"))

    def test_good_fixture_is_clean(self):
        self.assertEqual(self.rules("good_install.sh"), set())

    def test_private_key(self):
        self.assertIn("private-key", self.rules("leaked_key.txt"))


if __name__ == "__main__":
    unittest.main()
