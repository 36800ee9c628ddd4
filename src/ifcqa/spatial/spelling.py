"""Spelling-tolerant reading of a question the rules did not understand (issue 22, round 9).

One mechanism for misspellings, word-form and spacing variants: when the rules' plan declines (a word not
understood, a storey the model lacks, nothing understood), every word of the question that no vocabulary and no
model name holds is matched against the **closed vocabularies** the question can use:

* the content words of the parser's vocabularies: class words, storey words and aliases, room functions and
  nouns, measure, qualifier, lookup, unit, material and name-form words (never a function word: ``_STOP`` and
  ``data/spelling_words.json`` ``function_words``; a misspelled content word read as filler would drop a
  constraint);
* the words of the model's storey names and of its spaces' names, long names and object types.

A word is read as another by, in this order: an abbreviation (``spelling_words.json`` ``abbreviations``: "lvl",
"flr", "rm", "qty", "ext."), a compound written apart or hyphenated ("Ober geschoss", "Erd-Geschoss": the joined
word is a target), two words written together ("groundfloor", "livingroom": exactly one split into two known
words, one of them a target), a noun and its number hyphenated ("room-006"), else the **edit distance**
(Damerau: a transposition is one edit; umlauts spelled out or dropped cost nothing: "Raeume", "Turen", "Geschoß")
with a threshold scaled by length (:func:`max_edits`: none below 4 letters, 1 up to 11, 2 from 12), into words of
four letters or more that keep the first letter ("odors" is no "doors", "wing" no "win"), and a **uniqueness
rule**: every vocabulary word competes, function words too; two readings at the smallest distance with different
meanings (not one word's singular and plural, nor two class words of one class) and the word is not read, the
decline naming them ("'foor' is as close to 'floor' as to 'foot'"); a function word nearest reads nothing.

The question is parsed again with every word read so (one word replaced by one word, or a compound by its
parts); the new plan is used only when it is understood as a whole (no decline, no unknown storey, the check of
:func:`ifcqa.spatial.check.check_question` passes), else the first plan stands. The readings are recorded in
``plan.spelling`` (word, read as, how, edits) and ``plan.notes``, and the answer says them ("read 'dorrs' as
'doors'"). A word the model or a vocabulary holds is never changed, so a correction never replaces a word that
was understood, and no word is dropped: the reading is never broader than the question with that word fixed.
"""

from __future__ import annotations

import json
import re
import weakref
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import exclusion_phrases, grounding, pointer_binding, relation_verbs, several_requests
from ifcqa.spatial.check import check_question
from ifcqa.spatial.plan import Plan
from ifcqa.spatial.schema_words import ADDED as SCHEMA_ADDED
from ifcqa.spatial.vocabulary import (
    ALL_STOREY_WORDS,
    BASEMENT_WORDS,
    BOTTOM_WORDS,
    BREAKDOWN_WORDS,
    CLASS_WORDS,
    COUNT_WORDS,
    FILLER_WORDS,
    GROUND_WORDS,
    INVENTORY_WORDS,
    ORDINALS,
    ROOF_WORDS,
    STOREY_NOUNS,
    TOP_WORDS,
    UPPER_PLURAL_WORDS,
)

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

_WORD = re.compile(r"[^\W\d_]+")
_TOKEN = re.compile(r"(?<![\w'])[^\W\d_]+(?:-[^\W\d_]+)*(?:-?\d+)?(?![\w'])")
# data files whose words are content (what a question asks about); parser_words.json and framing_words.json are
# filler, roles and refusals
_CONTENT_FILES = ("grounding_words.json", "lookup_words.json", "measure_words.json", "name_forms.json",
                  "qualifier_words.json", "space_functions.json", "unit_words.json")
_ALL_FILES = (*_CONTENT_FILES, "parser_words.json", "framing_words.json")  # (abbreviations are no words)
_CONTENT_STOPS = frozenset(["building", "buildings", "element", "elements"])


@dataclass(frozen=True)
class Reading:
    """One word of the question read as another."""

    start: int
    end: int
    word: str  # as written
    read_as: str
    how: str  # abbreviation | joined | apart | hyphen | edit
    edits: int = 0
    second: bool = False  # two known words joined ("bath room"): tried only when the other readings do not do

    def to_dict(self) -> dict[str, Any]:
        return {"word": self.word, "read_as": self.read_as, "how": self.how, "edits": self.edits}


def _ascii(word: str) -> str:
    return word.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def _plain(word: str) -> str:
    return word.replace("ä", "a").replace("ö", "o").replace("ü", "u").replace("ß", "ss")


def _words_of(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        out.update(w.casefold() for w in _WORD.findall(value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "_doc":
                _words_of(k, out)
                _words_of(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _words_of(v, out)


def _data(name: str) -> Any:
    return json.loads(resources.files("ifcqa.spatial").joinpath(f"data/{name}").read_text(encoding="utf-8"))


@cache
def _spelling_words() -> tuple[dict[str, str], frozenset[str]]:
    raw = _data("spelling_words.json")
    return {k.casefold(): v for k, v in raw["abbreviations"].items()}, frozenset(raw["function_words"])


@cache
def _vocabulary() -> tuple[frozenset[str], frozenset[str]]:
    """(content words a misspelling may be read as, every word the vocabularies hold)."""
    from ifcqa.spatial.parser import _STOP  # the parser's stop words: never a target

    # class words derived from the schema ("wind sensor") are no target: read so, an ordinary word ("the east wing")
    # would become a class word the question never meant; they stay words the vocabularies hold (never changed)
    hand_written = [w for w in CLASS_WORDS if w not in SCHEMA_ADDED]
    content: set[str] = set()
    for name in _CONTENT_FILES:
        _words_of(_data(name), content)
    _words_of([*hand_written, *STOREY_NOUNS, *GROUND_WORDS, *BOTTOM_WORDS, *BASEMENT_WORDS, *ROOF_WORDS, *TOP_WORDS,
               *UPPER_PLURAL_WORDS, *ALL_STOREY_WORDS, *COUNT_WORDS, *BREAKDOWN_WORDS, *ORDINALS,
               *INVENTORY_WORDS], content)
    every = set(content)
    _words_of(list(SCHEMA_ADDED), every)
    for name in _ALL_FILES:
        _words_of(_data(name), every)
    every |= relation_verbs.all_forms()  # round 10: "serve" is a verb of service, never "server"
    # the parser's stop words hold the storey nouns and "building" / "elements": content here ("flkors", "buildnig")
    function = (_spelling_words()[1] | _STOP) - set(STOREY_NOUNS) - _CONTENT_STOPS
    words = {w for w in content | set(STOREY_NOUNS) | _CONTENT_STOPS if len(w) >= 3 and w not in function}
    nouns: set[str] = set()  # room and class nouns, whose plurals the lists do not always hold ("offices"); single
    _words_of([_data("space_functions.json"), *hand_written], nouns)  # words only (not "well" of "stair well")
    nouns -= {w for phrase in _phrases() for w in phrase.split()}
    words |= {_plural(w) for w in nouns & words if len(w) >= 4 and w.isascii() and not w.endswith("s")}
    # the parser's filler words ("apartment", "house", "items") are no target either: read so, a misspelled word
    # would be dropped ("by department" read as "by apartment" lists everything); the storey and room nouns the
    # filler list also holds stay (they are read with a number or a name)
    counted: set[str] = set()  # "anzahl", "number", "count": they make a count, not filler
    _words_of(COUNT_WORDS, counted)
    filler = FILLER_WORDS - set(STOREY_NOUNS) - _CONTENT_STOPS - {"room", "rooms", "space", "spaces"} - counted
    targets = frozenset(words - function - filler)
    return targets, frozenset(every | function)


@cache
def _modifiers() -> frozenset[str]:
    """Words that qualify or measure what follows them ("exterior", "tallest", "total", "gross"): the first part of
    two words written together ("exteriordoors"); a noun there is a compound's modifier ("Esszimmerstühle": dining
    chairs, never chairs in the dining room) and is not split off."""
    out: set[str] = set()
    _words_of([_data("qualifier_words.json"), _data("measure_words.json")], out)
    return frozenset(out)


def _plural(word: str) -> str:
    if word.endswith(("x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


@cache
def _phrases() -> frozenset[str]:
    """The vocabularies' phrases of two or more words ("light fixtures"): a hyphen between their words is a space."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if " " in value.strip():
                out.add(" ".join(value.casefold().split()))
        elif isinstance(value, dict):
            for k, v in value.items():
                if k != "_doc":
                    walk(k)
                    walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for name in _CONTENT_FILES:
        walk(_data(name))
    walk([*CLASS_WORDS, *GROUND_WORDS, *BASEMENT_WORDS, *ROOF_WORDS, *TOP_WORDS, *BOTTOM_WORDS])
    return frozenset(out)


def _meaning(word: str) -> str:
    """What the parser makes of a word: two candidates with one meaning are one reading ("storey" / "story", "wc" /
    "toilet" as the same class)."""
    key = CLASS_WORDS.get(word)
    if key is not None:
        return "class:" + key
    if word in STOREY_NOUNS:
        return "storey:" + ("many" if word.endswith(("s", "en", "e")) and word not in ("storey", "etage") else "one")
    return word


@dataclass
class _ModelWords:
    targets: frozenset[str]  # storey and space name words
    known: frozenset[str]  # every stemmed word of the model's names (grounding.model_words)
    phrases: frozenset[str] = frozenset()  # storey and space names of two words, and with the last one plural


_MODEL: weakref.WeakKeyDictionary[Any, _ModelWords] = weakref.WeakKeyDictionary()


def _model_words(parser: Parser) -> _ModelWords:
    index = parser.index
    found = _MODEL.get(index)
    if found is None:
        names: set[str] = set()
        texts = [s.name or "" for s in parser.resolver.storeys]
        texts += [t or "" for e in index.by_class("IfcSpace") for t in (e.name, e.long_name, e.object_type)]
        _words_of(texts, names)
        phrases = {" ".join(_WORD.findall(t.casefold())) for t in texts if len(_WORD.findall(t)) == 2}
        phrases |= {p + "s" for p in phrases}
        found = _ModelWords(frozenset(w for w in names if len(w) >= 3), grounding.model_words(index),
                            frozenset(phrases))
        _MODEL[index] = found
    return found


def max_edits(word: str) -> int:
    """How many edits a word of this length may hold and still be read: none below 4 letters (too many words
    lie one edit apart), 1 up to 11 letters ("department" is never "apartment"), 2 from 12 ("Kellergesschoss")."""
    n = len(word)
    return 0 if n < 4 else 1 if n < 12 else 2


def distance(a: str, b: str, limit: int) -> int:
    """Damerau (optimal string alignment) distance of ``a`` and ``b``, or ``limit + 1`` when it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


def _edits(word: str, target: str, limit: int) -> int:
    """Edits between a question word and a target, umlauts spelled out or dropped costing nothing."""
    if _ascii(word) == _ascii(target) or _plain(word) == _plain(target):
        return 0
    return min(distance(word, target, limit), distance(_plain(_ascii_back(word)), _plain(target), limit))


def _ascii_back(word: str) -> str:
    """ "raeume" -> "räume": a spelled-out umlaut as the umlaut (then dropped by :func:`_plain`)."""
    return word.replace("ae", "ä").replace("oe", "ö").replace("ue", "ü")


def _deletions(word: str) -> set[str]:
    """The word and every form of it with one letter deleted."""
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


def _same_word(a: str, b: str) -> bool:
    """One word's singular and plural ("wall" / "walls", "box" / "boxes"): not two readings."""
    short, long = sorted((a, b), key=len)
    return long in (short + "s", short + "es", short + "e", short + "n", short + "en")


def speller(parser: Parser) -> Speller:
    """The speller of the parser's model (built once per parser, kept on the parser: a weak-keyed table whose
    value holds its key, as a Speller holds its parser, never lets the parser go)."""
    found: Speller | None = getattr(parser, "_speller", None)
    if found is None:
        found = Speller(parser)
        parser._speller = found  # type: ignore[attr-defined]
    return found


class Speller:
    """The closed vocabularies of one model, and the readings of a question's unknown words."""

    def __init__(self, parser: Parser) -> None:
        self.parser = parser
        self.targets, self.vocabulary = _vocabulary()
        model = _model_words(parser)
        self.targets = self.targets | model.targets
        self.model_targets = model.targets
        self.model_known = model.known
        self.model_phrases = model.phrases
        self.abbreviations = _spelling_words()[0]
        self.competitors = frozenset(w for w in self.vocabulary if len(w) >= 3) - self.targets
        # a deletion index (every word and each form of it with one letter deleted, also with its umlauts dropped):
        # the words within one edit of a question word share a key with it, so only those are measured
        self.index: dict[str, set[str]] = {}
        self.long: list[str] = []  # words of 10 letters or more, measured one by one for two edits
        for word in self.targets | self.competitors:
            for form in {word, _plain(word)}:
                for key in _deletions(form):
                    self.index.setdefault(key, set()).add(word)
            if len(word) >= 10:
                self.long.append(word)

    def known(self, word: str) -> bool:
        w = word.casefold()
        return (w in self.vocabulary or w in self.targets or _ascii(w) in self.targets
                or grounding.stem(w) in self.model_known or w.startswith("ifc"))

    def readings(self, question: str) -> tuple[list[Reading], list[tuple[str, list[str]]]]:
        """The readings of the question's unknown words, and the words with two readings at the same distance."""
        out: list[Reading] = []
        ambiguous: list[tuple[str, list[str]]] = []
        taken: list[tuple[int, int]] = []
        for found in self._abbreviations(question):
            out.append(found)
            taken.append((found.start, found.end))
        tokens = [m for m in _TOKEN.finditer(question) if not any(a < m.end() and m.start() < b for a, b in taken)]
        skip: set[int] = set()
        for i, m in enumerate(tokens):
            if i in skip:
                continue
            word = m.group(0)
            if "-" in word:
                reading = self._hyphenated(m)
                if reading is not None:
                    out.append(reading)
                continue
            digits = re.search(r"\d+$", word)
            if digits is not None:  # "door150173", "room003", "Childrn10"
                reading = self._numbered(m, digits.start())
                if reading is not None:
                    out.append(reading)
                continue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and question[m.end():nxt.start()] == " " and not re.search(r"[-\d]", nxt.group(0)):
                joined = (word + nxt.group(0)).casefold()
                phrase = f"{word} {nxt.group(0)}".casefold()
                if (joined in self.targets or _ascii(joined) in self.targets) and phrase not in _phrases():
                    # "Ober geschoss", "bath room" (never a phrase the vocabularies hold: "ground floor")
                    both = self.known(word) and self.known(nxt.group(0))
                    out.append(Reading(m.start(), nxt.end(), question[m.start():nxt.end()], joined, "apart",
                                       second=both))
                    skip.add(i + 1)
                    continue
            if self.known(word):
                continue
            split = self._split(word)
            if split is not None:
                out.append(Reading(m.start(), m.end(), word, split, "joined"))
                continue
            close = self._closest(word)
            if len(close) == 1:
                target, edits = close[0]
                out.append(Reading(m.start(), m.end(), word, _cased(word, target), "edit", edits))
            elif close:
                ambiguous.append((word, [t for t, _ in close]))
        out.sort(key=lambda r: r.start)
        return out, ambiguous

    def umlauts(self, question: str) -> list[Reading]:
        """Words no vocabulary or model name holds that are one target with its umlauts dropped or spelled out."""
        out: list[Reading] = []
        for m in _TOKEN.finditer(question):
            word = m.group(0)
            if "-" in word or not word.isalpha() or len(word) < 4 or self.known(word):
                continue
            close = self._closest(word)
            if len(close) == 1 and close[0][1] == 0 and re.search("[äöüß]", close[0][0]):
                out.append(Reading(m.start(), m.end(), word, _cased(word, close[0][0]), "edit", 0))
        return out

    def _abbreviations(self, question: str) -> list[Reading]:
        out: list[Reading] = []
        for short, full in self.abbreviations.items():
            dot = "" if short.endswith(".") else r"\.?"
            for m in re.finditer(rf"(?<![\w.]){re.escape(short)}{dot}(?![\w])", question, flags=re.IGNORECASE):
                word = m.group(0)
                if grounding.stem(word.rstrip(".").casefold()) in self.model_known or any(
                        r.start < m.end() and m.start() < r.end for r in out):
                    continue  # a word the model's names hold ("EXT" in a type name) is the model's
                out.append(Reading(m.start(), m.end(), word, full, "abbreviation"))
        return out

    def _hyphenated(self, m: re.Match[str]) -> Reading | None:
        word = m.group(0)
        head, _, tail = word.rpartition("-")
        if tail.isdigit():  # "room-006", "door-285959"; never "level-1" (a storey below ground)
            if head.casefold() in self.targets and head.casefold() not in STOREY_NOUNS and "-" not in head:
                return Reading(m.start(), m.end(), word, f"{head} {tail}", "hyphen")
            return None
        if word.replace("-", " ").casefold() in _phrases():  # "light-fixtures": the phrase "light fixtures"
            return Reading(m.start(), m.end(), word, word.replace("-", " "), "hyphen")
        joined = word.replace("-", "").casefold()
        parts_known = self.known(word.split("-")[0]) and self.known(word.split("-")[-1])
        if not parts_known and (joined in self.targets or _ascii(joined) in self.targets):  # "Erd-Geschoss"
            return Reading(m.start(), m.end(), word, joined, "apart")
        return None

    def _numbered(self, m: re.Match[str], at: int) -> Reading | None:
        """A word with its number attached: a noun the vocabularies hold is written apart ("door150173" -> "door
        150173"), a misspelled name keeps its number ("Childrn10" -> "Children10")."""
        word = m.group(0)
        head, number = word[:at].rstrip("-"), word[at:]
        if not head or self.known(word) or len(head) < 3:
            return None
        if head.casefold() in self.targets and head.casefold() not in STOREY_NOUNS:
            return Reading(m.start(), m.end(), word, f"{head} {number}", "joined")
        if self.known(head):
            return None
        close = self._closest(head)
        if len(close) == 1 and close[0][0] in self.model_targets:
            return Reading(m.start(), m.end(), word, _cased(head, close[0][0]) + number, "edit", close[0][1])
        return None

    def _split(self, word: str) -> str | None:
        """Two known words written together, one of them a target ("livingroom", "tallestwindow"), split one way."""
        w = word.casefold()
        if len(w) < 6:
            return None
        splits = [(w[:i], w[i:]) for i in range(3, len(w) - 2)
                  if self._part(w[:i]) and self._part(w[i:]) and (w[:i] in self.targets or w[i:] in self.targets)]
        if len(splits) != 1:
            return None
        head, tail = splits[0]
        phrase = f"{head} {tail}"
        if phrase in _phrases() or phrase in self.model_phrases or head in _modifiers():  # "living room", "exterior
            return phrase  # doors", "small offices" (a model's "small office"); never "esszimmer stühle"
        return None

    def _part(self, w: str) -> bool:
        return w in self.targets or w in self.vocabulary

    def _closest(self, word: str) -> list[tuple[str, int]]:
        """The targets at the smallest distance within :func:`max_edits` (singular and plural, or a word with and
        without its umlauts, as one). Every word of the vocabularies competes: when a function word is as close
        as a target, nothing is read (a misspelled filler word is not a content word)."""
        w = word.casefold()
        limit = max_edits(w)
        if limit == 0:
            return []
        best = limit + 1
        found: list[str] = []
        keys = set().union(*(_deletions(f) for f in {w, _plain(w), _plain(_ascii_back(w))}))
        near = set().union(*(self.index.get(k, set()) for k in keys))
        for target in sorted(near) if limit == 1 else self.long:
            if abs(len(target) - len(w)) > limit or len(target) < 4:  # "wing" is never "win"
                continue
            d = _edits(w, target, limit)
            if d < best:
                best, found = d, [target]
            elif d == best:
                found.append(target)
        if best > limit:
            return []
        found.sort(key=lambda t: (t not in self.model_targets, t))  # the model's own form first ("Buero")
        kept: list[str] = []
        for t in found:  # "wals": "walls" and "wall" are one word; the form that ends like the question's
            twin = next((k for k in kept if _same_word(k, t) or _ascii(k) == _ascii(t) or _plain(k) == _plain(t)
                         or _meaning(k) == _meaning(t) != k), None)
            if twin is None:
                kept.append(t)
            elif _same_word(twin, t) and t[-1:] == w[-1:] and twin[-1:] != w[-1:]:
                kept[kept.index(twin)] = t
        # a misspelling keeps the first letter ("foors" is "floors", never "doors"; "odors" is no "doors"): a word
        # whose nearest words all start otherwise is not read
        if not any(_plain(t[:1]) == _plain(w[:1]) for t in kept):
            return []
        kept = [t for t in kept if _plain(t[:1]) == _plain(w[:1])]
        if len(kept) == 1 and kept[0] not in self.targets:
            return []  # the closest word is a function word
        return [(t, best) for t in kept]


def parse(parser: Parser, question: str) -> Plan:
    """The rules' plan of ``question`` read as written, except two spellings no one means otherwise: the period of
    an abbreviation inside a sentence (:func:`unstop`) and a word the vocabularies hold with an umlaut, written with
    it dropped or spelled out ("Außenwande", "Raeume"; a word that is no other word of any vocabulary or of the
    model), both recorded in the plan."""
    text = unstop(parser, question)
    found = speller(parser).umlauts(text)
    for r in reversed(found):
        text = text[:r.start] + r.read_as + text[r.end:]
    plan = parser.parse(text)
    if found:
        plan.question = question
        _record(plan, found)
    return plan


def _record(plan: Plan, found: list[Reading]) -> None:
    words = {f.word for f in found}
    plan.spelling = [r.to_dict() for r in found] + [r for r in plan.spelling if r["word"] not in words]
    plan.notes = [f"read {r.word!r} as {r.read_as!r} ({_how(r)})" for r in found] + plan.notes


def unstop(parser: Parser, question: str) -> str:
    """The question without the period of an abbreviation inside a sentence ("the ext. ones", "no. of doors"),
    which would otherwise end the sentence there; only abbreviations of ``spelling_words.json`` that the model's
    names do not hold, followed by a lower-case word or a number. Nothing else changes."""
    abbreviations = _spelling_words()[0]
    model = _model_words(parser).known

    def drop(m: re.Match[str]) -> str:
        word = m.group(1)
        if word.casefold() not in abbreviations or grounding.stem(word.casefold()) in model:
            return m.group(0)
        return word + m.group(2)

    return re.sub(r"(?<![\w.])([^\W\d_]{2,6})\.(\s+)(?=[a-z0-9äöü])", drop, question)


def _cased(written: str, target: str) -> str:
    return target[:1].upper() + target[1:] if written[:1].isupper() else target


def _declined(plan: Plan) -> bool:
    return plan.declined is not None or bool(plan.unresolved) or plan.intent in ("declined", "unanswerable")


def reread(parser: Parser, question: str, plan: Plan) -> Plan:
    """The plan of ``question`` with its unknown words read by spelling, when the rules' ``plan`` declined and the
    question so read is understood as a whole; else ``plan`` (noting a word with two readings)."""
    if not _declined(plan) or any(n.startswith("refused") for n in plan.notes) or plan.parser.startswith("llm:") \
            or several_requests.settled(plan) or pointer_binding.settled(plan):  # round 15; round 20: a pointer's
        return plan
    found, ambiguous = speller(parser).readings(question)
    framed = {w.casefold() for w in plan.resolved.get("framing_words", ())}  # round 10: who asks, never re-read
    framed |= several_requests.closing_words(question)  # round 15: "Gruß", "Grüße" are never "Gross", "Grosse"
    found = [r for r in found if r.word.casefold() not in framed]
    found = _not_excluded(plan, question, found)  # round 11: "außer den Saunen" is never "außer den Säulen"
    ambiguous = [(w, o) for w, o in ambiguous if w.casefold() not in framed]
    for word, options in ambiguous:
        note = (f"{word!r} is as close to " + " as to ".join(repr(o) for o in options[:3])
                + f": not read as {'either' if len(options) == 2 else 'any of them'}")
        plan.notes.append(note)
        if plan.declined is not None:
            plan.declined["reason"] = plan.declined["reason"] + f" ({note})"
    if not found:
        return plan
    first = [r for r in found if not r.second]
    for readings in dict.fromkeys(tuple(x) for x in (first, found) if x):  # the unknown words' readings first
        again = _again(parser, question, readings)
        if again is not None:
            again.parser = plan.parser
            return again
    plan.notes.append("spelling: read " + ", ".join(f"{r.word!r} as {r.read_as!r}" for r in found)
                      + ", and the question was still not understood")
    return plan


def _not_excluded(plan: Plan, question: str, found: list[Reading]) -> list[Reading]:
    """``found`` less the edit readings of words an exclusion takes out (``exclusion_phrases.negated_by_spelling``)
    that change a letter ("Saunen" is no "Säulen"; "exteiror" keeps its letters and is "exterior"): a wrong reading
    there answers "everything less something else", so the word is named as not understood."""
    def letters(word: str) -> list[str]:
        return sorted(word.casefold().replace("ä", "a").replace("ö", "o").replace("ü", "u").replace("ß", "ss"))

    kept = []
    for r in found:
        before = " ".join(question[: r.start].casefold().replace("ß", "ss").split()) + " "
        if (r.how == "edit" and r.edits > 0 and letters(r.word) != letters(r.read_as)
                and exclusion_phrases.negated_by_spelling(before)):
            note = f"{r.word!r} is taken out by an exclusion: not read as {r.read_as!r} by its spelling"
            plan.notes.append(note)
            if plan.declined is not None:
                plan.declined["reason"] = plan.declined["reason"] + f" ({note})"
            continue
        kept.append(r)
    return kept


def _again(parser: Parser, question: str, found: tuple[Reading, ...]) -> Plan | None:
    """The plan of the question with ``found`` read, when it is understood as a whole."""
    text = question
    for r in reversed(found):
        text = text[:r.start] + r.read_as + text[r.end:]
    again = parser.parse(text)
    if _declined(again) or check_question(again) or again.declined is not None:
        return None
    again.question = question
    _record(again, list(found))
    return again




def _how(r: Reading) -> str:
    if r.how == "edit":
        return "an umlaut spelled another way" if r.edits == 0 else f"{r.edits} edit{'s' if r.edits > 1 else ''}"
    return {"abbreviation": "an abbreviation", "apart": "one word written apart", "joined": "two words written "
            "together", "hyphen": "a hyphen for a space"}[r.how]


def said(plan: Plan) -> str:
    """What the answer says of the readings: "(Read 'dorrs' as 'doors'.) " or ""."""
    if not plan.spelling:
        return ""
    return "(Read " + ", ".join(f"'{r['word']}' as '{r['read_as']}'" for r in plan.spelling) + ".) "
