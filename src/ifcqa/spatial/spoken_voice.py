"""A one-line request typed in a hurry or dictated, read by the kinds of its words (issue 22, round 21 voice21).

People type on a phone, dictate, or write the request with a note on who asks: "whcih windows r in the kitchen?
film arived", "how many walls does the house have question mark thanks", "attic: how many walls r there??
insulation guy asks", "radiator on EG and on Dachgeschoss, sum of both pls", "walls with u value smaller 1,0",
"elevation from obergeschoss in meter please, stair builder". When the rules declined the question,
:func:`read` writes it the way the parser reads, by these kinds (the words are data, ``data/spoken_voice.json``):

- **dictated punctuation** ("question mark", "comma", "full stop") read as the mark, never when the model holds
  the word; **chat abbreviations** ("u", "thx"; never "u" before "value": the U-value) and the **other spelling**
  of a unit after "in" or a number ("in meter": "in metre");
- **typos by distance** (:func:`typo`): a word that no vocabulary and no model name holds, of five letters or more,
  that is one transposition, one dropped or one doubled letter from exactly one word the vocabularies or the
  model hold, reads as that word ("whcih" -> "which", "arived" -> "arrived"); two candidates or a shorter word
  and it is not read (the parser's speller reads content words by its own distance; this reads the words it
  leaves: function and talk words);
- **totals over what is listed** ("sum of both", "taken together", "in sum", "insgesamt", "zusammen"): read as
  "in total", the count over the union of the listed storeys; "plus" between two names as "and"; a total word
  closing the request ("walls of groundfloor and 1stfloor sum?", round 22) as "in total";
- **a comparator without its "than"** before a number ("smaller 1,0"): "than" put back, the decimal comma read as
  a point; an **attribute "from" a place** ("elevation from obergeschoss"): "of";
- **German pointer adverbs** ("da dran", "da drin") read as "da", the place the question named; **"inside"**
  closing a request whose elements record no IsExternal (the plan declined on it): the named room's inside;
- **tails that speak about the question** (:func:`tails`): after the request's "?" or its last comma, a tail
  naming the asker ("..., stair builder", "insulation guy asks": a person noun, whatever modifies it, with words
  of asking), a need or purpose ("brauche die zahl für die thermoantriebe", "wegen rollos") or what the asker
  supplies per element ("one docking station each") is set aside only when it holds no restricting word,
  condition or pointer (``message_units``' lists) and, apart from the person phrase, names nothing the model
  holds (``message_units.grounded_in``: the same grounding test as multi-unit messages); a person noun as the
  subject of a clause of its own ("? techniker bring seals", round 22) is judged before the word forms are read
  (they would read "techniker" as a model word), its clause, forms read, grounded in nothing.

Nothing that could restrict is dropped: every reading replaces a word by the word it stands for, and what is set
aside names nothing the model holds. The caller (:mod:`ifcqa.spatial.voice_reading`) keeps the reading only when
the question so read is understood as a whole, and records the readings in the plan's notes ("context set aside:
...", "read 'whcih' as 'which' (typo: one transposition)").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ifcqa.spatial import context_clauses, framing, message_sentences, message_units, spelling
from ifcqa.spatial.word_patterns import alternation

if TYPE_CHECKING:
    from ifcqa.spatial.parser import Parser

TOTAL_NOTE = "read a total over what is listed"
_WORD = re.compile(r"(?<![\w'’-])[^\W\d_]+(?![\w'’-])")


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("ifcqa.spatial.data").joinpath("spoken_voice.json").read_text(encoding="utf-8"))
    return data


def _table(key: str) -> dict[str, str]:
    return {k: v for k, v in _data()[key].items() if not k.startswith("_")}


def _alt(words: list[str]) -> str:
    return alternation(sorted(words, key=len, reverse=True))


@dataclass
class Spoken:
    """The question read, and what was read or set aside."""

    text: str
    notes: list[str] = field(default_factory=list)


def _sub(text: str, pattern: str, repl: str | Callable[[re.Match[str]], str], note: str, notes: list[str],
         flags: int = re.IGNORECASE) -> str:
    new = re.sub(pattern, repl, text, flags=flags)
    if new != text:
        notes.append(note)
    return new


def _punctuation(parser: Parser, text: str, notes: list[str]) -> str:
    for spoken, mark in _table("dictated_punctuation").items():
        if parser._holds_words(spoken):
            continue
        text = _sub(text, rf"\s*(?<![\w-]){re.escape(spoken)}(?![\w-])", mark,
                    f"read {spoken!r} as {mark!r} (dictated punctuation)", notes)
    return text


_LABEL_NOUNS = frozenset(["building", "block", "wing", "zone", "section", "level", "room", "bauteil", "haus", "house",
                          "tower", "area", "stair", "core", "unit", "gebäude", "flügel", "type", "typ", "grid", "axis",
                          "achse", "phase", "option", "variant", "door", "window", "wall", "storey", "floor", "raum"])


def _labelled(m: re.Match[str]) -> bool:
    """The one letter ``m`` found labels the noun before it ("Building D", "block r"): no abbreviation."""
    before = re.findall(r"[\w'’]+", m.string[:m.start()])
    return bool(before) and before[-1].casefold() in _LABEL_NOUNS


def _unless_labelled(full: str, m: re.Match[str]) -> str:
    return m.group(0) if _labelled(m) else full


def _abbreviations(sp: spelling.Speller, text: str, notes: list[str]) -> str:
    for short, full in _table("chat_abbreviations").items():
        if short in sp.targets:
            continue
        if len(short) == 1:  # one letter: only in lower case and never as a label ("Building D", "Block R")
            text = _sub(text, rf"(?<![\w'’.-]){re.escape(short)}(?![\w'’-])(?!\s*-?\s*values?\b)",
                        functools.partial(_unless_labelled, full),
                        f"read {short!r} as {full!r} (chat abbreviation)", notes, flags=0)
            continue
        text = _sub(text, rf"(?<![\w'’-]){re.escape(short)}(?![\w'’-])(?!\s*-?\s*values?\b)", full,
                    f"read {short!r} as {full!r} (chat abbreviation)", notes)
    regional: dict[str, Any] = _data()["regional_words"]
    for variety, words in regional.items():  # round 24: "how mony doors hae we got", "wie vil"
        if variety.startswith("_"):
            continue
        for said, standard in words.items():
            if said.casefold() in sp.targets:
                continue
            text = _sub(text, rf"(?<![\w'’-]){re.escape(said)}(?![\w'’-])", standard,
                        f"read {said!r} as {standard!r} ({variety.replace('_', ' ')})", notes)
    text = _interjections(text, notes)
    for variant, known in _table("spelling_variants").items():
        text = _sub(text, rf"(?<=\bin\s){re.escape(variant)}\b|(?<=\d)(\s*){re.escape(variant)}\b",
                    rf"\1{known}", f"read {variant!r} as {known!r} (the unit's other spelling)", notes)
    return text


def _interjections(text: str, notes: list[str]) -> str:
    """Talk that asks nothing set aside: an opener ("aye so ..."), a vocative ("..., mate?") and a tail guessing
    the answer without a number ("reckon it's heaps?")."""
    table: dict[str, Any] = _data()["interjections"]
    guess = table["vague_guess"]
    text = _sub(text, rf"[,;]?\s*\b(?:i\s+)?(?:{_alt(guess['verbs'])})\s+(?:it'?s|there'?s|there\s+are|they'?re)\s+"
                rf"(?:{_alt(guess['amounts'])})\s*(?=[?!.]*\s*$)", "",
                "set aside a guess of the answer without a number (talk)", notes)
    text = _sub(text, rf"^\s*(?:{_alt(table['openers'])})\b\s*,?\s+(?=(?:how|what|which|where|are|is|do|does|can|"
                rf"wie|welche|wo|gibt)\b)", "", "set aside an opener (talk)", notes)
    return _sub(text, rf"(?:,\s*|\s+)(?:{_alt(table['vocatives'])})(?=\s*(?:[,?!.]|$))", "",
                "set aside a vocative (talk)", notes)


def typo(sp: spelling.Speller, word: str) -> tuple[str, str] | None:
    """The one known word ``word`` is a typo of (one transposition, one dropped or one doubled letter), with how;
    None when the word is known, shorter than five letters, or within such an edit of no word or of two; the first
    letter is kept."""
    w = word.casefold()
    if len(w) < 5 or not w.isalpha() or sp.known(w):
        return None
    near: set[str] = set()
    for key in spelling._deletions(w):
        near |= sp.index.get(key, set())
    found: dict[str, str] = {}
    for c in near:
        if c == w or c.isdigit() or c[:1] != w[:1]:
            continue  # the first letter is never a typo ("odors" is no "doors": round 5's rule)
        how = _one_edit(w, c)
        if how is not None:
            found[c] = how
        elif len(c) == len(w) - 1 and any(w[:i] + w[i + 1:] == c and w[i] in (w[i - 1:i] + w[i + 1:i + 2])
                                          for i in range(len(w))):
            found[c] = "one doubled letter"
    if len(found) != 1:
        return None
    return next(iter(found.items()))


def _one_edit(word: str, target: str) -> str | None:
    """How ``word`` is ``target`` typed with one letter dropped or two neighbours swapped (None: neither); the
    first letter is kept."""
    if word[:1] != target[:1]:
        return None
    if len(target) == len(word) + 1 and any(target[:i] + target[i + 1:] == word for i in range(len(target))):
        return "one dropped letter"
    if len(target) == len(word):
        diff = [i for i in range(len(word)) if word[i] != target[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == target[diff[1]] \
                and word[diff[1]] == target[diff[0]]:
            return "one transposition"
    return None


def _asking_typos(sp: spelling.Speller, text: str, notes: list[str]) -> str:
    """A short unknown word opening a sentence or a clause after a comma or a dash ("wat walls has the house", "wich
    doors ...", "Bad or Küche, wich one ...", "rooms over 20 m² - wich ones?"), one edit from exactly one asking word,
    read as it: where a question opens, its word is the asking word, whatever else it is near."""
    asking: list[str] = _data()["asking_words"]

    def read(m: re.Match[str]) -> str:
        word = m["word"]
        w = word.casefold()
        if not 3 <= len(w) <= 4 or sp.known(w):
            return m.group(0)
        found = [(t, how) for t in asking if (how := _one_edit(w, t)) is not None]
        if len(found) != 1:
            return m.group(0)
        target, how = found[0]
        notes.append(f"read {word!r} as {target!r} (opening a question, typo: {how})")
        return m["pre"] + (target[:1].upper() + target[1:] if word[:1].isupper() else target)

    return re.sub(r"(?m)(?P<pre>(?:^|(?<=[.?!;:,])|(?<=\s[-–—]))\s*)(?P<word>[^\W\d_]+)(?![\w'’-])", read, text)


def _typos(sp: spelling.Speller, text: str, notes: list[str]) -> str:
    out = []
    last = 0
    for m in _WORD.finditer(text):
        got = typo(sp, m.group(0))
        if got is None:
            continue
        target, how = got
        written = target[:1].upper() + target[1:] if m.group(0)[:1].isupper() else target
        out.append(text[last:m.start()] + written)
        last = m.end()
        notes.append(f"read {m.group(0)!r} as {written!r} (typo: {how})")
    return "".join(out) + text[last:]


def _phrasings(text: str, notes: list[str], declined: str) -> str:
    totals = _data()["totals"]
    text = _sub(text, rf"(?<![\w-])(?:{_alt(totals['phrases'])})(?![\w-])(?!\s+(?:with|mit)\b)", totals["read_as"],
                TOTAL_NOTE + " as 'in total' (the count over their union)", notes)
    text = _sub(text, rf"(?<=[\w.])\s+(?:{_alt(totals['closing'])})\s*(?=[?.!]*\s*$)", " in total",
                TOTAL_NOTE + " closing the request as 'in total' (the count over their union)", notes)
    text = _sub(text, rf"(?<=\w)\s+(?:{_alt(totals['union_words'])})\s+(?=\w)", " and ",
                "read 'plus' between two names as 'and'", notes)
    comp = _data()["comparators"]
    than = _alt(comp["takes_than"])
    text = _sub(text, rf"\b({than})\s+(?=\d)", r"\1 than ", "read a comparative before a number with its 'than'",
                notes)
    text = _sub(text, rf"\b({_alt(comp['german'])})\s+(?=\d)", rf"\1 {comp['german_than']} ",
                "read a comparative before a number with its 'als'", notes)
    every = _alt(comp["english"] + comp["german"])
    text = _sub(text, rf"\b((?:{every})(?:\s+(?:than|als))?\s+\d+),(\d{{1,3}})\b", r"\1.\2",
                "read the decimal comma of a compared number as a point", notes)
    attr = _data()["attribute_from"]
    text = _sub(text, rf"\b({_alt(attr['attributes'])})\s+(?:{_alt(attr['from_words'])})\s+(?=\w)", r"\1 of ",
                "read an attribute 'from' a place as 'of' it", notes)
    for said, read_as in sorted(_table("pointer_adverbs").items(), key=lambda kv: -len(kv[0])):
        text = _sub(text, rf"(?<![\w-]){re.escape(said)}(?![\w-])", read_as,
                    f"read {said!r} as {read_as!r} (the place the question names)", notes)
    inside = _data()["inside_words"]
    if "IsExternal" in declined:
        text = _sub(text, rf"(?<![\w-])(?:{_alt(inside['words'])})\s*(?=[?.!]|$)", inside["read_as"],
                    "read 'inside' closing the request as the named room's inside (its elements record no "
                    "IsExternal)", notes)
    return text


def _attribute_on_part(parser: Parser, text: str, notes: list[str]) -> str:
    """ "what finish is on the walls ..." -> "what is the wall finish ...", when the model holds 'Wall Finish'."""
    d = _data()["attribute_on_part"]
    if len([p for p in re.split(r"[.!?]+(?:\s+|$)|\n", text) if p.strip()]) > 1:
        return text  # one sentence only: in a message, which room "in there" means is the message's to read
    pattern = (rf"\b(?P<ask>{_alt(d['asking'])})\s+(?P<attr>[^\W\d_]+)\s+(?:{_alt(d['linking'])})\s+"
               r"(?P<part>[^\W\d_]+)\b")
    for m in re.finditer(pattern, text, flags=re.IGNORECASE):
        part = m["part"]
        for one in dict.fromkeys([part, *([part[:-1]] if part.lower().endswith("s") else [])]):
            name = f"{one} {m['attr']}"
            if parser._holds(name):
                notes.append(f"read {m.group(0)!r} as the property {name!r} the model holds")
                return text[:m.start()] + f"{m['ask']} is the {name.lower()}" + text[m.end():]
    return text


def _person_tail(tail: str) -> bool:
    """Whether ``tail`` names the asker: a person noun (with at most two words modifying it) and words of asking."""
    persons = _data()["persons"]
    nouns, asking = set(persons["nouns"]), set(persons["asking"])
    words = [w.casefold() for w in re.findall(r"[^\W\d_][\w'-]*", tail)]
    at = [i for i, w in enumerate(words) if w in nouns]
    if not at:
        return False
    i = at[-1]
    before = [j for j in range(i) if words[j] not in asking and words[j] not in nouns]
    if len(before) > 2 or before and before != list(range(before[0], i)):
        return False  # the modifiers stand right before the noun ("insulation guy", "stair builder")
    return all(w in asking or w in nouns for w in words[i + 1:])


def _person_clause(tail: str) -> str | None:
    """ "techniker bring seals", "crew brings ladders": a person noun (at most two words modifying it) as the subject
    of a clause of its own (a finite verb right after it): the clause after the noun, else None (round 22 cmp22)."""
    nouns = set(_data()["persons"]["nouns"])
    words = [w.casefold() for w in re.findall(r"[^\W\d_][\w'-]*", tail)]
    at = [i for i, w in enumerate(words) if w in nouns]
    if not at or at[0] > 2 or at[0] + 1 >= len(words):
        return None
    verb = words[at[0] + 1]
    if not message_units._words().clause.fullmatch(verb):
        return None
    return " ".join(words[at[0] + 1:])


def _person_clause_tail(parser: Parser, text: str, notes: list[str],
                        forms: Callable[[str], tuple[str, list[str]]]) -> str:
    """``text`` with a last tail that is a person's clause ("? techniker bring seals") set aside, judged before the
    word forms are read (they would read a person noun they do not hold, "techniker", as a model word): only when
    the tail holds no restricting word, condition or pointer and its clause, its forms read, names nothing the
    model holds."""
    m = re.search(r"\?+\s*(?P<tail>[^?,]*[^\W\d_][^?,]*?)\s*[.!]*\s*$", text)
    if m is None or not re.search(r"[^\W\d_]", text[:m.start()]):
        return text
    tail, w = m["tail"], message_units._words()
    clause = _person_clause(tail)
    if clause is None or w.restricting.search(tail) or w.condition.search(tail) or w.about_things.search(tail) or (
            w.pointers.search(tail)) or framing.place_said(tail) or message_sentences._PLACE_NOUN.search(tail):
        return text
    if message_units.grounded_in(parser)(forms(clause)[0], text[:m.start()]):
        return text
    notes.append(f"context set aside: {tail.strip()!r} (who asks and what they do: names nothing the model holds)")
    return text[:m.start()] + "?"


def _per_item(tail: str) -> str | None:
    """What the asker supplies per element ("one docking station each"): the thing's words, else None."""
    d = _data()["per_item"]
    m = re.fullmatch(rf"\s*(?:{_alt(d['numbers'])})\s+(?P<thing>[^\W\d_][\w\s'-]*?)\s+(?:{_alt(d['each'])})"
                     r"\s*[.!]*\s*", tail, flags=re.IGNORECASE)
    return None if m is None else m["thing"]


def _need_tail(tail: str) -> bool:
    first = re.match(r"\s*([^\W\d_]+)", tail)
    return first is not None and first.group(1).casefold() in set(_data()["need_words"])


def tails(parser: Parser, text: str, notes: list[str]) -> str:
    """``text`` with its tails that speak about the question set aside (see the module doc)."""
    w = message_units._words()
    grounded = message_units.grounded_in(parser)
    while True:
        m = re.search(r"(?:\?+|,)\s*(?P<tail>[^?,]*[^\W\d_][^?,]*?)\s*[.!]*\s*$", text)
        if m is None or not re.search(r"[^\W\d_]", text[:m.start()]):
            return text
        tail, request = m["tail"], text[:m.start()]
        if w.restricting.search(tail) or w.condition.search(tail) or w.about_things.search(tail) or (
                w.pointers.search(tail)) or framing.place_said(tail) or message_sentences._PLACE_NOUN.search(tail) \
                or context_clauses._BUILDING_PART.search(tail):
            return text  # a part of the building the model does not name may be where the asked elements lie
        thing = _per_item(tail)
        clause = _person_clause(tail)
        if _person_tail(tail):
            why = "who asks"
        elif clause is not None and not grounded(clause, request):
            why = "who asks and what they do"
        elif thing is not None and not grounded(thing, request):
            why = "what is supplied per element"
        elif (message_units._talk(tail, sentence=m.group(0).lstrip().startswith("?")) or _need_tail(tail)) and (
                not grounded(tail, request)):
            why = "why it is asked"
        else:
            return text
        notes.append(f"context set aside: {tail.strip()!r} ({why}: names nothing the model holds)")
        text = text[:m.start()] + (m.group(0)[:1] if m.group(0)[:1] == "?" else "")


def read(parser: Parser, question: str, declined: str,
         forms: Callable[[str], tuple[str, list[str]]]) -> Spoken | None:
    """``question`` read by the kinds of the module doc (``declined``: the reason the rules declined it;
    ``forms``: the word-form reading of :mod:`ifcqa.spatial.word_forms`, applied before the tails are judged),
    or None when nothing was read."""
    sp = spelling.speller(parser)
    notes: list[str] = []
    text = _punctuation(parser, question, notes)
    text = _abbreviations(sp, text, notes)
    text = _typos(sp, _asking_typos(sp, text, notes), notes)
    text = _phrasings(text, notes, declined)
    text = _attribute_on_part(parser, text, notes)
    text = _person_clause_tail(parser, text, notes, forms)  # before the forms: they read no person noun
    text, formed = forms(text)
    notes.extend(formed)
    text = tails(parser, text, notes)
    if text == question or not notes:
        return None
    return Spoken(text, notes)
