"""Linking text to a model's entities: storeys, class groups, room types, spaces, types, materials.

Storeys and classes come from the spatial QA's deterministic parser (names, numbers, ordinals, aliases
by elevation order: "the upper-floor doors" -> the top storey and the door class group; "doors on
Level 2" -> the same when Level 2 is the top storey). Room types are the words spaces carry as LongName
or Name ("Küche"); a space's Name ("Kitchen 1.03"; "room 6" for a number-like Name) finds the space and
so its room type. Type and material names are
found by their (case-folded) text; in a question, an element's Name links its materials too. Every
link is a GlobalId or a name the index holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element

ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "fire_rating": ("fire", "ei", "ei30", "ei60", "fire-rated", "fire resistance", "fire rating"),
    "u_value": ("u-value", "u value", "u =", "thermal", "transmittance", "w/m²k"),
    "cost_rate": ("cost", "budget", "rate", "priced", "price", "eur", "€"),
    "floor_finish": ("finish", "flooring", "floor covering", "covering", "on the floor"),
    "naming_prefix": ("prefix", "naming", "numbering", "convention", "marks"),
    "phase": ("phase", "scope", "works package", "tender", "deferred"),
    "supplier": ("supplier", "supplies", "supplied", "delivers", "comes from", "bought from", "procurement"),
}

_CUES = {cue: re.compile(rf"(?<!\w){re.escape(cue)}(?!\w)") for cues in ATTRIBUTES.values() for cue in cues}


@dataclass
class Links:
    storeys: set[str] = field(default_factory=set)  # GlobalIds
    classes: set[str] = field(default_factory=set)  # class group keys (door, wall, spaces, ...)
    rooms: set[str] = field(default_factory=set)  # room type words, case-folded
    spaces: set[str] = field(default_factory=set)  # GlobalIds
    types: set[str] = field(default_factory=set)  # GlobalIds of type objects
    materials: set[str] = field(default_factory=set)  # material names
    elements: set[str] = field(default_factory=set)  # GlobalIds of elements a question names

    def describe(self, index: ModelIndex) -> str:
        parts = [f"storey {index.get(g).name} ({g})" for g in sorted(self.storeys)]
        parts += [f"class {c}" for c in sorted(self.classes)]
        parts += [f"room type {r}" for r in sorted(self.rooms)]
        parts += [f"type {index.get(g).name} ({g})" for g in sorted(self.types)]
        parts += [f"material {m}" for m in sorted(self.materials)]
        return "; ".join(parts)


def attributes(text: str) -> set[str]:
    """The attribute concepts ``text`` talks about (fire rating, U-value, cost rate, finish, prefix, phase)."""
    folded = text.casefold()
    return {name for name, cues in ATTRIBUTES.items() if any(_CUES[cue].search(folded) for cue in cues)}


class Linker:
    """Resolves text against one model index."""

    def __init__(self, index: ModelIndex) -> None:
        from ifcqa.spatial.parser import Parser  # the spatial QA's storey and class rules

        self.index = index
        self.parser = Parser(index)
        self.room_of: dict[str, str] = {}  # space GlobalId -> room word (case-folded)
        self.space_names: dict[str, list[str]] = {}  # space Name (case-folded) -> GlobalIds
        for space in index.by_class("IfcSpace"):
            word = next((t.strip() for t in (space.long_name, space.name) if t and any(c.isalpha() for c in t)), None)
            if word:
                self.room_of[space.guid] = word.casefold()
            if space.name:
                self.space_names.setdefault(space.name.strip().casefold(), []).append(space.guid)
        self.rooms = sorted(set(self.room_of.values()), key=len, reverse=True)
        self.type_names: dict[str, str] = {}
        self.material_names: set[str] = set()
        self.element_names: dict[str, list[Element]] = {}  # Name (case-folded) -> elements with materials
        for e in index.elements():
            if e.instances and e.name and len(e.name) >= 4:
                self.type_names[e.name.casefold()] = e.guid
            for m in e.materials:
                if m and len(m) >= 4:
                    self.material_names.add(m)
            if e.materials and e.name and len(e.name) >= 4 and not e.instances:
                self.element_names.setdefault(e.name.casefold(), []).append(e)

    def link_query(self, text: str) -> Links:
        """:meth:`link`, plus the elements a question names: their materials and types link too
        ("who supplies the material of Wand-Int-ERDG-4" -> material Leichtbeton)."""
        links = self.link(text)
        folded = text.casefold()
        for name, elements in self.element_names.items():
            if name in folded and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", folded):
                for e in elements:
                    links.elements.add(e.guid)
                    links.materials.update(m for m in e.materials if m in self.material_names)
        return links

    def link(self, text: str) -> Links:
        normal = text.replace("-", " ")
        plan = self.parser.parse(normal)
        links = Links(set(plan.storeys), {c.key for c in plan.classes})
        folded = f" {text.casefold()} "
        for room in self.rooms:
            if re.search(rf"(?<!\w){re.escape(room)}(?!\w)", folded):
                links.rooms.add(room)
        for name, guids in self.space_names.items():
            # a wordy Name ("Kitchen 1.03") anywhere; a number-like one ("6", "0.01") after room/space
            wordy = len(name) >= 3 and any(c.isalpha() for c in name)
            pattern = (
                rf"(?<!\w){re.escape(name)}(?!\w)" if wordy else rf"\b(?:room|space|raum)\s+{re.escape(name)}(?![\w.])"
            )
            if re.search(pattern, folded):
                for guid in guids:
                    links.spaces.add(guid)
                    if guid in self.room_of:
                        links.rooms.add(self.room_of[guid])
        for name, guid in self.type_names.items():
            if name in folded:
                links.types.add(guid)
        for material in self.material_names:
            if material.casefold() in folded:
                links.materials.add(material)
        return links
