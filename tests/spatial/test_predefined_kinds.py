"""Predefined-type words ("tables", "radiators", "gates"): the class plus the element's effective predefined type
(else its name when the model does not classify it), the same on the graph, the in-memory route and the check;
answers checked against raw IfcOpenShell on small generated IFC4 and IFC2X3 models. Also the note on elements a
generic class hides (an IfcFlowStorageDevice named "Pufferspeicher" when tanks are asked)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeAlias

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.owner
import ifcopenshell.api.project
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.type
import ifcopenshell.guid
import ifcopenshell.ifcopenshell_wrapper
import ifcopenshell.util.attribute
import ifcopenshell.util.element
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.check import check
from ifcqa.spatial.classes import kind_named
from ifcqa.spatial.execute import run_index
from ifcqa.spatial.oracle import Oracle
from ifcqa.spatial.vocabulary import PREDEFINED_KINDS

Entity: TypeAlias = Any  # ifcopenshell.entity_instance: untyped SWIG


def _building(schema: str) -> tuple[ifcopenshell.file, Entity, Entity]:
    model = ifcopenshell.api.project.create_file(version=schema)
    if schema == "IFC2X3":  # IFC2X3 requires an owner history on every rooted entity
        person = ifcopenshell.api.owner.add_person(model, "t", "T", "Tester")
        organisation = ifcopenshell.api.owner.add_organisation(model, "T", "test")
        ifcopenshell.api.owner.add_person_and_organisation(model, person=person, organisation=organisation)
        ifcopenshell.api.owner.add_application(model, application_full_name="test", application_identifier="test")
    project = ifcopenshell.api.root.create_entity(model, ifc_class="IfcProject", name="P")
    site = ifcopenshell.api.root.create_entity(model, ifc_class="IfcSite", name="Site")
    building = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuilding", name="B")
    ground = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Ground")
    upper = ifcopenshell.api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Upper")
    ground.Elevation, upper.Elevation = 0.0, 3.0
    ifcopenshell.api.aggregate.assign_object(model, products=[site], relating_object=project)
    ifcopenshell.api.aggregate.assign_object(model, products=[building], relating_object=site)
    ifcopenshell.api.aggregate.assign_object(model, products=[ground, upper], relating_object=building)
    return model, ground, upper


def _put(model: ifcopenshell.file, storey: Entity, ifc_class: str, name: str, predefined: str | None = None,
         kind: Entity | None = None, **attributes: Any) -> Entity:
    element = ifcopenshell.api.root.create_entity(model, ifc_class=ifc_class, name=name, predefined_type=predefined)
    if kind is not None:
        ifcopenshell.api.type.assign_type(model, related_objects=[element], relating_type=kind)
    for attribute, value in attributes.items():
        setattr(element, attribute, value)
    ifcopenshell.api.spatial.assign_container(model, products=[element], relating_structure=storey)
    return element


def _ifc4(path: Path) -> Path:
    model, ground, upper = _building("IFC4")
    table_type = ifcopenshell.api.root.create_entity(model, ifc_class="IfcFurnitureType", name="Coffee",
                                                     predefined_type="TABLE")
    chair_type = ifcopenshell.api.root.create_entity(model, ifc_class="IfcFurnitureType", name="Dining",
                                                     predefined_type="CHAIR")
    vague_type = ifcopenshell.api.root.create_entity(model, ifc_class="IfcFurnitureType", name="Sofa Viper",
                                                     predefined_type="NOTDEFINED")
    _put(model, ground, "IfcFurniture", "Round", "TABLE")  # its own TABLE, no type
    _put(model, upper, "IfcFurniture", "T1", "NOTDEFINED", table_type)  # TABLE from its type
    _put(model, upper, "IfcFurniture", "T2", None, table_type)
    _put(model, ground, "IfcFurniture", "Odd", "TABLE", chair_type)  # the type's CHAIR wins over its own TABLE
    _put(model, ground, "IfcFurniture", "Lounge", "NOTDEFINED", vague_type)  # a sofa by its type's name only
    _put(model, upper, "IfcFurniture", "Desk by text", "USERDEFINED", ObjectType="Schreibtisch")
    _put(model, upper, "IfcFurniture", "Table named, but a chair", "CHAIR")  # the enumeration beats the name
    _put(model, ground, "IfcSpaceHeater", "Heater 1", "RADIATOR")
    _put(model, upper, "IfcSpaceHeater", "Heater 2", "CONVECTOR")
    _put(model, ground, "IfcSlab", "Floor", "FLOOR")
    _put(model, upper, "IfcSlab", "Roof", "ROOF")
    _put(model, ground, "IfcDoor", "Front", "DOOR")
    _put(model, ground, "IfcDoor", "Garden", "GATE")
    _put(model, upper, "IfcWindow", "Top", "SKYLIGHT")
    _put(model, upper, "IfcWindow", "Side", "WINDOW")
    # unitary equipment: heat pumps have no predefined type in any schema, so only names tell them
    heat_pump_type = ifcopenshell.api.root.create_entity(model, ifc_class="IfcUnitaryEquipmentType",
                                                         name="Waermepumpe:xy kW", predefined_type="NOTDEFINED")
    _put(model, ground, "IfcUnitaryEquipment", "WP-01", "NOTDEFINED", heat_pump_type)  # by its type's name
    _put(model, ground, "IfcUnitaryEquipment", "Heat Pump 2", "NOTDEFINED")  # by its own name
    _put(model, ground, "IfcUnitaryEquipment", "Frischwasserstation", "NOTDEFINED")  # neither
    _put(model, upper, "IfcUnitaryEquipment", "AHU-1", "AIRHANDLER")
    _put(model, upper, "IfcUnitaryEquipment", "Zentrallüftungsgerät", "NOTDEFINED")  # a compound name
    _put(model, upper, "IfcUnitaryEquipment", "Pump room split unit", "SPLITSYSTEM")  # the enumeration decides
    model.write(str(path))
    return path


def _ifc2x3(path: Path, *, named: bool = True) -> Path:
    model, ground, upper = _building("IFC2X3")
    table_type = ifcopenshell.api.root.create_entity(model, ifc_class="IfcFurnitureType",
                                                     name="Table" if named else "1000mm")
    table_type.AssemblyPlace = "NOTDEFINED"
    _put(model, ground, "IfcFurnishingElement", "Kubus-1", kind=table_type)
    _put(model, upper, "IfcFurnishingElement", "Kubus-2", kind=table_type)
    _put(model, upper, "IfcFurnishingElement", "Chair 1" if named else "800mm")
    _put(model, upper, "IfcFurnishingElement", "Thing", ObjectType="Couchtisch" if named else "0610 x 0610")
    _put(model, ground, "IfcFlowTerminal", "Terminal")
    model.write(str(path))
    return path


@pytest.fixture(scope="module")
def qas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], tuple[Path, ModelIndex, SpatialQA,
                                                                                     SpatialQA]]]:
    folder = tmp_path_factory.mktemp("kinds")
    made: dict[str, tuple[Path, ModelIndex, SpatialQA, SpatialQA]] = {}
    makers = {"ifc4": lambda p: _ifc4(p), "ifc2x3": lambda p: _ifc2x3(p),
              "ifc2x3-unnamed": lambda p: _ifc2x3(p, named=False)}

    def get(name: str) -> tuple[Path, ModelIndex, SpatialQA, SpatialQA]:
        if name not in made:
            path = makers[name](folder / f"{name}.ifc")
            index = load_index(path, cache=IndexCache(folder / "cache"))
            graph = SpatialQA(index, store_dir=folder / f"graph-{name}", embedder=None)
            memory = SpatialQA(index, use_graph=False, embedder=None)
            made[name] = (path, index, graph, memory)
        return made[name]

    yield get
    for _, _, graph, memory in made.values():
        graph.close()
        memory.close()


def _raw_kind(element: Entity, key: str, enumerated: set[str]) -> bool:
    """The kind rule on raw IfcOpenShell facts: predefined type first, names only when it is no enum value."""
    group, _, values, _ = PREDEFINED_KINDS[key]
    value = ifcopenshell.util.element.get_predefined_type(element)
    if value in values:
        return True
    if value in enumerated:
        return False
    kind = ifcopenshell.util.element.get_type(element)
    texts = (value if value not in ("NOTDEFINED", "USERDEFINED") else None, element.Name,
             kind.Name if kind is not None else None)
    return any(kind_named(t, group) == key for t in texts)


def _raw(path: Path, ifc_class: str, key: str, storey: str | None = None) -> set[str]:
    model = ifcopenshell.open(path)
    enumerated: set[str] = set()
    schema = ifcopenshell.ifcopenshell_wrapper.schema_by_name(model.schema)
    for element in model.by_type(ifc_class):
        for declared in (element, ifcopenshell.util.element.get_type(element)):
            if declared is None:
                continue
            for attribute in schema.declaration_by_name(declared.is_a()).all_attributes():
                if attribute.name() == "PredefinedType":
                    enumerated |= set(ifcopenshell.util.attribute.get_enum_items(attribute))
    enumerated -= {"NOTDEFINED", "USERDEFINED"}
    found = set()
    for element in model.by_type(ifc_class):
        rels = element.ContainedInStructure
        if storey is not None and not (rels and rels[0].RelatingStructure.Name == storey):
            continue
        if _raw_kind(element, key, enumerated):
            found.add(element.GlobalId)
    return found


CASES = [
    ("ifc4", "How many tables are there?", "IfcFurniture", "table", None),
    ("ifc4", "tables on Upper", "IfcFurniture", "table", "Upper"),
    ("ifc4", "Which chairs are on the Ground?", "IfcFurniture", "chair", "Ground"),
    ("ifc4", "chairs", "IfcFurniture", "chair", None),
    ("ifc4", "sofas", "IfcFurniture", "sofa", None),
    ("ifc4", "desks", "IfcFurniture", "desk", None),
    ("ifc4", "How many radiators are there?", "IfcSpaceHeater", "radiator", None),
    ("ifc4", "gates", "IfcDoor", "gate", None),
    ("ifc4", "skylights on Upper", "IfcWindow", "skylight", "Upper"),
    ("ifc4", "roof slabs", "IfcSlab", "roofslab", None),
    ("ifc4", "floor slabs", "IfcSlab", "floorslab", None),
    ("ifc4", "heat pumps", "IfcUnitaryEquipment", "heatpump", None),
    ("ifc4", "Wie viele Wärmepumpen gibt es im Ground?", "IfcUnitaryEquipment", "heatpump", "Ground"),
    ("ifc4", "air handling units on Upper", "IfcUnitaryEquipment", "airhandler", "Upper"),
    ("ifc2x3", "How many tables are there?", "IfcFurnishingElement", "table", None),
    ("ifc2x3", "Tische im Upper", "IfcFurnishingElement", "table", "Upper"),
    ("ifc2x3", "chairs", "IfcFurnishingElement", "chair", None),
]


@pytest.mark.parametrize(("model", "question", "ifc_class", "key", "storey"), CASES)
def test_kind_answers_equal_raw_ifcopenshell_on_every_route(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
    model: str, question: str, ifc_class: str, key: str, storey: str | None,
) -> None:
    path, index, graph, memory = qas(model)
    expected = _raw(path, ifc_class, key, storey)
    answer = graph.ask(question)
    assert answer["route"] == "graph"  # the Cypher answer passed the GlobalId check
    assert {e["guid"] for e in answer["elements"]} == expected
    assert {e["guid"] for e in memory.ask(question)["elements"]} == expected
    plan = graph.parser.parse(question)
    assert {h.guid for h in run_index(index, plan)} == expected
    assert plan.classes[0].kind == key
    label = PREDEFINED_KINDS[key][1]
    n = len(expected)
    if n > 1:
        assert f"{n} {label}" in answer["answer"]  # named as asked, not as the class
    assert "furniture" not in answer["answer"].split(":")[0]


def test_the_ifc4_model_is_what_the_cases_assume(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    path = qas("ifc4")[0]
    tables = _raw(path, "IfcFurniture", "table")
    names = {e.Name for e in ifcopenshell.open(path).by_type("IfcFurniture") if e.GlobalId in tables}
    assert names == {"Round", "T1", "T2"}  # not "Odd" (its type says CHAIR), not the chair named "Table ..."
    assert {e.Name for e in ifcopenshell.open(path).by_type("IfcFurniture")
            if e.GlobalId in _raw(path, "IfcFurniture", "sofa")} == {"Lounge"}
    unitary = {e.GlobalId: e.Name for e in ifcopenshell.open(path).by_type("IfcUnitaryEquipment")}
    assert {unitary[g] for g in _raw(path, "IfcUnitaryEquipment", "heatpump")} == {"WP-01", "Heat Pump 2"}
    assert {unitary[g] for g in _raw(path, "IfcUnitaryEquipment", "airhandler")} == {"AHU-1", "Zentrallüftungsgerät"}


def test_the_check_refuses_an_element_of_another_kind(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    _, index, graph, _ = qas("ifc4")
    tables = graph.parser.parse("tables")
    chairs = graph.parser.parse("chairs")
    chair_hits = run_index(index, chairs)
    assert chair_hits and check(index, chairs, chair_hits) == []
    problems = check(index, tables, chair_hits)
    assert len(problems) == len(chair_hits) and all("not of the classes asked for" in p for p in problems)


def test_a_kind_the_model_lacks_answers_none_and_says_why(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    _, _, graph, _ = qas("ifc4")
    answer = graph.ask("How many beds are there?")
    assert answer["elements"] == []
    assert answer["answer"].startswith("There are no beds in the model.")
    assert "None of the model's 7 pieces of furniture is one of the beds by predefined type BED" in answer["answer"]
    ifc2x3 = qas("ifc2x3")[2].ask("beds")
    assert ifc2x3["elements"] == [] and "this schema has no predefined type for beds" in ifc2x3["answer"]


def test_names_tell_kinds_apart_when_the_schema_cannot(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    path, _, graph, _ = qas("ifc2x3")
    answer = graph.ask("How many tables are there?")
    by_name = {e.GlobalId for e in ifcopenshell.open(path).by_type("IfcFurnishingElement")
               if e.Name in ("Kubus-1", "Kubus-2", "Thing")}  # type "Table", ObjectType "Couchtisch"
    assert {e["guid"] for e in answer["elements"]} == by_name
    assert answer["answer"].startswith("There are 3 tables in the model: ")
    assert "3 tables told apart by name, as no predefined type says so" in answer["answer"]


def test_a_model_that_does_not_classify_declines_the_kind_and_lists_nothing(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    """Every piece of furniture listed as "the tables" would answer a broader question (it did, with a note)."""
    path, _, graph, memory = qas("ifc2x3-unnamed")
    furniture = {e.GlobalId for e in ifcopenshell.open(path).by_type("IfcFurnishingElement")}
    assert len(furniture) == 4
    for qa in (graph, memory):
        answer = qa.ask("How many tables are there?")
        assert answer["declined"] is not None and not answer["elements"] and answer["count"] is None
        assert ("the model does not say which furniture are tables: none of its 4 pieces of furniture has a "
                "predefined type or a name telling what it is, so nothing is listed") in answer["answer"]
        assert answer["declined"]["not_understood"] == ["tables"]
        assert qa.ask("How many pieces of furniture are there?")["count"] == len(furniture)


def test_the_oracle_filters_by_predefined_type(
    qas: Callable[[str], tuple[Path, ModelIndex, SpatialQA, SpatialQA]],
) -> None:
    path = qas("ifc4")[0]
    query = {"query": "tables", "oracle_ifc_types": ["IfcFurniture"], "oracle_predefined_types": ["TABLE"],
             "oracle_scope": "located"}
    model = ifcopenshell.open(path)  # kept: an instance of a freed file cannot read its inverses
    expected = {e.GlobalId for e in model.by_type("IfcFurniture")
                if ifcopenshell.util.element.get_predefined_type(e) == "TABLE"}
    assert Oracle(path).expected(query).guids == expected and len(expected) == 3


def test_kind_words_read_names_as_documented() -> None:
    assert kind_named("M_Table-Coffee:0610 x 0610mm:167584", "furniture") == "table"
    assert kind_named("Furniture_Table_Dining_w-Chairs_Rectangular", "furniture") == "table"  # the first word decides
    assert kind_named("Schreibtisch", "furniture") == "desk"  # a whole word beats a compound end
    assert kind_named("Couchtisch", "furniture") == "table"
    assert kind_named("ArmChair", "furniture") == "chair"
    assert kind_named("1000mm", "furniture") is None and kind_named(None, "furniture") is None
    assert kind_named("Vorlauf", "furniture") is None


@pytest.mark.parametrize(("question", "expected"), [
    ("How many tables are there?", 1), ("Are there any radiators on the ground floor?", 2), ("chairs", 1),
])
def test_three_rooms_model_names_what_was_asked(shared_ifc: Path, tmp_path: Path, question: str,
                                                expected: int) -> None:
    name = "3rooms_Heater_AirTerminal_Table_with_SB.ifc"
    if not (shared_ifc / name).is_file():
        pytest.skip(f"{name} is not in the shared corpus")
    index = load_index(shared_ifc / name, cache=IndexCache(tmp_path / "cache"))
    qa = SpatialQA(index, store_dir=tmp_path / "graph", embedder=None)
    try:
        answer = qa.ask(question)
    finally:
        qa.close()
    key = {"How many tables are there?": "TABLE", "chairs": "CHAIR"}.get(question, "RADIATOR")
    model = ifcopenshell.open(shared_ifc / name)
    raw = {e.GlobalId for e in model.by_type("IfcProduct") if ifcopenshell.util.element.get_predefined_type(e) == key}
    assert {e["guid"] for e in answer["elements"]} == raw and len(raw) == expected
    assert "furniture" not in answer["answer"] and answer["route"] == "graph"


BUFFER = "Pufferspeicher mit Heizstab (IfcFlowStorageDevice, on Ground)"


def _generic(path: Path, schema: str) -> Path:
    """Tanks and pumps as real exports write them: some of their own class, some of the generic supertype."""
    model, ground, upper = _building(schema)
    if schema == "IFC4":
        _put(model, upper, "IfcTank", "T-1", "STORAGE")
        _put(model, ground, "IfcFlowStorageDevice", "Pufferspeicher mit Heizstab")  # untyped: a tank by its name
        battery = ifcopenshell.api.root.create_entity(model, ifc_class="IfcElectricFlowStorageDeviceType",
                                                      name="Speicher", predefined_type="BATTERY")
        typed = _put(model, ground, "IfcFlowStorageDevice", "Batteriespeicher")  # typed: something else (the API
        model.create_entity("IfcRelDefinesByType", GlobalId=ifcopenshell.guid.new(),  # refuses the generic class,
                            RelatedObjects=[typed], RelatingType=battery)  # exports write it)
        _put(model, upper, "IfcBuildingElementProxy", "Tank 2")  # a proxy named like one
        _put(model, upper, "IfcBuildingElementProxy", "Box")
    else:  # IFC2X3 has no IfcPump: a pump is an IfcFlowMovingDevice typed IfcPumpType
        pump = ifcopenshell.api.root.create_entity(model, ifc_class="IfcPumpType", name="P")
        fan = ifcopenshell.api.root.create_entity(model, ifc_class="IfcFanType", name="Pumpenraumlüfter")
        _put(model, ground, "IfcFlowMovingDevice", "P-1", kind=pump)
        _put(model, ground, "IfcFlowMovingDevice", "Umwälzpumpe")  # untyped: a pump by its name
        _put(model, ground, "IfcFlowMovingDevice", "Pumpe 3", kind=fan)  # typed a fan: not named as a pump
    model.write(str(path))
    return path


@pytest.mark.parametrize(("schema", "question", "listed", "noted"), [
    ("IFC4", "tanks", {"T-1"}, [BUFFER, "Tank 2 (IfcBuildingElementProxy, on Upper)"]),
    ("IFC4", "How many tanks are on the Ground?", set(), [BUFFER]),
    ("IFC4", "boxes", set(), []),
    ("IFC2X3", "pumps", {"P-1"}, ["Umwälzpumpe (IfcFlowMovingDevice, on Ground)"]),
])
def test_elements_a_generic_class_hides_are_named_in_a_note_not_counted(
    tmp_path: Path, schema: str, question: str, listed: set[str], noted: list[str]
) -> None:
    path = _generic(tmp_path / "generic.ifc", schema)
    index = load_index(path, cache=IndexCache(tmp_path / "cache"))
    for qa in (SpatialQA(index, store_dir=tmp_path / "graph", embedder=None),
               SpatialQA(index, use_graph=False, embedder=None)):
        try:
            answer = qa.ask(question)
        finally:
            qa.close()
        model = ifcopenshell.open(path)
        assert {model.by_guid(e["guid"]).Name for e in answer["elements"]} == listed
        if noted:
            what = "element of a generic class is" if len(noted) == 1 else "elements of generic classes are"
            assert f"Not counted: {len(noted)} {what} named like " in answer["answer"]
            assert answer["answer"].endswith(": " + "; ".join(noted) + ".")
        else:
            assert "Not counted" not in answer["answer"]
