"""A negation attached to exactly one thing, read by what follows it (issue 22, round 21, neg21).

People negate a qualifier said as a verb ("walls that are not bearing load", "which walls don't carry any load",
"Wände, die keine Last tragen"), a room or storey related by a word other than "in" / "on" ("windows not part of the
Wohnen room", "which window are not from wohnen", "doors that don't belong to Kitchen5"), a storey with what is left
("receptacles except the level 1 ones, how many left?", "how many windows are left if I take away the EG ones?"), or
an existence ("on which floor there is not any radiator?"). The parser's negation passes (``negation_scope``,
``exclusion_phrases``, ``room_exclusions``, ``absence_phrases`` and the parser's ``_QUALIFIER_NEGATION``,
``_ROOM_NEGATION``, ``_EXCLUDING``, ``_class_negation``, the count-equal-0 threshold) read a negation in one form per
scope. :func:`spell_out` runs first in ``Parser._negation_shapes`` and spells each shape above in the one form the
pass for its scope reads, so that the negation is applied once, by one pass, to the one thing it attaches to:

* **qualifier** - a verb of ``verb_qualifiers`` (any inflection: "bear", "bears", "bearing", "bore", "borne") with
  its object ("load", "loads", "weight"; a determiner between, "any load") is the qualifier word ("load-bearing");
  a "not" before it or a "no" before the object negates it ("are not load-bearing"), both at once is left unread
  (declined). The qualifier pass then reads it against what the elements record: ``Pset_*.LoadBearing = FALSE``
  for "not", and where no asked element records the property it declines (unset is never FALSE);
* **scope** - a negation, then a relation word of ``relations`` ("part of", "from", "belong to"), then a room of
  the model (its Name / LongName, "room 6", or a room function word) is "not in the <room>" (the elements not
  bounding / not contained in it); then a storey of the model is "not on <storey>". A word after the room naming
  what it is ("the Wohnen room") is consumed. German alike: "gehören nicht zur Küche", "nicht Teil der Küche",
  "nicht aus dem Wohnen" are "(sind) nicht in der / im <room>" (the gender as said) / "nicht im <storey>". What
  follows that is neither stays as written (declined, named);
* **remainder** - "how many (are) left / remain / remaining", "in the rest of the building" restate an exclusion
  the same sentence states explicitly ("except", "other than", "apart from", "not on", "not in", "not counting"):
  consumed, named in the notes ("context set aside"); without such an exclusion they stay (declined: "left" alone
  never takes anything out, and "on the other floors" is never consumed: after a room or class exclusion it would
  restrict). "if I take away / remove / leave out X" is "except X";
* **existence** - an existence verb ("there is", "is there", "has") then "not any" / "not a single" / "not even one"
  and a word is "no <word>": the count-equal-0 pass reads it. Before, "on which floor there is not any radiator"
  had its "not" read twice: by the threshold ("not any" = 0) and by the class negation ("not" before a class word:
  every element except radiators), answering "no storey" for the storeys with no element other than radiators.

Every rewrite is named in the plan's notes. Nothing is dropped that could restrict the answer: only a remainder
word next to an explicit exclusion, and a room's own head noun.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import qualifiers

if TYPE_CHECKING:
    from ifcqa.index.model_index import ModelIndex
    from ifcqa.spatial.qualifiers import QualifierMention


@dataclass(frozen=True)
class Scopes:
    """What the model holds, for grounding what a negation attaches to (all on normalised text)."""

    is_room: Callable[[str], bool]
    is_storey: Callable[[str], bool]
    is_class: Callable[[str], bool]


@cache
def _words() -> dict[str, Any]:
    raw = resources.files("ifcqa.spatial").joinpath("data/negation_reading.json").read_text("utf-8")
    return dict(json.loads(raw))


def _alt(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def _inflected(lemma: str) -> list[str]:
    """The forms of an English verb: its lemma and the forms listed (else the regular -s, -ing, -ed)."""
    listed = _words()["irregular"].get(lemma)
    if listed:
        return [lemma, *listed]
    return [lemma, lemma + "s", lemma + "ing", lemma + "ed"]


@cache
def _qualifier_verbs() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    """(qualifier word, English pattern, German pattern) per verb qualifier."""
    w = _words()
    det = _alt(w["object_determiners"])
    out = []
    for spec in w["verb_qualifiers"]:
        verbs = _alt([f for lemma in spec["verbs"] for f in _inflected(lemma)])
        objects = _alt(spec["objects"])
        english = re.compile(
            r"(?P<aux>\b(?:are|is|were|was|be|do|does|did)\s+)?(?P<not>\bnot\s+)?"
            rf"\b(?P<verb>{verbs})\s+(?:(?P<det>{det})\s+)?(?P<obj>{objects})\b")
        out.append((spec["qualifier"], english, re.compile(r"(?!x)x")))
    for spec in w["german_verb_qualifiers"]:
        verbs, objects = _alt(spec["verbs"]), _alt(spec["objects"])
        german = re.compile(rf"(?P<neg>\b(?:keine|keinerlei|nicht|die)\s+)?\b(?:{objects})\s+(?P<verb>{verbs})\b"
                            rf"|\b(?P<verb2>{verbs})\s+(?P<neg2>keine|keinerlei)\s+(?:{objects})\b")
        out.append((spec["qualifier"], re.compile(r"(?!x)x"), german))
    return out


def _qualifiers(text: str, notes: list[str]) -> str:
    for qualifier, english, german in _qualifier_verbs():
        text = english.sub(functools.partial(_english, qualifier=qualifier, notes=notes), text)
        text = german.sub(functools.partial(_german, qualifier=qualifier, notes=notes), text)
    return text


def _english(m: re.Match[str], qualifier: str, notes: list[str]) -> str:
    said_not, said_no = m["not"] is not None, m["det"] == "no"
    if said_not and said_no:
        return m.group(0)  # "not bearing no load": two negations on one qualifier, left unread (declined)
    negated = said_not or said_no
    aux = (m["aux"] or "").strip()
    verb = "are" if aux in ("", "do", "did", "be") else ("is" if aux == "does" else aux)
    before = m.string[:m.start()].rstrip()
    if not aux and not re.search(r"\b(?:that|which|who)$", before):
        spelled = f"that are {'not ' if negated else ''}{qualifier}"
    else:
        spelled = f"{verb} {'not ' if negated else ''}{qualifier}"
    notes.append(f"negation read: {m.group(0).strip()!r} as {spelled!r} (a qualifier said as a verb"
                 + (", negated once" if negated else "") + ")")
    return spelled


def _german(m: re.Match[str], qualifier: str, notes: list[str]) -> str:
    neg = (m["neg"] or m["neg2"] or "").strip()
    negated = neg in ("keine", "keinerlei", "nicht")
    verb = m["verb"] or m["verb2"]
    copula = "ist" if verb.endswith("t") and not verb.endswith("tragt") or verb in ("trägt", "abträgt") else "sind"
    prefix = "die " if neg == "die" else ""
    spelled = (f"{copula} {'nicht ' if negated else ''}{qualifier}" if m["verb2"] else
               f"{prefix}{'nicht ' if negated else ''}{qualifier} {copula}")
    notes.append(f"negation read: {m.group(0).strip()!r} as {spelled!r} (a qualifier said as a verb"
                 + (", negated once" if negated else "") + ")")
    return spelled


@cache
def _relation() -> re.Pattern[str]:
    w = _words()
    return re.compile(r"(?P<neg>\b(?:(?:are|is|were|was|do|does|did)\s+)?not\s+)(?P<rel>" + _alt(w["relations"])
                      + r")\s+(?P<art>(?:the|der|die|das|dem)\s+)?")


_WORD = re.compile(r"[^\W_][\w./'-]*")


@cache
def _german_relation() -> re.Pattern[str]:
    w = _words()
    return re.compile(r"(?P<neg>\b(?:(?P<verb>" + _alt(w["german_relation_verbs"]) + r")\s+)?nicht\s+)(?P<rel>"
                      + _alt(w["german_relations"]) + r")\s+(?P<art>(?:der|die|das|dem|den)\s+)?")


def _german_scopes(text: str, scopes: Scopes, notes: list[str]) -> str:
    out, at = [], 0
    for m in _german_relation().finditer(text):
        if m.start() < at:
            continue
        span = _grounded(text, m.end(), scopes)
        if span is None:
            continue
        kind, end, phrase = span
        said = f"{m['rel']} {m['art'] or ''}"
        prep = "in der" if kind == "room" and re.search(r"\b(?:der|zur)\b", said) else "im"  # the gender as said
        spelled = ("sind " if m["verb"] else "") + f"nicht {prep} {phrase}"
        out.append(text[at:m.start()] + spelled)
        notes.append(f"negation read: {text[m.start():end].strip()!r} as {spelled!r} (the {kind} taken out)")
        at = end
    return "".join(out) + text[at:]


def _scopes(text: str, scopes: Scopes, notes: list[str]) -> str:
    text = _german_scopes(text, scopes, notes)
    out, at = [], 0
    for m in _relation().finditer(text):
        if m.start() < at:
            continue
        span = _grounded(text, m.end(), scopes)
        if span is None:
            continue
        kind, end, phrase = span
        tail = re.match(r"\s+(?P<t>" + _alt(_words()["room_tails"]) + r")\b", text[end:])
        if kind == "room" and tail is not None and not scopes.is_room(f"{phrase} {tail['t']}"):
            end += tail.end()
        spelled = f"not in the {phrase}" if kind == "room" else f"not on {phrase}"
        negation = m["neg"].strip()
        lead = "are " if re.match(r"(?:do|does|did)\s", negation) else (
            negation.rsplit(" ", 1)[0] + " " if " " in negation else "")
        out.append(text[at:m.start()] + lead + spelled)
        notes.append(f"negation read: {text[m.start():end].strip()!r} as {(lead + spelled)!r} "
                     f"(the {kind} taken out)")
        at = end
    return "".join(out) + text[at:]


def _grounded(text: str, start: int, scopes: Scopes) -> tuple[str, int, str] | None:
    """('room' | 'storey', end, phrase) for the longest run of up to four words at ``start`` naming one."""
    words: list[re.Match[str]] = []
    at = start
    while len(words) < 4 and (w := _WORD.match(text, at)) is not None:
        words.append(w)
        gap = re.match(r" +", text[w.end():])
        if gap is None:
            break
        at = w.end() + gap.end()
    for n in range(len(words), 0, -1):
        phrase = text[words[0].start():words[n - 1].end()].rstrip(".?!")
        if scopes.is_class(phrase):
            continue
        if scopes.is_storey(phrase):
            return "storey", words[0].start() + len(phrase), phrase
        if scopes.is_room(phrase):
            return "room", words[0].start() + len(phrase), phrase
    return None


def _remainders(text: str, notes: list[str]) -> str:
    """Each sentence: "if I take away X" is "except X"; then, where the sentence states an exclusion, a remainder
    word restating it is consumed. An exclusion in another sentence never licenses it ("Level 1 is done except the
    kitchen. Which windows are left?" keeps "left": declined)."""
    return "".join(_remainder(part, notes) for part in re.split(r"(?<=[.!?;\n])", text))


def _remainder(text: str, notes: list[str]) -> str:
    w = _words()
    take = re.compile(r"\b(?:" + _alt(w["take_away"]) + r")\b")
    found = take.search(text)
    if found is not None:
        notes.append(f"negation read: {found.group(0)!r} as 'except' (a conditional exclusion)")
        text = text[:found.start()] + "except" + text[found.end():]
    verbs, excl = _alt(w["remainder_verbs"]), _alt(w["explicit_exclusions"])
    if not re.search(rf"\b(?:{excl})\b", text):
        return text  # "left" alone never takes anything out: it stays (declined, named)
    left = re.compile(r"\b(?P<head>" + _alt(w["remainder_heads"]) + r")\b(?P<mid>(?:\s+[^\s,.;:?!]+){0,3}?)"
                      rf"(?P<left>\s+(?:are\s+|is\s+|do\s+|does\s+|sind\s+)?(?:still\s+|there\s+|noch\s+)?(?:{verbs}))"
                      rf"(?=\s*(?:[,.;:?!]|$)|\s+(?:{excl})\b)")
    m = left.search(text)
    if m is not None and not re.search(r"\b(?:the|to|on|at)$", text[:m.start("left")]):  # "on the left": a side
        notes.append(f"context set aside: {m['left'].strip()!r} restates the exclusion the request states")
        text = text[:m.start("left")] + text[m.end("left"):]
    rest = re.compile(r"\s*\b(?:" + _alt(w["rest_phrases"]) + r")\b")
    m2 = rest.search(text)
    if m2 is not None:
        notes.append(f"context set aside: {m2.group(0).strip()!r} restates the exclusion the request states")
        text = text[:m2.start()] + text[m2.end():]
    return text


@cache
def _existence() -> re.Pattern[str]:
    w = _words()
    return re.compile(r"\b(?P<verb>" + _alt(w["existentials"]) + r")\s+not\s+(?:got\s+)?(?:"
                      + _alt(w["existential_determiners"])
                      + r")\s+(?=[^\W\d_])")


def _existentials(text: str, notes: list[str]) -> str:
    def spelled(m: re.Match[str]) -> str:
        notes.append(f"negation read: {m.group(0).strip()!r} as '{m['verb']} no' (an existence denied: the count "
                     "equal to 0, read once)")
        return f"{m['verb']} no "

    return _existence().sub(spelled, text)


def spell_out(text: str, scopes: Scopes) -> tuple[str, list[str]]:
    """``text`` (normalised) with each negation shape spelled as the pass of its scope reads it, and the notes."""
    notes: list[str] = []
    text = _qualifiers(text, notes)
    text = _existentials(text, notes)
    text = _scopes(text, scopes, notes)
    text = _remainders(text, notes)
    return text, notes  # never re-spaced: the passes before may have blanked words (spans stay where they were)


def unset_left_out(index: ModelIndex, q: QualifierMention, guids: list[str]) -> str:
    """What a boolean asked as FALSE ("not load-bearing") leaves out: the asked elements recording no value for it
    (unset is never FALSE), said after the rule ("1 of the 24 record no LoadBearing: left out"), or "" when every
    one records it. ``guids``: the asked elements before the qualifier, so that the answer says what it left out."""
    if q.how != "boolean" or q.value is not False or q.op != "=" or not guids:
        return ""
    recorded = dataclasses.replace(q, how="set", op="!=", value=None)
    missing = sum(1 for g in guids if (e := index.find(g)) is not None and not qualifiers.keeps(index, recorded, e))
    if not missing:
        return ""
    prop = q.path.rpartition(".")[2]
    return f" ({missing} of the {len(guids)} record no {prop}: left out, unset is not FALSE)"
