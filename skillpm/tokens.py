"""Token counts and what a skill costs in an agent's context (DESIGN §2).

Counts use tiktoken's ``o200k_base`` with ``encode_ordinary`` semantics: text
such as ``<|endoftext|>`` inside a skill is plain text, never a special token.

Two caches under ``paths.cache_dir()/tokens/`` keep this fast:

* **counts** (``o200k_base-<source sha256 prefix>-v1/<0-f>.counts``): one line
  per text, ``<sha256 of the UTF-8 text> <count> <check>``, appended with
  ``O_APPEND`` to the shard named by the key's first hex digit (check = first
  8 hex digits of the sha256 of the rest of the line).
  Seeing the same bytes twice never loads the tokenizer again. Several
  processes may append at once: each batch is one ``write()`` and every line
  carries its own checksum, so a torn or garbled line is dropped (and the text
  recounted), never trusted. Why append-only lines and not sqlite3 or an atomic
  rewrite: see ``bench/token_cache.py`` and docs/tokens.md (measured there).
* **ranks** (``o200k_base-<source sha256>.ranks``): the tokenizer's merge ranks
  as ``marshal`` data, so a cold start skips reading and base64-parsing the
  3.6 MB source file. It is written only from a source file whose sha256
  matched ``SOURCE_SHA256`` and is named by that hash; its own sha256 header
  catches a damaged file, which is then rebuilt from the source.

The source file is found where tiktoken looks for it (``$TIKTOKEN_CACHE_DIR``,
else ``$DATA_GYM_CACHE_DIR``, else ``<tmp>/data-gym-cache``, file name
``sha1(<download URL>)``), and downloaded there through ``skillpm.http`` when missing.

This module imports nothing heavy at import time: tiktoken, the HTTP client and
the skill loader are imported by the functions that need them.
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from skillpm.errors import NetworkError, SkillpmError

if TYPE_CHECKING:  # pragma: no cover
    from skillpm.skill import Skill

ENCODING = "o200k_base"
SOURCE_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
SOURCE_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
MAX_SOURCE_BYTES = 64 * 1024 * 1024  # the file is 3.6 MB

# Printed under every cost report (DESIGN §2).
TOKENIZER_NOTE = ("token counts use tiktoken o200k_base: exact for GPT models; "
                  "Claude's tokenizer differs, so read them as estimates for Claude")

_RANKS_MAGIC = b"skillpm-ranks-v1\n"
_COUNTS_VERSION = "v1"


# --------------------------------------------------------------------------- tokenizer


def source_path() -> Path | None:
    """Where tiktoken keeps (or would keep) the o200k_base file; None if caching is disabled."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        folder = os.environ["TIKTOKEN_CACHE_DIR"]
    elif "DATA_GYM_CACHE_DIR" in os.environ:
        folder = os.environ["DATA_GYM_CACHE_DIR"]
    else:
        import tempfile

        folder = os.path.join(tempfile.gettempdir(), "data-gym-cache")
    if folder == "":
        return None  # tiktoken's convention: an empty value disables its cache
    return Path(folder) / hashlib.sha1(SOURCE_URL.encode()).hexdigest()


def _download_source() -> bytes:
    """The o200k_base file from its URL, through skillpm's one HTTP client (timeouts, retries, sha256)."""
    from skillpm import http

    try:
        return http.get(SOURCE_URL, max_bytes=MAX_SOURCE_BYTES, expected_sha256=SOURCE_SHA256,
                        what="downloading the tokenizer file").body
    except NetworkError as exc:  # a sha256 mismatch is an IntegrityError and passes through
        where = source_path()
        first = "run once without --offline" if http.is_offline() else "connect to the internet once"
        hint = (f"{first} so skillpm can download it, or copy the file "
                f"{SOURCE_URL.rsplit('/', 1)[1]} to {where} "
                "(set TIKTOKEN_CACHE_DIR to the folder that holds it, named as tiktoken names it)")
        raise NetworkError(f"the tokenizer file {ENCODING} is not on this machine and could not be downloaded "
                           f"({exc.message})", hint) from None


def read_source() -> bytes:
    """The verified bytes of the o200k_base file: from tiktoken's cache folder, else downloaded."""
    path = source_path()
    if path is not None:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = None
        except OSError as exc:
            raise SkillpmError(f"cannot read the tokenizer file {path}: {exc.strerror}",
                               "check its permissions, or point TIKTOKEN_CACHE_DIR at another folder") from None
        if data is not None:
            if hashlib.sha256(data).hexdigest() == SOURCE_SHA256:
                return data
            # Like tiktoken: a file that does not match is not trusted; fetch a good one.
    data = _download_source()  # sha256-checked by http.get: a mismatch is an IntegrityError
    if path is not None:
        from skillpm.fsutil import atomic_write_bytes

        try:
            atomic_write_bytes(path, data)
        except OSError:
            pass  # a read-only cache folder still lets this run count
    return data


def _parse_source(data: bytes) -> dict[bytes, int]:
    """tiktoken's ``load_tiktoken_bpe`` on bytes already read: ``base64(token) rank`` per line."""
    from binascii import a2b_base64

    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[a2b_base64(token)] = int(rank)
    return ranks


def _ranks_path() -> Path:
    from skillpm.paths import cache_dir

    return cache_dir() / "tokens" / f"{ENCODING}-{SOURCE_SHA256}.ranks"


def _dump_ranks(ranks: dict[bytes, int]) -> bytes:
    import marshal

    # Ranks of o200k_base are exactly 0..n-1, so the tokens in rank order say it all;
    # rebuilding the dict from that list is faster than unmarshalling a dict.
    ordered = sorted(ranks, key=ranks.__getitem__)
    if [ranks[t] for t in ordered] != list(range(len(ordered))):
        payload = marshal.dumps(ranks)
    else:
        payload = marshal.dumps(ordered)
    return _RANKS_MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def _load_ranks(blob: bytes) -> dict[bytes, int] | None:
    """Ranks from a ``.ranks`` file, or None if it is not one we wrote intact."""
    import marshal

    head = len(_RANKS_MAGIC)
    if not blob.startswith(_RANKS_MAGIC) or len(blob) < head + 65:
        return None
    digest, payload = blob[head:head + 64], blob[head + 65:]
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        return None
    try:
        value = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    if isinstance(value, list):
        return dict(zip(value, range(len(value))))
    return value if isinstance(value, dict) else None


def mergeable_ranks() -> dict[bytes, int]:
    """The o200k_base ranks: from the fast cache when it is there, else parsed and cached."""
    cache = _ranks_path()
    try:
        ranks = _load_ranks(cache.read_bytes())
    except OSError:
        ranks = None
    if ranks is not None:
        return ranks
    ranks = _parse_source(read_source())
    from skillpm.fsutil import atomic_write_bytes

    try:
        atomic_write_bytes(cache, _dump_ranks(ranks))
    except OSError:
        pass  # no cache folder: still correct, only slower next time
    return ranks


def on_this_machine() -> bool:
    """True when counting needs no download: the ranks cache or tiktoken's file is here.

    Commands that only report tokens beside something else (``scan``) count them when this
    holds and never fetch the tokenizer; ``add`` and ``cost`` fetch it when it is missing."""
    src = source_path()
    return _ranks_path().is_file() or (src is not None and src.is_file())


_ENCODER = None
_ENCODER_LOCK = threading.Lock()


def encoder():
    """The ``tiktoken.Encoding`` for o200k_base, built from the fast ranks (once per process)."""
    global _ENCODER
    with _ENCODER_LOCK:
        if _ENCODER is None:
            import tiktoken
            from tiktoken_ext.openai_public import ENDOFPROMPT, ENDOFTEXT

            # Pattern and specials as tiktoken_ext.openai_public.o200k_base defines them; that
            # function cannot be called without its slow load, so its pattern is copied from it.
            _ENCODER = tiktoken.Encoding(ENCODING, pat_str=O200K_PAT_STR, mergeable_ranks=mergeable_ranks(),
                                         special_tokens={ENDOFTEXT: 199999, ENDOFPROMPT: 200018})
        return _ENCODER


# From tiktoken_ext/openai_public.py (o200k_base), tiktoken 0.7–0.14. The test suite checks that
# this encoder gives the same tokens as tiktoken.get_encoding("o200k_base").
O200K_PAT_STR = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])


# --------------------------------------------------------------------------- count cache


def _text_key(text: str) -> str:
    # surrogatepass: a lone surrogate (possible in a str) still gets a stable key
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


RECORD_MAX = 64 + 1 + 20 + 1 + 8  # "<sha256 hex> <count> <check>"


def _check(body: bytes) -> bytes:
    # 32 bits of sha256: catches torn or garbled records; hashlib is loaded already (zlib is not)
    return hashlib.sha256(body).hexdigest()[:8].encode("ascii")


def _line(key: str, count: int) -> str:
    body = f"{key} {count}"
    return f"{body} {_check(body.encode('ascii')).decode('ascii')}\n"


def _parse_record(line: bytes) -> tuple[str, int] | None:
    """(key, count) of one record line without its newline, or None if the record is damaged."""
    parts = line.split(b" ")
    if len(parts) != 3 or len(parts[0]) != 64 or len(parts[2]) != 8 or not parts[1].isdigit():
        return None
    body = parts[0] + b" " + parts[1]
    if _check(body) != parts[2]:
        return None
    try:
        return parts[0].decode("ascii"), int(parts[1])
    except (UnicodeDecodeError, ValueError):
        return None


class CountCache:
    """Append-only ``sha256 → token count`` records in 16 shard files ``<folder>/<first hex digit>.counts``.

    Sharding keeps the file one lookup reads small (7,000 records: ~33 KB a shard), so
    a fresh process answers a known key in well under a millisecond without parsing
    anything; a process that asks for many keys (the index builder) parses every
    shard into a dict once. Damaged records are skipped and, when a shard is parsed
    whole, dropped by an atomic rewrite of that shard.
    """

    FIND_LIMIT = 256  # keys answered by find() before parsing every shard pays off

    def __init__(self, folder: Path):
        self.folder = folder
        self._counts: dict[str, int] | None = None  # every shard parsed, once lookups exceed FIND_LIMIT
        self._raw: dict[str, bytes] = {}  # shard name → bytes, for find()
        self._added: dict[str, int] = {}  # added by this process
        self._lookups = 0
        self._lock = threading.Lock()

    def shard(self, key: str) -> Path:
        return self.folder / f"{key[0]}.counts"

    def _shard_bytes(self, key: str) -> bytes:
        name = key[0]
        if name not in self._raw:
            try:
                self._raw[name] = self.shard(key).read_bytes()
            except OSError:
                self._raw[name] = b""
        return self._raw[name]

    def _find(self, key: str) -> int | None:
        data, needle = self._shard_bytes(key), key.encode("ascii")
        pos = data.find(needle)
        while pos >= 0:
            if pos == 0 or data[pos - 1] == 0x0A:
                end = data.find(b"\n", pos)
                record = _parse_record(data[pos:end if end >= 0 else len(data)])
                if record is not None and record[0] == key:
                    return record[1]
            pos = data.find(needle, pos + 1)
        return None

    def _parse(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for digit in "0123456789abcdef":
            path = self.folder / f"{digit}.counts"
            try:
                data = path.read_bytes()
            except OSError:
                continue
            good: dict[str, int] = {}
            bad = 0
            for line in data.split(b"\n"):
                if line:
                    record = _parse_record(line)
                    if record is None or record[0][0] != digit:
                        bad += 1
                    else:
                        good[record[0]] = record[1]
            if bad:
                self._rewrite(path, good)
            counts.update(good)
        return counts

    @staticmethod
    def _rewrite(path: Path, counts: dict[str, int]) -> None:
        """Replace a shard holding damaged records with its good ones.

        Racy against a concurrent append by design: this is a cache, and a record
        lost here only costs a recount.
        """
        from skillpm.fsutil import atomic_write_text

        try:
            atomic_write_text(path, "".join(_line(k, v) for k, v in counts.items()))
        except OSError:
            pass

    def get_many(self, keys: list[str]) -> list[int | None]:
        with self._lock:
            self._lookups += len(keys)
            if self._counts is None and self._lookups > self.FIND_LIMIT:
                self._counts = self._parse()
                self._raw.clear()
            found: list[int | None] = []
            for key in keys:
                count = self._added.get(key)
                if count is None:
                    count = self._counts.get(key) if self._counts is not None else self._find(key)
                found.append(count)
            return found

    def add_many(self, items: dict[str, int]) -> None:
        if not items:
            return
        with self._lock:
            self._added.update(items)
        by_shard: dict[str, list[str]] = {}
        for key, count in items.items():
            by_shard.setdefault(key[0], []).append(_line(key, count))
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return  # no cache folder: counts stay correct, only slower next time
        for digit, lines in by_shard.items():
            # The leading newline ends any torn record a crashed writer left, so ours stay readable.
            data = ("\n" + "".join(lines)).encode("ascii")
            try:
                fd = os.open(self.folder / f"{digit}.counts", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            except OSError:
                return
            try:
                # One write() per batch and shard: O_APPEND makes concurrent batches land whole on local
                # file systems; if one ever tears, its records fail their check and are recounted.
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            except OSError:
                pass
            finally:
                os.close(fd)


_CACHES: dict[str, CountCache] = {}


def count_cache() -> CountCache:
    from skillpm.paths import cache_dir

    folder = cache_dir() / "tokens" / f"{ENCODING}-{SOURCE_SHA256[:16]}-{_COUNTS_VERSION}"
    key = str(folder)
    if key not in _CACHES:  # one per location, so tests that move SKILLPM_CACHE_DIR get a fresh one
        _CACHES[key] = CountCache(folder)
    return _CACHES[key]


def count_texts(texts: list[str]) -> list[int]:
    """Token counts of ``texts``; the tokenizer is loaded only if some text was never counted before."""
    keys = [_text_key(t) for t in texts]
    cache = count_cache()
    found = cache.get_many(keys)
    missing: dict[str, str] = {}
    for key, text, count in zip(keys, texts, found):
        if count is None and key not in missing:
            missing[key] = text
    if missing:
        enc = encoder()
        # one text at a time: encode_ordinary_batch starts a pool of eight threads on every call,
        # which costs more than the few texts of one skill take to encode
        counted = [len(enc.encode_ordinary(t)) for t in missing.values()]
        new = dict(zip(missing, counted))
        cache.add_many(new)
        found = [new[k] if c is None else c for k, c in zip(keys, found)]
    return found  # type: ignore[return-value]


def count_tokens(text: str) -> int:
    """Token count of one text (o200k_base, special tokens counted as plain text)."""
    return count_texts([text])[0]


# --------------------------------------------------------------------------- skill cost

SCRIPT_DIRS = ("scripts/",)
SCRIPT_EXTENSIONS = frozenset({
    ".sh", ".bash", ".zsh", ".fish", ".ksh", ".ps1", ".psm1", ".bat", ".cmd",
    ".py", ".pyw", ".rb", ".pl", ".php", ".lua", ".tcl", ".r",
    ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts",
})


@dataclass
class ScriptInfo:
    path: str
    size: int  # bytes
    mode: str  # the mode skillpm installs it with: "0755" or "0644"
    executable: bool


@dataclass
class Cost:
    """What a skill adds to an agent's context, in o200k_base tokens (DESIGN §2)."""

    session: int  # every session: f"{name}: {description}"
    invoke: int  # once invoked: the whole SKILL.md, frontmatter included
    resources: int  # the other text files, read on demand
    scripts: list[ScriptInfo] = field(default_factory=list)
    resource_files: list[tuple[str, int]] = field(default_factory=list)
    binaries: list[tuple[str, int]] = field(default_factory=list)  # (path, size): not text, not counted

    def as_dict(self) -> dict:
        return {"session": self.session, "invoke": self.invoke, "resources": self.resources,
                "resource_files": [{"path": p, "tokens": t} for p, t in self.resource_files],
                "scripts": [{"path": s.path, "size": s.size, "mode": s.mode, "executable": s.executable}
                            for s in self.scripts],
                "binaries": [{"path": p, "size": n} for p, n in self.binaries]}


def is_script(path: str, data: bytes, executable: bool) -> bool:
    """A file an agent runs rather than reads.

    A file is a script when any of these holds: it is under ``scripts/`` (the folder the
    Agent Skills spec names for code), it starts with a ``#!`` shebang, it has an
    executable bit, or its extension is a scripting language's (``SCRIPT_EXTENSIONS``:
    shell, PowerShell, batch, Python, Ruby, Perl, PHP, Lua, Tcl, R, JavaScript, TypeScript).
    Scripts are listed with size and mode instead of being counted as resources.
    """
    if path.startswith(SCRIPT_DIRS) or data.startswith(b"#!") or executable:
        return True
    dot = path.rfind(".")
    return dot > path.rfind("/") and path[dot:].lower() in SCRIPT_EXTENSIONS


def _as_text(data: bytes) -> str | None:
    """The text of a file, or None for a binary (a NUL byte, or not UTF-8)."""
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def session_text(skill: Skill) -> str:
    return f"{skill.name}: {skill.description}"


def skill_cost(skill: Skill) -> Cost:
    """Count the three numbers of DESIGN §2 for ``skill`` (one tokenizer pass over every text it holds)."""
    tree = skill.tree
    scripts: list[ScriptInfo] = []
    binaries: list[tuple[str, int]] = []
    resource_paths: list[str] = []
    resource_texts: list[str] = []
    for path in sorted(tree.files, key=lambda p: p.encode("utf-8")):
        if path == skill.skill_md:
            continue
        data = tree.files[path]
        executable = path in tree.executables
        if is_script(path, data, executable):
            scripts.append(ScriptInfo(path, len(data), "0755" if executable else "0644", executable))
            continue
        text = _as_text(data)
        if text is None:
            binaries.append((path, len(data)))
        else:
            resource_paths.append(path)
            resource_texts.append(text)
    skill_md = tree.files[skill.skill_md].decode("utf-8", "replace")
    counts = count_texts([session_text(skill), skill_md, *resource_texts])
    files = list(zip(resource_paths, counts[2:]))
    return Cost(counts[0], counts[1], sum(counts[2:]), scripts, files, binaries)


# --------------------------------------------------------------------------- prices


def load_prices() -> dict[str, float]:
    """Model → USD per million input tokens: the shipped index's prices.toml, then the user's [prices]."""
    from skillpm.config import load_toml, user_config
    from skillpm.paths import config_dir, shipped_index_dir

    shipped = shipped_index_dir() / "prices.toml"
    prices: dict[str, float] = {}
    for table, where in ((load_toml(shipped, "price list").get("prices", {}), shipped),
                         (user_config().get("prices", {}), config_dir() / "config.toml")):
        if not isinstance(table, dict):
            raise SkillpmError(f"[prices] in {where} must be a table of model = USD per million tokens",
                               f'write it as: [prices]\n"Opus 5" = 5.0  (in {where})')
        for model, value in table.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise SkillpmError(f"price of {model!r} in {where} is {value!r}, not a number of USD per million tokens",
                                   f'write it as "{model}" = 5.0 in {where}')
            prices[str(model)] = float(value)
    return prices


def usd(tokens: int, per_million: float) -> str:
    """Money for ``tokens`` at ``per_million`` USD, with 5 decimals (126 at 5.0 → "0.00063")."""
    from decimal import ROUND_HALF_UP, Decimal

    value = Decimal(tokens) * Decimal(repr(per_million)) / Decimal(1_000_000)
    return str(value.quantize(Decimal("0.00001"), rounding=ROUND_HALF_UP))


def price_rows(tokens: int, prices: dict[str, float] | None = None) -> list[tuple[str, str]]:
    """(model, USD with 5 decimals) for ``tokens``, in the price list's order: ("Opus 5", "0.00063").

    No currency sign: renderers add "$", JSON keeps the plain decimal string.
    """
    prices = load_prices() if prices is None else prices
    return [(model, usd(tokens, per_million)) for model, per_million in prices.items()]
