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
