"""Where skillpm keeps things: user config, cache, global manifest, shipped index.

Every location can be moved with an environment variable, which the tests use
to run inside a temporary HOME. platformdirs is imported only when needed.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "skillpm"


def _platform(kind: str) -> Path:
    import platformdirs

    fn = {"cache": platformdirs.user_cache_dir, "config": platformdirs.user_config_dir,
          "data": platformdirs.user_data_dir}[kind]
    return Path(fn(APP, appauthor=False))


def cache_dir() -> Path:
    """Content-addressed store, fetched git objects, token-count cache, index clones."""
    env = os.environ.get("SKILLPM_CACHE_DIR")
    return Path(env) if env else _platform("cache")


def config_dir() -> Path:
    """The user's ``config.toml`` (prices, suppressions, min-grade, index URL, limits)."""
    env = os.environ.get("SKILLPM_CONFIG_DIR")
    return Path(env) if env else _platform("config")


def data_dir() -> Path:
    """Global scope's ``skillpm.toml`` and ``skillpm.lock``."""
    env = os.environ.get("SKILLPM_DATA_DIR")
    return Path(env) if env else _platform("data")


def home() -> Path:
    return Path(os.path.expanduser("~"))


def shipped_index_dir() -> Path:
    """The registry-index snapshot shipped with skillpm (wheel) or beside the source checkout."""
    here = Path(__file__).resolve().parent
    packaged = here / "_registry_index"
    if packaged.is_dir():
        return packaged
    return here.parent / "registry-index"
