"""Crash trials: SIGKILL the real skillpm CLI at random moments during add, install, update and
remove, then check that nothing is half-written and that running the command again completes it.

    python bench/crash_trials.py --trials 200 --out crash-results.json

Each trial restores a prepared project, starts ``python -m skillpm <command>`` in its own process
group with ``SKILLPM_TEST_WRITE_DELAY`` set (skillpm sleeps that long at each write step, so kill
points spread over the write phase too), kills the group with SIGKILL after a delay drawn uniformly
from [0, measured duration of the same command], and then checks:

  1. every target folder holds the old complete skill or the new one (or is absent where the
     skill was absent before / after), and the untouched skill is byte-identical;
  2. skillpm.lock and skillpm.toml parse, and the lock is the old one or the new one;
  3. verify passes or names only the unfinished skill (``ops.verify.verify``, the function behind
     ``skillpm verify``; ``--cli-verify`` runs the command itself instead);
  4. nothing was written outside the project's skills folders, the lock and the manifest
     (temporary ``.skillpm-tmp-*`` siblings are allowed until the next run);
  5. running the command again (no delay) succeeds, leaves exactly the new state, ``verify``
     passes, and no temporary siblings are left behind.

"update" is ``skillpm update`` when that command exists, else ``skillpm add`` of a changed source
over an installed version (the same replace path); the summary says which one ran.
The tests (tests/reliability/test_crash.py) run a smaller sample of the same function.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

AGENTS = ["claude-code", "codex"]
SKILL_DIRS = [".claude/skills", ".agents/skills"]  # where those two agents read project skills
TIKTOKEN_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
COMMANDS = ["add", "install", "update", "remove"]
CMD_TIMEOUT = 120


# ------------------------------------------------------------------ environment


def tiktoken_dir(base: Path) -> Path:
    """A TIKTOKEN_CACHE_DIR holding o200k_base (from $TIKTOKEN_CACHE_DIR, $SKILLPM_TEST_TIKTOKEN or ../shared)."""
    name = hashlib.sha1(TIKTOKEN_URL.encode()).hexdigest()
    env_dir = os.environ.get("TIKTOKEN_CACHE_DIR")
    if env_dir and (Path(env_dir) / name).is_file():
        return Path(env_dir)
    for cand in [os.environ.get("SKILLPM_TEST_TIKTOKEN"), REPO.parent / "shared" / "data" / "o200k_base.tiktoken"]:
        if cand and Path(cand).is_file():
            d = base / "tiktoken"
            d.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(cand, d / name)
            return d
    raise SystemExit("o200k_base.tiktoken not found: set SKILLPM_TEST_TIKTOKEN or TIKTOKEN_CACHE_DIR")


def make_env(root: Path, tk_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKILLPM_", "GIT_", "XDG_"))
           and k not in ("CLAUDE_CONFIG_DIR", "CODEX_HOME")}
    env.update({
        "HOME": str(root / "home"), "SKILLPM_CACHE_DIR": str(root / "cache"),
        "SKILLPM_CONFIG_DIR": str(root / "config"), "SKILLPM_DATA_DIR": str(root / "data"),
        "TIKTOKEN_CACHE_DIR": str(tk_dir), "NO_COLOR": "1", "COLUMNS": "120",
        "PYTHONPATH": str(REPO) + os.pathsep + env.get("PYTHONPATH", ""),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com",
    })
    return env


def skillpm(args: list[str], cwd: Path, env: dict, check: bool = True) -> subprocess.CompletedProcess:
    p = subprocess.run([sys.executable, "-m", "skillpm", *args], cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=CMD_TIMEOUT)
    if check and p.returncode != 0:
        raise RuntimeError(f"skillpm {' '.join(args)} failed ({p.returncode}): {p.stderr.strip()}")
    return p


def git(args: list[str], cwd: Path, env: dict) -> str:
    return subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args], cwd=cwd,
                          env=env, check=True, capture_output=True, text=True, timeout=60).stdout.strip()


def has_update_command(env: dict) -> bool:
    p = subprocess.run([sys.executable, "-m", "skillpm", "update", "--help"], env=env, capture_output=True,
                       text=True, timeout=CMD_TIMEOUT)
    return p.returncode == 0


# ------------------------------------------------------------------ skills


def skill_files(name: str, version: int) -> dict[str, bytes | str]:
    """Twelve files; version 2 changes most of them, adds one and drops one."""
    files: dict[str, bytes | str] = {
        "SKILL.md": f"---\nname: {name}\ndescription: Crash trial skill {name}, version {version}.\n---\n"
                    f"# {name}\n\nVersion {version}. Read references/ when needed.\n",
        "scripts/run.sh": f"#!/bin/sh\necho {name} {version}\n",
    }
    for i in range(10):
        if version == 2 and i == 9:
            continue
        files[f"references/part-{i}.md"] = f"# Part {i} of {name} v{version}\n\n" + ("text " * 200) + "\n"
    if version == 2:
        files["references/new-in-v2.md"] = "added in version 2\n"
    return files


def write_skill(folder: Path, name: str, version: int) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for rel, content in skill_files(name, version).items():
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content) if isinstance(content, str) else p.write_bytes(content)
        if rel.startswith("scripts/"):
            p.chmod(0o755)


def h1_of(name: str, version: int) -> str:
    from skillpm.hashing import dirhash

    return dirhash({k: v.encode() if isinstance(v, str) else v for k, v in skill_files(name, version).items()})


# ------------------------------------------------------------------ scenarios


class Scenario:
    """Prepared state + the command under test + what "old" and "new" look like."""

    def __init__(self, command: str, use_update: bool):
        self.command = command
        self.use_update = use_update
        self.h_keep = h1_of("keep", 1)
        self.h_old = {"add": None, "install": None, "update": h1_of("demo", 1), "remove": h1_of("demo", 1)}[command]
        self.h_new = {"add": h1_of("demo", 2), "install": h1_of("demo", 1), "update": h1_of("demo", 2),
                      "remove": None}[command]
        self.lock_old = {"add": {"keep"}, "install": {"keep", "demo"}, "update": {"keep", "demo"},
                         "remove": {"keep", "demo"}}[command]
        self.lock_new = {"add": {"keep", "demo"}, "install": {"keep", "demo"}, "update": {"keep", "demo"},
                         "remove": {"keep"}}[command]

    @property
    def label(self) -> str:
        return self.command if self.command != "update" or self.use_update else "update (add over v1)"

    def argv(self, root: Path) -> list[str]:
        a = ["-a", AGENTS[0], "-a", AGENTS[1]]
        if self.command == "add":
            return ["add", "./vendor/demo", *a, "--yes"]
        if self.command == "install":
            return ["install", "--yes"]
        if self.command == "update":
            return ["update", "demo", "--yes"] if self.use_update else ["add", "./vendor/demo", *a, "--yes"]
        return ["remove", "demo"]

    def prepare(self, root: Path, env: dict, upstream: Path) -> None:
        """Build the "old" state in ``root`` (which is then saved as this scenario's template)."""
        for d in ("home", "cache", "config", "data"):
            (root / d).mkdir(parents=True, exist_ok=True)
        proj = root / "project"
        write_skill(proj / "vendor" / "keep", "keep", 1)
        skillpm(["add", "./vendor/keep", "-a", AGENTS[0], "-a", AGENTS[1], "--yes"], proj, env)
        if self.command == "add":
            write_skill(proj / "vendor" / "demo", "demo", 2)
        elif self.command == "install":
            # A git source, fetched again on install: the kill can land in the fetch too.
            # The upstream lives outside the trial folder and is shared (read-only) by every trial.
            up = upstream
            up.mkdir()
            git(["init", "-q"], up, env)
            write_skill(up / "skills" / "demo", "demo", 1)
            git(["add", "-A"], up, env)
            git(["commit", "-q", "-m", "v1"], up, env)
            skillpm(["add", up.as_uri(), "--skill", "demo", "-a", AGENTS[0], "-a", AGENTS[1], "--yes"], proj, env)
            for d in SKILL_DIRS:
                shutil.rmtree(proj / d / "demo")
            shutil.rmtree(root / "cache")  # store and git objects gone: a fresh clone of the project
            (root / "cache").mkdir()
        else:  # update, remove: demo v1 installed
            write_skill(proj / "vendor" / "demo", "demo", 1)
            skillpm(["add", "./vendor/demo", "-a", AGENTS[0], "-a", AGENTS[1], "--yes"], proj, env)
            if self.command == "update":
                if self.use_update:
                    # `update` follows the manifest's source: a git repo would be needed for a
                    # moving ref; a local path source is re-read as it is now.
                    pass
                write_skill(proj / "vendor" / "demo", "demo", 2)


# ------------------------------------------------------------------ checks


def debris(proj: Path) -> list[str]:
    found = []
    for d in [proj, *(proj / s for s in SKILL_DIRS)]:
        if d.is_dir():
            found += [str((d / e).relative_to(proj)) for e in os.listdir(d) if e.startswith(".skillpm-")]
    return sorted(found)


def check_state(sc: Scenario, root: Path, final: bool) -> tuple[list[str], dict]:
    """Invariants 1, 2 and 4 (and 5 when ``final``). Returns (violations, observed state)."""
    from skillpm.errors import SkillpmError
    from skillpm.hashing import read_tree
    from skillpm.lockfile import load_lock
    from skillpm.manifest import load_manifest

    bad: list[str] = []
    proj = root / "project"
    obs: dict = {"folders": {}}
    try:
        lock = load_lock(proj)
        names = set(lock.skills)
        obs["lock"] = sorted(names)
        if names not in (sc.lock_old, sc.lock_new):
            bad.append(f"lock holds {sorted(names)}, neither old {sorted(sc.lock_old)} nor new {sorted(sc.lock_new)}")
        obs["lock_demo"] = lock.skills["demo"].hash if "demo" in lock.skills else None
        if "demo" in lock.skills and lock.skills["demo"].hash not in {sc.h_old, sc.h_new} - {None}:
            bad.append(f"lock's demo hash {lock.skills['demo'].hash} is neither old nor new")
        if final and names != sc.lock_new:
            bad.append(f"after re-run the lock holds {sorted(names)}, expected {sorted(sc.lock_new)}")
    except SkillpmError as exc:
        bad.append(f"lock does not parse: {exc.message}")
    try:
        m = load_manifest(proj)
        obs["manifest"] = sorted(m.skills)
        if final and set(m.skills) != sc.lock_new:
            bad.append(f"after re-run the manifest holds {sorted(m.skills)}, expected {sorted(sc.lock_new)}")
    except SkillpmError as exc:
        bad.append(f"manifest does not parse: {exc.message}")
    allowed = {sc.h_new} if final else {sc.h_old, sc.h_new}
    for d in SKILL_DIRS:
        for name, ok in (("demo", allowed), ("keep", {sc.h_keep})):
            f = proj / d / name
            if not (f.exists() or f.is_symlink()):
                h = None
            else:
                try:
                    h = read_tree(f).h1
                except SkillpmError as exc:
                    h = f"unreadable: {exc.message}"
            obs["folders"][f"{d}/{name}"] = h
            if h not in ok:
                bad.append(f"{d}/{name} holds {h}, expected one of {sorted(map(str, ok))}")
    # Nothing out of place: project top level, skills folders, HOME.
    top_ok = {".claude", ".agents", "vendor", "skillpm.toml", "skillpm.lock"}
    for e in os.listdir(proj):
        if e not in top_ok and not e.startswith(".skillpm-tmp-"):
            bad.append(f"unexpected {e} in the project")
    for d in SKILL_DIRS:
        if (proj / d).is_dir():
            for e in os.listdir(proj / d):
                if e not in ("demo", "keep") and not e.startswith((".skillpm-tmp-", ".skillpm-old-")):
                    bad.append(f"unexpected {d}/{e}")
    if os.listdir(root / "home"):
        bad.append(f"something was written into HOME: {os.listdir(root / 'home')}")
    if final:
        left = debris(proj)
        obs["debris"] = left
        if left:
            bad.append(f"temporary files left after the re-run: {left}")
    return bad, obs


def check_verify(root: Path, env: dict, cli: bool) -> tuple[list[str], str]:
    """Invariant 3: verify passes or names exactly the unfinished skill (demo).

    ``cli``: run `skillpm verify --json` as a process; else call ``skillpm.ops.verify.verify``,
    the function that command prints (the same check, without a second interpreter start)."""
    if cli:
        p = skillpm(["verify", "--json"], root / "project", env, check=False)
        try:
            res = json.loads(p.stdout).get("result") or {}
        except ValueError:
            return [f"verify printed no JSON (exit {p.returncode}): {p.stderr.strip()[:200]}"], "error"
        ok, names = p.returncode == 0 and bool(res.get("ok")), {d["skill"] for d in res.get("problems", [])}
    else:
        from skillpm.errors import SkillpmError
        from skillpm.ops.verify import verify

        try:
            res = verify(project=root / "project")
        except SkillpmError as exc:
            return [f"verify failed: {exc.message}"], "error"
        ok, names = res.ok, {d.skill for d in res.problems}
    if ok:
        return [], "ok"
    if names == {"demo"}:
        return [], "names demo"
    return [f"verify reports problems with {sorted(names)}"], "bad"


# ------------------------------------------------------------------ one trial


def run_trial(sc: Scenario, slot: Path, template: Path, env: dict, kill: tuple[str, float], delay: float,
              cli_verify: bool) -> dict:
    """One trial. ``kill`` is ("whole run", seconds after start) or ("write phase", seconds after
    the first write is seen on disk), so that write-phase kills do not depend on how loaded the machine is."""
    work = slot / "work"
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(template, work, symlinks=True)
    proj = work / "project"
    kenv = dict(env, SKILLPM_TEST_WRITE_DELAY=str(delay))
    window, offset = kill
    before = _fs_snapshot(work)
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "skillpm", *sc.argv(work)], cwd=proj, env=kenv,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    kill_after = offset
    if window == "write phase":
        while proc.poll() is None and _fs_snapshot(work) == before:
            time.sleep(0.01)
        kill_after = time.monotonic() - t0 + offset
    try:
        proc.wait(timeout=max(0.0, kill_after - (time.monotonic() - t0)))
        killed = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the group: git children die with it, like a power cut
        proc.wait(timeout=CMD_TIMEOUT)
        killed = True
    first_err = proc.stderr.read().decode("utf-8", "replace").strip() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    elapsed = time.monotonic() - t0
    result = {"command": sc.command, "kill_after": round(kill_after, 3), "killed": killed,
              "exit": proc.returncode, "violations": []}
    if not killed and proc.returncode != 0:
        result["violations"].append(f"uninterrupted run failed ({proc.returncode}): {first_err[:300]}")
    bad, obs = check_state(sc, work, final=False)
    result["violations"] += bad
    folders = [v for k, v in obs["folders"].items() if k.endswith("/demo")]
    lock_state = "new" if set(obs.get("lock", [])) == sc.lock_new and sc.lock_new != sc.lock_old else "old"
    locked_old = sc.h_old if sc.command != "install" else sc.h_new  # install never changes the lock
    if all(h == sc.h_old for h in folders) and (lock_state == "old" or sc.lock_old == sc.lock_new) \
            and set(obs.get("manifest", [])) == sc.lock_old and obs.get("lock_demo") == locked_old:
        result["state"] = "old"
    elif all(h == sc.h_new for h in folders) and set(obs.get("lock", [])) == sc.lock_new \
            and set(obs.get("manifest", [])) == sc.lock_new and obs.get("lock_demo") == sc.h_new:
        result["state"] = "new"
    else:
        result["state"] = "between"  # some folders done, or lock done but not manifest: each piece whole
    result["debris_after_kill"] = len(debris(proj))
    vbad, vstate = check_verify(work, env, cli_verify)
    result["violations"] += vbad
    result["verify_after_kill"] = vstate
    # Run again, without the delay: it must complete.
    again = skillpm(sc.argv(work), proj, env, check=False)
    if again.returncode != 0:
        done_already = sc.command == "remove" and result["state"] == "new" and "not installed" in again.stderr
        if not done_already:
            result["violations"].append(f"re-run failed ({again.returncode}): {again.stderr.strip()[:300]}")
    bad, obs = check_state(sc, work, final=True)
    result["violations"] += bad
    vbad, vstate = check_verify(work, env, cli_verify)
    if vstate != "ok":
        result["violations"].append(f"verify after re-run: {vstate} {vbad}")
    result["seconds"] = round(elapsed, 3)
    return result


def _fs_snapshot(work: Path) -> tuple:
    """What a write by skillpm would change: skills folders, lock, manifest, store and git cache."""
    proj = work / "project"
    parts = []
    for d in SKILL_DIRS:
        parts.append(tuple(sorted(os.listdir(proj / d))) if (proj / d).is_dir() else None)
    for f in ("skillpm.lock", "skillpm.toml"):
        parts.append(os.stat(proj / f).st_mtime_ns if (proj / f).exists() else None)
    for d in ("store", "git"):
        parts.append(sum(len(fs) + len(ds) for _, ds, fs in os.walk(work / "cache" / d)))
    return tuple(parts)


def measure(sc: Scenario, template: Path, work: Path, env: dict, delay: float) -> tuple[float, float]:
    """(seconds until the first write, total seconds) of one uninterrupted run with the write delay."""
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(template, work, symlinks=True)
    before = _fs_snapshot(work)
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "skillpm", *sc.argv(work)], cwd=work / "project",
                            env=dict(env, SKILLPM_TEST_WRITE_DELAY=str(delay)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    first = None
    while proc.poll() is None:
        if first is None and _fs_snapshot(work) != before:
            first = time.monotonic() - t0
        time.sleep(0.005)
    total = time.monotonic() - t0
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{sc.command} does not run uninterrupted: {err.strip()}")
    return (first if first is not None else 0.0), total


def run_trials(n: int, workdir: Path, *, seed: int = 1, delay: float = 0.05, workers: int | None = None,
               commands: list[str] | None = None, cli_verify: bool = False, uniform_share: float = 0.25,
               log=None) -> dict:
    """Run ``n`` trials spread evenly over ``commands``; return the summary (see ``main``).

    A share ``uniform_share`` of the kill times is drawn uniformly over the whole measured run;
    the rest uniformly over its write phase (from the first write seen to the end), so that most
    kills land while files are being written rather than while Python starts.
    """
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    tk = tiktoken_dir(workdir)
    commands = commands or COMMANDS
    workers = workers or max(1, min(4, os.cpu_count() or 1))
    probe = workdir / "probe"
    probe.mkdir(exist_ok=True)
    use_update = has_update_command(make_env(probe, tk))
    scenarios = {c: Scenario(c, use_update) for c in commands}
    rng = random.Random(seed)
    plan = [commands[i % len(commands)] for i in range(n)]
    rng.shuffle(plan)
    kills = [(rng.random() < uniform_share, rng.random()) for _ in plan]

    # Templates are relocatable (sources are ./vendor paths or the one shared upstream repo),
    # so each scenario is prepared once and copied into a fresh folder for every trial.
    templates: dict[str, Path] = {}
    timing: dict[str, tuple[float, float]] = {}
    lock = threading.Lock()

    def prepare(c: str) -> None:
        work = workdir / f"prep-{c}"
        work.mkdir(parents=True)
        env = make_env(work, tk)
        scenarios[c].prepare(work, env, workdir / "upstream")
        tpl = workdir / f"template-{c}"
        shutil.copytree(work, tpl, symlinks=True)
        shutil.rmtree(work)
        with lock:
            templates[c] = tpl

    t_start = time.monotonic()
    with ThreadPoolExecutor(workers) as ex:
        list(ex.map(prepare, commands))
    for c in commands:  # one at a time, so that the measurement is not slowed by the others
        work = workdir / f"measure-{c}"
        timing[c] = measure(scenarios[c], templates[c], work, make_env(work, tk), delay)
        shutil.rmtree(work)
    queue = list(enumerate(plan))
    results: list[dict] = []

    def worker(i: int) -> None:
        slot = workdir / f"slot{i}"
        slot.mkdir(exist_ok=True)
        env = make_env(slot / "work", tk)
        while True:
            with lock:
                if not queue:
                    return
                k, c = queue.pop(0)
            first, total = timing[c]
            whole, u = kills[k]
            kill = ("whole run", u * total) if whole else ("write phase", u * (total - first))
            r = run_trial(scenarios[c], slot, templates[c], env, kill, delay, cli_verify)
            r["trial"], r["kill_window"] = k, kill[0]
            with lock:
                results.append(r)
                if log:
                    log(r)

    with ThreadPoolExecutor(workers) as ex:
        list(ex.map(worker, range(workers)))
    results.sort(key=lambda r: r["trial"])
    by_cmd = {}
    for c in commands:
        rs = [r for r in results if r["command"] == c]
        by_cmd[scenarios[c].label] = {
            "trials": len(rs), "killed": sum(r["killed"] for r in rs),
            "killed_in_write_phase_window": sum(r["killed"] and r["kill_window"] == "write phase" for r in rs),
            "state_old": sum(r["state"] == "old" for r in rs), "state_between": sum(r["state"] == "between" for r in rs),
            "state_new": sum(r["state"] == "new" for r in rs),
            "verify_named_unfinished": sum(r.get("verify_after_kill") == "names demo" for r in rs),
            "temp_siblings_after_kill": sum(r["debris_after_kill"] > 0 for r in rs),
            "seconds_to_first_write": round(timing[c][0], 3), "measured_seconds": round(timing[c][1], 3),
            "violations": sum(bool(r["violations"]) for r in rs),
        }
    return {
        "trials": len(results), "killed": sum(r["killed"] for r in results),
        "violations": sum(bool(r["violations"]) for r in results),
        "update_command": "skillpm update" if use_update else "not on this branch: add over an installed version",
        "seed": seed, "write_delay": delay, "workers": workers, "cli_verify": cli_verify,
        "wall_seconds": round(time.monotonic() - t_start, 1), "by_command": by_cmd,
        "failures": [r for r in results if r["violations"]],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=200)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--delay", type=float, default=0.05, help="SKILLPM_TEST_WRITE_DELAY (seconds per write step)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--uniform-share", type=float, default=0.25,
                    help="share of kill times drawn over the whole run (the rest: over the write phase)")
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument("--workdir", default=None, help="scratch folder (default: a new temporary folder)")
    ap.add_argument("--cli-verify", action="store_true",
                    help="check with `skillpm verify --json` processes instead of calling ops.verify (slower)")
    ap.add_argument("--out", default=None, help="write the JSON summary here too")
    a = ap.parse_args(argv)
    import tempfile

    workdir = Path(a.workdir) if a.workdir else Path(tempfile.mkdtemp(prefix="skillpm-crash-"))

    def log(r: dict) -> None:
        flag = "FAIL " + "; ".join(r["violations"]) if r["violations"] else "ok"
        print(f"trial {r['trial']:4d} {r['command']:8s} kill@{r['kill_after']:.3f}s ({r['kill_window']}) "
              f"{'killed' if r['killed'] else 'finished'} state={r['state']:8s} {flag}", file=sys.stderr)

    summary = run_trials(a.trials, workdir, seed=a.seed, delay=a.delay, workers=a.workers,
                         commands=a.commands.split(","), uniform_share=a.uniform_share,
                         cli_verify=a.cli_verify, log=log)
    text = json.dumps(summary, indent=2)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    shutil.rmtree(workdir, ignore_errors=True)
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
