"""Relation verbs and prepositions: which relation a question's verb expresses (issue 22, round 10).

People relate elements to places, types and each other with many verbs: "what door leads in there?", "door type
used on the 1stFloor", "how many outlets are down there", "does the EG feature any radiators". The table
``data/relation_verbs.json`` keys each verb or preposition by the relation it expresses:

=============  ==============================================================================================
relation       what the parser does with it (``Parser._relations``)
=============  ==============================================================================================
containment    consumed: the elements are those in the storey or room (the plan's place, as without the verb)
boundary       consumed when the question asks for walls, doors, windows (or slabs) and names a room: the
               elements bounding it through the space boundaries (the plan's room role ``of``, stated in the
               notes); otherwise declined naming the relation
typing         consumed when the question names a type (the plan's type lookup or type filter)
existence      consumed: there are / the place holds them (counted, listed, yes/no as asked)
unsupported    declined naming the relation (adjacency, orientation, vertical position, service, connection):
               answering it as containment would answer a broader question
=============  ==============================================================================================

English verbs are written once, as their base form; :func:`inflections` makes the others by rule (so "fit" reads
"fits", "fitted", "fitting"; "specify" reads "specified"; irregular past forms from the table: "found", "hung").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

KINDS = ("containment", "boundary", "typing", "existence", "unsupported")
_VOWELS = "aeiou"


@dataclass(frozen=True)
class Relation:
    """One relation phrase read in a question: its kind, the unsupported relation's name, where it stands."""

    kind: str
    name: str  # the relation named to the user (unsupported) or the kind
    phrase: str  # as written in the (normalised) question
    start: int
    end: int


@dataclass(frozen=True)
class _Entry:
    kind: str
    name: str
    pattern: str  # a regular expression for every form of the phrase
    verb: bool  # a verb (read before particles and prepositions of the same length)


def inflections(verb: str, irregular: dict[str, list[str]] | None = None) -> list[str]:
    """The forms of an English verb by rule: base, 3rd person (-s/-es, y -> ies), past and participle (-ed/-d,
    y -> ied, a short final consonant doubled: fit -> fitted), -ing (a final e dropped: place -> placing, ie -> ying),
    and the irregular past forms given."""
    v = verb
    past = (irregular or {}).get(v)
    forms = {v}
    if v.endswith(("s", "sh", "ch", "x", "z", "o")):
        forms.add(v + "es")
    elif v.endswith("y") and len(v) > 2 and v[-2] not in _VOWELS:
        forms.add(v[:-1] + "ies")
    else:
        forms.add(v + "s")
    double = (len(v) >= 3 and v[-1] not in _VOWELS + "wxy" and v[-2] in _VOWELS and v[-3] not in _VOWELS
              and len(re.findall(f"[{_VOWELS}]+", v)) == 1)  # one syllable ending consonant-vowel-consonant
    stem = v + v[-1] if double else v
    if v.endswith("e"):
        forms.add(v + "d")
        forms.add(v[:-2] + "ying" if v.endswith("ie") else v[:-1] + "ing")
    elif v.endswith("y") and len(v) > 2 and v[-2] not in _VOWELS:
        forms.add(v[:-1] + "ied")
        forms.add(v + "ing")
    else:
        forms.add(stem + "ed")
        forms.add(stem + "ing")
    if past:  # an irregular verb's past forms replace the rule's
        forms.discard(v + "d" if v.endswith("e") else stem + "ed")
        forms.update(past)
    return sorted(forms, key=len, reverse=True)


def _phrase_pattern(words: str, objects: list[str], irregular: dict[str, list[str]] | None) -> str:
    """A phrase's regular expression: its first word inflected when ``irregular`` is given (a verb), the object
    slot ``<obj>`` any of ``objects``."""
    parts = words.split()
    out = []
    for i, w in enumerate(parts):
        if w == "<obj>":
            out.append("(?:" + "|".join(map(re.escape, objects)) + ")")
        elif i == 0 and irregular is not None:
            out.append("(?:" + "|".join(map(re.escape, inflections(w, irregular))) + ")")
        else:
            out.append(re.escape(w))
    return r"\s+".join(out)


@functools.cache
def _entries() -> tuple[_Entry, ...]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/relation_verbs.json").read_text("utf-8"))
    irregular: dict[str, list[str]] = raw["irregular"]
    found: list[tuple[int, _Entry]] = []

    def add(kind: str, name: str, group: dict[str, list[str]], objects: list[str]) -> None:
        for verb in group.get("verbs", []):
            found.append((len(verb), _Entry(kind, name, _phrase_pattern(verb, objects, irregular), True)))
        for form in group.get("forms", []):  # a verb form as written ("housed"; "house" is mostly a noun)
            found.append((len(form), _Entry(kind, name, _phrase_pattern(form, objects, None), True)))
        for phrase in group.get("phrases", []) + group.get("german", []):
            found.append((len(phrase), _Entry(kind, name, _phrase_pattern(phrase, objects, None), False)))

    for kind, group in raw["relations"].items():
        if kind == "unsupported":
            for name, sub in group.items():
                add(kind, name, sub, [])
        else:
            add(kind, kind, group, group.get("objects", []))
    found.sort(key=lambda x: -x[0])  # longer phrases first: "over on" before "over"
    return tuple(e for _, e in found)


# function words of a phrase (prepositions, particles, pronouns): never read as a name the model holds, even when
# one of its names has them ("Live Roof over Wood Joist")
_LINKS = frozenset(["to", "into", "in", "onto", "on", "at", "with", "the", "a", "an", "you", "one", "people", "us",
                    "me", "as", "of", "up", "down", "over", "under", "above", "below", "beneath", "underneath",
                    "near", "beside", "opposite", "inside", "within", "there", "by", "next", "top", "we", "have",
                    "will", "can", "be", "to", "found", "find"])
# a vertical preposition before a number or a unit is a bound ("over 20 m²", "under 2 m"), never a relation
_NUMBER_AFTER = re.compile(r"\s*(?:a\s+|an\s+|one\s+|two\s+|three\s+|ten\s+|\d|€|\$)")
_VERTICAL = frozenset(["above", "below", "underneath", "beneath", "under", "over"])


def find(text: str, skip: frozenset[str] = frozenset()) -> list[Relation]:
    """The relation phrases of a normalised question, longest first and not overlapping; a phrase with a word in
    ``skip`` (words the model's names hold: "Entrance", "Service") is not read."""
    taken: list[tuple[int, int]] = []
    out: list[Relation] = []
    hits = [(entry, m) for entry in _entries() for m in re.finditer(rf"(?<![\w-]){entry.pattern}(?![\w-])", text)]
    hits.sort(key=lambda h: (-len(h[1].group(0)), not h[0].verb, h[1].start()))  # longest, verbs first
    for entry, m in hits:
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        words = m.group(0).split()
        if any(w in skip for w in words if w not in _LINKS):
            continue  # "entrance to" where a space is called "Entrance": the model's name
        if words[0] in _VERTICAL and (_NUMBER_AFTER.match(text, m.end()) or not text[m.end():].strip()):
            continue  # "over 20 m²"; a preposition closing the question relates nothing
        if words == ["over"] and ranges_over(text, m.start(), m.end()):
            continue  # "total floor area over all the rooms": the set summed over, no position
        taken.append(m.span())
        out.append(Relation(entry.kind, entry.name, m.group(0), m.start(), m.end()))
    out.sort(key=lambda r: r.start)
    return out


@functools.cache
def _ranging() -> tuple[dict[str, str], re.Pattern[str], re.Pattern[str]]:
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/relation_verbs.json").read_text("utf-8"))
    words = raw["ranging_over"]
    quantifier = re.compile(r"\s*(?:" + "|".join(re.escape(w) for w in words["quantifiers"]) + r")(?![\w-])", re.I)
    aggregate = re.compile(r"(?<![\w-])(?:" + "|".join(
        re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w) for w in words["aggregates"]) + r")(?![\w-])",
        re.I)
    return dict(words["prepositions"]), quantifier, aggregate


def ranges_over(text: str, start: int, end: int) -> bool:
    """Whether a preposition such as 'over' at ``text[start:end]`` ranges over a set ('total net floor area over
    all the rooms'): a quantifier right after it and an aggregate word before it (``relation_verbs.json``
    ``ranging_over``)."""
    _, quantifier, aggregate = _ranging()
    return bool(quantifier.match(text, end)) and aggregate.search(text, 0, start) is not None


def ranging_plain(text: str) -> str:
    """``text`` with each preposition ranging over a set (:func:`ranges_over`) read as its plain one ('over all
    the rooms' -> 'of all the rooms'), padded to keep every position."""
    plain, _, _ = _ranging()
    pattern = r"(?<![\w-])(?:" + "|".join(map(re.escape, plain)) + r")(?![\w-])"
    for m in reversed(list(re.finditer(pattern, text, re.I))):
        if ranges_over(text, m.start(), m.end()):
            to = plain[m.group(0).casefold()]
            text = text[:m.start()] + to.ljust(len(m.group(0))) + text[m.end():]
    return text


@functools.cache
def all_forms() -> frozenset[str]:
    """Every word of every relation phrase, inflected: words the spelling pass must never read as another word
    ("serve" is no "server")."""
    return frozenset().union(*(forms(k) for k in KINDS))


def forms(kind: str) -> frozenset[str]:
    """Every single word of the relation phrases of ``kind``, inflected."""
    out: set[str] = set()
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/relation_verbs.json").read_text("utf-8"))
    groups = raw["relations"][kind]
    subs = groups.values() if kind == "unsupported" else [groups]
    for group in subs:
        for verb in group.get("verbs", []):
            first, *rest = verb.split()
            out.update(inflections(first, raw["irregular"]))
            out.update(w for w in rest if w != "<obj>")
        for phrase in group.get("phrases", []) + group.get("german", []) + group.get("forms", []):
            out.update(phrase.split())
    return frozenset(out)


_AUXILIARY = re.compile(r"(?<![\w-])(?:do|does|did|doesn't|don't)(?![\w-])")
_TYPE_WORD = re.compile(r"(?<![\w-])(?:types?|typ|typen|style|styles|family|families)(?![\w-])")


def consume(asked: str, text: str, masked: str, skip: frozenset[str], filler: Callable[[str], bool],
            class_word: Callable[[str], bool]) -> tuple[str, list[Relation]]:
    """Read the relation phrases of ``text`` that ``masked`` (the same text with what earlier passes read blanked)
    still shows, and blank the ones the parser takes as read: containment and existence always; typing when the
    question (``asked``) names a type; boundary and unsupported ones too (so no later pass reads "serve" as
    "server"), returned for :func:`verdict` to judge once the plan's classes and rooms are known. A phrase an
    earlier pass read whole ("above Level 1": the storeys above) is not read again; one of filler words only
    ("located", "inside") needs no reading; one holding a class word is left to the class passes."""
    source = text if len(text) == len(masked) else masked  # "over on Level 1": "on Level 1" was read as a storey
    out: list[Relation] = []
    for rel in find(source, skip):
        words = rel.phrase.split()
        if not masked[rel.start:rel.end].strip() or any(class_word(w) for w in words):
            continue
        if rel.kind in ("containment", "existence", "typing") and all(filler(w) for w in words):
            continue
        if rel.kind == "typing" and not _TYPE_WORD.search(asked):
            continue  # "used" with no type named: not a typing relation (left unread, so it declines)
        if rel.kind == "existence" and len(words) == 1 and not _AUXILIARY.search(source, 0, rel.start):
            continue  # "features", "holds" with no "does" before: a noun as often as a verb (left unread)
        masked = masked[:rel.start] + " " * (rel.end - rel.start) + masked[rel.end:]
        out.append(rel)
    return masked, out


def verdict(relations: list[Relation], asked_keys: set[str], bounding_keys: frozenset[str],
            has_room: bool) -> tuple[str, list[str]] | None:
    """Why the plan cannot answer the relations read, or None. An unsupported relation is never answered; a boundary
    verb that is also an unsupported relation ("connected to") is that relation unless bounding classes of a named
    room are asked (then it is the space boundaries: :data:`ifcqa.spatial.plan.RoomRef` role ``of``)."""
    for rel in relations:
        if rel.kind == "unsupported":
            return (f"it relates elements by {rel.phrase!r}, {rel.name}, which the model's containment, space "
                    "boundaries and types do not record, and answering it as containment would answer a broader "
                    "question", [rel.phrase])
        if rel.kind == "boundary" and not (has_room and asked_keys and asked_keys <= bounding_keys):
            other = next((e.name for e in _entries()  # "connected to the boiler": a connection
                          if e.kind == "unsupported" and re.fullmatch(e.pattern, rel.phrase)), None)
            if other is not None:
                return (f"it relates elements by {rel.phrase!r}, {other}, which the model's containment, space "
                        "boundaries and types do not record", [rel.phrase])
    return None  # a boundary verb with no room or other classes stays a word not understood


@functools.cache
def _fragment() -> re.Pattern[str]:
    verbs = sorted(forms("typing") | forms("containment"), key=len, reverse=True)
    participles = "|".join(re.escape(v) for v in verbs if v.endswith(("ed", "t", "n", "g")) or v in ("hung", "put"))
    return re.compile(rf"^(?P<np>(?:the\s+)?[^\W\d_][\w-]*\s+(?P<types>types?))\s+(?P<verb>(?:{participles})(?:\s+|$))?"
                      rf"(?=\s*$|(?:on|in|at|for)\s)")


def typing_fragment(text: str) -> str:
    """A fragment naming a class's type, with or without a verb of use or placing, before its place and with no
    question word ("door type used on the 1stFloor", "window types fitted in the EG", "door type on Level 1") asks
    which type: read as "which door type is used on ..." (never the elements themselves)."""
    m = _fragment().match(text)
    if m is None:
        return text
    be = "are" if m.group("types") == "types" else "is"
    return f"which {m.group('np')} {be} {m.group('verb') or ''}{text[m.end():]}"


_PLACE_AFTER = r"(?=\s*(?:on|in|at|inside|within|auf|im|in\s+der|in\s+dem)\s)"
_RELATIVE = r"(?:(?:that|which)\s+(?:are\s+|is\s+|were\s+|was\s+)?|(?:are|is)\s+(?:to\s+be\s+|being\s+)?)?"


@functools.cache
def _containment() -> re.Pattern[str]:
    """A containment verb (any form) or particle right before a place, with the relative clause around it."""
    entries = [e for e in _entries() if e.kind == "containment" and e.verb]
    verbs = "|".join(e.pattern for e in entries)
    return re.compile(rf"(?<![\w-])(?P<rel>{_RELATIVE})(?P<verb>(?:{verbs})(?:\s+(?:up|down|over))?|"
                      rf"can\s+be\s+found|(?<!do\s)(?<!did\s)(?<!can\s)(?:we|you)\s+(?:have|will\s+find|can\s+find|find)|"
                      rf"to\s+be\s+found|"
                      rf"up|down|over){_PLACE_AFTER}")


def plain_containment(text: str, skip: frozenset[str] = frozenset(),
                      class_word: Callable[[str], bool] = lambda w: False) -> tuple[str, list[str]]:
    """The question with its containment verbs before a place taken out, and the phrases taken: "windows housed on
    EG", "doors that sit on Level 2", "walls over on the ground floor", "the ones you will find on EG" ask what
    "windows on EG" asks, so every later pass (negation scope, comparisons, shares) reads the plain form. A verb of
    being stays ("which doors are installed on" -> "which doors are on"); a relative pronoun goes with its verb
    ("those that sit on" -> "those on"). A word the model's names hold is a name and a class word ("pipe fitting
    in the basement") a class, never taken out."""
    taken: list[str] = []

    def drop(m: re.Match[str]) -> str:
        words = m.group("verb").split()
        if any((w in skip and w not in _LINKS) or class_word(w) for w in words):
            return m.group(0)
        if words[0] in ("up", "down", "over") and len(words) == 1 and m.group("rel").strip():
            return m.group(0)  # "are up in": "up" alone after a verb of being is a particle, kept below
        taken.append(m.group(0).strip())
        rel = m.group("rel").split()
        return rel[0] + " " if rel and rel[0] in ("are", "is") else ""

    # round 19: "total floor area over all the rooms" sums over a set: "of all the rooms" (length kept)
    text = ranging_plain(text)
    out = _containment().sub(drop, text)
    out = re.sub(rf"(?<![\w-])(?:up|down|over){_PLACE_AFTER}\s*", "", out)
    if out == text:  # nothing taken: the text as given, its blanked spans ("which one is larger:") kept in place
        return text, taken
    return re.sub(r"\s{2,}", " ", out), taken
