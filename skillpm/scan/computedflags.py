"""A destructive or publishing command whose flag is computed at run time.

``git push --$(…) origin …``, ``gh pr merge "$n" --$adm``, ``rm -$f "$dir"``: a flag's name made at run
time is a choice hidden from whoever reads the script. When the scanner can compute the value (a word
printed, reversed, rot13'd, glued from literals) the expanded copy is judged as it runs; when it cannot
(the flag read from a file, decoded by a tool, built from the environment), the construct itself is the
signal: no honest script spells ``--force`` or ``--admin`` where its reader cannot see it. DX-06 high on
the line, for the commands that change shared state: git push, gh pr merge, npm/yarn/pnpm publish,
terraform/tofu apply and destroy, kubectl delete, rm.

What stays clean: a computed value that is not a flag (``git push origin "$branch"``), a flag whose
value is computed (``--message="$msg"``, ``-m "$msg"``), any other command.
"""

from __future__ import annotations

import re

SCRIPT_MAX = 256 * 1024
SHELL_EXT = (".sh", ".bash", ".zsh", ".ksh")
FLAG_BYTES = (b" --$", b" -$", b' "--$', b' "-$', b" '--'$")
COMMAND_RE = re.compile(
    r"""(?:^|[\s;&|(`])(?:sudo\s+)?(?:git\s+(?:-C\s+\S+\s+)?push|gh\s+pr\s+merge|(?:npm|pnpm|yarn)\s+publish"""
    r"""|(?:terraform|tofu|terragrunt)\s+(?:apply|destroy)|kubectl\s+delete|rm)\b([^\n;&|#]{0,200})""")
# a flag whose name is computed: --$x, --${x}, --$(…), "-$x"
COMPUTED_FLAG_RE = re.compile(r"""(?:^|\s)["']?-{1,2}\$(?:\{?[A-Za-z_]|\()""")


def computed_flags(sc, files: dict[str, bytes], found: list) -> list:
    out: list = []
    for path, data in sorted(files.items()):
        if len(data) > SCRIPT_MAX or not (path.lower().endswith(SHELL_EXT) or data.startswith(b"#!") and b"sh" in data[:40]):
            continue
        if not any(w in data for w in FLAG_BYTES):
            continue
        text = data.decode("utf-8", errors="replace")
        for i, line in enumerate(text.split("\n"), 1):
            if "$" not in line or line.lstrip().startswith("#"):
                continue
            m = COMMAND_RE.search(line)
            if m is None or not COMPUTED_FLAG_RE.search(m.group(1)):
                continue
            if any(f.file == path and f.line == i and f.rule in ("DX-06", "PE-06") and f.grades for f in (*found, *out)):
                continue
            note = "a flag of this command is computed at run time: what it does is hidden from the script's reader"
            out.append(sc._finding("DX-06", "high", path, i, line.strip()[:300], note=note))
    return out
