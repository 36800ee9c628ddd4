"""Absence as people say it: "without", "no", "lacking", "missing", "keine", "ohne" (issue 22, round 13).

Round 5 read "which floors have no X" and "rooms without X" (``Parser._none_of``: a count of X equal to 0, per
storey or per space). ``bench/spatial/absences.py`` found the shapes of absence it left unread (declined) or read
as something else (answered with confidence). This module reads them by their structure, for any class and any
property, in four parts:

* :func:`canonical` (run on the normalised question with the other negation shapes, before any word pass) spells
  an absence out in the forms the passes read, each rewrite named in the plan's notes:

  - **absence verbs** before a class word: "storeys lacking windows", "which floor lacks doors", "spaces missing
    windows", "which floors are missing columns", "which room is empty of / free of furniture" are "without" /
    "have no";
  - **a yes/no about absence** said as a statement to confirm: "no windows on T/FDN, right?", "So there are no
    doors on Level 2?", "Roof has no doors, correct?", "confirm: zero windows on T/FDN?", "there are no X on S, are
    there?" are "are there no X on S?"; an adverb between ("are there really no X") is dropped;
  - **a qualifier after "no"**: "are there no external doors?" is "are there no doors that are external?" - the
    "no" counts the external doors (zero), it never negates "external" (main answered "Yes: there are 10 doors
    with IsExternal = FALSE", the doors that are NOT external);
  - **a negation whose scope ends at "but"**: "walls not external but on Level 2", "doors that aren't external but
    sit on Level 1", "walls, not external, on Level 2" are "walls on Level 2 not external" (main took Level 2
    out: the walls that are not external on every OTHER storey);
  - **"nothing"**: "is there nothing on S?", "is S empty?" are "is there anything on S?" with the count asked
    equal to 0 (:func:`nothing_asked` sets the threshold);
  - **a property value missing**: "doors missing a fire rating", "which doors have no fire rating", "without a
    fire rating", "don't have a fire rating", "whose fire rating is missing / not recorded", "ohne
    Feuerwiderstand" are "not fire-rated" read as **unset** (:func:`values_unset`: no value, empty, or a
    placeholder; never FALSE): where no element holds a value that is every element asked, said so, while "not
    fire rated" (a rating denied, not a value missing) still declines there (round 5c);
  - German "Welche Geschosse haben keine X" is "Welches Geschoss hat keine X" (the plural was read as a lookup
    of a property the model names "Geschosse").

* :func:`ungrounded` declines "rooms without doors / windows" where the model has no space boundaries (before,
  the answer said so in its text but was no decline: nothing to check, nothing to say what can be asked).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

_DATA = Path(__file__).resolve().parent / "data" / "qualifier_words.json"
_NOTE = "absence read: "
# a statement to confirm: the tag after it, or the word before it
_TAG = re.compile(r"\s*,?\s*(?:right|correct|true|yes|is\s+that\s+(?:right|correct|so|true)|are\s+there|is\s+there|"
                  r"is\s+it(?:\s+not)?|isn't\s+it|or\s+not|or\s+are\s+there)\s*\?+\s*$")
_LEAD = re.compile(r"^\s*(?:so|and|confirm|please\s+confirm|just\s+to\s+confirm|to\s+confirm)\s*[:,]?\s+")
_ADVERB = re.compile(r"\b(?P<q>(?:are|is)\s+there|gibt\s+es)\s+(?:really|actually|definitely|truly|honestly|indeed|"
                     r"in\s+fact|wirklich|tatsächlich|tatsachlich)\s+(?=(?:no|zero|keine?[nrs]?|any)\b)")
_NOTHING = re.compile(r"^\s*(?:(?:is|are)\s+there\s+(?:really\s+)?(?:nothing|no\s+elements|no\s+objects)"
                      r"(?:\s+at\s+all)?\s+(?P<p>on|in|at)\b|is\s+(?P<s>.+?)\s+(?:completely\s+|totally\s+)?empty"
                      r"\s*\?+\s*$)")
_PLACE_VERB = (r"(?:located\s+|placed\s+|situated\s+|installed\s+|sit\s+|sits\s+|stand\s+|stands\s+|lie\s+|lies\s+|"
               r"found\s+)?")


@cache
def _set_nouns() -> tuple[tuple[str, str, str], ...]:
    """(noun as people write it, the set word the qualifier vocabulary reads, the property): "fire rating" ->
    "fire-rated", FireRating; from ``qualifier_words.json`` ``set`` (the words after "with a" / "mit")."""
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    out: list[tuple[str, str, str]] = []
    for entry in raw["set"]:
        words = entry["words"]
        for w in words:
            noun = re.sub(r"^(?:with\s+an?\s+|with\s+|having\s+an?\s+|mit\s+)", "", w)
            if noun != w and noun not in {n for n, _, _ in out}:
                out.append((noun, words[0], entry["property"]))
        for w in words:  # nouns said without "with": "u-value", "thermal transmittance"
            if " " in w and not re.search(r"(?:rated|resistant|resisting|door|doors|wall|walls)$", w) and \
                    not w.startswith(("with ", "having ", "mit ")) and w not in {n for n, _, _ in out}:
                out.append((w, words[0], entry["property"]))
    return tuple(sorted(out, key=lambda t: -len(t[0])))


@cache
def _set_words() -> frozenset[str]:
    """The one-word "set" qualifier words ("fire-rated", "feuerhemmend"): a value held, said before a class word."""
    raw = json.loads(_DATA.read_text(encoding="utf-8"))
    return frozenset(w for entry in raw["set"] for w in entry["words"] if " " not in w)


def _alt(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


def canonical(text: str, is_class: Callable[[str], bool], is_boolean: Callable[[str], bool],
              storeys: Iterable[str]) -> tuple[str, list[str], dict[str, Any]]:
    """The question with the absence shapes of the module docstring spelled out, a note per rewrite, and what a
    later pass needs: ``{"nothing": True}`` (the count asked is 0), ``{"unset": [property, ...]}``.
    ``is_class(word)``: a class word; ``is_boolean(word)``: a boolean qualifier word ("external");
    ``storeys``: the model's storey names (normalised)."""
    notes: list[str] = []
    found: dict[str, Any] = {}

    def sub(pattern: re.Pattern[str] | str, repl: str | Callable[[re.Match[str]], str], what: str, s: str) -> str:
        out = re.sub(pattern, repl, s)
        if out != s:
            notes.append(_NOTE + what)
        return out

    def class_at(s: str, at: int) -> bool:
        words = re.findall(r"[^\W\d_][\w'-]*", s[at: at + 40])
        return bool(words) and (is_class(words[0]) or (len(words) > 1 and is_class(f"{words[0]} {words[1]}")))

    # a property value missing: "missing a fire rating", "with no fire rating", "ohne Feuerwiderstand"
    nouns = _set_nouns()
    if nouns:
        alt = _alt(n for n, _, _ in nouns)
        by_noun = {n: (w, p) for n, w, p in nouns}

        def unset_noun(noun: str) -> str:
            word, prop = by_noun[noun]
            found.setdefault("unset", []).append(prop)
            return f"not {word}"

        def unset(m: re.Match[str]) -> str:
            return (m["pre"] or "") + unset_noun(m["n"])

        text = sub(rf"(?P<pre>\b(?:that|which|who)\s+)?\b(?:without|with\s+no|missing|lacking|(?:do|does|did)\s+not\s+"
                   rf"have|(?:has|have)\s+no|ohne|keine?[nrs]?)\s+(?:an?\s+|any\s+|eine?[nrs]?\s+)?(?:recorded\s+)?"
                   rf"(?P<n>{alt})(?![\w-])(?:\s+(?:value|values|recorded|set|entered|wert))?",
                   unset, "a property value missing ('without a fire rating') as 'not <set word>', read as unset", text)
        text = sub(rf"\b(?:whose|where\s+the|where\s+their|where\s+its|with\s+the)\s+(?P<n>{alt})\s+(?:is|are)\s+"
                   r"(?:missing|empty|blank|not\s+(?:recorded|set|given|filled\s+in|entered|defined))\b",
                   lambda m: " that are " + unset_noun(m["n"]),
                   "'whose X is missing' as 'not <set word>', read as unset", text)
    # German: "Welche Geschosse haben keine" (the plural read as a property's name otherwise)
    text = sub(r"\bwelche\s+(?:geschosse|etagen|stockwerke|ebenen)\s+haben\s+(?=kein)", "welches geschoss hat ",
               "'Welche Geschosse haben keine' as 'Welches Geschoss hat keine'", text)
    # absence verbs before a class word
    for pattern, repl, what in (
            (r"\b(?:is|are)\s+missing\s+(?:an?\s+|any\s+)?", "have no ", "'are missing X' as 'have no X'"),
            (r"\b(?:is|are)\s+(?:completely\s+|totally\s+|entirely\s+)?(?:empty|free|devoid|void)\s+of\s+"
             r"(?:an?\s+|any\s+)?", "have no ", "'are empty / free of X' as 'have no X'"),
            (r"\b(?:lacks|lack)\s+(?:an?\s+|any\s+)?", "have no ", "'lacks X' as 'has no X'"),
            (r"\b(?:lacking|missing|devoid\s+of|free\s+of|with\s+zero)\s+(?:an?\s+|any\s+)?", "without ",
             "'lacking / missing X' as 'without X'"),
            (r"\b(?:not\s+having|having\s+no)\s+(?:an?\s+|any\s+)?", "without ",  # round 19
             "'not having X' as 'without X'"),
            (r"\b(?:has|have)\s+zero\s+", "have no ", "'have zero X' as 'have no X'")):
        def verb(m: re.Match[str], said: str = text, r: str = repl) -> str:
            return r if class_at(said, m.end()) else m.group(0)

        text = sub(pattern, verb, what, text)
    # a yes/no about absence said as a statement to confirm
    text = _confirmed(text, storeys, is_class, notes)
    text = sub(_ADVERB, lambda m: f"{m['q']} ", "an adverb before 'no' ('are there really no X') dropped", text)
    # "is there nothing on S", "is S empty"
    nothing = _NOTHING.search(text)
    if nothing is not None:
        said = f"is there anything {nothing['p']}" if nothing["p"] else f"is there anything on {nothing['s']}?"
        text = text[: nothing.start()] + said + text[nothing.end():]
        found["nothing"] = True
        notes.append(_NOTE + "'is there nothing on S' / 'is S empty' as the count of everything on S equal to 0")
    # a qualifier after "no": "are there no external doors" counts the external doors, never "not external"
    if re.search(r"\b(?:(?:are|is)\s+there|there\s+(?:are|is)|(?:has|have)|with)\s+(?:no|zero)\s", text):
        def after_no(m: re.Match[str]) -> str:
            q, c = m["q"], m["c"]
            if not (is_boolean(q) or q in _set_words()) or not is_class(c):
                return m.group(0)
            return f"{m['no']} {c} that are {q}"
        text = sub(r"(?P<no>\bno|\bzero)\s+(?P<q>[^\W\d_][\w-]*)\s+(?P<c>[^\W\d_][\w-]*)", after_no,
                   "'no <qualifier> X' as 'no X that are <qualifier>' (the count is zero, the qualifier holds)", text)
    # a negation whose scope ends at "but": "walls not external but on Level 2"
    def scoped(m: re.Match[str]) -> str:
        if not is_boolean(m["q"]):
            return m.group(0)
        return f"{m['prep']} {m['place']} {m['neg']} {m['q']}"
    text = sub(rf"\b(?P<neg>(?:(?:that|which)\s+)?(?:are|is)\s+not|not)\s+(?P<q>[^\W\d_][\w-]*)\s*,?\s+but\s+"
               rf"(?:(?:are|is)\s+)?{_PLACE_VERB}(?P<prep>on|in|at|inside|within)\s+(?P<place>[^,;?!]+?)"
               r"(?=\s*[,;?!.]|\s*$)", scoped,
               "'not Q but on S' as 'on S not Q' (the negation ends at 'but')", text)
    text = sub(r",\s*(?P<neg>not)\s+(?P<q>[^\W\d_][\w-]*)\s*,\s*(?P<prep>on|in|at|inside|within)\s+"
               r"(?P<place>[^,;?!]+?)(?=\s*[,;?!.]|\s*$)", lambda m: " " + scoped(m),
               "', not Q, on S' as 'on S not Q'", text)
    return text, notes, found


def _confirmed(text: str, storeys: Iterable[str], is_class: Callable[[str], bool], notes: list[str]) -> str:
    """ "no X on S, right?", "So there are no X on S?", "S has no X, correct?", "confirm: zero X on S?": "are there
    no X on S?" (only an absence of a class word, said as a statement with a tag, a lead word or a question mark;
    never "no idea if ..., but")."""
    tag = _TAG.search(text)
    lead = _LEAD.match(text)
    body = text[lead.end() if lead else 0: tag.start() if tag else len(text)].strip()
    asked = tag is not None or lead is not None or body.endswith("?")
    body = body.rstrip("?.! ")
    if not asked:
        return text
    there = re.match(r"(?:there\s+(?:are|is)\s+)?(?:no|zero)\s+(?P<rest>.+)$", body)
    words = re.findall(r"[^\W\d_][\w'-]*", there["rest"])[:2] if there is not None else []
    if there is not None and any(is_class(w) for w in words) and "," not in there["rest"] and (
            tag is not None or lead is not None or body.startswith(("no ", "zero "))):
        notes.append(_NOTE + f"the statement {body!r} to confirm as 'are there no ...?'")
        return f"are there no {there['rest']}?"
    names = _alt(s for s in storeys if s)
    german = re.match(rf"(?:hat|haben)\s+(?:das|der|die|den)\s+(?P<s>{names})\s+(?P<k>keine?[nrs]?)\s+", text) \
        if names else None
    if german is not None:  # "Hat das Dachgeschoss keine Türen?" ("Roof" is a class word too: never a relation)
        notes.append(_NOTE + f"'hat das {german['s']} keine' as 'gibt es im {german['s']} keine'")
        return f"gibt es im {german['s']} {german['k']} " + text[german.end():]
    if not names or (tag is None and lead is None):
        return text
    has = re.match(rf"(?:the\s+)?(?P<s>{names})\s+(?:has|have)\s+(?:no|zero)\s+(?P<rest>.+)$", body)
    if has is None:
        return text
    notes.append(_NOTE + f"the statement {body!r} to confirm as 'are there no ... on S?'")
    return f"are there no {has['rest']} on {has['s']}?"


def nothing_asked(plan: Any) -> None:
    """ "is there nothing on S?": the count of what is asked (everything) equal to 0 (see :func:`canonical`)."""
    if plan.resolved.get("absence_nothing") and plan.threshold is None and plan.declined is None:
        plan.threshold = {"op": "=", "n": 0, "term": "nothing"}


def values_unset(found: Iterable[Any], plan: Any) -> None:
    """A property value asked missing (:func:`canonical`): its "set" qualifier is read even where no element
    holds a value ("no_value", which for "fire-rated" declines): then every element asked lacks it."""
    props = set(plan.resolved.get("absence_unset") or ())
    for q in found:
        if q.how in ("no_value", "not_in_model") and q.path.rpartition(".")[2] in props and (
                q.raw is None or q.raw.value is None):
            said = "holds a value for" if q.how == "no_value" else "records"
            q.how = "set"
            if q.raw is not None:
                q.raw.how = "set"
            plan.notes.append(f"{_NOTE}no element asked {said} {q.path}: every one lacks a value")


def ungrounded(plan: Any, bounded: Callable[[], bool], bounding_keys: Iterable[str]) -> dict[str, Any] | None:
    """Why "rooms without doors / windows" cannot be answered: the elements bound rooms only through space
    boundaries, and the model (``bounded`` False) has none. ``None`` when it can."""
    if plan.resolved.get("lacking") != "rooms" or plan.declined is not None or plan.threshold is None:
        return None
    keys = [c.key for c in plan.classes if c.key != "spaces"]
    if not keys or not set(keys) <= set(bounding_keys) or bounded():
        return None
    labels = " and ".join(c.label for c in plan.classes if c.key != "spaces")
    return {"reason": f"this model has no space boundaries (IfcRelSpaceBoundary), so it does not say which {labels} "
                      "bound which room, and which rooms have none cannot be told",
            "not_understood": [],
            "can_answer": f"Ask which storeys have no {labels}, or which {labels} are on a storey"}
