"""A deletion whose roots come from a settings file of the skill, one of them the home, the disk or the mounts.

A "cache cleaner" names no root in its code: it deletes under each entry of a list it reads from a file
of its skill (``config/roots.conf``'s ``root=`` lines, a YAML list, an INI section), and the patterns
see only ``rm -rf -- "$p"``. When the list holds the home itself (``~``, ``$HOME``, or ``.`` that the
script resolves against the home), the filesystem root or where other disks are mounted (``/Volumes``,
``/mnt``, ``/media``, ``/home``, ``/Users``), the cleanup deletes everything there; a date test or a
flag that enables that entry only later does not change what the code does.

``listed_roots`` reports DX-01 on the script's first deletion of a variable path, naming the file and
the entry. Only a file the script names by its base name is read, only a script that deletes a path it
holds in a variable, and only entries that are such a root exactly (``.cache/pip``, ``~/.npm`` and
``/mnt/build-cache`` are folders under one, and a cleanup there stays what it is).
"""

from __future__ import annotations

import posixpath
import re

from skillpm.scan import flow
from skillpm.scan.result import Finding

LIST_MAX = 64 * 1024
SCRIPT_MAX = 256 * 1024
LIST_SUFFIXES = (".conf", ".cfg", ".ini", ".yaml", ".yml", ".toml", ".json", ".env", ".txt", ".list", ".rc")
# a recursive deletion of a path held in a variable: shell rm -r, xargs rm -r, find … -delete; Python's rmtree
SH_DELETE_RE = re.compile(r"""\brm\s+(?:-{1,2}[\w-]+\s+){0,3}-[a-zA-Z]*[rR][a-zA-Z]*\b[^\n;&|$]{0,40}?["']?\$\{?(\w+)"""
                          r"""|\bxargs\b[^\n;&|]{0,40}?\brm\s+(?:-{1,2}[\w-]+\s+){0,3}-[a-zA-Z]*[rR]"""
                          r"""|\bfind\s+(?:-[HLP]\s+)?["']?\$\{?(\w+)\}?["']?[^\n|;&]{0,200}?(?:\s-delete\b|\s-exec\s+rm\b)""")
# the environment's own folders: a deletion under one of them is not under a listed root
ENV_NAMES = frozenset({"HOME", "TMPDIR", "TMP", "TEMP", "PWD", "OLDPWD", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "RUNNER_TEMP",
                       "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "BASH_SOURCE", "0"})
PS_DELETE_RE = re.compile(r"""\bRemove-Item\b|\[(?:System\.)?IO\.Directory\]::Delete\(""", re.I)
PY_DELETE_RE = re.compile(r"""\b(?:shutil\.rmtree|rmtree|os\.removedirs)\(\s*(?!['"])[\w.(]""")
DELETE_BYTES = (b"rm ", b"-delete", b"rmtree", b"removedirs", b"Remove-Item", b"::Delete(")
# the script joins a relative entry to the home: "$HOME/$r", printf '%s/%s' "$HOME" "$1", os.path.join(home, r)
HOME_JOIN_RE = re.compile(r"""\$\{?HOME\}?"?/"?\$|%s/%s['"]?\s+["']?\$\{?HOME\b|\bos\.path\.join\(\s*(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|"""
                          r"""Path\.home\(\)|os\.environ\[['"]HOME['"]\]|home\w*)\s*,\s*\w|Path\.home\(\)\s*/\s*\w|expanduser\(\s*['"]~/?['"]\s*\+""")
# an entry that is a root exactly: the filesystem, the home, the disks mounted beside it
ROOT_ENTRY_RE = re.compile(r"""(?:/|/\*|~|~/|~/\*|\$HOME/?|\$\{HOME\}/?|/Volumes(?:/\*)?/?|/mnt(?:/\*)?/?|/media(?:/\*)?/?|/run/media/?"""
                           r"""|/home(?:/\*)?/?|/Users(?:/\*)?/?|[A-Za-z]:\\?|%USERPROFILE%)""")
RELATIVE_ROOT_RE = re.compile(r"""\.|\./|\*|\./\*""")
# the user's own folders under the home: what they hold is the user's work, never a cache
USER_FOLDERS = r"""(?:Documents|Desktop|Pictures|Photos|Music|Videos|Movies|OneDrive(?:\s-\s[\w .-]{1,40})?|Dropbox|Google Drive|iCloud Drive|source|repos|Projects|src)"""
USER_ENTRY_RE = re.compile(r"""(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|\$env:HOME)[/\\]""" + USER_FOLDERS + r"""[/\\]?""")
USER_RELATIVE_RE = re.compile(USER_FOLDERS + r"""/?""")
CLEANUP_WORDS_RE = re.compile(r"clean|purge|prune|delet|remov|wipe|reclaim|retention|max_?age|keep_?days|\"age\"|targets", re.I)
# an entry given as an object: the home named by its variable, and one folder under it (``{"root": "USERPROFILE",
# "rel": ["Documents"]}``)
OBJECT_RE = re.compile(r"""\{[^{}]{0,800}\}""")
HOME_VAR_RE = re.compile(r""":\s*["'](?:USERPROFILE|HOME|~|\$HOME|%USERPROFILE%)["']""")
ONE_FOLDER_RE = re.compile(r""":\s*\[\s*["'](""" + USER_FOLDERS + r""")["']\s*\]|:\s*["'](""" + USER_FOLDERS + r""")["']\s*[,}]""")
ENTRY_RE = re.compile(r"""^[ \t]*(?:-[ \t]+|[\w.-]{1,40}[ \t]*[=:][ \t]*)?["']?([^"'\s#,]{1,40})["']?[ \t]*,?[ \t]*(?:#.*)?$""", re.M)
JSON_STRING_RE = re.compile(r""""([^"\s]{1,40})"[ \t]*[,\]]""")


def _roots(text: str, relative_home: bool) -> list[tuple[str, str]]:
    """(entry, why) for each entry of a list file that is a root, in file order."""
    out = []
    for m in (*ENTRY_RE.finditer(text), *JSON_STRING_RE.finditer(text)):
        v = m.group(1)
        if ROOT_ENTRY_RE.fullmatch(v):
            out.append((v, "the home folder" if "~" in v or "HOME" in v or "USERPROFILE" in v
                        else "where other disks are mounted" if v.strip("/*") else "the whole filesystem"))
        elif relative_home and RELATIVE_ROOT_RE.fullmatch(v):
            out.append((v, "the home folder itself, as the script joins relative entries to $HOME"))
        elif USER_ENTRY_RE.fullmatch(v):
            out.append((v, "the user's own folder under the home"))
        elif relative_home and USER_RELATIVE_RE.fullmatch(v):
            out.append((v, "the user's own folder, as the script joins relative entries to $HOME"))
    if "{" in text:
        for m in OBJECT_RE.finditer(text):
            f = ONE_FOLDER_RE.search(m.group(0)) if HOME_VAR_RE.search(m.group(0)) else None
            if f:
                out.append((f.group(1) or f.group(2), "the user's own folder, under the home the entry names"))
    return out


def _decoded(text: str, how: frozenset[str]) -> str:
    """A list file's text with its entries as a script that performs ``how`` makes them (values.view; a bare
    entry too: ``- 7e2f446f63756d656e7473`` beside a hex decoder is ``- ~/Documents``)."""
    from skillpm.scan import values

    v = values.view(text, how) or text
    if how - {"code"}:
        v = BARE_RE.sub(lambda m: m.group(1) + ((g := values.run_value(m.group(2), how)) and g[1] or m.group(2)), v)
    return v


BARE_RE = re.compile(r"""^([ \t]*(?:-[ \t]+|[\w.-]{1,40}[ \t]*[=:][ \t]*)?)([A-Za-z0-9+/_=-]{6,400})[ \t]*$""", re.M)


def _bound_here(text: str, name: str | None) -> bool:
    """Whether a deleted shell variable is one the script binds itself (a loop's, one it reads or assigns),
    not a folder of the environment; a deletion through xargs (``name`` None) deletes what it was fed."""
    if name is None:
        return True
    if name in ENV_NAMES:
        return False
    n = re.escape(name)
    return re.search(r"\bfor\s+" + n + r"\s+in\b|\bread\b[^\n;|]{0,40}?\b" + n + r"\b|(?<![\w$])" + n + "=", text) is not None


def listed_roots(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Each script that deletes under a path it holds in a variable and names a list file of its skill whose
    entries include a root (see the module's docstring): DX-01 on the deletion's line."""
    from skillpm.scan.engine import _window

    lists = {posixpath.basename(p): (p, d) for p, d in files.items()
             if len(d) <= LIST_MAX and p.lower().endswith(LIST_SUFFIXES) and len(posixpath.basename(p)) >= 5}
    if not lists:
        return []
    # the entries that are roots, read once per file (a relative '.' kept; whether it counts is the script's)
    from skillpm.scan import values

    texts = {n: d.decode("utf-8", errors="replace") for n, (p, d) in lists.items()}
    listed = {n: r for n, t in texts.items() if (r := _roots(t, True))}
    out = []
    for path, data in files.items():
        if len(data) > SCRIPT_MAX or not any(w in data for w in DELETE_BYTES):
            continue
        lang = flow.language(path, data[:200].decode("utf-8", errors="replace"))
        if lang not in ("shell", "python", "powershell"):
            continue
        text = data.decode("utf-8", errors="replace")
        named = [n for n in lists if n in text and lists[n][0] != path]
        if not named:
            continue
        how = values.doings(text)  # entries the script decodes (base64, hex, char codes, reversed): as it makes them
        roots_of = {n: r for n in named if (r := (_roots(_decoded(texts[n], how), True) if how else []) or listed.get(n))}
        # (the user's own folders count in a list of what to clean, not in one of what to back up, index or watch)
        roots_of = {n: kept for n, r in roots_of.items()
                    if (kept := [e for e in r if "user's own folder" not in e[1] or CLEANUP_WORDS_RE.search(texts[n])])}
        if not roots_of:
            continue
        named = list(roots_of)
        rx = SH_DELETE_RE if lang == "shell" else PY_DELETE_RE if lang == "python" else PS_DELETE_RE
        delete = next((m for m in rx.finditer(text)
                       if lang != "shell" or _bound_here(text, m.group(1) or m.group(2))), None)
        if delete is None or any(f.file == path and f.rule == "DX-01" and f.grades for f in found):
            continue
        relative_home = HOME_JOIN_RE.search(text) is not None
        for n in named:
            lpath, ldata = lists[n]
            roots = [r for r in roots_of[n] if relative_home or not (RELATIVE_ROOT_RE.fullmatch(r[0])
                                                                   or "joins relative" in r[1])]
            if not roots:
                continue
            entry, why = roots[0]
            line = text.count("\n", 0, delete.start()) + 1
            rule = sc.by_id["DX-01"]
            sev = "high" if "user's own folder" in why else "critical"  # (as `rm -rf ~/Documents` reads)
            out.append(Finding("DX-01", rule.category, sev, path, line,
                               _window(text.split("\n")[line - 1].rstrip("\r"), 0), rule.message,
                               note=f"deletes under the roots listed in {lpath}, among them {entry!r}: {why}"))
            break
    return out
