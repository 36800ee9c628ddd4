"""A message read so that only its request decides the answer (issue 22, round 21 msg21).

People ask inside minutes, chat threads, site diaries, handovers and to-do lists: "ACTION Frank: count the walls
that are NOT load-bearing", "-> Aufgabe Lena: Anzahl der Ventile aus dem Modell holen", "Could you do point 2 from
the model?", "Can you get me the carpet number?", "which rooms are below that size?". The other units tell why or
when ("Price per plate 4.20 EUR", "budget ... (120 EUR)", "finished yesterday", "Weather dry, 18 °C", "Next
meeting: 10 March") or name other things in a side clause ("The fittings I will count myself"). Earlier readings
let every unit of the message fire the parser's triggers: a refusal on a price of something else, a relation
across units, every unread word of a minutes item as "not understood".

The mechanism (:func:`read`), on the units of :mod:`ifcqa.spatial.message_units` grouped into ITEMS (a line with
its list marker "-", "*", "1.", "TOP 2:", "=>", "->", its speaker or field label and its body):

1. **the request**: a TASK item ("ACTION Name:", "Action item (Name):", "Aufgabe Name:", "TODO:", "question for the
   model:") is the request; else the units that ask by their form (message_units' roles), a lead-in that ends in a
   colon ("what we need from the model:") standing for the noun-phrase items after it. A request that points at
   an ITEM ("point 2", "Punkt 3", "the carpet number": the item labelled "carpet") is that item's text. A second
   errand coordinated after the request ("... and send the number to Firma Schmitt") and a comma tail that is talk
   (", those are candidates for removal") are not asked.
2. **refusals are the request's**: the request read alone must not be refused (a cost, a schedule, a write asked
   by the request declines as before: None is returned); a refusal word in any other unit is blanked.
3. **the other units**: kept when the request points into them (that, those, there, it, them, which one, that
   size, das Zimmer: then the units before it that name something the model holds are its antecedents), or when
   they could restrict what is asked: they name a storey, room or property the request leaves open, or say
   "only", "except", "not", "without" (``data/request_decides.json``). A unit that names nothing the model holds,
   or only what the request names already (its class, its storey, its property), is set aside: it cannot select
   among the asked elements. A self-correction ("- no wait, include them") cancels the unit it corrects; a
   correction naming a storey or room replaces the one of the unit corrected.
4. the kept units are read by the rules as one message (the pointer binders, the scope readers, the parser's
   checks apply or decline a restriction, never drop it); "context set aside" in the plan's notes says what was
   not read.

Called from one place: ``SpatialQA._compute``, only when the whole message declines and round 20's reading
(message_units) did not answer it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import message_sentences, message_units
from ifcqa.spatial.restricting import RESTRICTS

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

# Round 21: the helper's first all-sets run found new broadenings in 30 message sets, the narrowed reading still 14;
# the merge added the last gate (``_drops_a_restriction``: a place, a place field, an orientation, a restricting or
# conditional word among what would be blanked leaves the message to the rules) and the switch is on only because
# ``score_many --compare`` against main d8fe8c0 shows 0 new broadenings. A switch for tests and for bisecting.
ENABLED = True


@dataclass
class Reading:
    """The message as its request asks it: ``text`` (every other position blanked), ``asked`` (the request's own
    text) and what was set aside."""

    text: str
    asked: str
    aside: list[str] = field(default_factory=list)
    read_as: str = ""

    def notes(self) -> list[str]:
        out = [f"request read first (round 21): {self.asked!r}"]
        if self.read_as:
            out.append(self.read_as)
        if self.aside:
            out.append("context set aside (the request does not point into it and it cannot restrict what is "
                       f"asked): {'; '.join(map(repr, self.aside))}")
        return out


@functools.cache
def _words() -> dict[str, Any]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/request_decides.json").read_text("utf-8"))
    return {k: (re.compile(v, re.I) if isinstance(v, str) and not k.startswith("_") else v) for k, v in raw.items()}


@dataclass
class Item:
    """One line of the message: its span, its list marker's number (``None``: none), its label and its body."""

    start: int
    end: int
    body: int  # where the body starts (after marker and label)
    number: int | None
    label: str
    task: bool  # the label names a task ("ACTION Frank:", "-> Aufgabe Lena:", "question for the model:")


def _items(question: str, placed: Any = None) -> list[Item]:
    w = _words()
    out: list[Item] = []
    at = 0
    for line in question.split("\n"):
        a, b = at, at + len(line)
        at = b + 1
        if not line.strip():
            continue
        body = a
        number = None
        m = w["marker"].match(question, body, b)
        if m is not None:
            body = m.end()
            if m.group("n"):
                number = int(m.group("n"))
        task = w["task"].match(question, body, b)
        label = ""
        if task is not None:
            label, body = task.group(0).strip(), task.end()
        else:
            lab = w["label"].match(question, body, b)
            if lab is not None and not (placed is not None and placed(lab.group("label"))):  # "attic: ...", "Küche:
                # ..." name the place asked, never a label
                label, body = lab.group("label").strip(), lab.end()
        out.append(Item(a, b, body, number, label, task is not None))
    return out


def _refused(parser: Parser, text: str) -> bool:
    from ifcqa.spatial.parser import normalise
    from ifcqa.spatial.vocabulary import REFUSALS

    said = normalise(text)
    return any(p.search(said) for patterns, *_ in REFUSALS.values() for p in patterns)


# a pronoun for what the request lists, and the asker as a subject ("before I replace them all": the asker acts)
_THEM = re.compile(r"\b(?:them|it|those|these|they|all\s+of\s+them|sie|diese)\b", re.IGNORECASE)
_ASKER_ACTS = re.compile(r"\b(?:i|we|i'll|we'll|i'm|we're|ich|wir)\b", re.IGNORECASE)


def write_of_listed(parser: Parser, text: str) -> bool:
    """Whether ``text`` (a unit beside the request) asks to change what the request lists ("Then please delete
    them."): the write refusal's words (never a cost, a person or a date), said of them, with no first-person
    subject acting ("before I replace them all" is the asker's plan)."""
    from ifcqa.spatial.parser import normalise
    from ifcqa.spatial.vocabulary import REFUSALS

    said = re.sub(r"^\W*(?:(?:then|and|also|now|afterwards|danach|dann|und)\W+)*", "", normalise(text))
    return (REFUSALS["write"][0][0].search(said) is not None and _THEM.search(text) is not None
            and _ASKER_ACTS.search(text) is None)  # the imperative only ("The handyman will replace them": told)


def _blank_refusals(text: str) -> str:
    from ifcqa.spatial.vocabulary import REFUSALS

    for patterns, *_ in REFUSALS.values():
        for p in patterns:
            text = re.sub(p.pattern, lambda m: " " * len(m.group(0)), text, flags=re.I)
    return text


# a unit asking for more ("Plus I'd need the walls on attic", "also the doors please", "auch die Fenster"): a second
# request, never talk
_MORE_ASKED = re.compile(r"\b(?:plus|also|too|as\s+well|additionally|and\s+the|auch|zusätzlich|ausserdem|außerdem)\b|"
                         r"\b(?:i|we)(?:'d|\s+would|\s+also)?\s+(?:need|want|like)\b|\bbrauche\b", re.IGNORECASE)


def _place_said(said: str) -> bool:
    """A place as round 20's message units read one: a place phrase, a place noun, a part of the building."""
    from ifcqa.spatial import context_clauses, framing

    return bool(framing.place_said(said) or message_sentences._PLACE_NOUN.search(said)
                or context_clauses._BUILDING_PART.search(said))


def _rooms_modify(parser: Parser, said: str) -> bool:
    """Whether every room the unit names is said as the modifier of a noun the model does not hold ("kitchen
    conversion", "bathroom job")."""
    from ifcqa.spatial.parser import normalise

    parser._framing = True
    try:
        sub = parser.parse(said)
    finally:
        parser._framing = False
    from ifcqa.spatial.parser import _CLASS_KEYS

    text = normalise(said)
    terms = [r.term for r in sub.rooms if r.guids]
    plain = _words()["function_words"]
    return bool(terms) and all(
        (m := re.search(re.escape(normalise(t)) + r"(?:\s+|-)([^\W\d_][\w'-]*)", text)) is not None
        and m.group(1) not in plain and m.group(1) not in _CLASS_KEYS and not parser._context_names(m.group(1)).places
        for t in terms)


def _storey_shape() -> str:
    from ifcqa.spatial.message_antecedents import _words as anaphor_words

    return str(anaphor_words()["storey_shape"])


def _room_terms(parser: Parser, said: str) -> list[str]:
    """The rooms a unit names, as it writes them."""
    from ifcqa.spatial.parser import normalise

    parser._framing = True
    try:
        sub = parser.parse(said)
    finally:
        parser._framing = False
    text = normalise(said)
    return [said[m.start():m.end()] for r in sub.rooms if r.guids
            if (m := re.search(re.escape(normalise(r.term)), text)) is not None and len(text) == len(said)]


def _storeys_at(parser: Parser, text: str) -> list[tuple[int, int]]:
    """The spans of the storey names said in ``text`` (one storey each)."""
    from ifcqa.spatial.parser import normalise

    said = normalise(text)
    if len(said) != len(text):
        return []
    return [(m.start(), m.end()) for group, p in parser._name_patterns if len(group) == 1 for m in p.finditer(said)]


def _corrected(parser: Parser, question: str, units: list[Any]) -> tuple[str, str, str] | None:
    """A request corrected after a dash or comma ("... on Level 2 - no wait, Level 1 I mean?"): the request with
    its one storey replaced by the one storey of the correction, the correction's other words only fillers."""
    w = _words()
    for line in question.split("\n"):
        m = re.search(r"\s[-\u2013,]\s*(?=" + w["correction"].pattern.lstrip("^\\s*") + ")", line, re.I)
        if m is None:
            continue
        prev, after = line[:m.start()], line[m.end():]
        marker = w["correction"].match(after)
        assert marker is not None
        corr = after[marker.end():]
        new, old = _storeys_at(parser, corr), _storeys_at(parser, prev)
        if len(new) != 1 or len(old) != 1:
            continue
        rest = (corr[:new[0][0]] + " " + corr[new[0][1]:]).casefold()
        if re.search(r"[^\W\d_]", w["correction_filler"].sub(" ", rest)):
            continue  # the correction says more than the storey
        right = corr[new[0][0]:new[0][1]]
        text = prev[:old[0][0]] + right + prev[old[0][1]:]
        text = text.rstrip(" -,") + ("?" if corr.rstrip().endswith("?") and not text.rstrip().endswith("?") else "")
        return text.strip(), prev[old[0][0]:old[0][1]], right
    return None


def _same_properties(n: Any, asked: Any) -> bool:
    """Whether a unit restricts only by properties the request constrains already ("walls that carry load stay
    untouched" beside "count the walls that are NOT load-bearing"): it cannot select further among the asked."""
    def props(rules: frozenset[str]) -> set[str]:
        return {re.split(r"\s*(?:!=|=|<|>|\bcontains\b)", r)[0].strip() for r in rules}

    return bool(n.qualifiers) and props(n.qualifiers) <= props(asked.qualifiers) and not n.bounds


def _cut_request(text: str) -> str:
    """The request without a coordinated second errand or a comma tail that is talk."""
    w = _words()
    m = w["errand"].search(text)
    if m is not None:
        text = text[:m.start()]
    m = w["task_verb"].search(text)  # "Anzahl der Ventile aus dem Modell holen": the task's verb, last
    if m is not None and re.search(r"[^\W\d_]{3}", text[:m.start()]):
        text = text[:m.start()]
    w = _words()
    paren = re.search(r"\s*\((?P<said>[^()]*)\)\s*[.!?]*\s*$", text)  # "(the rest get an insulation offer)"
    if paren is not None and (message_units._talk(paren["said"]) or w["complement"].match(paren["said"])) and \
            not RESTRICTS.search(paren["said"]):
        text = text[:paren.start()]
    tail = re.search(r",\s+(?P<tail>[^,?]+?)\s*[.!?]*\s*$", text)
    if tail is not None and re.search(r"[^\W\d_]", text[:tail.start()]) and message_units._talk(tail["tail"],
                                                                                                 sentence=False):
        text = text[:tail.start()]
    return text


def read(parser: Parser, question: str) -> Reading | None:
    """The message with every unit that cannot restrict the request blanked (see the module doc), or None when no
    request is found, the request itself is refused, or nothing is set aside."""
    from ifcqa.spatial.parser import normalise

    if "\n" not in question.strip():  # (one line: its pieces are the request's own sentence; left to the rules)
        return None
    w = _words()
    placed = message_units.placed_in(parser)

    def place_only(label: str) -> bool:  # "attic: ...", "Küche: ..." name a place: never a label
        n = parser._context_names(label)
        return bool(n.storeys or n.rooms)

    items = _items(question, place_only)
    grounded = message_units.grounded_in(parser)
    units = [u for u in message_units.units(question, placed) if u.role not in ("layout", "handle")]

    def item_of(pos: int) -> Item | None:
        return next((it for it in items if it.start <= pos < it.end + 1), None)

    # 1. the request
    spans: list[tuple[int, int]] = []  # the request's spans of the message
    read_as = ""
    tasks = [it for it in items if it.task]
    asked: list[Any] = []
    leads: list[Any] = []
    if len(tasks) == 1:
        it = tasks[0]
        text = _cut_request(question[it.body:it.end])
        spans = [(it.body, it.body + len(text))]
    elif not tasks:
        asked = [u for u in units if u.role == "request"]
        leads = [u for u in asked if u.text.rstrip().endswith(":")]
        if not asked:  # "Stair builder, bullet list of what I need:": a lead-in saying the need
            asked = leads = [u for u in units if u.text.rstrip().endswith(":") and w["lead_in"].search(u.text)][-1:]
        if leads and len(leads) == len(asked):  # "what we need from the model:": the noun-phrase items after it
            after = [u for u in units if u.start > leads[-1].end and u.role == "context"
                     and not message_units._talk(u.text) and grounded(u.text, "")
                     and not ((lit := item_of(u.start)) is not None and lit.label)  # "colour: anthracite": a value
                     and not (u.text.strip().startswith("(") and u.text.strip().endswith(")"))]
            spans = [(u.start, u.end) for u in after]
        else:
            spans = [(u.start, u.end) for u in asked if not u.text.rstrip().endswith(":")]
    if not spans:
        return None
    fixed = _corrected(parser, question, units)
    if fixed is not None:  # "How many windows are on Level 2 - no wait, Level 1 I mean?"
        text, wrong, right = fixed
        return Reading(text, text, [wrong], f"the correction {right!r} replaces {wrong!r}: read as {text!r}")
    if len(spans) > 1 and not tasks and not (asked and leads and len(leads) == len(asked)) and not any(
            w["item_number"].search(question[a:b]) or w["item_named"].search(question[a:b]) for a, b in spans):
        return None  # two units ask: "How many rooms are there overall? Also which doors are on Keller?"
    spans = [(max(a, si.body) if (si := item_of(a)) is not None else a, b) for a, b in spans]
    # the request's own label naming a class ("walls: how many on Level 1?") is part of what it asks
    spans = [(question.rfind(si.label, si.start, si.body), b) if (si := item_of(a)) is not None and a == si.body
             and si.label and not si.task and placed(si.label) else (a, b) for a, b in spans]
    asked_text = " ".join(question[a:b] for a, b in spans)
    # a request pointing at an item: "point 2", "Punkt 3", "the carpet number"
    pointed: Item | None = None
    if (m := w["item_number"].search(asked_text)) is not None:
        pointed = next((it for it in items if it.number == int(m.group("n"))), None)
        if pointed is None:
            return None  # no such item: the rules decline as before
    elif (m := w["item_named"].search(asked_text)) is not None:
        named = m.group("name").casefold()
        found = [it for it in items if it.label.casefold() == named and it.start > 0 or
                 question[it.body:it.end].strip().casefold().startswith(named + ":")]
        if len(found) != 1:
            return None
        pointed = found[0]
    if pointed is not None:
        label = pointed.label
        body = question[pointed.body:pointed.end]
        start = pointed.body
        if label and not pointed.task and (not grounded(label, "") or (
                parser._context_names(body).classes and not w["pointer"].search(body))):
            pass  # "carpet: needs the ...": the label names the need, the body says it
        elif label:
            start = pointed.body - len(question[pointed.start:pointed.body].lstrip(" -*•0123456789.)\t"))
        text = _cut_request(question[start:pointed.end])
        need = w["need_lead"].match(text)  # "carpet: needs the total floor area ...": the item says the need
        if need is not None and start == pointed.body:
            start, text = start + need.end(), text[need.end():]
        spans = [(start, start + len(text))]
        read_as = f"{question[m.start():m.end()].strip()!r} read as the item {body.strip()!r}"
        asked_text = question[spans[0][0]:spans[0][1]]
    # 2. refusals are the request's
    if _refused(parser, asked_text):
        return None
    # 3. the other units
    req_items = [ri for a, _ in spans if (ri := item_of(a)) is not None]
    typed_at = w["typed_pointer"].search(asked_text)
    typed = typed_at is not None  # "that level", "those two floors": else the last pointer ("... is that")
    pointer = typed_at or ([None, *w["pointer"].finditer(asked_text)])[-1]
    first_request = min(a for a, _ in spans)
    asked_names = parser._context_names(asked_text)
    said_storeys = {g.guid for group, p in parser._name_patterns if p.search(normalise(asked_text)) for g in group}
    asked_names = replace(asked_names, storeys=asked_names.storeys | said_storeys)
    keep: list[tuple[int, int]] = []
    aside: list[str] = []
    others: list[tuple[int, int, str]] = []
    for u in units:
        a, b = u.start, u.end
        ui = item_of(a)
        if ui is not None and a < ui.body:
            a = min(ui.body, b)  # a line's marker and label are layout
        if any(x <= a < y or a <= x < b for x, y in spans) or not re.search(r"[^\W\d_]", question[a:b]):
            continue
        if ui is not None and ui.task and ui not in req_items:
            return None  # a second task: which one is asked is not said
        others.append((a, b, question[a:b]))
    corrected: set[int] = set()
    for i, (_, _, said) in enumerate(others):
        if i > 0 and w["correction"].match(said) and w["cancels"].search(said):
            corrected |= {i - 1, i}  # "Small offices are out - no wait, include them": neither is said
    named = [parser._context_names(_blank_refusals(said)) for _, _, said in others]

    def new(n: Any) -> bool:
        """Whether a unit names a storey, room, class or property the request leaves open."""
        other_storeys = set(n.storeys) - set(asked_names.storeys)
        if other_storeys and asked_names.storeys and message_units._talk(said) and not w["additive"].search(said):
            other_storeys = set()  # "the EG I know is at 0.00" beside "the elevation of the Obergeschoss"
        return bool(other_storeys or (n.rooms and not asked_names.rooms)
                    or (n.qualifiers and not asked_names.qualifiers) or n.class_keys - asked_names.class_keys
                    or n.places and not (n.storeys or n.rooms or asked_names.places))

    def opens(n: Any, said: str) -> bool:
        """Whether a unit names a storey, room or property the request leaves open (another class selects
        nothing among the asked elements; a room word modifying a noun the model does not hold, "the kitchen
        conversion", "the bathroom job", names that thing; a place is one only as message_units reads one)."""
        other_storeys = set(n.storeys) - set(asked_names.storeys)
        if other_storeys and asked_names.storeys and message_units._talk(said) and not w["additive"].search(said):
            other_storeys = set()  # "the EG I know is at 0.00" beside "the elevation of the Obergeschoss"
        return bool(other_storeys
                    or (n.rooms and not asked_names.rooms and not _rooms_modify(parser, said))
                    or (n.qualifiers and not asked_names.qualifiers)
                    or (n.places and not (n.storeys or n.rooms or asked_names.places) and _place_said(said)))

    antecedents: set[int] = set()
    before = [i for i, (a, _, _) in enumerate(others) if a < first_request and i not in corrected]
    if pointer is not None:  # a pointer after what it stands for in the request itself points inside it
        lead = parser._context_names(asked_text[:pointer.start()]) if re.search(r"[^\W\d_]{3}",
                                                                               asked_text[:pointer.start()]) else None
        if lead is not None and (lead.storeys or lead.rooms if typed else (
                lead.storeys or lead.rooms or lead.class_keys or lead.classes)):
            pointer = None
    if pointer is not None and before:
        if typed:  # "that level", "those two floors", "das Zimmer": every unit naming a place before it
            antecedents = {i for i in before if named[i].storeys or named[i].rooms or named[i].places}
        else:  # "which one is it", "them": the nearest unit naming what the request leaves open, and after it
            near = [i for i in before if new(named[i])]
            if near:
                antecedents = {i for i in before if i >= near[-1]}
        for i in sorted(antecedents):  # "only for Level 2 (Level 1 gets shutters)": the parenthetical contrasts
            a, b, said = others[i]
            if said.lstrip().startswith("(") and i - 1 in antecedents and named[i].storeys and named[i - 1].storeys \
                    and not named[i].storeys & named[i - 1].storeys and not w["inclusive"].match(said):
                antecedents.discard(i)
    if not typed and any(_refused(parser, others[i][2]) for i in antecedents):
        return None  # "... what replacing them would cost. How much is that?": what it points at is refused
    topics: list[str] = []
    mu = message_units._words()
    things = bool(w["things"].search(asked_text))  # "which doors on that level are those?": what is said of them
    shapes = re.compile(_storey_shape(), re.I)

    def same_sentence(a: int, b: int) -> bool:
        """Whether question[a:b] stands in a sentence of the request ("elev. of the Dachgeschoss?", "the Nominale
        B x H (ArchiCADProperties) for the doors ..."): no sentence end between them."""
        for x, y in spans:
            lo, hi = (b, x) if b <= x else (max(y - 2, 0), a) if a >= y else (a, a)
            between = question[lo:hi] + (question[a:b] if b <= x else "")
            if "\n" not in question[lo:hi] and not re.search(r"[?!](?:\s|$)|[.](?:\s+(?=[A-ZÄÖÜ])|\s*$)", between):
                return True
        return False

    for i, (a, b, said) in enumerate(others):
        if i in antecedents:
            keep.append((a, b))
        elif same_sentence(a, b):
            keep.append((a, b))  # a piece of the request's own sentence
        elif mu.restricting.search(said) or mu.condition.search(said) or mu.about_things.search(said) or (
                things and grounded(said, asked_text)) or (shapes.search(said) and not named[i].storeys):
            keep.append((a, b))  # it restricts, conditions or says which things, or names a storey by its shape
        elif i not in corrected and item_of(a) in req_items and not said.lstrip().startswith("(") and \
                not message_units._talk(said) and grounded(said, ""):
            keep.append((a, b))  # "heat pump - which room?": a fragment on the request's line is its topic
            topics.append(said)
        elif i not in corrected and grounded(said, asked_text) and (RESTRICTS.search(said) or (
                not (pointer is not None and a < first_request) and (opens(named[i], said) or (
                    named[i].restricts and not _same_properties(named[i], asked_names))))):
            keep.append((a, b))  # it restricts, or names what the request leaves open
        elif _place_said(said) or (
                _MORE_ASKED.search(said) and grounded(said, "")):
            keep.append((a, b))  # "we are in the west tower today", "Location: Building C", "Plus I'd need the
            # walls on attic": a place the model may not name, or a second request (read with it: it declines)
        else:
            aside.append(said.strip())
    gap_asked = w["gap_question"].match(asked_text) is not None and any(w["gap"].search(others[i][2]) for i in before)
    if pointer is None and pointed is None and not topics and not gap_asked and not (
            asked_names.classes or asked_names.class_keys or asked_names.storeys or asked_names.rooms
            or asked_names.qualifiers or asked_names.bounds or asked_names.restricts):
        return None  # "Can the model tell us?": a request naming nothing asks what the message says around it
    size = w["size_pointer"].search(asked_text)
    if size is not None:  # a size pointer's antecedent: the unit saying the bound
        antecedents = {i for i in before if w["bound_said"].search(others[i][2])}
    # a unit that may restrict beside the request: only the plain reading below
    special = not any(k not in [others[i][:2] for i in antecedents] for k in keep)
    wh = w["gap_question"].match(asked_text) if special else None
    gaps = [i for i in before if w["gap"].search(others[i][2])]
    if wh is not None and len(gaps) == 1 and not parser._context_names(wh["wh"]).class_keys:
        said = others[gaps[-1]][2]  # "The boilers are on ... (which level? please fill in from the model)"
        text = said[:w["gap"].search(said).start()].strip() + " " + wh["wh"].strip() + "?"
        return Reading(text, asked_text.strip(), [x for j, (_, _, x) in enumerate(others) if j != gaps[-1]],
                       f"{asked_text.strip()!r} fills the gap of {said.strip()!r}: read as {text!r}")
    if size is not None and not special:
        return None
    if size is not None:  # "which rooms are below that size?" after "anything under 15 square metres"
        bounds = [m for i in before for m in w["bound_said"].finditer(others[i][2])]
        if len(bounds) != 1:
            return None
        bound = bounds[0].group(0)
        if size.group("cmp"):
            bound = size.group("cmp") + bound[w["bound_cmp"].match(bound).end():]
        text = asked_text[:size.start()] + " " + bound + asked_text[size.end():]
        return Reading(text, asked_text.strip(), [x.strip() for _, _, x in others],
                       f"{size.group(0).strip()!r} read as {bound!r}: read as {text!r}")
    if special and typed_at is not None and w["room_head"].search(typed_at.group(0)):
        rooms = {r for i in antecedents for r in named[i].rooms}
        terms = [t for i in antecedents for t in _room_terms(parser, others[i][2])]
        if len(rooms) == 1 and terms:  # "welche Fenster hat das Zimmer?" after "Rollos fürs Schlafzimmer"
            head = w["room_head"].search(typed_at.group(0))
            assert head is not None
            at = typed_at.start() + head.start()
            text = asked_text[:at] + terms[0] + asked_text[typed_at.start() + head.end():]
            return Reading(text, asked_text.strip(), [x.strip() for _, _, x in others],
                           f"{typed_at.group(0).strip()!r} read as the room the message names: read as {text!r}")
    if special and w["chooser"].search(asked_text):  # "which one is that?" after "... / whichever is bigger"
        chosen = [i for i in sorted(antecedents) if w["whichever"].search(others[i][2])]
        if len(chosen) == 1:
            said = others[chosen[0]][2]
            clause = w["whichever"].sub("which", said[w["whichever"].search(said).start():]).strip(" .,;:-")
            leads_said = [others[i][2].strip(" .,;:-") for i in sorted(antecedents) if i < chosen[0]]
            names = [t for x in leads_said for t in _room_terms(parser, x)] or [
                x[a:b] for x in leads_said for a, b in sorted(_storeys_at(parser, x))]
            if len(names) > 1:  # "the new carpet goes in Bedroom6 or Children10": the candidates it names
                leads_said = [" or ".join(dict.fromkeys(names))]
            own = parser._context_names(clause)
            text = " - ".join([", ".join(leads_said), clause] if leads_said and not own.storeys and not own.rooms
                              else [clause]) + "?"
            return Reading(text, asked_text.strip(), [*aside, *(others[i][2].strip() for i in antecedents
                                                                if i != chosen[0] and i > chosen[0])],
                           f"{asked_text.strip()!r} asks the choice the message states: read as {text!r}")
    if not aside:
        return None
    chars = [" " if c != "\n" else "\n" for c in question]
    for a, b in sorted([*spans, *keep]):
        piece = question[a:b] if (a, b) in spans or message_units._words().restricting.search(
            question[a:b]) else _blank_refusals(question[a:b])  # "we only need the ones in the tenant's area": kept
        chars[a:b] = list(piece)
    text = "".join(chars)
    if not text.strip() or _drops_a_restriction(question, text, asked_text):
        return None
    return Reading(text, asked_text.strip(), aside, read_as)


_PLAIN_BEFORE = frozenset(["the", "a", "an", "all", "every", "each", "of", "these", "those", "this", "that", "our",
                           "my", "their", "its", "your", "some", "any", "no", "which", "and", "or", "both", "how",
                           "many", "much", "der", "die", "das", "den", "dem", "alle", "jede", "jeden", "diese",
                           "unsere"])


def _narrows_asked(dropped: str, asked: str) -> bool:
    """Whether ``dropped`` says a word of the request's with a modifier before it ("annual check of the fire doors"
    beside "Which doors are on Level 2?"): which ones may be meant."""
    for w in {x.casefold() for x in re.findall(r"[^\W\d_]{4,}", asked)}:
        for m in re.finditer(rf"(?<![\w-])([^\W\d_][\w-]*)\s+{re.escape(w)}\b", dropped, re.IGNORECASE):
            if m.group(1).casefold() not in _PLAIN_BEFORE:
                return True
    return False


def _drops_a_restriction(question: str, text: str, asked: str = "") -> bool:
    """The last gate (round 21 merge): whether a line piece blanked from ``question`` could restrict the answer by
    its form alone: a restricting or conditional word, a place (a place phrase or noun, a part of the building, an
    orientation) or a place field ("Location: Building C"). Such a message is left to the rules, which decline it
    naming the words: the reading never answers a broader question."""
    mu = message_units._words()
    for line_q, line_t in zip(question.split("\n"), text.split("\n"), strict=True):
        dropped = "".join(c if t == " " and c != " " else " " for c, t in zip(line_q, line_t, strict=True))
        dropped = " ".join(dropped.split())
        if not dropped:
            continue
        labels = re.finditer(r"(?:^|[|•])\s*([^\W\d_][\w .-]{0,30}?)\s*:(?!\S)", line_q)  # "... | Location: C"
        if mu.restricting.search(dropped) or mu.condition.search(dropped) or _place_said(dropped) or (
                asked and _narrows_asked(dropped, asked)) or any(
                message_units._place_label(m.group(1)) and line_t[m.end():m.end() + 40].split("|")[0].strip() !=
                line_q[m.end():m.end() + 40].split("|")[0].strip() for m in labels):
            return True
    return False


def in_contrast(text: str, at: int, outside: list[int]) -> bool:
    """Whether position ``at`` of ``text`` stands in a parenthetical that contrasts ("covers EG and 2.OG (1.OG is
    rented out and does its own)"): not an inclusive one ("(i.e. ...)", "(and ...)"), with something of the same
    type (``outside``: their positions) said outside any parenthetical."""
    opened = text.rfind("(", 0, at)
    if opened < 0 or text.find(")", opened) < at:
        return False
    if _words()["inclusive"].match(text, opened):
        return False

    def bare(x: int) -> bool:
        o = text.rfind("(", 0, x)
        return o < 0 or text.find(")", o) < x

    return any(bare(x) for x in outside if x != at)

