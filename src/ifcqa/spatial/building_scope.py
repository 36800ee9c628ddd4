"""The building itself named as the whole model (issue 22, round 11): "Which storey of the institute has the most
doors?", "the material of the walls of this little house", "for the security assessment of the sample house".

People name the building they ask about by what it is ("the duplex", "the institute", "this little house"); the
model is that building, so the phrase scopes nothing. :func:`blank` blanks it (spaces: positions stay) only

- in **scope position**: after "of / in / at / for / throughout / across / within" and a determiner ("the", "this",
  "our", "that"), or after "this" alone; followed by the end, punctuation or a function word (never "the building
  fabric", "the house number");
- when the noun is a word of the model's own building names (IfcProject / IfcSite / IfcBuilding Name, LongName,
  Description, and the file's name: "Duplex Apartment", "AC11-Institute-...") or a closed generic building noun
  (house, home, building, bungalow, villa, cottage, dwelling, residence, premises, duplex), with up to two of a
  closed set of describing words before it ("little", "sample", "new"; never "whole": "the whole building" is read
  as before);
- in a model with at most one IfcBuilding (with several, "the X" may be one of them: read as written).

A noun of neither kind ("of the annex", "in the garage") is left for the other passes, which decline what they do
not read. Words the parser already reads as the whole model ("in the building", "this model") are left as they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from importlib import resources

GENERIC = frozenset({"house", "home", "building", "bungalow", "villa", "cottage", "dwelling", "residence",
                     "premises", "duplex", "haus", "gebäude", "gebaeude", "wohnhaus", "einfamilienhaus"})
# the nouns the parser reads as the whole model already: blanked only with a describing word before them
_ALREADY_READ = frozenset({"house", "building", "model", "project", "file", "haus", "gebäude", "gebaeude"})
_DESCRIBING = (r"(?:little|small|sample|example|new|old|big|large|tiny|demo|test|existing|"
               r"kleine[ns]?)")
FOLLOW = (r"(?=\s*(?:[?.!,;:)\-]|$)|\s+(?:has|have|had|is|are|was|were|does|do|did|and|or|with|on|in|at|of|for|to|"
           r"that|which|who|what|according|as|i|we|you|they|it|hat|haben|ist|sind|und|oder|"
           r"actually|really|altogether|eigentlich|denn|überhaupt|insgesamt|zusammen)\b)")  # particles: round 22
_NOT_A_NAME = frozenset({"default", "project", "number", "name", "real", "site", "building", "model", "ifc", "var",
                         "test", "unnamed", "none", "the", "and", "with", "for"})


def model_words(names: Iterable[str | None]) -> frozenset[str]:
    """The words of the building's names (CamelCase, underscores, dashes and digits split; three letters or more)."""
    out: set[str] = set()
    for name in names:
        if not name:
            continue
        spaced = re.sub(r"(?<=[a-zäöü])(?=[A-ZÄÖÜ])", " ", name)
        for w in re.findall(r"[^\W\d_]{3,}", spaced):
            w = w.casefold()
            if w not in _NOT_A_NAME:
                out.add(w)
    return frozenset(out)


_FACILITIES = ("IfcBuilding", "IfcRailway", "IfcRoad", "IfcBridge", "IfcTunnel", "IfcMarineFacility", "IfcFacility")


def facility_nouns(held: Mapping[str, int]) -> frozenset[str]:
    """The nouns naming the model's one facility ("railway", "road", "bridge") and its one alignment
    ("alignment", "track"), from ``data/facility_words.json``; ``held`` is IFC class -> how many the model holds.
    A facility's nouns count only when the model holds exactly one facility (a building, railway, road, ...), an
    alignment's only when it holds exactly one alignment: with two, "this alignment" may be either."""
    raw = json.loads(resources.files("ifcqa.spatial").joinpath("data/facility_words.json").read_text("utf-8"))
    one_facility = sum(held.get(c, 0) for c in _FACILITIES) == 1
    return frozenset(n for cls, nouns in raw.items() if not cls.startswith("_") and held.get(cls, 0) and (
        held[cls] == 1 if cls == "IfcAlignment" else one_facility) for n in nouns)


def blank(text: str, words: frozenset[str]) -> tuple[str, list[str]]:
    """``text`` (normalised, lower case) with the building named as the whole model blanked, and what was blanked.
    Two nouns of the model in a row name it too ("along this railway alignment")."""
    nouns = sorted(GENERIC | words, key=len, reverse=True)
    if not nouns:
        return text, []
    alternatives = "|".join(re.escape(n) for n in nouns)
    pattern = re.compile(
        rf"\b(?:(?:of|in|at|for|throughout|across|within|along|von|im|in\s+dem|für|fuer|entlang)\s+(?:the|this|our|"
        rf"that|dem|das|der|diesem|dieses|dieser|unserem|unser)|this)\s+(?P<adj>(?:{_DESCRIBING}\s+){{0,2}})"
        rf"(?P<noun>(?:{alternatives})(?:\s+(?:{alternatives}))?)(?![\w-]){FOLLOW}")
    said: list[str] = []

    def take(m: re.Match[str]) -> str:
        if m["noun"] in _ALREADY_READ and not m["adj"]:
            return m.group(0)
        said.append(m.group(0))
        return " " * len(m.group(0))

    return pattern.sub(take, text), said
