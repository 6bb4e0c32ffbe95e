"""Package-manager and agent-tool configuration a skill's program writes: read for where later installs come from.

A skill's script that edits another tool's configuration changes what runs long after the skill is gone. Two
constructs, read in any language a skill ships (the script as written, its literals as the run decodes them:
reversed, rot13, char codes, hex, base64; and the data files of the skill it loads, decoded the same way):

- **A package manager's registry moved, or its checks turned off** (``written_registries``). The program writes
  a configuration file, or runs a config command, of one package manager (``MANAGERS``: .npmrc, .yarnrc(.yml),
  pip.conf / pip.ini, .pypirc's upload index, uv.toml, .cargo/config.toml, .gemrc and bundler's config, ``go env -w``, NuGet.config,
  Maven's settings.xml, .condarc, bunfig.toml, composer's config, docker's daemon.json, and the same settings as
  environment variables put in a shell's start-up file), and what it writes turns that manager's certificate
  or checksum checks off (``strict-ssl=false``, ``trusted-host``, ``GOSUMDB=off``, ``ssl_verify: false``), or
  moves its registry to a host the skill itself names (``registry=https://registry.npmjs-mirror.org/``,
  ``<mirrorOf>*</mirrorOf>``, crates.io replaced by a remote registry). Every later install then comes from
  that host, or can be swapped in transit: SC-05 high; a registry moved only in a project's own file, with the
  checks on, is medium. A registry taken from the user (an argument, an environment variable, a prompt) is
  the user's own: the setting names no host and is not read.
- **An agent's tool server registered with every tool approved** (``registered_servers``). The program writes
  an agent's MCP configuration (``~/.claude.json``, ``.mcp.json``, ``~/.cursor/mcp.json``, Windsurf's
  ``mcp_config.json``, VS Code's ``mcp.json``, ``~/.codex/config.toml``, ``~/.gemini/settings.json``, or
  ``claude mcp add``) with a server that a package runner starts (``npx -y``, ``uvx``, ``bunx``, ``pnpm dlx``,
  ``pipx run``), and approves everything it does in advance (``autoApprove``/``alwaysAllow`` of ``*``,
  ``"trust": true``, ``enableAllProjectMcpServers``, a whole ``mcp__server`` allowed): PE-05 high, and
  SC-05 high as well when the package is taken at ``@latest``. A server pinned to a version and left to ask
  stays clean.

Each reads only scripts that hold one of its literals (``TARGET_BYTES``, ``MCP_BYTES``) or decode strings;
others pay a few substring tests.
"""

from __future__ import annotations

import codecs
import re

from skillpm.scan.hidden import decode_b64_strict

SCRIPT_MAX = 256 * 1024
DATA_MAX = 64 * 1024

# Hosts of the registries themselves and of the public mirrors their communities run: moving to one of
# them is no move (the checks-off settings are read whatever the host)
OFFICIAL = (r"(?:registry\.npmjs\.org|registry\.yarnpkg\.com|registry\.npmmirror\.com|registry\.npm\.taobao\.org"
            r"|pypi\.org|upload\.pypi\.org|files\.pythonhosted\.org|test\.pypi\.org|download\.pytorch\.org|pypi\.tuna\.tsinghua\.edu\.cn"
            r"|mirrors\.aliyun\.com|mirrors\.cloud\.tencent\.com|pypi\.mirrors\.ustc\.edu\.cn|repo\.maven\.apache\.org"
            r"|repo1\.maven\.org|maven\.aliyun\.com|api\.nuget\.org|rubygems\.org|gems\.ruby-china\.com"
            r"|proxy\.golang\.org|goproxy\.cn|goproxy\.io|index\.crates\.io|crates\.io|repo\.packagist\.org"
            r"|packagist\.org|conda\.anaconda\.org|repo\.anaconda\.com|localhost|127\.0\.0\.1)")
# a literal address of a host that is not one of those (a placeholder's `${…}`, `{…}`, `%s` is no host)
FOREIGN = r"(?:sparse\+)?https?://(?!" + OFFICIAL + r"[:/'\"\s\\]|\$|\{|%|<)[\w-]+(?:\.[\w-]+)+"

# name -> (where the manager keeps its settings: a file name or a config command;
#          a setting that moves its registry to a host written here; a setting that turns its checks off)
MANAGERS: dict[str, tuple[str, str, str | None]] = {
    "npm": (r"\.?npmrc\b|\b(?:npm|pnpm)['\"]?\s*,?\s*['\"]?config['\"]?\s*,?\s*['\"]?set\b",
            r"(?:(?<![\w-])|(?<=\\n))(?:@[\w-]+:)?registry\s*=\s*['\"]?" + FOREIGN,
            r"strict-ssl\s*=\s*['\"]?false\b|(?:^|[\s'\"`])ca\s*=\s*(?:null|['\"]{2})"),
    "yarn": (r"\.yarnrc(?:\.yml)?\b",
             r"npmRegistryServer['\"]?\s*:\s*['\"]?" + FOREIGN + r"|\bregistry\s+['\"]?" + FOREIGN,
             r"enableStrictSsl['\"]?\s*:\s*['\"]?false\b|unsafeHttpWhitelist|strict-ssl\s+['\"]?false\b"),
    "pip": (r"\bpip\.(?:conf|ini)\b|\bpip_config\b|\bpip['\"]?\s*,?\s*['\"]?config['\"]?\s*,?\s*['\"]?set\b",
            r"(?:extra-)?index[-_.]url['\"]?\s*[=:, ]\s*['\"]?" + FOREIGN,
            r"trusted[-_.]host['\"]?\s*[=:, ]\s*['\"]?[\w$({]"),
    # the upload index of twine/setuptools: the password kept beside it goes wherever `repository` points
    "pypirc": (r"\.pypirc\b",
               r"(?:(?<![\w-])|(?<=\\n))repository\s*[:=]\s*['\"]?" + FOREIGN,
               None),
    "uv": (r"\buv\.toml\b",
           r"(?:index-url|url)\s*=\s*['\"]" + FOREIGN,
           r"allow-insecure-host\s*=|native-tls\s*=\s*false"),
    "cargo": (r"\.cargo\b[^\n]{0,120}?\bconfig(?:\.toml)?\b|\bCARGO_HOME\b[\s\S]{0,600}?['\"]config(?:\.toml)?['\"]",
              r"replace-with\s*=[\s\S]{0,300}?(?:(?<![\w-])|(?<=\\n))(?:registry|git|index)\s*=\s*\\?['\"](?:sparse\+)?(?:https?|git|ssh)://",
              r"check-revoke\s*=\s*false"),
    "gem": (r"\.gemrc\b|\.bundle\W{1,3}config\b|\bgem\W{1,4}sources\b|\bbundle\W{1,4}config\b",
            r":sources:\s*(?:\\n|\n|\s)*-\s*['\"]?" + FOREIGN + r"|BUNDLE_MIRROR__\w+['\"]?\s*:\s*['\"]?" + FOREIGN
            + r"|\bmirror\.https?://\S+['\"]?\s*,?\s*['\"]?" + FOREIGN,
            r":ssl_verify_mode:\s*0|BUNDLE_SSL_VERIFY_MODE['\"]?\s*:\s*['\"]?0"),
    "go": (r"\bgo['\"]?\s*,?\s*['\"]?env['\"]?\s*,?\s*['\"]?-w\b|\bgo/env\b",
           r"GOPROXY['\"]?\s*=\s*['\"]?" + FOREIGN,
           r"GOSUMDB['\"]?\s*=\s*['\"]?off\b|GO(?:NOSUMDB|PRIVATE|NOPROXY)['\"]?\s*=\s*['\"]?\*|GOINSECURE['\"]?\s*=\s*['\"]?[\w*.$]"
           r"|GONOSUMCHECK['\"]?\s*=|GOFLAGS['\"]?\s*=\s*['\"]?[^\n'\"]{0,40}-insecure"),
    "nuget": (r"\bnuget\.config\b",
              r"<add\s+key=\\?['\"][^'\"\n]{1,60}\\?['\"]\s+value=\\?['\"]" + FOREIGN,
              None),
    "maven": (r"\.m2\b[\s\S]{0,400}?\bsettings\.xml\b",
              r"<mirrorOf>\s*(?:\*|central|external:\*)\s*</mirrorOf>",
              r"maven\.wagon\.http\.ssl\.(?:insecure|allowall)\W{1,12}true"),
    "conda": (r"\.condarc\b|\bconda['\"]?\s*,?\s*['\"]?config\b",
              r"\b(?:channel_alias|default_channels|channels)['\"]?\s*:?\s*(?:\\n|\n|\s|-|\[|['\"])*" + FOREIGN,
              r"ssl_verify['\"]?\s*[: ,]\s*['\"]?(?:false|no)\b"),
    "bun": (r"\bbunfig\.toml\b",
            r"registry\s*=\s*['\"]" + FOREIGN,
            None),
    "composer": (r"\bcomposer\W{1,4}config\b|composer/config\.json|COMPOSER_HOME",
                 r"repositories[^\n]{0,120}?(?:composer|url)[^\n]{0,40}?" + FOREIGN,
                 r"secure-http['\"]?\s*[:=, ]\s*['\"]?false\b|disable-tls['\"]?\s*[:=, ]\s*['\"]?true\b"),
    "docker": (r"\bdaemon\.json\b",
               r"registry-mirrors['\"]?\s*:\s*\[\s*['\"]" + FOREIGN,
               r"insecure-registries['\"]?\s*:\s*\[\s*['\"][\w*]"),
    # git's own: every fetch of a code host's repositories rewritten to another host, or its certificates unchecked
    "git": (r"\binsteadOf\b|\bgit['\"]?\s*,?\s*['\"]?config\b",
            r"url\.['\"]?" + FOREIGN + r"[^\n]{0,80}?insteadOf['\"]?\s*[,= ]\s*['\"]?https://(?:github\.com|gitlab\.com|bitbucket\.org)",
            r"http\.sslVerify['\"]?\s*[,= ]\s*['\"]?false\b"),
    # the same settings as environment variables, put in a start-up file every new shell reads
    "env": (r"\.(?:bash|zsh)rc\b|\.(?:bash_)?profile\b|\.zshenv\b|/etc/environment\b|\$PROFILE\b|\bsetx\b"
            r"|SetEnvironmentVariable\b|launchctl\s+setenv\b",
            r"\b(?:NPM_CONFIG_REGISTRY|npm_config_registry|YARN_REGISTRY|PIP_(?:EXTRA_)?INDEX_URL|UV_(?:DEFAULT_|EXTRA_)?INDEX(?:_URL)?"
            r"|GOPROXY|BUNDLE_MIRROR__\w+|CARGO_REGISTRIES_\w+_INDEX|HOMEBREW_(?:BOTTLE|API|ARTIFACT)_DOMAIN)['\"]?\s*[=, ]\s*['\"]?" + FOREIGN,
            r"\b(?:NODE_TLS_REJECT_UNAUTHORIZED['\"]?\s*[=, ]\s*['\"]?0|PIP_TRUSTED_HOST|GOSUMDB['\"]?\s*[=, ]\s*['\"]?off|GONOSUMDB['\"]?\s*[=, ]\s*['\"]?\*"
            r"|GIT_SSL_NO_VERIFY|PYTHONHTTPSVERIFY['\"]?\s*[=, ]\s*['\"]?0|NPM_CONFIG_STRICT_SSL['\"]?\s*[=, ]\s*['\"]?false|UV_INSECURE_HOST)\b"),
}
# what the script (lowercased, its literals decoded) must hold for a manager's target to be read at all
GATES = {"npm": ("npm",), "yarn": ("yarnrc",), "pip": ("pip",), "pypirc": (".pypirc",), "uv": ("uv.toml",), "cargo": (".cargo", "cargo_home"),
         "gem": ("gem", "bundle"), "go": ("-w", "go/env"), "nuget": ("nuget.config",), "maven": (".m2",),
         "conda": ("conda",), "bun": ("bunfig",), "composer": ("composer",), "docker": ("daemon.json",),
         "git": ("insteadof", "sslverify"),
         "env": ("bashrc", "zshrc", "profile", "zshenv", "/etc/environment", "setx", "setenvironmentvariable", "setenv")}
# what a file must hold for one of the managers to be named plainly (bytes, as written)
TARGET_BYTES = (b"npmrc", b"yarnrc", b"pip.conf", b"pip.ini", b"pip_config", b"uv.toml", b".cargo", b"gemrc", b".bundle",
                b"bundle config", b"sources", b"go env", b"go/env", b"'env'", b'"env"', b"uget.", b"uGet.", b"UGET.", b".m2",
                b"condarc", b"conda", b"bunfig", b"composer", b"COMPOSER", b"daemon.json", b"config set", b"'config'",
                b'"config"', b"bashrc", b"zshrc", b"profile", b"zshenv", b"/etc/environment", b"setx", b"SetEnvironmentVariable",
                b"setenv", b"insteadOf", b"sslVerify")
# a write to a file, or a config command that writes one, in the languages skills ship (rules.toml [defs]
# file_write has Python's, Node's, PowerShell's, PHP's and Ruby's main ones)
WRITE = (r"\bappendFile(?:Sync)?\(|\bwriteFile(?:Sync)?\(|\bwrite_text\(|\bwrite_bytes\(|\bopen\([^\n)]{0,200}?['\"][wa]\+?b?['\"]"
         r"|\bFile\.(?:write|open\([^\n)]{0,120}?['\"][wa])|\bIO\.write\(|\bSet-Content\b|\bAdd-Content\b|\bOut-File\b"
         r"|\bfile_put_contents\(|\bfs::write\(|\bOpenOptions::new\(\)|\bos\.WriteFile\(|\bioutil\.WriteFile\(|\bos\.(?:Create|OpenFile)\("
         r"|\bFiles\.(?:write|writeString)\(|\bnew\s+FileWriter\(|\bWriteAllText\(|\bAppendAllText\(|\bconfigparser\b[^\n]{0,200}?\.write\("
         r"|\.write\(\s*\w+\s*\)|\bwriteln!\("
         r"|\b(?:npm|pnpm|yarn|pip3?|conda|composer|bundle|gem|git)['\"]?\s*,?\s*['\"]?(?:config|sources)\b|\bgo['\"]?\s*,?\s*['\"]?env['\"]?\s*,?\s*['\"]?-w\b")
# a shell script's write: a redirection into a file, or tee
SHELL_WRITE = r"(?<![<>&\d])>>?[ \t]*[\"']?[$~./\w]|\btee\b"
# the user's own home, or a command's global scope: a setting there holds for every project
GLOBAL = (r"~/|~['\"]|\$HOME\b|\$\{HOME\}|\bhomedir\(\)|\bexpanduser\(|\bPath\.home\(\)|\bDir\.home\b|\bos\.UserHomeDir\(\)"
          r"|\benv::var(?:_os)?\(\s*\"(?:HOME|CARGO_HOME)\"|\bhome_dir\(\)|\bgetenv\(\s*['\"](?:HOME|USERPROFILE|APPDATA)['\"]|\bGetEnvironmentVariable\(\s*\"(?:HOME|USERPROFILE|APPDATA)\"|\bSpecialFolder\.(?:UserProfile|ApplicationData)\b|\$env:(?:USERPROFILE|APPDATA)"
          r"|%USERPROFILE%|%APPDATA%|\bSystem\.getProperty\(\s*\"user\.home\"|\bENV\[\s*['\"]HOME['\"]\]|--global\b|['\"]-g['\"]|\s-g\s"
          r"|\bgo['\"]?\s*,?\s*['\"]?env['\"]?\s*,?\s*['\"]?-w\b|\bconfig\s+set\s+(?:global|user)\.|\bsetx\b|/etc/|COMPOSER_HOME"
          r"|\.(?:bash|zsh)rc\b|\.(?:bash_)?profile\b|\.zshenv\b")

_RX: dict[str, re.Pattern] = {}


def _rx(key: str, src: str, flags: int = re.IGNORECASE) -> re.Pattern:
    rx = _RX.get(key)
    if rx is None:
        rx = _RX[key] = re.compile(src, flags)
    return rx


class _Program:
    """A script as its run holds it, built in stages so that a script naming no target pays for none of the rest:
    ``own`` is the script with its literals glued and, when it decodes strings, its literals decoded (reversed,
    rot13, char codes, hex, base64, base64 of several lines); ``data`` adds the data files of the skill it loads,
    decoded value by value (rot13'd back when the script undoes rot13)."""

    def __init__(self, path: str, text: str, decodes: bool, data_files):
        from skillpm.scan.settingsdata import _decoded_copies, _glued

        self.path, self.text, self._data_files, self._data = path, text, data_files, None
        self.plain = _glued(text)
        copies = [*_decoded_copies(text), *_packed_lines(text)] if decodes else []
        self.own = self.plain + ("\n" + "\n".join(copies) if copies else "")
        self.low = self.own.lower()

    @property
    def whole(self) -> str:
        if self._data is None:
            from skillpm.scan.assembled import ROT13_WORDS
            from skillpm.scan.settingsdata import _loaded, _loads

            parts = []
            rot = any(w in self.text for w in ROT13_WORDS)
            for dpath, dtext in sorted(self._data_files().items()):
                if dpath != self.path and _loads(self.text, dpath):
                    loaded = _loaded(dpath, dtext)
                    parts += [loaded, *_packed_lines(dtext)]
                    if rot:
                        parts.append(codecs.encode(loaded, "rot13"))
            self._data = self.own + ("\n" + "\n".join(parts) if parts else "")
        return self._data

    def spelled(self, pos: int) -> str:
        return "" if pos < len(self.plain) else " (spelled only at run time: decoded from the script's literals or its data files)"


# a quoted base64 literal: decoded when it makes text of several lines (a config file's lines packed in one value),
# which the decoders that keep one printable line leave as it is
QUOTED_B64_RE = re.compile(r"""["'`]([A-Za-z0-9+/]{16,8000}={0,2})["'`]""")


def _packed_lines(text: str) -> list[str]:
    """The texts of several lines that the quoted base64 literals of ``text`` decode to."""
    out = []
    for m in QUOTED_B64_RE.finditer(text):
        body = m.group(1)
        raw = decode_b64_strict(body)
        try:
            dec = raw.decode("utf-8") if raw is not None else None
        except UnicodeDecodeError:
            continue
        if dec is None:
            continue
        if "\n" in dec and all(c.isprintable() or c in "\n\r\t" for c in dec):
            out.append(dec)
    return out


def _data_files(files: dict[str, bytes]):
    """A function giving the skill's data files (path: text), read on its first call."""
    from skillpm.scan.settingsdata import BLOB_EXT, DATA_EXT

    got: list[dict[str, str]] = []

    def get() -> dict[str, str]:
        if not got:
            got.append({p: b.decode("utf-8", errors="replace") for p, b in files.items()
                        if p.lower().endswith(DATA_EXT + BLOB_EXT) and len(b) <= DATA_MAX})
        return got[0]
    return get


def _scripts(sc, files: dict[str, bytes], gate: tuple[bytes, ...]):
    """(path, text, whether it undoes a string transform) of each script of the skill that holds one of ``gate`` or
    undoes a transform (its literals may then spell what ``gate`` names)."""
    from skillpm.scan.assembled import _code_file
    from skillpm.scan.engine import classify
    from skillpm.scan.settingsdata import spelled_files

    spelled = spelled_files(files)
    for path in sorted(files):
        data = files[path]
        if len(data) > SCRIPT_MAX or not _code_file(path, data):
            continue
        decodes = path in spelled
        if not decodes and not any(w in data for w in gate):
            continue
        if classify(path, data[:8192], False) == "script":
            yield path, data.decode("utf-8", errors="replace"), decodes


def _write(path: str, text: str) -> re.Match | None:
    """The script's first write to a file (for a shell script, a redirection or tee as well)."""
    from skillpm.scan import flow

    w = _rx("write", WRITE).search(text)
    if w is None and flow.language(path, text[:120]) == "shell":
        w = _rx("shell_write", SHELL_WRITE).search(text)
    return w


def _near(rx: re.Pattern, text: str, low: str, words: tuple[str, ...], before: int = 80, after: int = 400):
    """``rx``'s first match in windows of ``text`` around the places of ``words`` in ``low`` (its lowercase copy, the
    same length): a pattern that may start anywhere is tried only where one of its words stands."""
    best = None
    for w in words:
        i, n = low.find(w), 0
        while i >= 0 and n < 64:
            m = rx.search(text, max(0, i - before), i + len(w) + after)
            if m is not None and (best is None or m.start() < best.start()):
                best = m
                break
            i, n = low.find(w, i + 1), n + 1
    return best


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


# a value filled in where the setting's address stands: format!'s `{}`, printf's `%s`, `${x}`, `#{x}`, f-string `{x}`
PLACEHOLDER = r"(?:\{\w{0,30}\}|%s|\$\{?\w{1,30}\}?|#\{\w{1,30}\})"
CARGO_FILLED = r"replace-with\s*=[\s\S]{0,300}?(?:(?<![\w-])|(?<=\\n))(?:registry|index)\s*=\s*\\?['\"]" + PLACEHOLDER


def _filled(name: str, moves: str, prog: "_Program") -> re.Match | None:
    """A registry setting whose address is filled in from a value (``registry = "{}"``), in a program that spells an
    outside address only at run time (in its decoded copies, not as written): the address it fills in."""
    src = CARGO_FILLED if name == "cargo" else moves.replace(FOREIGN, PLACEHOLDER) if FOREIGN in moves else None
    if src is None or _rx("f:" + name, src, re.IGNORECASE | re.MULTILINE).search(prog.own) is None:
        return None
    for f in _rx("foreign", FOREIGN).finditer(prog.own, len(prog.plain)):
        if f.group(0) not in prog.plain:
            return f
    return None


def written_registries(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """SC-05 where a script writes a package manager's settings that move its registry to a host the skill names
    or turn its checks off (module doc)."""
    from skillpm.scan.engine import _window

    out, data = [], _data_files(files)
    for path, text, decodes in _scripts(sc, files, TARGET_BYTES):
        if any(f.file == path and f.rule == "SC-05" and f.grades and f.severity in ("high", "critical") for f in found):
            continue
        prog = _Program(path, text, decodes, data)
        hit = None
        for name, (target, moves, off) in MANAGERS.items():
            t = _near(_rx("t:" + name, target), prog.own, prog.low, GATES[name])
            if t is None:
                continue
            whole = prog.whole
            m = _rx("o:" + name, off, re.IGNORECASE | re.MULTILINE).search(whole) if off else None
            kind = "turns its certificate or checksum checks off"
            if m is None:
                m = _rx("m:" + name, moves, re.IGNORECASE | re.MULTILINE).search(whole)
                kind = "moves its registry to a host the skill names"
            if m is None and decodes and len(prog.own) > len(prog.plain):
                m = _filled(name, moves, prog)
                kind = "moves its registry to a host the skill spells only at run time and fills in"
            if m is not None:
                hit = (name, t, m, kind)
                break
        if hit is None:
            continue
        w = _write(path, text)
        if w is None:
            continue
        name, t, m, kind = hit
        user = _rx("global", GLOBAL).search(prog.whole) is not None
        sev = "high" if user or kind.startswith("turns") else "medium"
        where = "the user's own settings, for every project" if user else "a project's settings"
        line = _line_of(text, w.start())
        note = (f"writes {name}'s configuration ({t.group(0)[:40]}) in {where}, and the setting {kind}: "
                f"{m.group(0)[:80]!r}{prog.spelled(m.start())}")
        out.append(sc._finding("SC-05", sev, path, line, _window(text.split("\n")[line - 1].rstrip("\r"), 0), note=note))
    return out


# ---------------------------------------------------------------- agent tool servers

MCP_BYTES = (b"mcp", b"MCP", b"Mcp")
MCP_GATE = ("claude", "mcp.json", "mcp_config", "codex", "gemini", "mcpservers", "mcp_servers", "context_servers", "add-mcp")
# an agent's MCP configuration: its files, their keys, the agents' own commands that add a server
MCP_TARGET = (r"\.claude\.json\b|\.mcp\.json\b|\bmcp\.json\b|mcp_config\.json|claude_desktop_config\.json"
              r"|\.codex\b[^\n]{0,60}?\bconfig\.toml|\.gemini\b[^\n]{0,60}?\bsettings\.json|\bmcpServers\b|\bmcp_servers\b|\bcontext_servers\b"
              r"|\b(?:claude|codex|gemini)['\"]?\s*,?\s*['\"]?mcp['\"]?\s*,?\s*['\"]?add\b|--add-mcp\b")
# a package runner that fetches what it starts
RUNNER = r"(?<![\w-])(?:npx|uvx|bunx|pnpx)\b|\bpnpm['\"]?\s*,?\s*['\"]?dlx\b|\bpipx['\"]?\s*,?\s*['\"]?run\b|\bdeno['\"]?\s*,?\s*['\"]?run\b[^\n]{0,40}npm:"
# every tool of a server approved in advance, or every server of a project
APPROVE_ALL = (r"\b(?:autoApprove|alwaysAllow|auto_approve|approve\w*|allow(?:ed)?_?tools|trust(?:ed)?_?tools)['\"]?\s*[:=]\s*\[?\s*['\"]\*['\"]"
               r"|['\"]?\btrust['\"]?\s*[:=]\s*(?:true|True)\b|\benableAllProjectMcpServers['\"]?\s*\]?\s*[:=]\s*(?:true|True)\b"
               r"|\bmcp__(?:\{[^{}\n]{1,40}\}|[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)['\"]|\bapproval_policy\s*=\s*\\?['\"]never")
LATEST = r"@(?:latest|next)\b"


def registered_servers(sc, files: dict[str, bytes], found: list, description: str = "") -> list:
    """PE-05 (and SC-05 for a package at @latest) where a script registers an agent's tool server started by a package
    runner with its tools approved in advance (module doc)."""
    from skillpm.scan.engine import _window

    out, data = [], _data_files(files)
    target_rx = _rx("mcp", MCP_TARGET)
    for path, text, decodes in _scripts(sc, files, MCP_BYTES):
        if any(f.file == path and f.rule == "PE-05" and f.grades for f in found):
            continue
        prog = _Program(path, text, decodes, data)
        t = _near(target_rx, prog.own, prog.low, MCP_GATE)
        if t is None:
            continue
        program = prog.whole
        r = _rx("runner", RUNNER).search(program)
        a = _rx("approve", APPROVE_ALL).search(program) if r is not None else None
        if a is None:
            continue
        w = _write(path, text)
        if w is None:
            continue
        line = _line_of(text, w.start())
        win = _window(text.split("\n")[line - 1].rstrip("\r"), 0)
        note = (f"registers a tool server in an agent's configuration ({t.group(0)[:40]}) that {r.group(0)} starts, "
                f"and approves its tools in advance ({a.group(0)[:60]!r})")
        out.append(sc._finding("PE-05", "high", path, line, win, note=note))
        late = _rx("latest", LATEST).search(program)
        if late is not None and not any(f.file == path and f.rule == "SC-05" and f.grades for f in (*found, *out)):
            out.append(sc._finding("SC-05", "high", path, line, win,
                                   note=f"the tool server it registers runs a package at {late.group(0)}{prog.spelled(late.start())}: whatever "
                                        f"its publisher ships next runs with the tools approved"))
    return out
