"""What a scenario's fact is about, picked from a real model, and the ways people refer to it.

A :class:`Subject` is a set of real model elements (the doors on one storey, every window, the rooms of
one function, the doors of one type, everything made of one material) with:

* ``says``: how a person names it when stating a fact, often indirectly: by a storey's position ("the
  doors upstairs", "the top-floor doors", "the doors on the first floor"), by room function ("the
  bathrooms" for spaces named "Bad"), by a type's dimensions ("the 864-wide doors", "the tall narrow
  windows"), or by the model's own names;
* ``asks``: how the probe names it later, with the model's names ("doors on Dachgeschoss", "room 1.03",
  "doors of type 0864 x 2032mm"), so the probe never repeats the fact's words;
* the live tool call over those elements, and the key fact's entities and links (for scoring).

The ways of referring are written from how people talk about buildings, not from what any memory's
linker reads. :func:`candidates` lists every subject of a kind the model has (the generator picks one,
and near-miss statements use others).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ifcqa.memory.modelfacts import CLASS_WORDS, ModelFacts, StoreyInfo
from ifcqa.memory.tasks import EntityLink
from ifcqa.tools.registry import call_tool

MAX_ENTITIES = 40

# the words people use for a class group, plural (the first is the plain one)
CLASS_SAYINGS: dict[str, tuple[str, ...]] = {
    "IfcDoor": ("doors", "doorsets", "door leaves"),
    "IfcWindow": ("windows", "window units", "glazing units"),
    "IfcWall": ("walls", "wall elements"),
    "IfcSlab": ("slabs", "floor slabs"),
    "IfcStair": ("stairs", "staircases", "stair flights"),
    "IfcRailing": ("railings", "balustrades", "handrails"),
    "IfcColumn": ("columns", "posts"),
    "IfcBeam": ("beams", "downstand beams"),
    "IfcCovering": ("coverings", "finishes"),
    "IfcFurnishingElement": ("furniture items", "loose furniture", "fitted furniture"),
    "IfcFlowTerminal": ("MEP terminals", "sanitary and air terminals"),
    "IfcSpace": ("rooms", "spaces"),
}

# room functions as people say them, found from a room's name in a few languages: (word start, plural, singular)
ROOM_FUNCTIONS: tuple[tuple[str, str, str], ...] = (
    ("bath", "bathrooms", "bathroom"), ("bad", "bathrooms", "bathroom"), ("dusche", "shower rooms", "shower room"),
    ("wc", "toilets", "toilet"), ("toilet", "toilets", "toilet"), ("kitchen", "kitchens", "kitchen"),
    ("küche", "kitchens", "kitchen"), ("kueche", "kitchens", "kitchen"), ("bedroom", "bedrooms", "bedroom"),
    ("schlaf", "bedrooms", "bedroom"), ("kind", "children's rooms", "children's room"),
    ("child", "kids' rooms", "kid's room"), ("office", "offices", "office"), ("büro", "offices", "office"),
    ("buero", "offices", "office"), ("living", "living rooms", "living room"), ("wohn", "living rooms", "living room"),
    ("dining", "dining rooms", "dining room"), ("hall", "hallways", "hallway"), ("flur", "hallways", "hallway"),
    ("corridor", "corridors", "corridor"), ("storage", "storerooms", "storeroom"),
    ("abstell", "storerooms", "storeroom"), ("laundry", "laundry rooms", "laundry room"),
    ("meeting", "meeting rooms", "meeting room"), ("lobby", "lobbies", "lobby"), ("garage", "garages", "garage"),
    ("galerie", "galleries", "gallery"), ("gallery", "galleries", "gallery"), ("terrace", "terraces", "terrace"),
    ("terrasse", "terraces", "terrace"), ("entrance", "entrance halls", "entrance hall"),
    ("eingang", "entrance halls", "entrance hall"), ("utility", "utility rooms", "utility room"),
    ("mechanical", "plant rooms", "plant room"), ("technik", "plant rooms", "plant room"),
    ("classroom", "classrooms", "classroom"), ("lab", "labs", "lab"), ("seminar", "seminar rooms", "seminar room"),
)  # fmt: skip

_DIMS = re.compile(r"(?<!\d)(\d{3,4})\s*(?:mm)?\s*(?:x|X|×|\*)\s*(\d{3,4})(?!\d)")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass
class Subject:
    """Real elements a fact is about and how they are named (see the module docstring)."""

    kind: str
    key: str  # identity (near misses are about other keys)
    says: list[str]  # noun phrases for stating a fact ("the doors upstairs")
    asks: list[str]  # the probe's noun phrases ("doors on Obergeschoss"), without a leading article
    entities: list[EntityLink]
    links: dict[str, list[str]]
    live: tuple[str, dict[str, Any]]
    request: list[str]  # questions a user asks the assistant in the seeded session (answered by ``live``)
    ifc_class: str | None = None
    storey: StoreyInfo | None = None
    wheres: list[str] = field(default_factory=list)  # location phrases for the fact ("upstairs")
    ask_wheres: list[str] = field(default_factory=list)  # the probe's location phrases ("on Obergeschoss")
    element: str | None = None  # the element the probe names (material subjects)
    count: int | None = None  # how many elements the live query counts
    area: float | None = None  # the area it measures (area subjects)
    area_path: str | None = None


def _storey_of(mf: ModelFacts, e: Any) -> StoreyInfo | None:
    elements = mf.index.data.elements
    if e.storey is None or e.storey == e.id or e.storey not in elements:
        return None
    guid = elements[e.storey].guid
    return next((s for s in mf.storeys if s.guid == guid), None)


def _in_storey(mf: ModelFacts, ifc_class: str, storey: StoreyInfo) -> list[Any]:
    return [e for e in mf.index.by_class(ifc_class) if (s := _storey_of(mf, e)) is not None and s.guid == storey.guid]


def _link(mf: ModelFacts, e: Any) -> EntityLink:
    elements = mf.index.data.elements
    storey = elements[e.storey].name if e.storey in elements else None
    type_name = elements[e.type].name if e.type in elements else None
    return EntityLink(e.guid, e.ifc_class, e.name, storey, type_name)


def _type_guids(mf: ModelFacts, elements: list[Any]) -> list[str]:
    data = mf.index.data.elements
    return sorted({data[e.type].guid for e in elements if e.type in data})


def storey_places(mf: ModelFacts, storey: StoreyInfo) -> tuple[list[str], list[str]]:
    """How people place something on ``storey``: location phrases ("upstairs", "on the ground floor") and
    modifiers ("top-floor", "ground-floor"); the storey's own name is always among them."""
    elevation = {s.guid: mf.index.get(s.guid).elevation or 0.0 for s in mf.storeys}
    ground = next((s for s in mf.storeys if s.alias == "ground-floor"), None)
    wheres, mods = [f"on {storey.name}"], [storey.name]
    if ground is None:
        return wheres, mods
    above = sorted(
        (s for s in mf.storeys if elevation[s.guid] >= elevation[ground.guid]), key=lambda s: elevation[s.guid]
    )
    position = next((i for i, s in enumerate(above) if s.guid == storey.guid), None)
    if storey.alias == "basement":
        wheres += ["in the basement", "down in the basement", "below ground"]
        mods.append("basement")
    elif position == 0:
        wheres += ["on the ground floor", "at ground level"] + (["downstairs"] if len(above) == 2 else [])
        mods.append("ground-floor")
    elif position is not None:
        numbered = any(c.isdigit() for s in mf.storeys for c in s.name)
        if position <= len(_ORDINALS) and not numbered:  # British: the first floor is the one above the ground floor
            wheres.append(f"on the {_ORDINALS[position - 1]} floor")
        # the top floor is the spatial QA's (the alias): the highest storey that is not a bare roof level, so
        # Duplex's "Roof" above "Level 2" is not "the top floor" (the memory and the QA read Level 2)
        aliased = any(s.alias == "upper-floor" for s in mf.storeys)
        if storey.alias == "upper-floor" or (position == len(above) - 1 and not aliased):
            wheres += ["on the top floor"] + (["upstairs"] if len(above) == 2 else [])
            mods += ["top-floor"] + (["upstairs"] if len(above) == 2 else [])
        if position == 1 and len(above) > 2:
            wheres.append("on the floor above the ground floor")
    return wheres, mods


def _plural(ifc_class: str) -> str:
    return CLASS_SAYINGS.get(ifc_class, (CLASS_WORDS[ifc_class],))[0]


def candidates(kind: str, mf: ModelFacts, classes: tuple[str, ...]) -> list[Any]:
    """Every subject of ``kind`` the model offers (keys for :func:`build`), in a fixed order."""
    if kind == "storey_class":
        return [(s.guid, c) for s in mf.storeys for c in classes if s.classes[c]]
    if kind == "class":
        return [c for c in classes if mf.index.by_class(c) and any(s.classes[c] for s in mf.storeys)]
    if kind == "room":
        return sorted(_room_groups(mf))
    if kind == "type":
        return [t.guid for t in _types(mf, classes)]
    if kind == "material":
        return sorted(_materials(mf))
    raise ValueError(f"unknown subject kind {kind!r}")


def build(kind: str, mf: ModelFacts, key: Any, classes: tuple[str, ...] = ()) -> Subject:
    """The subject ``key`` of :func:`candidates`."""
    if kind == "storey_class":
        return _storey_class(mf, *key)
    if kind == "class":
        return _class(mf, key)
    if kind == "room":
        return _room(mf, key)
    if kind == "type":
        return _type(mf, key)
    return _material(mf, key)


def _storey_class(mf: ModelFacts, storey_guid: str, ifc_class: str) -> Subject:
    storey = next(s for s in mf.storeys if s.guid == storey_guid)
    elements = _in_storey(mf, ifc_class, storey)
    entities = [_link(mf, e) for e in elements[:MAX_ENTITIES]]
    links = {"storeys": [storey.guid], "classes": [ifc_class], "types": _type_guids(mf, elements),
             "elements": [e.global_id for e in entities]}  # fmt: skip
    wheres, mods = storey_places(mf, storey)
    words = CLASS_SAYINGS.get(ifc_class, (CLASS_WORDS[ifc_class],))
    says = [f"the {w} {where}" for w in words for where in wheres]
    says += [f"the {m} {w}" for w in words for m in mods if m != "upstairs" or w == words[0]]
    says += [f"all the {words[0]} {where}" for where in wheres[1:]]
    plain = _plural(ifc_class)
    asks = [f"{plain} on {storey.name}", f"{plain} on storey {storey.name}", f"{storey.name} {plain}"]
    live = ("count_elements", {"ifc_class": ifc_class, "storey": storey.name})
    count = int(call_tool(mf.index, *live)["count"])
    request = [f"How many {plain} are there {where}?" for where in wheres] + [
        f"Can you count the {w} {where} for me?" for w in words for where in wheres[:2]
    ]
    return Subject("storey_class", f"{storey.guid}:{ifc_class}", says, asks, entities, links, live, request,
                   ifc_class, storey, wheres, [f"on {storey.name}", f"on storey {storey.name}"],
                   count=count)  # fmt: skip


def _class(mf: ModelFacts, ifc_class: str) -> Subject:
    elements = [e for e in mf.index.by_class(ifc_class) if _storey_of(mf, e) is not None]
    words = CLASS_SAYINGS.get(ifc_class, (CLASS_WORDS[ifc_class],))
    says = [f"the {w}" for w in words] + [f"all the {words[0]}", f"all {words[0]} in the building"]
    live = ("count_elements", {"ifc_class": ifc_class})
    count = int(call_tool(mf.index, *live)["count"])
    entities = [_link(mf, e) for e in elements[:MAX_ENTITIES]]
    links = {"classes": [ifc_class], "types": _type_guids(mf, elements)}
    request = [f"How many {words[0]} does the model have?", f"Count the {words[0]} in the whole model, please."]
    request += [f"What's the total number of {w}?" for w in words]
    return Subject("class", ifc_class, says, [words[0], f"{words[0]} in the model"], entities,
                   links, live, request, ifc_class, count=count)  # fmt: skip


def room_function(word: str) -> tuple[str, str] | None:
    """A room name's function as people say it ("Schlafzimmer" -> ("bedrooms", "bedroom")), or None."""
    folded = word.casefold()
    for token in re.split(r"[^\w']+", folded):
        for start, plural, singular in ROOM_FUNCTIONS:
            if token.startswith(start):
                return plural, singular
    return None


def _room_groups(mf: ModelFacts) -> dict[str, list[Any]]:
    """Rooms grouped by function when one is known ("function:bedrooms"), else by their room word."""
    groups: dict[str, list[Any]] = {}
    for word, spaces in sorted(mf.room_types.items()):
        function = room_function(word)
        key = f"function:{function[0]}" if function else f"word:{word}"
        groups.setdefault(key, []).extend(spaces)
    return groups


def _space_label(mf: ModelFacts, space: Any) -> list[str]:
    storey = _storey_of(mf, space)
    on = f" on {storey.name}" if storey else ""
    labels = []
    if space.name and any(c.isdigit() for c in space.name):
        labels.append(f"room {space.name}{on}" if not space.long_name else f"room {space.name} ({space.long_name})")
    name = space.long_name or space.name
    if name:
        labels.append(f"the {name}{on}")
    return labels


def _room(mf: ModelFacts, key: str) -> Subject:
    spaces = _room_groups(mf)[key]
    kind, _, label = key.partition(":")
    if kind == "function":
        function = next(f for f in ROOM_FUNCTIONS if f[1] == label)
        says = [f"the {function[1]}", f"all the {function[1]}", f"the {function[1]} throughout"]
    else:
        says = [f"the {label} rooms", f"all the {label} rooms", f"the rooms called {label}"]
    space = spaces[0]
    asks = [a for s in spaces[:3] for a in _space_label(mf, s)] or [f"the {label} rooms"]
    entities = [_link(mf, e) for e in spaces[:MAX_ENTITIES]]
    data = mf.index.data.elements
    links = {"spaces": [e.guid for e in spaces], "classes": ["IfcSpace"],
             "storeys": sorted({data[e.storey].guid for e in spaces if e.storey in data})}  # fmt: skip
    live = ("get_element", {"element": space.guid})
    request = [f"Can you list {says[0]} in the model?", f"Where are {says[0]} in this model?"]
    return Subject("room", key, says, asks[:1], entities, links, live, request, "IfcSpace",
                   element=space.guid)  # fmt: skip


def _types(mf: ModelFacts, classes: tuple[str, ...]) -> list[Any]:
    out = []
    for t in mf.index.elements():
        if not t.instances or not t.name:
            continue
        inst = [mf.index.data.elements[i] for i in t.instances if i in mf.index.data.elements]
        if not inst or not any(mf.index.is_a(i, c) for i in inst for c in classes):
            continue
        if all(_storey_of(mf, i) is None for i in inst):
            continue
        out.append(t)
    names = [t.name for t in out]
    return [t for t in out if names.count(t.name) == 1]


def _type(mf: ModelFacts, guid: str) -> Subject:
    t = mf.index.get(guid)
    inst = [mf.index.data.elements[i] for i in t.instances if i in mf.index.data.elements]
    ifc_class = next(c for c in CLASS_SAYINGS if mf.index.is_a(inst[0], c))
    plain = _plural(ifc_class)
    siblings = [s for s in _types(mf, (ifc_class,)) if s.guid != guid]
    says = [f"the {t.name} {plain}", f"the {plain} of type {t.name}"]
    dims = _DIMS.search(t.name or "")
    if dims:
        width, height = int(dims.group(1)), int(dims.group(2))
        others = [_DIMS.search(s.name or "") for s in siblings]
        widths = [int(o.group(1)) for o in others if o]
        if width not in widths:
            says += [f"the {width}-wide {plain}", f"the {plain} that are {width} wide"]
        says.append(f"the {width} by {height} {plain}")
        shapes = [int(o.group(2)) / max(int(o.group(1)), 1) for o in others if o]
        if height >= 1.8 * width and all(s < 1.8 for s in shapes):
            says.append(f"the tall narrow {plain}")
        if width >= 1.5 * height and all(s > 1 / 1.5 for s in shapes):
            says.append(f"the wide low {plain}")
    live = ("count_elements", {"ifc_class": ifc_class, "group_by": "type"})
    entities = [_link(mf, e) for e in inst[:MAX_ENTITIES]]
    links = {"types": [guid], "classes": [ifc_class], "elements": [e.global_id for e in entities]}
    request = [f"How many {plain} of each type are there?", f"Break the {plain} down by type, please."]
    return Subject("type", guid, says, [f"{plain} of type {t.name}"], entities, links, live,
                   request, ifc_class, count=len(inst))  # fmt: skip


def usable_material(name: str) -> bool:
    return (
        len(name) >= 4
        and any(c.isalpha() for c in name)
        and not name.startswith("<")
        and "merged" not in name.casefold()
    )


def _materials(mf: ModelFacts) -> dict[str, list[Any]]:
    """Materials with an element a probe can name uniquely (one material, a unique Name, on a storey)."""
    names: dict[str, int] = {}
    for e in mf.index.elements():
        if e.name:
            names[e.name] = names.get(e.name, 0) + 1
    out: dict[str, list[Any]] = {}
    for e in mf.index.elements():
        if (_storey_of(mf, e) is not None and len(e.materials) == 1 and e.name and names[e.name] == 1
                and usable_material(e.materials[0]) and mf.index.is_a(e, "IfcElement")):  # fmt: skip
            out.setdefault(e.materials[0], []).append(e)
    return out


def _material(mf: ModelFacts, material: str) -> Subject:
    element = _materials(mf)[material][0]
    users = [e for e in mf.index.elements() if material in e.materials and _storey_of(mf, e) is not None]
    entities = [_link(mf, e) for e in users[:MAX_ENTITIES]]
    links = {"materials": [material], "elements": [e.guid for e in users[:MAX_ENTITIES]],
             "classes": sorted({e.ifc_class for e in users})}  # fmt: skip
    live = ("get_materials", {"element": element.guid})
    request = [f"What is {element.name} made of?", f"Which material does {element.name} use?"]
    return Subject("material", material, [f"the {material}", material, f"all the {material}"], [material], entities,
                   links, live, request, element=element.name)  # fmt: skip


def area_of(mf: ModelFacts, subject: Subject) -> Subject | None:
    """``subject`` (a class on a storey) with the area the model measures for it, or None when it has none."""
    if subject.storey is None or subject.ifc_class is None:
        return None
    path = mf.area_quantity(subject.ifc_class, subject.storey)
    if not path:
        return None
    args = {"ifc_class": subject.ifc_class, "quantity": path, "stat": "sum", "storey": subject.storey.name}
    area = float(call_tool(mf.index, "aggregate_values", args)["value"])
    if area <= 0:
        return None
    subject.live, subject.area, subject.area_path = ("aggregate_values", args), area, path
    measured = path.rsplit(".", 1)[1]
    plain = _plural(subject.ifc_class)
    subject.request = [f"What's the total {measured} of the {plain} {w}?" for w in subject.wheres]
    subject.request += [f"Sum up the {measured} of the {plain} {subject.wheres[0]}, please."]
    return subject
