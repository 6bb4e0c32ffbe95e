"""Config files that a tool executes or obeys, read by what they make the tool do.

A skill can ship code that no script of it runs: the tool that reads a config file runs it. An editor runs a
workspace task when the folder is opened, a dev container runs its lifecycle commands (``initializeCommand`` on
the host itself), Terraform evaluates data sources during ``plan``, Gradle applies every init script in
``~/.gradle/init.d`` to every build of the machine, Maven and Cargo take their mirrors from their settings, and a
cluster runs the scripts a ConfigMap hands to a privileged pod on every node. The line readers see such files as
data (JSON, YAML, HCL, XML, TOML): a command in an argument list, a payload in a base64 string a function of
the tool decodes, a script inside a YAML block. What is read here:

- **Auto-run commands** (``auto_commands``): a VS Code task with ``runOptions.runOn: folderOpen``, a dev
  container's lifecycle commands, a Gitpod task, a mise hook; a direnv ``.envrc`` read whole as the shell script
  it is. The command line (command and args joined, each base64 literal
  decoded, the code of ``node -e``/``python -c``/``sh -c`` read in its language) is scanned as the script it is,
  and what the rules find is reported on the task's line. A runner that fetches a package at that moment
  (``npx --yes``, ``@latest``, ``pnpm dlx``, ``uvx``, ``pipx run``) is SC-01 high: it runs whatever the registry
  serves when the folder is opened, without a prompt. Settings that switch the editor's prompt off (workspace trust
  disabled, automatic tasks allowed) are PE-05: high beside such a task, medium alone.
- **A repository put first** (``repositories``): a Gradle repository (an init script's, a build's) whose address
  is spelled encoded, or that is added first or in an init script over plain HTTP; a Maven ``<mirror>`` of ``*``
  or ``central``; Cargo's ``crates-io`` replaced by another registry; and, as a table (SOURCE_SETTINGS), the package
  managers' own config files (npm, Yarn, Bundler, NuGet, Composer, conda, APT, uv) switching their check off or
  taking packages over plain HTTP. Every dependency then comes from that host unchecked (SC-05): high when its
  address is hidden or its transport is plain HTTP to someone else's host, medium for an init script putting a
  repository first, nothing for a project's own HTTPS repository (a company mirror) or a private network's.
- **What a Terraform data source sends during plan** (``terraform_sends``): a ``data "http"`` whose request body
  carries another request's answer or a credential (EX-02 high).
- **Encoded values a config decodes** (``decoded_configs``): a Terraform module (``base64decode``), a Gradle
  script (``Base64.getDecoder()``), a manifest whose script pipes a value to ``base64 -d``: each quoted base64
  literal of the file (or of a file beside it, when a file of that folder decodes) is read as the text it
  becomes, and the rules' findings there are reported on the literal's line (a metadata address spelled in a
  variable's default, SS-01).
- **ConfigMap scripts** (``configmap_scripts``): a Kubernetes ConfigMap's ``data`` entries that are scripts
  (a shebang, or a ``.sh``/``.py`` key) scanned as scripts, their findings on their lines in the manifest.

Not read: JetBrains run configurations, sbt/Ivy resolvers, Helm values rendered into templates, a Terraform
module or provider mirror fetched from elsewhere, editor settings that point a tool's executable into the
workspace, Go's ``GOSUMDB=off``/``GOINSECURE``. The CI files are the line readers' (read as scripts).
"""

from __future__ import annotations

import json
import posixpath
import re

from skillpm.scan import filekinds, litgate

CONFIG_MAX = 256 * 1024

# ---------------------------------------------------------------- what runs by itself

# dev container lifecycle commands (initializeCommand runs on the host before the container exists)
DEVCONTAINER_KEYS = ("initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand",
                     "postStartCommand", "postAttachCommand")
GITPOD_KEYS = ("before", "init", "command")
AUTO_FILES = ("tasks.json", "devcontainer.json", ".devcontainer.json", ".gitpod.yml", "settings.json", ".envrc", "mise.toml",
              ".mise.toml")
# a runner that fetches a package and runs it at that moment: whatever the registry serves that day
FETCH_RUNNER_RE = re.compile(r"\b(?:npx|pnpx|bunx)\s+(?:-\S+\s+)*?(?:--yes|-y)\b|\bnpx\s+(?:-\S+\s+)*[@\w./-]+@(?:latest|next)\b"
                             r"|\b(?:pnpm|yarn)\s+dlx\b|\bnpm\s+exec\s+(?:--\S+\s+)*--yes\b|\buvx\s+\S|\bpipx\s+run\s+\S")
# interpreters given code inline, and the language it is read in
INLINE_CODE = {"node": ("-e", "--eval", "-p", "--print"), "python": ("-c",), "python3": ("-c",), "ruby": ("-e",),
               "perl": ("-e",), "bash": ("-c",), "sh": ("-c",), "zsh": ("-c",)}
INLINE_EXT = {"node": ".js", "python": ".py", "python3": ".py", "ruby": ".rb", "perl": ".pl", "bash": ".sh", "sh": ".sh",
              "zsh": ".sh"}
# the editor's own prompt before a workspace's code runs, switched off
TRUST_OFF_RE = re.compile(r'"security\.workspace\.trust\.enabled"\s*:\s*false\b|"task\.allowAutomaticTasks"\s*:\s*"on"')

# ---------------------------------------------------------------- encoded values

# the tool's own decoders: Terraform, Kotlin/Java (Gradle), Groovy, shell, Python and JS in a config's scripts
DECODER_WORDS = ("base64decode", "textdecodebase64", "Base64.getDecoder", "Base64.getMimeDecoder", "decodeBase64",
                 "base64 -d", "base64 --decode", "base64 -D", "b64decode", "'base64'", '"base64"', "atob(")
CONFIG_EXT = (".tf", ".tfvars", ".hcl", ".tofu", ".tf.json", ".gradle", ".kts", ".yaml", ".yml", ".json", ".xml",
              ".toml", ".properties")
B64_LIT_RE = re.compile(r"""(["'])([A-Za-z0-9+/]{12,4000}={0,2})\1""")

# ---------------------------------------------------------------- repositories

# public repositories a build may name first without handing the build to someone
PUBLIC_REPO_HOSTS = ("repo.maven.apache.org", "repo1.maven.org", "central.sonatype.com", "oss.sonatype.org",
                     "s01.oss.sonatype.org", "maven.google.com", "dl.google.com", "plugins.gradle.org",
                     "jcenter.bintray.com", "jitpack.io", "maven.pkg.jetbrains.space", "packages.jetbrains.team",
                     "repo.spring.io", "maven.fabricmc.net", "repo.gradle.org", "crates.io", "index.crates.io",
                     "github.com", "maven.pkg.github.com", "localhost", "127.0.0.1")
GRADLE_URL_RE = re.compile(r"""\bmaven\s*(?:\(\s*(?:url\s*=\s*)?(?:uri\s*\(\s*)?|\{[^{}]{0,400}?\burl\s*(?:=|\()?\s*(?:uri\s*\(\s*)?)"""
                           r"""(?:["']([^"'\n]{1,300})["']|([A-Za-z_]\w{0,40}))""", re.S)
GRADLE_FIRST_RE = re.compile(r"\baddFirst\s*\(|\.add\s*\(\s*0\s*,")  # put ahead of the repositories already there
GRADLE_INSECURE_RE = re.compile(r"\b(?:is)?[aA]llowInsecureProtocol\s*(?:=\s*|\(\s*)?true\b")
# A package manager's own config file, and the settings in it that hand every install to whoever sits between the
# machine and the source: verification switched off, or a source over plain HTTP (group "url": skipped when the host
# is the machine's own or a private network's). (tool, file names, how the file's path ends, setting): the
# ``[[source]]`` rows of the file-kind table (filekinds.toml), which holds every file kind's dangerous keys.
SOURCE_SETTINGS = filekinds.sources()
SOURCE_RES = tuple((tool, names, ends, re.compile(rx, re.M)) for tool, names, ends, rx in SOURCE_SETTINGS)
LOCAL_HOST_RE = re.compile(r"^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+"
                           r"|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|host\.docker\.internal|[\w.-]+\.(?:local|localhost|internal|lan|home\.arpa))$")
MIRROR_RE = re.compile(r"<mirror>(.{0,800}?)</mirror>", re.S)
MIRROR_OF_RE = re.compile(r"<mirrorOf>\s*([^<]{1,200}?)\s*</mirrorOf>")
MIRROR_URL_RE = re.compile(r"<url>\s*([^<]{1,300}?)\s*</url>")

# ---------------------------------------------------------------- ConfigMap scripts

SCRIPT_KEY_RE = re.compile(r"\.(?:sh|bash|py|rb|pl|ps1)$")


def obeyed_configs(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """Every reading of this module (module doc), each gated by the file kinds it reads."""
    out = []
    out += auto_commands(sc, files, found, description)
    out += repositories(sc, files, found + out)
    out += decoded_configs(sc, files, found + out, description)
    out += configmap_scripts(sc, files, found + out, description)
    out += terraform_sends(sc, files, found + out)
    return out


# ================================================================ helpers

def _jsonc(text: str):
    """JSON with comments and trailing commas (VS Code's and the dev container's own format), or None."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            out.append(c)
            i += 1
    try:
        return json.loads(re.sub(r",(\s*[}\]])", r"\1", "".join(out)))
    except ValueError:
        return None


def _line_of(text: str, needle: str, default: int = 1) -> int:
    i = text.find(needle) if needle else -1
    return text.count("\n", 0, i) + 1 if i >= 0 else default


def _printable(raw: bytes | None) -> str | None:
    if not raw or len(raw) < 6:
        return None
    try:
        s = raw.decode("ascii")
    except UnicodeDecodeError:
        return None
    if not s.replace("\n", " ").replace("\t", " ").isprintable():
        return None
    return s if any(c in s for c in " /.:") else None


def _b64(tok: str) -> str | None:
    from skillpm.scan import hidden

    if tok.rstrip("=").isalpha() or tok.isdigit() or tok.rstrip("=").isalnum() and tok.lower() == tok:
        return None  # a word or a number, not an encoding
    return _printable(hidden.decode_b64(tok))


def decoded_literals(text: str) -> list[tuple[int, str, str]]:
    """(line, literal, decoded) for each quoted base64 literal of ``text`` that decodes to text."""
    out = []
    for m in B64_LIT_RE.finditer(text):
        d = _b64(m.group(2))
        if d is not None:
            out.append((text.count("\n", 0, m.start()) + 1, m.group(2), d))
            if len(out) >= 64:
                break
    return out


def _known(found: list, path: str) -> set[str]:
    return {f.rule for f in found if f.file == path and f.grades}


def _report(sc, hits, path: str, text: str, line: int, known: set[str], note: str) -> list:
    """The findings ``hits`` (of a text read in place of a part of ``path``) reported on ``line`` of ``path``,
    once per rule, hidden text aside (the decoding is the point, not a finding of its own)."""
    from skillpm.scan.engine import _window

    out = []
    lines = text.split("\n")
    for f in hits:
        if not f.grades or f.category == "hidden-text" or f.rule in known:
            continue
        known.add(f.rule)
        inner = f.text[:120]
        f.file, f.line = path, line
        f.text = _window(lines[line - 1].rstrip("\r"), 0) if 0 < line <= len(lines) else inner
        f.note = (f.note + "; " if f.note else "") + f"{note}: {inner}"
        out.append(f)
    return out


# ================================================================ auto-run commands

def _argv_line(argv) -> str:
    import shlex

    return " ".join(shlex.quote(a) for a in argv if isinstance(a, str))


def _task_commands(doc) -> list[tuple[str, str]]:
    """(label, command line) of each VS Code task that runs when the folder is opened."""
    out = []
    for t in (doc.get("tasks") if isinstance(doc, dict) else None) or []:
        if not isinstance(t, dict):
            continue
        run = t.get("runOptions")
        if not (isinstance(run, dict) and str(run.get("runOn", "")).lower() == "folderopen"):
            continue
        for part in (t, *(t[k] for k in ("linux", "osx", "windows") if isinstance(t.get(k), dict))):
            cmd = part.get("command")
            if isinstance(cmd, dict):
                cmd = cmd.get("value")
            if isinstance(cmd, list):
                cmd = " ".join(c for c in cmd if isinstance(c, str))
            args = [a.get("value") if isinstance(a, dict) else a for a in part.get("args") or [] if isinstance(a, (str, dict))]
            if isinstance(cmd, str) and cmd:
                out.append((str(t.get("label") or cmd), _argv_line([cmd, *args]) if args else cmd))
    return out


def _lifecycle(doc, keys) -> list[tuple[str, str]]:
    """(key, command line) of a dev container's lifecycle commands (string, argv list, or named parallel set)."""
    out = []
    if not isinstance(doc, dict):
        return out
    for k in keys:
        v = doc.get(k)
        for item in (v.values() if isinstance(v, dict) else [v]):
            if isinstance(item, str) and item.strip():
                out.append((k, item))
            elif isinstance(item, list):
                out.append((k, _argv_line(item)))
    return out


def _inline_code(cmdline: str) -> list[tuple[str, str]]:
    """(file extension, code) of each interpreter given code inline on the command line."""
    import shlex

    try:
        words = shlex.split(cmdline)
    except ValueError:
        return []
    out = []
    for i, w in enumerate(words[:-1]):
        name = posixpath.basename(w)
        if name in INLINE_CODE and i + 2 <= len(words):
            for j in range(i + 1, min(i + 4, len(words) - 1)):
                if words[j] in INLINE_CODE[name]:
                    out.append((INLINE_EXT[name], words[j + 1]))
                    break
    return out


def _auto_sources(path: str, text: str) -> list[tuple[str, str, str]]:
    """(what runs it, name, command line) of the commands ``path`` has run by itself."""
    low = path.lower()
    base = posixpath.basename(low)
    if base == "tasks.json" and "runon" in text.lower() and "folderopen" in text.lower():
        doc = _jsonc(text)
        return [("runs when the folder is opened (runOn folderOpen)", n, c) for n, c in _task_commands(doc)]
    if base in ("devcontainer.json", ".devcontainer.json") and "Command" in text:
        doc = _jsonc(text)
        return [(f"the dev container's {k} runs it " + ("on the host, before the container exists" if k == "initializeCommand"
                                                         else "by itself when the container is set up"), k, c)
                for k, c in _lifecycle(doc, DEVCONTAINER_KEYS)]
    if base == ".envrc":
        return [("direnv runs it when a shell enters the folder", ".envrc", text)]
    if base in ("mise.toml", ".mise.toml", "config.toml") and (base != "config.toml" or "mise/" in low) and "hooks" in text:
        import tomllib

        try:
            hooks = tomllib.loads(text).get("hooks")
        except (tomllib.TOMLDecodeError, ValueError):
            return []
        out = []
        for k, v in (hooks.items() if isinstance(hooks, dict) else ()):
            for item in (v if isinstance(v, list) else [v]):
                cmd = item.get("script") or item.get("run") if isinstance(item, dict) else item
                if isinstance(cmd, str) and cmd.strip():
                    out.append((f"mise runs its '{k}' hook by itself" + (" when a shell enters the folder" if k in ("enter", "cd") else ""),
                                k, cmd))
        return out
    if base == ".gitpod.yml" and "tasks" in text:
        try:
            import yaml

            doc = yaml.safe_load(text)
        except Exception:
            return []
        out = []
        for t in (doc.get("tasks") if isinstance(doc, dict) else None) or []:
            out += [("the workspace runs it when it starts (Gitpod task)", k, c) for k, c in _lifecycle(t, GITPOD_KEYS)]
        return out
    return []


def auto_commands(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    out = []
    auto_run = False
    settings = []
    for path in sorted(files):
        base = posixpath.basename(path.lower())
        if base not in AUTO_FILES and not (base == "config.toml" and "mise/" in path.lower()):
            continue
        data = files[path]
        if len(data) > CONFIG_MAX:
            continue
        text = data.decode("utf-8", errors="replace")
        if base == "settings.json":
            if TRUST_OFF_RE.search(text):
                settings.append((path, text))
            continue
        known = _known(found, path)
        for why, name, cmd in _auto_sources(path, text):
            if cmd is text:  # the whole file is the script (.envrc): its findings keep their own lines
                for f in sc.scan_text(path + "#" + name + ".sh", text, "script", description):
                    if f.grades and f.category != "hidden-text" and f.rule not in known:
                        known.add(f.rule)
                        f.file = path
                        f.note = (f.note + "; " if f.note else "") + why
                        out.append(f)
                continue
            folder = "folderOpen" in why
            auto_run = auto_run or folder
            line = _line_of(text, f'"{name}"' if name in DEVCONTAINER_KEYS else name, 1)
            if line == 1:
                line = _line_of(text, cmd.split()[0] if cmd.split() else "", 1)
            texts = [(".sh", cmd)]
            for _, lit, dec in decoded_literals(cmd):
                texts.append((".sh", dec))
            for ext, code in _inline_code(cmd):
                texts.append((ext, code))
                texts += [(".sh", dec) for _, _, dec in decoded_literals(code)]
            hits = []
            for ext, t in texts:
                hits += sc.scan_text(path + "#" + name + ext, t, "script", description)
                m = FETCH_RUNNER_RE.search(t) if folder else None  # (a dev container's setup installs tools: its job)
                if m and "SC-01" not in known:
                    known.add("SC-01")
                    out.append(sc._finding("SC-01", "high", path, line, _line_text(text, line),
                                           note=f"{why}: `{m.group(0)}` fetches a package and runs it at that moment, "
                                                f"whatever the registry serves then, with no prompt"))
            out += _report(sc, hits, path, text, line, known, why)
    for path, text in settings:
        m = TRUST_OFF_RE.search(text)
        line = text.count("\n", 0, m.start()) + 1
        if "PE-05" in _known(found, path):
            continue
        sev = "high" if auto_run else "medium"
        out.append(sc._finding("PE-05", sev, path, line, _line_text(text, line),
                               note="switches off the editor's prompt before a workspace's tasks and code run"
                                    + (" (the skill ships a task that runs when the folder is opened)" if auto_run else "")))
    return out


def _line_text(text: str, line: int) -> str:
    from skillpm.scan.engine import _window

    lines = text.split("\n")
    return _window(lines[line - 1].rstrip("\r"), 0) if 0 < line <= len(lines) else ""


# ================================================================ repositories put first

def _host(url: str) -> str:
    m = re.match(r"(?:sparse\+|registry\+|git\+)?[a-z]+://(?:[^@/\s]*@)?([^/:\s]+)", url.strip(), re.I)
    return m.group(1).lower() if m else ""


def _foreign(url: str) -> bool:
    h = _host(url)
    return bool(h) and not any(h == p or h.endswith("." + p) for p in PUBLIC_REPO_HOSTS)


def _local(url: str) -> bool:
    """The machine's own, a private network's, or no host at all (``file:``, a path): nobody else's server."""
    if url.strip().lower().startswith(("file:", "copy:", "cdrom:", "/", ".")):
        return True
    h = _host(url) if "://" in url else url.strip().split(":")[0].lower()
    return not h or LOCAL_HOST_RE.match(h) is not None


def _source_settings(sc, path: str, files: dict[str, bytes], found: list) -> list:
    """SC-05 high on a package manager's config line that switches its verification off or takes its packages over
    plain HTTP from someone else's host (SOURCE_SETTINGS)."""
    low = path.lower()
    base = posixpath.basename(low)
    for tool, names, ends, rx in SOURCE_RES:
        if not (base in names or ends and low.endswith(ends)):
            continue
        data = files[path]
        if len(data) > CONFIG_MAX:
            return []
        text = data.decode("utf-8", errors="replace")
        for m in rx.finditer(text):
            url = next((m.group(g) for g in ("url", "url2") if g in rx.groupindex and m.group(g)), None)
            if url is not None and _local(url):
                continue
            if "SC-05" in _known(found, path):
                return []
            line = text.count("\n", 0, m.start()) + 1
            what = (f"takes packages from {url} over plain HTTP" if url and url.lower().startswith("http://")
                    else f"trusts {url} without verification" if url else "switches off the check of what it installs")
            return [sc._finding("SC-05", "high", path, line, _line_text(text, line),
                                note=f"{tool}, which obeys this file, {what}: any package can be swapped on the way")]
    return []


def _machine_wide(path: str) -> bool:
    """An init script Gradle applies to every build of the machine (by its folder, ``init.d``, or its name)."""
    low = path.lower()
    base = posixpath.basename(low)
    return "init.d/" in low or base.startswith("init.gradle") or base.endswith((".init.gradle", ".init.gradle.kts"))


HEX_REV_BYTES = tuple(w.encode() for w in ("toInt(16)", "fromhex", "unhexlify", "hex2bin", "DecodeString", "parseHex", "decodeHex",
                                            "hexToByteArray", "'hex'", '"hex"', "[::-1]", ".reverse", "reversed(", "strrev("))


def spelled_literals(text: str, decoded: bool = False) -> dict[str, tuple[int, str]]:
    """{literal: (line, the value the run makes of it)} for each quoted literal of ``text`` that the file's own
    decoders turn into an address, a path or a command (values.run_value: base64, hex, reversal, composed); its
    base64 literals decoded also when ``decoded`` (a file of its folder decodes them: a Terraform module)."""
    from skillpm.scan import values

    out: dict[str, tuple[int, str]] = {}
    if decoded or any(w in text for w in DECODER_WORDS):
        for line, lit, dec in decoded_literals(text):
            out[lit] = (line, dec)
    how = values.doings(text) - {"code"}
    if how:
        for m in values.QUOTED_RE.finditer(text):
            lit = m.group(2)
            if lit in out or len(out) >= 64:
                continue
            got = values.run_value(lit, how)
            if got is not None and values.meaning(got[1]):
                out[lit] = (text.count("\n", 0, m.start()) + 1, got[1])
    return out


def _assigned(text: str, name: str) -> str | None:
    """What a Kotlin/Groovy/Java name is assigned (its line and the four after it), or None."""
    a = re.search(r"\b(?:val|var|def|String)\s+" + re.escape(name) + r"\b[^=\n]{0,40}=([^\n]*(?:\n[^\n]*){0,4})", text)
    return a.group(1) if a else None


def _gradle(sc, path: str, text: str, known: set[str]) -> list:
    decoded = spelled_literals(text)
    out = []
    for m in GRADLE_URL_RE.finditer(text):
        url, name = m.group(1), m.group(2)
        line = text.count("\n", 0, m.start()) + 1
        hidden = False
        if name:  # the address held by a name: its literal, decoded when the script decodes it
            a = _assigned(text, name)
            if not a:
                continue
            lits = [x for x in re.findall(r"""["']([^"'\n]{1,4000})["']""", a)]
            if not lits and decoded:  # `val mirror = decode(mirrorHex)`: the literal of the name it is made from
                for other in re.findall(r"\b([A-Za-z_]\w{0,40})\b", a.split("\n", 1)[0])[:4]:
                    b = _assigned(text, other) if other != name else None
                    lits += re.findall(r"""["']([^"'\n]{1,4000})["']""", b.split("\n", 1)[0]) if b else []
            url = None
            for lit in lits:
                if lit in decoded:
                    url, hidden = decoded[lit][1], True
                    break
                if "://" in lit:
                    url = lit
                    break
            if url is None:
                continue
        elif url in decoded:
            url, hidden = decoded[url][1], True
        if not _foreign(url) or "${" in url:
            continue
        plain = url.lower().startswith("http://")
        first = bool(GRADLE_FIRST_RE.search(text))
        wide = _machine_wide(path)
        if hidden:
            sev, why = "high", "its address spelled encoded, decoded by the script"
        elif plain and (first or wide or GRADLE_INSECURE_RE.search(text)) and not _local(url):
            sev, why = "high", "over plain HTTP (allowed insecure)" if GRADLE_INSECURE_RE.search(text) else "over plain HTTP"
        elif wide and first:
            sev, why = "medium", "in an init script that applies to every build of the machine"
        else:
            continue
        if "SC-05" in known:
            break
        known.add("SC-05")
        where = "every build on the machine (an init script)" if wide else "the build"
        out.append(sc._finding("SC-05", sev, path, line, _line_text(text, line),
                               note=f"puts the repository {url.strip()} in front of {where}, {why}"
                                    + (", ahead of Maven Central and the plugin portal" if first else "")))
        break
    return out


def _maven(sc, path: str, text: str, known: set[str]) -> list:
    out = []
    for m in MIRROR_RE.finditer(text):
        of, url = MIRROR_OF_RE.search(m.group(1)), MIRROR_URL_RE.search(m.group(1))
        if not of or not url or not _foreign(url.group(1)):
            continue
        scope = [s.strip() for s in of.group(1).split(",")]
        if not any(s in ("*", "central", "external:*", "external:http:*") for s in scope):
            continue
        if not url.group(1).lower().startswith("http://") or _local(url.group(1)) or "SC-05" in known:
            continue
        known.add("SC-05")
        line = text.count("\n", 0, m.start() + url.start()) + 1
        out.append(sc._finding("SC-05", "high", path, line, _line_text(text, line),
                               note=f"Maven fetches every artifact ({of.group(1)}) from {url.group(1)} over plain HTTP: "
                                    f"any of them can be swapped in transit"))
    return out


def _cargo(sc, path: str, text: str, known: set[str]) -> list:
    import tomllib

    try:
        doc = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return []
    src = doc.get("source") if isinstance(doc, dict) else None
    if not isinstance(src, dict) or not isinstance(src.get("crates-io"), dict):
        return []
    name = src["crates-io"].get("replace-with")
    repl = src.get(name) if isinstance(name, str) else None
    if not isinstance(repl, dict):
        return []
    url = repl.get("registry") or repl.get("git") or ""
    if not isinstance(url, str) or not _foreign(url) or "SC-05" in known:
        return []
    plain = re.match(r"(?:sparse\+|registry\+)?http://", url) is not None
    if not plain or _local(url):
        return []
    known.add("SC-05")
    line = _line_of(text, url, 1)
    return [sc._finding("SC-05", "high", path, line, _line_text(text, line),
                        note=f"Cargo takes every crate from {url} in place of crates.io, over plain HTTP")]


def repositories(sc, files: dict[str, bytes], found: list) -> list:
    out = []
    for path in sorted(files):
        low = path.lower()
        data = files[path]
        if len(data) > CONFIG_MAX:
            continue
        out += _source_settings(sc, path, files, found + out)
        if low.endswith((".gradle", ".gradle.kts")) and b"maven" in data:
            out += _gradle(sc, path, data.decode("utf-8", errors="replace"), _known(found, path))
        elif low.endswith(".xml") and b"<mirrorOf>" in data:
            out += _maven(sc, path, data.decode("utf-8", errors="replace"), _known(found, path))
        elif (low.endswith(("/config.toml", "/config")) and "cargo/" in low or low.startswith((".cargo/", "cargo/"))) \
                and b"replace-with" in data:
            out += _cargo(sc, path, data.decode("utf-8", errors="replace"), _known(found, path))
    return out


# ================================================================ encoded values a config decodes

def decoded_configs(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    from skillpm.scan.engine import classify

    configs = [p for p in files if p.lower().endswith(CONFIG_EXT) and len(files[p]) <= CONFIG_MAX]
    if not configs:
        return []
    # the folders whose files decode (a Terraform module is its folder: a variable's default decoded in another file)
    decoding = {posixpath.dirname(p) for p in configs if any(w.encode() in files[p] for w in DECODER_WORDS)
                or litgate.any_in(files[p], HEX_REV_BYTES)}  # (hex or a reversal: values.spelled_literals reads them)
    if not decoding:
        return []
    out = []
    for path in sorted(configs):
        if posixpath.dirname(path) not in decoding:
            continue
        text = files[path].decode("utf-8", errors="replace")
        lits = [(line, lit, dec) for lit, (line, dec) in spelled_literals(text, True).items()]
        if not lits:
            continue
        lines = text.split("\n")
        for line, lit, dec in lits:
            lines[line - 1] = lines[line - 1].replace(lit, dec.replace("\n", " "), 1)
        view = "\n".join(lines)
        known = _known(found, path)
        kind = classify(path, files[path][:8192], False)
        hits = [f for f in sc.scan_text(path, view, kind if kind in ("script", "data", "markup") else "data", description)
                if f.line in {ln for ln, _, _ in lits}]
        for f in hits:
            if not f.grades or f.category == "hidden-text" or f.rule in known:
                continue
            known.add(f.rule)
            ln = f.line
            f.text = _line_text(text, ln)
            f.note = (f.note + "; " if f.note else "") + \
                "read as the config's decoder makes it (a base64 literal decoded): " + \
                next((dec for l2, _, dec in lits if l2 == ln), "")[:120]
            out.append(f)
    return out


# ================================================================ Terraform: what a data source sends during plan

TF_HTTP_RE = re.compile(r'^[ \t]*data[ \t]+"http"[ \t]+"([\w-]+)"[ \t]*\{', re.M)
# what a request body may carry that is not the project's to hand out: what another request was answered (the
# metadata service's token, an internal API's reply), a credential the providers hold, a credentials file
TF_CARRIED_RE = re.compile(r"\bdata\.http\.([\w-]+)\.(?:response_body|body|response_headers)\b"
                           r"|\bdata\.google_client_config\.[\w-]+\.access_token\b|\.secret_string\b|\.secret_data\b"
                           r"|\bdata\.external\.[\w-]+\.result\b"
                           r"|\bfile(?:base64)?\(\s*\"[^\"\n]*(?:\.aws/|\.ssh/|gcloud/|\.kube/|\.azure/|credentials|\.netrc|\.docker/config)")


def _block(text: str, start: int) -> str:
    """The HCL block whose ``{`` is at or after ``start`` (braces counted, strings not)."""
    i = text.find("{", start)
    depth = 0
    for j in range(i, min(len(text), i + 20000)):
        c = text[j]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[i:j + 1]
    return text[i:i + 20000]


def terraform_sends(sc, files: dict[str, bytes], found: list) -> list:
    """EX-02 high on a Terraform ``data "http"`` whose request body carries what another request answered or a
    credential: data sources are read during ``plan``, which a user runs to see what would change, before any
    approval. A body of the project's own values (its id, region, tags) to a webhook stays clean."""
    out = []
    for path in sorted(files):
        if not path.lower().endswith((".tf", ".tofu")):
            continue
        data = files[path]
        if len(data) > CONFIG_MAX or b'data "http"' not in data or b"request_body" not in data:
            continue
        text = data.decode("utf-8", errors="replace")
        if "EX-02" in _known(found + out, path):
            continue
        for m in TF_HTTP_RE.finditer(text):
            body = _block(text, m.start())
            b = body.find("request_body")
            if b < 0:
                continue
            carried = TF_CARRIED_RE.search(body, b)
            if not carried or carried.group(1) == m.group(1):
                continue
            line = text.count("\n", 0, m.start() + b) + 1
            out.append(sc._finding("EX-02", "high", path, line, _line_text(text, line),
                                   note=f"data source '{m.group(1)}' posts `{carried.group(0)}` during `terraform plan`, "
                                        f"before anything is applied or approved"))
            break
    return out


# ================================================================ ConfigMap scripts

def configmap_scripts(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    out = []
    for path in sorted(files):
        if not path.lower().endswith((".yaml", ".yml")):
            continue
        data = files[path]
        if len(data) > CONFIG_MAX or b"ConfigMap" not in data:
            continue
        text = data.decode("utf-8", errors="replace")
        try:
            import yaml

            docs = list(yaml.safe_load_all(text))
        except Exception:
            continue
        known = _known(found, path)
        for doc in docs:
            if not isinstance(doc, dict) or doc.get("kind") != "ConfigMap" or not isinstance(doc.get("data"), dict):
                continue
            for key, val in doc["data"].items():
                if not isinstance(val, str) or not (val.startswith("#!") or SCRIPT_KEY_RE.search(str(key))):
                    continue
                ext = posixpath.splitext(str(key))[1] or (".py" if "python" in val[:40] else ".sh")
                m = re.search(r"(?m)^[ \t]*['\"]?" + re.escape(str(key)) + r"['\"]?\s*:", text)
                if not m:
                    continue
                base = text.count("\n", 0, m.start()) + 1  # the block's first line is the next one
                for f in sc.scan_text(f"{path}#{key}{'' if str(key).endswith(ext) else ext}", val, "script", description):
                    if not f.grades or f.rule in known:
                        continue
                    known.add(f.rule)
                    f.file, f.line = path, base + f.line
                    f.note = (f.note + "; " if f.note else "") + f"in the ConfigMap script '{key}', which a pod runs"
                    out.append(f)
    return out
