"""A message read as a DOCUMENT OF FIELDS whose request is one field (issue 22, round 22 form22).

People paste what they are filling in: a form with filled fields and one blank ("Number of walls on this storey:
____ (please fill from the model)", "Anzahl Pumpen: ___ (bitte aus dem Modell)", "Quantity: = number of valves ...
(please fill in)"), a support ticket or RFI ("Question: ...", "Status: awaiting response", "Cc: ... (no action
needed)"), a calendar invite (When / Where / Attendees / Agenda / Prep), a punch list of ``|`` rows with a "Q on #07:"
line, a checklist of ticked and unticked items. Read as prose, every field fires the parser's triggers: a refusal on
"Budget code", a relation across two fields, the unread words of a signature as "not understood"; and the field that
names the storey or room ("Storey: Dachgeschoss", "Levels in scope: Level 2, Roof", "Room: Kitchen") is not bound to
the pointer of the request ("this storey", "those levels", "that room").

The mechanism (:func:`read`), on the lines split into FIELDS (``label: value``, a table row split on ``|``, a
checklist item ``[ ]``/``[x]``, a free line); every form word is data (``data/form_fields.json``):

1. **a document**: at least three lines, at least two of them fields/rows/items and at least half of all lines, and
   a mark of a form (a blank, a checklist item, a row of three cells, a "Q:" field, a who/when/status/scope label).
   Prose (mail chains, stories) and chats (speaker labels only) are left to the other readings.
2. **the request** is the ONE field that asks, by form, in this order: a blank to fill ("____", "(please fill from
   the model)", "<- from the model please"; a blank labelled by who/when/signature is the human's), a "Q:" /
   "Question:" / "Q on #07:" field, the one unticked checklist item, the sentence with "?" inside a field ("Text:",
   "Description:"), a free line asking about a row ("For E-12 ..."), a task in a field ("Prep: count ...",
   "Agenda: ... - please find out which of those two it is"). Two fields asking at the same rank: no reading. A
   blank's request is the value before the blank ("= number of valves ...") or else its label; "list them" stands for
   the subject of its clause; "find out which of those two it is" for the free relative it points at ("whichever
   has more windows, A or B" -> "which has more windows, A or B?"); a request word that is another field's label
   ("how many doors remain?" beside "Remaining: all doors that are not on that storey") takes that field as its
   definition.
3. **scope fields ARE the question**: a pointer of the request ("this storey", "those two rooms", "those levels")
   is bound to the storey or room names of, in order, the row the request refers to, the scope fields ("Storey:",
   "Room:", "Levels in scope:", "Scope:"), the text before it in its own field, the lines before it; names in a
   parenthetical count only when there are none outside ("GroundFloor and 1stFloor (attic not accessible)"). The
   number must fit (one for "this storey", two for "those two"), else no reading. A request with no place of its
   own takes the scope field's place; a place field whose value the model cannot ground ("Zone: north wing") or an
   exclusion ("Level 1: excluded") that contradicts the bound places leaves the message to decline.
4. **context fields** (who, when, status, budget, signatures, prices and colours of other things) are set aside only
   when they cannot restrict what is asked: they name no storey or room other than ones disjoint from the bound
   places, no qualifier or bound, no restricting word about the asked things ("only", "not", "except" with the
   request's class or a pointer to it), and, outside the who/when labels, no word of the model's own storey, space,
   type or property names. A finished item (ticked, a row "done"/"closed") is context. "context set aside" in the
   plan's notes says what was not read.
5. the request so read is the message the rules answer; a refusal is given only when the request field asks it (a
   price in "Budget code:" is not read at all).

Called from one place: ``SpatialQA._compute``, only when the whole message declines and neither round 20's reading
(message_units) nor round 21's (request_decides) answered it: a message they answer is never read again here.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial.request_decides import Reading
from ifcqa.spatial.restricting import RESTRICTS

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

ENABLED = True  # a switch for tests and for bisecting


@functools.cache
def _words() -> dict[str, Any]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/form_fields.json").read_text("utf-8"))
    return {k: re.compile(v, re.I) for k, v in raw.items() if not k.startswith("_")}


def _restricting() -> re.Pattern[str]:
    return RESTRICTS  # one list for every reader (restricting.py)


@dataclass
class Field:
    """One line of the document: its label and value (a row: its first cell and the rest), its kind."""

    line: int
    text: str
    label: str
    value: str
    kind: str  # "field", "row", "check", "text"
    cells: tuple[str, ...] = ()
    ticked: bool = False

    def done(self) -> bool:
        return self.ticked or (self.kind == "row" and bool(_words()["done"].search(self.cells[-1])))


def fields(message: str) -> list[Field]:
    w = _words()
    out: list[Field] = []
    for i, line in enumerate(message.split("\n")):
        s = line.strip()
        if not s:
            continue
        m = w["check"].match(s)
        if m is not None:
            body = m.group("text")
            f = w["field"].match(body)
            out.append(Field(i, s, f.group("label").strip() if f else "", f.group("value").strip() if f else body,
                             "check", ticked=bool(m.group("tick").strip())))
            continue
        if "|" in s:
            cells = tuple(c.strip() for c in s.split("|") if c.strip())
            if len(cells) >= 2:
                out.append(Field(i, s, cells[0], " | ".join(cells[1:]), "row", cells))
                continue
        f = w["field"].match(s)
        if f is not None:
            out.append(Field(i, s, f.group("label").strip(), f.group("value").strip(), "field"))
        else:
            out.append(Field(i, s, "", s, "text"))
    return out


def _is_document(fs: list[Field]) -> bool:
    """At least three lines, at least two (and half of them) structured, and one mark of a FORM: a blank, a
    checklist item, a table row of three cells, a "Q:"/"Question:" field or a who/when/status/scope label (a chat's
    speaker labels alone are no form)."""
    w = _words()
    structured = [f for f in fs if f.kind != "text"]
    if len(fs) < 3 or len(structured) < 2 or 2 * len(structured) < len(fs):
        return False
    return any(f.kind == "check" or (f.kind == "row" and len(f.cells) >= 3) or w["blank"].search(f.text)
               or (f.kind == "field" and any(w[k].match(f.label.casefold()) for k in (
                   "question_label", "context_label", "scope_label"))) for f in fs)


# --- the model's places ------------------------------------------------------------------------------------------

def _places(parser: Parser) -> list[tuple[str, str, re.Pattern[str]]]:
    """(kind, name, pattern) of every storey and room name of the model, longest first."""
    cached = getattr(parser, "_form_places", None)
    if cached is not None:
        return list(cached)
    names: dict[tuple[str, str], None] = {}
    for s in parser.resolver.storeys:
        if s.name:
            names[("storey", s.name)] = None
    for e in parser.index.data.elements.values():
        if e.ifc_class == "IfcSpace":
            for n in (e.name, e.long_name):
                if n and len(n) > 1 and not n.isdigit():
                    names[("room", n)] = None
    out = [(k, n, re.compile(rf"(?<![\w.-]){re.escape(n)}(?![\w-])", re.I))
           for k, n in sorted(names, key=lambda kn: -len(kn[1]))]
    parser._form_places = out  # type: ignore[attr-defined]
    return list(out)


def _named(parser: Parser, text: str, kind: str | None = None) -> list[tuple[str, str]]:
    """The (kind, name) of the model's storeys and rooms ``text`` names, in the order said (outside parentheses when
    any are named there)."""
    def found(said: str) -> list[tuple[int, str, str]]:
        taken: list[tuple[int, int]] = []
        hits: list[tuple[int, str, str]] = []
        for k, n, p in _places(parser):
            if kind is not None and k != kind:
                continue
            for m in p.finditer(said):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                taken.append((m.start(), m.end()))
                hits.append((m.start(), k, n))
        return sorted(hits)

    outside = re.sub(r"\([^)]*\)", lambda m: " " * len(m.group(0)), text)
    hits = found(outside) or found(text)
    seen: dict[tuple[str, str], None] = {}
    for _, k, n in hits:
        seen.setdefault((k, n), None)
    return list(seen)


# --- the request -------------------------------------------------------------------------------------------------

@dataclass
class Request:
    field: Field
    text: str  # the request as a question
    rank: int
    before: str = ""  # the text of its own field before it (antecedents)
    after: str = ""  # the text of its own field after it (context)
    row: Field | None = None  # the row it refers to
    note: str = ""


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+(?=\S)", text.strip()) if s.strip()]


def _clean_blank(text: str) -> str:
    w = _words()
    text = w["fill"].sub(" ", w["blank"].sub(" ", text))
    text = re.sub(r"\s*=\s*$|^\s*=\s*", "", text.strip())
    return re.sub(r"\s+", " ", text).strip(" :=-")


def _them(text: str) -> str | None:
    """'Rooms without any window need a mechanical fan - list them here' -> 'list the rooms without any window'."""
    m = re.match(r"^(?P<lead>.+?)\s*(?:[-–:;,]|\.)\s*(?:please\s+)?(?P<verb>list|count|name)\s+(?:them|those|these)"
                 r"(?:\s+(?:here|below|all))?\s*[.!]?\s*$", text, re.I)
    if m is None:
        return None
    subject = re.match(r"^(?:the\s+)?(?P<np>.+?)\s+(?:need|needs|get|gets|require|requires|must|should|will|have|has|"
                       r"are|is|brauchen|bekommen)\b", m.group("lead"), re.I)
    if subject is None:
        return None
    return f"{m.group('verb').lower()} the {subject.group('np')}"


def _free_relative(text: str) -> str | None:
    """'the crew starts on whichever has more windows, A or B' -> 'which has more windows, A or B?'."""
    m = _words()["free_relative"].search(text)
    if m is None:
        return None
    rest = text[m.end():].strip(" .,;-")
    return f"{'which' if m.group(0).lower() == 'whichever' else 'what'} {rest}?"


def _as_question(text: str) -> str:
    text = text.strip()
    if _words()["task"].match(text) or text.endswith(("?", ".", "!")):
        return text
    return text + "?"


def _requests(fs: list[Field]) -> list[Request]:
    w = _words()
    rows = {f.label.casefold(): f for f in fs if f.kind == "row"}
    found: list[Request] = []
    for f in fs:
        label = f.label.casefold()
        context_label = bool(w["context_label"].match(label))
        if f.kind in ("field", "check") and (w["blank"].search(f.text) or w["fill"].search(f.value)) and (
                not context_label or w["fill"].search(f.value)):
            value = _clean_blank(f.value)
            if re.search(r"[^\W\d_]", value) and (w["blank"].search(f.value) or w["fill"].search(f.value)):
                text = value
                note = f"the blank's value {value!r} (its label {f.label!r} says what it is for)"
            else:
                text = _clean_blank(f.label)
                note = f"the blank labelled {f.label!r}"
            if not re.search(r"[^\W\d_]", text):
                continue
            them = _them(text)
            found.append(Request(f, _as_question(them or text), 0, note=note))
            continue
        q = w["question_label"].match(label) if f.kind == "field" else None
        if q is not None and f.value:
            row = rows.get((q.group("ref") or "").casefold())
            sents = _sentences(f.value)
            asks = [i for i, s in enumerate(sents) if "?" in s] or [0]
            found.append(Request(f, sents[asks[0]], 1, before=" ".join(sents[:asks[0]]),
                                 after=" ".join(sents[asks[0] + 1:]), row=row, note=f"the field {f.label!r}"))
            continue
        if f.kind == "check" and not f.ticked:
            found.append(Request(f, _as_question(f.value), 2, note=f"the unticked item {f.text!r}"))
            continue
        if f.kind == "field" and "?" in f.value and not context_label:
            sents = _sentences(f.value)
            asks = [i for i, s in enumerate(sents) if "?" in s]
            if len(asks) != 1:
                found.append(Request(f, f.value, 3))  # two questions: no single request
                found.append(Request(f, f.value, 3))
                continue
            i = asks[0]
            text = sents[i]
            if i and re.search(r"\b(?:they|them|it)\b", text, re.I) and not _words()["typed_pointer"].search(text):
                text, i0 = sents[i - 1] + " " + text, i - 1  # "Installer needs the windows of this room. Which ...?"
            else:
                i0 = i
            found.append(Request(f, text, 3, before=" ".join(sents[:i0]), after=" ".join(sents[i + 1:]),
                                 note=f"the question in the field {f.label!r}"))
            continue
        if f.kind == "text" and "?" in f.value:
            ref = next((r for key, r in rows.items() if key and re.search(
                rf"(?<![\w-]){re.escape(key)}(?![\w-])", f.value, re.I)), None)
            if ref is not None:
                text = re.sub(rf"^\s*(?:for|on|re|zu)\s+{re.escape(ref.label)}\s*,?\s*", "", f.value, flags=re.I)
                found.append(Request(f, text, 4, row=ref, note=f"the line asking about row {ref.label!r}"))
            continue
        if f.kind == "field" and not context_label:
            for i, s in enumerate(_sentences(f.value)):
                m = w["task"].match(s) or w["task_in"].search(s)
                if m is None:
                    continue
                task = (m.group("task") if "task" in m.groupdict() else s).strip()
                lead = s[:m.start("task")] if "task" in m.groupdict() else ""
                task = w["purpose"].sub("", task).strip(" .")
                if w["pointer_only"].match(task):
                    asked = _free_relative(lead)
                    if asked is None:
                        continue
                    task = asked
                sents = _sentences(f.value)
                found.append(Request(f, task, 5, before=" ".join(sents[:i]), after=" ".join(sents[i + 1:]),
                                     note=f"the task in the field {f.label!r}"))
                break
    return found


# --- the reading -------------------------------------------------------------------------------------------------

def _bind(parser: Parser, req: Request, fs: list[Field], text: str, linked: Field | None,
          used: set[int]) -> tuple[str, list[tuple[str, str]]] | None:
    """``text`` with each typed pointer replaced by the names it points at; None: a pointer cannot be bound."""
    w = _words()
    bound: list[tuple[str, str]] = []
    scope = [f for f in fs if f.kind == "field" and w["scope_label"].match(f.label.casefold())
             and f is not req.field]
    for m in reversed(list(w["typed_pointer"].finditer(text))):
        noun = m.group("noun").casefold()
        kind = "room" if w["room_nouns"].match(noun) else "storey"
        num = (m.group("num") or "").strip().casefold()
        want = 2 if num in ("two", "zwei") else 3 if num in ("three", "drei") else None
        plural = want is not None or bool(w["plural_nouns"].match(noun)) or m.group("det").lower() in (
            "those", "these")
        sources: list[tuple[str, list[int]]] = []
        if req.row is not None:
            sources.append((" | ".join(req.row.cells[1:]), [req.row.line]))
        for f in scope:
            sources.append((f.value, [f.line]))
        if req.before:
            sources.append((req.before, []))
        lines_before = [f for f in fs if f.line < (linked.line if linked is not None else req.field.line)
                        and f is not req.field]
        if lines_before:
            sources.append((" \n ".join(f.text for f in lines_before), [f.line for f in lines_before]))
        names: list[tuple[str, str]] = []
        explicit = False
        for n, (said, lines) in enumerate(sources):
            names = _named(parser, said, kind)
            if names:
                explicit = n < len(sources) - (1 if lines_before else 0) - (1 if req.before else 0)
                if explicit:  # a row or scope field is read whole; lines before are still tested as context
                    used.update(lines)
                break
        if not names or (want is not None and len(names) != want) or (not plural and len(names) != 1):
            if names and explicit:
                raise _Declines(f"{m.group(0)!r} points at {', '.join(n for _, n in names)} of the "
                                f"{'row' if req.row is not None else 'scope field'} it refers to, which does not fit")
            return None
        bound += names
        said = " and ".join(n for _, n in names)
        text = text[:m.start()] + said + text[m.end():]
    return text, bound


def _which_of(text: str, bound: list[tuple[str, str]]) -> str:
    """'which of Wohnen and Kitchen has more windows?' (a bound 'which of those two rooms') -> 'which room has more
    windows, Wohnen or Kitchen?': the choice among the bound places said as one."""
    if len(bound) < 2:
        return text
    said = " and ".join(n for _, n in bound)
    m = re.match(rf"^\s*which\s+of\s+{re.escape(said)}\s+(?P<rest>.+?)\s*\??\s*$", text, re.I)
    if m is None:
        return text
    noun = "room" if bound[0][0] == "room" else "storey"
    return f"which {noun} {m.group('rest')}, {' or '.join(n for _, n in bound)}?"


_PLACE_PREPOSITION = re.compile(r"\b(?:on|in|at|of|for|from|to|im|auf|am|an|vom|zum|zur|des|der)\s+"
                                r"(?:the\s+|dem\s+|der\s+)?$", re.I)


def _places_said(parser: Parser, text: str) -> set[str]:
    """The storey and room names ``text`` names as PLACES: a name said as the modifier of a noun the model does not
    hold ("Roof build-up", "roof insulation", "the 2.OG signs") names that thing, not the place; after a place
    preposition ("on the Roof ...") or before a class word ("Level 2 windows") it is the place."""
    from ifcqa.spatial.parser import _CLASS_KEYS

    out: set[str] = set()
    for _, name, p in _places(parser):
        for m in p.finditer(text):
            nxt = re.match(r"[\s]+([^\W\d_][\w-]*)", text[m.end():])
            word = nxt.group(1).casefold() if nxt else ""
            modifier = bool(word) and not _words()["not_a_modified_noun"].match(word) and word not in _CLASS_KEYS and (
                word.rstrip("s") not in _CLASS_KEYS) and not _PLACE_PREPOSITION.search(text[:m.start()])
            if not modifier:
                out.add(name)
    return out


def _can_restrict(parser: Parser, f: Field, text: str, request_classes: frozenset[str],
                  bound: set[str]) -> str | None:
    """Why the context ``text`` (of field ``f``) could restrict what is asked, or None: it cannot."""
    from ifcqa.spatial import message_sentences

    w = _words()
    said = message_sentences._WHEN_NUMBER.sub(lambda m: " " * len(m.group(0)), text)
    if not re.search(r"[^\W\d_]", said):
        return None
    places = _places_said(parser, said)
    if places and not f.done() and not (bound and (places <= bound or places.isdisjoint(bound))):
        return f"it names {', '.join(sorted(places))}"
    names = parser._context_names(said)
    if names.qualifiers or (names.restricts and not f.done()):  # (a measure named in a title restricts nothing)
        return "it restricts by what the model holds"
    restricting = _restricting().search(w["restricts_to_request"].sub(" ", said))
    if restricting is not None and not f.done():
        about = bool(names.class_keys & request_classes) or bool(
            re.search(r"\b(?:ones|them|they|those|these|it|its)\b", said, re.I))
        if about:
            return f"it says {restricting.group(0)!r} of the things asked"
    context_label = bool(w["context_label"].match(f.label.casefold())) and f.kind == "field"
    if not context_label and not f.done():
        from ifcqa.spatial.parser import _CLASS_KEYS
        held = parser._name_words()
        for word in re.findall(r"[^\W\d_][\w'-]*", said.casefold()):
            if len(word) > 2 and word not in _CLASS_KEYS and word in held and not places:
                return f"{word!r} is a word of the model's names"
    return None


class _Declines(Exception):  # noqa: N818
    """The document's own structure says what the request points at, and it cannot be answered so."""


def verdict(parser: Parser, message: str) -> Reading | str | None:
    """:func:`read`, or the reason the document must decline: the row or scope field the request refers to names
    another number of places than its pointer ("that floor" of a row naming two), an exclusion or a scope field
    contradicting the request. No other reading may then
    bind the pointer to another line of the document."""
    try:
        return read(parser, message)
    except _Declines as why:
        return str(why)


def declined(why: str) -> dict[str, Any]:
    """The plan's ``declined`` of a document whose structure declines (:func:`verdict`)."""
    return {"reason": f"read as a document of fields, {why}", "not_understood": [],
            "can_answer": "Name the storey or room in the request field itself, e.g. 'Doors on Level 1: ____'"}


def read(parser: Parser, message: str) -> Reading | None:
    """The request field of a document ``message`` as the question to answer, with the scope it points at bound and
    the context set aside; None when ``message`` is no document, has no single request, or a field that could
    restrict cannot be carried (the message then declines as before); raises ``_Declines`` (see :func:`verdict`)."""
    if "\n" not in message:
        return None
    fs = fields(message)
    if not _is_document(fs):
        return None
    found = _requests(fs)
    if not found:
        return None
    top = min(r.rank for r in found)
    at_top = [r for r in found if r.rank == top]
    if len(at_top) != 1:
        return None
    req = at_top[0]
    w = _words()
    text = req.text
    used: set[int] = {req.field.line}
    if req.row is not None:
        used.add(req.row.line)
    # a request word that is another field's label: that field defines what is asked
    from ifcqa.spatial.parser import _CLASS_KEYS

    linked = None
    for f in fs:
        if f is req.field or f.kind != "field" or len(f.label) < 5 or " " in f.label or (
                f.label.casefold() in _CLASS_KEYS or f.label.casefold().rstrip("s") in _CLASS_KEYS):
            continue  # (a class word as a label names the things, not a definition: "Windows: double glazed")
        stem = f.label.casefold()[:5]
        if re.search(rf"\b{re.escape(stem)}\w*", text, re.I) and not re.search(
                rf"\b{re.escape(f.label)}\b", text, re.I):
            lead = re.match(r"^\s*(how\s+many|which|what|list|count)\b", text, re.I)
            if lead is None:
                return None
            definition = re.sub(r"^(?:all\s+(?:the\s+)?|the\s+)", "", f.value.strip(" .?"), flags=re.I)
            text, linked = f"{lead.group(1)} {definition}?", f
            used.add(f.line)
            break
    # a parenthetical remark of several words on the request is context ("list the external walls (cavity fill
    # offer only for those)"); a unit or a short note stays ("Volume of that room (m³)")
    remark = re.search(r"\s*\((?P<said>[^()]*)\)\s*(?P<end>[?.!]?)\s*$", text)
    if remark is not None and len(re.findall(r"[^\W\d_]{2,}", remark.group("said"))) >= 3:
        req.after = (remark.group("said") + " " + req.after).strip()
        text = text[:remark.start()] + remark.group("end")
    bound_text = _bind(parser, req, fs, text, linked, used)
    if bound_text is None:
        return None
    text, bound = bound_text
    text = _which_of(text, bound)
    places = {n for _, n in bound} | {n for _, n in _named(parser, text)}
    # scope fields: a place field the request does not point at restricts it
    for f in fs:
        if f.line in used or f.kind != "field" or not w["scope_label"].match(f.label.casefold()):
            continue
        named = _named(parser, f.value)
        if not named:
            if f.label.casefold() != "scope":  # "Zone: north wing": a place the model cannot ground (left to the
                return None  # rules, which decline it as not understood)
            continue  # "Scope: ...": free text, tested as context below
        if places:
            if not {n for _, n in named} <= places:
                raise _Declines(f"the field {f.text!r} names another place than the request")
            used.add(f.line)
            continue
        kinds = {k for k, _ in named}
        if len(kinds) != 1:
            return None
        said = " and ".join(n for _, n in named)
        text = text.rstrip(" ?.") + (f" in {said}" if kinds == {"room"} else f" on {said}") + (
            "?" if text.rstrip().endswith("?") else "")
        places |= {n for _, n in named}
        used.add(f.line)
    # excluded places ("Level 1: excluded (new windows 2023)")
    aside: list[str] = []
    for f in fs:
        if f.line in used or f.kind != "field" or not w["excluded"].match(f.value):
            continue
        out = {n for _, n in _named(parser, f.label)}
        if not out:
            continue
        if not places:
            return None
        if not out.isdisjoint(places):
            raise _Declines(f"the field {f.text!r} excludes a place the request asks")
        used.add(f.line)
        aside.append(f.text)
    # context: every other field, and the rest of the request's own field
    classes = parser._asked_alone(text).classes
    rest: list[tuple[Field, str]] = [(f, f.value if w["context_label"].match(f.label.casefold()) else f.text)
                                     for f in fs if f.line not in used]
    for extra in (req.before, req.after):  # (the places they name that the pointer took are the bound ones)
        if extra:
            rest.append((Field(req.field.line, extra, "", extra, "text"), extra))
    if req.row is not None:
        for cell in req.row.cells[1:]:
            if not _named(parser, cell):
                rest.append((Field(req.row.line, cell, "", cell, "text"), cell))
    for f, said in rest:
        if not said.strip() or (w["blank"].search(said) and not re.search(r"[^\W\d_]", _clean_blank(said))):
            continue
        why = _can_restrict(parser, f, said, classes, places)
        if why is not None:
            return None
        aside.append(f.text)
    notes = f"read as a document of fields (round 22 form22): the request is {req.note}: {text!r}"
    if bound:
        notes += "; its pointer bound to " + ", ".join(n for _, n in bound)
    return Reading(text=text, asked=req.text, aside=aside, read_as=notes)
