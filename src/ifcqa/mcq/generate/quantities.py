"""Quantity retrieval: an element's base quantity with its unit, and the units the model states measures in.

The quantitative generators (aggregation, comparison) share this module's reading of quantities:
a *usable* quantity is a numeric IfcQuantityLength/Area/Volume/Weight with a known unit, read from
``Element.qtos`` (``Qto_*`` sets or vendor sets such as ``BaseQuantities``; type values inherited,
the occurrence's own values winning), in a set that is not listed in ``Element.ambiguous_sets``.

Wrong-unit distractor rule (``quantitative.quantity.value``): the key's number with the symbol of
another unit of the *same dimension* (an area in m² also offered in mm², cm², ft² or in²), chosen
only when the stated unit is in :data:`UNIT_SCALES`, the number is at least 0.01 in absolute value,
and the two units' scales differ by a factor of at least 2. Such an option always denotes another
amount: ``|x·f' - v·f|`` then exceeds half a unit of the option's third decimal, so even a verifier
that converts units finds it false (a value of 0, the only amount equal in every unit, never gets
one). A unit of another dimension (m³ for an area) is never offered: false, but no plausible slip.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from ifcqa.ifc import schema as ifc_schema
from ifcqa.ifc.diagnostics import UNNAMED_FAMILY, in_unnamed_set, is_unnamed_set
from ifcqa.index.records import Element
from ifcqa.mcq.generate._api import Draft, GenContext, Skip, distinct_texts
from ifcqa.mcq.registry import generator
from ifcqa.mcq.text import format_value, set_reference

# Quantity class -> dimension; the dimension's units by symbol, with their scale to SI.
MEASURE_DIMENSION = {
    "IfcQuantityLength": "length",
    "IfcQuantityArea": "area",
    "IfcQuantityVolume": "volume",
    "IfcQuantityWeight": "mass",
}
UNIT_SCALES: dict[str, dict[str, float]] = {
    "length": {"m": 1.0, "mm": 1e-3, "cm": 1e-2, "ft": 0.3048, "in": 0.0254},
    "area": {"m²": 1.0, "mm²": 1e-6, "cm²": 1e-4, "ft²": 0.09290304, "in²": 0.00064516},
    "volume": {"m³": 1.0, "mm³": 1e-9, "cm³": 1e-6, "ft³": 0.028316846592, "in³": 1.6387064e-5},
    "mass": {"kg": 1.0, "g": 1e-3, "t": 1e3, "lb": 0.45359237},
}
_UNIT_QUESTIONS = {
    "LENGTHUNIT": ("length", "lengths"),
    "AREAUNIT": ("area", "areas"),
    "VOLUMEUNIT": ("volume", "volumes"),
}
_MIN_WRONG_UNIT_VALUE = 0.01
_MIN_SCALE_RATIO = 2.0
_MAX_WRONG_UNIT = 2  # wrong-unit distractors per item: the other options come from the file


@dataclass(frozen=True)
class Quantity:
    """One usable quantity value of one element."""

    element: Element
    qto: str
    name: str
    value: float
    unit: str
    dimension: str


def quantity(element: Element, qto: str, name: str) -> Quantity | None:
    """The usable quantity ``qto.name`` of ``element``, or ``None`` (absent, not numeric, no unit, ambiguous).

    ``qto`` may be :data:`~ifcqa.ifc.diagnostics.UNNAMED_FAMILY`: the element's one unnamed set holding ``name``.
    """
    if qto == UNNAMED_FAMILY:
        unnamed = {s: props for s, props in element.qtos.items() if s not in element.ambiguous_sets}
        found = in_unnamed_set(unnamed, name)
    elif qto in element.ambiguous_sets:
        return None
    else:
        found = element.qtos.get(qto, {}).get(name)
    if found is None or found.kind != "number" or not found.unit:
        return None
    value = found.value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    dimension = MEASURE_DIMENSION.get(found.measure or "")
    if dimension is None:
        return None
    return Quantity(element, qto, name, float(value), found.unit, dimension)


def quantities(element: Element) -> list[Quantity]:
    """Every usable quantity of ``element``, by set and quantity name."""
    found = (quantity(element, qto, name) for qto in sorted(element.qtos) for name in sorted(element.qtos[qto]))
    return [q for q in found if q is not None]


def quantity_of(ctx: GenContext, element: Element, qto: str, name: str) -> Quantity | None:
    """:func:`quantity`, read once per index, element and quantity (scopes of every storey and class re-read them)."""
    memo: dict[tuple[int, str, str], Quantity | None] = ctx.memo.setdefault("quantity", {})
    key = (element.id, qto, name)
    if key in memo:
        return memo[key]
    found = memo[key] = quantity(element, qto, name)
    return found


def quantities_of(ctx: GenContext, element: Element) -> list[Quantity]:
    """:func:`quantities` of ``element``, read once per index (the scopes, the pairs and the values read them)."""
    memo: dict[int, list[Quantity]] = ctx.memo.setdefault("quantities", {})
    found = memo.get(element.id)
    if found is None:
        found = memo[element.id] = quantities(element)
    return list(found)


def set_family(qto: str) -> str:
    """The name sets are compared under: ``qto``, but :data:`~ifcqa.ifc.diagnostics.UNNAMED_FAMILY` for a set
    without a Name.

    Each unnamed set has its own placeholder (``(unnamed #N)``, N its step id), so the same quantity of
    two spaces of an old ArchiCAD export sits in two differently named sets; across elements (distractors,
    sums, comparisons) they are read as one quantity, ``(unnamed).Name``.
    """
    return UNNAMED_FAMILY if is_unnamed_set(qto) else qto


def quantity_phrase(qto: str, name: str) -> str:
    """``NetSideArea (quantity set 'Qto_WallBaseQuantities')``."""
    return f"{name} ({set_reference('quantity set', qto)})"


_is_abstract = ifc_schema.is_abstract


def class_choices(ctx: GenContext, ifc_class: str) -> list[str]:
    """``ifc_class`` and its non-abstract supertypes: the classes a question about its instances may name."""
    memo: dict[str, list[str]] = ctx.memo.setdefault("class_choices", {})
    found = memo.get(ifc_class)
    if found is None:
        chain = ctx.index.data.ancestors.get(ifc_class, (ifc_class,))
        found = memo[ifc_class] = [c for c in chain if c == ifc_class or not _is_abstract(ctx.index.schema, c)]
    return list(found)


def wrong_unit_texts(value: float, unit: str, dimension: str) -> list[str]:
    """``value`` with other units of its dimension, per the module's wrong-unit rule (may be empty)."""
    scales = UNIT_SCALES.get(dimension, {})
    scale = scales.get(unit)
    if scale is None or abs(value) < _MIN_WRONG_UNIT_VALUE:
        return []
    return [
        format_value(value, other)
        for other, other_scale in scales.items()
        if max(scale, other_scale) / min(scale, other_scale) >= _MIN_SCALE_RATIO
    ]


@generator("quantitative.quantity.value", version=2)
def quantity_value(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "What is the NetSideArea (quantity set Q) of the IfcWall 'N'?" Distractors: others' values, wrong unit."""
    every = [q for e in ctx.products() for q in quantities_of(ctx, e)]
    pool = [q for q in every if ctx.unique_name(q.element)]
    by_quantity: dict[tuple[str, str, str], list[Quantity]] = {}
    for q in every:  # distractor values may come from unnamed elements too
        by_quantity.setdefault((set_family(q.qto), q.name, q.unit), []).append(q)
    for fact in ctx.shuffled(pool):
        key = format_value(fact.value, fact.unit)
        family = by_quantity[(set_family(fact.qto), fact.name, fact.unit)]
        others = [q for q in family if q.element.id != fact.element.id]
        # the 4 first distinct values of the shuffled others: formatting every value of the kind per
        # question made generation quadratic in the model's size
        derived = distinct_texts((format_value(q.value, q.unit) for q in ctx.shuffled(others)), exclude=[key], limit=4)
        wrong = distinct_texts(
            ctx.shuffled(wrong_unit_texts(fact.value, fact.unit, fact.dimension)), exclude=[key], limit=_MAX_WRONG_UNIT
        )
        if not derived:
            yield Skip("no other element's value")
            continue
        distractors = (derived[:3] + wrong[:1] + derived[3:] + wrong[1:_MAX_WRONG_UNIT])[:4]
        if len(distractors) < 2:
            yield Skip("fewer than 2 distinct other values")
            continue
        yield Draft(
            question=(
                f"What is the {quantity_phrase(fact.qto, fact.name)} of {ctx.describe(fact.element)}, "
                "as stated in the model?"
            ),
            question_type="single",
            correct=[key],
            distractors=distractors,
            provenance={"elements": [fact.element.guid], "qto": fact.qto, "quantity": fact.name},
        )


@generator("quantitative.quantity.unit", version=2)
def quantity_unit(ctx: GenContext) -> Iterator[Draft | Skip]:
    """Asks "In which unit does the model state areas?" (IfcUnitAssignment); distractors: other units."""
    for unit_type in ctx.shuffled(sorted(_UNIT_QUESTIONS)):
        unit = ctx.index.units.get(unit_type)
        if unit is None:
            yield Skip("no project unit for the measure")
            continue
        dimension, plural = _UNIT_QUESTIONS[unit_type]
        others = [
            symbol
            for symbol, scale in UNIT_SCALES[dimension].items()
            if not math.isclose(scale, unit.si_factor, rel_tol=1e-6)
        ]
        distractors = distinct_texts(ctx.shuffled(others), exclude=[unit.symbol], limit=4)
        if len(distractors) < 2:
            yield Skip("fewer than 2 other units")
            continue
        yield Draft(
            question=(
                f"In which unit does this model state {plural} (the project's {dimension} unit, "
                "assigned in IfcUnitAssignment)?"
            ),
            question_type="single",
            correct=[unit.symbol],
            distractors=distractors,
            provenance={"elements": [], "unit_type": unit_type},
        )
