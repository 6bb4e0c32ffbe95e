"""Where skills come from: a local folder, a git repository, or (see ``skillpm.index``) the index.

``parse_source`` turns what the user typed into a ``SourceSpec``; ``resolve_source``
turns a spec into ``Candidate`` skills (loaded, with the commit and git tree id
they came from). Git sources are fetched with the ``git`` command into a bare
repository in the cache, shallow, by commit when pinned; a commit already in the
cache is never fetched again.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError
from skillpm.hashing import SizeBudget, Tree, check_collisions, check_relpath
from skillpm.skill import Skill, skill_from_tree

SKIP_DIRS = {".git", "node_modules"}
GITHUB = "https://github.com"
GH_TREE = re.compile(r"^https?://github\.com/([^/]+)/([^/]+?)(?:\.git)?/(?:tree|blob)/([^/]+)(?:/(.*))?$")
GH_REPO = re.compile(r"^https?://github\.com/([^/]+)/([^/#@]+?)(?:\.git)?/?(?:[@#](.+))?$")
SHORTHAND = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)/([A-Za-z0-9_.-]+)((?:/[^@#]+)?)(?:[@#](.+))?$")


@dataclass
class SourceSpec:
    kind: str  # "local" | "git"
    location: str  # folder path (local) or clone URL (git)
    ref: str | None = None  # branch, tag or commit (git)
    subpath: str = ""  # folder inside the repository
    text: str = ""  # what the user typed
    from_user_file: bool = True  # file:// allowed (the user gave it)

    @property
    def display(self) -> str:
        return self.text or self.location

    def lock_source(self) -> str:
        return f"git+{self.location}" if self.kind == "git" else f"path:{self.location}"


@dataclass
class Candidate:
    """A skill found in a source, ready to cost, scan and install."""

    skill: Skill
    spec: SourceSpec
    path: str  # folder of the skill inside the source ("" when the source is the skill)
    commit: str | None = None
    tree_id: str | None = None
    index_id: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.skill.name

    @property
    def source(self) -> str:
        return self.spec.lock_source()


def is_local_path(text: str) -> bool:
    return text.startswith((".", "/", "~")) or (os.sep != "/" and os.sep in text) or Path(text).exists()


def parse_source(text: str) -> SourceSpec:
    """Parse a source as typed: path, git URL (with @ref or #ref), GitHub shorthand or tree URL."""
    t = text.strip()
    if not t:
        raise SkillpmError("empty source", "give a path, a git URL, owner/repo, or a skill name")
    if any(ord(c) < 32 for c in t):
        raise SkillpmError(f"source {text!r} contains control characters", "type the path or URL without them")
    if t.startswith("git+"):
        t = t[4:]
    if re.match(r"^[A-Za-z0-9+.-]+::", t):
        from skillpm.gitutil import check_url

        check_url(t)
    m = GH_TREE.match(t)
    if m:
        owner, repo, ref, sub = m.groups()
        return SourceSpec("git", f"{GITHUB}/{owner}/{repo}", ref, (sub or "").strip("/"), text)
    m = GH_REPO.match(t)
    if m:
        owner, repo, ref = m.groups()
        return SourceSpec("git", f"{GITHUB}/{owner}/{repo}", ref, "", text)
    if re.match(r"^(https?|ssh|git|file)://", t) or re.match(r"^[\w.-]+@[\w.-]+:", t):
        url, ref = _split_ref(t)
        return SourceSpec("git", url, ref, "", text)
    if is_local_path(t):
        return SourceSpec("local", str(Path(os.path.expanduser(t))), None, "", text)
    m = SHORTHAND.match(t)
    if m and "." not in m.group(1)[:1]:
        owner, repo, sub, ref = m.groups()
        if "." in owner and sub:  # host/group/repo form, e.g. gitlab.com/group/repo/path
            parts = [p for p in (repo + sub).split("/") if p]
            return SourceSpec("git", f"https://{owner}/{parts[0]}/{parts[1]}" if len(parts) > 1 else f"https://{owner}/{parts[0]}",
                              ref, "/".join(parts[2:]), text)
        return SourceSpec("git", f"{GITHUB}/{owner}/{repo.removesuffix('.git')}", ref, sub.strip("/"), text)
    raise SkillpmError(f"cannot understand source {text!r}",
                       "give a folder path, a git URL (https://, ssh://, git@host:, file://), owner/repo, "
                       "owner/repo/path, or a skill name from the index")


def _split_ref(url: str) -> tuple[str, str | None]:
    if "#" in url:
        base, _, ref = url.partition("#")
        return base, ref or None
    # an @ after the last '/' (and not the user@ of scp-like syntax) is a ref
    head, sep, last = url.rpartition("/")
    if sep and "@" in last:
        name, _, ref = last.rpartition("@")
        return f"{head}/{name}", ref or None
    return url, None


def discover_skills(root: Path) -> list[Path]:
    """Every folder under ``root`` holding a SKILL.md (any case), skipping .git and node_modules."""
    root = Path(root)
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        if any(f.lower() == "skill.md" for f in filenames):
            found.append(Path(dirpath))
    return sorted(found)


def discover_in_paths(paths: list[str]) -> list[str]:
    """Skill folders (relative paths) among the file paths of a repository listing."""
    dirs = set()
    for p in paths:
        parts = p.split("/")
        if any(part in SKIP_DIRS for part in parts[:-1]):
            continue
        if parts[-1].lower() == "skill.md":
            dirs.add("/".join(parts[:-1]))
    return sorted(dirs)


# ---------------------------------------------------------------- local


def _local_candidates(spec: SourceSpec, profile: str, limits: dict | None) -> list[Candidate]:
    from skillpm.skill import inspect_skill

    root = Path(spec.location)
    if not root.exists():
        raise SkillpmError(f"path does not exist: {spec.location}", "check the path, or give a git URL or owner/repo")
    if not root.is_dir():
        raise SkillpmError(f"not a folder: {spec.location}", "give a skill folder or a folder of skills")
    folders = discover_skills(root)
    if not folders:
        raise SkillpmError(f"no SKILL.md found in {spec.location}",
                           "a skill is a folder with a SKILL.md at its root")
    out = []
    for folder in folders:
        skill = inspect_skill(folder, profile, limits)
        rel = folder.relative_to(root).as_posix()
        out.append(Candidate(skill, spec, "" if rel == "." else rel))
    return out


# ---------------------------------------------------------------- git


def repo_cache_dir(url: str) -> Path:
    from skillpm.paths import cache_dir

    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", url.split("://")[-1])[-60:].strip("-")
    return cache_dir() / "git" / f"{slug}-{hashlib.sha256(url.encode()).hexdigest()[:12]}.git"


def resolve_ref(url: str, ref: str | None, offline: bool = False) -> str:
    """The commit a ref names: a 40-hex ref as is, otherwise asked of the remote."""
    from skillpm import gitutil

    if ref and gitutil.HEX40.match(ref.lower()):
        return ref.lower()
    git_dir = repo_cache_dir(url)
    if offline:
        cached = _cached_ref(git_dir, ref)
        if cached:
            return cached
        raise SkillpmError(f"{url}{'@' + ref if ref else ''} is not in the cache and --offline was given",
                           "run once without --offline, or pin a commit that is cached")
    try:
        refs = gitutil.ls_remote(url, ref)
    except gitutil.GitError as exc:
        raise SkillpmError(f"cannot reach git repository {url}: {exc.detail}",
                           "check the URL (and that you can access it), or your network", code=3) from None
    if ref:
        for name in (f"refs/tags/{ref}^{{}}", f"refs/tags/{ref}", f"refs/heads/{ref}", ref):
            if name in refs:
                commit = refs[name]
                break
        else:
            if re.match(r"^[0-9a-f]{7,39}$", ref.lower()):
                raise SkillpmError(f"abbreviated commit {ref!r} cannot be fetched from {url}",
                                   "give the full 40-character commit id")
            raise SkillpmError(f"ref {ref!r} does not exist in {url}", "check the branch or tag name (git ls-remote URL)")
    else:
        if "HEAD" not in refs:
            raise SkillpmError(f"{url} has no default branch (empty repository?)", "give a ref with URL@branch")
        commit = refs["HEAD"]
    _remember_ref(git_dir, ref, commit)
    return commit


def _ref_file(git_dir: Path) -> Path:
    return git_dir / "skillpm-refs.toml"


def _cached_ref(git_dir: Path, ref: str | None) -> str | None:
    from skillpm.config import load_toml

    return load_toml(_ref_file(git_dir), "ref cache").get(ref or "HEAD") if git_dir.exists() else None


def _remember_ref(git_dir: Path, ref: str | None, commit: str) -> None:
    from skillpm import gitutil
    from skillpm.config import load_toml
    from skillpm.fsutil import atomic_write_text

    gitutil.init_bare(git_dir)
    refs = load_toml(_ref_file(git_dir), "ref cache")
    refs[ref or "HEAD"] = commit
    atomic_write_text(_ref_file(git_dir), "".join(f'"{k}" = "{v}"\n' for k, v in sorted(refs.items())))


def ensure_commit(url: str, commit: str, offline: bool = False) -> Path:
    """Make sure ``commit`` is in the cached bare repository; fetch it shallow if not."""
    from skillpm import gitutil
    from skillpm.store import repo_lock

    git_dir = repo_cache_dir(url)
    gitutil.init_bare(git_dir)
    if gitutil.has_commit(git_dir, commit):
        return git_dir
    if offline:
        raise SkillpmError(f"commit {commit[:12]} of {url} is not in the cache and --offline was given",
                           "run once without --offline to fetch it")
    with repo_lock(git_dir):
        if gitutil.has_commit(git_dir, commit):
            return git_dir
        try:
            gitutil.run(["fetch", "-q", "--no-tags", "--depth", "1", "--", url, commit], git_dir, network=True)
        except gitutil.GitError:
            # Some servers refuse fetching a commit by id: fetch the refs, then look for it.
            try:
                gitutil.run(["fetch", "-q", "--no-tags", "--", url, "+refs/heads/*:refs/skillpm/heads/*",
                             "+refs/tags/*:refs/skillpm/tags/*"], git_dir, network=True)
            except gitutil.GitError as exc:
                raise SkillpmError(f"cannot fetch from {url}: {exc.detail}", "check the URL and your network",
                                   code=3) from None
        if not gitutil.has_commit(git_dir, commit):
            raise SkillpmError(f"commit {commit} does not exist in {url}",
                               "it may have been removed by a force-push; check the ref", code=3)
    return git_dir


def tree_from_git(git_dir: Path, commit: str, subpath: str, limits: dict | None = None) -> Tree:
    """The files of ``subpath`` at ``commit``, read from git objects (DESIGN §3 rules applied)."""
    from skillpm import gitutil
    from skillpm.config import limits as cfg_limits

    lim = limits or cfg_limits()
    treeish = f"{commit}:{subpath}" if subpath else f"{commit}^{{tree}}"
    entries = gitutil.ls_tree(git_dir, treeish)
    by_path = {p: (mode, oid) for mode, typ, oid, _size, p in entries if typ == "blob"}
    sizes = {p: size for _mode, typ, _oid, size, p in entries if typ == "blob"}
    links = {p: oid for p, (mode, oid) in by_path.items() if mode == "120000"}
    wanted: dict[str, str] = {}  # path in the skill -> blob id
    wanted_size: dict[str, int] = {}
    tree = Tree()
    budget = SizeBudget(lim, f"skill {subpath or '(repository root)'} at {commit[:12]}")
    budget.check_count(len(by_path))
    for p in links:  # a link's blob is its target path; a huge one is not a link anyone needs
        if sizes[p] > 4096:
            raise SkillpmError(f"symlink {p} in the skill has a {sizes[p]}-byte target", "replace the link with the file")
    link_targets = gitutil.cat_blobs(git_dir, list(links.values())) if links else {}
    for path, (mode, oid) in by_path.items():
        if path.split("/")[0] == ".git":
            continue
        rel = check_relpath(path, lim)
        if rel in wanted:
            raise SkillpmError(f"file names collide after Unicode normalisation: two files are named {rel!r}",
                               "they would overwrite each other on macOS and Windows; rename one of them")
        if mode == "160000":
            continue  # submodule: not content of this skill
        if mode == "120000":
            target = link_targets[oid].decode("utf-8", "replace")
            resolved = _resolve_link(path, target)
            if resolved is None or resolved not in by_path or by_path[resolved][0] == "120000":
                raise SkillpmError(f"symlink {rel} -> {target} points outside the skill or dangles",
                                   "skillpm never follows a link out of a skill; replace the link with the file")
            wanted[rel] = by_path[resolved][1]
            wanted_size[rel] = sizes[resolved]
            if by_path[resolved][0] == "100755":
                tree.executables.add(rel)
            continue
        wanted[rel] = oid
        wanted_size[rel] = sizes[path]
        if mode == "100755":
            tree.executables.add(rel)
    for rel in wanted:  # caps from the sizes git reports, before any blob is read
        budget.add(rel, wanted_size[rel])
    blobs = gitutil.cat_blobs(git_dir, list(wanted.values()))
    for rel, oid in wanted.items():
        tree.files[rel] = blobs[oid]
    check_collisions(list(tree.files))
    return tree


def _resolve_link(path: str, target: str) -> str | None:
    """Resolve a link inside the tree; None if it is absolute or climbs out."""
    if target.startswith("/") or "\\" in target:
        return None
    parts = path.split("/")[:-1]
    for seg in target.split("/"):
        if seg in ("", "."):
            continue
        if seg == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(seg)
    return "/".join(parts)


def git_paths(git_dir: Path, commit: str) -> list[str]:
    from skillpm import gitutil

    proc = gitutil.run(["ls-tree", "-r", "-z", "--name-only", commit], git_dir)
    return [p.decode("utf-8", "surrogateescape") for p in proc.stdout.split(b"\0") if p]


def _git_candidates(spec: SourceSpec, profile: str, limits: dict | None, offline: bool) -> list[Candidate]:
    from skillpm import gitutil

    gitutil.check_url(spec.location, allow_file=spec.from_user_file)
    commit = resolve_ref(spec.location, spec.ref, offline)
    git_dir = ensure_commit(spec.location, commit, offline)
    sub = spec.subpath.strip("/")
    if sub and gitutil.rev_parse(git_dir, f"{commit}:{sub}") is None:
        raise SkillpmError(f"path {sub!r} does not exist in {spec.location} at {commit[:12]}",
                           "check the path inside the repository")
    all_paths = git_paths(git_dir, commit)
    prefix = sub + "/" if sub else ""
    dirs = discover_in_paths([p[len(prefix):] for p in all_paths if p.startswith(prefix)])
    if not dirs:
        raise SkillpmError(f"no SKILL.md found in {spec.display}",
                           "a skill is a folder with a SKILL.md at its root; check the path")
    out = []
    for d in dirs:
        full = f"{prefix}{d}".strip("/")
        tree = tree_from_git(git_dir, commit, full, limits)
        folder_name = full.split("/")[-1] if full else spec.location.rstrip("/").split("/")[-1].removesuffix(".git")
        skill = skill_from_tree(tree, folder_name, profile, origin=f"{spec.display}:{full or '.'}")
        tree_id = gitutil.rev_parse(git_dir, f"{commit}:{full}" if full else f"{commit}^{{tree}}")
        out.append(Candidate(skill, spec, full, commit, tree_id))
    return out


def resolve_source(spec: SourceSpec, profile: str = "lenient", limits: dict | None = None,
                   offline: bool = False) -> list[Candidate]:
    """Every skill ``spec`` holds, loaded (problems collected, not raised)."""
    from skillpm.config import limits as cfg_limits

    lim = limits or cfg_limits()
    if spec.kind == "local":
        return _local_candidates(spec, profile, lim)
    return _git_candidates(spec, profile, lim, offline)


def pick(candidates: list[Candidate], names: list[str], source: str) -> list[Candidate]:
    """Keep the skills named by ``--skill``; error listing what exists when a name matches nothing."""
    if not names:
        return candidates
    by_name = {c.name: c for c in candidates}
    missing = [n for n in names if n not in by_name and n != "*"]
    if missing:
        raise SkillpmError(f"no skill named {', '.join(repr(m) for m in missing)} in {source}",
                           "skills there: " + ", ".join(sorted(by_name)) if by_name else "the source holds no skills")
    if "*" in names:
        return candidates
    return [by_name[n] for n in names]


# ---------------------------------------------------------------- upstream probes (outdated, audit)
#
# "Did upstream change?" is answered from git tree ids (DESIGN §3), never by downloading
# content: an ls-remote, then a blob-less (or commit-only) fetch into a throw-away bare
# repository in the system temp folder. Throw-away on purpose: the cached clone may still
# hold a commit that upstream has since removed (it would mask a force-push), and
# `outdated`/`audit` must leave the cache exactly as they found it.


def remote_refs(url: str) -> dict[str, str]:
    """Every ref the remote advertises (name → commit; peeled tags as ``refs/tags/X^{}``)."""
    from skillpm import gitutil

    gitutil.check_url(url)
    proc = gitutil.run(["ls-remote", "--", url], network=True)
    refs: dict[str, str] = {}
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        sha, _, name = line.partition("\t")
        if name:
            refs[name] = sha.strip()
    return refs


def ref_target(refs: dict[str, str], ref: str | None) -> tuple[str | None, str]:
    """(commit, kind) that ``ref`` names in ``refs``; kind is "tag", "branch", "head", "commit" or "missing"."""
    from skillpm import gitutil

    if not ref:
        return refs.get("HEAD"), "head" if "HEAD" in refs else "missing"
    if gitutil.HEX40.match(ref.lower()):
        return ref.lower(), "commit"
    if f"refs/tags/{ref}^{{}}" in refs:
        return refs[f"refs/tags/{ref}^{{}}"], "tag"
    if f"refs/tags/{ref}" in refs:
        return refs[f"refs/tags/{ref}"], "tag"
    if f"refs/heads/{ref}" in refs:
        return refs[f"refs/heads/{ref}"], "branch"
    if ref in refs:
        return refs[ref], "branch"
    return None, "missing"


class UpstreamProbe:
    """A temporary, empty, partial-clone bare repository pointed at ``url``; removed on exit."""

    def __init__(self, url: str):
        self.url = url
        self.git_dir: Path | None = None
        self.fetched: set[str] = set()

    def __enter__(self) -> "UpstreamProbe":
        import tempfile

        from skillpm import gitutil

        gitutil.check_url(self.url)
        self.tmp = Path(tempfile.mkdtemp(prefix="skillpm-probe-"))
        self.git_dir = self.tmp / "probe.git"
        gitutil.run(["init", "--bare", "-q", str(self.git_dir)])
        for key, value in (("core.repositoryformatversion", "1"), ("extensions.partialClone", "origin"),
                           ("remote.origin.url", self.url), ("remote.origin.promisor", "true")):
            gitutil.run(["config", key, value], self.git_dir)
        return self

    def __exit__(self, *exc) -> None:
        import shutil

        shutil.rmtree(self.tmp, ignore_errors=True)

    def _fetch(self, what: str, filter_: str, depth: bool, dest: str) -> bool:
        from skillpm import gitutil

        args = ["fetch", "-q", "--no-tags", f"--filter={filter_}"] + (["--depth", "1"] if depth else [])
        proc = gitutil.run(args + ["origin", f"+{what}:{dest}"], self.git_dir, network=True, check=False)
        return proc.returncode == 0

    def tree_id(self, commit: str, path: str) -> str | None:
        """Git tree id of ``path`` at ``commit`` upstream (commit and trees only, no file content).

        None when the folder does not exist at that commit. Raises ``GitError`` when the
        commit cannot be fetched."""
        from skillpm import gitutil

        # Never look up an object that may be missing here: in a partial clone git would fetch
        # it lazily, one object at a time. Remember what was fetched instead.
        if commit not in self.fetched:
            if not self._fetch(commit, "blob:none", True, f"refs/skillpm/t-{commit}"):
                raise gitutil.GitError(["fetch"], 128, f"cannot fetch {commit[:12]} from {self.url}")
            self.fetched.add(commit)
        return gitutil.rev_parse(self.git_dir, f"{commit}:{path}" if path else f"{commit}^{{tree}}")

    def history_state(self, head: str, locked: str) -> str:
        """Where ``locked`` stands relative to ``head`` upstream, from commit objects only.

        "same", "ancestor" (head moved forward), "off-branch" (upstream still has the commit but
        not in head's history: a force-push) or "gone" (upstream no longer has it at all)."""
        from skillpm import gitutil

        if head == locked:
            return "same"
        # Fresh repositories: a commit fetched once is never fetched again with other options.
        with UpstreamProbe(self.url) as first:
            if not first._fetch(locked, "tree:0", True, "refs/skillpm/locked"):
                return "gone"
            when = gitutil.run(["log", "-1", "--format=%ct", locked], first.git_dir).stdout.decode().strip()
        # Only the history since the locked commit (a day of clock skew allowed), commits only.
        since = int(when or 0) - 86400
        with UpstreamProbe(self.url) as hist:
            args = ["fetch", "-q", "--no-tags", "--filter=tree:0"] + ([f"--shallow-since={since}"] if since > 0 else [])
            proc = gitutil.run(args + ["origin", f"+{head}:refs/skillpm/head"], hist.git_dir, network=True, check=False)
            if proc.returncode != 0:
                raise gitutil.GitError(["fetch"], proc.returncode, f"cannot fetch {head[:12]} from {self.url}")
            # rev-list walks only the commits fetched (it stops at the shallow boundary); asking for
            # the locked commit by id could fetch it lazily and hide a rewrite.
            listed = gitutil.run(["rev-list", "refs/skillpm/head"], hist.git_dir).stdout.decode().split()
        return "ancestor" if locked in listed else "off-branch"

    def commit_exists(self, commit: str) -> bool:
        """Whether upstream still serves ``commit`` (asked of the remote, never of the cache)."""
        with UpstreamProbe(self.url) as p:
            return p._fetch(commit, "tree:0", True, "refs/skillpm/probe")
