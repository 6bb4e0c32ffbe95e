"""The shared readers of a document's structure: heading-bounded sections (docunits.section_at) and the lines of
fenced code as the engine segments them (engine.fenced_lines), and outbound.py reading through them."""

from __future__ import annotations

from skillpm.scan import outbound
from skillpm.scan.docunits import section_at
from skillpm.scan.engine import fenced_lines


def _section(text: str, word: str) -> str:
    a, b = section_at(text, text.index(word))
    return text[a:b]


def test_section_is_bounded_by_headings_indented_up_to_three_blanks():
    text = "intro\n  ## Report\nSee the format page.\n   ## Deliver\nPost the file.\n"
    assert _section(text, "format") == "  ## Report\nSee the format page.\n"
    assert _section(text, "Post") == "   ## Deliver\nPost the file.\n"
    assert _section(text, "intro") == "intro\n"


def test_four_blanks_or_a_hash_inside_a_line_start_no_section():
    text = "# Steps\nRead the page.\n    # not a heading: indented code\nsee https://a.example.org/#frag and a # b\nDone.\n"
    assert _section(text, "Done") == text


def test_fences_close_on_their_own_character_at_their_length():
    # line 2 opens with four backticks; ``` (shorter) and ~~~ (the other character) are its content; line 5
    # closes it; the ~~~ on line 7 opens a block that runs to the end
    text = "a\n````md\n```\n~~~\n````\nb\n~~~\nc\n"
    assert fenced_lines(text) == {2, 3, 4, 5, 7, 8, 9}
    # ``` is not closed by ~~~ (the second reader outbound.py had paired any two markers)
    assert fenced_lines("a\n```\nx\n~~~\ny\n```\nz\n") == {2, 3, 4, 5, 6}
    assert fenced_lines("a\n  - item\n    ```sh\n    echo\n    ```\nb\n") == {3, 4, 5}


def test_outbound_reads_the_send_in_the_section_of_the_address():
    # the status page's address and the upload sit under different headings (the second indented two blanks):
    # nothing in the address's section sends
    text = ("# Status\nThe status page lives at https://status.acme-corp.io/api.\n\n  ## Upload\n"
            "Upload the report to the team folder.\n")
    assert outbound._sends(text) == []
    joined = text.replace("  ## Upload\n", "")
    assert outbound._sends(joined) != []
