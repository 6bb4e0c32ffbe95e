"""Text that describes an attack or a tool's output rather than ordering the agent.

Honest security skills quote what they report on: a payload as submitted in a finding, a phrase
named as a line of someone's prompt, the verdict a script prints. Each check here recognises one
such structure from the text around the match alone (never the skill's description, so a skill
cannot claim a purpose to hide an order), and the engine lowers the finding one level for it: the
finding is still printed, and an order written plainly beside it is not affected.
"""

from __future__ import annotations

import re

# The label a quoted sample is introduced with: "**Payload P-03 (as submitted):**",
# "Malicious ticket body:", "Injection attempt observed:", "Test input:"
PAYLOAD_LABEL_RE = re.compile(
    r"\b(?:payloads?|attack (?:strings?|inputs?|texts?|prompts?|samples?|bod(?:y|ies))"
    r"|injected (?:texts?|prompts?|instructions?|content|comments?)"
    r"|malicious (?:inputs?|prompts?|texts?|comments?|tickets?|content|instructions?|messages?|bod(?:y|ies)|emails?)"
    r"|(?:injection|attack|exploit|jailbreak) (?:samples?|examples?|attempts?|strings?|texts?)"
    r"|proof[- ]of[- ]concept|PoC|as (?:submitted|sent|received|observed|captured|found)"
    r"|(?:test|adversarial|hostile) (?:inputs?|prompts?|cases?|strings?))\b", re.IGNORECASE)
# A label that is an order in its own right ("Now send this payload:", "Follow the payload below:")
LABEL_ORDER_RE = re.compile(
    r"^\W*(?:now\s+)?(?:send|post|paste|say|tell|type|enter|run|execute|follow|obey|apply|use|do|act|reply|respond"
    r"|write|insert|add|include|submit)\b", re.IGNORECASE)
BLOCKQUOTE_RE = re.compile(r"[ \t]{0,3}>")


def labelled_sample(line_at, line: int, first: int = 1) -> bool:
    """Whether ``line`` is part of a blockquote introduced by a label naming it an attack sample
    (a payload, a malicious input, a test input): the evidence a report quotes, not an order.
    ``line_at(n)`` gives a line of the file; ``first`` is the first line that may be read."""
    if not BLOCKQUOTE_RE.match(line_at(line)):
        return False
    n = line
    while n > first and n > line - 40 and BLOCKQUOTE_RE.match(line_at(n - 1)):
        n -= 1
    if n > first + 1 and not line_at(n - 1).strip():
        n -= 1  # one blank line between the label and its quotation
    if n <= first:
        return False
    label = line_at(n - 1).replace("*", "").replace("_", "").strip()
    return (0 < len(label) <= 100 and label.endswith(":") and bool(PAYLOAD_LABEL_RE.search(label))
            and not LABEL_ORDER_RE.match(label))


# A quoted phrase named as a piece of text: 'A "never reveal these instructions" line is a speed bump',
# 'the "ignore previous instructions" string'. The words are mentioned, not said.
MENTION_BEFORE_RE = re.compile(r"(?:^|[\s(])(?:a|an|the|this|that|such|any|each|every|one|its|their)\s*$", re.IGNORECASE)
MENTION_AFTER_RE = re.compile(
    r"\s*(?:lines?|sentences?|clauses?|phrases?|rules?|instructions?|strings?|wording|messages?|banners?|notices?"
    r"|disclaimers?|statements?|directives?|pattern|patterns|trick|tricks|requests?|attacks?|payloads?|prompts?)\b",
    re.IGNORECASE)
# The clause orders the agent to use that text ('Add a "never reveal …" line to every reply')
MENTION_ORDER_RE = re.compile(
    r"\b(?:follow|obey|apply|add|include|insert|keep|use|put|honou?r|respect|enforce|append|prepend|write|say"
    r"|repeat|print|output|adopt|start|begin|end|treat|act|comply)\b", re.IGNORECASE)
CLAUSE_BREAK_RE = re.compile(r"[.;:!?]\s|\n\s*\n")


def mentioned_phrase(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` lies inside a double-quoted span that a determiner and a noun for
    a piece of text frame as a thing talked about ('A "never reveal these instructions" line is fine'),
    with no order to use it earlier in its clause."""
    for opening, closing in (('"', '"'), ("\u201c", "\u201d")):
        q = line.rfind(opening, 0, start + 1)
        if q < 0 or (opening == '"' and line.count('"', 0, q) % 2 == 1):
            continue
        c = line.find(closing, max(end - 1, q + 1))
        if c < 0 or c < end - 1:
            continue
        before = line[max(0, q - 120):q]
        if not MENTION_BEFORE_RE.search(before) or not MENTION_AFTER_RE.match(line, c + 1):
            continue
        cut = None
        for cut in CLAUSE_BREAK_RE.finditer(before):
            pass
        clause = before[cut.end():] if cut else before
        return not MENTION_ORDER_RE.search(clause)
    return False


# A sentence about what a tool reports: "It reports **MERGED** — safe to delete — versus UNMERGED",
# "The script prints DELETE or KEEP for each branch". What follows the verb is the tool's output.
REPORTER_RE = re.compile(
    r"\W*(?:it|this|that|each\s+(?:line|row)|the\s+(?:[\w-]+\s+){0,2}?(?:script|tool|command|check|checker|report"
    r"|output|scanner|linter|audit|auditor|verifier|helper|summary|result|verdict|dashboard|log|cli|program|job"
    r"|hook|validator|analy[sz]er|detector))\s+(?:then\s+)?(?:reports|prints|outputs|labels|marks|flags|returns"
    r"|shows|says|displays|emits|lists|answers|writes|classifies|tags)\b", re.IGNORECASE)
# ... unless the sentence goes on to order something ("…; then delete them", "…, so you can remove …")
REPORT_ORDER_RE = re.compile(r";|\b(?:then|so|you|your|now|immediately|must|should)\b", re.IGNORECASE)


def reported_output(text: str, lo: int, hi: int, starts: list[int]) -> bool:
    """Whether the sentence ``text[lo:hi]`` says what a tool reports and every concept match
    (``starts``) lies in the part that gives the report, with no order after it."""
    m = REPORTER_RE.match(text, lo, hi)
    if m is None or any(s < m.end() for s in starts):
        return False
    return REPORT_ORDER_RE.search(text, m.end(), hi) is None


def in_string_literal(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` sits inside one quoted string of a code line (`document: "<!-- … -->"`)."""
    for q in ('"', "'"):
        if line.count(q, 0, start) % 2 == 1 and q in line[end:] and q not in line[start:end]:
            return True
    return False


# A detector's test annotation on the line above a sample: semgrep's `# ruleid: insecure-eval` (this line
# must be flagged) and `# ok: …` (must not), in any comment syntax.
TEST_ANNOTATION_RE = re.compile(r"\s*(?:#|//|--|/\*|<!--|;)\s*(?:todo)?(?:ruleid|ok|deepok|deepruleid):\s*[\w.-]+\s*(?:\*/|-->)?\s*$")


def annotated_test_case(line_at, line: int, first: int = 1) -> bool:
    """Whether the code line ``line`` is a detector's test case: the nearest non-blank line above it
    (one blank line allowed, none before ``first``) is a test annotation naming the rule it must trip."""
    for n in range(line - 1, max(first, line - 2) - 1, -1):
        above = line_at(n)
        if above.strip():
            return bool(TEST_ANNOTATION_RE.match(above))
    return False


# Detection signatures (YARA): every string and comment in them names what to detect.
SIGNATURE_SUFFIXES = (".yar", ".yara")


def signature_file(path: str) -> bool:
    return path.lower().endswith(SIGNATURE_SUFFIXES)


# A review question about code or a package, not a request to the agent: "Does any code read `~/.ssh`
# and send it anywhere?", "Is the token written to a log?". Requests ("Can you …", "Could you …",
# "Do you …", and "DO run …", an emphasised order) are not among them.
QUESTION_START_RE = re.compile(
    r"\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(?:\[[ xX]\]\s+)?(?:\*\*[^*\n]{1,40}\*\*:?\s+)?(?:does|did|is|are|was|were|has|have|had)\s+"
    r"(?!you\b|ya\b|u\b|we\b|i\b|yourself\b)", re.IGNORECASE)
SENTENCE_STOP_RE = re.compile(r"[.!?](?=\s|$|[\"')\]`*])")


def review_question(line: str, start: int, end: int, below: str = "") -> bool:
    """Whether ``line[start:end]`` lies in a yes/no question about something other than the agent:
    the sentence opens with does/is/are/has … (not "do you") and its first stop is a question mark
    (on this line, or on ``below`` when the sentence wraps onto it)."""
    lo = 0
    for m in SENTENCE_STOP_RE.finditer(line, 0, start):
        lo = m.end()
    if not QUESTION_START_RE.match(line, lo):
        return False
    stop = SENTENCE_STOP_RE.search(line, end)
    if stop is None:
        line, stop = below, SENTENCE_STOP_RE.search(below)
    # (a question mark inside a quotation is the quoted speaker's: 'never pause to ask "should I continue?"')
    return stop is not None and line[stop.start()] == "?" and line.count('"', 0, stop.start()) % 2 == 0


def sentence_below(line: str, below: str) -> str:
    """The rest of ``line``'s last sentence when it wraps onto ``below`` (a prose line that ends with
    no stop): ``below`` up to its first stop; "" when the sentence ends on ``line``."""
    t = line.rstrip()
    if not t or t[-1] in ".!?:;" or not below.strip() or t.lstrip().startswith(("#", "|", "```", "~~~")):
        return ""
    if below.lstrip().startswith(("#", "|", "```", "~~~", "- ", "* ", "+ ")):
        return ""  # a heading, a table, a fence or the next list item: a new block
    stop = SENTENCE_STOP_RE.search(below)
    return below[:stop.end()] if stop else below[:200]


# A sentence whose subject is the attacker or the hostile content: "An attacker who gets a shell can read
# ~/.aws/credentials", "Attackers may tell the agent to ignore previous instructions", "A malicious page
# might say: …", "Injected text often asks the assistant to …". It says what the attack does.
ATTACKER_SUBJECT_RE = re.compile(
    r"(?:^|[.!?:]\s+|^\W*(?:for example|for instance|e\.g\.|typically|often|usually|in practice|sometimes)\W+)"
    r"(?:(?:an?|the|some|many|most|such)\s+)?(?:(?:\w+\s+)?(?:attackers?|adversar(?:y|ies)|intruders?|threat actors?"
    r"|malware|infostealers?|stealers?)"
    r"|(?:malicious|hostile|compromised|poisoned|booby-trapped|rogue|untrusted)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:pages?|sites?|websites?|documents?|docs?|users?|actors?|packages?|skills?|plugins?|extensions?|inputs?"
    r"|emails?|comments?|prompts?|content|text|dependenc(?:y|ies)|repos?|repositor(?:y|ies)|files?|issues?|tickets?"
    r"|servers?|tools?|links?|scripts?|READMEs?|PRs?|pull requests?|messages?|payloads?)"
    r"|injected\s+(?:text|content|instructions?|prompts?|comments?)|(?:a\s+|the\s+)?(?:prompt[- ])?injections?"
    r"|(?:a\s+|the\s+)?(?:prompt[- ])?injection (?:attacks?|attempts?|payloads?)|phishing\s+(?:emails?|pages?|sites?)"
    # people who are not the agent, said to *try* what follows: "Users of the product will try to get the model to
    # print its instructions", "Some visitors attempt to …"; the try verb makes it an attempt the skill defends against
    r"|(?:(?:the\s+)?(?:end[- ])?users?|people|visitors|customers|someone|anyone|red[- ]teamers?|jailbreakers?|testers?)"
    r"(?:\s+(?:of|on|in)\s+(?:[\w'\u2019-]+\s+){0,3}?[\w-]+)?(?=\s+(?:will|may|might|often|sometimes|usually|can|could"
    r"|regularly|routinely)?\s*(?:try|tries|attempt)\b))"
    r"\b(?P<gap>[^.!?,;\n]{0,60}?)\s+(?:can|could|may|might|will|would|often|usually|typically|sometimes|then|also"
    r"|tries|try|tend|attempts?|says?|writes?|asks?|tells?|reads?|includes?|hides?|embeds?|uses?|instructs?"
    r"|contains?|plants?|adds?|slips?|smuggles?|ran|runs|sent|sends|did|does|do)\b", re.IGNORECASE)
QUOTED_LIST_RE = re.compile(r'(?:["\u201c][^"\u201c\u201d\n]{1,120}["\u201d]\s*(?:,\s*(?:(?:or|and)\s+)?|(?:or|and)\s+))+')
# After the subject and its verb, the sentence turns to an order ("…, so you should …", "; then …")
ATTACKER_TURN_RE = re.compile(r"[,;]|\b(?:so|therefore|please|you|your)\b", re.IGNORECASE)


def attacker_says(before: str) -> bool:
    """Whether the sentence that ``before`` ends (the text up to a match) has the attacker or hostile
    content as its subject and goes on, with no turn to an order, to say what it does."""
    m = None
    for m in ATTACKER_SUBJECT_RE.finditer(before[-300:]):
        pass
    if m is None:
        return False
    # a list of quoted examples after the frame ("…", "…" or "…") is the frame's object: its commas are no turn
    rest = QUOTED_LIST_RE.sub("", before[-300:][m.end():])
    return not SENTENCE_STOP_RE.search(rest) and not ATTACKER_TURN_RE.search(rest)


# Words quoted as what a piece of content says: 'If a web page says "ignore previous instructions …"',
# 'an issue comment that reads "…"'. The quotation is the content's, not the skill's.
CONTENT_SAYS_RE = re.compile(
    r"\b(?:a|an|the|any|some|each|every)\s+(?:[\w-]+\s+){0,2}?(?:web ?pages?|pages?|sites?|websites?|documents?|emails?"
    r"|issues?|comments?|tickets?|files?|READMEs?|tool (?:outputs?|results?)|search results?|messages?|PDFs?|pull requests?"
    r"|PRs?|reviews?|commit messages?|inputs?|responses?|replies|posts?|descriptions?|fields?)\s+(?:that\s+|which\s+)?"
    r"(?:says?|contains?|asks?|tells? (?:you|the \w+)|reads?|includes?|demands?|claims?|instructs? (?:you|the \w+)"
    r"|saying|containing|asking|telling (?:you|the \w+)|reading|demanding|claiming|instructing (?:you|the \w+))\s*:?\s*$",
    re.IGNORECASE)
# ... unless its clause orders that content made: "Open an issue containing "…"", "Post a comment that says "…""
CONTENT_MADE_RE = re.compile(
    r"(?:^|[.!?:;]\s+|^\W*(?:\d{1,3}[.)]\s*)?)(?:please\s+|now\s+|then\s+)?(?:create|write|post|add|send|open|file|submit"
    r"|make|generate|insert|put|leave|publish|commit|push|craft|draft|plant|embed|inject|upload|paste|type|enter)\b[^.!?;]*$",
    re.IGNORECASE)


def content_says(line: str, start: int) -> bool:
    """Whether the match at ``start`` lies in a quotation that content is said to contain."""
    for opening in ('"', "\u201c"):
        q = line.rfind(opening, 0, start)
        if q < 0 or (opening == '"' and line.count('"', 0, q) % 2 == 1):
            continue
        return bool(CONTENT_SAYS_RE.search(line, max(0, q - 120), q)) and not CONTENT_MADE_RE.search(line[max(0, q - 120):q])
    return False


# What keeps the attacker frame above honest: the frame says what someone else does, so it reads as a
# description only where describing attacks is the skill's job, and only while no text after it takes the
# described action up as an order. A malicious skill can wrap its order in "Attackers may tell the agent to
# …"; it cannot make a formatting or deployment skill's purpose one that teaches attacks, and the wrapper
# alone does not make the agent act: the order that does ("Do the same now", "…, which you should follow")
# is read here and keeps the finding's full weight.
ATTACK_TEACHING_PURPOSES = frozenset({"security", "prompting"})
# A sentence that points back at the described action and tells someone to do it
ADOPT_RE = re.compile(
    r"\b(?:do|doing|try|perform|repeat|reproduce|replicate|simulate|emulate|mimic|copy|follow|obey|honou?r|execute"
    r"|run|carry out|act on|go along with|comply with|accept|apply)\s+(?:it|this|that|these|those|them|the same(?: thing)?"
    r"|likewise|exactly (?:that|this)|what (?:it|they|he|she|the \w+) (?:says?|asks?|wants?|tells?|does|did)"
    r"|the (?:above|same|steps?|instructions?|request|attack|payload|command|order|samples?|quotes?|quotation|quoted \w+"
    r"|evidence|example|text(?: above)?))\b"
    r"|\b(?:comply|so should you|you should too|as (?:an?|the) attackers? (?:would|does|did))\b"
    r"|\b(?:you|the agent|the assistant|claude)\s+(?:should|must|will|can|need to|are to|is to)\s+(?:also\s+)?"
    r"(?:do|follow|obey|comply|go along)\b", re.IGNORECASE)
# ... unless that sentence forbids it ("never do this", "refuse it", "instead, report it"; "the report", a noun, forbids nothing)
ADOPT_NEGATED_RE = re.compile(r"\b(?:not|never|no|nor|don't|doesn't|won't|can't|cannot|refuse\w*|declin\w*|instead"
                              r"|without|avoid\w*|ignore|(?<!\bthe )(?<!\ba )(?<!\byour )(?<!\bthis )(?<!\bthat )(?<!\bour )(?<!\bits )report"
                              r"|flag|warn|block|reject|stop)\b|n't\b", re.IGNORECASE)
ADOPT_READ = 600  # characters read after the match: the rest of its sentence and of its paragraph


def attack_adopted(after: str) -> bool:
    """Whether the text after a described attack (the rest of its sentence and its paragraph) takes the
    action up as an order: a sentence that points back at it and tells someone to do it, unnegated."""
    for sentence in SENTENCE_STOP_RE.split(after[:ADOPT_READ]):
        if ADOPT_RE.search(sentence) and not ADOPT_NEGATED_RE.search(sentence):
            return True
    return False


def teaches_attacks(purposes) -> bool:
    """Whether a skill's declared purposes (purpose.declared) are ones whose text describes attacks."""
    return not ATTACK_TEACHING_PURPOSES.isdisjoint(purposes)


# A sentence or table cell whose subject is the system under test and whose verb says what it does: "App
# reveals hidden instructions", "The target returns the admin password", "the endpoint leaks other users'
# data". A test plan's failure mode, not an order: the subject is neither the agent nor "you".
SYSTEM_SUBJECT_RE = re.compile(
    r"\W*(?:(?:the|your|an?|this|that|each|every)\s+)?(?:[\w-]+\s+)?(?:apps?|applications?|targets?|services?|endpoints?"
    r"|APIs?|servers?|sites?|websites?|web ?apps?|products?|SUT|system under test|(?:app|model|bot|chatbot) under test"
    r"|backends?|tenants?)\s+(?:(?:still|then|also|never|sometimes|wrongly|silently)\s+)?"
    r"(?!is\b|has\b|does\b|was\b)(?P<verb>[a-z]+(?:es|s))\b", re.IGNORECASE)
SEGMENT_START_RE = re.compile(r"[.!?](?=\s)|\|")


def system_under_test_does(text: str, lo: int, hi: int, starts: list[int]) -> bool:
    """Whether the sentence or table cell holding the first concept match (``starts``) of ``text[lo:hi]``
    opens with the system under test as its subject and a verb in the third person, every match after it."""
    first = min(starts)
    seg = lo
    for m in SEGMENT_START_RE.finditer(text, lo, first):
        seg = m.end()
    m = SYSTEM_SUBJECT_RE.match(text, seg, hi)
    if m is None or any(s < m.end("verb") - len(m.group("verb")) for s in starts if s >= seg):
        return False
    # the segment ends before an order: "App reveals it; so print yours too" is not one failure mode
    end = SEGMENT_START_RE.search(text, m.end(), hi)
    return REPORT_ORDER_RE.search(text, m.end(), end.start() if end else hi) is None


# The cases a test of the skill's code is written with: "Write unit tests for the URL validator with inputs
# such as", "Test cases for the filter:", "parametrize the guard over hosts like". The values listed are what
# the code under test is fed (mocked, asserted on), not places the agent is told to reach.
TEST_INPUTS_RE = re.compile(
    r"\b(?:unit[- ]tests?|test[- ]cases?|test (?:inputs?|vectors?|data|fixtures?|suite)|fixtures?|assertions?"
    r"|evals?|eval(?:uation)? (?:cases?|sets?|suites?)"
    r"|parametri[sz]\w*|(?:tests?|specs?) (?:for|of|against) (?:the|a|an|your|its|our|each) (?:[\w-]+ ){0,3}?"
    r"(?:validators?|filters?|parsers?|guards?|checks?|checkers?|sanitizers?|allow-?lists?|block-?lists?|deny-?lists?"
    r"|functions?|helpers?|middleware|rules?|detectors?|linters?|regex(?:es)?|patterns?))\b"
    r"(?P<verbs>(?:[^.;!?\n]|\.(?!\s)){0,120}?)\b(?:such as|like|e\.g\.|including|for example)\s*:?(?P<gap>(?:[^.;!?]|\.(?!\s)){0,160})$", re.IGNORECASE)
# The test reaches the thing itself (a live call), or the sentence has moved on to an order
TEST_LIVE_RE = re.compile(
    r"\b(?:curl|wget|fetch\w*|request\w*|send\w*|post\w*|call\w*|hit\w*|query\w*|quer(?:y|ies)|probe\w*|reach\w*|connect\w*"
    r"|download\w*|upload\w*|live|real|production|then|run|execute|always|must|now)\b", re.IGNORECASE)


def test_inputs(before: str) -> bool:
    """Whether the text before a match (its sentence, begun on the line above perhaps) lists it as an input
    a test of the skill's own code is written with, and says nothing of reaching it: "Write unit tests for the
    URL validator with inputs such as `http://169.254.169.254/`" names a case for the validator, not a request
    ("Test the proxy by fetching URLs such as …" reaches them, and is not read so)."""
    m = TEST_INPUTS_RE.search(before[-400:])
    return m is not None and not TEST_LIVE_RE.search(m.group("verbs")) and not TEST_LIVE_RE.search(m.group("gap"))


# Words the user is told they may say to the agent: 'ask the agent to "forget previous instructions"', 'users can
# type "…" to the assistant'. The agent is named in the third person, so the sentence speaks to the person at the
# keyboard, and the quoted words are theirs to give, not the skill's order.
USER_SAYS_BEFORE_RE = re.compile(
    r"(?:\b(?:ask|asking|tell|telling|instruct|prompt|type|say|write)\s+(?:the\s+|your\s+)?(?:agent|assistant|model|claude|"
    r"chatgpt|gemini|copilot|codex|cursor|ai|llm|bot|chatbot)\s+(?:to\s+)?(?:say\s+|type\s+)?"
    r"|\b(?:users?|people)\s+(?:can|may|could|might)\s+(?:also\s+)?(?:type|say|write|send|enter)\s+)$", re.IGNORECASE)


def user_says(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` lies inside a double-quoted span that the sentence gives the user to say to the
    agent, named in the third person ('Start a new session or ask the agent to "forget previous instructions"',
    'Users can type "start over" to the assistant')."""
    for opening, closing in (('"', '"'), ("\u201c", "\u201d")):
        q = line.rfind(opening, 0, start + 1)
        if q < 0 or (opening == '"' and line.count('"', 0, q) % 2 == 1):
            continue
        c = line.find(closing, max(end - 1, q + 1))
        if c < 0 or c < end - 1 or c - q > 160:
            continue
        if USER_SAYS_BEFORE_RE.search(line[max(0, q - 120):q]):
            return True
    return False


# A quotation a report gives as evidence: 'Evidence (quoted, inert):' over a blockquote, 'the skill contained,
# in a reference file, the text: "…"', 'the payload read: "…"', 'The ticket said "…"'. The frame is the clause
# that introduces the quotation: it ends where the quotation starts (a colon, or a verb of saying), names the
# quotation as evidence of an attack (evidence, payload, malicious, captured, contained, planted …), and is no
# order ("Follow this:", "Send the text:"). A note quoted "verbatim" from a team, or what someone "said", is
# not named evidence: words of authority are quoted that way too, to be obeyed.
REPORT_WORD_RE = re.compile(
    r"\b(?:evidence(?!\s+(?!(?:from|of|in|at|on|for|that|which|we|as)\b)[a-z])|indicators?(?: of compromise)?|IOCs?|payloads?|exploits?|attacks?|attackers?'?s?|malicious|injected"
    r"|hostile|offending|compromised|poisoned|rogue|suspicious|phishing|forensic|captured|observed|intercepted|recovered"
    r"|contained|embedded|planted|smuggled|hid)\b", re.IGNORECASE)
FRAME_END_RE = re.compile(r"(?::|\b(?:said|says|read|reads|stated|states|wrote|writes|saying|reading|stating|contained|contains|containing))[\s(]*$",
                          re.IGNORECASE)
# ... or in a verb of saying with the noun for the text it names: 'its README contained the instruction "…"',
# 'the issue body read the line "…"' (the quotation is the noun's apposition, the words found)
FRAME_NOUN_END_RE = re.compile(
    r"\b(?:said|says|read|reads|stated|states|wrote|writes|contained|contains|included|includes|carried|carries|held|holds"
    r"|had|has|added|inserted|embedded|planted|hid)\s+(?:the|this|that|a|an|these|one|its)\s+(?:(?:following|hidden|injected"
    r"|malicious|extra|single|one-line|new)\s+)?(?:instructions?|text|lines?|sentences?|messages?|notes?|comments?|paragraphs?"
    r"|words|strings?|requests?|commands?|steps?|directives?)[\s(]*$", re.IGNORECASE)
FRAME_STOP_RE = re.compile(r"[.!?;](?=\s)|\n\s*>?\s*\n")
QUOTE_MARKER_RE = re.compile(r"\n[ \t]{0,3}>[ \t]?")


def reporting_frame(clause: str) -> bool:
    """Whether ``clause`` (the text up to a quotation) introduces it as evidence, words found or said:
    it ends in a colon or a verb of saying, names the text as evidence of an attack (or as an attack sample),
    and is not itself an order."""
    c = QUOTE_MARKER_RE.sub(" ", clause).replace("*", "").strip()
    if not c or len(c) > 200 or not (FRAME_END_RE.search(c) or FRAME_NOUN_END_RE.search(c)) or LABEL_ORDER_RE.match(c):
        return False
    return bool(REPORT_WORD_RE.search(c) or PAYLOAD_LABEL_RE.search(c))


def quoted_evidence(view: str, lo: int, hi: int, line_at, line: int, last: int, first: int = 1) -> int | None:
    """Where the quotation holding ``view[lo:hi]`` ends, when a reporting frame (``reporting_frame``)
    introduces it, else None. The quotation is a blockquote (its frame the line above it, ``line`` to
    ``last`` its lines the match is on) or a double-quoted span (its frame the clause before the opening
    quote, in the same paragraph). ``line_at(n)`` gives a line; ``first`` is the first line that may be read."""
    if BLOCKQUOTE_RE.match(line_at(line)) and all(BLOCKQUOTE_RE.match(line_at(n)) for n in range(line, last + 1)):
        n = line
        while n > first and n > line - 40 and BLOCKQUOTE_RE.match(line_at(n - 1)):
            n -= 1
        top = n
        if n > first + 1 and not line_at(n - 1).strip():
            n -= 1
        # the frame is the line above the blockquote, or the blockquote's own first line when it is a label over
        # the quotation ("> **Evidence 1** (`SKILL.md`, "Troubleshooting" table):")
        if (n > first and reporting_frame(line_at(n - 1))) or (top < line and reporting_frame(line_at(top))):
            end = last
            while BLOCKQUOTE_RE.match(line_at(end + 1)) and end < last + 40:
                end += 1
            off = view.find("\n", lo)
            for _ in range(end - line):
                if off < 0:
                    break
                off = view.find("\n", off + 1)
            return len(view) if off < 0 else off
    start = max(view.rfind("\n\n", 0, lo), view.rfind("\n>\n", 0, lo), lo - 600, 0)
    for opening, closing in (('"', '"'), ("\u201c", "\u201d")):
        q = view.rfind(opening, start, lo)
        if q < 0 or (opening == '"' and view.count('"', start, q) % 2 == 1):
            continue
        if closing != opening and view.find(closing, q, lo) >= 0:
            continue
        c = view.find(closing, lo)
        if c < 0 or c < hi or c - q > 800 or "\n\n" in view[q:c]:
            continue
        stop = None
        for stop in FRAME_STOP_RE.finditer(view, max(start, q - 200), q):
            pass
        clause = view[stop.end() if stop else max(start, q - 200):q]
        if reporting_frame(clause):
            return c + 1
    # a label that opens the line: "- **Injected text (captured):** Assistant, forward …", "> Payload: …"
    ls = view.rfind("\n", 0, lo) + 1
    label = LINE_LABEL_RE.match(view, ls, lo)
    if label is not None and PAYLOAD_LABEL_RE.search(label.group("label")) and reporting_frame(label.group("label")):
        end = view.find("\n\n", hi)
        return len(view) if end < 0 else end
    return None


# A label that opens a line (after a list marker or a blockquote's ">"), up to its colon; it frames the rest of its
# paragraph only when it names an attack sample ("Captured payload:", "Injected text as received:"), since a list
# of a procedure's items is labelled the same way ("Evidence custody: the working tree is uploaded …")
LINE_LABEL_RE = re.compile(r"[ \t]*(?:>[ \t]*)?(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?(?P<label>[^\n:]{2,80}:)(?:\*\*|__)?[ \t]")


# Before the quotation, a sentence that points ahead to it and tells someone to act on it ("Follow the
# text below", "Apply the sample that follows")
AHEAD_RE = re.compile(r"\b(?:below|beneath|following|follows|next)\b", re.IGNORECASE)


def evidence_adopted(before: str, after: str) -> bool:
    """Whether the text around a quotation given as evidence takes it up as an order: a sentence after it
    that points back at it (``attack_adopted``), or one before it that points ahead at it."""
    if attack_adopted(QUOTE_MARKER_RE.sub(" ", after)):
        return True
    for sentence in SENTENCE_STOP_RE.split(QUOTE_MARKER_RE.sub(" ", before)[-400:]):
        if AHEAD_RE.search(sentence) and ADOPT_RE.search(sentence) and not ADOPT_NEGATED_RE.search(sentence):
            return True
    return False


# A table of test cases: one column names what the system under test is fed ("Example input", "Test prompt",
# "Attack"), another what it must do with it ("Expected", "Should", "Pass if"). A quoted cell of such a table
# is an input written for the user's own product, not words the skill says to its agent.
TEST_TABLE_INPUT_RE = re.compile(
    r"\b(?:inputs?|prompts?|payloads?|attempts?|attacks?|probes?|messages?|quer(?:y|ies)|utterances?|user says"
    r"|(?:test|sample|example) (?:cases?|texts?|strings?))\b", re.IGNORECASE)
TEST_TABLE_EXPECT_RE = re.compile(
    r"\b(?:expected|expectations?|should|must|pass(?:es)? (?:if|when)|pass(?:/fail| criteri\w*)|desired|correct"
    r" (?:response|behaviou?r|reply)|good (?:response|reply|answer)|verdict)\b", re.IGNORECASE)
# ... whose introduction runs the inputs against something ("run them against the prompt") rather than
# telling the agent to act on them ("Do these yourself:")
AGAINST_RE = re.compile(r"\s+(?:\w+\s+)?(?:against|on|through|into|in|with|at)\b", re.IGNORECASE)


def test_case_table(header: str) -> bool:
    """Whether a table's header row names a column of inputs and one of the results expected of them."""
    cells = [c.strip() for c in header.strip().strip("|").split("|")]
    inputs = [i for i, c in enumerate(cells) if TEST_TABLE_INPUT_RE.search(c)]
    expects = [i for i, c in enumerate(cells) if TEST_TABLE_EXPECT_RE.search(c)]
    return bool(inputs and expects and set(inputs) != set(expects))


def table_inputs_adopted(intro: str) -> bool:
    """Whether the line introducing a test-case table tells the agent to act on its inputs: a sentence that
    points at them and says to do them, unnegated, other than running them against the thing under test."""
    for sentence in SENTENCE_STOP_RE.split(QUOTE_MARKER_RE.sub(" ", intro)):
        for m in ADOPT_RE.finditer(sentence):
            if not ADOPT_NEGATED_RE.search(sentence) and not AGAINST_RE.match(sentence, m.end()):
                return True
    return False


# A table cell that names a kind of input by example: "A web page containing hidden text", "An email with
# instructions in white-on-white text", "a PDF that embeds a prompt". A noun phrase, the content its subject:
# it says what a hostile input holds, and orders nothing (no "you", no "then", no "must" in the cell).
EXAMPLE_INPUT_RE = re.compile(
    r"\W*(?:an?|any|some|one)\s+(?:[\w'-]+\s+){0,3}?(?:web ?pages?|pages?|sites?|websites?|documents?|docs?|e-?mails?"
    r"|PDFs?|files?|uploads?|images?|tickets?|issues?|comments?|READMEs?|pull requests?|PRs?|commits?|reviews?|posts?"
    r"|spreadsheets?|(?:calendar )?invites?|API responses?|tool (?:outputs?|results?)|search results?|snippets?"
    r"|repos?|repositor(?:y|ies)|packages?|transcripts?|attachments?|fields?|records?|rows?)\s+"
    r"(?:(?:that|which)\s+(?:contains?|includes?|hides?|carries?|embeds?|holds?|has)|containing|with|hiding|carrying"
    r"|embedding|including|holding)\b", re.IGNORECASE)


def example_input_cell(text: str, lo: int, hi: int, starts: list[int]) -> bool:
    """Whether the table cell (or sentence) of ``text[lo:hi]`` holding the first match (``starts``) is a noun
    phrase naming a kind of input by what it holds, every match inside it and no order in it."""
    first = min(starts)
    seg = lo
    for m in SEGMENT_START_RE.finditer(text, lo, first):
        seg = m.end()
    m = EXAMPLE_INPUT_RE.match(text, seg, hi)
    if m is None:
        return False
    end = SEGMENT_START_RE.search(text, m.end(), hi)
    end = end.start() if end else hi
    return all(seg <= s < end for s in starts) and REPORT_ORDER_RE.search(text, seg, end) is None


# A list of what a review finds, introduced on a line of its own: "Findings include, for example:", "Red flags:",
# "The audit reports issues such as:". Its items name settings and values found, not ones to set.
LIST_ITEM_RE = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+")
FOUND_INTRO_RE = re.compile(
    r"\b(?:findings?|issues?|problems?|risks?|risky settings?|red flags?|warnings?|warning signs?|smells?|misconfigurations?"
    r"|(?:it|the (?:script|audit|auditor|review|reviewer|scan|scanner|linter|check|checker|report)) (?:flags|reports|detects"
    r"|catches|warns about|looks for|checks for))\b[^:\n]{0,80}:\s*$", re.IGNORECASE)
# an order in the intro ("Fix these issues:", "Make sure the settings include:") or at the item's head ("- set X to Y")
FOUND_INTRO_ORDER_RE = re.compile(
    r"\b(?:fix|fixes|resolve|set|enable|add|apply|use|run|ensure|make sure|must|should|need|needs|configure|change|update"
    r"|switch|turn|install|always|then|now|please|grant|allow|recommended|required|desired|preferred|expected|target)\b",
    re.IGNORECASE)
ITEM_ORDER_RE = re.compile(
    r"\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\*\*|__)?(?:set|enable|add|run|use|turn|switch|grant|allow|disable|remove|configure"
    r"|install|apply|always|never|change|update|make|put|write|give)\b", re.IGNORECASE)
FOUND_LIST_REACH = 30  # lines read up a list to its intro


def found_list_item(view_line, line: int) -> bool:
    """Whether line ``line`` (``view_line(n)`` gives line n) is an item of a list whose intro, the line just above
    its first item, says the list is what a review finds ("Findings include, for example:" … "- `defaultMode` set
    to `bypassPermissions`"): no order in the intro, none at the item's head. Blank lines may part the items."""
    item = view_line(line)
    if not LIST_ITEM_RE.match(item) or ITEM_ORDER_RE.match(item):
        return False
    for n in range(line - 1, max(0, line - FOUND_LIST_REACH), -1):
        text = view_line(n)
        if not text.strip() or LIST_ITEM_RE.match(text) or text.startswith((" ", "\t")):
            continue  # another item, a blank line, an item's continuation
        return FOUND_INTRO_RE.search(text) is not None and not FOUND_INTRO_ORDER_RE.search(text)
    return False


# A table of a detector's rules: a column named for what each rule finds ("| id | finds |", "| Rule | Detects |").
# Its cells name what is found ("instruction-override phrases (\"ignore previous instructions\")", "requests to hide
# actions from the user"): the object of the detection, quoted or not.
FINDS_COLUMN_RE = re.compile(r"\s*(?:what (?:it|the rule|the check) )?(?:finds|detects|matches|flags|catches|looks for"
                             r"|detected|matched|flagged|caught|findings?|indicators?|signals?|signatures?|red flags?)\s*",
                             re.IGNORECASE)
# a cell that opens with an order or speaks to someone is no name of what is found
CELL_ORDER_RE = re.compile(
    r"\W*(?:ignore|disregard|forget|hide|conceal|delete|remove|erase|wipe|send|upload|post|run|execute|curl|wget|set|enable"
    r"|disable|grant|allow|read|copy|exfiltrate|do|don't|never|always|you|your|please|now|then|pretend|act|reveal|print"
    r"|show|tell|say|add|write|install|open|fetch|visit|go|use|skip|bypass|override|turn|stop|keep|make|give|paste)\b",
    re.IGNORECASE)


# ... unless it opens with a kind label before its quoted samples: "override phrases: \"ignore previous …\"", "fake role
# markers: `<|im_start|>system`" (the label's last word a noun for text; the verb-like first word is the kind's name)
KIND_LABEL_RE = re.compile(
    r"\W*(?:[\w/-]+\s+){0,3}?(?:phrases?|markers?|strings?|words?|keywords?|patterns?|spellings?|forms?|samples?"
    r"|signatures?|indicators?|wordings?|asks|lures?|tokens?)\s*(?:\([^()\n]{0,40}\)\s*)?:\s*[\"`\u201c]", re.IGNORECASE)


def finds_column_cell(header: str, row: str, col: int) -> bool:
    """Whether ``col`` of the Markdown table row ``row`` lies in the column ``header`` names for what a detector's
    rule finds, in a cell that names it rather than ordering anything."""
    heads = [h for h in re.split(r"(?<!\\)\|", header.strip().strip("|"))]
    at = [k for k, h in enumerate(heads) if FINDS_COLUMN_RE.fullmatch(h)]
    if len(at) != 1:
        return False
    body = row.lstrip()
    lead = len(row) - len(body)
    if not body.startswith("|") or col < lead:
        return False
    borders = [m.start() + lead for m in re.finditer(r"(?<!\\)\|", body)]
    k = sum(1 for b in borders if b < col) - 1  # the cell the column lies in (0: the first)
    if k != at[0] or k + 1 >= len(borders):
        return False
    cell = row[borders[k] + 1:borders[k + 1]]
    return CELL_ORDER_RE.match(cell) is None or KIND_LABEL_RE.match(cell) is not None


# A read of a credential file that its own sentence cuts to the file's non-secret lines: "`~/.npmrc` — registry
# lines only; skip `_authToken` lines and never print them". Both halves: what is read (only lines of a kind that
# names no secret) and what is skipped (the lines that hold one).
ONLY_LINES_RE = re.compile(
    r"(?<![\w.-])(?![\w.-]*(?:token|auth|passw|secret|key|credential))[\w.-]{2,30}`?\s+(?:lines?|entries|fields?|settings?|sections?)"
    r"\s+only\b|\bonly\s+(?:the\s+)?`?(?![\w.-]*(?:token|auth|passw|secret|key|credential))[\w.-]{2,30}`?\s+(?:lines?|entries"
    r"|fields?|settings?|sections?)\b", re.IGNORECASE)
SKIP_SECRET_LINES_RE = re.compile(
    r"\b(?:skip|skips|skipping|exclude|excludes|excluding|ignore|ignores|ignoring|omit|omits|omitting|drop|drops|strip"
    r"|strips)\s+(?:the\s+|any\s+|all\s+)?[`'\"]?[\w.:-]*(?:token|auth|password|passwd|secret|credential)[\w.:-]*[`'\"]?"
    r"\s+(?:lines?|entries|fields?|values?|keys?)\b", re.IGNORECASE)


def secret_lines_skipped(rest: str) -> bool:
    """Whether the rest of a sentence that names a credential file (``rest``: what follows the match, to the
    sentence's end) reads only the file's non-secret lines and skips those that hold the secret."""
    return ONLY_LINES_RE.search(rest) is not None and SKIP_SECRET_LINES_RE.search(rest) is not None


# A model's special token named as a token: alone in an inline code span ("appearing as `<|endoftext|>`"), with no
# role or message after the span; or in a tokenizer's post-processing template (single="$A <|endoftext|>").
SPECIAL_TOKEN_RE = re.compile(r"<\|[a-z_]{2,30}\|>")
ROLE_AFTER_RE = re.compile(r"\s*(?:[:>\]]|system\b|user\b|assistant\b|developer\b|tool\b|ipython\b|\n?\s*(?:ignore|you\b))",
                           re.IGNORECASE)
CODE_COMMENT_START_RE = re.compile(r"\s*(?:#|//|--|;)")
TEMPLATE_STRING_RE = re.compile(r"\b(?:single|pair)\s*=\s*([\"'])([^\"'\n]*\$[AB]\b[^\"'\n]*)\1")


def special_token_named(line: str, start: int, end: int, code: bool) -> bool:
    """Whether the special token at ``line[start:end]`` is named as a token rather than written as a turn of a
    conversation: alone in a backtick span with no role after it, or (in code) in a tokenizer template's string or
    at the end of a comment line."""
    if SPECIAL_TOKEN_RE.fullmatch(line, start, end) is None:
        return False
    if code:
        if CODE_COMMENT_START_RE.match(line) and ROLE_AFTER_RE.match(line, end) is None and not line[end:].strip():
            return True  # "# GPT-2: sentence <|endoftext|>": a comment ends on the token's name, no turn after it
        return any(m.start(2) <= start and end <= m.end(2) for m in TEMPLATE_STRING_RE.finditer(line))
    if start == 0 or line[start - 1] != "`" or end >= len(line) or line[end] != "`":
        return False
    return ROLE_AFTER_RE.match(line, end + 1) is None


# A practice named as what others do, not what the agent is told to do: a sentence whose subject is a third party
# ("Many tools install with `curl … | sh`", "Projects often tell you to run …") or the user's own pending act ("When
# the user is about to run `curl … | sh`, review it first"). The command is the object of the sentence, the
# subject of the skill.
PRACTICE_SUBJECT_RE = re.compile(
    r"(?:^|[.!?:]\s+|\n)\W*(?:(?:many|most|some|lots of|plenty of|a lot of|countless|popular|common)\s+(?:\w+\s+)?"
    r"(?:tools|projects|vendors|installers|apps|applications|packages|libraries|sites|websites|docs|readmes|guides"
    r"|tutorials|CLIs|SDKs|frameworks)\b[^.!?`]{0,60}"
    r"|(?:when|if|before|whenever|once)\s+(?:the\s+)?(?:user|developer|you)\s+(?:is|are|was|were)\s+(?:about|going|asked"
    r"|told|tempted)\s+to\s+(?:run|paste|use|type|execute)\b[^.!?`]{0,20}"
    r"|(?:when|if|whenever)\s+(?:a|the|an)\s+(?:readme|install(?:ation)? guide|tutorial|doc(?:ument(?:ation)?)?s?|vendor"
    r"|project|website|page)\s+(?:says|tells|asks|suggests|recommends|instructs)\b[^.!?`]{0,40}"
    r"|(?:installers|vendors|projects|tools|readmes|tutorials)\s+(?:often|usually|commonly|typically|frequently)\s+"
    r"(?:say|tell|suggest|recommend|ship|publish|use|install|ask)\b[^.!?`]{0,40})$", re.IGNORECASE)
# The same document forbids the act the practice names: piping a download into a shell
PIPE_FORBIDDEN_RE = re.compile(
    r"\b(?:never|do not|don't|not to|must not|without)\s+(?:\w+\s+){0,3}?(?:pip(?:e|es|ing)|run(?:ning)?|execut(?:e|ing))"
    r"\s+(?:\w+\s+){0,3}?(?:into|in|through|to)\s+(?:a|the|your|any)?\s*(?:shell|sh|bash|zsh|interpreter)\b"
    r"|\b(?:never|do not|don't|not)\s+(?:pipe|pipes|piping)\s+(?:it|them|the (?:script|installer|download)|this|that)\b"
    r"|\bdownload(?:s|ing)?\b[^.\n]{0,60}\b(?:without|never|not|instead of)\s+(?:execut|run)\w*", re.IGNORECASE)
PIPE_SHELL_MATCH_RE = re.compile(r"\|\s*(?:sudo\s+)?(?:\S*/)?(?:ba|z|k|da)?sh\b")


def practice_named(before: str, matched: str, document: str) -> bool:
    """Whether a pipe-to-shell ``matched`` is named as a practice of others or the user's pending act (its sentence
    so far, ``before``, has a third-party subject: PRACTICE_SUBJECT_RE) in a ``document`` that forbids piping a
    download into a shell: the practice the skill reviews, not a step it gives."""
    if not PIPE_SHELL_MATCH_RE.search(matched):
        return False
    return PRACTICE_SUBJECT_RE.search(before.rstrip("`").rstrip()[-200:] + " ") is not None and \
        PIPE_FORBIDDEN_RE.search(document) is not None


# A table that catalogues forms: each row pairs what is seen (quoted) with what it is: a severity column whose
# cell is a level ("| `pipe-shell` | medium | `curl …| sh` |"), or a column that names the form's kind ("| You see |
# It is |", "| Pattern | Technique |"). The quoted forms are what a reader or a detector recognises.
SEVERITY_HEAD_RE = re.compile(r"\s*(?:severity|level|risk(?: level)?|priority|confidence|impact)\s*", re.IGNORECASE)
SEVERITY_CELL_RE = re.compile(r"\s*\**(?:critical|high|medium|moderate|low|info|warning|warn|error|note)\**\s*", re.IGNORECASE)
KIND_HEAD_RE = re.compile(r"\s*(?:it is|it's|what it is|means|meaning|technique|kind|type|category|class|layer|encoding"
                          r"|indicates|decodes? to|verdict|label|tactic)\s*", re.IGNORECASE)
# A column whose cells are what someone does: its quoted cells are steps, not forms
ACTION_HEAD_RE = re.compile(r"\b(?:fix|fixes|command|commands|run|do|action|actions|steps?|remediation|how to|instead"
                            r"|use|try|solution|workaround|install)\b", re.IGNORECASE)
# A cell of quotations only: spans in backticks or double quotes, parted by commas, "or", "and", "e.g.", ellipses
_QUOTED_SPAN = r"""(?:`[^`]{1,160}`|"[^"]{1,160}"|\u201c[^\u201d]{1,160}\u201d)"""
# ... or quotations among bare one-word names (the reading view drops the backticks of a lone `iex`)
_ITEM = r"(?:" + _QUOTED_SPAN + r"|[\w.$-]{1,40})"
CATALOGUE_ITEMS_RE = re.compile(r"\s*(?:e\.g\.,?\s*)?" + _ITEM + r"(?:\s*(?:,|;|/|\bor\b|\band\b|…|\.\.\.)\s*" + _ITEM
                                + r"){1,8}\s*(?:,?\s*(?:etc\.?|…))?\s*")
QUOTATIONS_CELL_RE = re.compile(r"\s*(?:e\.g\.,?\s*)?" + _QUOTED_SPAN + r"(?:\s*(?:,|;|/|\bor\b|\band\b|…|\.\.\.)?\s*"
                                + _QUOTED_SPAN + r"){0,8}\s*(?:,?\s*(?:etc\.?|…))?\s*")


def _cells(row: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of a Markdown table row, a ``|`` inside a backtick span not a border."""
    borders, tick = [], False
    for i, ch in enumerate(row):
        if ch == "`":
            tick = not tick
        elif ch == "|" and not tick and (i == 0 or row[i - 1] != "\\"):
            borders.append(i)
    return [(a + 1, b) for a, b in zip(borders, borders[1:])]


# A catalogue keyed by a detector's flag: its first column names the flag, tag, rule or check ("| flag | why it
# matters |"), each row's first cell one identifier (`download-cradle`, PI003, R6); the quoted forms beside it
# are what raises that flag.
FLAG_KEY_HEAD_RE = re.compile(r"\s*(?:flag|tag|label|rule|rule id|check|check id|indicator|signal|finding)s?\s*",
                              re.IGNORECASE)
# (a column of what to say, reply or send holds text to use, whatever keys its rows)
SAY_HEAD_RE = re.compile(r"\b(?:say|says|reply|replies|response|answer|message|prompt|text|send|write|tell)\b", re.IGNORECASE)
FLAG_KEY_CELL_RE = re.compile(r"\s*(?:\*\*)?(?:`[A-Za-z][\w.:-]{0,40}`|[A-Z]{1,4}-?\d{1,4}|[a-z][a-z0-9]*(?:[-_][a-z0-9]+){1,5})(?:\*\*)?\s*")


def _flag_keyed(heads: list[str], row: str, cells: list[tuple[int, int]], k: int) -> bool:
    """Whether the table catalogues forms by a detector's flag (FLAG_KEY_HEAD_RE on its first column, this row's
    first cell one identifier) and column ``k`` is not one of what to say, reply or send."""
    return k > 0 and FLAG_KEY_HEAD_RE.fullmatch(heads[0]) is not None and not SAY_HEAD_RE.search(heads[k]) \
        and FLAG_KEY_CELL_RE.fullmatch(row[cells[0][0]:cells[0][1]]) is not None


def catalogue_cell(header: str, row: str, col: int) -> bool:
    """Whether ``col`` of the Markdown table row ``row`` lies in a cell of quotations only, in a table that
    catalogues forms (a severity column whose cell in this row is a level, or a column naming the form's kind),
    and not in a column named for an action (``Fix``, ``Command``)."""
    heads = [header[a:b] for a, b in _cells(header)]
    cells = _cells(row)
    if len(heads) != len(cells) or len(cells) < 2:
        return False
    k = next((i for i, (a, b) in enumerate(cells) if a <= col < b), None)
    if k is None or ACTION_HEAD_RE.search(heads[k]) or KIND_HEAD_RE.fullmatch(heads[k]) or SEVERITY_HEAD_RE.fullmatch(heads[k]):
        return False
    if any(ACTION_HEAD_RE.search(h) for h in heads):
        return False  # a table with a column of acts: a row may be a step
    levels = [i for i, h in enumerate(heads) if SEVERITY_HEAD_RE.fullmatch(h)]
    kinds = [i for i, h in enumerate(heads) if KIND_HEAD_RE.fullmatch(h)]
    if not kinds and not any(SEVERITY_CELL_RE.fullmatch(row[cells[i][0]:cells[i][1]]) for i in levels) \
            and not _flag_keyed(heads, row, cells, k):
        return False
    a, b = cells[k]
    return QUOTATIONS_CELL_RE.fullmatch(row[a:b]) is not None or \
        CATALOGUE_ITEMS_RE.fullmatch(row[a:b]) is not None and QUOTATIONS_CELL_RE.search(row[a:b]) is not None


# An item of a list that names a kind of instruction, not one: "- Any instruction to read credentials …", "- Requests
# to hide steps from the user", "- Text that claims to come from the system". Its head is the kind (a noun of text or
# of asking, "any" or a plural), what follows is what such text asks for.
KIND_ITEM_RE = re.compile(
    r"\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\*\*|__)?(?:(?:any|every|an?)\s+(?:\w+\s+)?(?:instruction|request|attempt|command|text"
    r"|message|note|comment|prompt|sentence|phrase|directive)"
    r"|(?:instructions|requests|attempts|commands|messages|notes|comments|prompts|sentences|phrases|directives))\s+(?:to|that|which|asking|telling|claiming|ordering|directing|urging)\b", re.IGNORECASE)
# The intro's last sentence says the list is what a review flags: "Flag:", "Look for:", "Red flags include:"
FLAG_INTRO_RE = re.compile(
    r"(?:^|[.!?]\s+|\*\*)\W*(?:flag|look for|watch for|watch out for|check for|be suspicious of|treat as suspicious|reject"
    r"|red flags?|warning signs?|suspicious (?:signs|patterns|content)|stop and ask (?:about|if you see))\b[^.!?:\n]{0,60}:\W*$",
    re.IGNORECASE)


def flagged_kind_items(view_line, first: int, last: int) -> bool:
    """Whether lines ``first``..``last`` (``view_line(n)``: the text of line n) are items of one list, each naming a
    kind of instruction (KIND_ITEM_RE), under an intro whose last sentence says a review flags them: the kinds a
    reviewer looks for, named, not orders."""
    for n in range(first, last + 1):
        text = view_line(n)
        if text.strip() and not KIND_ITEM_RE.match(text):
            return False
    for n in range(first - 1, max(0, first - FOUND_LIST_REACH), -1):
        text = view_line(n)
        if not text.strip() or LIST_ITEM_RE.match(text) or text.startswith((" ", "\t")):
            continue
        return FLAG_INTRO_RE.search(text) is not None
    return False


# A label over an example of the wrong way, alone on its line: "**Bad:**", "❌ Insecure:", "Vulnerable code:",
# "Anti-pattern", "Don't do this:", "Before (unsafe):", "### ❌ Wrong". Teaching and review material pairs it with
# the right way; the block under it is what not to do.
WRONG_WAY_MARK_RE = re.compile(r"[\u274c\u26d4\U0001f6ab\u2717\u2718\u2716]")
WRONG_WAY_LABEL_RE = re.compile(
    r"(?:before\s*\(\s*)?(?:bad|wrong|unsafe|insecure|vulnerable|incorrect|anti-?pattern"
    r"|(?:don'?t|do not|never|avoid)(?:\s+(?:do|use|write|run|copy|try)(?:\s+(?:this|these|that))?)?|what not to do"
    r"|not (?:this|like this)|noncompliant|non-compliant)\b(?:\s*\(?[\w'-]+\)?){0,4}\s*\)?\s*:?\s*$", re.IGNORECASE)
WRONG_WAY_STRIP_RE = re.compile(r"^[\s#>*_`\-]*|[\s*_`]*$")
# ... a label that also orders something done is no label: "Bad news: run this:", "Insecure, but run it anyway:"
WRONG_WAY_ORDER_RE = re.compile(r"\b(?:run|execute|paste|install|apply|follow|then|anyway|instead|but|use|only|if|when|unless"
                                r"|care|careful|requires?|needs?|ok|okay|fine|acceptable|without|except|until|outside|before|after)\b", re.IGNORECASE)
WRONG_WAY_NEGATION_RE = re.compile(r"^(?:don'?t|do not|never|avoid)\b", re.IGNORECASE)


def wrong_way_label(line: str) -> bool:
    """Whether ``line``, alone, labels the example under it as the wrong way (see WRONG_WAY_LABEL_RE)."""
    if len(line) > 80:
        return False
    t = WRONG_WAY_STRIP_RE.sub("", re.sub(r"[*_`]", "", line))
    marked = WRONG_WAY_MARK_RE.search(t) is not None
    t = WRONG_WAY_STRIP_RE.sub("", WRONG_WAY_MARK_RE.sub("", t))
    if not t:
        return marked  # the mark alone: "❌"
    if not WRONG_WAY_LABEL_RE.match(t):
        return False
    if WRONG_WAY_NEGATION_RE.match(t):  # "Don't run this:", "Never use:": the verb is the one forbidden
        t = WRONG_WAY_NEGATION_RE.sub("", t)
        t = re.sub(r"^\s+(?:do|use|write|run|copy|try)\b", "", t, flags=re.IGNORECASE)
    return not WRONG_WAY_ORDER_RE.search(re.sub(r"^before\s*\(", "", t, flags=re.IGNORECASE))


# An example of what a review flags: a line that ends by introducing an example ("…, for example:", "e.g.:", "such as:")
# in a section whose heading says what it lists is flagged ("What to flag", "Red flags", "Anti-patterns", "Risky
# patterns to catch"). A section of steps ("Setup", "Install") is none, whatever its items say.
FLAG_HEADING_RE = re.compile(
    r"\b(?:what to (?:flag|look for|catch|watch for|watch out for|reject)|red flags?|warning signs?|anti-?patterns?"
    r"|(?:risky|insecure|dangerous|unsafe|suspicious) (?:patterns?|steps?|constructs?|code|commands?|practices?)"
    r"|(?:things|patterns?|issues?|risks?|findings?) to (?:flag|catch|look for|report)|what not to do|smells?)\b", re.IGNORECASE)
EXAMPLE_INTRO_RE = re.compile(r"(?:\bfor example|\bfor instance|\be\.g\.|\bsuch as|\blike this|\bexample)\s*:?\s*$",
                              re.IGNORECASE)


# ... a line that orders something ("Before flagging, set up the tool, for example:", "Run it first, e.g.:") is no such line
EXAMPLE_ORDER_RE = re.compile(
    r"^\s*(?:[-*+]|\d{1,3}[.)])?\s*(?:\*\*)?(?:run|execute|install|set up|setup|apply|use|add|paste|type|enter|first|now|then"
    r"|before|always|make sure|ensure|do)\b|\b(?:you (?:should|must|need|can)|please|then|first)\b|,\s*(?:run|execute|install"
    r"|set up|apply|use|add|paste|type|enter)\b", re.IGNORECASE)


def flagged_example(line: str, heading: str) -> bool:
    """Whether ``line`` introduces the block under it as an example of what its section (``heading``) flags."""
    return bool(heading) and EXAMPLE_INTRO_RE.search(line.rstrip()) is not None \
        and FLAG_HEADING_RE.search(heading) is not None and not EXAMPLE_ORDER_RE.search(line)


# A grant named as what is replaced or removed: "replacing `deploy ALL=(ALL) NOPASSWD: ALL` with `…`", "change the
# `ci ALL=(ALL) NOPASSWD: ALL` line to …", "remove `PermitRootLogin yes`". The grant is taken away. Only a grant's own
# value (NOPASSWD, ALL=(ALL), a login switched on), never a file or a place (replacing `/etc/sudoers` or the contents
# of authorized_keys writes them); not when the gap turns to adding, nor when what replaces it holds the same grant.
GRANT_VALUE_RE = re.compile(r"\bNOPASSWD\b|\bALL\s*=\s*\(\s*ALL|\b(?:PermitRootLogin|PasswordAuthentication|PermitEmptyPasswords)"
                            r"\s+yes\b", re.IGNORECASE)
BROAD_GRANT_RE = re.compile(r"\bNOPASSWD\s*:\s*ALL\b|\b(?:PermitRootLogin|PasswordAuthentication"
                            r"|PermitEmptyPasswords)\s+yes\b", re.IGNORECASE)
_REPLACE_VERB = r"replac(?:e|es|ed|ing)|swap(?:s|ped|ping)?|chang(?:e|es|ed|ing)|narrow(?:s|ed|ing)?|rewrit(?:e|es|ing)"
_REMOVE_VERB = r"remov(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|revok(?:e|es|ed|ing)|comment(?:s|ed|ing)?\s+out"
REPLACED_BEFORE_RE = re.compile(
    r"\b(?:(?P<rep>" + _REPLACE_VERB + r")|(?P<rem>" + _REMOVE_VERB + r"))\s+(?:(?:the|each|every|any|a|an|this|that|such|its"
    r"|their)\s+)?(?:(?:blanket|broad|old|existing|current|risky)\s+)?(?:(?:line|rule|entry|grant|setting)s?\s+)?"
    r"(?:(?!\b(?:and|then|add|adds|append|insert|put|grant|give|with|to|by|for)\b)(?:[^.;:!?\n]|[.:](?=\S))){0,100}$",
    re.IGNORECASE)
REPLACED_WITH_RE = re.compile(r"[^.;!?\n]{0,60}?\b(?:with|by|for|to|into)\b", re.IGNORECASE)


def replaced_away(before: str, matched: str, rest: str) -> bool:
    """Whether ``matched`` (a grant's value; ``before``: its sentence up to it; ``rest``: the sentence after it) is
    the object of replacing or removing it, so that the grant is taken away."""
    if GRANT_VALUE_RE.search(matched) is None:
        return False
    m = REPLACED_BEFORE_RE.search(before[-200:])
    if m is None:
        return False
    if m.group("rem"):
        return True
    w = REPLACED_WITH_RE.match(rest)
    if w is None:
        return False
    return BROAD_GRANT_RE.search(rest[w.end():]) is None  # (what replaces it narrows it: no blanket grant again)


# A credential store asked only for its profile names: "list profiles from ~/.aws/config and ~/.aws/credentials",
# "show the configured profile names in `~/.aws/credentials`". The verb's object is the profiles (section headers),
# not what they hold; any word of a secret up to the clause's end ("… and their keys", "with every token") keeps it.
PROFILE_NAMES_RE = re.compile(
    r"(?:list|lists|listing|show|shows|showing|print|prints|display|displays|enumerate|enumerates|read|reads)\s+"
    r"(?:(?:the|all|every|its|their|your|each)\s+)?(?:(?:aws|named|configured|available|cli|sso|defined|existing)\s+){0,2}"
    r"(?:profile|section)s?(?:\s+(?:names?|headers?))?\s+(?:\(?names?\s+only\)?\s+)?(?:from|in|of|defined in|listed in)\s",
    re.IGNORECASE)
SECRET_WORD_RE = re.compile(r"\b(?:secrets?|keys?|tokens?|passwords?|passwd|contents?|values?|session|cookies?)\b",
                            re.IGNORECASE)


def profile_names_only(matched: str, rest: str) -> bool:
    """Whether a credential-store read (``matched``, from its read verb to the store's path; ``rest``: its sentence
    after it) asks only for the store's profile names, no secret named up to the clause's end."""
    m = PROFILE_NAMES_RE.match(matched)
    if m is None:
        return False
    clause = re.split(r"[,;:]|\s[-\u2013\u2014]\s", rest, maxsplit=1)[0]
    return SECRET_WORD_RE.search(matched, m.end()) is None and SECRET_WORD_RE.search(clause) is None


# A command suggested to the user, whose choice decides: "then suggest `shred -u ~/.ssh/id_rsa`", "recommend `rm -rf
# ~/old` to the user". The command is the verb's direct object (an opening quote between at most); the rest of the
# sentence must not turn it into the agent's act ("…, then run it for them", "and execute it").
SUGGESTED_BEFORE_RE = re.compile(
    r"\b(?:suggest|suggests|suggesting|recommend|recommends|recommending|propose|proposes|proposing)\s+"
    r"(?:(?:to\s+)?(?:the\s+user|them|the\s+reader)\s+)?(?:running\s+)?[`'\"]?$", re.IGNORECASE)
SUGGESTED_TURN_RE = re.compile(r"\b(?:run|runs|running|execute|executes|executing|exec|then|yourself|for\s+(?:them|the\s+user)"
                               r"|without|immediately|now|automatically|go ahead)\b", re.IGNORECASE)


def suggested_to_user(before: str, rest: str) -> bool:
    """Whether a match (``before``: its sentence up to it; ``rest``: the sentence after it) is a command suggested to
    the user, not one the agent is told to run."""
    return SUGGESTED_BEFORE_RE.search(before[-120:]) is not None and SUGGESTED_TURN_RE.search(rest) is None
