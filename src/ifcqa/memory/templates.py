"""Task templates: questions the IFC file cannot answer alone, and the invented project facts that make
them answerable together with a live query.

Each template reads real model facts (:mod:`ifcqa.memory.modelfacts`), invents the missing facts
(fire rating from the spec, the client's finish choice, a cost rate, a naming convention, a revised
decision, a "not in this phase", a material's supplier), and returns a :class:`Draft`: the key facts as
they are said in a session (often with a storey alias: "the upper-floor doors"), the probe paraphrased with the model's
own names ("the doors on Dachgeschoss"), the gold answer, the live tool call the answer also needs,
and near-miss statements (the same kind of fact about another storey, room or class, with another
value) that distractor sessions may carry. Add a template: write a function here and list it in
:data:`TEMPLATES`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ifcqa.index.model_index import ModelIndex
from ifcqa.memory.modelfacts import CLASS_WORDS, ModelFacts, StoreyInfo
from ifcqa.memory.tasks import EntityLink, Gold
from ifcqa.tools.registry import call_tool

MAX_ENTITIES = 40


@dataclass
class FactDraft:
    statement: str
    value: float | str
    unit: str | None
    anchor: str
    attribute: str
    entities: list[EntityLink] = field(default_factory=list)
    links: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Draft:
    template: str
    facts: list[FactDraft]
    probe: str
    gold: Gold
    request: str  # what the user asks the assistant in the seeded session
    call: tuple[str, dict[str, Any]]  # the tool call answering ``request`` (run for real)
    live: tuple[str, dict[str, Any]]  # the live query the probe needs
    topic: str  # how a user asks the assistant to restate the fact ("the fire rating of those doors")
    superseded: list[FactDraft] = field(default_factory=list)
    near_miss: list[str] = field(default_factory=list)


Template = Callable[[ModelFacts, random.Random], "Draft | None"]


def _storey_words(s: StoreyInfo, rng: random.Random) -> str:
    """How a session names a storey: its alias ("upper-floor") when it has one (mostly), else its name."""
    if s.alias and rng.random() < 0.75:
        return f"the {s.alias}"
    return f"the {s.name}"


def _entities(index: ModelIndex, ifc_class: str, storey: StoreyInfo) -> list[EntityLink]:
    out = []
    for e in index.by_class(ifc_class):
        if e.storey in index.data.elements and index.data.elements[e.storey].guid == storey.guid:
            type_name = index.data.elements[e.type].name if e.type in index.data.elements else None
            out.append(EntityLink(e.guid, e.ifc_class, e.name, storey.name, type_name))
    return out[:MAX_ENTITIES]


def _links(index: ModelIndex, ifc_class: str, storey: StoreyInfo, entities: list[EntityLink]) -> dict[str, list[str]]:
    types = sorted({t for e in entities if (t := index.get(e.global_id).type) is not None})
    return {
        "storeys": [storey.guid],
        "classes": [ifc_class],
        "types": [index.data.elements[t].guid for t in types if t in index.data.elements],
        "elements": [e.global_id for e in entities],
    }


def _storeys_with(mf: ModelFacts, ifc_class: str, least: int = 1) -> list[StoreyInfo]:
    return [s for s in mf.storeys if s.classes[ifc_class] >= least]


def _count(index: ModelIndex, ifc_class: str, storey: StoreyInfo) -> int:
    return int(call_tool(index, "count_elements", {"ifc_class": ifc_class, "storey": storey.guid})["count"])


def fire_rating(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """The spec's fire rating of the doors on a storey (+ how many doors that is)."""
    storeys = _storeys_with(mf, "IfcDoor")
    if not storeys:
        return None
    s = rng.choice(storeys)
    minutes = rng.choice([30, 45, 60, 90, 120])
    anchor = f"EI {minutes}"
    where = _storey_words(s, rng)
    statement = rng.choice(
        [
            f"The fire strategy report says {where} doors need a fire resistance of {anchor}.",
            f"Per the fire consultant's spec, every door on {where.removeprefix('the ')} level must be {anchor} rated.",
        ]
    )
    entities = _entities(mf.index, "IfcDoor", s)
    fact = FactDraft(
        statement, minutes, "min", anchor, "fire_rating", entities, _links(mf.index, "IfcDoor", s, entities)
    )
    n = _count(mf.index, "IfcDoor", s)
    probe = rng.choice(
        [
            f"What fire rating do the doors on {s.name} need, and how many doors does that apply to?",
            f"Which fire resistance class applies to the {s.name} doors?",
            f"For the fire door schedule: what rating is required for doors located on storey {s.name}?",
        ]
    )
    ratings = [m for m in (30, 45, 60, 90, 120) if m != minutes]
    near = [
        f"For the record, the doors on {_storey_words(o, rng)} only need EI {rng.choice(ratings)} "
        "according to the spec."
        for o in mf.storeys
        if o.guid != s.guid
    ][:3]
    near += [
        f"The fire strategy puts the {CLASS_WORDS[c]} on {where.removeprefix('the ')} level "
        f"at EI {rng.choice(ratings)}."
        for c in ("IfcWall", "IfcWindow", "IfcStair")
        if s.classes[c]
    ][:2]
    return Draft(
        "fire_rating",
        [fact],
        probe,
        Gold(minutes, "min", f"{anchor} ({minutes} min) for the {n} doors on {s.name}"),
        f"How many doors are on {where.removeprefix('the ')} level?",
        ("count_elements", {"ifc_class": "IfcDoor", "storey": s.name}),
        ("count_elements", {"ifc_class": "IfcDoor", "storey": s.name}),
        f"the fire rating required for the doors on {where.removeprefix('the ')} level",
        near_miss=near,
    )


FINISHES = (
    "oak parquet",
    "polished concrete",
    "anthracite ceramic tiles",
    "slate-grey linoleum",
    "terrazzo",
    "sisal carpet",
    "larch floorboards",
    "cork tiles",
)


def room_finish(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """The floor finish the client chose for a room type, asked about one room of that type."""
    kinds = sorted(mf.room_types)
    if not kinds:
        return None
    kind = rng.choice(kinds)
    spaces = mf.room_types[kind]
    space = rng.choice(spaces)
    finish = rng.choice(FINISHES)
    statement = rng.choice(
        [
            f"The client has chosen {finish} as the floor finish for every {kind} room.",
            f"Decision from the client meeting: all {kind} rooms get {finish} on the floor.",
        ]
    )
    storey = mf.index.data.elements.get(space.storey) if space.storey is not None else None
    entities = [
        EntityLink(
            e.guid,
            e.ifc_class,
            e.name,
            mf.index.data.elements[e.storey].name if e.storey in mf.index.data.elements else None,
        )
        for e in spaces[:MAX_ENTITIES]
    ]
    links = {
        "spaces": [e.guid for e in spaces],
        "classes": ["IfcSpace"],
        "room_types": [kind],
        "storeys": sorted(
            {mf.index.data.elements[e.storey].guid for e in spaces if e.storey in mf.index.data.elements}
        ),
    }
    fact = FactDraft(statement, finish, None, finish, "floor_finish", entities, links)
    labels = [kind]
    if space.name and space.name.strip() != kind:
        labels = [f"{space.name} ({kind})", space.name]  # by its Name alone, the room type is the model's to say
    label = rng.choice(labels)
    where = f" on {storey.name}" if storey is not None and storey.name else ""
    probe = rng.choice(
        [
            f"Which floor covering goes into room {label}{where}?",
            f"What flooring was agreed for the space {label}{where}?",
        ]
    )
    others = [k for k in kinds if k != kind]
    near = [
        f"In the {other} rooms the client wants {rng.choice([f for f in FINISHES if f != finish])}."
        for other in rng.sample(others, min(4, len(others)))
    ]
    return Draft(
        "room_finish",
        [fact],
        probe,
        Gold(finish, None, f"{finish} (client choice for {kind} rooms)"),
        f"Can you list the {kind} rooms in the model?",
        ("find_elements", {"ifc_class": "IfcSpace", "name": space.name or kind, "compact": True}),
        ("get_element", {"element": space.guid}),
        "the floor finish the client chose for those rooms",
        near_miss=near,
    )


def cost_rate(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """A budget rate per m² applied to an area measured in the model (rate x area)."""
    options = []
    for s in mf.storeys:
        for ifc_class, words in (("IfcSpace", "floor finish"), ("IfcWall", "wall painting"), ("IfcSlab", "screed")):
            if s.classes[ifc_class]:
                path = mf.area_quantity(ifc_class, s)
                if path:
                    options.append((s, ifc_class, words, path))
    if not options:
        return None
    s, ifc_class, words, path = rng.choice(options)
    args = {"ifc_class": ifc_class, "quantity": path, "stat": "sum", "storey": s.name}
    area = float(call_tool(mf.index, "aggregate_values", args)["value"])
    if area <= 0:
        return None
    rate = rng.choice([38, 46, 55, 64, 72, 85, 96, 112, 128, 145])
    anchor = f"{rate} EUR/m²"
    where = _storey_words(s, rng)
    measured = path.rsplit(".", 1)[1]
    statement = rng.choice(
        [
            f"The QS confirmed the budget rate for {words} on {where.removeprefix('the ')} level: "
            f"{anchor} of {measured}.",
            f"Cost plan update: {words} on {where} is priced at {anchor} ({measured}).",
        ]
    )
    entities = _entities(mf.index, ifc_class, s)
    fact = FactDraft(statement, rate, "EUR/m²", anchor, "cost_rate", entities, _links(mf.index, ifc_class, s, entities))
    total = round(rate * area, 2)
    probe = rng.choice(
        [
            f"What will the {words} on {s.name} cost at the agreed rate?",
            f"Estimate the {words} budget for storey {s.name} using our rate.",
        ]
    )
    rates = [r for r in (38, 46, 55, 64, 72, 85, 96, 112, 128, 145) if r != rate]
    near = [f"The {item} is budgeted at {rng.choice(rates)} EUR/m²." for item in ("roof membrane", "facade cleaning")]
    near += [
        f"Cost plan: {w} on {_storey_words(o, rng)} is priced at {rng.choice(rates)} EUR/m²."
        for o, c, w, _ in options
        if (o.guid, w) != (s.guid, words)
    ][:3]
    return Draft(
        "cost_rate",
        [fact],
        probe,
        Gold(total, "EUR", f"{total:.2f} EUR = {rate} EUR/m² x {area:.2f} m² ({path} of {ifc_class} on {s.name})"),
        f"What is the total {measured} of the {CLASS_WORDS[ifc_class]} on {where.removeprefix('the ')} level?",
        ("aggregate_values", args),
        ("aggregate_values", args),
        f"the budget rate for {words}",
        near_miss=near,
    )


def naming_convention(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """The office's numbering prefix for rooms (or doors) on a storey."""
    options = [(s, c) for s in mf.storeys for c in ("IfcSpace", "IfcDoor") if s.classes[c]]
    if not options:
        return None
    s, ifc_class = rng.choice(options)
    prefix = f"{rng.choice(['QX', 'ZR', 'KV', 'WT', 'JP', 'XL'])}{rng.randint(2, 9)}-"
    noun = "room numbers" if ifc_class == "IfcSpace" else "door marks"
    where = _storey_words(s, rng)
    statement = rng.choice(
        [
            f"Naming convention: {noun} on {where.removeprefix('the ')} level start with the prefix {prefix} "
            "followed by two digits.",
            f"We agreed that {noun} on {where} use the prefix {prefix} (e.g. {prefix}01).",
        ]
    )
    entities = _entities(mf.index, ifc_class, s)
    fact = FactDraft(
        statement, prefix, None, prefix, "naming_prefix", entities, _links(mf.index, ifc_class, s, entities)
    )
    probe = rng.choice(
        [
            f"Under our numbering convention, which prefix do the {noun} on {s.name} get?",
            f"How should the {noun} of storey {s.name} be prefixed?",
        ]
    )
    near = [
        f"On {_storey_words(o, rng)} the {noun} keep the prefix {rng.choice(['BN', 'FD', 'HM'])}{rng.randint(2, 9)}-."
        for o in mf.storeys
        if o.guid != s.guid
    ][:3]
    other_noun = "door marks" if ifc_class == "IfcSpace" else "room numbers"
    near.append(
        f"The {other_noun} on {where.removeprefix('the ')} level use the prefix "
        f"{rng.choice(['RT', 'MV'])}{rng.randint(2, 9)}-."
    )
    return Draft(
        "naming_convention",
        [fact],
        probe,
        Gold(prefix, None, f"{noun} on {s.name} start with {prefix}"),
        f"List the {CLASS_WORDS[ifc_class]} on {where.removeprefix('the ')} level.",
        ("find_elements", {"ifc_class": ifc_class, "storey": s.name, "compact": True}),
        ("find_elements", {"ifc_class": ifc_class, "storey": s.name, "compact": True}),
        f"the naming convention for {noun}",
        near_miss=near,
    )


U_VALUES = (1.3, 1.1, 0.95, 0.8, 0.7, 0.6)


def revised_decision(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """A target that a later session revised: the gold answer is the latest value."""
    options = [c for c in ("IfcWindow", "IfcDoor", "IfcWall") if any(s.classes[c] for s in mf.storeys)]
    if not options:
        return None
    ifc_class = rng.choice(options)
    words = CLASS_WORDS[ifc_class]
    first, latest = rng.sample(U_VALUES, 2)
    old = FactDraft(
        f"The thermal target for the {words} is a U-value of {first} W/m²K.",
        first,
        "W/m²K",
        f"{first} W/m²K",
        "u_value",
        links={"classes": [ifc_class]},
    )
    new = FactDraft(
        rng.choice(
            [
                f"Change of plan: the energy consultant revised the U-value target for the {words} to {latest} W/m²K; "
                f"the earlier figure no longer applies.",
                f"Update: {words} must now reach U = {latest} W/m²K (this replaces the previous target).",
            ]
        ),
        latest,
        "W/m²K",
        f"{latest} W/m²K",
        "u_value",
        links={"classes": [ifc_class]},
    )
    n = int(call_tool(mf.index, "count_elements", {"ifc_class": ifc_class})["count"])
    probe = rng.choice(
        [
            f"Which thermal transmittance must the {words} meet now, and how many of them are in the model?",
            f"What is the current U-value requirement for the {words}?",
        ]
    )
    return Draft(
        "revised_decision",
        [new],
        probe,
        Gold(latest, "W/m²K", f"U = {latest} W/m²K (revised from {first}); {n} in the model"),
        f"How many {CLASS_WORDS[ifc_class]} does the model have?",
        ("count_elements", {"ifc_class": ifc_class}),
        ("count_elements", {"ifc_class": ifc_class}),
        f"the U-value target for the {words}",
        superseded=[old],
        near_miss=[
            f"The {CLASS_WORDS[c]} have a U-value target of "
            f"{rng.choice([u for u in U_VALUES if u not in (first, latest)])} W/m²K."
            for c in ("IfcWindow", "IfcDoor", "IfcWall", "IfcRoof", "IfcSlab")
            if c != ifc_class
        ][:3],
    )


def not_in_phase(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """An explicit "no, not in this phase": the elements exist in the model but are deferred."""
    options = [(s, c) for s in mf.storeys for c in CLASS_WORDS if c != "IfcSpace" and s.classes[c]]
    if not options:
        return None
    s, ifc_class = rng.choice(options)
    phase = rng.choice(["phase 2", "phase 3", "phase 4"])
    words = CLASS_WORDS[ifc_class]
    where = _storey_words(s, rng)
    statement = rng.choice(
        [
            f"No, the {words} on {where.removeprefix('the ')} level are not in this phase; "
            f"they are deferred to {phase}.",
            f"To be clear: {where} {words} are out of scope for now and move to {phase}.",
        ]
    )
    entities = _entities(mf.index, ifc_class, s)
    fact = FactDraft(statement, phase, None, phase, "phase", entities, _links(mf.index, ifc_class, s, entities))
    probe = rng.choice(
        [
            f"Are the {words} on {s.name} part of the current works package?",
            f"Do we include the {s.name} {words} in this phase of the tender?",
        ]
    )
    return Draft(
        "not_in_phase",
        [fact],
        probe,
        Gold(phase, None, f"No: the {words} on {s.name} are deferred to {phase}"),
        f"How many {words} are on {where.removeprefix('the ')} level?",
        ("count_elements", {"ifc_class": ifc_class, "storey": s.name}),
        ("count_elements", {"ifc_class": ifc_class, "storey": s.name}),
        f"whether the {words} there are in this phase",
        near_miss=[
            f"Yes, the {CLASS_WORDS[c]} on {_storey_words(o, rng)} stay in the current phase (phase 1)."
            for o, c in options
            if (o.guid, c) != (s.guid, ifc_class)
        ][:4],
    )


SUPPLIERS = (
    "Nordhall Baustoffe",
    "Calder & Finch Ltd",
    "Vestergaard Materialer",
    "Okapi Supply Co",
    "Brennan Timberworks",
    "Lumio Interiors",
)


def material_supplier(mf: ModelFacts, rng: random.Random) -> Draft | None:
    """The supplier agreed for a material, asked about one element made of it (a two-hop question)."""
    index = mf.index
    names: dict[str, int] = {}
    for e in index.elements():
        if e.name:
            names[e.name] = names.get(e.name, 0) + 1
    options = [
        e
        for e in index.elements()
        if e.storey is not None
        and e.storey != e.id
        and len(e.materials) == 1
        and e.name
        and names[e.name] == 1
        and _usable_material(e.materials[0])
        and index.is_a(e, "IfcElement")
    ]
    if not options:
        return None
    element = rng.choice(options)
    material = element.materials[0]
    supplier = rng.choice(SUPPLIERS)
    users = [e for e in index.elements() if material in e.materials and e.storey is not None][:MAX_ENTITIES]
    statement = rng.choice(
        [
            f"Procurement decision: all {material} for this project comes from {supplier}.",
            f"We have agreed that {supplier} supplies the {material}.",
        ]
    )
    entities = [
        EntityLink(
            e.guid, e.ifc_class, e.name, index.data.elements[e.storey].name if e.storey in index.data.elements else None
        )
        for e in users
    ]
    links = {
        "materials": [material],
        "elements": [e.guid for e in users],
        "classes": sorted({e.ifc_class for e in users}),
    }
    fact = FactDraft(statement, supplier, None, supplier, "supplier", entities, links)
    probe = rng.choice(
        [
            f"Who supplies the material of {element.name}?",
            f"Which supplier delivers what {element.name} is made of?",
        ]
    )
    others = sorted({m for e in index.elements() for m in e.materials if m != material and _usable_material(m)})
    near = [
        f"The {m} is bought from {rng.choice([x for x in SUPPLIERS if x != supplier])}."
        for m in rng.sample(others, min(3, len(others)))
    ]
    return Draft(
        "material_supplier",
        [fact],
        probe,
        Gold(supplier, None, f"{supplier} (supplier of {material})"),
        f"What is {element.name} made of?",
        ("get_materials", {"element": element.guid}),
        ("get_materials", {"element": element.guid}),
        f"who supplies the {material}",
        near_miss=near,
    )


def _usable_material(name: str) -> bool:
    return (
        len(name) >= 4
        and any(c.isalpha() for c in name)
        and not name.startswith("<")
        and "merged" not in name.casefold()
    )


TEMPLATES: dict[str, Template] = {
    "fire_rating": fire_rating,
    "room_finish": room_finish,
    "cost_rate": cost_rate,
    "naming_convention": naming_convention,
    "revised_decision": revised_decision,
    "not_in_phase": not_in_phase,
    "material_supplier": material_supplier,
}
