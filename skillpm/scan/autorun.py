"""Code built at run time and executed, judged by what the construct does, not by how it was packed.

A skill's script that hands a value to an interpreter (``Function(…, src)``, ``eval``, ``exec``,
``vm.runInNewContext``, ``instance_eval``, ``Invoke-Expression``, ``[scriptblock]::Create``,
``bash -c "$x"``, ``import(spec)``) runs code no line of the skill holds. Whatever the value was made
from (char codes XOR-ed back, a reversed string, base64, a download, a field of a config file), the
reviewer cannot read what runs. Two places make that a supply-chain harm (SC-02) without decoding anything:

- ``hook_built``: the script runs by itself when the skill is installed or used: an npm lifecycle
  hook (preinstall, install, postinstall, prepare), a Composer install/update script, setup.py, or a
  git hook. Any interpreter call there whose code is not a literal of the file is reported.
- the script (wherever it is run from) also turns text back into code: it decodes (base64, hex, char
  codes, XOR, a reversal, zlib, rot13) and runs a value that is not a literal. That is the construct
  of a packed payload, whichever packing was chosen.
- the script parses a data file (JSON, YAML, TOML, INI) and runs a field of a value (``exec(cfg["init"])``,
  ``eval(profile.run)``, ``instance_eval(doc['matchers'])``): the data file decides what runs.

What stays clean: an interpreter given a literal (``Function('return this')``, ``eval "echo hi"``);
``exec(open('pkg/version.py').read())`` in a setup.py (a file of the package, which the reviewer
reads); ``eval "$(ssh-agent -s)"`` and other command substitutions (a tool's own shell setup);
``require(path.join(__dirname, f))`` (a module of the skill).
"""

from __future__ import annotations

import json
import posixpath
import re

from skillpm.scan import flow

SCRIPT_MAX = 256 * 1024
# npm and Composer scripts that run by themselves on install (or on `npm install` of a git checkout)
NPM_HOOKS = ("preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare", "prepublish")
COMPOSER_HOOKS = ("pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd", "post-autoload-dump",
                  "post-root-package-install", "post-create-project-cmd", "pre-autoload-dump")
GIT_HOOKS = {"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-push", "post-checkout",
             "post-merge", "pre-rebase", "post-rewrite", "pre-receive", "post-receive", "update"}
PATH_TOKEN = re.compile(r"[\w./-]+\.(?:js|mjs|cjs|ts|py|sh|bash|php|rb|ps1)\b|(?<![\w/])\./[\w./-]+")

# An interpreter call and where its argument list opens, per language
SINKS = {
    "javascript": re.compile(r"(?<![\w$.])(?:new\s+)?(?:(?:window|globalThis|global|self)\.)?(?:eval|Function)\s*\("
                             r"|\bvm\.(?:runIn\w*Context|compileFunction)\s*\(|\bnew\s+vm\.Script\s*\("
                             r"|(?<![\w$.])(?:import|require)\s*\((?=\s*[\w$.\[\]'\"]+\s*\))"),
    "python": re.compile(r"(?<![\w.])(?:exec|eval|compile|__import__)\s*\(|\bimportlib\.import_module\s*\("),
    "ruby": re.compile(r"(?<!\w)(?:eval|instance_eval|class_eval|module_eval|instance_exec)\s*[( ](?!\s*(?:do\b|\{))"),
    "php": re.compile(r"(?<![\w$>:])(?:eval|assert|create_function)\s*\("),
    "powershell": re.compile(r"(?i)(?<![\w-])(?:Invoke-Expression|iex)\b\s*\(?|\[scriptblock\]::Create\s*\("
                             r"|\.InvokeScript\s*\("),
    "shell": re.compile(r"(?<![\w-])eval\s+|(?<![\w-])(?:ba|z|da)?sh\s+-c\s+|(?<![\w-])(?:ba|z|da)?sh\s+<<<\s*"
                        r"|(?<![\w-])(?:source|\.)\s+<\("),
}
# Words one of a language's interpreter calls needs (substring tests before any regex)
SINK_WORDS = {"javascript": ("eval", "Function", "vm.", "import(", "require(", "exec", "assert"),
              "python": ("exec", "eval", "compile(", "__import__", "import_module"),
              "ruby": ("eval", "instance_exec"), "php": ("eval", "assert", "create_function"),
              "powershell": ("nvoke-", "iex", "IEX", "Iex", "criptblock", "InvokeScript"),
              "shell": ("eval", "sh -c", "sh <<<", "source <(", ". <(")}
# Text turned back into code: a decoder of the language, or char-code / XOR / reversal arithmetic
DECODERS = re.compile(
    r"fromCharCode|\batob\s*\(|['\"](?:base64|hex)['\"]|b64decode|b32decode|a85decode|fromhex|unhexlify|"
    r"codecs\.decode|['\"]rot[_-]?13['\"]|zlib\.(?:decompress|inflate)|gunzip|inflateSync|\bchr\s*\(|"
    r"\[::-1\]|\.reverse\(\)|\^\s*(?:0x[0-9a-fA-F]+|\d+|\w+)\s*\)|unpack1?\s*\(\s*['\"]|pack\s*\(\s*['\"][CUm]|"
    r"decode64|strict_decode64|Zlib::Inflate|base64_decode|gzinflate|gzuncompress|str_rot13|strrev|hex2bin|"
    r"FromBase64String|\[char\]|-bxor|\bbase64\s+(?:-d|--decode|-D)\b|\bxxd\s+-r|\btr\s+['\"]?[A-Za-z]-"
    r"|\brev\b\s*[|)<]")
# `const run = eval`, `x = exec`, `$f = 'assert'`: a name given the interpreter, called in its place
ALIAS_RE = re.compile(r"(?:\b(?:const|let|var)\s+|^[ \t]*|\$)([A-Za-z_]\w{0,40})\s*=\s*(?:(?:window|globalThis|global|self|builtins)\.)?"
                      r"['\"]?(?:eval|exec|Function|assert|instance_eval)['\"]?\s*(?:[;\n]|$)", re.M)
# A data file parsed (JSON, YAML, TOML, INI): its fields may be what the script runs
PARSES = re.compile(r"json\.loads?\(|JSON\.parse\(|json_decode\(|yaml\.(?:safe_)?load|YAML\.(?:load|parse|safe_load)|toml\.loads?\("
                    r"|tomllib\.loads?\(|configparser|ConvertFrom-(?:Json|Yaml)|parse_ini_file|JSON\.load_file|\bjq\b")
# the code handed over is a field of a value (`cfg["init"]`, `profile.run`, `$c['x']`), not a call's result
FIELD_ARG = re.compile(r"\s*\$?[A-Za-z_][\w$]*(?:\.[A-Za-z_$][\w$]*|\[[^\]\n]{1,60}\])+\s*(?:,|$)")
LEAD_NAMES = re.compile(r"^(?:\s*(?:'[^'\n]*'|\"[^\"\n]*\")\s*,)+")  # Function('a', 'b', body): the body is the last
STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`$]*`")
IDENT = re.compile(r"[A-Za-z_$@][\w$]*")
LITERALS = {"true", "false", "null", "None", "undefined", "True", "False", "this"}


def _args(text: str, start: int) -> str:
    """The argument text of the call whose ``(`` precedes ``start`` (or the rest of the command line)."""
    if text[start - 1:start] != "(":
        end = text.find("\n", start)
        return text[start:end if end >= 0 else len(text)][:300]
    depth, i, n = 1, start, min(len(text), start + 600)
    while i < n:
        c = text[i]
        if c in "'\"`":
            j = text.find(c, i + 1)
            while j > 0 and text[j - 1] == "\\":
                j = text.find(c, j + 1)
            if j < 0:
                break
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return text[start:i]
        i += 1
    return text[start:n]


def _built(lang: str, args: str, script: str) -> bool:
    """Whether the code handed over is not a literal of the file: a name, a call, an expansion."""
    a = args.strip()
    if not a:
        return False
    if lang == "shell":
        # `eval "$(ssh-agent -s)"`, `bash -c "$(curl …)"` are left to their own rules; a variable is code built
        word = a.split(None, 1)[0] if a[0] not in "\"'" else a
        return bool(re.match(r"[\"']?\$\{?[A-Za-z_]\w*(?:\[[@*]\])?\}?[\"']?(?:\s|$|;|\))", word))
    if lang == "powershell":
        return "$" in STRING.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "''", a)
    bare = STRING.sub("''", a)
    if lang == "javascript" and "data:" in a:
        return True
    if lang == "python" and ("open(" in bare or re.match(r"\w+\.read\(\)", bare)) and re.search(r"open\(\s*['\"]", script):
        return False  # exec(open('pkg/_version.py').read()): a file of the package, read by the reviewer too
    return any(w not in LITERALS for w in IDENT.findall(bare))


def entry_scripts(files: dict[str, bytes]) -> dict[str, str]:
    """The scripts that run by themselves: path -> what runs them."""
    out: dict[str, str] = {}
    for path, data in files.items():
        name = posixpath.basename(path).lower()
        base = posixpath.dirname(path)
        if name in ("package.json", "composer.json") and len(data) < SCRIPT_MAX:
            try:
                doc = json.loads(data.decode("utf-8", errors="replace"))
            except ValueError:
                continue
            scripts = doc.get("scripts") if isinstance(doc, dict) else None
            if not isinstance(scripts, dict):
                continue
            hooks = NPM_HOOKS if name == "package.json" else COMPOSER_HOOKS
            for hook in hooks:
                cmd = scripts.get(hook)
                cmds = cmd if isinstance(cmd, list) else [cmd]
                for c in cmds:
                    if not isinstance(c, str):
                        continue
                    for tok in PATH_TOKEN.findall(c):
                        p = posixpath.normpath(posixpath.join(base, tok))
                        if p in files:
                            out.setdefault(p, f"the {hook} hook of {path}")
        elif name == "setup.py":
            out.setdefault(path, "pip install (setup.py runs on install)")
        elif name in GIT_HOOKS and posixpath.basename(base).lower() in ("hooks", ".githooks", ".husky", "githooks"):
            out.setdefault(path, "git (a hook runs on every commit or push)")
    return out


def _runs_a_packed_file(path: str, text: str, files: dict[str, bytes]) -> bool:
    """Whether the decoding script reads a data file of its skill that holds the packed code: assembled's
    data_payloads reads that file decoded and judges it by what it does (formatting code stays clean)."""
    from skillpm.scan import assembled

    for dpath, d in files.items():
        if dpath == path or len(d) > assembled.DATA_MAX or dpath.lower().endswith((".md", ".markdown")):
            continue
        name = posixpath.basename(dpath)
        if len(name) < 3 or name not in text and not assembled._names_folder_of(text, dpath):
            continue
        dtext = d.decode("utf-8", errors="replace")
        if assembled.b64_payloads(dtext) or any(w in text for w in assembled.ROT13_WORDS) \
                or "\\" in dtext and assembled.escaped_payload(dtext) is not None:
            return True
    return False


def built_code(sc, files: dict[str, bytes], found: list) -> list:
    """SC-02 where a script runs code it built at run time: in a script that runs by itself, any such
    call; elsewhere, one in a script that also decodes text."""
    entries = entry_scripts(files)
    out = []
    for path in sorted(files):
        data = files[path]
        if len(data) > SCRIPT_MAX:
            continue
        head = data[:120].decode("utf-8", errors="replace")
        lang = flow.language(path, head)
        if lang not in SINKS or lang == "dockerfile":
            continue
        text = data.decode("utf-8", errors="replace")
        if not any(w in text for w in SINK_WORDS[lang]):
            continue
        hook = entries.get(path)
        if hook is None and not any(_built(lang, _args(text, m.end()), text) for m in SINKS[lang].finditer(text)) \
                and not (lang != "shell" and ALIAS_RE.search(text)):
            continue  # no interpreter handed a value that is not a literal: nothing to weigh (the common case)
        decodes = hook is None and DECODERS.search(text) is not None and not _runs_a_packed_file(path, text, files)
        parses = hook is None and not decodes and PARSES.search(text) is not None
        if hook is None and not decodes and not parses:
            continue
        sinks = [SINKS[lang]]
        if lang != "shell" and "=" in text:
            names = {a.group(1) for a in ALIAS_RE.finditer(text)}
            if names:
                sinks.append(re.compile(r"(?<![\w$.])\$?(?:" + "|".join(sorted(map(re.escape, names))) + r")\s*\("))
        for m in (m for rx in sinks for m in rx.finditer(text)):
            args = _args(text, m.end())
            if lang == "javascript" and m.group(0).startswith(("import", "require")) and (
                    hook is None and "data:" not in args or not ("data:" in args or "." in args or "[" in args)):
                continue  # a module loaded by a name (`require(dep)`) is a loader's way; one from a field or data: URL is code handed in
            if not _built(lang, args, text) or parses and (lang == "shell" or not FIELD_ARG.match(LEAD_NAMES.sub("", args))):
                continue
            line = text.count("\n", 0, m.start()) + 1
            if any(f.file == path and f.line == line and f.category == "supply-chain" and f.grades for f in (*found, *out)):
                continue
            if hook:
                note = f"code built at run time is executed in a script run by {hook}: what runs is in no line of the skill"
            elif parses:
                note = "the script executes a field of the data it parses as code: the data file decides what runs"
            else:
                note = "the script decodes text and executes code built at run time: what runs is in no line of the skill"
            lines = text.split("\n")
            out.append(sc._finding("SC-02", "high", path, line, lines[line - 1].strip()[:300], note=note))
    return out
