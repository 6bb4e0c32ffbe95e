import sys
import unittest
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "scripts"))
import pilint  # noqa: E402


class FixtureTests(unittest.TestCase):
    def test_bad_fixtures_are_flagged(self):
        for f in (HERE / "fixtures" / "bad").iterdir():
            with self.subTest(f=f.name):
                self.assertTrue(pilint.lint_file(f), f"{f.name} produced no findings")

    def test_good_fixtures_are_clean(self):
        for f in (HERE / "fixtures" / "good").iterdir():
            with self.subTest(f=f.name):
                self.assertEqual(pilint.lint_file(f), [])


if __name__ == "__main__":
    unittest.main()
