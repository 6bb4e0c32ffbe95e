"""Choosing several items from a list: a checkbox list driven by the arrow keys on a
terminal, a numbered prompt everywhere else.

The terminal version uses termios and ANSI escapes directly (no extra dependency):
↑/↓ (or k/j) move, space toggles, ``a`` toggles all, enter confirms, ``q``/Esc cancels.
It draws on stderr so stdout stays clean for data.
"""

from __future__ import annotations

import os
import sys

from skillpm.errors import SkillpmError

HELP = "↑/↓ move · space toggles · a toggles all · enter confirms · q cancels"


def parse_selection(text: str, n: int) -> list[int] | None:
    """'1,3-4' → [0, 2, 3]; 'all' or '' → every index; 'none' → []; None when it does not parse."""
    t = text.strip().lower()
    if t in ("", "all", "*"):
        return list(range(n))
    if t in ("none", "0"):
        return []
    picked: set[int] = set()
    for part in t.replace(" ", ",").split(","):
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            return None
        a, b = int(lo), int(hi) if sep else int(lo)
        if not (1 <= a <= b <= n):
            return None
        picked.update(range(a - 1, b))
    return sorted(picked)


def can_draw(stdin=None, stderr=None) -> bool:
    stdin, stderr = stdin or sys.stdin, stderr or sys.stderr
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        import termios  # noqa: F401  (not on Windows)
    except ImportError:
        return False
    try:
        return stdin.isatty() and stderr.isatty()
    except (AttributeError, ValueError):
        return False


def choose_many(title: str, labels: list[str], details: list[str] | None = None, stdin=None, stderr=None) -> list[int]:
    """Indexes of the items the user picked (all are picked to begin with)."""
    details = details or [""] * len(labels)
    if can_draw(stdin, stderr):
        return _checkbox(title, labels, details, stdin or sys.stdin, stderr or sys.stderr)
    return _numbered(title, labels, details, stdin or sys.stdin, stderr or sys.stderr)


def _numbered(title, labels, details, stdin, stderr) -> list[int]:
    stderr.write(f"{title}\n")
    width = len(str(len(labels)))
    for i, (label, detail) in enumerate(zip(labels, details), 1):
        stderr.write(f"  {str(i).rjust(width)}) {label}" + (f"  {detail}" if detail else "") + "\n")
    for _ in range(3):
        stderr.write("Which? [all] (e.g. 1,3-4, all, none): ")
        stderr.flush()
        line = stdin.readline()
        if not line:
            raise SkillpmError("no answer to the question of which skills to install",
                               "name them with --skill NAME (repeatable), or --skill '*' for all")
        picked = parse_selection(line, len(labels))
        if picked is not None:
            return picked
        stderr.write(f"  give numbers between 1 and {len(labels)}, ranges like 2-4, 'all' or 'none'\n")
    raise SkillpmError("no valid answer after three tries", "name the skills with --skill NAME")


def _read_key(fd: int) -> str:
    import select

    ch = os.read(fd, 1)
    if ch != b"\x1b":
        return ch.decode("utf-8", "replace")
    seq = b""
    # an escape sequence arrives in one burst; a lone Esc does not continue
    while len(seq) < 3 and select.select([fd], [], [], 0.05)[0]:
        seq += os.read(fd, 1)
        if seq[-1:].isalpha() or seq[-1:] == b"~":
            break
    return {b"[A": "up", b"OA": "up", b"[B": "down", b"OB": "down", b"": "esc"}.get(seq, "")


def _checkbox(title, labels, details, stdin, stderr) -> list[int]:
    import shutil
    import termios
    import tty

    from skillpm.cli.render import style

    fd = stdin.fileno()
    n = len(labels)
    chosen = [True] * n
    cur = 0
    rows = max(3, shutil.get_terminal_size((80, 24)).lines - 3)
    view = min(n, rows)
    cols = shutil.get_terminal_size((80, 24)).columns
    top = 0
    drawn = 0

    def draw() -> None:
        nonlocal drawn, top
        if cur < top:
            top = cur
        elif cur >= top + view:
            top = cur - view + 1
        buf = []
        if drawn:
            buf.append(f"\x1b[{drawn}A")
        lines = [f"{style(title, bold=True, stream=stderr)}  ({sum(chosen)}/{n} chosen)",
                 style(HELP, fg="dim", stream=stderr)]
        for i in range(top, top + view):
            mark = "[x]" if chosen[i] else "[ ]"
            pointer = ">" if i == cur else " "
            text = f"{pointer} {mark} {labels[i]}" + (f"  {details[i]}" if details[i] else "")
            text = text[: cols - 1]
            lines.append(style(text, fg="cyan", stream=stderr) if i == cur else text)
        for line in lines:
            buf.append("\r\x1b[2K" + line + "\n")
        stderr.write("".join(buf))
        stderr.flush()
        drawn = len(lines)

    old = termios.tcgetattr(fd)
    stderr.write("\x1b[?25l")  # hide the cursor while drawing
    try:
        tty.setcbreak(fd)  # keys one at a time, no echo; Ctrl-C still interrupts
        draw()
        while True:
            key = _read_key(fd)
            if key in ("up", "k"):
                cur = (cur - 1) % n
            elif key in ("down", "j"):
                cur = (cur + 1) % n
            elif key == " ":
                chosen[cur] = not chosen[cur]
            elif key == "a":
                chosen = [not all(chosen)] * n
            elif key in ("\r", "\n"):
                return [i for i in range(n) if chosen[i]]
            elif key in ("q", "esc"):
                raise SkillpmError("cancelled: no skill chosen", "run again, or name skills with --skill NAME")
            draw()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        stderr.write("\x1b[?25h")
        stderr.flush()
