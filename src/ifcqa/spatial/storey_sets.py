"""Sets of storeys as people say them (issue 22, round 13): read into the explicit, ordered storeys of the model.

People rarely name every storey they mean. They say a set by its place in the building's elevation order, by the
ground, and restate it in parentheses; each shape below is read into the storeys it names in THIS model, by the
storeys' elevations, and written back into the question as their names ("the two lower floors" -> "EG and 1.OG"),
so every later reader (counts, lists, comparisons, "which of ... have") works on named storeys, and the answer says
which storeys it took (a note, and the storeys named in the answer's rule):

=================  ===============================================================================================
shape              read as
=================  ===============================================================================================
a counted end      "the two lower floors", "both upper levels", "the bottom two storeys", "the top 3 floors", "die
                   beiden unteren Geschosse": the n lowest / highest storeys by elevation
the first n        "the first two levels", "die ersten zwei Geschosse": the n lowest, only when no storey lies below
                   the ground storey (else "first" may count from the ground or from the basement: declined)
the ground         "(all) floors above ground (level)", "above grade", "the above-ground floors", "oberirdisch";
                   "below ground", "under grade", "unterirdisch": the storeys above / below THE ground storey, the one
                   storey at elevation 0 (no storey there, or several: declined, "ground" is not marked)
restated           any of these, or "the lower / upper floors" without a count, followed by a list of storey names
                   in parentheses ("the two lower floors (EG and 1.OG)"): the list must be the set the words name
                   (without a count: the lowest / highest storeys it lists); else declined naming both
which of a set     "of <storeys>, which (ones) have X", "which (ones) of <storeys> have X": "which floors of
                   <storeys> have X" (the storeys holding X, never the elements)
=================  ===============================================================================================

Declined (never a guess): a count larger than the storeys the model has; "upper" storeys that would take in the
ground storey (the storey at elevation 0) or one below it; a set the elevations cannot order (a storey
without elevation); a counted end that takes in a roof or foundation level when leaving it out would make another
set of as many storeys ("the two upper floors" of Keller, EG, 1.OG, 2.OG, Dachgeschoss: 2.OG and Dachgeschoss, or
1.OG and 2.OG?); "above / below ground" where no single storey lies at elevation 0. Where no storey lies above /
below the ground, the phrase is left to the parser's storey aliases, which name no storey and decline. Before the
comparison words (:mod:`comparison_words`): "lower" in "the two lower floors" is a place in the order, never a
compared amount.
Vocabularies: ``data/storey_set_words.json``.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ifcqa.spatial.storeys import Storey, name_pattern
from ifcqa.spatial.word_patterns import alternation


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, Any]:
    return dict(json.loads(resources.files("ifcqa.spatial").joinpath("data/storey_set_words.json")
                           .read_text("utf-8")))


def _alt(words: Iterable[str]) -> str:
    return alternation(words)


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    w = _words()
    nouns, counts = _alt(w["plural_nouns"]), _alt(list(w["counts"]))
    ends = _alt(w["lower"] + w["upper"] + w["first"])
    counted = re.compile(
        rf"(?<![\w.])(?:(?P<det>the|all\s+the|all|both|die|den|der|alle|allen|beide|beiden)\s+)?"
        rf"(?:(?P<n1>{counts})\s+)?(?P<end>{ends})\s+(?:(?P<n2>{counts})\s+)?(?P<noun>{nouns})(?![\w])")
    ground = re.compile(
        rf"(?<![\w])(?:(?P<lead>(?:the|all\s+the|all|every|each|any|die|alle|allen)\s+)?"
        rf"(?:(?P<noun1>{nouns}|floor|level|storey|story)\s+))?"
        rf"(?P<side>{_alt(w['above_ground'])}|{_alt(w['below_ground'])})"
        rf"(?:\s+(?P<noun2>{nouns}))?(?![\w-])")
    return counted, ground


_PREPOSITION = re.compile(r"(?:\b(?:on|in|at|of|from|for|across|over|throughout|auf|im|von|vom|für|fuer|zwischen|"
                          r"among|amongst|between)\s+(?:(?:the|all|den|dem|die|allen)\s+)?)$")


@dataclass
class Reading:
    """The question with the sets read as storey names, what was read, and why it declines (None: it does not)."""

    text: str
    notes: list[str] = field(default_factory=list)
    decline: str | None = None
    words: list[str] = field(default_factory=list)
    read: bool = False
    said: list[str] = field(default_factory=list)  # the phrases read as storeys ("the two lower floors")


def _is(s: Storey, key: str) -> bool:
    marks = set(_words()[key])
    return any(t in marks or (key == "roof_tokens" and t.startswith("dach")) for t in s.tokens)


def _order(storeys: list[Storey]) -> list[Storey] | None:
    """The storeys by elevation (None: one has no elevation, the order is not recorded)."""
    if not storeys or any(s.elevation is None for s in storeys):
        return None
    return sorted(storeys, key=lambda s: (float(s.elevation or 0.0), s.rank))


def _ground(order: list[Storey]) -> Storey | None:
    at_zero = [s for s in order if abs(float(s.elevation or 0.0)) < 1e-6]
    return at_zero[0] if len(at_zero) == 1 else None


def _join(names: list[str], german: bool) -> str:
    word = " und " if german else " and "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + word + names[-1]


def _restated(inner: str, storeys: list[Storey]) -> list[Storey] | None:
    """The storeys a parenthesised list names, each item one storey's name (None: an item names none)."""
    items = [i.strip(" .") for i in re.split(r"\s*(?:,|;|&|\+|\band\b|\bund\b)\s*", inner) if i.strip(" .")]
    if not items:
        return None
    out: list[Storey] = []
    for item in items:
        found = [s for s in storeys if s.name and (p := name_pattern(s.name)) is not None and p.fullmatch(item)]
        if len(found) != 1:
            return None
        out.append(found[0])
    return out


class Sets:
    """The storey-set readings over one model's storeys (one building; the readings do nothing with several)."""

    def __init__(self, storeys: list[Storey], buildings: int) -> None:
        self.storeys = storeys
        self.buildings = buildings
        self.order = _order(storeys)
        names = [s for s in storeys if s.name]
        self._list = None
        if names:
            alts = "|".join(p.pattern for s in sorted(names, key=lambda s: len(s.name), reverse=True)
                            if (p := name_pattern(s.name)) is not None)
            one = rf"(?:{alts})"
            self._list = re.compile(rf"{one}(?:\s*(?:,|\band\b|\bund\b|&|\bor\b)\s*{one})*")

    def read(self, text: str) -> Reading:
        """``text`` (normalised) with each storey set of the module doc written as its storeys' names."""
        out = Reading(text)
        if self.buildings > 1 or len(self.storeys) < 2:
            return out
        counted, ground = _patterns()
        for found in reversed(list(counted.finditer(out.text))):
            self._counted(out, found)
            if out.decline is not None:
                return out
        for found in reversed(list(ground.finditer(out.text))):
            self._ground(out, found)
            if out.decline is not None:
                return out
        self._which_of(out)
        return out

    # --- the readings ----------------------------------------------------------------------------------------------
    def _put(self, out: Reading, start: int, end: int, chosen: list[Storey], said: str, german: bool) -> None:
        names = [s.name for s in chosen]
        before = re.sub(r"\b(?:across|throughout)\s+(?:(?:all|the)\s+)*$", "on ", out.text[:start])  # = on them
        before = re.sub(r"\b(?:the|die|den)\s+$", "", before)  # "of the below-ground floors": of Keller
        lead = "" if _PREPOSITION.search(before) or not before.strip() or re.search(r"[(:,\-]\s*$", before) \
            else ("in " if german else "on ")
        new = lead + _join([n.casefold() for n in names], german)
        out.text = before + new + out.text[end:]
        out.notes.append(f"{said!r}: the storeys {', '.join(names)} (by elevation)")
        out.said.append(said)
        out.read = True

    def _paren(self, out: Reading, end: int) -> tuple[re.Match[str] | None, list[Storey] | None]:
        paren = re.compile(r"\s*\((?P<inner>[^()]*)\)").match(out.text, end)
        if paren is None:
            return None, None
        restated = _restated(paren.group("inner"), self.storeys)
        if restated is None and not any(p.search(paren.group("inner")) for s in self.storeys
                                        if s.name and (p := name_pattern(s.name)) is not None):
            return None, None  # "(for the cleaning contract)": no storey named, no restatement
        return paren, restated

    def _decline(self, out: Reading, said: str, why: str) -> None:
        out.decline = f"{why}, so '{said}' names no set of storeys I can take without guessing"
        out.words = [said]

    def _counted(self, out: Reading, found: re.Match[str]) -> None:
        w = _words()
        said = found.group(0).strip()
        end_word = found.group("end")
        kind = "lower" if end_word in w["lower"] else "first" if end_word in w["first"] else "upper"
        count_word = found.group("n1") or found.group("n2")
        det = found.group("det") or ""
        n = w["counts"].get(count_word) if count_word else (2 if det in ("both", "beide", "beiden") else None)
        german = any(t in w["german"] for t in said.split())
        paren, restated = self._paren(out, found.end())
        if n is None and paren is None:
            return  # "the upper floors" with no count and no list: the parser's own reading (every storey above ground)
        if n is None and kind == "first":
            return
        order = self.order
        if order is None:
            self._decline(out, said, "the model records no elevation for some of its storeys (their order is not "
                          "known)")
            return
        if n is not None and n > len(order):
            self._decline(out, said, f"the model has {len(order)} storeys ({', '.join(s.name for s in order)})")
            return
        if n is None:  # "the lower floors (EG and 1.OG)": the list says how many
            if restated is None or len(restated) < 2:
                self._decline(out, said + (paren.group(0) if paren else ""),
                              "the storeys in the parentheses are not the model's storeys")
                return
            n = len(restated)
        if kind == "first":
            ground = _ground(order)
            if ground is None or order.index(ground) > 0:
                below = ", ".join(s.name for s in order[:order.index(ground)]) if ground else ""
                self._decline(out, said, "'first' counts from the lowest storey or from the ground storey, and "
                              + (f"this model has storeys below the ground ({below})" if below
                                 else "no storey of this model is marked as the ground (elevation 0)"))
                return
            kind = "lower"
        chosen = order[:n] if kind == "lower" else order[-n:]
        ground = _ground(order)
        if kind == "upper" and ground is not None and ground in chosen:
            above = order[order.index(ground) + 1:]
            self._decline(out, said, f"this model has {len(above)} storey{'s' if len(above) != 1 else ''} above its "
                          f"ground storey {ground.name}" + (f" ({', '.join(s.name for s in above)})" if above else ""))
            return
        odd_key = "foundation_tokens" if kind == "lower" else "roof_tokens"
        odd = [s for s in chosen if _is(s, odd_key)]
        plain = [s for s in order if not _is(s, odd_key)]
        if odd and len(plain) >= n:
            other = plain[:n] if kind == "lower" else plain[-n:]
            what = "foundation" if kind == "lower" else "roof"
            self._decline(out, said, f"by elevation they are {', '.join(s.name for s in chosen)}, but "
                          f"{', '.join(s.name for s in odd)} is a {what} level, and without it they are "
                          f"{', '.join(s.name for s in other)}")
            return
        end = found.end()
        if paren is not None:
            if restated is None or {s.guid for s in restated} != {s.guid for s in chosen}:
                self._decline(out, said + paren.group(0), f"the {len(chosen)} {kind} storeys of this model by "
                              f"elevation are {', '.join(s.name for s in chosen)}, and the parentheses say "
                              f"{paren.group('inner').strip()!r}")
                return
            end = paren.end()
            out.notes.append(f"{paren.group(0).strip()!r}: the same storeys restated")
        self._put(out, found.start(), end, chosen, said, german)

    def _ground(self, out: Reading, found: re.Match[str]) -> None:
        w = _words()
        before = out.text[:found.start()].split()
        if before and before[-1].strip(".,?!") in w["height_words"]:
            return  # "how high above ground is ...", "3 m below grade": a height, not storeys
        side = found.group("side")
        above = side in w["above_ground"]
        said = found.group(0).strip()
        german = any(t in w["german"] for t in said.split())
        order = self.order
        if order is None:
            self._decline(out, said, "the model records no elevation for some of its storeys")
            return
        ground = _ground(order)
        if ground is None:
            self._decline(out, said, "no single storey of this model lies at elevation 0 (the ground is not "
                          "marked)")
            return
        at = order.index(ground)
        chosen = order[at + 1:] if above else order[:at]
        if not chosen:
            return  # nothing below ground: the parser's own reading names no storey and declines saying so
        end = found.end()
        paren, restated = self._paren(out, end)
        if paren is not None and restated is not None:
            if {s.guid for s in restated} != {s.guid for s in chosen}:
                self._decline(out, said + paren.group(0), f"the storeys {'above' if above else 'below'} ground are "
                              f"{', '.join(s.name for s in chosen)}, and the parentheses say "
                              f"{paren.group('inner').strip()!r}")
                return
            end = paren.end()
        self._put(out, found.start(), end, chosen, said, german)

    def _which_of(self, out: Reading) -> None:
        """ "of EG and 1.OG, which have doors", "which of EG and 1.OG have doors": which of those storeys."""
        if self._list is None:
            return
        lst = self._list.pattern
        # never before a compared amount: "which of Level 1 and Level 2 has less windows" is a comparison
        plain = (r"(?!\s+(?:the\s+|a\s+)?(?:more|fewer|less|most|fewest|least|larger|largest|greater|greatest|higher|"
                 r"highest|bigger|biggest|smaller|smallest|lower|lowest|mehr|weniger|meisten|wenigsten)\b)")
        shapes = (
            re.compile(rf"\b(?:of|among|amongst)\s+(?:the\s+)?(?P<list>{lst})\s*,?\s*(?:which|what)"
                       rf"(?:\s+ones?|\s+of\s+them)?\s+(?P<verb>have|has|contain|hold)\b" + plain),
            re.compile(rf"\b(?:which|what)(?:\s+ones?)?\s+of\s+(?:the\s+)?(?:(?:floors|levels|storeys)\s+)?"
                       rf"(?P<list>{lst})\s+(?P<verb>have|has|contain|hold)\b" + plain),
        )
        for shape in shapes:
            found = shape.search(out.text)
            if found is None:
                continue
            new = f"which floors of {found.group('list')} have"
            out.text = out.text[:found.start()] + new + out.text[found.end():]
            out.notes.append(f"{found.group(0)!r}: which of the storeys {found.group('list')} (the storeys asked)")
            out.read = True
            return

