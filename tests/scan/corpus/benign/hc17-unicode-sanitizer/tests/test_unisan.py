import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
import unisan  # noqa: E402


def kinds(name):
    return [k for _, _, k, _ in unisan.scan_text((HERE / "fixtures" / name).read_text(encoding="utf-8"))]


class T(unittest.TestCase):
    def test_tag_run_decoded(self):
        res = list(unisan.scan_text((HERE / "fixtures" / "tag_run.md").read_text(encoding="utf-8")))
        self.assertIn("decoded: hello from the test suite", [r[3] for r in res])

    def test_zero_width(self):
        self.assertEqual(kinds("zero_width.txt").count("zero-width"), 4)

    def test_bidi(self):
        self.assertIn("bidi", kinds("bidi.txt"))


if __name__ == "__main__":
    unittest.main()
