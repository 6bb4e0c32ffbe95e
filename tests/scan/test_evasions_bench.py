"""bench/evasions.py: the table of rewrites a white-box attacker tries first, and what each costs the rules."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "evasions.py"


def _load():
    spec = importlib.util.spec_from_file_location("evasions_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_table_counts_each_rewrite(capsys):
    assert _load().main([]) == 0
    rows = [re.split(r"(?<!\\)\|", line)[1:-1] for line in capsys.readouterr().out.splitlines()[2:]]  # (a cell's \| is no border)
    table = {name.strip(): (int(tried), lost.strip()) for name, tried, lost in rows}
    assert table["blanks padded (tab)"][0] > 200  # every catch example with a blank between words
    # the rewrites the scanner reads through: none loses its rule
    for name in ("blanks padded (3 spaces)", "blanks padded (tab)", "**bold** every other word",
                 "_italic_ every other word", "<b>tag</b> every other word", "[link](#) every other word",
                 "&nbsp; between words", "typographic apostrophe", "<br> between words", "soft hyphen inside words",
                 "Unicode hyphen for -"):
        assert table[name][1] == "0", (name, table[name])
    # a code span around one word reads as the word unless it names a setting or constant (a capital
    # after its first letter: `NOPASSWD`), and a span glued to the text beside it is part of that word:
    # 184 of 249 lost their rule before, 23 of 263 at session 21's end, 4 with glued spans read through
    assert int(table["`code` every other word"][1]) <= 4
    # commands wrapped over prose lines: 45 of 214 lost their rule before the joined reading, 11 of 228 after;
    # 7 once the purpose model reads soft breaks as blanks and a link-label comment's title may run over lines
    assert int(table["words split over prose lines"][1]) <= 7
    # (a Unicode hyphen for `-` lost 69 of 127 before session 22 read U+2010-2013 and U+2212 as `-`)
    # backslash before punctuation (a CommonMark escape): 143 of 279 lost their rule before session 22
    # read escapes in prose; the 7 left are escapes inside code spans, which Markdown shows as written.
    # Session 27's PE-08 (access granted to someone else) added four catch examples whose key term sits in a
    # code span (`cluster\-admin`, `\~\/\.ssh\/authorized\_keys`, `PermitRootLogin prohibit\-password`,
    # `gh api \-X PUT …`): the same class, 11 in all
    assert int(table["punctuation escaped with \\"][1]) <= 11
    # the same with the next line indented (a continuation's indentation shows nothing): 20 of 228 before
    assert int(table["words split over indented lines"][1]) <= 7
    # an order in the frontmatter description, wrapped over lines (counted where it is caught on one
    # line): 100 of 228 lost their rule before the frontmatter was read joined; the 5 left are tables and code
    # a sentence split over two cells of a table row: 65 of 192 lost their rule before session 23 read
    # run-on cells as one clause; the 6 left split after a noun or leave a one-word command cell
    # session 32's PE-03 catch example of the Docker SDK (`client.containers.run(…, volumes={'/': {'bind': …}})`)
    # is a 7th: a Python call cut between two cells is no longer a call
    assert int(table["split over two table cells"][1]) <= 7  # (of 225 with session 32's PE-03 examples)
    # a letter as an HTML character reference (`ig&#110;ore`): read through since character references were
    assert table["a letter as an HTML character reference"][1] == "0"
    # words spelled with spaced-out letters: 136 of 266 lost their rule before session 23 read them as
    # words; the 20 left are code (`s h u t i l.r m t r e e(...)`), where a blank is syntax
    # (21 with session 32's Docker SDK example, code as well)
    assert int(table["letters spaced out, words 3 blanks apart"][1]) <= 21
    # Cyrillic а е о for Latin a e o: 37 of 286 lost their rule before session 23 read short words (оn, tо)
    # beside a mixed-script word as Latin; the 5 left are code
    assert int(table["Cyrillic look-alike letters (a e o)"][1]) <= 5
    desc = next(row for name, row in table.items() if name.startswith("description wrapped"))
    assert desc[0] > 200 and int(desc[1]) <= 5
    assert any(name.startswith("`curl") for name in table)
    # written many ways, measured first in session 23: a private key sent (3 of 30 graded A or B: nc, a
    # git push of ~/.ssh, a public gist) and the home folder wiped (14 of 30: cd then a relative rm,
    # a variable or `eval echo ~user` holding home, rsync --delete, truncate, perl/node one-liners)
    keys = next(row for name, row in table.items() if name.startswith("a private key sent"))
    home = next(row for name, row in table.items() if name.startswith("the home folder wiped"))
    # DX-01 and EX-02 then read cd-home-then-wipe, rsync --delete into home, a passwd lookup of home,
    # Perl/Node forms, shred/truncate/dd on dotfiles, moving home away, nc fed a key, a gist of a key:
    # 1 key (a git push of ~/.ssh) and 3 wipes (home in a variable, eval echo ~user, git clean) are left;
    # session 24 read a document's shell blocks as homeroot reads scripts (a home held in a variable on the
    # assignment's own line, printed by an inline substitution): 1 wipe (git clean -ffdx ~) is left
    assert keys[0] == home[0] == 30 and int(keys[1].split()[0]) <= 1 and int(home[1].split()[0]) <= 1
