"""``skillpm badge``: a shields-style SVG (grade + tokens per session) for a skill's README.

Works offline: a local skill folder is costed and scanned here; an index id is
read from the index entry (the shipped snapshot needs no network). The SVG is
drawn here rather than fetched from a badge service, so it never changes behind
the README's back and needs no network to render.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from skillpm.errors import SkillpmError

# shields.io's named colours (brightgreen, green, yellow, orange, red), one per grade
GRADE_COLORS = {"A": "#4c1", "B": "#97ca00", "C": "#dfb317", "D": "#fe7d37", "F": "#e05d44"}
UNKNOWN_COLOR = "#9f9f9f"
LABEL_COLOR = "#555"
LABEL = "skillpm"

# Advance widths of Verdana 11px (what shields measures with), for the characters a badge holds.
_NARROW = {"i": 3.1, "l": 3.1, "j": 3.4, "f": 3.9, "t": 4.3, "r": 4.7, " ": 3.9, ",": 3.6, ".": 3.6, "·": 3.6,
           "/": 4.6, "I": 4.2, "1": 7.0}
_WIDE = {"m": 10.7, "w": 9.0, "M": 9.9, "W": 11.0}
_UPPER = 7.6
_DEFAULT = 7.0


def text_width(text: str) -> float:
    w = 0.0
    for ch in text:
        if ch in _NARROW:
            w += _NARROW[ch]
        elif ch in _WIDE:
            w += _WIDE[ch]
        elif ch.isupper():
            w += _UPPER
        else:
            w += _DEFAULT
    return w


@dataclass
class BadgeInfo:
    name: str
    grade: str | None
    session_tokens: int
    source: str  # the folder or index id the numbers describe
    rules: str | None = None

    @property
    def message(self) -> str:
        return f"{self.grade or '?'} · {self.session_tokens:,} tokens/session"

    @property
    def alt(self) -> str:
        return f"skillpm: grade {self.grade or 'unknown'}, {self.session_tokens:,} tokens per session"

    def to_dict(self) -> dict:
        return {"name": self.name, "grade": self.grade, "session_tokens": self.session_tokens, "source": self.source,
                "rules": self.rules, "message": self.message}


def render_svg(info: BadgeInfo) -> str:
    """A flat shields-style badge: grey label, message coloured by grade."""
    pad = 6
    lw = round(text_width(LABEL) + 2 * pad)
    mw = round(text_width(info.message) + 2 * pad)
    total = lw + mw
    color = GRADE_COLORS.get(info.grade or "", UNKNOWN_COLOR)
    title = escape(info.alt)
    # shields draws text at 10x scale for sub-pixel placement; so do we
    lx, mx = lw * 5, (lw + mw / 2) * 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" aria-label={quoteattr(info.alt)}>'
        f"<title>{title}</title>"
        '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>'
        '<stop offset="1" stop-opacity=".1"/></linearGradient>'
        f'<clipPath id="r"><rect width="{total}" height="20" rx="3" fill="#fff"/></clipPath>'
        f'<g clip-path="url(#r)"><rect width="{lw}" height="20" fill="{LABEL_COLOR}"/>'
        f'<rect x="{lw}" width="{mw}" height="20" fill="{color}"/>'
        f'<rect width="{total}" height="20" fill="url(#s)"/></g>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" '
        'text-rendering="geometricPrecision" font-size="110">'
        f'<text aria-hidden="true" x="{lx}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)">{escape(LABEL)}</text>'
        f'<text x="{lx}" y="140" transform="scale(.1)">{escape(LABEL)}</text>'
        f'<text aria-hidden="true" x="{mx:g}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)">{escape(info.message)}</text>'
        f'<text x="{mx:g}" y="140" transform="scale(.1)">{escape(info.message)}</text>'
        "</g></svg>\n"
    )


def info_for_path(path: Path) -> BadgeInfo:
    from skillpm import scan as scanner
    from skillpm.skill import load_skill
    from skillpm.tokens import skill_cost

    skill = load_skill(path)
    cost = skill_cost(skill)
    result = scanner.scan_tree(skill.tree, suppressions=[])  # a public badge ignores the user's own suppressions
    return BadgeInfo(skill.name, result.grade, cost.session, str(path), result.rules_version)


def info_for_index_id(skill_id: str, index_url: str | None = None) -> BadgeInfo:
    try:
        from skillpm import index as index_mod
    except ImportError:
        raise SkillpmError(f"{skill_id!r} is not a folder, and this skillpm has no index to look it up in",
                           "give the path of a skill folder") from None
    idx = index_mod.open_index(index_url)
    entry = idx.resolve(skill_id)
    v = entry.latest
    return BadgeInfo(entry.name, v.grade, int(v.tokens.get("session", 0)), entry.id, v.rules)


def badge_info(target: str, index_url: str | None = None) -> BadgeInfo:
    p = Path(target).expanduser()
    if p.exists():
        if not p.is_dir():
            raise SkillpmError(f"not a folder: {target}", "give a skill folder (the one holding SKILL.md) or an index id")
        return info_for_path(p)
    from skillpm.ops.resolve import looks_like_index_name

    if target.startswith((".", "/", "~")) or not looks_like_index_name(target):
        raise SkillpmError(f"no such folder: {target}", "give a skill folder, or an index id like owner/repo/name")
    return info_for_index_id(target, index_url)


@dataclass
class BadgeResult:
    info: BadgeInfo
    svg_path: Path
    markdown: str
    html: str

    def to_dict(self) -> dict:
        return {**self.info.to_dict(), "svg": str(self.svg_path), "markdown": self.markdown, "html": self.html}


def default_out(info: BadgeInfo) -> Path:
    return Path(f"{info.name}-skillpm-badge.svg")


def snippet_src(svg_path: Path) -> str:
    """How a README next to the current folder refers to the SVG: relative when it is below here."""
    try:
        rel = svg_path.resolve().relative_to(Path.cwd().resolve()).as_posix()
        return rel if rel.startswith(".") else "./" + rel
    except ValueError:
        return svg_path.as_posix()


def make_badge(target: str, out: Path | None = None, index_url: str | None = None) -> BadgeResult:
    from skillpm.fsutil import atomic_write_text

    info = badge_info(target, index_url)
    svg_path = Path(out) if out else default_out(info)
    if svg_path.is_dir():
        svg_path = svg_path / default_out(info).name
    atomic_write_text(svg_path, render_svg(info))
    src = snippet_src(svg_path)
    md = f"![{info.alt}]({src})"
    html = f'<img src={quoteattr(src)} alt={quoteattr(info.alt)} height="20">'
    return BadgeResult(info, svg_path, md, html)
