"""A long line is cut from the file once (engine._long_line): the same text as cutting it each time."""

from __future__ import annotations

from skillpm.scan import engine


def _ctx(view: str, text: str | None = None) -> engine._FileCtx:
    return engine._FileCtx(path="SKILL.md", kind="skill_md", text=text if text is not None else view, view=view)


def test_long_lines_are_the_same_text_cut_once():
    long_a, long_b = "a" * (engine.LONG_LINE + 10), "b " * engine.LONG_LINE
    view = "short\n" + long_a + "\n" + long_b + "\nend"
    ctx = _ctx(view, view.replace("\n", "\r\n"))
    first = ctx.view_line(2)
    assert first == long_a and ctx.view_line(2) is first  # cut once
    assert ctx.view_line(3) == long_b and ctx.view_line(2) == long_a  # another line: cut again, still right
    assert ctx.view_line(1) == "short" and ctx.view_line(4) == "end" and ctx.view_line(5) == ""
    assert ctx.orig_line(2) == long_a and ctx.orig_line(3) == long_b  # (its "\r" stripped as before)


def test_a_replaced_view_is_not_read_from_the_old_cut():
    ctx = _ctx("x" * (engine.LONG_LINE + 1))
    assert ctx.view_line(1) == "x" * (engine.LONG_LINE + 1)
    ctx.view, ctx._nl = "y" * (engine.LONG_LINE + 1), None
    assert ctx.view_line(1) == "y" * (engine.LONG_LINE + 1)
