"""Running the ``git`` command safely.

Fetched repositories are untrusted: skillpm never checks out a work tree (so no
filters, no hooks, no checkout-time attributes run), reads blobs with
``cat-file``, refuses transports that run commands (``ext::``, ``fd::``), and
puts a timeout on every call. No shell anywhere.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from skillpm.errors import NetworkError, SkillpmError

GIT_TIMEOUT = float(os.environ.get("SKILLPM_GIT_TIMEOUT", "120"))
HEX40 = re.compile(r"^[0-9a-f]{40}$")

# Config forced on every call: no hooks, no fsmonitor, only plain transports.
SAFE_CONFIG = [
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "protocol.allow=never",
    "protocol.https.allow=always",
    "protocol.http.allow=always",
    "protocol.ssh.allow=always",
    "protocol.git.allow=always",
    "protocol.file.allow=always",
    "protocol.ext.allow=never",
    "protocol.fd.allow=never",
    "submodule.recurse=false",
    "credential.interactive=false",
    # Keep every fetch as one pack: index-pack makes it visible all at once (its .idx is renamed in
    # last), whereas unpacked loose objects appear one by one, so a fetch killed midway left a
    # commit whose tree was missing and that was never fetched again (crash trials found it).
    "fetch.unpackLimit=1",
    "transfer.unpackLimit=1",
]

UNSAFE_URL = re.compile(r"^(ext|fd)::|^-", re.IGNORECASE)


def check_url(url: str, allow_file: bool = True) -> None:
    """Refuse transports that run commands, and option-looking URLs."""
    if UNSAFE_URL.search(url) or "::" in url.split("/")[0]:
        raise SkillpmError(f"refusing git URL {url!r}: transport not allowed",
                           "use an https://, ssh:// or git@host: URL")
    # A host or user that starts with '-' becomes an ssh option (ssh://-oProxyCommand=…, CVE-2017-1000117).
    authority = url.split("://", 1)[1].split("/", 1)[0] if "://" in url else url.split(":", 1)[0]
    if any(part.startswith("-") for part in authority.replace("%2d", "-").replace("%2D", "-").split("@")):
        raise SkillpmError(f"refusing git URL {url!r}: a host or user name may not start with '-'",
                           "check the URL; it looks like an attempt to pass an option to ssh")
    if url.lower().startswith("file:") and not allow_file:
        raise SkillpmError(f"refusing file:// URL {url!r} from a remote source",
                           "file:// is only allowed when you give it yourself")


def git_env() -> dict:
    env = dict(os.environ)
    env.update({
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_ASKPASS": "true",
        "SSH_ASKPASS": "true",
        "GIT_SSH_COMMAND": env.get("GIT_SSH_COMMAND", "ssh -o BatchMode=yes"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_PROTOCOL_FROM_USER": "0",
        "LC_ALL": "C",
    })
    for var in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"):
        env.pop(var, None)
    return env


def run(args: list[str], git_dir: Path | None = None, *, input: bytes | None = None, timeout: float | None = None,
        check: bool = True, network: bool = False) -> subprocess.CompletedProcess:
    cmd = ["git"]
    for c in SAFE_CONFIG:
        cmd += ["-c", c]
    if git_dir is not None:
        cmd += ["--git-dir", str(git_dir)]
    cmd += args
    try:
        proc = subprocess.run(cmd, input=input, capture_output=True, timeout=timeout or GIT_TIMEOUT,
                              env=git_env(), check=False)
    except FileNotFoundError:
        raise SkillpmError("the git command was not found", "install git and make sure it is on PATH") from None
    except subprocess.TimeoutExpired:
        cls = NetworkError if network else SkillpmError
        raise cls(f"git {args[0]} timed out after {timeout or GIT_TIMEOUT:.0f}s",
                  "check the network and the URL, or raise SKILLPM_GIT_TIMEOUT") from None
    if check and proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = next((m for m in reversed(msg) if m.startswith(("fatal:", "error:"))), msg[-1] if msg else "")
        raise GitError(args, proc.returncode, detail)
    return proc


class GitError(SkillpmError):
    def __init__(self, args: list[str], rc: int, detail: str):
        super().__init__(f"git {args[0]} failed: {detail or 'exit ' + str(rc)}", "check the URL and ref", code=3)
        self.git_args = args
        self.detail = detail


def init_bare(path: Path) -> None:
    if not (path / "HEAD").exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + f".tmp{os.getpid()}")
        run(["init", "--bare", "-q", str(tmp)])
        try:
            os.rename(tmp, path)
        except OSError:  # another process made it first
            import shutil

            shutil.rmtree(tmp, ignore_errors=True)


def has_commit(git_dir: Path, commit: str) -> bool:
    """The commit and every object of its tree are in the cache (parents are not needed).

    Checking the commit object alone is not enough: a fetch killed midway can leave the commit
    without its tree, and that cache entry would then never be fetched again."""
    proc = run(["rev-list", "--objects", "--no-walk", "--quiet", commit, "--"], git_dir, check=False)
    return proc.returncode == 0


def ls_remote(url: str, ref: str | None) -> dict[str, str]:
    """Map of ref name → commit on the remote (peeled for tags)."""
    args = ["ls-remote", "--", url]
    if ref:
        args += [ref, f"refs/tags/{ref}^{{}}", f"refs/heads/{ref}"]
    else:
        args += ["HEAD"]
    proc = run(args, network=True)
    refs: dict[str, str] = {}
    for line in proc.stdout.decode().splitlines():
        sha, _, name = line.partition("\t")
        refs[name] = sha
    return refs


def ls_tree(git_dir: Path, treeish: str) -> list[tuple[str, str, str, int, str]]:
    """(mode, type, object id, size, path) for every entry under ``treeish``, recursively (size -1 if none)."""
    proc = run(["ls-tree", "-r", "-l", "-z", "--full-tree", treeish], git_dir)
    out = []
    for rec in proc.stdout.split(b"\0"):
        if not rec:
            continue
        meta, _, path = rec.partition(b"\t")
        mode, typ, oid, size = meta.decode().split()
        out.append((mode, typ, oid, int(size) if size.isdigit() else -1, path.decode("utf-8", "surrogateescape")))
    return out


def cat_blobs(git_dir: Path, oids: list[str]) -> dict[str, bytes]:
    """Read many blobs in one ``cat-file --batch`` call."""
    if not oids:
        return {}
    uniq = list(dict.fromkeys(oids))
    proc = run(["cat-file", "--batch"], git_dir, input=("\n".join(uniq) + "\n").encode())
    data = proc.stdout
    blobs: dict[str, bytes] = {}
    pos = 0
    for oid in uniq:
        nl = data.index(b"\n", pos)
        header = data[pos:nl].decode().split(" ")
        if len(header) < 3 or header[1] == "missing":
            raise SkillpmError(f"git object {oid} is missing from the cache", "run the command again to refetch")
        size = int(header[2])
        blobs[oid] = data[nl + 1: nl + 1 + size]
        pos = nl + 1 + size + 1
    return blobs


def rev_parse(git_dir: Path, spec: str) -> str | None:
    proc = run(["rev-parse", "--verify", "-q", spec], git_dir, check=False)
    return proc.stdout.decode().strip() or None if proc.returncode == 0 else None
