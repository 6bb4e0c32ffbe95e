"""The user's own configuration: ``<config_dir>/config.toml``.

Only the user writes it; nothing from a skill or an index is read as config.
Keys: ``index`` (URL), ``min-grade``, ``[prices]`` (model → USD per million
input tokens), ``[[suppress]]`` (rule, path, reason), ``[limits]``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.paths import config_dir


_parsed: dict[tuple[str, bytes], bytes] = {}


def load_toml(path: Path, what: str) -> dict:
    """Parse a TOML file; a syntax error names the file and line.

    One command reads the lock and manifest several times (before and after taking the
    project lock); the same bytes are parsed once per process (a 100-skill lock takes
    ~25-50 ms in tomllib). Callers get their own copy, so mutating it is safe."""
    import marshal

    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return {}
    key = (str(path), data)
    if key in _parsed:
        return marshal.loads(_parsed[key])
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise SkillpmError(f"{what} {path} is not UTF-8", f"fix or delete {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SkillpmError(f"{what} {path} is not valid TOML: {exc}", f"fix the line it names in {path}") from None
    try:
        if len(_parsed) >= 32:  # a CLI run reads a handful of files; keep long test runs bounded
            del _parsed[next(iter(_parsed))]
        _parsed[key] = marshal.dumps(doc)
    except ValueError:  # dates and times are not marshallable: such a file is simply parsed again
        pass
    return doc


@lru_cache(maxsize=1)
def _cached(path: str) -> dict:
    return load_toml(Path(path), "config file")


def user_config() -> dict:
    return _cached(str(config_dir() / "config.toml"))


def limits() -> dict:
    """Caps on skill size (see hashing.DEFAULT_LIMITS), overridable under ``[limits]``."""
    from skillpm.hashing import DEFAULT_LIMITS

    merged = dict(DEFAULT_LIMITS)
    for key, value in user_config().get("limits", {}).items():
        k = key.replace("-", "_")
        if k in merged and isinstance(value, int) and value > 0:
            merged[k] = value
    return merged
