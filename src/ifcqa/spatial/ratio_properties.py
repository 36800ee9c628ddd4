"""Schema attributes that are ratios, never the length a word like "width" asks (issue 22, round 13 look13).

"what are the widths of the doors on EG in mm?" matched two held names by their words: ``OverallWidth`` (the
door's width, a length) and ``PanelWidth`` (``IfcDoorPanelProperties.PanelWidth``: the panel's share of the
door's width, an ``IfcNormalisedRatioMeasure`` such as 0.5), and declined as ambiguous; a ratio converted to mm
would be meaningless. :func:`drop_ratios` takes out of an ambiguous property match the names that the schema
declares (on every entity declaring them) as a ratio measure, asking IfcOpenShell's schema, so that the one
length left is read (the answer says which name the words were read as, as for any word match).
"""

from __future__ import annotations

from functools import cache

import ifcopenshell.ifcopenshell_wrapper as wrapper

from ifcqa.spatial.property_match import Match

_RATIOS = frozenset(["IfcNormalisedRatioMeasure", "IfcRatioMeasure", "IfcPositiveRatioMeasure"])


def _type_name(t: object) -> str | None:
    """The named type an attribute's type declares (through an aggregation's element type), or None."""
    for _ in range(4):
        if hasattr(t, "declared_type"):
            declared = t.declared_type()
            return str(declared.name()) if hasattr(declared, "name") else None
        if hasattr(t, "type_of_element"):
            t = t.type_of_element()
            continue
        return None
    return None


@cache
def ratio_attributes(schema: str) -> frozenset[str]:
    """Names of the attributes that every entity of ``schema`` declaring them types as a ratio measure."""
    try:
        decl = wrapper.schema_by_name(schema)
    except Exception:  # noqa: BLE001 - an unknown schema: no ratio is known
        return frozenset()
    kinds: dict[str, set[bool]] = {}
    for entity in decl.entities():
        for attr in entity.attributes():
            kinds.setdefault(attr.name(), set()).add(_type_name(attr.type_of_attribute()) in _RATIOS)
    return frozenset(name for name, seen in kinds.items() if seen == {True})


def drop_ratios(found: Match | None, schema: str) -> Match | None:
    """``found`` without the ratio attributes among its candidates when it is ambiguous; the one name left (if one)
    is then read."""
    if found is None or not found.ambiguous:
        return found
    ratios = ratio_attributes(schema)
    kept = [c for c in found.candidates if c not in ratios]
    if not kept or len(kept) == len(found.candidates):
        return found
    found.candidates = kept
    if len(kept) == 1:
        found.name = kept[0]
    return found
