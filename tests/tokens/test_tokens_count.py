"""Token counts: exact o200k_base counts, the count cache, the fast tokenizer load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skillpm import tokens
from skillpm.errors import SkillpmError
from skillpm.skill import load_skill
from skillpm_testing import write_skill

REPO_ROOT = Path(__file__).resolve().parents[2]

RL_DESCRIPTION = (
    "Post-train large language models with reinforcement learning: reward modelling, PPO, GRPO and DPO "
    "recipes, KL control against a reference policy, rollout generation with vLLM, verifiable rewards for "
    "math and code, evaluation on held-out prompts, and the usual failure modes (reward hacking, length "
    "exploitation, entropy collapse) with the signals that reveal them. Use when the user asks to fine-tune "
    "a model beyond supervised learning, to set up an RLHF or RLVR pipeline, or to debug one that diverges."
)


def test_rl_post_training_session_count_equals_tiktoken(tmp_path, reference_encoding):
    # the description holds ": ", so it is quoted in YAML (JSON strings are YAML strings)
    folder = write_skill(tmp_path, "rl-post-training", frontmatter=f"name: rl-post-training\ndescription: {json.dumps(RL_DESCRIPTION)}\n",
                         body="# RL post-training\n\nSteps.\n", files={"references/ppo.md": "PPO clips the ratio.\n"})
    skill = load_skill(folder)
    cost = tokens.skill_cost(skill)
    expected = len(reference_encoding.encode_ordinary("rl-post-training: " + RL_DESCRIPTION))
    assert cost.session == expected
    assert expected > 80  # the long description really is long
    skill_md = (folder / "SKILL.md").read_text(encoding="utf-8")
    assert cost.invoke == len(reference_encoding.encode_ordinary(skill_md))
    assert cost.resource_files == [("references/ppo.md", len(reference_encoding.encode_ordinary("PPO clips the ratio.\n")))]


def test_counts_match_tiktoken_and_special_tokens_are_plain_text(reference_encoding, corpus):
    counts = tokens.count_texts(corpus)
    assert counts == [len(reference_encoding.encode_ordinary(t)) for t in corpus]
    # "<|endoftext|>" is several ordinary tokens, never the special token and never an error
    assert tokens.count_tokens("<|endoftext|>") == len(reference_encoding.encode_ordinary("<|endoftext|>")) > 1


def test_fast_encoder_is_tiktokens_encoding(reference_encoding, corpus):
    enc = tokens.encoder()
    assert enc._pat_str == reference_encoding._pat_str
    assert enc._special_tokens == reference_encoding._special_tokens
    assert enc._mergeable_ranks == reference_encoding._mergeable_ranks
    for text in corpus:
        assert enc.encode_ordinary(text) == reference_encoding.encode_ordinary(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_fast_encoder_matches_tiktoken_on_random_text(reference_encoding, text):
    assert tokens.encoder().encode_ordinary(text) == reference_encoding.encode_ordinary(text)


def _run(code: str, env: dict | None = None) -> str:
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **(env or {})})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


COUNT_IN_CHILD = """
import sys
from skillpm import tokens
n = tokens.count_texts(["cache me: ünïcode 👍", "second text"])
print(n[0], n[1], "tiktoken" in sys.modules)
"""


def test_second_run_in_fresh_process_does_not_load_tiktoken(reference_encoding):
    first = _run(COUNT_IN_CHILD).split()
    second = _run(COUNT_IN_CHILD).split()
    expected = [str(len(reference_encoding.encode_ordinary(t))) for t in ("cache me: ünïcode 👍", "second text")]
    assert first == [*expected, "True"]  # first run had to count
    assert second == [*expected, "False"]  # second run answered from the cache alone


def test_ranks_cache_is_written_and_used_in_a_fresh_process(reference_encoding):
    ranks_file = tokens._ranks_path()
    assert not ranks_file.exists()
    code = "from skillpm import tokens; print(tokens.encoder().encode_ordinary('fast load ✓'))"
    built = _run(code)  # parses the source file, writes the ranks cache
    assert ranks_file.is_file()
    # now make the source unreadable for this run: the fast path must not need it
    reused = _run(code, {"TIKTOKEN_CACHE_DIR": str(ranks_file.parent / "no-such-dir"), "HTTPS_PROXY": "http://127.0.0.1:9"})
    assert built == reused == str(reference_encoding.encode_ordinary("fast load ✓"))


def test_corrupted_ranks_cache_is_rebuilt(monkeypatch, reference_encoding):
    path = tokens._ranks_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = tokens._dump_ranks(reference_encoding._mergeable_ranks)
    path.write_bytes(good[:-1000] + b"garbage" * 100)  # right header, damaged payload
    monkeypatch.setattr(tokens, "_ENCODER", None)
    assert tokens.encoder().encode_ordinary("rebuilt") == reference_encoding.encode_ordinary("rebuilt")
    assert path.read_bytes() == good


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _no_retries() -> None:
    from skillpm.paths import config_dir

    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "config.toml").write_text("[network]\nretries = 0\n")  # fail at once, no backoff


def test_missing_tokenizer_offline_is_a_clear_error(tmp_path, monkeypatch):
    _no_retries()
    empty = tmp_path / "empty-tiktoken"
    empty.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(empty))
    for var in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "https_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{_closed_port()}")  # every HTTPS request fails at once
    monkeypatch.setattr(tokens, "_ENCODER", None)
    with pytest.raises(SkillpmError) as err:
        tokens.count_tokens("a text never counted before")
    assert "tokenizer file o200k_base is not on this machine and could not be downloaded" in err.value.message
    assert "TIKTOKEN_CACHE_DIR" in err.value.hint and "connect to the internet once" in err.value.hint
    assert str(empty) in err.value.hint
    assert list(empty.iterdir()) == []


def test_wrong_tokenizer_file_is_not_trusted(tmp_path, monkeypatch):
    _no_retries()
    bad = tmp_path / "bad-tiktoken"
    bad.mkdir()
    (bad / tokens.source_path().name).write_bytes(b"aGVsbG8= 0\n")  # a valid-looking but wrong file
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(bad))
    monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{_closed_port()}")
    for var in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy", "https_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(tokens, "_ENCODER", None)
    with pytest.raises(SkillpmError, match="could not be downloaded"):
        tokens.mergeable_ranks()
    assert not tokens._ranks_path().exists()


def test_corrupted_count_cache_is_recounted_not_crashed(reference_encoding):
    text = "text number one ✓"
    expected = len(reference_encoding.encode_ordinary(text))
    assert tokens.count_tokens(text) == expected
    key = tokens._text_key(text)
    shard = tokens.count_cache().shard(key)
    record = shard.read_bytes().strip(b"\n")
    assert record.startswith(key.encode())
    flipped = record.replace(b" " + str(expected).encode() + b" ", b" 999 ")  # wrong count, old check
    assert flipped != record
    torn = record[:40]  # a crashed writer's half record, glued to the next one
    damaged = [b"\x00\xffgarbage\n" + flipped + b"\n",  # garbage and a flipped count
               torn + record + b"\n",  # a torn record glued to a good one
               record[:-3] + b"\xfe\n"]  # a bad byte in the check
    for data in damaged:
        shard.write_bytes(data)
        # a fresh process looking up a few keys (find() in the raw shard)
        fresh = tokens.CountCache(shard.parent)
        assert fresh.get_many([key]) == [None]
        tokens._CACHES[str(shard.parent)] = fresh
        assert tokens.count_texts([text]) == [expected]  # recounted and appended back
        # a fresh process parsing every shard (as the index builder does) drops the damage
        assert tokens.CountCache(shard.parent)._parse() == {key: expected}
        assert shard.read_bytes() == record + b"\n"


def test_concurrent_writers_lose_nothing(tmp_path):
    path = tmp_path / "shared-counts"
    code = """
import sys, hashlib
from pathlib import Path
from skillpm.tokens import CountCache
c = CountCache(Path(sys.argv[1]))
w = sys.argv[2]
for i in range(0, 600, 3):
    c.add_many({hashlib.sha256(f"{w}-{j}".encode()).hexdigest(): j for j in range(i, i + 3)})
"""
    procs = [subprocess.Popen([sys.executable, "-c", code, str(path), str(w)], cwd=REPO_ROOT,
                              env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}) for w in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    import hashlib

    parsed = tokens.CountCache(path)._parse()
    assert len(parsed) == 2400
    assert all(parsed[hashlib.sha256(f"{w}-{j}".encode()).hexdigest()] == j for w in range(4) for j in range(600))


def test_known_hash_lookup_is_fast(tmp_path):
    import hashlib
    import time

    path = tmp_path / "big-counts"
    keys = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(7000)]
    tokens.CountCache(path).add_many({k: i for i, k in enumerate(keys)})
    timings = []
    for probe in (keys[0], keys[3500], keys[-1], keys[10], keys[6000]):
        fresh = tokens.CountCache(path)
        t = time.perf_counter()
        assert fresh.get_many([probe]) == [keys.index(probe)]
        timings.append(time.perf_counter() - t)
        assert fresh._counts is None  # answered from one shard with find(), nothing parsed whole
    # measured ~0.25 ms on an idle machine (docs/tokens.md); generous here for loaded CI machines
    assert min(timings) < 0.02


def test_count_tokens_module_imports_nothing_heavy():
    out = _run("import sys, skillpm.tokens; print(sorted(m for m in ('tiktoken', 'httpx', 'yaml', 'sqlite3') if m in sys.modules))")
    assert out == "[]"


def test_unwritable_cache_still_counts(tmp_path, monkeypatch, reference_encoding):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("SKILLPM_CACHE_DIR", str(blocker))
    monkeypatch.setattr(tokens, "_ENCODER", None)
    assert tokens.count_tokens("unwritable cache") == len(reference_encoding.encode_ordinary("unwritable cache"))
    assert tokens.count_tokens("unwritable cache") == len(reference_encoding.encode_ordinary("unwritable cache"))
    assert blocker.read_text() == "a file where the cache folder should be"


def test_source_path_follows_tiktoken(tmp_path, monkeypatch):
    import hashlib

    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    assert tokens.source_path() == tmp_path / hashlib.sha1(tokens.SOURCE_URL.encode()).hexdigest()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    assert tokens.source_path() is None
