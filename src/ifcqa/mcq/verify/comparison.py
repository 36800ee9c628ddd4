"""Comparison / extremum, re-derived from the file: each element's quantity via ``get_psets``.

Extremum: the whole set (class C with subclasses, on storey S if named) is measured; an option is
true when its element's value is the set's maximum (minimum), within a relative 1e-9. Pair: the
larger of the two named elements is true, and "They are equal" is true only for a tie.
"""

from __future__ import annotations

import math

import ifcopenshell

from ifcqa.mcq.items import Item, Option
from ifcqa.mcq.registry import verifier
from ifcqa.mcq.text import normalise
from ifcqa.mcq.verify._api import VerificationError, entity, name_count, require_unique_names
from ifcqa.mcq.verify.aggregation import measure_scope
from ifcqa.mcq.verify.quantities import read_quantity

_EQUAL = "They are equal"
_TIE = 1e-9


def _tied(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=_TIE, abs_tol=0.0)


def _option_element(model: ifcopenshell.file, item: Item, option: Option) -> ifcopenshell.entity_instance | None:
    """The element an option stands for (``option_elements``; names must be unique, or the text its GlobalId)."""
    guid = item.provenance.get("option_elements", {}).get(option.text)
    if guid is None:
        return None
    element = entity(model, guid)
    if option.text == element.GlobalId:  # an option shown as the element's GlobalId identifies it by itself
        return element
    if name_count(model, option.text) != 1 or not element.Name or name_count(model, element.Name) != 1:
        raise VerificationError(f"option {option.label} does not name an element uniquely")
    return element


def _extremum(model: ifcopenshell.file, item: Item) -> set[str]:
    measured, _ = measure_scope(model, item)
    values = {element.id(): value for element, value in measured}
    pick = max if item.provenance["extremum"] == "largest" else min
    best = pick(values.values())
    found = set()
    for option in item.options:
        element = _option_element(model, item, option)
        if element is None:
            raise VerificationError(f"option {option.label} stands for no element")
        if element.id() not in values:
            raise VerificationError(f"option {option.label} is not in the set")
        if _tied(values[element.id()], best):
            found.add(option.label)
    return found


@verifier("quantitative.compare.largest")
def largest(model: ifcopenshell.file, item: Item) -> set[str]:
    if item.provenance.get("extremum") != "largest":
        raise VerificationError("the item does not ask for the largest value")
    return _extremum(model, item)


@verifier("quantitative.compare.smallest")
def smallest(model: ifcopenshell.file, item: Item) -> set[str]:
    if item.provenance.get("extremum") != "smallest":
        raise VerificationError("the item does not ask for the smallest value")
    return _extremum(model, item)


@verifier("quantitative.compare.pair")
def pair(model: ifcopenshell.file, item: Item) -> set[str]:
    """The option naming the element with the larger value, or "They are equal" on a tie."""
    require_unique_names(model, item)
    qto, name = item.provenance["qto"], item.provenance["quantity"]
    reads: dict[str, tuple[float, str | None]] = {}
    for guid in item.provenance["elements"]:
        read = read_quantity(model, entity(model, guid), qto, name)
        if read is None:
            raise VerificationError("a compared element lacks the quantity")
        reads[guid] = read
    if len(reads) != 2 or len({unit for _, unit in reads.values()}) != 1:
        raise VerificationError("the item must compare two elements stating the quantity in one unit")
    (guid_a, (a, _)), (guid_b, (b, _)) = reads.items()
    winner = None if _tied(a, b) else (guid_a if a > b else guid_b)
    found = set()
    for option in item.options:
        element = _option_element(model, item, option)
        if element is None and normalise(option.text) == normalise(_EQUAL):
            if winner is None:
                found.add(option.label)
        elif element is None:
            raise VerificationError(f"option {option.label} stands for no element")
        elif element.GlobalId not in reads:
            raise VerificationError(f"option {option.label} is not one of the compared elements")
        elif element.GlobalId == winner:
            found.add(option.label)
    return found
