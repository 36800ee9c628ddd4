"""The layout of an e-mail or FM ticket, told apart from what its writer says (issue 22, round 14 mail14).

People paste whole messages: a ticket header ("Ticket #4411 | Prio: high | Status: open"), a greeting, the request,
thanks, a signature block (name, role, company, "Tel. +49 40 1234-567", an address), "Sent from my iPhone", a
quoted earlier mail ("On Tue, 3 Mar 2026, Ben wrote:" and "> ..." lines, "-----Original Message-----" with its
From/Sent/To lines). Round 11 (``message_sentences``) reads a message by its sentences and sets a context sentence
aside only when it restricts nothing asked; the LAYOUT is no sentence: read as words, "Prio", "Reporter", a phone
number or "iPhone" decline the request, and a quote marker glues an earlier mail's sentence to the reply.

:func:`blank` blanks (with spaces, newlines kept, so every character of the request keeps its position) only what
is layout by its FORM, never a sentence someone wrote:

- quote markers ("> ") and the line that introduces a quote ("On ... wrote:", "Am ... schrieb ...:"); the quoted
  sentences stay, read as context (a quoted "we only need the external ones" still restricts or declines);
- the separator of an earlier or forwarded mail and the header fields under it (From:, Sent:, To:, Subject:);
- ticket and mail header fields whose value never says what is asked (Prio, Status, Reporter, Assigned to,
  Created, Tel., E-mail ...: ``data/mail_layout.json``), a ticket's id ("Ticket #4411", "[FM-2207]", "WO-1183");
- a field's label whose value is the request ("Details: ...", "Request: ..."); a place field ("Location: Level 2",
  "Ort: EG") is left whole, and so is a header line holding one after another field: round 13's
  ``message_antecedents`` reads it, and a storey the model lacks there declines ("Location: 4thFloor");
- lines a mail client adds ("Sent from my iPhone", "Get Outlook for Android", "Von meinem iPhone gesendet"),
  contact lines (a phone number, an e-mail address, a web address), the signature after "-- " and the name block
  after a closing line ("Kind regards,\\nBrigitte Sommer\\nFacility Management"): short lines without a question,
  a request or a restricting word.

:func:`plans_only` tells a statement of what is planned that has the form of a request ("We want to repaint the
stairwell in May.", "I'd like to get the glazier in before winter.", "Wir möchten die Fassade streichen lassen.")
from a request ("I want to know ...", "I'd like to see ...", "Wir möchten wissen ..."): the verb after the asker's
want says which. ``message_sentences`` reads the former as context, judged like every context.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources

from ifcqa.spatial import mail_context


@dataclass(frozen=True)
class _Words:
    device: tuple[str, ...]
    quote_intro: tuple[re.Pattern[str], ...]
    separators: tuple[re.Pattern[str], ...]
    header: re.Pattern[str]
    label: re.Pattern[str]
    place: re.Pattern[str]
    ask_verbs: frozenset[str]
    ask_verbs_de: frozenset[str]


def _keys(words: list[str]) -> str:
    return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(words, key=len, reverse=True))


@functools.cache
def _words() -> _Words:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/mail_layout.json").read_text("utf-8"))
    field = r"^(?P<key>{})\.?\s*[:=]\s*"
    return _Words(
        tuple(raw["device"]),
        tuple(re.compile(p, re.I) for p in raw["quote_intro"]),
        tuple(re.compile(p, re.I) for p in raw["separators"]),
        re.compile(field.format(_keys(raw["header_keys"])), re.I),
        re.compile(field.format(_keys(raw["labels"])), re.I),
        re.compile(field.format(_keys(raw["place_keys"])), re.I),
        frozenset(raw["ask_verbs"]), frozenset(raw["ask_verbs_de"]))


# a ticket's id: "Ticket #4411", "[FM-2207]", "Work order WO-1183", "TICKET 77812", "Service request SR-90321"
_TICKET_ID = re.compile(r"^\s*(?:\[[A-Z][\w-]*\d[\w-]*\]|(?:helpdesk|help\s+desk|service\s*desk|cafm|"
                        r"fm\s+(?:request|ticket))(?=\s*$)|(?:(?:fm|helpdesk|service|support|maintenance)\s+)?"
                        r"(?:ticket|work\s+order|job|service\s+request|request|case|incident|wo|sr)\s*(?:#|no\.?|nr\.?)?"
                        r"\s*[A-Z]*-?\d[\w-]*)(?:\s*\((?:created|opened|erstellt)[^)]*\))?", re.I)
# the parts of a header line: "Ticket #4411 | Prio: high | Status: open", "Category: x / Priority: 2 / Opened: ..."
_OPENED_BY = re.compile(r"(?:opened|raised|reported|created|requested|submitted|logged)\s+by\s+[^|/.?]{1,40}$", re.I)
_FIELD_SEP = re.compile(r"\s+[|/\u2013-]\s+|\s*\|\s*")  # (a spaced dash is kept: it still breaks the clause)
# a ticket's title after its id, up to the sentence's end, asking nothing: " - replace broken handles."
_TITLE_TEXT = re.compile(r"\s*[-\u2013:]\s*(?P<text>[^?\n|]*?[^\W\d_][^?\n|]*?)(?:[.!](?=\s|$)|$)")
_CONTACT = re.compile(r"^\s*(?:(?:tel|phone|mob|mobile|fax|m|t|f)\.?\s*:?\s*)?\+?[\d()][\d\s()/.-]{5,}\d\s*$"
                      r"|^\s*\S+@\S+\.\w+\s*$|^\s*(?:https?://|www\.)\S+\s*$", re.I)
_SIGNATURE_SEP = re.compile(r"^--\s?$")
# a closing line: "Kind regards,", "Thanks a lot!", "Cheers, Anja", "Yours faithfully, R. Lindqvist", "Viele Grüße"
_CLOSING = re.compile(r"^\s*(?:(?:many|big|huge)\s+)?(?:thanks|thank\s+you|thx|ty|cheers|ta|best|regards|"
                      r"(?:kind|best|warm|warmest|many)\s+(?:regards|wishes|thanks)|yours(?:\s+(?:sincerely|faithfully|"
                      r"truly))?|sincerely|br|danke|vielen\s+dank|(?:viele|liebe|beste|herzliche|freundliche)\s+grüße|"
                      r"mit\s+freundlichen\s+grüßen|gruß|grüße|lg|vg|mfg)\b(?:\s+(?:a\s+lot|in\s+advance|so\s+much|"
                      r"again|und\s+gruß))?\s*[,.!]*(?P<rest>.*)$", re.I)
# what a name block never holds: a question, a request, a restriction
_NOT_SIGNATURE = re.compile(r"\?|\b(?:please|pls|bitte|also|only|just|not|except|without|nur|nicht|ohne|kein\w*|"
                            r"außer|ausser|ps|p\.s)\b|n't\b", re.I)
_QUOTE = re.compile(r"^(\s*>[\s>]*)")


def blank(question: str) -> tuple[str, list[str]]:
    """``question`` with its layout blanked, and what was blanked (empty when the message has none)."""
    if "\n" not in question and not _FIELD_SEP.search(question):
        return question, []
    if (ps := mail_context.ps_at(question)) is not None:  # round 15: a "PS:" line, read apart from the name block
        return mail_context.blank_with_ps(blank, question, ps)
    w = _words()
    lines = question.split("\n")
    out = list(lines)
    said: list[str] = []
    after_separator = in_quote = asked_above = auto_reply = False
    closed_at: int | None = None
    for i, line in enumerate(lines):
        text = line.strip()
        low = text.casefold()
        if not text:
            auto_reply = False
            continue
        quote = _QUOTE.match(line)
        if quote is not None and "?" in line:  # "> When does the painter start?": asked before, not now
            out[i] = _spaces(line)
            said.append(repr(text))
            continue
        if quote is not None:  # "> the drawings are uploaded": the marker only, the sentence stays as context
            out[i] = " " * quote.end() + line[quote.end():]
            said.append("a quote marker")
            line, text = out[i], out[i].strip()
            low = text.casefold()
            if not text:
                continue
        elif in_quote:
            in_quote = False
        if after_separator and mail_context.earlier_asked(text, asked_above):  # round 15: asked in an earlier mail
            out[i] = _spaces(line)
            said.append(repr(text))
            continue
        if any(p.search(low) for p in w.separators):
            asked_above = asked_above or not after_separator and any("?" in x for x in out[:i])
            out[i], after_separator = _spaces(line), True
            said.append(repr(text))
            continue
        if any(p.match(low) for p in w.quote_intro) and not re.search(r"\?", text):
            out[i], in_quote = _spaces(line), True
            said.append(repr(text))
            continue
        if auto_reply or mail_context.AUTO_REPLY.match(text):  # round 15: an out-of-office reply, its paragraph
            out[i], auto_reply = _spaces(line), True
            said.append(repr(text))
            continue
        if (n := mail_context.whereabouts(text)) > 0:  # round 15: "I'm on leave until the 28th."
            k = line.index(text[:1]) + n
            out[i] = " " * k + line[k:]
            said.append(repr(text[:n].strip()))
            line, text = out[i], out[i].strip()
            low = text.casefold()
            if not text:
                continue
        if any(low.startswith(d) for d in w.device) or _CONTACT.match(text) or mail_context.POINTER.match(text):
            out[i] = _spaces(line)
            said.append(repr(text))
            continue
        if _SIGNATURE_SEP.match(line):
            rest = lines[i + 1:]
            if not any("?" in r for r in rest):
                for j in range(i, len(lines)):
                    out[j] = _spaces(lines[j])
                said.append("the signature after '--'")
                break
        if after_separator and (w.header.match(text) or re.match(r"(?:subject|betreff)\s*:", low)):
            out[i] = _spaces(line)
            continue
        fields = _fields(line, w)
        if fields is not None:
            out[i], fields_said = fields
            said.extend(fields_said)
            continue
        closing = _CLOSING.match(text)
        if closing is not None and len(closing["rest"].split()) <= 4 and not _NOT_SIGNATURE.search(text) and \
                not re.search(r"\d", closing["rest"]):
            closed_at = i
            out[i] = _spaces(line)
            said.append(repr(text))
            continue
        if closed_at is not None and _name_block(lines[i:]):
            for j in range(i, len(lines)):
                out[j] = _spaces(lines[j])
            said.append("the name block after " + repr(lines[closed_at].strip()))
            break
    blanked = "\n".join(out)
    if not said or not re.search(r"[^\W\d_]", blanked):
        return question, []
    return blanked, said


def _spaces(text: str) -> str:
    return " " * len(text)


def _name_block(lines: list[str]) -> bool:
    """Whether the lines after a closing line are a name block: at most six short lines, nothing asked or restricted."""
    filled = [t.strip() for t in lines if t.strip()]
    return 0 < len(filled) <= 6 and all(len(t.split()) <= 8 and not _NOT_SIGNATURE.search(t) for t in filled)


def _fields(line: str, w: _Words) -> tuple[str, list[str]] | None:
    """A header line with its fields blanked ("Ticket #4411 | Prio: high"), labels blanked and a place field's
    value kept ("Location: Level 2"); None when the line holds no field."""
    parts: list[tuple[int, int]] = []
    at = 0
    for sep in _FIELD_SEP.finditer(line):
        parts.append((at, sep.start()))
        at = sep.end()
    parts.append((at, len(line)))
    out = list(line)
    said: list[str] = []
    found = False
    # a line with a place field stays whole ("Ticket #4411 - Location: 4thFloor - Issue: ..."): round 13's
    # message_antecedents reads it, and declines naming a storey the model lacks
    if len(parts) > 1 and any(w.place.match(line[a:b].strip()) for a, b in parts):  # round 15: other fields blanked
        return mail_context.place_line(line, parts, w.header, lambda s: bool(_TICKET_ID.fullmatch(s)))
    # a ticket's title stays whole ("Ticket #4711 - replace broken handles."): message_sentences reads the line as
    # the title it is (context); blanking the id alone would leave its text read as a request ("replace ...")
    ticket = _TICKET_ID.match(line)
    title = _TITLE_TEXT.match(line, ticket.end()) if ticket is not None else None
    if title is not None and not any(p.match(title["text"]) for p in (w.header, w.label, w.place, _OPENED_BY)):
        return None
    for a, b in parts:
        part = line[a:b]
        lead = len(part) - len(part.lstrip())
        body = part.strip()
        ticket = _TICKET_ID.match(body)
        if ticket is not None and (ticket.end() == len(body) or body[ticket.end():ticket.end() + 1] in " :-|,"):
            found = True
            cut = a + lead + ticket.end()
            rest = re.match(r"\s*(?:[:\-\u2013|,]\s*)?", line[cut:b])
            end = cut + (rest.end() if rest is not None else 0)
            out[a:end] = " " * (end - a)
            said.append(repr(ticket.group(0).strip()))
            by = _OPENED_BY.match(line, end, b)  # "Helpdesk ticket 5530 - opened by reception": who, not what
            if by is not None:
                out[end:by.end()] = " " * (by.end() - end)
                said.append(repr(by.group(0).strip()))
                end = by.end()
            body = line[end:b].strip()
            lead = end - a + (len(line[end:b]) - len(line[end:b].lstrip()))
            if not body:
                continue
        if mail_context.id_field(body) or _OPENED_BY.fullmatch(body):  # round 15: "Ticket-Nr. 20331", "[P2]"
            found = True
            out[a + lead:a + lead + len(body)] = " " * len(body)
            said.append(repr(body))
            continue
        for pattern, whole in ((w.header, True), (w.label, False), (w.place, False)):
            m = pattern.match(body)
            if m is None:
                continue
            found = True
            start = a + lead
            end = b if whole else start + m.end()
            if pattern is w.place:  # "Location: Level 2" on its own line stays whole: message_antecedents reads it
                break
            out[start:end] = " " * (end - start)
            said.append(repr(body) if whole else repr(m.group(0).strip()))
            break
    if not found:
        return None
    if len(parts) > 1:  # the separators of the fields
        for a, _ in parts[1:]:
            k = a - 1
            while k >= 0 and line[k] in " |/" and "-" not in line[k - 1:a] and "\u2013" not in line[k - 1:a]:
                out[k] = " "
                k -= 1
    return "".join(out), said


# a mail's leading reference before the request, up to its comma: "following our call this morning, which ...",
# "as discussed in yesterday's jour fixe, list ...", "wie besprochen, welche ..." (message_sentences splits there)
LEAD_CLAUSE = re.compile(
    r"^(?:(?:hi|hello|hey|hallo|dear\s+\w+|good\s+(?:morning|afternoon|evening))\s*[,!]?\s*)?"
    r"(?:following|further\s+to|as\s+(?:discussed|agreed|mentioned|requested|promised|per\s+our)|regarding|concerning|"
    r"with\s+(?:regard|reference)\s+to|in\s+reference\s+to|re(?=\s)|in\s+addition\s+to|after\s+(?:our|your|the)|"
    r"bezugnehmend\s+auf|bezüglich|wie\s+(?:besprochen|vereinbart|telefonisch\s+besprochen)|nach\s+unserem|"
    r"zu\s+unserem|im\s+nachgang)\b[^?,;:]{0,120},\s+"
    r"(?=(?:how|which|what|where|is|are|do|does|can|could|would|please|kindly|list|show|give|send|pull|tell|count|"
    r"i|we|wie|welche\w*|wo|gibt|können|könnten|bitte|zeige\w*|nenne\w*)\b|[^?\n]{2,120}\?\s*$)", re.I)
# the asker's want with the verb that says what for: "We want to repaint ...", "I'd like to get the glazier in"
_WANT_TO = re.compile(r"^\s*(?:(?:hi|hello|hey|so|ok|okay|also|and)\b[\w\s]{0,20}?[,!]\s*)?(?:i|we)(?:'d|'ll|\s+would|"
                      r"\s+will|\s+also|\s+really|\s+just)?\s+(?:want|like|need|have|plan|intend|hope|wish)\s+to\s+"
                      r"(?P<verb>[a-z][\w-]*)", re.I)
# "get" / "have" ask when what follows is information: "I'd like to get a list of ...", never "get the glazier in"
_GET_INFO = re.compile(r"(?:get|have|receive|obtain)\s+(?:a\s+|an\s+|the\s+|some\s+)?(?:quick\s+|full\s+|rough\s+)?"
                       r"(?:list|count|number|numbers|overview|total|figures?|breakdown|info\w*|details|answer|idea)\b",
                       re.I)
# German: modal verb and its infinitive at the end: "wir möchten im Frühjahr die Fassade streichen lassen."
_WANT_DE = re.compile(r"^\s*(?:(?:hallo|hi|guten\s+tag|moin)\b[^,!]{0,30}[,!]\s*)?"
                      r"(?:(?:ich|wir)\s+(?:möchte|möchten|will|wollen|muss|müssen|werde|werden|planen|plane)|(?:möchte|möchten|wollen|müssen)\s+(?:ich|wir))"
                      r"\b(?P<middle>[^?]*?)\s(?P<verb>[a-zäöüß]+?)(?:\s+lassen)?\s*[.!]?\s*$", re.I)


def place_label(text: str) -> bool:
    """Whether ``text`` is only a place field's label ("Room", "Location:", "Geschoss"), split off its value."""
    return _words().place.match(text.strip().rstrip(":") + ":") is not None and ":" not in text.strip().rstrip(":")


def plans_only(text: str) -> bool:
    """Whether a sentence of a request's form says what is planned, not what is asked ("We want to repaint the
    stairwell.", "Wir möchten die Fenster tauschen lassen."): no '?' and a verb that asks for nothing."""
    if "?" in text:
        return False
    w = _words()
    m = _WANT_TO.match(text)
    if m is not None:
        return m["verb"].casefold() not in w.ask_verbs and not _GET_INFO.match(text, m.start("verb"))
    m = _WANT_DE.match(text)
    if m is not None and m["middle"].strip() and m["verb"][:1].islower() and m["verb"].endswith(("en", "ern", "eln")):
        verb = m["verb"].casefold()  # (an infinitive: a German noun is capitalised, "eine Liste aller Türen im EG")
        return verb not in w.ask_verbs_de and not re.search(r"\b(?:wissen|erfahren|sehen|haben)\b", m["middle"], re.I)
    return False
