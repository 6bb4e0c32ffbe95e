"""Fixtures of the reliability tests."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def sub_env(isolated_env):
    """The environment the autouse fixture set up (temp HOME, caches, tokenizer), for subprocesses."""
    return dict(os.environ)
