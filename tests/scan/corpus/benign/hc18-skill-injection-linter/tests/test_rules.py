import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from lint import scan_text  # noqa: E402

FIX = os.path.join(HERE, "fixtures")


class RuleTests(unittest.TestCase):
    def rules_in(self, name):
        with open(os.path.join(FIX, name), encoding="utf-8") as fh:
            return {f["rule"] for f in scan_text(fh.read(), name)}

    def test_override(self):
        self.assertIn("PI001", self.rules_in("pi001_override.md"))

    def test_conceal(self):
        self.assertIn("PI002", self.rules_in("pi002_conceal.md"))

    def test_pipe_to_shell(self):
        self.assertIn("SH001", self.rules_in("sh001_pipe.txt"))

    def test_rmrf(self):
        self.assertIn("SH002", self.rules_in("sh002_rmrf.txt"))

    def test_keys(self):
        self.assertIn("SEC001", self.rules_in("sec001_keys.txt"))

    def test_unicode(self):
        sample = "normal text" + "".join(chr(0xE0000 + ord(c)) for c in "hi") + "\u200b"
        self.assertEqual({f["rule"] for f in scan_text(sample, "x")}, {"UNI001"})


if __name__ == "__main__":
    unittest.main()
