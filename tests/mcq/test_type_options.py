"""``relational.type.type_of_element``: no option is a type a reader could rule out by the element's class alone.

Before issue 21's fix, distractors came from types of the same *kind* when the key's class had too few: a wall
type and two window types among the options for a door, so a guesser ruling out foreign types got 48% where
chance is 21% on the shared models (``bench/type_alternatives.py``). Now a distractor is of the key's type class
or types elements of the asked element's class (IFC2X3 types IfcFlowTerminal with light fixture, appliance and
sanitary types alike). The oracle below reads the file with plain IfcOpenShell.
"""

from __future__ import annotations

from dataclasses import dataclass

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.index import IndexCache
from ifcqa.mcq.items import FileEntry, Item
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

SUBTYPE = "relational.type.type_of_element"
ADDED = {  # type class -> type name: three more types of IfcFlowTerminal elements, and a beam type alone
    "IfcLightFixtureType": "Pendant 60W",
    "IfcElectricApplianceType": "Fridge 300L",
    "IfcSanitaryTerminalType": "Basin 500",
}


@dataclass
class Run:
    items: list[Item]
    entry: FileEntry
    model: ifcopenshell.file


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("type-options")
    path = write_sample_model(folder / "s.ifc", storeys=1, rooms_per_storey=2, schema="IFC2X3", seed=0)
    model = ifcopenshell.open(str(path))
    storey = model.by_type("IfcBuildingStorey")[0]
    for ifc_class, name in [*ADDED.items(), ("IfcBeamType", "Lonely Beam Type")]:
        type_ = ifcopenshell.api.run("root.create_entity", model, ifc_class=ifc_class, name=name)
        instance_class = "IfcBeam" if ifc_class == "IfcBeamType" else "IfcFlowTerminal"
        element = ifcopenshell.api.run("root.create_entity", model, ifc_class=instance_class, name=f"Unit {name}")
        ifcopenshell.api.run("type.assign_type", model, related_objects=[element], relating_type=type_)
        ifcopenshell.api.run("spatial.assign_container", model, products=[element], relating_structure=storey)
    model.write(str(path))
    items, entry = generate_for_file(
        path, categories=["relational.type"], cap=1000, cache=IndexCache(folder / "cache"), max_per_answer=None
    )
    return Run([i for i in items if i.subtype == SUBTYPE], entry, ifcopenshell.open(str(path)))


def _foreign(model: ifcopenshell.file, item: Item) -> list[str]:
    """Distractor texts naming a type of another class than the key's that types no element of the asked class."""
    element = model.by_guid(item.provenance["elements"][0])
    key_type = element_util.get_type(element)
    assert key_type is not None
    out = []
    for option in item.options:
        if option.label in item.answer:
            continue
        (type_,) = [t for t in model.by_type("IfcTypeObject") if t.Name == option.text]
        typed_classes = {i.is_a() for i in element_util.get_types(type_)}
        if type_.is_a() != key_type.is_a() and element.is_a() not in typed_classes:
            out.append(option.text)
    return out


def test_no_distractor_is_a_type_the_elements_class_rules_out(run: Run) -> None:
    assert run.items
    assert {i.id: _foreign(run.model, i) for i in run.items if _foreign(run.model, i)} == {}
    assert run.entry.rejections == []


def test_a_flow_terminal_is_asked_among_the_types_of_flow_terminals(run: Run) -> None:
    fridge = next(e for e in run.model.by_type("IfcFlowTerminal") if e.Name == "Unit Fridge 300L")
    asked = [i for i in run.items if fridge.GlobalId in i.provenance["elements"] or "'Unit Fridge 300L'" in i.question]
    assert asked, "the appliance-typed terminal has light fixture, air terminal and sanitary types as alternatives"
    for item in asked:
        texts = {o.text for o in item.options}
        assert item.option_text(item.answer[0]) == "Fridge 300L"
        assert texts - {"Fridge 300L"} <= {"Pendant 60W", "Basin 500", "LF-Panel-1200", "AT-Diffuser-600"}


def test_an_element_whose_type_has_no_alternative_is_not_asked(run: Run) -> None:
    beam = next(e for e in run.model.by_type("IfcBeam") if e.Name == "Unit Lonely Beam Type")
    assert not [i for i in run.items if beam.GlobalId in i.provenance["elements"] or "Lonely" in i.question]
    walls = {w.GlobalId for w in run.model.by_type("IfcWall")}  # two wall types: one alternative only
    assert not [i for i in run.items if walls.intersection(i.provenance["elements"])]
    assert run.entry.counts[SUBTYPE].skipped.get("fewer than 2 other types of its class", 0) > 0
