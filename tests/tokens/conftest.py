"""Fixtures for token counting: tiktoken's own encoder (the reference) and a varied corpus."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def reference_encoding(tiktoken_dir):
    """tiktoken's own o200k_base, loaded the normal way from the seeded TIKTOKEN_CACHE_DIR."""
    import os

    import tiktoken

    old = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(tiktoken_dir)
    try:
        return tiktoken.get_encoding("o200k_base")
    finally:
        if old is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    """Varied text for comparing skillpm's encoder with tiktoken's own: unicode, code, emoji, whitespace."""
    return CORPUS


CORPUS = [
    "",
    "hello world",
    "rl-post-training: Post-train language models with reinforcement learning.",
    "<|endoftext|> and <|endofprompt|> are plain text inside a skill",
    "Ünïcödé naïve café — “quotes” ‘single’ … ß ẞ ﬁ ligature",
    "日本語のテキストと中文文本，한국어 텍스트도 있습니다。",
    "Русский текст и ελληνικά και العربية و עברית",
    "emoji: 👩‍👩‍👧‍👦 🏳️‍🌈 🇫🇷 👍🏽 ❤️ 🤖🧠✨",
    "def f(x: int) -> int:\n    return x ** 2  # square\n\n\nclass A:\n\tpass\n",
    "#!/usr/bin/env bash\nset -euo pipefail\nfor f in *.md; do echo \"$f\"; done\n",
    '{"key": [1, 2, 3], "nested": {"a": null, "b": true}}',
    "   leading spaces\r\n\r\nwindows lines\r\n\ttabs\t\tand   runs    ",
    "numbers 1234567890 3.14159 1e-10 0xDEADBEEF 1,000,000",
    "I'm you're they've we'll she'd IT'S DON'T",
    "a" * 5000,
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕞𝕒𝕥𝕙 ∀x∈ℝ: x² ≥ 0 ⇒ √x",
    "mixed\u200bzero\u200dwidth\ufeffBOM and combining e\u0301 a\u0308",
]
