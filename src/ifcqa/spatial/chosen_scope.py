"""A superlative that chooses the scope of another question (issue 22, round 14).

People compose: "how many doors are on the floor with the most rooms", "which windows are in the biggest room",
"list the doors of the smallest office", "which storey has the most windows, and how many doors does it have",
"the room with the most windows - what's its area?", "Wie viele Türen hat das Geschoss mit den meisten Räumen?".
The superlative picks ONE storey or room; the rest of the question is asked of it.

:func:`find` reads the superlative phrase (closed-class words of ``data/chosen_scope_words.json``: the storey and
room nouns, most / fewest / largest / smallest, the link words) and writes the question that CHOOSES (the
"chooser": "which storey has the most rooms", "which storey has the largest floor area", "which is the largest room
on Erdgeschoss", "which room has the most windows") and the rest with a slot for what it chooses. :func:`answer`
asks the chooser through the existing machinery (``SpatialQA.ask``: every class, room and measure word it reads, in
English and German, and its ranking rules), then:

- no single winner (a tie, a class the model has none of, a measure the model does not record, a chooser that
  declines): a decline naming the tie or the reason, nothing listed;
- one winner: the rest is asked of it by name (a storey's Name; a room by a name that resolves to exactly that
  space, else a decline), and the answer says which storey or room was chosen and why ("Level 2 has the most
  windows (18). There are 8 doors on Level 2: ...").

Called by :class:`ifcqa.spatial.pipeline.SpatialQA` only when the rules' plan of the whole question declined: every
question answered before is answered as before. The words of the phrase are all taken up by the chooser, and each
part is parsed with the usual check, so an unread word still declines the part that holds it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ifcqa.spatial import chosen_measure
from ifcqa.spatial.plan import Plan
from ifcqa.spatial.word_patterns import alternation

_BUSY: set[int] = set()  # the answerers asking a chooser or a rest now: never choose again inside them


@cache
def _words() -> dict[str, Any]:
    text = resources.files("ifcqa.spatial.data").joinpath("chosen_scope_words.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _alt(words: Iterable[str]) -> str:
    return alternation(words)


@dataclass(frozen=True)
class Choice:
    """A superlative phrase: what it chooses (``storey`` / ``room``), the question that chooses it, and the question
    whose ``{scope}`` slot is filled with the chosen one's name."""

    kind: str
    phrase: str
    chooser: str
    rest: str
    superlative: str
    how: str = "with"  # two (clauses: the first chooses, the second asks of it), fronted ("X - what's its
    # area?", "X: area?"), with ("on the floor with the most rooms"), size ("the largest storey")


@cache
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    storey, room = _alt(w["storey_nouns"]), _alt(w["room_nouns"])
    most, fewest = _alt(w["most"]), _alt(w["fewest"])
    size = _alt(w["largest"] + w["smallest"] + w["tallest"])
    det = rf"(?:(?:{_alt(w['determiners'])})\s+)?"
    what = r"(?P<what>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})"
    sup = rf"(?P<sup>{most}|{fewest})"
    noun_with = rf"(?P<noun>{storey}|{room})\s+(?:{_alt(w['links'])})\s+(?:(?:the|den|die)\s+)?{sup}\s+{what}"
    return {
        # "the floor with the most rooms", "das Geschoss mit den meisten Räumen", "whichever level has the fewest doors"
        "with": re.compile(rf"(?<![\w]){det}{noun_with}", re.IGNORECASE),
        # "which storey has the most windows, and how many doors does it have?"
        "two": re.compile(rf"^\s*(?:(?:{_alt(w['lead_ins'])})\s+)?(?:(?:{_alt(w['asks'])})\s+(?P<noun>{storey}|{room})"
                          rf"\s+(?:{_alt(w['have'])})|{det}(?P<noun2>{storey}|{room})\s+(?:{_alt(w['links'])}))"
                          rf"\s+(?:(?:the|den|die)\s+)?{sup}\s+{what}(?:\s*(?P<sep>[,;:?!.]+|\s-+|\s–)\s*"
                          rf"(?:(?:and|und|also|then|dann)\s+)?|\s+(?:and|und)\s+)(?P<rest>.+)$", re.IGNORECASE),
        # "the largest storey", "the biggest room on Erdgeschoss", "im größten Raum", "the smallest office"
        "size": re.compile(rf"(?<![\w]){det}(?P<sup>{size})\s+(?P<noun>[^\W\d_][\w-]*)", re.IGNORECASE),
    }


def _sup_word(sup: str) -> str:
    w = _words()
    low = " ".join(sup.lower().split())
    for key in ("most", "fewest", "largest", "smallest", "tallest"):
        if low in (" ".join(x.split()) for x in w[key]):
            return key
    return low


def _trim_what(what: str) -> str:
    """The class words after "the most": up to the first word that starts the rest ("have", "on", "and", ...)."""
    stop = set(_words()["after_what"])
    out = []
    for word in what.split():
        if word.lower() in stop:
            break
        out.append(word)
    return " ".join(out)


def _storey_noun(noun: str) -> bool:
    return noun.lower() in _words()["storey_nouns"]


def _pronouns(rest: str) -> tuple[str, bool]:
    """``rest`` with its pronoun for the chosen one made a ``{scope}`` slot ("does it have", "what's its area",
    "how many doors there"); False when it holds none."""
    for pronoun, into in _words()["pronouns"].items():
        if pronoun == "its":
            m = re.search(r"\bits\s+(?P<rest>[^?.!,;]+?)(?=\s*[?.!,;]|\s*$)", rest, re.IGNORECASE)
            if m:
                return rest[:m.start()] + into.format(rest=m.group("rest"), scope="{scope}") + rest[m.end():], True
            continue
        m = re.search(r"(?<![\w'])" + _alt([pronoun]) + r"(?![\w'])", rest, re.IGNORECASE)
        if m:
            return rest[:m.start()] + into.format(scope="{scope}") + rest[m.end():], True
    return rest, False


def _chooser(kind: str, noun: str, sup: str, what: str, on: str = "") -> str:
    if kind == "storey" and what:
        return f"which storey has the {sup} {what}"
    if kind == "storey":
        return f"which storey has the {sup} floor area"
    if what:
        return f"which room has the {sup} {what}{on}"
    return f"which is the {sup} {noun}{on}"


def find(question: str, storey_names: list[str]) -> Choice | None:
    """The superlative phrase of ``question`` that chooses a storey or room, or None."""
    pats = _patterns()
    two = pats["two"].match(question)
    if two is not None:
        noun = two.group("noun") or two.group("noun2")
        what = _trim_what(two.group("what"))
        sup = _sup_word(two.group("sup"))
        rest, said = _pronouns(two.group("rest"))
        if what and said and sup in ("most", "fewest") and not _about_answer(two.group("rest")):
            kind = "storey" if _storey_noun(noun) else "room"
            phrase = re.sub(r"[\s,;:–-]+(?:(?:and|und|also|then|dann)\s*)?$", "", question[:two.start("rest")])
            return Choice(kind, phrase.strip(), _chooser(kind, noun, sup, what), rest, sup, "two")
    m = pats["with"].search(question)
    if m is not None and re.search(rf"(?:{_alt(_words()['asks'])})\s*$", question[:m.start()], re.IGNORECASE):
        m = None  # "which storey has the most rooms": the question itself, not a scope
    if m is not None:
        what = _trim_what(m.group("what"))
        if what:
            end = m.start("what") + len(what)
            noun, sup = m.group("noun"), _sup_word(m.group("sup"))
            kind = "storey" if _storey_noun(noun) else "room"
            on = ""
            if kind == "room":  # "the room with the most windows on Level 2": among the rooms there
                on, end = _place_after(question, end)
                what += on
            rest = question[:m.start()] + "{scope}" + question[end:]
            rest, fronted = _pronouns_after(rest)
            if not _asked_apart(rest):
                return Choice(kind, question[m.start():end], _chooser(kind, noun, sup, what), rest, sup,
                              "fronted" if fronted else "with")
    for m in pats["size"].finditer(question):
        noun, sup = m.group("noun"), _sup_word(m.group("sup"))
        if (sup not in ("largest", "smallest", "tallest") or (sup == "tallest" and _storey_noun(noun))
                or _measured(noun) or re.search(r"fläche|area", noun, re.IGNORECASE)):
            continue  # "die größte Nettofläche", "the largest area": a measure, not what it is of
        if _storey_noun(noun) and re.match(rf"\s+(?:{_alt(_words()['noun_quantities'])})\b", question[m.end():],
                                           re.IGNORECASE):
            continue  # "which room has the largest floor area": a measure, not the largest floor (round 19)
        end, on = m.end(), ""
        if not _storey_noun(noun):  # "the largest room on Erdgeschoss", "downstairs": the place is the choice's
            on, end = _place_after(question, end)
        kind = "storey" if _storey_noun(noun) else "room"
        rest = question[:m.start()] + "{scope}" + question[end:]
        rest, fronted = _pronouns_after(rest)
        if _asked_apart(rest):
            continue
        return Choice(kind, question[m.start():end], _chooser(kind, noun, sup, "", on), rest, sup,
                      "fronted" if fronted else "size")
    return None


_PLACE_AFTER = re.compile(
    r"\s+(?:(?:on|in|im|auf|at|of|from)\s+[^,;:?!]*?|downstairs|upstairs|unten|oben)"
    r"(?=\s*(?:[,;:?!]|(?<!\d)\.(?:\s|$)|$)|\s+[-–]\s|\s+(?:and|und|what|which|how|with|that|please|pls|for|have|has|hat)\b)",
    re.IGNORECASE)


def _about_answer(rest: str) -> bool:
    """Whether the 'it' / 'es' after a choice is the object of a verb of needing or passing on ("need it for the
    cleaning quote", "brauche es für das Angebot"): it stands for the answer, so the rest asks nothing of the
    chosen one (``data/chosen_scope_words.json`` ``answer_verbs``)."""
    verbs = _alt(_words()["answer_verbs"])
    return re.search(rf"(?<![\w'])(?:{verbs})\s+(?:it|es)(?![\w'])", rest, re.IGNORECASE) is not None


def _place_after(question: str, end: int) -> tuple[str, int]:
    """The place said right after a chosen room ("on Erdgeschoss", "downstairs", "on the first upper floor
    (1. Obergeschoss)"): part of the choice (asked in the chooser, out of the rest), never left to the rest, where
    it would narrow a room chosen among all of them."""
    place = _PLACE_AFTER.match(question, end)
    return (place.group(0), place.end()) if place else ("", end)


def _pronouns_after(rest: str) -> tuple[str, bool]:
    """A phrase fronted before a dash or colon ("the room with the most windows - what's its area?"): the pronoun
    after it is the chosen one, and the phrase itself is no part of the question."""
    m = re.match(r"^\s*\{scope\}\s*(?P<sep>[,;:?!.]+|\s-+|\s–)\s*(?P<rest>.+)$", rest)
    if m is None:
        return rest, False
    out, said = _pronouns(m.group("rest"))
    if said:
        return out, True
    return ("{scope}: " + m.group("rest"), True) if ":" in m.group("sep") else (rest, False)


def _asked_apart(rest: str) -> bool:
    """Whether the phrase is a question of its own and what follows points back at nothing ("Largest room on
    GroundFloor? Also the walls on attic."): two requests, never the second asked of the first's choice (it listed
    the walls bounding the largest room on the attic: none)."""
    return re.match(r"^\s*\{scope\}\s*[?!]", rest) is not None


def _identity_asked(choice: Choice) -> str | None:
    """The request of ``choice.rest`` when it only asks which storey or room the statement's superlative is ("The
    painters want their biggest crew on the storey with the most walls. Which storey is that?"), and the statement
    says nothing after the phrase that could narrow it (a place, a relative clause, a restricting word)."""
    sentences = [p for p in re.split(r"(?<=[.!?;:])\s+|\n+", choice.rest) if p.strip()]
    if len(sentences) < 2 or "{scope}" in sentences[-1]:
        return None
    asked = " ".join(re.sub(r"[^\w\s]", " ", sentences[-1].lower()).split())
    if not any(re.fullmatch(form, asked) for form in _words()["identity"]):
        return None
    holder = next((p for p in sentences if "{scope}" in p), "")
    after = holder.split("{scope}", 1)[1] if holder else ""
    if not holder or re.search(_words()["identity_blocked"], after, re.IGNORECASE):
        return None
    return sentences[-1].strip()


def _first_sentence(text: str, most: int = 400) -> str:
    cut = re.split(r"(?:(?<=[^\d\s][.!?])|(?<=\d\d[.!?]))\s+(?=[A-Z])", text.strip(), maxsplit=1)[0].rstrip()
    return cut if len(cut) <= most else cut[:most].rsplit(";", 1)[0] + "; ...)"


def _declined(question: str, plan: Plan, choice: Choice, reason: str, can: str) -> dict[str, Any]:
    declined = {"reason": reason, "not_understood": [choice.phrase], "can_answer": can}
    plan_dict = plan.to_dict()
    plan_dict["declined"], plan_dict["intent"] = declined, "declined"
    plan_dict["chosen_scope"] = {"phrase": choice.phrase, "chooser": choice.chooser, "rest": choice.rest}
    plan_dict["notes"] = [*plan_dict["notes"], f"chosen scope: {choice.phrase!r} asked as {choice.chooser!r}"]
    return {"question": question, "answer": f"I cannot answer this: {reason}, so nothing is listed. {can}",
            "elements": [], "plan": plan_dict, "route": "none", "timings_ms": {}, "declined": declined,
            "count": None, "value": None, "yes_no": None, "storeys": None, "rule": None,
            "why": "declined: " + reason}


def _room_names(row: dict[str, Any], index: Any) -> list[str]:
    element = index.find(row["guid"]) if index is not None else None
    name = (getattr(element, "name", None) or row.get("name") or "").strip()
    long_name = (getattr(element, "long_name", None) or "").strip()
    out = [f"room {name}" if name else "", long_name, f"{name} {long_name}".strip(), name]
    return [n for n in dict.fromkeys(out) if n]


def answer(qa: Any, question: str, plan: Plan) -> dict[str, Any] | None:
    """The answer to ``question`` whose superlative chooses the scope of the rest (``qa``: the ``SpatialQA``), or
    None when the question holds no such phrase, the rules' plan answered it, or the chooser asks something else."""
    if id(qa) in _BUSY or plan.parser.startswith("llm:"):
        return None
    storeys = [s.name for s in qa.parser.resolver.storeys if s.name]
    choice = find(question, storeys) or chosen_measure.holder(question)  # round 15: "the floor with room A205"
    # round 19: "... the storey with the most doors gets new signs. Which storey is that?" asks the superlative
    # alone, whatever the whole question's plan made of the statement around it
    identity = choice is not None and _identity_asked(choice) is not None
    if not identity and (plan.unresolved or choice is None or (plan.declined is None and not _composed_anyway(choice))):
        return None
    if _TOP_N.search(question):
        return None  # "the three largest rooms": several chosen, never one (the rules' decline names the number)
    _BUSY.add(id(qa))
    try:
        out = _answer(qa, question, plan, choice)
    finally:
        _BUSY.discard(id(qa))
    return out  # (a tie declines even where the plan did not: its answer ignored the superlative)


# a count before a superlative asks for several: "the three largest rooms", "die 2 größten Räume"
_TOP_N = re.compile(r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|fünf|sechs)\s+"
                    r"(?:[^\W\d_]+st|[^\W\d_]+sten?|most|fewest|meisten|wenigsten)\b", re.IGNORECASE)


def _composed_anyway(choice: Choice) -> bool:
    """Whether a question whose rules' plan did not decline is still composed (and answered so when the composed
    answer does not decline): two clauses read as one ("which storey has the most A, and how many B does it have":
    "the most A and B"), a fronted choice ("Room with most doors: area in m2?": every room's area), and a choice
    by count after a preposition or a storey chosen by size ("the floor area of the level with the most doors":
    the doors' floor area). A room chosen by size after a preposition ("the area of the largest room") is the
    rules' own question."""
    if choice.how in ("two", "fronted") or chosen_measure.asks_measure(choice):  # round 15: a measure of it
        return True
    before = choice.rest.split("{scope}")[0]
    after_preposition = re.search(_words()["scope_before"], before, re.IGNORECASE) is not None
    return after_preposition and (choice.how == "with" or choice.kind == "storey" or not _measured(before))


def _measured(text: str) -> bool:
    """Whether ``text`` names a measure ("the area of", "how big is"): a room chosen by size after it is the rules'
    own question ("the area of the largest room": the largest area)."""
    return any(w in _words()["measure_words"] for w in re.findall(r"[^\W\d_]+|m²|m2", text.lower()))


def _answer(qa: Any, question: str, plan: Plan, choice: Choice) -> dict[str, Any] | None:
    chosen = qa.ask(choice.chooser)
    if not chosen_measure.holder_ok(choice, chosen):
        return None  # "the floor with the stairs": what it holds is no room (round 15)
    why = _first_sentence(str(chosen.get("answer") or ""))
    if chosen.get("declined"):
        reason = str(chosen["declined"].get("reason") or "")
        return _declined(question, plan, choice, f"{choice.phrase!r} chooses nothing: {reason}",
                         f"Ask {choice.chooser!r} on its own.")
    said = _identity_asked(choice)
    if said is not None:  # "... on the storey with the most walls. Which storey is that?": the chooser's answer
        out = dict(chosen)
        out["question"] = question
        plan_dict = dict(out.get("plan") or {})
        plan_dict["question"] = question
        plan_dict["notes"] = [*plan_dict.get("notes", []), f"chosen scope: {said!r} asks which one "
                              f"{choice.phrase!r} is, asked as {choice.chooser!r}; the rest of the statement "
                              "(what is done there) restricts nothing and is set aside"]
        out["plan"] = plan_dict
        out["route"] = "chosen_scope"
        return out
    if choice.kind == "storey":
        names = chosen.get("storeys")
        if names is None and not chosen.get("elements") and chosen.get("value") is None:
            names = []  # "None of the spaces has a floor_area, so I give no answer."
        if not isinstance(names, list):
            return None  # the chooser was read as another question: not ours
        if len(names) != 1:
            what = f"it chooses none: {why}" if not names else f"{' and '.join(names)} tie: {why}"
            return _declined(question, plan, choice, f"{choice.phrase!r} chooses no single storey ({what})",
                             "Ask about one storey by name, e.g. " + repr(choice.rest.format(scope=(names or storeys_of(
                                 qa))[0])) + ".")
        scopes = chosen_measure.storey_forms(names[0])  # round 15: 'Roof' alone reads as the roof element
    else:
        rows = chosen.get("elements") or []
        if not rows or any(r.get("class") != "IfcSpace" for r in rows):
            return None  # the superlative chose elements, not rooms ("the largest window"): not ours
        if len(rows) != 1:
            return _declined(question, plan, choice, f"{choice.phrase!r} chooses no single room ({why})",
                             "Ask about one room by name.")
        scopes = _room_names(rows[0], qa.index)
    last: dict[str, Any] | None = None
    off: str | None = None
    for scope in scopes:
        asked = choice.rest.format(scope=scope)
        got = qa.ask(asked)
        if choice.kind == "storey" and (off := chosen_measure.off_scope(got, scopes[0])):  # round 15: it alone
            continue
        if choice.kind == "room" and not got.get("declined"):
            rooms = [g for r in (got.get("plan") or {}).get("rooms") or [] for g in (r.get("spaces") or [])]
            if set(rooms) != {rows[0]["guid"]}:
                last = None
                continue  # the name reads as other (or several) spaces: try the next way to name it
        last = got
        break
    if last is None and off:
        return _declined(question, plan, choice, f"{why} - but {off}", "Ask about that storey by its name.")
    if last is None:
        return _declined(question, plan, choice, f"{choice.phrase!r} chooses {why}, but no name of it reads as that "
                         "one room alone", "Ask about that room by its number.")
    if last.get("declined"):
        reason = str(last["declined"].get("reason") or "")
        return _declined(question, plan, choice, f"{why} - but the rest, {asked!r}, declines: {reason}",
                         str(last["declined"].get("can_answer") or ""))
    out = dict(last)
    out["question"] = question
    out["answer"] = f"{why} {last.get('answer') or ''}".strip()
    rule = chosen.get("rule")
    if isinstance(out.get("rule"), str) and out["rule"]:
        out["rule"] = f"{scope}, chosen by {choice.chooser!r} ({rule}); {out['rule']}"
    plan_dict = dict(out.get("plan") or {})
    plan_dict["question"] = question
    plan_dict["chosen_scope"] = {"phrase": choice.phrase, "chooser": choice.chooser, "chosen": scope,
                                 "rest": asked, "why": why}
    plan_dict["notes"] = [*plan_dict.get("notes", []), f"chosen scope: {choice.phrase!r} = {scope} (asked "
                          f"{choice.chooser!r}); then asked {asked!r}"]
    out["plan"] = plan_dict
    out["route"] = "chosen_scope"
    out["why"] = f"a superlative chose the scope: {choice.chooser!r} chose {scope}, then {asked!r}"
    return out


def storeys_of(qa: Any) -> list[str]:
    return [s.name for s in qa.parser.resolver.storeys if s.name] or ["a storey"]
