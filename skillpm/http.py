"""The one HTTP client of skillpm: one connection pool, bounded retries, verified bodies.

Everything that talks HTTP (the sparse index mirror, archive downloads) goes
through here, so timeouts, retries, size caps, hash checks and ``--offline``
are decided in one place:

- ``client()`` — the shared ``httpx.Client`` (HTTP/1.1 keep-alive, pool limits).
- ``get(url, max_bytes=…)`` — one body in memory, optionally checked against a sha256.
- ``stream(url, consume, max_bytes=…)`` — hand the body to ``consume`` as a file
  object while it arrives (used to unpack archives without buffering them);
  ``stream_to(url, path, …)`` writes a file atomically.
- ``fetch_many(urls, …)`` — many bodies in parallel through the one pool, in order.
- ``cached_get(url, cache_path, …)`` — ETag / If-None-Match revalidation with an
  on-disk copy (also what ``--offline`` falls back to); ``cached_fetch_many``
  revalidates many such entries in parallel (the sparse-index refresh).

Retries: connection errors and resets, timeouts, truncated bodies, 408, 429,
500, 502, 503 and 504 are tried again with exponential backoff and jitter; a
``Retry-After`` (seconds or HTTP date) is honoured up to a cap. Every call has
connect and read timeouts and the whole call is bounded by a total time. The
last failure becomes a ``NetworkError`` (exit 3); a body whose sha256 differs
from the expected one is an ``IntegrityError`` (exit 4) and is never kept.

Defaults are the constants below; the user's config can override them under
``[network]`` (``retries``, ``connect-timeout``, ``read-timeout``,
``total-timeout``, ``backoff``, ``backoff-max``, ``retry-after-max``,
``max-connections``). httpx is imported only inside functions.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from skillpm.errors import IntegrityError, NetworkError, SkillpmError

# Defaults (overridable under [network] in the user's config; tests shrink them).
RETRIES = 4  # tries after the first one
CONNECT_TIMEOUT = 10.0  # seconds to open a connection
READ_TIMEOUT = 30.0  # seconds without a single byte arriving
TOTAL_TIMEOUT = 300.0  # seconds for one call, all tries and waits included
BACKOFF = 0.5  # first wait between tries; doubles each time, with jitter
BACKOFF_MAX = 8.0  # longest wait between tries
RETRY_AFTER_MAX = 60.0  # longest Retry-After honoured
MAX_CONNECTIONS = 16  # pool size = parallel downloads

RETRY_STATUSES = {408, 429, 500, 502, 503, 504}
MISSING_STATUSES = {404, 410}
CHUNK = 64 * 1024

_SETTING_KEYS = {
    "retries": ("RETRIES", int), "connect-timeout": ("CONNECT_TIMEOUT", float),
    "read-timeout": ("READ_TIMEOUT", float), "total-timeout": ("TOTAL_TIMEOUT", float),
    "backoff": ("BACKOFF", float), "backoff-max": ("BACKOFF_MAX", float),
    "retry-after-max": ("RETRY_AFTER_MAX", float), "max-connections": ("MAX_CONNECTIONS", int),
}

T = TypeVar("T")


@dataclass(frozen=True)
class Settings:
    retries: int
    connect_timeout: float
    read_timeout: float
    total_timeout: float
    backoff: float
    backoff_max: float
    retry_after_max: float
    max_connections: int


def settings() -> Settings:
    """The module defaults, overridden by ``[network]`` in the user's config."""
    from skillpm.config import user_config

    values = {key: globals()[const] for key, (const, _kind) in _SETTING_KEYS.items()}
    section = user_config().get("network", {})
    if not isinstance(section, dict):
        raise SkillpmError("[network] in the config file is not a table", "write it as [network] with keys")
    for key, raw in section.items():
        key = key.replace("_", "-")
        if key not in _SETTING_KEYS:
            continue  # unknown keys are someone else's (e.g. a newer skillpm)
        kind = _SETTING_KEYS[key][1]
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or raw < 0 or (kind is int and raw != int(raw)):
            raise SkillpmError(f"[network] {key} = {raw!r} in the config file is not a non-negative number",
                               f"set {key} to a number such as {values[key]}")
        values[key] = kind(raw)
    values["max-connections"] = max(1, values["max-connections"])
    return Settings(**{k.replace("-", "_"): v for k, v in values.items()})


# --- offline mode -----------------------------------------------------------------

_offline = False


def set_offline(flag: bool) -> None:
    """Called by the CLI for ``--offline``; ``SKILLPM_OFFLINE=1`` does the same."""
    global _offline
    _offline = bool(flag)


def is_offline() -> bool:
    return _offline or os.environ.get("SKILLPM_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")


def _refuse_offline(what: str) -> NetworkError:
    return NetworkError(f"offline: {what} needs the network",
                        "run again without --offline (and unset SKILLPM_OFFLINE)")


# --- the one client ---------------------------------------------------------------

_client: Any = None
_client_lock = threading.Lock()


def user_agent() -> str:
    from skillpm import __version__

    return f"skillpm/{__version__}"


def client(what: str = "this command") -> Any:
    """The shared ``httpx.Client``: one pool, keep-alive, redirects followed.

    Timeouts are passed on every request (see ``_timeout``), so a changed
    config takes effect without a new client.
    """
    global _client
    if is_offline():
        raise _refuse_offline(what)
    if _client is None:
        with _client_lock:
            if _client is None:
                import httpx

                s = settings()
                _client = httpx.Client(
                    http1=True, http2=False, follow_redirects=True, max_redirects=10,
                    headers={"User-Agent": user_agent()},
                    limits=httpx.Limits(max_connections=s.max_connections,
                                        max_keepalive_connections=s.max_connections, keepalive_expiry=30.0),
                    timeout=httpx.Timeout(s.read_timeout, connect=s.connect_timeout),
                    event_hooks={"response": [_refuse_downgrade]},
                )
    return _client


def _refuse_downgrade(response: Any) -> None:
    """Never follow a redirect from https to plain http (the hash checks are the last line, not the first)."""
    if response.is_redirect and response.url.scheme == "https":
        location = response.headers.get("location", "")
        if location.lower().startswith("http:"):
            raise NetworkError(f"{shown_url(str(response.url))} redirects to plain http ({shown_url(location)})",
                               "refusing to downgrade to an unencrypted connection; use the https address it should serve")


def close() -> None:
    """Close the shared client (its pool); the next ``client()`` makes a new one."""
    global _client
    with _client_lock:
        if _client is not None:
            _client.close()
            _client = None


# --- results and failures ---------------------------------------------------------

@dataclass(frozen=True)
class Response:
    """A finished GET.

    ``not_modified`` is True when the server answered 304 to ``If-None-Match``;
    ``get`` then returns an empty body and ``cached_get`` the cached one.
    ``status`` is 404/410 (empty body) only when the caller passed ``missing_ok``.
    """

    status: int
    body: bytes
    etag: str | None
    not_modified: bool = False
    url: str = ""
    from_cache: bool = False


class NotFoundError(NetworkError):
    """The server answered 404 or 410: the thing is not there (not a network fault)."""

    def __init__(self, message: str, hint: str | None = None, details: list[str] | None = None):
        super().__init__(message, hint, details)
        self.status = 404


class _Deadline(Exception):
    """The total time for one call ran out while the body was arriving."""


class _Retry(Exception):
    """One try failed in a way worth trying again."""

    def __init__(self, reason: str, wait: float | None = None):
        super().__init__(reason)
        self.reason = reason
        self.wait = wait  # server-requested wait (Retry-After), seconds


def shown_url(url: str) -> str:
    """The URL without any user:password part, for messages."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    host, slash, path = rest.partition("/")
    if "@" in host:
        host = host.rsplit("@", 1)[1]
    return f"{scheme}://{host}{slash}{path}"


def _timeout(s: Settings, remaining: float) -> Any:
    import httpx

    read = max(0.01, min(s.read_timeout, remaining))
    return httpx.Timeout(connect=max(0.01, min(s.connect_timeout, remaining)), read=read, write=read,
                         pool=max(0.01, min(s.connect_timeout, remaining)))


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP date); None if absent or bad."""
    if not value:
        return None
    import email.utils

    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:  # an HTTP date is always GMT
        import datetime as dt

        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _describe(exc: BaseException, s: Settings) -> str:
    import httpx

    text = str(exc) or type(exc).__name__
    if isinstance(exc, httpx.ConnectTimeout):
        return f"connecting timed out after {s.connect_timeout:g}s"
    if isinstance(exc, httpx.PoolTimeout):
        return "no free connection in the pool in time"
    if isinstance(exc, httpx.TimeoutException):
        return f"the server sent nothing for {s.read_timeout:g}s (read timeout)"
    if isinstance(exc, httpx.RemoteProtocolError):
        if "incomplete" in text.lower() or "complete message body" in text.lower():
            return f"the connection closed before the whole body arrived ({text})"
        return f"the server broke the HTTP protocol or closed the connection ({text})"
    if isinstance(exc, httpx.ConnectError):
        return f"could not connect ({text})"
    if isinstance(exc, httpx.ReadError):
        return f"the connection was reset while reading ({text})"
    if isinstance(exc, httpx.DecodingError):
        return f"the body could not be decoded ({text})"
    return text


def _retryable(exc: BaseException) -> bool:
    import httpx

    return isinstance(exc, (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError,
                            httpx.DecodingError))


def _status_text(status: int) -> str:
    from http import HTTPStatus

    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return str(status)


class BodyReader(io.RawIOBase):
    """The body of a response as a read-only file, counted, hashed and bounded while it arrives."""

    def __init__(self, response: Any, url: str, max_bytes: int, deadline: float, total_timeout: float):
        super().__init__()
        self._chunks = response.iter_bytes(CHUNK)
        self._buf = b""
        self._url = url
        self._max = max_bytes
        self._deadline = deadline
        self._total_timeout = total_timeout
        self.sha256 = hashlib.sha256()
        self.count = 0
        self.transport_error: BaseException | None = None
        self.eof = False

    def readable(self) -> bool:
        return True

    def _next_chunk(self) -> bytes:
        if self.eof:
            return b""
        try:
            chunk = next(self._chunks)
        except StopIteration:
            self.eof = True
            return b""
        except Exception as exc:
            if _retryable(exc):
                self.transport_error = exc
            raise
        self.count += len(chunk)
        if self.count > self._max:
            raise NetworkError(f"{shown_url(self._url)} sent more than {self._max} bytes, the cap for this download",
                               "the file is larger than skillpm accepts; check the URL or raise the cap in the config")
        if time.monotonic() > self._deadline:
            self.transport_error = _Deadline(f"the download took longer than the total timeout of "
                                             f"{self._total_timeout:g}s")
            raise self.transport_error
        self.sha256.update(chunk)
        return chunk

    def readinto(self, b) -> int:  # type: ignore[override]
        while not self._buf:
            chunk = self._next_chunk()
            if not chunk:
                return 0
            self._buf = chunk
        n = min(len(b), len(self._buf))
        b[:n] = self._buf[:n]
        self._buf = self._buf[n:]
        return n

    def read_all(self) -> bytes:
        parts = [self._buf]
        self._buf = b""
        while True:
            chunk = self._next_chunk()
            if not chunk:
                return b"".join(parts)
            parts.append(chunk)

    def drain(self) -> None:
        """Read (and hash) whatever the consumer left unread."""
        self._buf = b""
        while self._next_chunk():
            pass


# --- the retry loop ---------------------------------------------------------------

def stream(url: str, consume: Callable[[BodyReader], T], *, max_bytes: int, expected_sha256: str | None = None,
           etag: str | None = None, missing_ok: bool = False, what: str | None = None) -> tuple[T | None, Response]:
    """GET ``url`` and give the body to ``consume`` (a function of a file object) as it arrives.

    ``consume`` may be called again from the start if a try fails mid-body, so
    it must build its result from the stream alone (e.g. unpack into memory).
    When ``expected_sha256`` is given, the whole body is hashed (what ``consume``
    left unread is drained) and a mismatch raises ``IntegrityError``: the
    result of ``consume`` is then thrown away. Returns (result, response);
    the response body is empty (the consumer had it). On 304 or a missing_ok
    404/410 the result is None.
    """
    if is_offline():
        raise _refuse_offline(f"fetching {shown_url(url)}" if what is None else what)
    import httpx

    s = settings()
    pool = client()
    headers = {"If-None-Match": etag} if etag else {}
    start = time.monotonic()
    deadline = start + s.total_timeout
    tries: list[str] = []
    final_reason = ""
    for attempt in range(s.retries + 1):
        wait: float | None = None
        reader: BodyReader | None = None
        try:
            with pool.stream("GET", url, headers=headers, timeout=_timeout(s, deadline - time.monotonic())) as r:
                status = r.status_code
                if not 200 <= status < 300:
                    _discard_small_body(r)  # so the connection can go back to the pool
                if status in RETRY_STATUSES:
                    after = parse_retry_after(r.headers.get("Retry-After")) if status in (429, 503) else None
                    raise _Retry(f"the server answered {_status_text(status)}", after)
                if status == 304:
                    return None, Response(304, b"", r.headers.get("ETag") or etag, True, str(r.url))
                if status in MISSING_STATUSES:
                    if missing_ok:
                        return None, Response(status, b"", None, False, str(r.url))
                    raise NotFoundError(f"{shown_url(url)} answered {_status_text(status)}",
                                        "check the URL (or the skill's name and path in the index)")
                if not 200 <= status < 300:
                    raise _final_status(url, r)
                length = r.headers.get("Content-Length")
                if (length and length.isdigit() and int(length) > max_bytes
                        and not r.headers.get("Content-Encoding")):
                    raise NetworkError(f"{shown_url(url)} is {length} bytes, over the cap of {max_bytes}",
                                       "the file is larger than skillpm accepts; check the URL or raise the cap")
                reader = BodyReader(r, url, max_bytes, deadline, s.total_timeout)
                result = consume(reader)
                reader.drain()
                digest = reader.sha256.hexdigest()
                if expected_sha256 is not None and digest != expected_sha256.removeprefix("sha256:").lower():
                    raise IntegrityError(
                        f"{shown_url(url)} does not match its recorded hash",
                        "nothing was kept; the file changed upstream or was tampered with in transit — "
                        "refresh the index and check the source before trusting it",
                        details=[f"expected sha256:{expected_sha256.removeprefix('sha256:')}",
                                 f"received sha256:{digest} ({reader.count} bytes)"])
                return result, Response(status, b"", r.headers.get("ETag"), False, str(r.url))
        except _Retry as exc:
            final_reason, wait = exc.reason, exc.wait
        except Exception as exc:
            # A transport failure raised inside the consumer (e.g. by tarfile reading the
            # body, even if the consumer wrapped it) is still a transport failure.
            cause = reader.transport_error if reader is not None and reader.transport_error is not None else exc
            if isinstance(cause, _Deadline):
                tries.append(str(cause))
                raise _give_up(url, str(cause), tries, start) from None
            if isinstance(cause, SkillpmError) or not _retryable(cause):
                if isinstance(cause, httpx.HTTPError):
                    raise NetworkError(f"cannot fetch {shown_url(url)}: {cause}", "check the URL") from None
                if cause is exc:
                    raise
                raise cause from None
            final_reason = _describe(cause, s)
        tries.append(final_reason)
        if attempt == s.retries:
            break
        backoff = min(s.backoff_max, s.backoff * (2 ** attempt)) * (0.5 + random.random() / 2)
        if wait is not None:
            backoff = max(backoff, min(wait, s.retry_after_max))
        if time.monotonic() + backoff > deadline:
            final_reason += f"; the next try would pass the total timeout of {s.total_timeout:g}s"
            break
        time.sleep(backoff)
    raise _give_up(url, final_reason, tries, start)


def _discard_small_body(r: Any) -> None:
    """Read a short error body so keep-alive can reuse the connection; a long one is dropped."""
    length = r.headers.get("Content-Length", "")
    if length.isdigit() and int(length) <= CHUNK:
        try:
            r.read()
        except Exception:  # noqa: BLE001,S110 - the connection is just dropped; the status still counts
            pass


def _final_status(url: str, r: Any) -> NetworkError:
    status = r.status_code
    if status == 403 and r.headers.get("X-RateLimit-Remaining") == "0":
        reset = r.headers.get("X-RateLimit-Reset", "")
        when = (time.strftime(" (resets at %H:%M UTC)", time.gmtime(int(reset))) if reset.isdigit() else "")
        return NetworkError(f"{shown_url(url)} answered 403: the server's rate limit is used up{when}",
                            "wait for the rate limit to reset and try again")
    hint = ("check the URL and your access to it" if 400 <= status < 500 else
            "the server has a problem; try again later")
    return NetworkError(f"{shown_url(url)} answered {_status_text(status)}", hint)


def _give_up(url: str, reason: str, tries: list[str], start: float) -> NetworkError:
    n = len(tries)
    return NetworkError(
        f"cannot fetch {shown_url(url)}: {reason} ({n} {'try' if n == 1 else 'tries'} in "
        f"{time.monotonic() - start:.1f}s)",
        "check your connection and try again later; if the server is just slow, raise [network] "
        "retries or read-timeout in the config; --offline works from what is cached",
        details=[f"try {i}: {t}" for i, t in enumerate(tries, 1)] if n > 1 else None)


def get(url: str, *, max_bytes: int, etag: str | None = None, expected_sha256: str | None = None,
        missing_ok: bool = False, what: str | None = None) -> Response:
    """GET ``url`` into memory (at most ``max_bytes``), retrying as the module says.

    ``etag`` sends ``If-None-Match``; a 304 returns ``not_modified=True`` and an
    empty body. ``missing_ok`` turns 404/410 into a ``Response`` with that status
    instead of ``NotFoundError``.
    """
    body, resp = stream(url, lambda reader: reader.read_all(), max_bytes=max_bytes,
                        expected_sha256=expected_sha256, etag=etag, missing_ok=missing_ok, what=what)
    return Response(resp.status, body or b"", resp.etag, resp.not_modified, resp.url)


def stream_to(url: str, sink: Path | str, *, max_bytes: int, expected_sha256: str | None = None) -> Response:
    """Download ``url`` into the file ``sink``: atomically, and only if the hash matches.

    The body goes to a temporary file beside ``sink`` (never held whole in
    memory); it is renamed into place after the last byte checked out. On any
    failure the temporary file is removed and ``sink`` is left as it was.
    """
    import tempfile

    from skillpm.fsutil import TMP_PREFIX, fsync_dir

    sink = Path(sink)
    sink.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=TMP_PREFIX, dir=sink.parent)
    os.close(fd)
    tmp = Path(tmp_name)

    def consume(reader: BodyReader) -> int:
        with open(tmp, "wb") as fh:  # truncates what an earlier try wrote
            while chunk := reader.read(CHUNK):
                fh.write(chunk)
            fh.flush()
            os.fsync(fh.fileno())
        return reader.count

    try:
        _n, resp = stream(url, consume, max_bytes=max_bytes, expected_sha256=expected_sha256)
        os.replace(tmp, sink)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(sink.parent)
    return resp


# --- many at once -----------------------------------------------------------------

def fetch_many(urls: Iterable[str], *, max_bytes: int, expected_sha256: dict[str, str] | list | None = None,
               etags: dict[str, str] | None = None, missing_ok: bool = False,
               workers: int | None = None) -> list[Response]:
    """GET every URL in parallel through the one pool; results in the order of ``urls``.

    Fails fast: after the first failure no new download starts. The error
    raised is that of the first failing URL in list order (an IntegrityError
    before any NetworkError); the others are listed in its details.
    """
    urls = list(urls)
    if not urls:
        return []
    if is_offline():
        raise _refuse_offline(f"fetching {len(urls)} file(s) such as {shown_url(urls[0])}")
    if isinstance(expected_sha256, list):
        hashes: list[str | None] = list(expected_sha256)
    else:
        hashes = [(expected_sha256 or {}).get(u) for u in urls]
    if len(hashes) != len(urls):
        raise ValueError("expected_sha256 must have one entry per URL")
    etags = etags or {}
    return _parallel(urls, lambda i: get(urls[i], max_bytes=max_bytes, etag=etags.get(urls[i]),
                                         expected_sha256=hashes[i], missing_ok=missing_ok), workers)


def _parallel(urls: list[str], fetch: Callable[[int], Response], workers: int | None) -> list[Response]:
    """Run ``fetch(i)`` for every URL on a thread pool over the one client; fail fast, keep order."""
    from concurrent.futures import ThreadPoolExecutor

    stop = threading.Event()
    if not is_offline():
        client()  # create the pool once, before the threads race for it

    def one(i: int) -> Response | None:
        if stop.is_set():
            return None
        try:
            return fetch(i)
        except BaseException:
            stop.set()
            raise

    n = max(1, min(len(urls), workers or settings().max_connections))
    with ThreadPoolExecutor(max_workers=n, thread_name_prefix="skillpm-http") as pool:
        futures = [pool.submit(one, i) for i in range(len(urls))]
    errors = [(i, f.exception()) for i, f in enumerate(futures) if f.exception() is not None]
    if errors:
        errors.sort(key=lambda e: (not isinstance(e[1], IntegrityError), e[0]))
        first = errors[0][1]
        if isinstance(first, SkillpmError) and len(errors) > 1:
            first.details.append(f"{len(errors) - 1} other download(s) failed too, e.g. "
                                 f"{shown_url(urls[errors[1][0]])}: {errors[1][1]}")
        raise first
    return [f.result() for f in futures]  # type: ignore[misc]


# --- revalidating on-disk cache ---------------------------------------------------

_CACHE_MAGIC = b"skillpm-http-cache 1\n"


def _read_cache(path: Path) -> tuple[bytes, dict] | None:
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if not raw.startswith(_CACHE_MAGIC):
        return None
    head, sep, body = raw[len(_CACHE_MAGIC):].partition(b"\n")
    if not sep:
        return None
    try:
        meta = json.loads(head)
    except ValueError:
        return None
    if not isinstance(meta, dict) or meta.get("sha256") != hashlib.sha256(body).hexdigest():
        return None  # torn or tampered cache file: fetch afresh
    return body, meta


def _write_cache(path: Path, url: str, body: bytes, etag: str | None) -> None:
    from skillpm.fsutil import atomic_write_bytes

    meta = {"url": shown_url(url), "etag": etag, "sha256": hashlib.sha256(body).hexdigest()}
    atomic_write_bytes(path, _CACHE_MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n" + body)


def cached_get(url: str, cache_path: Path | str, *, max_bytes: int, expected_sha256: str | None = None,
               missing_ok: bool = False) -> Response:
    """GET with revalidation: send the cached ETag; a 304 returns the cached body.

    The cache file holds one header line (URL, ETag, sha256 of the body) and the
    body, written atomically. Offline, the cached body is returned as is
    (``from_cache=True``); without one, offline is an error. A 404/410 with
    ``missing_ok`` removes the cached copy.
    """
    cache_path = Path(cache_path)
    cached = _read_cache(cache_path)
    want = expected_sha256.removeprefix("sha256:").lower() if expected_sha256 else None
    if cached is not None and want and cached[1]["sha256"] != want:
        cached = None  # the cache holds something else than what we want now
    if is_offline():
        if cached is None:
            raise _refuse_offline(f"fetching {shown_url(url)} (not in the cache)")
        return Response(200, cached[0], cached[1].get("etag"), False, url, True)
    etag = cached[1].get("etag") if cached else None
    resp = get(url, max_bytes=max_bytes, etag=etag, expected_sha256=expected_sha256, missing_ok=missing_ok)
    if resp.not_modified:
        if cached is None:  # pragma: no cover - we only send If-None-Match with a cache
            resp = get(url, max_bytes=max_bytes, expected_sha256=expected_sha256, missing_ok=missing_ok)
        else:
            return Response(304, cached[0], resp.etag or etag, True, resp.url, True)
    if resp.status in MISSING_STATUSES:
        cache_path.unlink(missing_ok=True)
        return resp
    _write_cache(cache_path, url, resp.body, resp.etag)
    return resp


def cached_fetch_many(items: Iterable[tuple[str, Path | str]], *, max_bytes: int, missing_ok: bool = False,
                      workers: int | None = None) -> list[Response]:
    """``cached_get`` for many (url, cache_path) pairs in parallel: the sparse-index refresh.

    Unchanged entries cost one 304 each (no body); offline, every entry comes
    from its cache or the call fails naming the first one missing.
    """
    pairs = [(u, Path(p)) for u, p in items]
    if not pairs:
        return []
    return _parallel([u for u, _p in pairs],
                     lambda i: cached_get(pairs[i][0], pairs[i][1], max_bytes=max_bytes, missing_ok=missing_ok),
                     workers)
