"""How often a ``relational.type.type_of_element`` item offers a type no reader would take for the element's type.

Usage: python bench/type_alternatives.py BENCH.jsonl [BENCH2.jsonl ...]

A distractor is an *alternative* when it is of the key's type class (another IfcDoorType for a door) or when it
types elements of the asked element's class (an IFC2X3 IfcFlowTerminal is typed by light fixture, appliance and
sanitary types alike). Any other distractor (a wall type among the options for a window) is the odd one out:
a reader who knows only the element's class rules it out, so the item is easier than its option count says.
Printed: items, items with at least one such *foreign* distractor, foreign distractors, and the accuracy a
guesser gets that rules foreign options out and picks uniformly among the rest (expected, against the chance
of picking among all options).

Read with plain IfcOpenShell from the files the benchmark names (``source_file``): the element by GlobalId,
its type with ``ifcopenshell.util.element.get_type``, each option's type by Name among ``IfcTypeObject``, the
classes it types with ``get_types``. No ifcqa index is used.
"""

from __future__ import annotations

import sys
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util

from ifcqa.mcq.benchfile import read_items
from ifcqa.mcq.items import Item

SUBTYPE = "relational.type.type_of_element"
TypesByName = dict[str, list[ifcopenshell.entity_instance]]


def _types_by_name(model: ifcopenshell.file) -> TypesByName:
    found: TypesByName = {}
    for type_ in model.by_type("IfcTypeObject"):
        if type_.Name:
            found.setdefault(type_.Name.strip().casefold(), []).append(type_)
    return found


def foreign_labels(model: ifcopenshell.file, item: Item, by_name: TypesByName) -> set[str]:
    """Labels of the distractors that are neither of the key's type class nor type elements of the asked class."""
    element = model.by_guid(item.provenance["elements"][0])
    key_type = element_util.get_type(element)
    if key_type is None:
        raise SystemExit(f"{item.id}: the element has no type")
    foreign = set()
    for option in item.options:
        if option.label in item.answer:
            continue
        candidates = by_name.get(option.text.strip().casefold(), [])
        if not candidates:
            raise SystemExit(f"{item.id}: no type named {option.text!r}")
        type_ = candidates[0]
        same_class = type_.is_a() == key_type.is_a()
        types_the_class = any(i.is_a() == element.is_a() for i in element_util.get_types(type_))
        if not same_class and not types_the_class:
            foreign.add(option.label)
    return foreign


def report(bench: Path) -> None:
    items = [item for item in read_items(bench) if item.subtype == SUBTYPE]
    models: dict[str, ifcopenshell.file] = {}
    names: dict[str, TypesByName] = {}
    with_foreign = foreign_total = 0
    expected_ruling_out = chance = 0.0
    for item in items:
        source = str(bench.parent / item.source_file)  # a relative source_file is relative to the benchmark
        if source not in models:
            models[source] = ifcopenshell.open(source)
            names[source] = _types_by_name(models[source])
        foreign = foreign_labels(models[source], item, names[source])
        with_foreign += bool(foreign)
        foreign_total += len(foreign)
        expected_ruling_out += 1 / (len(item.options) - len(foreign))
        chance += 1 / len(item.options)
    n = max(1, len(items))
    print(
        f"{bench}: {len(items)} {SUBTYPE} items; {with_foreign} ({with_foreign / n:.1%}) with a foreign distractor, "
        f"{foreign_total} foreign distractors; ruling them out gets {expected_ruling_out / n:.1%} "
        f"(chance {chance / n:.1%})"
    )


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        report(Path(arg))
