"""A message read as a DOCUMENT OF RECORDS with one ask inside (issue 22, round 23 doc23).

People paste what they have in front of them: a WhatsApp or Slack export (``03/12/24, 07:58 - Marco: ...``,
``[09:12] anna: ...``, ``<ralf> ...``), a table of rows (``| 2 | Window sealing ... |``, a CSV or tab-separated
paste with a header line), numbered or lettered items (``TOP 2``, ``AI-3``, ``Task 3:``, ``Pos. 2``, ``B.2``,
``a)``), a log of timed lines (``10:05 Team B: ...``), a site diary by day. Read as one question, every name, time and
price of the other records is "not understood", or a word of another record triggers a refusal or a relation.

The mechanism (:func:`read`), every form word is data (``data/document_layout.json``):

1. **records by structure**: each line is a record of one shape: a row of a delimited table (the delimiter that
   splits at least two lines into the same three or more cells; a first line without digits is the header), a
   keyed item (its key: ``2``, ``top2``, ``ai1``, ``a``, ``114``), a chat line (timestamp and/or speaker), a timed
   line, a bullet, or free text. A document has at least three lines and two records of a shape.
2. **the ask** is THE record that asks the model: the one record addressing the model (``from the model``, ``ask
   the model``, ``@bot``, ``im Modell``) or holding a blank (``____``), else the one record with a question mark (a
   title line set aside). Inside it, the sentence with the question mark, its lead label ("Question before 09:45:")
   cut off; "Which one is it?" takes the free relative before it ("whichever of ... has more radiators").
3. **pointers are bound by structure**: "the storey in item 2", "the level in row 2", "the two locations in
   114/115", "the room in a)", "the first row" -> the records with that key (or that data row); "the floor I'm doing
   today" -> the speaker's own earlier records, "das Geschoss, das wir zuerst streichen" -> the earlier records,
   "that room" -> the earlier records; within those, the clauses sharing the pointer's own words ("today",
   "started on Wednesday", "in scope"; a question states nothing and is passed over). The model's storey / room names
   there must fit the pointer's number (one for "that floor", two for "those two"), else no reading; a keyed
   record that does not fit makes the message decline by name.
4. **context**: every other record (and the rest of the ask's own record) is set aside only when it cannot
   restrict what is asked (round 22's ``form_fields._can_restrict``: no other place unless disjoint from the bound
   ones, no qualifier or bound, no restricting word about the asked things, no word of the model's names); a header
   row names columns and is set aside. Else no reading: the message declines as before.

Called from one place: ``SpatialQA._compute``, only when the whole message declines and neither round 20's, 21's nor
round 22's form reading answered it.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import form_fields
from ifcqa.spatial.request_decides import Reading
from ifcqa.spatial.restricting import RESTRICTS

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

ENABLED = True  # a switch for tests and for bisecting

_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_GENERIC_REF = re.compile(r"^(?:row|line|zeile|item|entry|nr\.?|no\.?|punkt)[\s#-]*", re.I)


def _log(_: str) -> None:
    """(a hook for debugging: why a document was not read)"""


@functools.cache
def _words() -> dict[str, Any]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/document_layout.json").read_text("utf-8"))
    return {k: re.compile(v, re.I) for k, v in raw.items() if not k.startswith("_")}


@dataclass
class Record:
    """One line of the document: its shape, key, speaker, body and (a row) its cells."""

    line: int
    text: str
    kind: str  # "row", "header", "item", "chat", "timed", "bullet", "text"
    body: str
    key: str = ""
    speaker: str = ""
    cells: tuple[str, ...] = ()
    ordinal: int = 0  # a data row's number (1-based)
    pieces: list[str] = field(default_factory=list)  # context pieces of the ask's own record


def _norm_key(key: str) -> str:
    return re.sub(r"[\s#.:)\-]", "", key.casefold())


def _split(line: str, delim: str) -> list[str]:
    if delim == "|":
        line = line.strip().strip("|")
    return [c.strip() for c in line.split(delim)]


def _table(lines: list[tuple[int, str]]) -> tuple[str, set[int], int | None] | None:
    """The delimiter, the lines that are its rows, and the header line (None: no header)."""
    w = _words()
    best: tuple[str, set[int], int | None] | None = None
    for delim in ("\t", ";", "|", ","):
        counts = {i: len(_split(s, delim)) for i, s in lines if delim in s and not w["separator_row"].match(s)}
        shaped = {i: n for i, n in counts.items() if n >= 3}
        if not shaped:
            continue
        common, _ = Counter(shaped.values()).most_common(1)[0]
        rows = {i for i, n in shaped.items() if n == common or (delim != "," and n >= 3)}
        if len(rows) < (3 if delim == "," else 2) or (best is not None and len(best[1]) >= len(rows)):
            continue
        first = min(rows)
        text = dict(lines)[first]
        header = first if not re.search(r"\d", text) else None
        best = (delim, rows, header)
    return best


def records(message: str) -> list[Record]:
    w = _words()
    lines = [(i, s) for i, s in enumerate(message.split("\n")) if s.strip()]
    table = _table(lines)
    out: list[Record] = []
    ordinal = 0
    speakers: Counter[str] = Counter()
    for i, s in lines:
        if w["separator_row"].match(s) and set(s.strip()) <= set("|-: "):
            continue
        if table is not None and i in table[1]:
            cells = tuple(c for c in _split(s, table[0]))
            if i == table[2]:
                out.append(Record(i, s, "header", s, cells=cells))
                continue
            ordinal += 1
            out.append(Record(i, s, "row", s, key=_norm_key(cells[0]), cells=cells, ordinal=ordinal))
            continue
        m = w["item"].match(s)
        if m is not None:
            out.append(Record(i, s, "item", m.group("body"), key=_norm_key(m.group("key"))))
            continue
        m = w["qa"].match(s)  # "Q: Locks on the windows? A: Yes, all." (an interview, a survey)
        if m is not None:
            out.append(Record(i, s, "item", m.group("body"), key=_norm_key(m.group("key"))))
            continue
        m = w["chat"].match(s)
        if m is not None and (m.group("irc") or not w["not_a_speaker"].match((m.group("speaker") or "").strip())):
            speaker = (m.group("irc") or m.group("speaker") or "").strip().casefold()
            stamped = bool(m.group("ts1") or m.group("ts2") or m.group("ts3") or m.group("irc"))
            speakers[speaker] += 1
            out.append(Record(i, s, "chat" if stamped else "said", m.group("body"), speaker=speaker))
            continue
        m = w["timed"].match(s)
        if m is not None:
            out.append(Record(i, s, "timed", m.group("body"), key=_norm_key(m.group("key"))))
            continue
        m = w["bullet"].match(s)
        if m is not None:
            out.append(Record(i, s, "bullet", m.group("body")))
            continue
        out.append(Record(i, s, "text", s))
    for r in out:  # a "Label: text" line is a speaker's turn only when the label speaks twice
        if r.kind == "said":
            if speakers[r.speaker] >= 2:
                r.kind = "chat"
            else:
                r.kind, r.body, r.speaker = "text", r.text, ""
    return out


def _is_document(recs: list[Record]) -> bool:
    shapes = Counter(r.kind for r in recs if r.kind not in ("text", "header"))
    return len(recs) >= 3 and bool(shapes) and shapes.most_common(1)[0][1] >= 2


# --- the ask -----------------------------------------------------------------------------------------------------

def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[?!])\s+(?=\S)|(?<=[^\d\s.][.])\s+(?=[^\W\d_])", text.strip()) if s.strip()]


def _marked(text: str) -> bool:
    w = _words()
    return bool(w["to_model"].search(text) or w["blank"].search(text))


def _ask_record(recs: list[Record]) -> Record | None:
    body = [r for r in recs if r.kind != "header"]
    marked = [r for r in body if _marked(r.text) and ("?" in r.text or _words()["blank"].search(r.text))]
    if len(marked) == 1:
        return marked[0]
    if marked:
        return None
    asking = [r for r in body if "?" in _asks(r)]
    if len(asking) > 1 and asking[0] is recs[0] and recs[0].kind == "text":
        asking = asking[1:]  # a title line ("Title: Newbie - storeys in IfcOpenHouse?")
    if len(asking) > 1:  # a question answered in the document is no ask: its own record holds the answer after
        # the question mark ("Which floor do you work on? - Level 1", "(answer: attic)", "May we contact you? yes"),
        # or (a chat) another speaker replies next
        def answered(r: Record) -> bool:
            after = _asks(r).rsplit("?", 1)[1].strip()
            if r.kind == "chat":
                nxt = [x for x in body if x.line > r.line]
                return bool(nxt) and nxt[0].speaker != r.speaker
            return bool(after) and not _marked(after)
        asking = [r for r in asking if not answered(r)]
        if len(asking) > 1 and all(r.kind == "chat" for r in asking):
            asking = asking[-1:]
    return asking[0] if len(asking) == 1 else None


def _asks(r: Record) -> str:
    """The record's text that may ask: a row without its cells that are only a '?' to fill."""
    if r.kind == "row":
        return " | ".join(c for c in r.cells if c.strip(" ?"))
    return r.body.replace("???", "")


def _ask_in(rec: Record) -> tuple[str, list[str], list[str]] | None:
    """The ask of the ask record, the pieces of that record that are context, and those of them said before it."""
    w = _words()
    pieces: list[str] = []
    body = rec.body
    if rec.kind == "row":
        asking = [c for c in rec.cells if "?" in c and c.strip(" ?")]
        if len(asking) != 1:
            return None
        pieces += [c for c in rec.cells[1:] if c is not asking[0]]
        body = asking[0]
    sents = _sentences(body)
    asking_idx = [i for i, s in enumerate(sents) if "?" in s]
    if len(asking_idx) > 1:
        marked = [i for i in asking_idx if _marked(sents[i]) or (i + 1 < len(sents) and _marked(sents[i + 1]))]
        asking_idx = marked[-1:] if len(marked) == 1 else []
    if len(asking_idx) != 1:
        return None
    i = asking_idx[0]
    ask = sents[i]
    if w["pointer_only"].match(ask) and i > 0:  # "... whichever of the two has more radiators. Which one is it?"
        relative = form_fields._free_relative(sents[i - 1])
        if relative is None:
            return None
        pieces += sents[:i - 1]
        ask = relative
    else:
        pieces += sents[:i]
    before = list(pieces)
    pieces += sents[i + 1:]
    cut = re.search(rf"(?:^|[:;]\s+|,\s+(?:so\s+|and\s+|but\s+)?|\s[-–]\s+|\s*->\s*)(?=(?:(?:on|in|at|auf|im|an)\s+)?"
                    rf"{w['question_word'].pattern})", ask, re.I)
    if cut is not None and cut.start() > 0:
        pieces.append(ask[:cut.start()])
        before.append(ask[:cut.start()])
        ask = ask[cut.end():]
    mention = w["lead_mention"].match(ask)  # "@bimbot how many ...": the address, not the ask
    if mention is not None:
        ask = ask[mention.end():]
    ask = re.sub(r"\s*\([^)]*\)\s*$", "", ask).strip()
    if not ask.endswith("?"):
        ask = ask.rstrip(" .") + "?"
    return ask, [p for p in pieces if p.strip()], [p for p in before if p.strip()]


# --- pointers ----------------------------------------------------------------------------------------------------

class _Declines(Exception):  # noqa: N818
    """A keyed record the ask points at names another number of places than the pointer."""


def _clauses(rec: Record) -> list[tuple[str, str]]:
    """(clause, the text its pointer words are matched on): a row's cells split at commas, each matched with the
    row's key ("Tue | 1.OG": the key says which row); a line's clauses."""
    split = r"[,;|]|\s[-–]\s|(?<=[.?!])\s+|\s+(?:but|while|aber|während)\s+"
    if rec.kind == "row":
        return [(c, f"{rec.cells[0]} {c}") for cell in rec.cells for c in re.split(split, cell) if c.strip()]
    return [(c, c) for c in re.split(split, rec.body) if c.strip()]


def _content(text: str) -> list[str]:
    fw = _words()["function_words"]
    return [t for t in re.findall(r"[^\W\d_][\w']*", text.casefold()) if len(t) >= 3 and not fw.match(t)
            and t not in ("row", "line", "item", "column", "table", "entry", "zeile", "spalte")]


def _shares(a: str, b: str) -> bool:
    if len(a) >= 3 and len(b) >= 3 and (a.startswith(b) or b.startswith(a)):
        return True
    return len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5]


def _refs(recs: list[Record], ref: str) -> list[Record] | None:
    w = _words()
    m = re.match(w["ref"].pattern, ref, re.I)
    if m is None:
        return None
    rows = [r for r in recs if r.kind == "row"]
    if m.group("all"):
        return rows or [r for r in recs if r.kind not in ("header", "text")]
    if m.group("ord"):
        n = _ORDINALS.get(m.group("ord").casefold())
        keyed = rows or [r for r in recs if r.kind not in ("header", "text")]
        if m.group("ord").casefold() == "last":
            return keyed[-1:]
        return [keyed[n - 1]] if n is not None and n <= len(keyed) else None
    out: list[Record] = []
    for part in re.split(r"\s*/\s*", ref):
        generic = _GENERIC_REF.match(part)
        key = _norm_key(part[generic.end():] if generic else part)
        hits = [r for r in recs if r.key and (r.key == key or (generic is not None and re.sub(r"^[^\d]*", "", r.key)
                                                                == key))]
        if not hits and generic is not None and rows and key.isdigit() and re.match(r"row|line|zeile", part, re.I):
            hits = [r for r in rows if r.ordinal == int(key)]
        if len(hits) != 1:
            return None
        out.append(hits[0])
    return out


def _bind(parser: Parser, recs: list[Record], ask_rec: Record, ask: str, before: list[str],
          used: set[int]) -> tuple[str, list[tuple[str, str]]] | None:
    """``ask`` with each pointer replaced by the names of the records it points at; None: a pointer cannot be
    bound (or there is none where one is needed)."""
    w = _words()
    bound: list[tuple[str, str]] = []
    lead_targets = None
    for piece in before:  # a record named in the ask's own lead is what it is about ("For Pos. 2: ...")
        lead = re.search(rf"\b(?:for|zu|on|re|about|to|in|für)\s+{w['ref'].pattern}", piece, re.I)
        if lead is not None:
            lead_targets = _refs(recs, lead.group("ref"))
            break
    matches = list(w["pointer"].finditer(ask)) + list(w["possessive_pointer"].finditer(ask))
    for m in sorted(matches, key=lambda x: x.start(), reverse=True):
        noun = m.group("noun").casefold()
        kind = None if w["either_nouns"].match(noun) else "room" if w["room_nouns"].match(noun) else "storey"
        groups = m.groupdict()
        num = (groups.get("num") or "").strip().casefold()
        want = 2 if num in ("two", "zwei") else 3 if num in ("three", "drei") else None
        det = (groups.get("det") or "").casefold()
        plural = want is not None or bool(w["plural_nouns"].match(noun)) or det in ("those", "these")
        tail = groups.get("tail") or ""
        end = m.end()
        qual: list[str] = []
        targets: list[Record] | None = None
        rm = re.match(rf"\s*,?\s*(?:in|from|of|aus|for|zu|im|unter|at|on)\s+(?:the\s+)?{w['ref'].pattern}", tail, re.I)
        if groups.get("qual"):
            qual = _content(groups["qual"])
        elif rm is not None:
            targets = _refs(recs, rm.group("ref"))
            if targets is None:
                return None
            end = m.start("tail") + rm.end()
        else:
            t = tail.strip(" ,")
            first = re.match(r"^(?:(?:that|which|where|das|den|die|wo)\s+)?(?P<who>\S+)", t, re.I)
            relative = first is not None and (
                w["first_person"].match(first.group("who")) or w["first_plural"].match(first.group("who"))
                or re.match(r"^[^\W\d_]+ed$", first.group("who"), re.I)
                or re.match(r"^(?:in\s+scope|named\s+above|mentioned|above)\b", t, re.I))
            if relative:
                qual = _content(t)
            elif det in ("the", "das", "dem", "den", "die", "der"):
                continue  # "the level with the most windows": no pointer
            end = m.end("noun") + (len(tail.rstrip()) if relative else 0)
        ask_at = ask_rec.line
        if targets is None and lead_targets is not None:
            targets = lead_targets  # "For Pos. 2: ...", "... for the first row: ... those two storeys"
        if targets is None:
            mine = bool(w["first_person"].search(tail)) and ask_rec.speaker
            targets = [r for r in recs if r.line < ask_at and r.kind != "header"
                       and (not mine or r.speaker == ask_rec.speaker)]
            pool = [(r, c, t) for r in targets for c, t in _clauses(r)] + [(ask_rec, c, c) for c in before]
        else:
            pool = [(r, c, t) for r in targets for c, t in _clauses(r)]
        outside = [(r, c, t, form_fields._named(parser, re.sub(r"\([^)]*\)", " ", c), kind)) for r, c, t in pool]
        named = [x for x in outside if x[3]] or [
            (r, c, t, n) for r, c, t in pool if (n := form_fields._named(parser, c, kind))]  # (asides in brackets:
        stated = [x for x in named if "?" not in x[1]]  # only when nothing outside them names a place)
        named = stated or named
        if qual:
            scored = [(sum(any(_shares(q, x) for x in _content(t)) for q in qual), r, c, t, n) for r, c, t, n in named]
            top = max((sc for sc, *_ in scored), default=0)
            if top > 0:
                named = [(r, c, t, n) for sc, r, c, t, n in scored if sc == top]

        def distinct(found: list[tuple[Record, str, str, list[tuple[str, str]]]]) -> list[tuple[str, str]]:
            out: list[tuple[str, str]] = []
            for *_, n in found:
                out += [x for x in n if x not in out]
            return out

        names = [x for x in distinct(named) if not w["generic_place"].match(x[1])]  # ("Room: ..." is a label)
        if want is not None and len(names) != want:  # "those two rooms": the record that itself says "two rooms"
            said = [x for x in named if re.search(rf"\b{re.escape(num)}\s+{re.escape(noun)}\b", x[0].text, re.I)]
            if said and len({x[0].line for x in said}) == 1:
                named = said
                names = distinct(said)
        fits = bool(names) and (len(names) == want if want is not None else (len(names) >= 1 if plural
                                                                              else len(names) == 1))
        if not fits:
            if names and rm is not None:
                raise _Declines(f"{ask[m.start():end]!r} points at {', '.join(n for _, n in names)}, "
                                "which does not fit")
            return None
        used.update(r.line for r, *_ in named)
        order = [r for r in recs if r.kind != "header"]
        for r, *_ in named:  # a chat question the bound line answers ("im OG oder im DG?" - "Obergeschoss, ...")
            k = order.index(r) if r in order else 0
            if r.kind == "chat" and k > 0 and order[k - 1].kind == "chat" and order[k - 1].speaker != r.speaker and (
                    order[k - 1].body.rstrip().endswith("?")) and {n for _, n in names} <= {
                    n for _, n in form_fields._named(parser, order[k - 1].body)}:
                used.add(order[k - 1].line)
        bound += names
        ask = ask[:m.start()] + " and ".join(n for _, n in names) + ask[end:]
    return ask, bound


def _ungrounded_place(parser: Parser, said: str) -> bool:
    """Whether ``said`` names a place the model does not ground (round 19's test of a context unit): such a
    record may be the ask's scope ("we are in the annex today"), so it is never set aside."""
    from ifcqa.spatial import framing

    names = parser._context_names(said)
    if names.storeys or names.rooms or form_fields._named(parser, said):
        return False
    return bool(names.places) or framing.place_said(said)


# --- the reading -------------------------------------------------------------------------------------------------

def verdict(parser: Parser, message: str) -> Reading | str | None:
    """:func:`read`, or why the document must decline (a keyed record the ask points at does not fit)."""
    try:
        return read(parser, message)
    except _Declines as why:
        return str(why)


def read(parser: Parser, message: str) -> Reading | None:
    """The ask record of a document ``message`` as the question to answer, its pointers bound to the records they
    point at and the other records set aside; None when ``message`` is no document of records, has no single ask,
    or a record that could restrict cannot be carried."""
    if "\n" not in message:
        return None
    recs = records(message)
    if not _is_document(recs):
        return None
    ask_rec = _ask_record(recs)
    if ask_rec is None:
        return None
    found = _ask_in(ask_rec)
    if found is None:
        return None
    asked, pieces, before = found
    used: set[int] = {ask_rec.line}
    bound_text = _bind(parser, recs, ask_rec, asked, before, used)
    if bound_text is None:
        return None
    text, bound = bound_text
    text = form_fields._which_of(text, bound)
    places = {n for _, n in bound} | {n for _, n in form_fields._named(parser, text)}
    classes = parser._asked_alone(text).classes
    back = _words()["back_pointer"].search(text)  # "wie viele Fenster sind das": a restricting record may be meant
    # another item of the ask's own series ("Task 4: draw the roof by hand" beside "Task 3: ...?") is a request of
    # its own: it restricts the ask only when it names the asked things or the ask points back
    prefix = re.sub(r"[\d.]+[a-z]?$", "", ask_rec.key)
    sibling_of = {r.line for r in recs if r.kind == "item" and ask_rec.kind == "item" and r is not ask_rec
                  and prefix and re.sub(r"[\d.]+[a-z]?$", "", r.key) == prefix} or None
    aside: list[str] = []
    rest: list[tuple[form_fields.Field, str]] = []
    for r in recs:
        if r.line in used:
            continue
        if r.kind == "header":
            aside.append(r.text)  # a header row names columns, not values
            continue
        rest.append((form_fields.Field(r.line, r.text, r.speaker, r.body, "text"), r.body))
    rest += [(form_fields.Field(ask_rec.line, p, "", p, "text"), p) for p in pieces]
    for f, said in rest:
        said = _words()["blank"].sub(" ", said)
        if not said.strip():
            continue
        other = {n for _, n in form_fields._named(parser, said)}
        if places and other and other.isdisjoint(places):  # a record about another storey or room: its place is
            for _, name, pattern in form_fields._places(parser):  # no word of the ask's scope
                if name in other:
                    said = pattern.sub(lambda x: " " * len(x.group(0)), said)
        sibling = sibling_of is not None and f.line in sibling_of and back is None and not (
            parser._context_names(said).class_keys & classes) and not (
            form_fields._named(parser, said) and not places)  # (a place beside an ask without one may be its scope)
        why = None if sibling else form_fields._can_restrict(parser, f, said, classes, places)
        if why is None and not sibling and _ungrounded_place(parser, said):
            why = "it says a place the model does not ground ('we are in the west tower today')"
        if why is None and back is not None and RESTRICTS.search(said):
            why = f"it restricts and the ask points back ({back.group(0)!r})"
        if why is not None:
            _log(f"doc23: {f.text!r} kept: {why}")
            return None
        aside.append(f.text)
    notes = f"read as a document of records (round 23 doc23): the ask is the record {ask_rec.text.strip()!r}: {text!r}"
    if bound:
        notes += "; its pointer bound to " + ", ".join(n for _, n in bound)
    return Reading(text=text, asked=asked, aside=aside, read_as=notes)
