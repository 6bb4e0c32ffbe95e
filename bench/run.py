"""Side-by-side benchmark: skillpm against its peer, `npx skills` (the npm `skills` package).

    python bench/run.py            # every scenario, 7 runs each, table of medians at the end
    python bench/run.py --quick    # 3 runs each
    python bench/run.py --json     # one JSON document on stdout instead of the table
    python bench/run.py -k add     # only scenarios whose id contains "add"

Each scenario runs both tools in the same loop, alternating which goes first, as real
subprocesses, in temporary HOME and project folders. Nothing here touches the network:
the peer runs with telemetry disabled and only ever reads local paths; skillpm reads local
paths and file:// git repositories. The peer is installed by npm into bench/.work/peer
(pinned version, see PEER_VERSION) the first time this script runs.

Two scenarios belong to other parts of the project and are measured by their own scripts,
which this one calls: bench/tokenizer_load.py and bench/parallel_fetch.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
WORK = BENCH / ".work"
PEER_DIR = WORK / "peer"
# The newest `skills` release whose package.json accepts Node 20 ("node": ">=18"); from 1.5.19 on
# it asks for Node >= 22.20. Override with --peer-version on a machine with a newer Node.
PEER_VERSION = "1.5.18"
TIKTOKEN_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
AGENTS = ("claude-code", "codex", "cursor")
AGENT_FLAGS = tuple(x for agent in AGENTS for x in ("--agent", agent))

# Variables of the caller that would leak into the tools' behaviour.
_SCRUB = ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
          "SKILLPM_INDEX", "SKILLPM_CACHE_DIR", "SKILLPM_CONFIG_DIR", "SKILLPM_DATA_DIR",
          "PYTHONDONTWRITEBYTECODE", "PYTHONPROFILEIMPORTTIME", "CI", "GITHUB_ACTIONS",
          "FORCE_COLOR", "TYPER_USE_RICH")


class BenchError(Exception):
    pass


# --------------------------------------------------------------------------- skills to install

def skill_md(name: str, paragraphs: int = 12) -> str:
    """A SKILL.md of realistic size (~3 KB): frontmatter, headings, steps, a code block."""
    body = [f"# {name.replace('-', ' ').title()}\n",
            "Use this skill when the user asks to turn raw notes into a short, well structured report.\n"]
    for i in range(paragraphs):
        body.append(f"## Step {i + 1}\n\nRead the input files under `references/` and pick the parts that matter "
                    f"for step {i + 1}. Keep the wording of quotes exact, cite the file and line, and prefer short "
                    "sentences. When a number is missing, say so instead of guessing.\n")
    body.append("```bash\nscripts/run.sh --input notes/ --output report.md\n```\n")
    return (f"---\nname: {name}\ndescription: Turn raw notes into a short structured report ({name}). Use when "
            f"asked to summarise, condense or report on a folder of notes.\nlicense: MIT\n---\n" + "\n".join(body))


def write_skill(root: Path, name: str) -> Path:
    d = root / name
    (d / "references").mkdir(parents=True, exist_ok=True)
    (d / "scripts").mkdir(exist_ok=True)
    (d / "SKILL.md").write_text(skill_md(name), encoding="utf-8")
    (d / "references" / "guide.md").write_text(
        "# Guide\n\n" + "".join(f"- Rule {i}: keep section {i} under two hundred words, with one example.\n"
                                for i in range(60)), encoding="utf-8")
    script = d / "scripts" / "run.sh"
    script.write_text("#!/bin/sh\nset -eu\nprintf 'report for %s\\n' \"$2\"\n", encoding="utf-8")
    script.chmod(0o755)
    return d


def make_skill_folder(root: Path, count: int, prefix: str = "skill") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        write_skill(root / "skills", f"{prefix}-{i:03d}")
    return root


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
                          cwd=cwd, check=True, capture_output=True, text=True, timeout=120).stdout.strip()


def make_git_repo(root: Path, count: int, prefix: str) -> Path:
    make_skill_folder(root, count, prefix)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "skills")
    return root


# --------------------------------------------------------------------------- the two tools

def tokenizer_file() -> Path | None:
    env = os.environ.get("SKILLPM_TEST_TIKTOKEN")
    for cand in ([Path(env)] if env else []) + [ROOT.parent / "shared" / "data" / "o200k_base.tiktoken"]:
        if cand.is_file():
            return cand
    return None


def base_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _SCRUB}
    env.update(NO_COLOR="1", COLUMNS="120", GIT_CONFIG_NOSYSTEM="1")
    return env


@dataclass
class Sandbox:
    """One temporary machine: HOME, project, and skillpm's cache/config/data folders."""
    root: Path

    def __post_init__(self):
        for sub in ("home", "project", "cache", "config", "data"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def project(self) -> Path:
        return self.root / "project"

    def new_project(self, name: str) -> Path:
        p = self.root / name
        if p.exists():
            shutil.rmtree(p)
        p.mkdir()
        return p


class Tool:
    name: str
    last_cpu: float = 0.0

    def run(self, args: list[str], sb: Sandbox, cwd: Path | None = None) -> float:
        env = self.env(sb)
        cmd = self.argv(args)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=cwd or sb.project, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=600)
        elapsed = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        # CPU seconds of the tool and the children it waited for (git, node workers): less
        # sensitive than wall time to other load on a shared machine.
        self.last_cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        if proc.returncode != 0:
            raise BenchError(f"{self.name} {' '.join(args)} exited {proc.returncode}\n"
                             f"--- stdout\n{proc.stdout.decode(errors='replace')[-3000:]}\n"
                             f"--- stderr\n{proc.stderr.decode(errors='replace')[-3000:]}")
        return elapsed

    def argv(self, args: list[str]) -> list[str]:
        raise NotImplementedError

    def env(self, sb: Sandbox) -> dict[str, str]:
        raise NotImplementedError


class Skillpm(Tool):
    name = "skillpm"

    def __init__(self, command: list[str] | None, tiktoken_dir: Path, python: str | None = None,
                 root: Path = ROOT):
        self.root = root
        # Absolute (without resolving a venv's symlink): the tools run in other folders.
        self.python = os.path.abspath(python) if python and os.sep in python else (python or sys.executable)
        self.command = command or [self.python, "-m", "skillpm"]
        self.tiktoken_dir = tiktoken_dir

    def argv(self, args):
        return [*self.command, *args]

    def env(self, sb):
        env = base_env()
        env.update(HOME=str(sb.home), SKILLPM_CACHE_DIR=str(sb.root / "cache"),
                   SKILLPM_CONFIG_DIR=str(sb.root / "config"), SKILLPM_DATA_DIR=str(sb.root / "data"),
                   TIKTOKEN_CACHE_DIR=str(self.tiktoken_dir))
        env["PYTHONPATH"] = os.pathsep.join([str(self.root), *filter(None, [os.environ.get("PYTHONPATH")])])
        return env

    def describe(self) -> str:
        env = base_env() | {"PYTHONPATH": str(self.root)}
        proc = subprocess.run([*self.command, "--version"], capture_output=True, text=True, env=env, timeout=60)
        version = (proc.stdout.strip() or "?").splitlines()[-1] if proc.returncode == 0 else "?"
        probe = ("import sys, importlib.metadata as m; print(sys.version.split()[0], m.version('typer'))")
        py, typer = subprocess.run([self.python, "-c", probe], capture_output=True, text=True, env=env,
                                   timeout=60).stdout.split() or ["?", "?"]
        how = "python -m skillpm" if self.command[:2] == [self.python, "-m"] else " ".join(self.command)
        return f"{version} (Python {py}, typer {typer}), run as `{how}`"


class Peer(Tool):
    name = "peer"

    def __init__(self, version: str, node: str = "node"):
        self.version = version
        self.node = node
        self.cli = PEER_DIR / "node_modules" / "skills" / "bin" / "cli.mjs"

    def ensure(self) -> None:
        if shutil.which(self.node) is None:
            raise BenchError("node is not on PATH; the peer (`npx skills`) needs Node.js")
        pkg = PEER_DIR / "node_modules" / "skills" / "package.json"
        if pkg.is_file() and json.loads(pkg.read_text()).get("version") == self.version:
            return
        if shutil.which("npm") is None:
            raise BenchError("npm is not on PATH; install Node.js with npm, or put the peer in " + str(PEER_DIR))
        PEER_DIR.mkdir(parents=True, exist_ok=True)
        print(f"installing skills@{self.version} into {PEER_DIR} …", file=sys.stderr)
        subprocess.run(["npm", "install", "--prefix", str(PEER_DIR), f"skills@{self.version}", "--no-audit",
                        "--no-fund", "--ignore-scripts", "--loglevel=error"], check=True, timeout=600)

    def node_version(self) -> str:
        return subprocess.run([self.node, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()

    def argv(self, args):
        # node on the bin script directly: `npx skills` would add npx's own start-up (~0.3 s more).
        return [self.node, str(self.cli), *args]

    def env(self, sb):
        env = base_env()
        # Both switches the peer reads (dist/cli.mjs isEnabled()); with them it opens no socket
        # for a local-path add (checked with strace and with `unshare -n`).
        env.update(HOME=str(sb.home), DISABLE_TELEMETRY="1", DO_NOT_TRACK="1")
        return env

    def describe(self) -> str:
        return f"skills {self.version} (npm), Node {self.node_version()}, run as `node …/skills/bin/cli.mjs`"


# --------------------------------------------------------------------------- scenarios

@dataclass
class Result:
    id: str
    title: str
    target: str
    skillpm: list[float] = field(default_factory=list)
    peer: list[float] = field(default_factory=list)
    skillpm_cpu: list[float] = field(default_factory=list)
    peer_cpu: list[float] = field(default_factory=list)
    limit_s: float | None = None      # absolute target for skillpm's median
    limit_ratio: float | None = None  # target for skillpm / peer
    note: str = ""
    external: dict | None = None      # result handed back by another bench script

    @staticmethod
    def med(xs: list[float]) -> float | None:
        return statistics.median(xs) if xs else None

    @property
    def ratio(self) -> float | None:
        s, p = self.med(self.skillpm), self.med(self.peer)
        return s / p if s is not None and p else None

    @property
    def cpu_ratio(self) -> float | None:
        s, p = self.med(self.skillpm_cpu), self.med(self.peer_cpu)
        return s / p if s is not None and p else None

    @property
    def met(self) -> bool | None:
        if self.external is not None:
            return self.external.get("met")
        s = self.med(self.skillpm)
        if s is None:
            return None
        ok = True
        if self.limit_s is not None:
            ok &= s <= self.limit_s
        if self.limit_ratio is not None:
            ok &= self.ratio is not None and self.ratio <= self.limit_ratio
        return ok

    def as_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "target": self.target, "note": self.note,
                "skillpm_median_s": self.med(self.skillpm), "peer_median_s": self.med(self.peer),
                "ratio": self.ratio, "met": self.met, "skillpm_runs_s": self.skillpm, "peer_runs_s": self.peer,
                "skillpm_cpu_median_s": self.med(self.skillpm_cpu), "peer_cpu_median_s": self.med(self.peer_cpu),
                "cpu_ratio": self.cpu_ratio, "skillpm_cpu_runs_s": self.skillpm_cpu,
                "peer_cpu_runs_s": self.peer_cpu, "external": self.external}


class Bench:
    def __init__(self, skillpm: Skillpm, peer: Peer, runs: int, tmp: Path, verbose: bool, frozen_peer: bool = False):
        self.skillpm, self.peer, self.runs, self.tmp, self.verbose = skillpm, peer, runs, tmp, verbose
        self.frozen_peer = frozen_peer
        self.sources = tmp / "sources"
        self._counter = 0

    def sandbox(self, label: str) -> Sandbox:
        self._counter += 1
        return Sandbox(self.tmp / f"{self._counter:03d}-{label}")

    def log(self, msg: str) -> None:
        if self.verbose:
            print(msg, file=sys.stderr)

    def alternate(self, res: Result, prepare: Callable[[Tool, int], tuple[list[str], Sandbox, Path]],
                  tools: tuple[Tool, ...] | None = None) -> Result:
        """Run each tool self.runs times; odd iterations run skillpm first, even ones the peer."""
        tools = tools or (self.peer, self.skillpm)
        for i in range(self.runs):
            order = tools if i % 2 == 0 else tuple(reversed(tools))
            for tool in order:
                args, sb, cwd = prepare(tool, i)
                t = tool.run(args, sb, cwd)
                (res.skillpm if tool is self.skillpm else res.peer).append(t)
                (res.skillpm_cpu if tool is self.skillpm else res.peer_cpu).append(tool.last_cpu)
                self.log(f"  {res.id:<28} {tool.name:<8} run {i + 1}: {t * 1000:7.1f} ms wall, "
                         f"{tool.last_cpu * 1000:7.1f} ms cpu")
        return res

    # -- the add command, the same two skills into three agents --------------------------------

    def add_args(self, tool: Tool, src: Path) -> list[str]:
        if tool is self.peer:
            return ["add", str(src), "-a", *AGENTS, "-y"]
        return ["add", str(src / "skills" / "skill-000"), str(src / "skills" / "skill-001"), "--yes", *AGENT_FLAGS]

    def two_skills(self) -> Path:
        src = self.sources / "two"
        if not src.exists():
            make_skill_folder(src, 2)
        return src

    def scenario_help(self) -> Result:
        res = Result("help", "`--help`", "skillpm <= 120 ms", limit_s=0.120)
        sbs = {t: self.sandbox(f"help-{t.name}") for t in (self.peer, self.skillpm)}
        self.skillpm.run(["--help"], sbs[self.skillpm])  # writes skillpm's .pyc files once
        return self.alternate(res, lambda tool, i: (["--help"], sbs[tool], sbs[tool].project))

    def scenario_add_warm(self) -> Result:
        res = Result("add-warm", "add 2 local skills -> 3 agents, warm", "<= 0.5x peer", limit_ratio=0.5,
                     note="cache filled by one untimed add; a new empty project each run")
        src = self.two_skills()
        sbs = {t: self.sandbox(f"addwarm-{t.name}") for t in (self.peer, self.skillpm)}
        for tool, sb in sbs.items():
            tool.run(self.add_args(tool, src), sb, sb.new_project("warmup"))

        def prepare(tool, i):
            sb = sbs[tool]
            return self.add_args(tool, src), sb, sb.new_project(f"p{i}")
        return self.alternate(res, prepare)

    def scenario_add_cold(self) -> Result:
        res = Result("add-cold", "add 2 local skills -> 3 agents, new machine", "<= 1.0x peer", limit_ratio=1.0,
                     note="new HOME, empty skillpm cache/config/data each run; tiktoken's o200k file present")
        src = self.two_skills()

        def prepare(tool, i):
            sb = self.sandbox(f"addcold-{tool.name}-{i}")
            return self.add_args(tool, src), sb, sb.project
        return self.alternate(res, prepare)

    # -- list with 50 installed ------------------------------------------------------------------

    def scenario_list(self) -> Result:
        res = Result("list-50", "list, 50 skills installed", "skillpm <= 200 ms", limit_s=0.200)
        src = self.sources / "fifty"
        if not src.exists():
            make_skill_folder(src, 50)
        sbs = {t: self.sandbox(f"list-{t.name}") for t in (self.peer, self.skillpm)}
        for tool, sb in sbs.items():
            if tool is self.peer:
                tool.run(["add", str(src), "-a", *AGENTS, "-y"], sb)
            else:
                tool.run(["add", *[str(p) for p in sorted((src / "skills").iterdir())], "--yes", *AGENT_FLAGS], sb)
        return self.alternate(res, lambda tool, i: (["list"], sbs[tool], sbs[tool].project))

    # -- install --frozen of 100 locked skills -----------------------------------------------

    def _frozen_project(self) -> dict[Tool, Sandbox]:
        """A project with 100 skills from a file:// git repository, added and locked by skillpm
        (and, with --frozen-peer, the same skills added by the peer for its experimental_install)."""
        repo = self.sources / "hundred-repo"
        if not repo.exists():
            make_git_repo(repo, 100, "skill")
        sbs = {self.skillpm: self.sandbox("frozen-skillpm")}
        self.skillpm.run(["add", repo.as_uri(), "--yes", *AGENT_FLAGS], sbs[self.skillpm])
        if self.frozen_peer:
            sbs[self.peer] = self.sandbox("frozen-peer")
            self.peer.run(["add", str(repo), "-a", *AGENTS, "-y"], sbs[self.peer])
        return sbs

    @staticmethod
    def _wipe_installed(project: Path) -> None:
        for d in (".claude", ".agents", ".cursor", ".codex"):
            if (project / d).exists():
                shutil.rmtree(project / d)

    def scenario_frozen(self) -> list[Result]:
        peer_note = ("; peer: experimental_install" if self.frozen_peer else
                     "; peer not run (its experimental_install re-adds every skill from source; see --frozen-peer)")
        warm = Result("frozen-100-warm", "install --frozen, 100 locked, warm cache", "skillpm <= 1 s",
                      limit_s=1.0, note="agent folders (200) deleted before each run, store kept" + peer_note)
        noop = Result("frozen-100-noop", "install --frozen, 100 installed+verified", "skillpm <= 200 ms",
                      limit_s=0.200, note="all 200 folders present and re-hashed against the lock" + peer_note)
        sbs = self._frozen_project()
        tools = tuple(sbs)
        args = {self.skillpm: ["install", "--frozen"], self.peer: ["experimental_install"]}

        def prepare_warm(tool, i):
            self._wipe_installed(sbs[tool].project)
            return args[tool], sbs[tool], sbs[tool].project
        self.alternate(warm, prepare_warm, tools)
        for tool in sbs:  # leave everything installed
            tool.run(args[tool], sbs[tool])
        self.alternate(noop, lambda tool, i: (args[tool], sbs[tool], sbs[tool].project), tools)
        return [warm, noop]

    # -- scenarios measured by other scripts ---------------------------------------------------

    def external(self, script: str, res: Result, parse_text: Callable[[str], dict]) -> Result:
        """Run another helper's bench script with skillpm's environment; keep its numbers.

        A script that knows ``--json`` prints {"value_s", "reference_s", "reference", "ratio", "met"};
        otherwise its text output is read by ``parse_text``."""
        path = BENCH / script
        if not path.is_file():
            res.note = f"bench/{script} is not on this branch yet"
            return res
        text = path.read_text(encoding="utf-8")
        argv = [self.skillpm.python, str(path)]
        if '"--runs"' in text:
            argv += ["--runs", str(self.runs)]
        wants_json = '"--json"' in text
        if wants_json:
            argv.append("--json")
        env = self.skillpm.env(self.sandbox(script.removesuffix(".py")))
        proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        if proc.returncode != 0 and not (wants_json and proc.stdout.strip().startswith("{")):
            raise BenchError(f"bench/{script} exited {proc.returncode}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
        try:
            res.external = json.loads(proc.stdout) if wants_json else parse_text(proc.stdout)
        except (ValueError, KeyError) as e:
            raise BenchError(f"could not read the result of bench/{script}: {e}\n{proc.stdout[-2000:]}") from None
        res.note = res.note or f"measured by `python bench/{script}`" + (f": {res.external['how']}"
                                                                          if res.external.get("how") else "")
        return res


def _row_ms(text: str, label: str) -> float:
    """First number after ``label`` on the line that starts with it, in ms."""
    for line in text.splitlines():
        if line.startswith(label):
            return float(line[len(label):].split()[0].removesuffix("ms"))
    raise KeyError(f"no row {label!r}")


def parse_parallel_fetch(text: str) -> dict:
    slowest = _row_ms(text, "single (slowest of 50, alone)") / 1000
    for line in text.splitlines():
        if line.startswith("fetch_many, default pool"):
            label = line[:line.index(")") + 1]
            value = _row_ms(text, label) / 1000
            break
    else:
        raise KeyError("no fetch_many, default pool row")
    return {"value_s": value, "reference_s": slowest, "reference": "slowest single", "ratio": value / slowest,
            "met": value <= 2 * slowest, "how": label}


def parse_tokenizer_load(text: str) -> dict:
    """The "skillpm fast load" row: the first load in a new process once the ranks cache exists
    (the state of every run after the first); the empty-cache row is kept as the reference."""
    fast = _row_ms(text, "skillpm fast load") / 1000
    first = _row_ms(text, "skillpm first load") / 1000
    tik = _row_ms(text, "tiktoken get_encoding") / 1000
    return {"value_s": fast, "reference_s": tik, "reference": "tiktoken", "ratio": fast / tik, "met": fast <= 0.300,
            "how": f"'skillpm fast load' row, in-process time to the first encoded text (empty skillpm cache, "
                   f"which also writes the ranks cache: {first * 1000:.0f} ms; reference column: tiktoken's own "
                   f"get_encoding)"}


# --------------------------------------------------------------------------- external results

def external_summary(res: Result) -> tuple[str, str, str]:
    """(skillpm column, peer/reference column, ratio column) for a result from another script."""
    data = res.external or {}
    value = data.get("value_s", data.get("median_s"))
    ref = data.get("reference_s")
    ratio = data.get("ratio")
    return (fmt_s(value), (fmt_s(ref) + (f" {data['reference']}" if data.get("reference") else "")) if ref else "",
            f"{ratio:.2f}x" if isinstance(ratio, (int, float)) else "")


def fmt_s(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x * 1000:.0f} ms" if x < 10 else f"{x:.1f} s"


def table(results: list[Result], header: list[str]) -> str:
    rows = [("scenario", "skillpm", "peer", "ratio", "cpu ratio", "target", "met")]
    for r in results:
        if r.external is not None:
            s, p, ratio = external_summary(r)
            cpu = ""
        else:
            s, p = fmt_s(r.med(r.skillpm)), fmt_s(r.med(r.peer))
            ratio = f"{r.ratio:.2f}x" if r.ratio is not None else "-"
            cpu = f"{r.cpu_ratio:.2f}x" if r.cpu_ratio is not None else "-"
        met = {True: "yes", False: "NO", None: "-"}[r.met]
        rows.append((r.title, s, p, ratio, cpu, r.target, met))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [*header, ""]
    for n, row in enumerate(rows):
        lines.append("  ".join(c.ljust(w) if i == 0 or i >= 5 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(row, widths))).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    notes = [f"  {r.title}: {r.note}" for r in results if r.note]
    if notes:
        lines += ["", "notes:", *notes]
    return "\n".join(lines)


# --------------------------------------------------------------------------- main

SCENARIOS = ("help", "add-warm", "add-cold", "list-50", "frozen-100", "tokenizer-load", "parallel-fetch")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="runs per tool per scenario (default 7)")
    ap.add_argument("--quick", action="store_true", help="3 runs per scenario")
    ap.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    ap.add_argument("--save", metavar="FILE", help="also write the JSON document to FILE")
    ap.add_argument("-k", dest="only", action="append", default=[], help="only scenarios whose id contains this")
    ap.add_argument("--peer-version", default=PEER_VERSION)
    ap.add_argument("--python", default=None, help="interpreter that runs skillpm and the helper scripts "
                    "(default: the one running this script); skillpm is imported from this checkout")
    ap.add_argument("--skillpm-root", default=None, help="checkout to import skillpm from (default: this one), "
                    "to compare two versions")
    ap.add_argument("--skillpm", default=None, help="command to run skillpm instead, e.g. an installed console script")
    ap.add_argument("--frozen-peer", action="store_true", help="also time the peer's experimental_install "
                    "in the install --frozen scenarios (slow: it re-adds every skill from its source)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folders")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every run to stderr")
    args = ap.parse_args(argv)
    runs = 3 if args.quick else args.runs
    chosen = [s for s in SCENARIOS if not args.only or any(k in s for k in args.only)]

    src = tokenizer_file()
    if src is None:
        print("error: o200k_base.tiktoken not found beside the checkout (../shared/data); "
              "hint: set SKILLPM_TEST_TIKTOKEN to the file", file=sys.stderr)
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="skillpm-bench-"))
    try:
        tk = tmp / "tiktoken"
        tk.mkdir()
        shutil.copyfile(src, tk / hashlib.sha1(TIKTOKEN_URL.encode()).hexdigest())
        peer = Peer(args.peer_version)
        peer.ensure()
        skillpm = Skillpm(args.skillpm.split() if args.skillpm else None, tk, args.python,
                          Path(args.skillpm_root).resolve() if args.skillpm_root else ROOT)
        bench = Bench(skillpm, peer, runs, tmp, args.verbose, args.frozen_peer)
        header = [f"tool:    {skillpm.describe()}", f"peer:    {peer.describe()}",
                  f"machine: {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, load average "
                  f"{os.getloadavg()[0]:.1f} at start; {runs} runs per tool, alternating; medians of wall time "
                  "(cpu ratio: medians of user+sys CPU time)",
                  "command: python bench/run.py" + "".join(f" {a}" for a in (argv if argv is not None else sys.argv[1:]))]
        results: list[Result] = []
        for sid in chosen:
            print(f"scenario {sid} …", file=sys.stderr)
            if sid == "help":
                results.append(bench.scenario_help())
            elif sid == "add-warm":
                results.append(bench.scenario_add_warm())
            elif sid == "add-cold":
                results.append(bench.scenario_add_cold())
            elif sid == "list-50":
                results.append(bench.scenario_list())
            elif sid == "frozen-100":
                results.extend(bench.scenario_frozen())
            elif sid == "tokenizer-load":
                results.append(bench.external("tokenizer_load.py", Result(
                    "tokenizer-load", "tokenizer first load", "<= 300 ms"), parse_tokenizer_load))
            elif sid == "parallel-fetch":
                results.append(bench.external("parallel_fetch.py", Result(
                    "parallel-fetch", "fetch 50 skills/10 repos, +50 ms/req", "<= 2x slowest single"),
                    parse_parallel_fetch))
        doc = {"header": header, "results": [r.as_dict() for r in results]}
        if args.save:
            Path(args.save).write_text(json.dumps(doc, indent=2), encoding="utf-8")
        if args.json:
            print(json.dumps(doc, indent=2))
        else:
            print(table(results, header))
        return 0 if all(r.met is not False for r in results) else 1
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        if args.keep:
            print(f"kept {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
