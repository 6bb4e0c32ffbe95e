"""A table of settings read as the one order its rows give together (same lines).

A Markdown pipe table, or a list of ``key: value`` items, whose rows are settings the agent applies is
an instruction channel: no row is a sentence, yet together they say "send the session to this host,
without asking, without telling the user" or "delete what is stale across the home folder". A rule
that reads one sentence (or one row) never sees the order whole. Here each row that names what is
sent, or how things are deleted, is read with the rest of its table around it:

- a destination: an outside address in a row whose key names where things go (``endpoint``, ``url``,
  ``sink``, ``webhook``…), or in a sentence after the table that sends something there ("POST the
  digest to https://…"), is added to each content row (``payload``, ``include``, ``body``, a
  ``Field | Source`` table's rows) as "- send it to <address>";
- a placeholder row (``{ci_token}``, ``$AUTH$``, ``SECRET``) whose placeholder sits in an outside
  address of the same file is read as "- its value is sent to <address>";
- a consent or notice row that says no (``consent | implied``, ``notify_user | false``, ``listing
  first | no``, ``quiet | true``) adds "(do it without asking the user)" / "(do not tell the user)"
  to those rows, and to a deleting row;
- a deleting row (``method | rm -rf``, ``action | delete``) in a table whose scope row names the
  home folder (``~``, ``$HOME``, "the home directory") is read as deleting there.

The rules then read each row as the sentence it means, so it takes the category its meaning has.
The table stays what it was where nothing of this is in it: a reference of options with an endpoint
and no content row, a comparison of tools, a placeholder filled from repository facts, a cleanup
limited to a project's build outputs. What a row adds is only words from its own table and file.
"""

from __future__ import annotations

import re

# the table's rule line (| --- | --- |) and its rows
RULE_LINE_RE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$", re.MULTILINE)
# a list item that sets one key: "- **sink**: value", "- target: `~/`", "- `$AUTH$` - take it from …"
KV_ITEM_RE = re.compile(r"^[ \t]{0,3}[-*+][ \t]+(?:\*\*|__)?`?([^`:*_\n|]{1,40}?)`?(?:\*\*|__)?[ \t]*(?::|[ \t]-|[ \t]\u2013|[ \t]\u2014)[ \t]+(\S[^\n]*)$")
# … or a line that starts with its key in bold: "**Scope:** the whole home folder", "**Upload to**: https://…"
KV_BOLD_RE = re.compile(r"^[ \t]{0,3}(?:\*\*|__)([^*_\n|:]{1,40}?)(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)[ \t]+(\S[^\n]*)$")
# both, found over a whole part at once (groups 1-2: an item's key and value; 3-4: a bold key's)
# (a line that may be either, found from the line break before it in "\n" + the part, then read by them:
# three times faster than searching the part with both)
KV_MAYBE_RE = re.compile(r"\n[ \t]{0,3}(?:[-*+][ \t]|\*\*|__)[^\n:|]{1,46}(?::|[ \t][-\u2013\u2014][ \t])")
URL_RE = re.compile(r"https?://[^\s`'\"|<>)\]]+")
LOCAL_URL_RE = re.compile(r"https?://(?:localhost|127\.|0\.0\.0\.0|\[::1\]|169\.254\.)", re.IGNORECASE)
# a key that says where things go, and one that says what goes
DEST_KEY_RE = re.compile(r"\b(?:endpoint|url|uri|sink|upload\w*|webhook|destination|dest|host|server|collector|ingest\w*|"
                         r"target[ _-]?url|post[ _-]?to|send[ _-]?to|mirror[ _-]?to|report[ _-]?to|address|bcc|\w+_bcc|forward[ _-]?to)\b",
                         re.IGNORECASE)
MAIL_RE = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+")
# a heading that names what a table's rows put in (an include set, a bundle's contents, what is collected)
CONTENT_HEADING_RE = re.compile(r"\b(?:include[sd]?|inclusions?|(?:bundle|digest|payload|upload|backup|archive|snapshot|event)(?:'s)? "
                                r"(?:contents?|fields)|payload|collected|captured|"
                                r"what (?:goes|(?:is |gets |to )?(?:sent|send|uploaded|upload|backed up|back up|synced|sync|collected|collect|"
                                r"included|include|copied|copy)))\b",
                                re.IGNORECASE)
# (a page's address, "URL: https://…" under a source's name, is no destination unless the table sends)
WEAK_DEST_KEY_RE = re.compile(r"^(?:url|uri|link|host|server|address|homepage|website|docs?)$", re.IGNORECASE)
SEND_WORD_RE = re.compile(r"\b(?:post|send|upload|submit|push|deliver|transmit|forward|sync|report|record|ingest)\w*\b", re.IGNORECASE)
# (the key's last word: `context_snapshot`, `request_body`, `mirror_what`, or an include switch's first,
# `include_internal`; not `Content-Type`, a header's name)
CONTENT_KEY_RE = re.compile(r"(?:^|[\s_.-])(?:payload|body|include[sd]?|data|contents?|fields?|what|snapshot|attach\w*|capture\w*|"
                            r"records?|context|extras?)$|^(?:include|attach|capture)[\s_-]", re.IGNORECASE)
# a table whose rows all say what goes in a bundle: "| Field | Source |", "| Part | Include |"
CONTENT_HEAD_RE = re.compile(r"^(?:source|taken from|comes from|from|include[sd]?|contents?|value to insert|fill(?:ed)? with|"
                             r"where to get it|how to get it|what to include|data)$", re.IGNORECASE)
# a marked placeholder ({name}, {{name}}, $NAME$, <name>, %NAME%, __NAME__); a bare word in an address is a value
PLACEHOLDER_RE = re.compile(r"^(?:\{\{?[\w.-]{1,40}\}?\}|\$[\w-]{1,40}\$|\$\{[\w-]{1,40}\}|<[\w-]{1,40}>|%[\w-]{1,40}%|__[A-Z][A-Z0-9_]{1,40}__)$")
ASK_KEY_RE = re.compile(r"\b(?:consent|confirm\w*|ask\w*|approv\w*|prompt[ _-]?user|listing[ _-]?first|list[ _-]?first|"
                        r"preview|review[ _-]?first|dry[ _-]?run|opt[ _-]?in)\b", re.IGNORECASE)
TELL_KEY_RE = re.compile(r"\b(?:notify\w*|announce\w*|tell\w*|mention\w*|inform\w*|disclos\w*|show[ _-]?user|visible|"
                         r"report[ _-]?to[ _-]?user)\b", re.IGNORECASE)
QUIET_KEY_RE = re.compile(r"\b(?:silent\w*|quiet\w*|stealth\w*|hidden|background)\b", re.IGNORECASE)
OFF_RE = re.compile(r"[ \t]*(?:no|none|never|false|off|0|disabled?|skip\w*|implied\w*|implicit\w*|not needed|not required|"
                    r"auto\w*|n/a|pre-?approved|granted)\b", re.IGNORECASE)
ON_RE = re.compile(r"[ \t]*(?:yes|true|on|1|always|enabled?)\b", re.IGNORECASE)
SCOPE_KEY_RE = re.compile(r"\b(?:scope|targets?|applies to|where|paths?|folders?|director(?:y|ies)|roots?|locations?|"
                          r"covers?|includes?)\b", re.IGNORECASE)
# the home folder itself (not one folder in it, ~/.cache/pip), or the user's own folders in it
HOME_RE = re.compile(r"(?:(?<![\w./-])~/?\*?(?![\w./-])|\$HOME/?\*?(?![\w./-])|\$\{HOME\}/?\*?(?![\w./-])|%USERPROFILE%\\?(?![\w.])|"
                     r"\bhome (?:directory|folder|dir)\b(?! of the (?:project|repo))|"
                     r"(?:~/|\$HOME/)(?:Documents|Desktop|Pictures|Photos|Downloads)\b|"
                     r"\b(?:Documents|Desktop|Pictures|Photos|Downloads)(?:,| and| &) (?:Documents|Desktop|Pictures|Photos|Downloads)\b)")
DELETE_RE = re.compile(r"(?:\brm\s+-[a-zA-Z]*[rR]|\b(?:delet|remov|wip(?:e|es|ed|ing)\b|eras|purg|shred|unlink|destroy)\w*)",
                       re.IGNORECASE)
ACTION_KEY_RE = re.compile(r"\b(?:method|action|how|mode|command|operation|do|then)\b", re.IGNORECASE)
MASK_KEY_RE = re.compile(r"\b(?:mask\w*|redact\w*|obfuscat\w*|sanitiz\w*|scrub\w*|hide[ _-]?(?:values|secrets))\b", re.IGNORECASE)
CONTENT_HEAD_ANY_RE = re.compile(r"\|[ \t]*(?:" + CONTENT_HEAD_RE.pattern[4:-2] + r")[ \t]*(?:\||$)", re.IGNORECASE)
# (words without which HOME_RE and MASK_KEY_RE find nothing: a table lacking all of them is passed by)
HOME_HINTS = ("~", "HOME", "home", "Home", "Documents", "Desktop", "Pictures", "Photos", "Downloads", "USERPROFILE")
MASK_HINTS = ("mask", "Mask", "MASK", "redact", "Redact", "REDACT", "obfusc", "Obfusc", "saniti", "Saniti", "scrub", "Scrub",
              "hide", "Hide")
CONTENT_KEY_LINES_RE = re.compile(CONTENT_KEY_RE.pattern, re.IGNORECASE | re.MULTILINE)  # (over keys one a line)
PLACEHOLDER_URL_RE = re.compile(r"https?://[^\s`'\"|)\]]{0,300}?(?:\{|\$|<|%|__)")
NOT_ASKED = " (do it without asking the user)"
NOT_MASKED = " (show the values unmasked)"
NOT_TOLD = " (do not tell the user)"
SCAN_AFTER = 40  # lines after a table read for a sentence that sends its rows somewhere
# (over one soft line break: a sentence wrapped in its paragraph, not into the next paragraph)
SEND_RE = re.compile(r"\b(?:send|post|put|upload|deliver|submit|push|transmit|forward|sync)\w*\b[^\n]{0,200}?(?:\n[ \t]*(?=\S)[^\n]{0,200}?)?"
                     r"(https?://[^\s`'\"|<>)\]]+)", re.IGNORECASE)
HEADING_RE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]")


def _cells(row: str) -> list[str]:
    body = row.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return [c.strip().strip("`*_ ").strip() for c in body.split("|")]


def _outside(url: str) -> bool:
    return LOCAL_URL_RE.match(url) is None


def _where(url: str) -> str:
    """An address as the place it names: its query left out (its own words, `api_key=YOUR_KEY`, are no row's value)."""
    return url.split("?", 1)[0].split("#", 1)[0]


def _heading(lines: list[str], k: int) -> str:
    """The heading over line ``k`` (up to SCAN_AFTER lines above it), "" when none."""
    for n in range(k - 1, max(-1, k - 1 - SCAN_AFTER), -1):
        if lines[n].lstrip(" ")[:1] == "#" and HEADING_RE.match(lines[n]):
            return lines[n]
    return ""


def _tables(lines: list[str], part: str, fills: bool = True):
    """(header cells and the heading over them, [(line index, key, value)]) of each pipe table and each run
    of key: value items."""
    i, k, at = part.find("---"), 0, 0
    while i >= 0:
        ls = part.rfind("\n", 0, i) + 1
        le = part.find("\n", i)
        le = len(part) if le < 0 else le
        i = part.find("---", le)
        if "|" not in part[ls:le] or RULE_LINE_RE.fullmatch(part, ls, le) is None:
            continue
        k += part.count("\n", at, ls)
        at = ls
        if k == 0 or "|" not in lines[k - 1]:
            continue
        end = k + 1
        while end < len(lines) and "|" in lines[end]:
            end += 1
        heading = _heading(lines, k - 1)
        if not _may_read("\n".join(lines[k + 1:end]), fills) and CONTENT_HEAD_ANY_RE.search(lines[k - 1]) is None \
                and CONTENT_HEADING_RE.search(heading) is None:
            continue  # (nothing any reading below needs: most tables)
        head = _cells(lines[k - 1]) + [heading]
        rows = []
        for n in range(k + 1, end):
            c = _cells(lines[n])
            if len(c) >= 2:
                rows.append((n, c[0], " - ".join(x for x in c[1:] if x)))
        if rows:
            yield head, rows
    # runs of key: value items: the candidate lines grouped first, each group read only when it may matter
    group: list[int] = []
    at, n = 0, 0  # (the line of the last candidate, counted on from it)
    for c in KV_MAYBE_RE.finditer("\n" + part):
        n += part.count("\n", at, c.start())  # (the match's offset in the part is where its line starts)
        at = c.start()
        if group and group[-1] != n - 1:
            yield from _kv_runs(lines, group, fills)
            group = []
        group.append(n)
    if group:
        yield from _kv_runs(lines, group, fills)


def _may_read(text: str, fills: bool) -> bool:
    """Whether rows of ``text`` hold anything a reading needs: an address, a placeholder (with an address in the
    file), the home folder, a masking switch. Plain substring tests: a table lacking all of them is passed by."""
    return ("http" in text or "@" in text or fills and any(c in text for c in "{$<%") or any(w in text for w in HOME_HINTS)
            or any(w in text for w in MASK_HINTS))


def _kv_runs(lines: list[str], group: list[int], fills: bool):
    """The settings lists among consecutive candidate lines (two items or more, or one placeholder's item)."""
    text = "\n".join(lines[group[0]:group[-1] + 1])
    if len(group) < 2 and not (fills and "`" in text and any(c in text for c in "{$<%")):
        return  # (one item is a list of settings only as a placeholder's, in a code span)
    if not _may_read(text, fills) and CONTENT_HEADING_RE.search(_heading(lines, group[0])) is None:
        return
    run: list = []
    for n in group + [-1]:
        m = (KV_ITEM_RE.match(lines[n]) or KV_BOLD_RE.match(lines[n])) if n >= 0 else None
        if m is not None and lines[n][m.start(1) - 1:m.start(1)] == "`" and lines[n][m.end(1):m.end(1) + 1] != "`":
            m = None  # (a code span that runs past the colon: "- `Content-Type: application/json`" is a literal header)
        if m is None:
            if len(run) >= 2 or run and PLACEHOLDER_RE.match(run[0][1]):  # (one placeholder's item is a fill-in table)
                yield ["", "", _heading(lines, run[0][0])], run
            run = []
            continue
        run.append((n, m.group(1).strip(), m.group(2).strip()))


def _dest(key: str, value: str, rows: list) -> str:
    """The outside address (or e-mail address) a settings row sends to, "" when it names none."""
    if not DEST_KEY_RE.search(key) or WEAK_DEST_KEY_RE.match(key) and not any(SEND_WORD_RE.search(v) for _, _, v in rows):
        return ""
    u = URL_RE.search(value) or MAIL_RE.search(value)
    return u.group() if u is not None and _outside(u.group()) else ""


def _sent_to(lines: list[str], first: int, last: int) -> str:
    """The outside address a sentence around a table sends something to: in the lines that introduce
    it (back to its heading) or in those after it (SCAN_AFTER); "" when none does."""
    top = first
    while top > 0 and first - top < SCAN_AFTER and not HEADING_RE.match(lines[top - 1]):
        top -= 1
    for lo, hi in ((top, first), (last + 1, last + 1 + SCAN_AFTER)):
        m = SEND_RE.search("\n".join(lines[lo:hi]))
        if m is not None and _outside(m.group(1)):
            return m.group(1)
    return ""


_FILLS: list = [None, False]  # (the last file asked about, and its answer: read() is asked once per part of it)


def _fills(whole: str) -> bool:
    """Whether an outside address of the file holds a placeholder mark ({, $, <, %, __): only then can a
    placeholder row be read as sent."""
    if _FILLS[0] is not whole:
        _FILLS[0], _FILLS[1] = whole, "http" in whole and PLACEHOLDER_URL_RE.search(whole) is not None
    return _FILLS[1]


def read(part: str, whole: str) -> str:
    """``part`` (a prose region of ``whole``) with each settings table's rows read in their table's
    context (see the module's docstring); the same lines."""
    if "|" not in part and "- " not in part and "**" not in part and "__" not in part:
        return part
    sends = "http" in part or "@" in part
    fills = _fills(whole)
    if not (sends or fills or any(w in part for w in HOME_HINTS) or any(w in part for w in MASK_HINTS)):
        return part  # no address, no placeholder address, no home folder, no masking word: nothing to read (most parts)
    lines = part.split("\n")
    changed = False
    tables = list(_tables(lines, part, fills))
    sent = None
    for head, rows in tables:
        content_table = any(CONTENT_HEAD_RE.match(h) for h in head[1:-1]) or CONTENT_HEADING_RE.search(head[-1]) is not None
        keys = "\n".join(k for _, k, _ in rows)
        text = keys + "\n" + "\n".join(v for _, _, v in rows)
        # (one search over the table's keys for each reading, before any row is read: most tables need none)
        if not ((sends and (content_table or ("http" in text or "@" in text) and DEST_KEY_RE.search(keys)
                            or CONTENT_KEY_LINES_RE.search(keys)))
                or fills and any(c in keys for c in "{$<%_")
                or any(w in text for w in HOME_HINTS) and DELETE_RE.search(text)
                or any(w in text for w in MASK_HINTS) and MASK_KEY_RE.search(keys)):
            continue  # (a table with none of what its rows could be read with)
        dest = ""
        asked, told = True, True
        home, deleting, masked = False, [], True
        for n, key, value in rows:
            dest = dest or _dest(key, value, rows)
            if ASK_KEY_RE.search(key) and OFF_RE.match(value):
                asked = False
            if TELL_KEY_RE.search(key) and OFF_RE.match(value) or QUIET_KEY_RE.search(key) and ON_RE.match(value):
                told = False
            if SCOPE_KEY_RE.search(key) and HOME_RE.search(value):
                home = True
            if DELETE_RE.match(key) or DELETE_RE.search(value) and ACTION_KEY_RE.search(key):
                deleting.append(n)  # ("Method | rm -rf", "Delete after | 14 days")
                home = home or HOME_RE.search(value) is not None  # (the scope in the row itself)
            if MASK_KEY_RE.search(key) and OFF_RE.match(value):
                masked = False
        if not dest and (content_table or any(CONTENT_KEY_RE.search(k) for _, k, _ in rows)):
            dest = _sent_to(lines, rows[0][0], rows[-1][0])
            if not dest and CONTENT_HEADING_RE.search(head[-1]):
                # where the file's settings send things: a content table (an include set) under its own heading takes
                # it when no sentence around it says where its rows go ("## Include set" beside "## Destination")
                if sent is None:
                    sent = next((d for _, rs in tables for _, key, value in rs for d in [_dest(key, value, rs)] if d), "")
                dest = sent
        tail = ("" if asked else NOT_ASKED) + ("" if told else NOT_TOLD)
        shown = "" if masked else NOT_MASKED
        # a table that sends somewhere and says not to ask or tell: every row of it is what goes (its settings
        # are the order's); otherwise only the rows that name what goes (a client's reference of its options
        # names an address and an API key without either being sent anywhere unasked)
        every = bool(tail)
        for n, key, value in rows:
            add = ""
            if dest and (every or content_table or CONTENT_KEY_RE.search(key)) and not DEST_KEY_RE.search(key) \
                    and not (ASK_KEY_RE.search(key) or TELL_KEY_RE.search(key) or QUIET_KEY_RE.search(key)):
                add = " - send it to " + _where(dest) + tail
            elif PLACEHOLDER_RE.match(key):
                for u in URL_RE.finditer(whole):
                    if key in u.group() and _outside(u.group()):
                        add = " - its value is sent to " + _where(u.group()) + tail
                        break
            elif home and n in deleting:
                add = " - it deletes the entire home directory's matching files" + tail
            elif shown and not MASK_KEY_RE.search(key):
                add = shown
            if add:
                lines[n] = key + ": " + value + add
                changed = True
    return "\n".join(lines) if changed else part


# A column that tells the agent what to do about its row ("| Symptom | Next step |", "| Error | Response |",
# "| 403 | What to check | How to present it |"): its cells are orders, whatever the other columns name
ACTION_HEAD_RE = re.compile(r"^[ \t]*(?:\*\*)?(?:next steps?|actions?|responses?|what to do|do|then|how to (?:present|report|show|handle|fix|respond)"
                            r"[\w ]{0,20}|how|handling|resolution|remed(?:y|iation)|fix(?:es)?|steps?|procedure)(?:\*\*)?[ \t]*$",
                            re.IGNORECASE)


def action_cell(header: str, row: str, col: int, review: re.Pattern) -> bool:
    """Whether ``col`` of the table row ``row`` lies in a column ``header`` names for what to do (ACTION_HEAD_RE)
    that is not itself a column of what a review looks for (``review``): an order in a playbook's row, not
    the object of a review quoted to be recognised."""
    heads = re.split(r"(?<!\\)\|", header.strip().strip("|"))
    body = row.lstrip()
    lead = len(row) - len(body)
    if not body.startswith("|") or col < lead:
        return False
    k = sum(1 for m in re.finditer(r"(?<!\\)\|", body) if m.start() + lead < col) - 1  # the cell (0: the first)
    return 0 < k < len(heads) and ACTION_HEAD_RE.match(heads[k]) is not None and review.search(heads[k]) is None
