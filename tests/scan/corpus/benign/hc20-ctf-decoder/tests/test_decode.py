import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "scripts"))
from decode import peel  # noqa: E402


def test_base64():
    assert peel("SGVsbG8sIENURiE=") == "Hello, CTF!"


def test_hex_then_base64():
    lines = (pathlib.Path(__file__).parent / "samples.txt").read_text().splitlines()
    blob = lines[2].split(" -> ")[0]
    assert peel(blob) == "flag{not_a_real_flag_42}"


def test_rot13_explicit():
    assert peel("Uryyb jbeyq", steps=["rot13"]) == "Hello world"
