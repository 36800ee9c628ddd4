"""Spatial structure: an element's storey, a storey's building, and the elements on a storey.

The index resolves every element's storey (``Element.storey``): its direct container (a space's
storey for elements contained in a space), else its aggregate's storey (stair flights, curtain wall
plates), else its host's (doors and windows). Storey and building names are options only where they
are unique among storeys / buildings, so an option text never stands for two of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import normalise, quote

_MAX_OPTIONS = 4
STOREY_RULE = (
    "An element is on the storey that contains it (directly or through a space); a part of an aggregate "
    "that no storey contains, such as a stair flight, is on its aggregate's storey, and a door or window "
    "that no storey contains is on its host's storey."
)
_STOREY_RULE = STOREY_RULE
_ABOVE_STOREY = ("IfcSite", "IfcBuilding", "IfcBuildingStorey", "IfcProject")


def _located(ctx: GenContext) -> list[Element]:
    """Products with a unique name that are not a site, building or storey themselves."""
    return [e for e in ctx.products() if ctx.unique_name(e) and not any(ctx.index.is_a(e, c) for c in _ABOVE_STOREY)]


def _named_once(elements: list[Element]) -> set[str]:
    """Names that only one of ``elements`` carries (case ignored, as options compare)."""
    counts = Counter(normalise(e.name) for e in elements if e.name)
    return {e.name for e in elements if e.name and counts[normalise(e.name)] == 1}


def _with_fallback(preferred: list[Element], fallback: list[Element], key: str) -> list[str]:
    """Up to 4 names of ``preferred`` other than ``key``; when fewer than 2, topped up from ``fallback``.

    The fallback is the spatial structure around the asked level (the building and site for a
    storey, the site and project for a building): a retrieval error of the wrong level, not an
    invented name, for models with only two storeys or buildings.
    """
    names = distinct_texts((e.name or "" for e in preferred), exclude=[key], limit=_MAX_OPTIONS)
    if len(names) < 2:
        names = distinct_texts((e.name or "" for e in preferred + fallback), exclude=[key], limit=_MAX_OPTIONS)
    return names


@generator("relational.spatial.storey_of_element", version=2)
def storey_of_element(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which storey is N on?"; distractors: other storeys (else also the building and site names)."""
    storeys = ctx.index.records(ctx.index.storeys)
    unique = _named_once(storeys)
    containers = [e for e in ctx.index.elements() if ctx.index.is_a(e, "IfcSite") or ctx.index.is_a(e, "IfcBuilding")]
    for element in ctx.shuffled(_located(ctx)):
        if element.storey is None:
            yield Skip("element has no storey")
            continue
        storey = ctx.elements[element.storey]
        if storey.name not in unique:
            yield Skip("storey name not unique")
            continue
        key = storey.name or ""
        # storeys of the same building first, then other storeys, then the building and site themselves
        ranked = [s for s in ctx.shuffled(storeys) if s.building == storey.building]
        ranked += [s for s in ctx.shuffled(storeys) if s.building != storey.building]
        distractors = _with_fallback(ranked, ctx.shuffled(containers), key)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other spatial structure names")
            continue
        yield Draft(
            question=f"On which building storey (IfcBuildingStorey) is {ctx.describe(element)}? {_STOREY_RULE}",
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance={"elements": [element.guid], "storey": storey.guid},
        )


@generator("relational.spatial.building_of_storey", version=2)
def building_of_storey(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which building does storey S belong to?"; distractors: other buildings (else also site, project)."""
    buildings = ctx.index.by_class("IfcBuilding")
    if len(buildings) < 2:
        yield Skip("fewer than 2 buildings")
        return
    unique = _named_once(buildings)
    outer = [e for e in ctx.index.elements() if ctx.index.is_a(e, "IfcSite") or ctx.index.is_a(e, "IfcProject")]
    for storey in ctx.shuffled(ctx.index.records(ctx.index.storeys)):
        building = ctx.elements[storey.building] if storey.building is not None else None
        if building is None or building.name not in unique:
            yield Skip("storey without a uniquely named building")
            continue
        key = building.name or ""
        distractors = _with_fallback(ctx.shuffled(buildings), ctx.shuffled(outer), key)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other spatial structure names")
            continue
        # Storeys are often named alike in every building ("Level 0"): then the GlobalId identifies it.
        described = ctx.describe(storey)
        if described is None:
            name = f"{quote(storey.name)} " if storey.name else ""
            described = f"the building storey {name}with GlobalId {storey.guid}"
        yield Draft(
            question=f"Which building (IfcBuilding) does {described} belong to (through IfcRelAggregates)?",
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance={"elements": [storey.guid] if ctx.unique_name(storey) else [], "storey": storey.guid},
        )


@generator("relational.spatial.elements_in_storey", version=2)
def elements_in_storey(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "Which of these elements are on storey S?"; distractors: elements on other storeys, same classes first."""
    located = [e for e in _located(ctx) if e.storey is not None]
    for storey in ctx.shuffled(ctx.index.records(ctx.index.storeys)):
        if ctx.unique_name(storey) is None:
            yield Skip("storey name not unique")
            continue
        on = ctx.shuffled([e for e in located if e.storey == storey.id])
        if not on:
            yield Skip("no element with a unique name on the storey")
            continue
        correct = distinct_texts((ctx.label(e) for e in on), limit=_MAX_OPTIONS)
        classes = {e.ifc_class for e in on if ctx.label(e) in correct}
        elsewhere = [e for e in located if e.storey != storey.id]
        wrong = ctx.shuffled([e for e in elsewhere if e.ifc_class in classes])
        wrong += ctx.shuffled([e for e in elsewhere if e.ifc_class not in classes])
        distractors = distinct_texts((ctx.label(e) for e in wrong), exclude=correct, limit=_MAX_OPTIONS)
        if not distractors or len(correct) + len(distractors) < 3:
            yield Skip("too few elements on other storeys")
            continue
        picked = set(correct + distractors)
        yield Draft(
            question=f"Which of the following elements are on the storey {quote(storey.name or '')}? {_STOREY_RULE}",
            question_type="multi",
            correct=correct,
            distractors=distractors,
            provenance={"elements": [storey.guid]},
            option_elements={ctx.label(e): e.guid for e in on + wrong if ctx.label(e) in picked},
        )
