"""A git hook a skill's script installs, read as what it is: a script that runs on every commit.

A script that copies, links or writes a file of the skill into a repository's hooks folder (``.git/hooks``,
``git rev-parse --git-path hooks``, ``os.path.join(git_dir, 'hooks', …)``), or points ``core.hooksPath``
at a folder of the skill, makes that file run by itself on every commit, checkout or push, long after the
task. Whatever the template is called (``post-commit.tpl``, ``sync.hook``), its source is judged as the
hook it becomes:

- a hook that sends anything over the network (``git push --mirror`` to another remote, a ``curl`` with a
  body, a bundle or archive uploaded) is the repository's content exfiltrated after every commit, and a
  foothold that outlives the session (EX-01 high, on the hook's line; the note names the installer);
- a template the engine did not read as a script (its extension hides it) is scanned as one, so its own
  findings weigh at full severity.

What stays clean: a hook that formats, lints or tests (no network send), and a script that mentions the
hooks folder without writing a file of the skill there.
"""

from __future__ import annotations

import posixpath
import re

SCRIPT_MAX = 256 * 1024
# where git looks for hooks
HOOK_DEST_RE = re.compile(r"\.git/hooks\b|--git-path\s+hooks\b|\bhooksPath\b|\.git['\"]?\s*,\s*['\"]hooks['\"]"
                          r"|\b(?:git_?dir|gitDir|GIT_DIR|git_path|root|top)\b[^\n]{0,40}['\"/]hooks['\"/]")
# the script reaches a repository (a bare 'hooks' string alone may be an agent's settings key)
GIT_RE = re.compile(r"\bgit\s+(?:rev-parse|config)\b|['\"]rev-parse['\"]|\.git\b|GIT_DIR|\bhooksPath\b")
# a file put in place: copied, installed, linked or written
PUT_RE = re.compile(r"\b(?:install|cp|ln|tee)\s|\bcat\s*>|>\s*\"?\$|\bcopy(?:file|2|FileSync|File)?\s*\(|\bsymlink(?:Sync|_to)?\s*\("
                    r"|\bwrite(?:FileSync|File|_text|_bytes)?\s*\(|\bCopy-Item\b|\bSet-Content\b|\bFileUtils\.(?:cp|install|ln)"
                    r"|\bconfig\s+(?:--\w+\s+)?core\.hooksPath\b|['\"]core\.hooksPath['\"]")
# the file a here-document is written to: in a hooks folder, or named as one of git's hooks
_HOOK_FILE = (r"[^\s\"<>;]*(?:hooks?/[\w.-]+|/(?:pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-push|post-checkout"
              r"|post-merge|pre-rebase|post-rewrite))")
HEREDOC_RE = re.compile(r"(?:>|\btee\s+(?:-a\s+)?)\s*\"?(" + _HOOK_FILE + r")\"?[^\n]*?<<-?\s*['\"]?(\w+)['\"]?[^\n]*\n"
                        r"(.*?)\n\s*\2\s*$|<<-?\s*['\"]?(\w+)['\"]?[^\n]*?(?:>|\btee\s+(?:-a\s+)?)\s*\"?(" + _HOOK_FILE + r")"
                        r"\"?[^\n]*\n(.*?)\n\s*\4\s*$", re.S | re.M)
DEST_BYTES = (b".git/hooks", b"path hooks", b"hooksPath", b"'hooks'", b'"hooks"', b"/hooks")  # HOOK_DEST_RE's words
INSTALLER_LANGS = (".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".ps1", ".pl", ".php")


def _installer(path: str, text: str) -> bool:
    low = path.lower()
    return (low.endswith(INSTALLER_LANGS) or low.startswith(("scripts/", "bin/", "tools/")) or text.startswith("#!")) \
        and HOOK_DEST_RE.search(text) is not None and GIT_RE.search(text) is not None and PUT_RE.search(text) is not None


def _named(text: str, dpath: str) -> bool:
    """Whether the installer names ``dpath``: its file name, or its folder as a path piece."""
    name = posixpath.basename(dpath)
    if len(name) >= 4 and name in text:
        return True
    folder = posixpath.dirname(dpath)
    if not folder:
        return False
    last = posixpath.basename(folder)
    return len(last) >= 4 and (folder in text or any(q + last + e in text for q in ("'", '"', "/") for e in ("'", '"', "/")))


def installed_hooks(files: dict[str, bytes]) -> list[tuple[str, int, str, str]]:
    """(path, first line, source, installer) of every hook a script of the skill installs: a file of the
    skill it names, or a here-document it writes into the hooks folder (path is then the installer's)."""
    out = []
    for path, data in sorted(files.items()):
        if len(data) > SCRIPT_MAX or path.lower().endswith((".md", ".markdown", ".txt", ".json", ".toml", ".yaml", ".yml")):
            continue
        if not any(w in data for w in DEST_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        if not _installer(path, text):
            continue
        for m in HEREDOC_RE.finditer(text):
            body = m.group(3) if m.group(3) is not None else m.group(6)
            line = text.count("\n", 0, m.start()) + 2
            out.append((path, line, body, path))
        for dpath, d in sorted(files.items()):
            if dpath == path or len(d) > SCRIPT_MAX or dpath.lower().endswith((".md", ".markdown", ".json", ".yaml", ".yml", ".toml")):
                continue
            if _named(text, dpath):
                out.append((dpath, 1, d.decode("utf-8", errors="replace"), path))
    return out


HOOK_FOLDERS = ("hooks", ".githooks", "githooks", "git-hooks", ".husky")


def shipped_hooks(files: dict[str, bytes]) -> list[tuple[str, int, str, str]]:
    """The skill's own files that are git hooks by name and place (``hooks/post-commit``,
    ``.githooks/pre-push.sh``): whatever installs them, they run on every commit."""
    from skillpm.scan.autorun import GIT_HOOKS

    out = []
    for path, data in sorted(files.items()):
        folder, name = posixpath.split(path)
        if posixpath.basename(folder).lower() in HOOK_FOLDERS and name.lower().split(".")[0] in GIT_HOOKS \
                and len(data) <= SCRIPT_MAX:
            out.append((path, 1, data.decode("utf-8", errors="replace"), ""))
    return out


def hook_sends(sc, files: dict[str, bytes], found: list) -> list:
    """EX-01 high where an installed hook (or a file that is a git hook by its name and folder) sends data
    out; a template the engine did not read as a script, scanned as one."""
    from skillpm.scan.engine import classify

    if not any("hook" in p.lower() or b"hook" in d and b"git" in d for p, d in files.items() if not p.lower().endswith(".md")):
        return []  # (the common case: no script names git and a hook)
    hooks = installed_hooks(files) + shipped_hooks(files)
    if not hooks:
        return []
    net_rx = sc._def("egress")
    out: list = []
    seen: set = set()
    for path, first, body, installer in hooks:
        if (path, first) in seen:
            continue
        seen.add((path, first))
        how = f"installed as a git hook by {installer}" if installer else "a git hook of the skill, by its name and folder"
        if installer and path != installer and classify(path, files[path], False) != "script":
            for f in sc.scan_text(path, body, "script"):
                f.note = f.note or f"{how}: it runs on every commit"
                out.append(f)
        for m in net_rx.finditer(body):
            line = first + body.count("\n", 0, m.start())
            if any(f.file == path and f.line == line and f.category == "exfiltration" and f.grades for f in (*found, *out)):
                break
            src = body.split("\n")[line - first].strip()[:300]
            note = f"{how}: it sends data out after every commit, long after the task"
            out.append(sc._finding("EX-01", "high", path, line, src, note=note))
            break
    return out
