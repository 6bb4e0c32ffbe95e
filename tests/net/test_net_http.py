"""skillpm.http against a real, misbehaving HTTP server on 127.0.0.1."""

from __future__ import annotations

import email.utils
import hashlib
import time

import pytest

from skillpm import http
from skillpm.errors import EXIT_INTEGRITY, EXIT_NETWORK, IntegrityError, NetworkError

from .conftest import Step

BODY = b"skill bytes " * 1000  # 12 kB
SHA = hashlib.sha256(BODY).hexdigest()
MB = 1 << 20


def test_plain_get_returns_body_etag_and_sends_user_agent(fault_server):
    url = fault_server.route("/a", Step(body=BODY, etag='"v1"'))
    r = http.get(url, max_bytes=MB, expected_sha256=SHA)
    assert (r.status, r.body, r.etag, r.not_modified) == (200, BODY, '"v1"', False)
    headers = fault_server.log[0][1]
    assert headers["User-Agent"].startswith("skillpm/")


def test_expected_hash_accepts_sha256_prefix(fault_server):
    url = fault_server.route("/a", Step(body=BODY))
    assert http.get(url, max_bytes=MB, expected_sha256="sha256:" + SHA).body == BODY


def test_keep_alive_reuses_one_connection(fault_server):
    url = fault_server.route("/a", Step(body=BODY))
    for _ in range(5):
        http.get(url, max_bytes=MB)
    assert len(fault_server.ports) == 5 and len(set(fault_server.ports)) == 1  # one TCP connection


# --- retried faults -------------------------------------------------------------

@pytest.mark.parametrize("fault", ["reset", "drop", "reset_mid", "truncate"])
def test_connection_fault_then_success_is_retried(fault_server, fault):
    url = fault_server.route("/a", Step(body=BODY, fault=fault), Step(body=BODY))
    r = http.get(url, max_bytes=MB, expected_sha256=SHA)
    assert r.body == BODY
    assert fault_server.hits("/a") == 2


def test_silent_server_before_headers_times_out_then_retries(fault_server):
    url = fault_server.route("/a", Step(body=BODY, latency=2.0), Step(body=BODY))
    assert http.get(url, max_bytes=MB).body == BODY
    assert fault_server.hits("/a") == 2


def test_content_length_shorter_than_body(fault_server):
    # HTTP framing trusts Content-Length: the body is cut short, and only the hash can tell.
    url = fault_server.route("/a", Step(body=BODY, fault="overlong"))
    with pytest.raises(IntegrityError):
        http.get(url, max_bytes=MB, expected_sha256=SHA)
    # The left-over bytes on that connection must not poison the next response.
    url2 = fault_server.route("/b", Step(body=b"next"))
    assert http.get(url2, max_bytes=MB).body == b"next"


@pytest.mark.parametrize("status", [500, 502, 503, 504, 408])
def test_server_error_then_success_is_retried(fault_server, status):
    url = fault_server.route("/a", Step(status, b"oops"), Step(body=BODY))
    assert http.get(url, max_bytes=MB).body == BODY
    assert fault_server.hits("/a") == 2


def test_stall_mid_body_times_out_then_retries(fault_server):
    url = fault_server.route("/a", Step(body=BODY, fault="stall"), Step(body=BODY))
    t0 = time.monotonic()
    assert http.get(url, max_bytes=MB).body == BODY
    assert fault_server.hits("/a") == 2
    assert time.monotonic() - t0 < 4.5  # read timeout is 0.3 s in tests, not the 5 s stall


def test_429_honours_retry_after_seconds(fault_server):
    url = fault_server.route("/a", Step(429, b"slow down", {"Retry-After": "1"}), Step(body=BODY))
    t0 = time.monotonic()
    assert http.get(url, max_bytes=MB).body == BODY
    assert time.monotonic() - t0 >= 0.95


def test_429_honours_retry_after_http_date(fault_server):
    when = email.utils.formatdate(time.time() + 1.5, usegmt=True)
    url = fault_server.route("/a", Step(429, b"", {"Retry-After": when}), Step(body=BODY))
    t0 = time.monotonic()
    assert http.get(url, max_bytes=MB).body == BODY
    assert 0.4 <= time.monotonic() - t0 < 3.0  # a whole-second date: between 0.5 and 1.5 s away


def test_retry_after_is_capped(fault_server, monkeypatch):
    monkeypatch.setattr(http, "RETRY_AFTER_MAX", 0.2)
    url = fault_server.route("/a", Step(429, b"", {"Retry-After": "3600"}), Step(body=BODY))
    t0 = time.monotonic()
    assert http.get(url, max_bytes=MB).body == BODY
    assert time.monotonic() - t0 < 5.0


def test_parse_retry_after():
    assert http.parse_retry_after("7") == 7.0
    assert http.parse_retry_after(None) is None
    assert http.parse_retry_after("soon") is None
    now = time.time()
    assert 9 <= http.parse_retry_after(email.utils.formatdate(now + 10, usegmt=True), now) <= 10
    assert http.parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past: go now


# --- failures that end the call -------------------------------------------------

@pytest.mark.parametrize("fault", ["reset", "stall", "truncate", "drop"])
def test_persistent_fault_gives_clear_network_error(fault_server, fault):
    url = fault_server.route("/a", Step(body=BODY, fault=fault))
    with pytest.raises(NetworkError) as info:
        http.get(url, max_bytes=MB)
    err = info.value
    assert err.code == EXIT_NETWORK == 3
    assert f"cannot fetch {url}" in err.message and "4 tries" in err.message
    assert err.hint and "try again" in err.hint
    assert len(err.details) == 4
    assert fault_server.hits("/a") == 4  # 1 + RETRIES


def test_persistent_500_names_the_status(fault_server):
    url = fault_server.route("/a", Step(503, b"down"))
    with pytest.raises(NetworkError, match=r"answered 503 Service Unavailable \(4 tries"):
        http.get(url, max_bytes=MB)


def test_truncated_body_message_says_so(fault_server):
    url = fault_server.route("/a", Step(body=BODY, fault="truncate"))
    with pytest.raises(NetworkError, match="closed before the whole body arrived"):
        http.get(url, max_bytes=MB)


def test_stall_message_names_read_timeout(fault_server):
    url = fault_server.route("/a", Step(body=BODY, fault="stall"))
    with pytest.raises(NetworkError, match="read timeout"):
        http.get(url, max_bytes=MB)


@pytest.mark.parametrize("status", [400, 401, 403, 405, 418, 451])
def test_other_4xx_is_not_retried(fault_server, status):
    url = fault_server.route("/a", Step(status, b"no"))
    with pytest.raises(NetworkError, match=f"answered {status}") as info:
        http.get(url, max_bytes=MB)
    assert info.value.code == 3
    assert fault_server.hits("/a") == 1


def test_404_is_not_found_or_missing_ok(fault_server):
    url = fault_server.url("/nothing-here")
    with pytest.raises(http.NotFoundError, match="404 Not Found"):
        http.get(url, max_bytes=MB)
    assert fault_server.hits("/nothing-here") == 1
    r = http.get(url, max_bytes=MB, missing_ok=True)
    assert (r.status, r.body) == (404, b"")


def test_rate_limit_403_says_so(fault_server):
    url = fault_server.route("/a", Step(403, b"", {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "0"}))
    with pytest.raises(NetworkError, match="rate limit"):
        http.get(url, max_bytes=MB)


def test_connection_refused_is_retried_then_clear(fault_server):
    port = fault_server.httpd.server_address[1]
    fault_server.stop()
    with pytest.raises(NetworkError, match="could not connect") as info:
        http.get(f"http://127.0.0.1:{port}/a", max_bytes=MB)
    assert len(info.value.details) == 4


def test_wrong_hash_is_integrity_error_and_not_retried(fault_server):
    url = fault_server.route("/a", Step(body=BODY + b"tampered"))
    with pytest.raises(IntegrityError) as info:
        http.get(url, max_bytes=MB, expected_sha256=SHA)
    assert info.value.code == EXIT_INTEGRITY == 4
    assert "does not match its recorded hash" in info.value.message
    assert any(SHA in d for d in info.value.details)
    assert fault_server.hits("/a") == 1


def test_body_over_max_bytes_is_refused(fault_server):
    url = fault_server.route("/a", Step(body=BODY))
    with pytest.raises(NetworkError, match="over the cap"):
        http.get(url, max_bytes=100)
    # A lying Content-Length (absent here: chunked) is caught while streaming.
    url2 = fault_server.route("/b", Step(body=BODY, headers={"Content-Encoding": "identity"}))
    with pytest.raises(NetworkError, match="more than 100 bytes"):
        http.get(url2, max_bytes=100)


def test_total_timeout_bounds_the_whole_call(fault_server, monkeypatch):
    # 4 tries x 3 s read timeout would be 12 s; the total timeout stops it at ~0.8 s.
    monkeypatch.setattr(http, "TOTAL_TIMEOUT", 0.8)
    monkeypatch.setattr(http, "READ_TIMEOUT", 3.0)
    url = fault_server.route("/a", Step(body=BODY, fault="stall", stall=20))
    t0 = time.monotonic()
    with pytest.raises(NetworkError, match="cannot fetch"):
        http.get(url, max_bytes=MB)
    assert time.monotonic() - t0 < 3.0


def test_unsupported_scheme_is_a_clear_error():
    with pytest.raises(NetworkError, match="cannot fetch ftp://example.invalid/x"):
        http.get("ftp://example.invalid/x", max_bytes=MB)


def test_credentials_never_shown(fault_server):
    url = fault_server.route("/a", Step(500, b""))
    with pytest.raises(NetworkError) as info:
        http.get(url.replace("http://", "http://user:secret@"), max_bytes=MB)
    assert "secret" not in info.value.message


# --- config and offline ---------------------------------------------------------

def test_config_network_section_overrides_defaults(fault_server, tmp_path):
    import os
    from pathlib import Path

    from skillpm import config

    cfg = Path(os.environ["SKILLPM_CONFIG_DIR"]) / "config.toml"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text("[network]\nretries = 1\nread-timeout = 0.2\n", encoding="utf-8")
    config._cached.cache_clear()
    assert http.settings().retries == 1 and http.settings().read_timeout == 0.2
    url = fault_server.route("/a", Step(500, b""))
    with pytest.raises(NetworkError, match="2 tries"):
        http.get(url, max_bytes=MB)
    cfg.write_text("[network]\nretries = 'many'\n", encoding="utf-8")
    config._cached.cache_clear()
    with pytest.raises(Exception, match="retries"):
        http.settings()


def test_offline_flag_and_env_refuse_with_what_needed_network(fault_server, monkeypatch):
    url = fault_server.route("/a", Step(body=BODY))
    http.set_offline(True)
    with pytest.raises(NetworkError, match=f"offline: fetching {url} needs the network") as info:
        http.get(url, max_bytes=MB)
    assert "--offline" in info.value.hint
    http.set_offline(False)
    monkeypatch.setenv("SKILLPM_OFFLINE", "1")
    with pytest.raises(NetworkError, match="offline"):
        http.fetch_many([url], max_bytes=MB)
    with pytest.raises(NetworkError, match="offline"):
        http.client()
    assert fault_server.hits("/a") == 0


# --- stream_to ------------------------------------------------------------------

def test_stream_to_writes_atomically_after_retry(fault_server, tmp_path):
    url = fault_server.route("/a", Step(body=BODY, fault="truncate"), Step(body=BODY))
    dest = tmp_path / "dl" / "file.bin"
    http.stream_to(url, dest, max_bytes=MB, expected_sha256=SHA)
    assert dest.read_bytes() == BODY
    assert sorted(p.name for p in dest.parent.iterdir()) == ["file.bin"]


def test_stream_to_keeps_nothing_on_hash_mismatch(fault_server, tmp_path):
    url = fault_server.route("/a", Step(body=b"evil" + BODY))
    dest = tmp_path / "dl" / "file.bin"
    dest.parent.mkdir()
    dest.write_bytes(b"old")
    with pytest.raises(IntegrityError):
        http.stream_to(url, dest, max_bytes=MB, expected_sha256=SHA)
    assert dest.read_bytes() == b"old"
    assert sorted(p.name for p in dest.parent.iterdir()) == ["file.bin"]


def test_stream_to_keeps_nothing_on_network_failure(fault_server, tmp_path):
    url = fault_server.route("/a", Step(body=BODY, fault="reset_mid"))
    dest = tmp_path / "dl" / "file.bin"
    with pytest.raises(NetworkError):
        http.stream_to(url, dest, max_bytes=MB)
    assert list(dest.parent.iterdir()) == []


# --- fetch_many -----------------------------------------------------------------

def test_fetch_many_preserves_order_and_runs_in_parallel(fault_server, monkeypatch):
    monkeypatch.setattr(http, "READ_TIMEOUT", 3.0)
    urls = [fault_server.route(f"/f{i}", Step(body=f"file {i}".encode(), latency=0.3)) for i in range(10)]
    t0 = time.monotonic()
    got = http.fetch_many(urls, max_bytes=MB)
    elapsed = time.monotonic() - t0
    assert [r.body for r in got] == [f"file {i}".encode() for i in range(10)]
    assert elapsed < 1.5  # serial would be 3 s
    assert len(set(fault_server.ports)) == 10  # ten connections of one pool


def test_fetch_many_checks_each_hash(fault_server):
    bodies = [f"file {i}".encode() for i in range(3)]
    urls = [fault_server.route(f"/f{i}", Step(body=b)) for i, b in enumerate(bodies)]
    hashes = [hashlib.sha256(b).hexdigest() for b in bodies]
    assert [r.body for r in http.fetch_many(urls, max_bytes=MB, expected_sha256=hashes)] == bodies
    hashes[1] = hashes[0]
    with pytest.raises(IntegrityError, match="/f1 does not match"):
        http.fetch_many(urls, max_bytes=MB, expected_sha256=hashes)


def test_fetch_many_reports_first_failing_url(fault_server):
    urls = [fault_server.route(f"/f{i}", Step(body=b"ok", latency=0.05)) for i in range(6)]
    fault_server.route("/f2", Step(410, b"gone"))
    fault_server.route("/f4", Step(500, b""))
    with pytest.raises(NetworkError) as info:
        http.fetch_many(urls, max_bytes=MB)
    assert "/f2 answered 410 Gone" in info.value.message
    # missing_ok lets a sparse-index caller ask for entries that may not exist
    fault_server.route("/f4", Step(body=b"ok"))
    got = http.fetch_many(urls, max_bytes=MB, missing_ok=True)
    assert [r.status for r in got] == [200, 200, 410, 200, 200, 200]


def test_fetch_many_with_etags(fault_server):
    urls = [fault_server.route(f"/f{i}", Step(body=b"x", etag=f'"e{i}"')) for i in range(3)]
    got = http.fetch_many(urls, max_bytes=MB, etags={urls[0]: '"e0"', urls[2]: '"stale"'})
    assert [r.not_modified for r in got] == [True, False, False]
    assert fault_server.log[-1][1].get("If-None-Match") in (None, '"e0"', '"stale"')


def test_fetch_many_empty():
    assert http.fetch_many([], max_bytes=1) == []


# --- cached_get -----------------------------------------------------------------

def test_cached_get_revalidates_with_etag(fault_server, tmp_path):
    url = fault_server.route("/entry", Step(body=BODY, etag='"v1"'))
    cache = tmp_path / "c" / "entry"
    first = http.cached_get(url, cache, max_bytes=MB)
    assert (first.status, first.body, first.from_cache) == (200, BODY, False)
    second = http.cached_get(url, cache, max_bytes=MB)
    assert (second.status, second.body, second.not_modified, second.from_cache) == (304, BODY, True, True)
    assert fault_server.log[-1][1]["If-None-Match"] == '"v1"'
    # upstream changes: new ETag, new body, cache rewritten
    fault_server.route("/entry", Step(body=b"v2", etag='"v2"'))
    third = http.cached_get(url, cache, max_bytes=MB)
    assert (third.status, third.body) == (200, b"v2")
    assert http.cached_get(url, cache, max_bytes=MB).body == b"v2"


def test_cached_get_ignores_a_corrupt_cache(fault_server, tmp_path):
    url = fault_server.route("/entry", Step(body=BODY, etag='"v1"'))
    cache = tmp_path / "entry"
    http.cached_get(url, cache, max_bytes=MB)
    cache.write_bytes(cache.read_bytes()[:-5] + b"XXXXX")  # body no longer matches its recorded hash
    r = http.cached_get(url, cache, max_bytes=MB)
    assert (r.status, r.body) == (200, BODY)
    assert "If-None-Match" not in fault_server.log[-1][1]


def test_cached_get_offline_uses_cache_or_refuses(fault_server, tmp_path):
    url = fault_server.route("/entry", Step(body=BODY, etag='"v1"'))
    cache = tmp_path / "entry"
    http.set_offline(True)
    with pytest.raises(NetworkError, match="not in the cache"):
        http.cached_get(url, cache, max_bytes=MB)
    http.set_offline(False)
    http.cached_get(url, cache, max_bytes=MB)
    http.set_offline(True)
    r = http.cached_get(url, cache, max_bytes=MB)
    assert (r.body, r.from_cache) == (BODY, True)
    assert fault_server.hits("/entry") == 1


def test_cached_get_404_drops_cache(fault_server, tmp_path):
    url = fault_server.route("/entry", Step(body=BODY))
    cache = tmp_path / "entry"
    http.cached_get(url, cache, max_bytes=MB)
    assert cache.exists()
    fault_server.route("/entry", Step(404, b""))
    assert http.cached_get(url, cache, max_bytes=MB, missing_ok=True).status == 404
    assert not cache.exists()


def test_cached_get_hash_mismatch_keeps_old_cache(fault_server, tmp_path):
    url = fault_server.route("/entry", Step(body=BODY, etag='"v1"'))
    cache = tmp_path / "entry"
    http.cached_get(url, cache, max_bytes=MB)
    before = cache.read_bytes()
    fault_server.route("/entry", Step(body=b"evil", etag='"v2"'))
    with pytest.raises(IntegrityError):
        http.cached_get(url, cache, max_bytes=MB, expected_sha256=hashlib.sha256(b"good").hexdigest())
    assert cache.read_bytes() == before


def test_missing_entries_keep_the_connection_alive(fault_server):
    """A sparse-index client asks for many entries that may not exist; 404s must not cost a reconnect."""
    for i in range(5):
        assert http.get(fault_server.url(f"/missing{i}"), max_bytes=MB, missing_ok=True).status == 404
    assert len(fault_server.ports) == 5 and len(set(fault_server.ports)) == 1


def test_cached_fetch_many_refreshes_an_index_in_parallel(fault_server, tmp_path):
    urls = [fault_server.route(f"/index/e{i}", Step(body=f"entry {i}".encode(), etag=f'"v{i}"', latency=0.05))
            for i in range(8)]
    items = [(u, tmp_path / "cache" / f"e{i}") for i, u in enumerate(urls)]
    first = http.cached_fetch_many(items, max_bytes=MB)
    assert [(r.status, r.body) for r in first] == [(200, f"entry {i}".encode()) for i in range(8)]
    fault_server.route("/index/e3", Step(body=b"entry 3 changed", etag='"v3b"'))
    second = http.cached_fetch_many(items, max_bytes=MB)
    assert [r.status for r in second] == [304, 304, 304, 200, 304, 304, 304, 304]
    assert [r.body for r in second] == [f"entry {i}".encode() for i in range(3)] + [b"entry 3 changed"] + \
        [f"entry {i}".encode() for i in range(4, 8)]
    http.set_offline(True)
    assert [r.body for r in http.cached_fetch_many(items, max_bytes=MB)] == [r.body for r in second]
    with pytest.raises(NetworkError, match="offline: fetching .*/index/new \\(not in the cache\\)"):
        http.cached_fetch_many(items + [(fault_server.url("/index/new"), tmp_path / "cache" / "new")], max_bytes=MB)
    assert http.cached_fetch_many([], max_bytes=MB) == []
