"""Storeys as people name them, across the models' naming conventions (issue 22, round 14).

Models name storeys "Level 1 / Level 2", "EG / 1.OG", "Keller / Erdgeschoss / 1. Obergeschoss", "GroundFloor /
1stFloor / attic", "Ebene 0"; people count storeys their own way. The storey passes of the parser read a model's
names, numbers carried by names, ordinals and aliases; this module reads the references whose meaning depends on a
convention the model's names do not share, by the storeys' elevation order (``Storey.rank``) and the ground storey
(``StoreyResolver.ground``), and writes each as the storey's name (so every later reader works on a named storey)
or declines saying why:

===================  ===============================================================================================
reference            read as
===================  ===============================================================================================
German counted       "im 1. Stock", "im ersten Stock", "2. Etage", "1. OG" / "OG 1" / "erstes Obergeschoss": German
                     counts storeys from the Erdgeschoss (EG = 0), so the storey N above the ground storey -- the
                     upper storey the model names with N when it numbers them ("1.OG", "1. Obergeschoss"; the
                     parser's own passes, left as written for OG), else its one "Obergeschoss" for N = 1, else
                     counted by elevation ("1. OG" of Level 1 / Level 2 is Level 2, never the Level 1 the number
                     matches); declined where there is no such storey, or it is a roof level ("Roof", "Dach"), or,
                     for an OG, a roof or attic level ("1. OG" of Erdgeschoss / Dachgeschoss; "1. Stock" is the
                     Dachgeschoss)
counted offset       "one floor up from EG", "two levels below the roof", "ein Geschoss über dem EG": the storey N
                     places above / below the storey named after it (any way the parser reads a storey); declined
                     where there is none, or the storey it counts from is not one storey
upstairs/downstairs  read by the parser's aliases when this model has one storey for them; DECLINED here, naming the
                     candidates, where it has several: "upstairs" with two or more lived storeys above the ground
                     storey (roof and attic levels are no "upstairs"), "downstairs" with a storey below the ground
                     storey that is no foundation level. Said beside one of the candidates ("upstairs on 1.OG") it
                     restates that storey and is dropped
attic words          "Dachboden", "Spitzboden": "attic" (a storey named attic / loft / Dach-), unless the model
                     names a storey or a space so
===================  ===============================================================================================

Only single-building models are read (a model with several buildings has a ground storey in each).
Vocabularies: ``data/storey_ref_words.json``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any, Protocol

from ifcqa.spatial.storey_sets import Reading
from ifcqa.spatial.storeys import Storey, StoreyResolver, _is_attic, _is_roof, name_pattern
from ifcqa.spatial.word_patterns import alternation


class _Mention(Protocol):
    start: int
    end: int
    storeys: list[Storey]


Mentions = Callable[[str, list[Any]], str]  # the parser's storey passes: (fragment, out) -> masked fragment


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    return dict(json.loads(resources.files("ifcqa.spatial").joinpath("data/storey_ref_words.json")
                           .read_text("utf-8")))


def _alt(words: Iterable[str]) -> str:
    return alternation(words)


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    w = _words()
    nouns = _alt(w["counted_nouns"])
    ordinals = _alt(w["german_ordinals"])
    return {
        "counted": re.compile(rf"(?<![\w.])(?:(?P<n>\d{{1,2}})\s*\.\s*|(?P<word>{ordinals})(?:e[nmrs]?)\s+)"
                              rf"(?P<noun>{nouns})(?![\w])"),
        "og_n": re.compile(r"(?<![\w.])(?P<noun>og|obergeschoss)\s*(?P<n>\d{1,2})(?![\w.])"),
        "offset": re.compile(rf"(?<![\w.])(?P<n>{_alt(w['counts'])})\s+(?P<noun>{_alt(w['storey_nouns'])})\s+"
                             rf"(?P<dir>{_alt(w['up'] + w['down'])})\s+(?:(?:the|dem|des|der|den|vom)\s+)?"),
        "updown": re.compile(rf"(?<![\w])(?P<w>{_alt(w['up_aliases'] + w['down_aliases'])})(?![\w])"),
        "attic": re.compile(rf"(?<![\w])(?P<w>{_alt(w['attic_words'])})(?![\w])"),
    }


# a determiner making "two floors above X" a set of storeys ("the two floors above the EG"), not a count of steps
_SET_BEFORE = re.compile(r"\b(?:the|both|all|these|those|die|den|der|beiden|alle|allen)\s+$")


def _foundation(s: Storey) -> bool:
    return any(t in ("fdn", "foundation", "foundations", "fundament") for t in s.tokens)


def _is_og(s: Storey) -> bool:
    return any(t in ("og", "obergeschoss") for t in s.tokens)


class Refs:
    """The readings of the module doc over one model's storeys."""

    def __init__(self, resolver: StoreyResolver, mentions: Mentions, space_names: Iterable[str] = ()) -> None:
        self.r = resolver
        self.mentions = mentions
        self.space_names = frozenset(space_names)
        self.order = sorted(resolver.storeys, key=lambda s: s.rank)

    def read(self, out: Reading) -> Reading:
        """``out.text`` (normalised) with each reference written as its storey's name, or ``out.decline`` set."""
        if len(self.r.buildings) != 1 or len(self.order) < 1:
            return out
        for step in (self._attic, self._counted, self._offsets, self._updown):
            step(out)
            if out.decline is not None:
                break
        return out

    # --- helpers ---------------------------------------------------------------------------------------------------
    def _ground(self) -> Storey | None:
        ground = self.r.ground()
        return ground[0] if len(ground) == 1 else None

    def _named(self, phrase: str) -> bool:
        """Whether a storey of the model is named ``phrase`` (then the parser's name pass reads it)."""
        return any(s.name and (p := name_pattern(s.name)) is not None and p.fullmatch(phrase) for s in self.order)

    def _put(self, out: Reading, start: int, end: int, storey: Storey, said: str, why: str) -> None:
        out.text = out.text[:start] + storey.name.casefold() + out.text[end:]
        out.notes.append(f"{said!r}: {storey.name} ({why})")
        out.said.append(said)
        out.read = True

    def _decline(self, out: Reading, said: str, why: str) -> None:
        out.decline = why
        out.words = [said]

    def _names(self, storeys: Iterable[Storey]) -> str:
        return ", ".join(self.r.labels[s.guid] for s in storeys)

    # --- the readings ----------------------------------------------------------------------------------------------
    def _attic(self, out: Reading) -> None:
        for found in reversed(list(_patterns()["attic"].finditer(out.text))):
            word = found.group("w")
            if self._named(word) or word in self.space_names:
                continue
            out.text = out.text[:found.start()] + "attic" + out.text[found.end():]
            out.notes.append(f"{word!r}: the attic")

    def upper_counted(self, n: int, noun: str) -> tuple[Storey | None, str]:
        """The storey a German count names ("1. Stock" = the first storey above the Erdgeschoss), and why (or why
        there is none: the storey is None). A roof or attic level is no Obergeschoss ("1. OG" of Erdgeschoss /
        Dachgeschoss); a Stock or Etage only when it is a bare roof level ("Roof", "Dach")."""
        ground = self._ground()
        og = [s for s in self.order if _is_og(s)]
        numbered = [s for s in og if s.numbers]
        if numbered:
            found = [s for s in numbered if n in s.numbers]
            if len(found) == 1:
                return found[0], "the upper storey the model numbers so"
            return None, f"this model numbers its upper storeys {self._names(numbered)}, none {n}"
        if og and n == 1 and len(og) == 1 and (ground is None or og[0].rank > ground.rank):
            return og[0], "the model's one Obergeschoss"
        if ground is None:
            return None, "no single storey of this model is its ground storey, so storeys cannot be counted from it"
        at = self.order.index(ground) + n
        if at >= len(self.order):
            above = self.order[self.order.index(ground) + 1:]
            return None, (f"this model has {len(above)} storey{'s' if len(above) != 1 else ''} above its ground "
                          f"storey {self.r.labels[ground.guid]}" + (f" ({self._names(above)})" if above else ""))
        storey = self.order[at]
        upper = noun in ("og", "obergeschoss")
        if (upper and (_is_roof(storey) or _is_attic(storey))) or "roof" in storey.tokens or storey.tokens == ("dach",):
            return None, (f"the storey {n} above the ground storey {self.r.labels[ground.guid]} is "
                          f"{self.r.labels[storey.guid]}, a roof {'or attic ' if upper else ''}level, not "
                          f"{'an Obergeschoss' if upper else 'a floor'}")
        return storey, f"the storey {n} above the ground storey {self.r.labels[ground.guid]}, by elevation"

    def _counted(self, out: Reading) -> None:
        w = _words()
        has_numbered_og = any(_is_og(s) and s.numbers for s in self.order)
        p = _patterns()
        found_all = sorted([*p["counted"].finditer(out.text), *p["og_n"].finditer(out.text)], key=lambda m: m.start())
        for found in reversed(found_all):
            said = found.group(0).strip()
            noun = found.group("noun")
            if self._named(said) or (has_numbered_og and noun in ("og", "obergeschoss")):
                continue  # the model's own name, or its numbered upper storeys: the parser's passes read them
            if "word" in found.re.groupindex and found.group("word"):
                n = int(w["german_ordinals"][found.group("word")])
            else:
                n = int(found.group("n"))
            if n < 1:
                continue
            storey, why = self.upper_counted(n, noun)
            if storey is None:
                self._decline(out, said, why)
                return
            self._put(out, found.start(), found.end(), storey, said, why)

    def _offsets(self, out: Reading) -> None:
        w = _words()
        for found in reversed(list(_patterns()["offset"].finditer(out.text))):
            if _SET_BEFORE.search(out.text, 0, found.start()):
                continue  # "the two floors above the EG": a set of storeys, not the one two places up
            said_head = found.group(0).strip()
            n = int(w["counts"][found.group("n")])
            up = " ".join(found.group("dir").split()) in w["up"]
            rest = out.text[found.end():]
            mentions: list[_Mention] = []
            self.mentions(rest, mentions)
            first = min(mentions, key=lambda m: m.start) if mentions else None
            if first is None or rest[:first.start].strip() or len({s.guid for s in first.storeys}) != 1:
                self._decline(out, said_head, f"'{said_head}' counts from a storey, and which one is not said "
                              "as one storey of this model")
                return
            base = first.storeys[0]
            said = (said_head + " " + rest[:first.end].strip()).strip()
            at = self.order.index(base) + (n if up else -n)
            if not 0 <= at < len(self.order):
                self._decline(out, said, f"this model has no storey {n} {'above' if up else 'below'} "
                              f"{self.r.labels[base.guid]} (its storeys by elevation: {self._names(self.order)})")
                return
            self._put(out, found.start(), found.end() + first.end, self.order[at], said,
                      f"{n} {'above' if up else 'below'} {self.r.labels[base.guid]}, by elevation")

    def _candidates(self, word: str) -> tuple[list[Storey], str]:
        """The storeys ``word`` ("upstairs" / "downstairs") may mean in this model, and what they are."""
        ground = self._ground()
        if ground is None:
            return [], ""
        at = self.order.index(ground)
        if word in _words()["up_aliases"]:
            lived = [s for s in self.order[at + 1:] if "roof" not in s.tokens and not _is_attic(s)]
            return lived, f"{len(lived)} storeys above the ground storey {self.r.labels[ground.guid]}"
        below = [s for s in self.order[:at] if not _foundation(s)]
        return ([ground, *below] if below else []), (
            f"the ground storey {self.r.labels[ground.guid]} or {self._names(below)} below it")

    def _updown(self, out: Reading) -> None:
        for found in reversed(list(_patterns()["updown"].finditer(out.text))):
            word = found.group("w")
            if self._named(word):
                continue
            candidates, what = self._candidates(word)
            if len(candidates) < 2:
                continue  # one storey (or none): the parser's alias reads it, or declines naming none
            masked = out.text[:found.start()] + " " * (found.end() - found.start()) + out.text[found.end():]
            mentions: list[_Mention] = []
            self.mentions(masked, mentions)
            keys = {s.guid for s in candidates}
            beside = [m for m in mentions if m.storeys and {s.guid for s in m.storeys} <= keys
                      and (abs(m.start - found.end()) <= 16 or abs(found.start() - m.end) <= 16)]
            if beside:  # "upstairs on 1.OG", "1.OG (upstairs)": the storey named, restated
                out.text = out.text[:found.start()] + out.text[found.end():]
                out.notes.append(f"{word!r}: restates the storey named beside it")
                continue
            self._decline(out, word, f"'{word}' may mean any of {self._names(candidates)} in this model "
                          f"({what}), so which storey is meant is not clear")
            return


def read(out: Reading, resolver: StoreyResolver, mentions: Mentions, space_names: Iterable[str] = ()) -> Reading:
    """The references of the module doc in ``out.text`` read (after :mod:`storey_sets`; nothing when it declined)."""
    if out.decline is not None:
        return out
    return Refs(resolver, mentions, space_names).read(out)
