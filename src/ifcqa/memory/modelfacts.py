"""What the task generator reads from a model index: storeys with their spoken aliases, room types,
classes per storey and area quantities. Everything here is a real fact of the model."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ifcqa.index.model_index import ModelIndex
from ifcqa.index.records import Element

# class groups the templates talk about: (key, IFC class, plural words)
CLASS_WORDS = {
    "IfcDoor": "doors",
    "IfcWindow": "windows",
    "IfcWall": "walls",
    "IfcSlab": "slabs",
    "IfcStair": "stairs",
    "IfcRailing": "railings",
    "IfcColumn": "columns",
    "IfcBeam": "beams",
    "IfcCovering": "coverings",
    "IfcFurnishingElement": "furniture items",
    "IfcFlowTerminal": "MEP terminals",
    "IfcRoof": "roof elements",
    "IfcSpace": "rooms",
}
AREA_NAMES = ("NetFloorArea", "GrossFloorArea", "NetSideArea", "GrossSideArea", "NetArea", "GrossArea", "Area")


@dataclass
class StoreyInfo:
    guid: str
    name: str
    alias: str | None  # "ground-floor", "upper-floor", "basement" (by elevation order), or None
    classes: Counter[str] = field(default_factory=Counter)  # class key -> elements on the storey


@dataclass
class ModelFacts:
    index: ModelIndex
    project: str
    storeys: list[StoreyInfo]
    room_types: dict[str, list[Element]]  # a room word (LongName or Name) -> spaces carrying it

    def area_quantity(self, ifc_class: str, storey: StoreyInfo) -> str | None:
        """The ``Set.Prop`` area quantity most elements of ``ifc_class`` on ``storey`` carry, or None."""
        counts: Counter[str] = Counter()
        elements = [e for e in self.index.by_class(ifc_class) if _storey_guid(self.index, e) == storey.guid]
        for e in elements:
            for set_name, values in e.qtos.items():
                for prop, value in values.items():
                    if prop in AREA_NAMES and isinstance(value.value, (int, float)) and value.value > 0:
                        counts[f"{set_name}.{prop}"] += 1
        if not counts:
            return None
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], AREA_NAMES.index(kv[0].rsplit(".", 1)[1]), kv[0]))
        path, n = ranked[0]
        return path if n * 2 >= len(elements) and "." in path and '"' not in path and path.count(".") == 1 else None


def _storey_guid(index: ModelIndex, element: Element) -> str | None:
    return index.data.elements[element.storey].guid if element.storey in index.data.elements else None


def model_facts(index: ModelIndex) -> ModelFacts:
    """The generator's view of ``index``."""
    from ifcqa.spatial.storeys import StoreyResolver  # storey aliases by elevation order, the spatial QA's rules

    resolver = StoreyResolver(index)
    ground = {s.guid for s in resolver.ground()}
    top = {s.guid for s in resolver.top()} - ground
    basement = {s.guid for s in resolver.basement()}
    names = Counter((index.get(s).name or "").strip() for s in index.storeys)
    storeys: list[StoreyInfo] = []
    by_guid: dict[str, StoreyInfo] = {}
    single_building = len(resolver.buildings) == 1
    for storey_id in index.storeys:
        e = index.data.elements[storey_id]
        name = (e.name or "").strip()
        if not name or names[name] > 1:
            continue  # a storey a probe cannot name unambiguously
        alias = None
        if single_building:
            alias = "ground-floor" if e.guid in ground else "upper-floor" if e.guid in top else None
            alias = "basement" if e.guid in basement and len(basement) == 1 else alias
        info = StoreyInfo(e.guid, name, alias)
        storeys.append(info)
        by_guid[e.guid] = info
    for e in index.elements():
        guid = _storey_guid(index, e) if e.storey is not None and e.storey != e.id else None
        if guid not in by_guid:
            continue
        for ifc_class in CLASS_WORDS:
            if index.is_a(e, ifc_class):
                by_guid[guid].classes[ifc_class] += 1
    room_types: dict[str, list[Element]] = {}
    for space in index.by_class("IfcSpace"):
        word = _room_word(space)
        if word and space.storey in index.data.elements:
            room_types.setdefault(word, []).append(space)
    project = index.get(index.data.project).name if index.data.project is not None else None
    return ModelFacts(index, (project or index.path.stem).strip() or index.path.stem, storeys, room_types)


def _room_word(space: Element) -> str | None:
    """A space's room type as people say it: its LongName, else its Name, when it is a word (not a number)."""
    for text in (space.long_name, space.name):
        word = (text or "").strip()
        if word.casefold() in _GENERIC_ROOM_WORDS:
            continue  # "Room", "Space": no room type ("the Room rooms" is not how anyone speaks)
        if word and any(c.isalpha() for c in word) and len(word) <= 40 and not word.startswith("ACID"):
            return word
    return None


_GENERIC_ROOM_WORDS = frozenset(["room", "rooms", "raum", "space", "spaces", "area", "zone", "bereich", "roof"])
