"""Resolving storey words against one model: names, numbers, ordinals and aliases, by elevation order.

Rules (documented in docs/ARCHITECTURE.md, "Spatial QA"):

* A storey's own name always wins ("Level 1", "1.OG", "Erdgeschoss", "Roof"), written with any spacing.
* A number or ordinal with a storey noun ("floor 2", "second floor", "2. OG") picks the one storey whose
  name carries that number; else it counts storeys up from the ground storey (ground = 0).
* The ground storey is the one named so (ground floor, Erdgeschoss, EG ...), else the one whose
  elevation is nearest to 0. Basement = storeys below it; roof = the storey named roof/Dach/attic,
  else the highest; upper/top floor = the highest storey above ground not named "roof"; "upstairs" also skips a
  storey named attic / loft / Dachboden (an attic is "in the attic"), and the answer says so. "Obergeschoss" / "OG"
  are the storeys named so, never the Dachgeschoss of a house that has none (declined, listing the storeys).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ifcqa.index.model_index import ModelIndex
from ifcqa.spatial.vocabulary import BASEMENT_WORDS, GROUND_WORDS

_TOKEN = re.compile(r"[0-9]+|[^\W\d_]+")


@dataclass(frozen=True)
class Storey:
    guid: str
    name: str
    elevation: float | None
    rank: int  # position in elevation order (0 = lowest)
    tokens: tuple[str, ...]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(int(t) for t in self.tokens if t.isdigit())


def tokens(text: str) -> tuple[str, ...]:
    """Lower-case word and number tokens: ``"1.OG"`` -> ``("1", "og")``, ``"1stFloor"`` -> ``("1", "stfloor")``."""
    return tuple(_TOKEN.findall(text.casefold()))


def name_pattern(name: str) -> re.Pattern[str] | None:
    """A regex finding ``name`` in a question with any spacing or punctuation between its tokens."""
    parts = [re.escape(t) for t in tokens(name)]
    if not parts:
        return None
    # no "-" between tokens: "level -1" is one below ground, not "Level 1"
    return re.compile(r"(?<![\w])" + r"[\s._/]*".join(parts) + r"(?![\w])")


class _Building:
    """The storeys of one building in elevation order, and the alias rules over them."""

    def __init__(self, storeys: list[Storey]) -> None:
        self.storeys = storeys

    def _named(self, words: tuple[str, ...]) -> list[Storey]:
        found = []
        for s in self.storeys:
            text = " ".join(s.tokens)
            joined = "".join(s.tokens)
            if any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) or joined == w.replace(" ", "") for w in words):
                found.append(s)
        return found

    def ground(self) -> Storey | None:
        named = self._named(GROUND_WORDS)
        if len(named) == 1:
            return named[0]
        if not self.storeys:
            return None
        with_elevation = [s for s in self.storeys if s.elevation is not None]
        if not with_elevation:
            return self.storeys[0]
        return min(with_elevation, key=lambda s: (abs(s.elevation or 0.0), -s.rank))

    def _position(self) -> int | None:
        ground = self.ground()
        return self.storeys.index(ground) if ground is not None else None

    def basement(self) -> list[Storey]:
        named = self._named(BASEMENT_WORDS)
        if named:
            return named
        at = self._position()
        return self.storeys[:at] if at is not None else []

    def roof(self) -> list[Storey]:
        named = [s for s in self.storeys if _is_roof(s)]
        return named[-1:] if named else self.storeys[-1:]

    def top(self) -> list[Storey]:
        """The highest storey above ground that is not a bare roof level ("Roof", "T/ROOF"); else the highest."""
        return self.upper() or self.storeys[-1:]

    def upper(self) -> list[Storey]:
        """Like :meth:`top`, but only above ground: "upstairs" in a one-storey building names no storey."""
        above = self.upper_all()
        non_roof = [s for s in above if "roof" not in s.tokens]
        return (non_roof or above)[-1:]

    def upstairs(self) -> list[Storey]:
        """ "Upstairs": like :meth:`upper`, but an attic is "in the attic", not upstairs (UPSTAIRS_RULE)."""
        above = self.upper_all()
        lived = [s for s in above if "roof" not in s.tokens and not _is_attic(s)]
        return lived[-1:] if lived else self.upper()

    def bottom(self) -> list[Storey]:
        """The storey named for the foundation (FDN, foundation, Fundament), else the lowest storey."""
        words = ("fdn", "foundation", "foundations", "fundament")
        named = [s for s in self.storeys if any(t in words for t in s.tokens)]
        return named[:1] or self.storeys[:1]

    def upper_named(self) -> list[Storey]:
        """Storeys named Obergeschoss / OG; none if no storey is named so."""
        return [s for s in self.storeys if any(t in ("og", "obergeschoss") for t in s.tokens)]

    def upper_all(self) -> list[Storey]:
        at = self._position()
        return self.storeys[at + 1:] if at is not None else []

    def by_offset(self, offset: int) -> list[Storey]:
        """The storey ``offset`` places above (negative: below) the ground storey."""
        at = self._position()
        if at is None:
            return []
        position = at + offset
        return [self.storeys[position]] if 0 <= position < len(self.storeys) else []


def _unnamed(s: Storey) -> str:
    """A label for a storey without a name (answers never print a GlobalId in place of a name)."""
    if s.elevation is not None:
        return f"the unnamed storey at elevation {s.elevation:g}"
    return f"unnamed storey no. {s.rank + 1}"


ATTIC_WORDS = ("attic", "loft", "dachboden", "spitzboden")
UPSTAIRS_RULE = "the highest storey above ground that is no roof level or attic"


def _is_attic(s: Storey) -> bool:
    """A storey named attic / loft / Dachboden / Spitzboden (not Dachgeschoss: a German top floor people live in)."""
    return any(t in ATTIC_WORDS for t in s.tokens)


def _is_roof(s: Storey) -> bool:
    return any(t in ("roof", "dach", "attic", "dg") or t.startswith("dach") for t in s.tokens)


class StoreyResolver:
    """The storeys of one model in elevation order; aliases apply per building and are united.

    In a model with several buildings "ground floor" means the ground storey of each of them.
    """

    def __init__(self, index: ModelIndex) -> None:
        self.storeys: list[Storey] = []
        groups: dict[int | None, list[Storey]] = {}
        for rank, storey_id in enumerate(index.storeys):
            e = index.data.elements[storey_id]
            name = (e.name or e.long_name or "").strip()
            storey = Storey(index.key(e), name, e.elevation, rank, tokens(name))  # "#id" for a shared GlobalId
            self.storeys.append(storey)
            groups.setdefault(e.building, []).append(storey)
        self.by_guid = {s.guid: s for s in self.storeys}
        self.buildings = [_Building(group) for group in groups.values()]
        # building name -> its storeys, when the model has several named buildings ("Level 1 in Building B")
        self.building_storeys: dict[str, list[str]] = {}
        if len(groups) > 1:
            for b, group in groups.items():
                name = (index.data.elements[b].name or "").strip() if b is not None and b in index.data.elements else ""
                if name:
                    self.building_storeys.setdefault(name, []).extend(s.guid for s in group)
        names = [s.name for s in self.storeys]
        building_names = {
            s.guid: (index.data.elements[b].name or "") if b is not None and b in index.data.elements else ""
            for b, group in groups.items() for s in group
        }
        self.labels = {
            s.guid: (f"{s.name} ({building_names[s.guid]})" if names.count(s.name) > 1 and building_names[s.guid]
                     else s.name or _unnamed(s))
            for s in self.storeys
        }

    def names(self) -> list[str]:
        return [self.labels[s.guid] for s in self.storeys]

    def _union(self, found: list[Storey]) -> list[Storey]:
        return sorted(dict.fromkeys(found), key=lambda s: s.rank)

    def ground(self) -> list[Storey]:
        return self._union([g for b in self.buildings if (g := b.ground()) is not None])

    def basement(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.basement()])

    def roof(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.roof()])

    def top(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.top()])

    def upper(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.upper()])

    def upstairs(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.upstairs()])

    def bottom(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.bottom()])

    def upper_named(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.upper_named()])

    def upper_all(self) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.upper_all()])

    def by_offset(self, offset: int) -> list[Storey]:
        return self._union([s for b in self.buildings for s in b.by_offset(offset)])

    def by_number(self, number: int, noun: str | None, below: bool = False) -> tuple[list[Storey], str]:
        """Storeys by number: those whose name carries it (preferring the same noun), else by ordinal from ground."""
        if not below:
            carrying = [s for s in self.storeys if number in s.numbers]
            if len(carrying) > 1 and noun:
                same_noun = [s for s in carrying if any(t.startswith(noun[:4]) for t in s.tokens)]
                carrying = same_noun or carrying
            if carrying:
                return carrying, "number"
        found = self.by_offset(-number if below else number)
        return found, "ordinal"
