"""What a mail or FM ticket says around its request, read by its form (issue 22, round 15 mail15).

Round 14's ``mail_layout`` blanks a mail's layout and round 11's ``message_sentences`` sets aside context that
restricts nothing asked. Real mails and tickets (``bench/spatial/mail_more.py``) still failed in four ways, each a
FORM, never a word of one mail:

- **a header line holding a place field among other fields** ("Ticket #5120 | Location: 2.OG | Prio: normal",
  "Etage: Level 1 / Kategorie: Inspektion / Nr. 7781") was left whole, so "Prio", "normal", "Nr" were read as
  words and the request declined. :func:`place_line` blanks the fields that never say what is asked (a ticket id,
  a header field such as Prio or Status, ``mail_layout.json``) and keeps the place field whole, label and value,
  for ``message_antecedents`` and the sentence reader (a storey narrows the request, a place the model lacks
  declines: round 13's "Ticket #4411 - Location: 4thFloor - ...");
- **a place field naming what the model does not hold** ("Location: Building C", "Ort: Bauteil B, Nordflügel") was
  set aside as context when the request named its own storey, and the request was answered for the whole storey
  (a confident wrong answer: the ticket is about a part the model does not name). :func:`unground_place_field`
  keeps such a unit, so the answer declines naming its words;
- **a sentence of its own naming another storey** than the request's ("The painters are on 2. Obergeschoss all
  week. Staircase on 1. Obergeschoss?", "We had a leak on Level 2 last night.") was never set aside (round 8's
  rule for a clause fused to the question, "Before the inspection of the Dachgeschoss: which windows are on the
  Erdgeschoss?", which stays). :func:`other_storey_said` allows it when the unit is a sentence of its own (ended by
  '.', '!' or a line break, never by ':' or a dash), restricts nothing, and the request names its own storeys,
  its own subject and points back at nothing;
- **a forwarded or replied chain**: the earlier mails after "---- Original message ----" or a forward header hold
  questions asked before ("When is the snagging walk?"), read as a second request. :func:`earlier_asked` says
  that a line after such a separator asks something earlier, once a request stands above the separator (it is
  blanked as ``mail_layout`` blanks a quoted "> When does the painter start?"). A "PS:" / "P.S." label is blanked
  (:data:`PS`), its sentence read as any other; a name block ends before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# a ticket's id as a whole field: "Ticket-Nr. 20331", "Nr. 7781", "SR#88213", "Meldung 4471", "Auftrag Nr. 5512",
# "Incident INC0042117", "[P2] [Open]" (bracketed tags of a ticket system)
_ID_FIELD = re.compile(r"^\s*(?:(?:(?:ticket|meldung|störungsmeldung|auftrag|vorgang|incident|case|request|req|ref|"
                       r"job|sr|wo|inc)[-\s]*(?:nr\.?|no\.?|#|nummer)?\s*|(?:nr|no|nummer)\.?\s*|#\s*)"
                       r"[A-Z]*-?\d[\w-]*|(?:\[[^\]\n]{1,12}\]\s*)+)\s*$", re.I)
# a "PS:" label before what the writer adds: "PS: ...", "P.S. ...", "PPS:", "P.S.:"
PS = re.compile(r"^\s*p\.?\s?p?\.?\s?s\.?\s*:?\s+(?=\S)", re.I)
# a second request said as a statement: "Plus I'd need the walls on attic.", "Also the doors on Level 2, please."
_ASKS_MORE = re.compile(r"\b(?:i|we)(?:'d|\s+would|\s+also|\s+will)?\s+(?:need|want|like|require)\b|\b(?:please|pls|"
                        r"bitte|also|plus|as\s+well|too|auch|außerdem|ausserdem)\b|\b(?:can|could|would)\s+you\b", re.I)


def id_field(text: str) -> bool:
    """Whether ``text`` is a ticket's id and nothing else ("Ticket-Nr. 20331", "SR#88213 [P2] [Open]", "INC0012345";
    never a room's number such as "R301" or "A205": letters and digits alone need five digits)."""
    return bool(_ID_FIELD.match(text)) or bool(re.fullmatch(
        r"\s*(?:[A-Z]{1,5}[#-]\d{3,}|[A-Z]{2,5}\d{5,})\s*(?:\[[^\]\n]{1,12}\]\s*)*", text))


def place_line(line: str, parts: list[tuple[int, int]], header: re.Pattern[str],
               ticket: Callable[[str], bool]) -> tuple[str, list[str]] | None:
    """A header line holding a place field among other fields, with the fields that never say what is asked blanked
    (a ticket id, a header field such as Prio or Status) and everything else kept (the place field whole, a label's
    text, a spaced dash that breaks the clause); None when nothing is blanked."""
    out = list(line)
    said: list[str] = []
    for k, (a, b) in enumerate(parts):
        body = line[a:b].strip()
        if not body or not (header.match(body) or ticket(body) or id_field(body)):
            continue
        dash_after = k + 1 < len(parts) and re.search(r"[-\u2013]", line[b:parts[k + 1][0]]) is not None
        if k == 0 and dash_after and not header.match(body):
            continue  # "Ticket #4411 - Location: Level 1 - Issue: ...": a ticket's title line, read whole (round 13)
        said.append(repr(body))
        start, end = a, b
        # the separator joining the field to its neighbour ('|' or '/'; a spaced dash is kept: it breaks the clause)
        if k + 1 < len(parts) and not re.search(r"[-\u2013]", line[b:parts[k + 1][0]]):
            end = parts[k + 1][0]
        elif k > 0 and not re.search(r"[-\u2013]", line[parts[k - 1][1]:a]):
            start = parts[k - 1][1]
        out[start:end] = " " * (end - start)
    if not said:
        return None
    return "".join(out), said


def unground_place_field(question: str, start: int, end: int, places: bool) -> bool:
    """Whether a context unit is a place field's value or holds one ("Location: Building C", "Ort: Bauteil B,
    Nordflügel") that the model does not name as a storey or room (``places``: what the unit names, parsed alone):
    the ticket is about a part of the building the model does not hold, so the unit is never set aside."""
    from ifcqa.spatial import mail_layout  # (mail_layout calls this module)

    if places:
        return False
    place_key = mail_layout._words().place
    line_start = question.rfind("\n", 0, start) + 1
    line_end = question.find("\n", end)
    line = question[line_start:line_end if line_end >= 0 else len(question)]
    at = 0
    for sep in [*re.finditer(r"\s*\|\s*|\s+[/\u2013-]\s+", line), None]:
        a, b = line_start + at, line_start + (sep.start() if sep is not None else len(line))
        if a < end and start < b and place_key.match(line[at:b - line_start].strip()) is not None:
            return True
        if sep is not None:
            at = sep.end()
    return False


def other_storey_said(question: str, start: int, end: int, own_subject: bool, points_back: bool) -> bool:
    """Whether a context unit naming another storey than the request is a sentence of its own (ended by '.', '!'
    or a line break, never fused to the request by ':' or a dash), before or after a request that names its own
    subject and storeys and points back at nothing: what happens on another floor, not what is asked."""
    text = question[start:end].rstrip()
    if not own_subject or points_back or _ASKS_MORE.search(text):
        return False
    after = question[end:]
    ended = text.endswith((".", "!")) or re.match(r"[ \t]*(?:\n|$)", after) is not None
    return ended and not re.match(r"\s*[:\u2013\u2014-]", after)


def earlier_asked(line: str, asked_above: bool) -> bool:
    """Whether a line after the separator of an earlier or forwarded mail asks what was asked before ("When is the
    snagging walk?"), once a request stands above the separator."""
    return asked_above and "?" in line


# a line that only points at the forwarded or quoted mail below: "See below, can you help?", "Please see below.",
# "FYI, see the tenant's question below", "siehe unten"
POINTER = re.compile(r"^\s*(?:(?:fyi|hi|hello|hallo)\s*[,:!-]?\s*)?(?:please\s+|bitte\s+)?(?:see|siehe|s\.|read)\s+"
                     r"(?:the\s+[\w'\s]{0,30}?\s*)?(?:below|unten|underneath)\b(?:\s*[,.!:;-]*\s*(?:(?:can|could)\s+"
                     r"you\s+(?:help|answer|check|take\s+a\s+look)(?:\s+(?:with\s+)?(?:this|it))?|thanks?|thx|danke)"
                     r")?\s*[?.!]*\s*$", re.I)


def ps_at(question: str) -> int | None:
    """Where the first "PS:" line of a message starts (never its first line), or None."""
    at = 0
    for i, line in enumerate(question.split("\n")):
        if i > 0 and PS.match(line):
            return at
        at += len(line) + 1
    return None


def blank_with_ps(blank: Callable[[str], tuple[str, list[str]]], question: str,
                  at: int) -> tuple[str, list[str]]:
    """``blank`` applied to the message before its "PS:" line and to the PS part apart (a name block ends before
    the PS), the "PS:" label blanked: what follows it is read as any other sentence."""
    head, said = blank(question[:at])
    tail = question[at:]
    m = PS.match(tail)
    assert m is not None
    n = whereabouts(tail[m.end():])  # "P.S. I'll be in the office from 8 tomorrow."
    rest, more = blank(" " * (m.end() + n) + tail[m.end() + n:])
    return head + rest, [*said, repr(m.group(0).strip()), *([repr(tail[m.end():m.end() + n])] if n else []), *more]


# an out-of-office reply pasted along: its first line, and the lines of its paragraph after it
AUTO_REPLY = re.compile(r"^\s*(?:automatic\s+reply|auto-?reply|autoreply|out\s+of\s+(?:the\s+)?office(?:\s+reply)?|"
                        r"abwesenheitsnotiz|automatische\s+antwort|abwesend)\b[^?]*$", re.I)
# the writer's or a colleague's whereabouts, a sentence at a line's start: "I'm on leave from tomorrow until the
# 28th, Jonas covers for me.", "I'll be in the office from 8 tomorrow.", "Ich bin bis Freitag im Urlaub."
_WHEREABOUTS = re.compile(r"^\s*(?:i'm|i\s+am|i'll\s+be|i\s+will\s+be|i\s+was|we're|we\s+are|we'll\s+be|ich\s+bin|"
                          r"wir\s+sind|ich\s+werde)\s+(?:currently\s+|now\s+|still\s+)?(?:on\s+(?:annual\s+|parental\s+|"
                          r"sick\s+)?(?:leave|holidays?|vacation)|out\s+of\s+(?:the\s+)?office|away|off\s+sick|"
                          r"in\s+the\s+office|back\s+in\s+the\s+office|abwesend|im\s+urlaub|nicht\s+im\s+büro|"
                          r"im\s+büro)\b[^?.!]*(?:[.!]+|$)", re.I)


def whereabouts(text: str) -> int:
    """How many characters at the start of a line say where the writer is, not what is asked ("I'm on leave until
    the 28th, Jonas covers for me."): 0 when none (a restricting word keeps it)."""
    m = _WHEREABOUTS.match(text)
    if m is None or re.search(r"\b(?:only|just|not|except|nur|nicht\s+(?!im\s+büro))\b", m.group(0), re.I):
        return 0
    return m.end()


# a ticket's title field: its value says what the ticket is about, never where ("Summary: annual inspection prep",
# "Short description: survey data request", "Kategorie: Inspektion")
_TITLE_FIELD = re.compile(r"\s*(?:summary|short\s+description|subject|betreff|kurzbeschreibung|kurztext|category|"
                          r"kategorie)\s*:", re.I)


def title_field(question: str, start: int) -> bool:
    """Whether the unit at ``start`` stands in a ticket's title field ("Summary: annual inspection prep", "... /
    Kategorie: Inspektion / ..."): a bare noun there is the ticket's topic, not a place asked (round 11's "sauna:
    which windows?")."""
    at = question.rfind("\n", 0, start) + 1
    fields = [m.end() for m in re.finditer(r"\s*\|\s*|\s+[/\u2013-]\s+", question[at:start])]
    return _TITLE_FIELD.match(question, at + (fields[-1] if fields else 0)) is not None
