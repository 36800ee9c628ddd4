"""Words the class vocabulary does not know, grounded in the model (ifcqa.spatial.grounding), and the room, negation,
comparison and clause rules of the same work: each answer checked against plain IfcOpenShell."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api.material
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.util.element as ue
import pytest

from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.spatial.parser import parse
from ifcqa.spatial.pipeline import SpatialQA

Index = Callable[[str], ModelIndex]


def _ask(index: ModelIndex, question: str) -> dict[str, Any]:
    return SpatialQA(index, use_graph=False, embedder=None).ask(question)


def _guids(answer: dict[str, Any]) -> set[str]:
    return {r["guid"] for r in answer["elements"]}


def _storey(e: ifcopenshell.entity_instance) -> str | None:
    """Storey-deep: contained in the storey, in one of its spaces, or part of / filling an element that is."""
    seen = 0
    while e is not None and seen < 10:
        seen += 1
        if e.is_a("IfcBuildingStorey"):
            return str(e.Name)
        container = ue.get_container(e)
        if container is not None:
            if container.is_a("IfcBuildingStorey"):
                return str(container.Name)
            e = container
            continue
        parent = ue.get_aggregate(e)
        if parent is None and e.is_a("IfcElement") and getattr(e, "FillsVoids", None):
            parent = e.FillsVoids[0].RelatingOpeningElement.VoidsElements[0].RelatingBuildingElement
        e = parent
    return None


def _materials(e: ifcopenshell.entity_instance) -> list[str]:
    return [str(m.Name) for m in ue.get_materials(e) if m.Name]


# -- modifiers grounded as materials, predefined types and names ---------------------------------------------------
def test_steel_beams_are_the_beams_with_a_steel_material(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    steel = {b.GlobalId for b in model.by_type("IfcBeam") if any("steel" in m.lower() for m in _materials(b))}
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "How many steel beams are there?")
    assert steel and answer["count"] == len(steel) and _guids(answer) == steel
    assert "material" in answer["rule"]


def test_walls_with_a_concrete_layer_and_german_concrete_walls(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    concrete = {w.GlobalId for w in model.by_type("IfcWall") if any("concrete" in m.lower() for m in _materials(w))}
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "Which walls have a concrete layer?")
    assert concrete and _guids(answer) == concrete
    # "Beton" ends "Leichtbeton": the data file's German word for concrete, and the compound "Betonwände"
    haus = ifcopenshell.open(str(shared_ifc / "AC20-FZK-Haus.ifc"))
    beton = {w.GlobalId for w in haus.by_type("IfcWall") if any("beton" in m.lower() for m in _materials(w))}
    for question in ("Which walls are made of concrete?", "Zeige die Betonwände"):
        assert _guids(_ask(index_of("AC20-FZK-Haus.ifc"), question)) == beton and beton, question


def test_communication_outlets_are_a_predefined_type_of_the_outlet_class(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Heizung-Elektro_080729.ifc"))
    expected = {e.GlobalId for e in model.by_type("IfcFlowTerminal")
                if ue.get_predefined_type(e) == "COMMUNICATIONSOUTLET" and _storey(e) == "Dachgeschoss"}
    answer = _ask(index_of("Heizung-Elektro_080729.ifc"), "How many communication outlets are in the Dachgeschoss?")
    assert expected and answer["count"] == len(expected) and _guids(answer) == expected
    assert "COMMUNICATIONSOUTLET" in answer["answer"]


def test_duplex_receptacles_by_type_name_and_fridges_by_predefined_type(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_Electrical_20121207.ifc"))
    index = index_of("Duplex_Electrical_20121207.ifc")
    duplex = {e.GlobalId for e in model.by_type("IfcFlowTerminal") if (t := ue.get_type(e)) is not None
              and "Duplex" in (t.Name or "") and _storey(e) == "Level 2"}
    answer = _ask(index, "How many duplex receptacles are on Level 2?")
    assert duplex and answer["count"] == len(duplex) and _guids(answer) == duplex
    fridges = {e.GlobalId for e in model.by_type("IfcProduct") if ue.get_predefined_type(e) == "FRIDGE_FREEZER"}
    answer = _ask(index, "How many fridges are there?")  # no class word names fridges: the enumeration does
    assert fridges and answer["count"] == len(fridges) and _guids(answer) == fridges


def test_a_noun_no_class_word_names_is_read_from_element_names(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "LargeBuilding.ifc"))
    trees = {e.GlobalId for e in model.by_type("IfcElement") if ("Tree" in (e.Name or "") or "Tree" in (
        getattr(ue.get_type(e), "Name", None) or "")) and _storey(e) == "Level 1"}
    answer = _ask(index_of("LargeBuilding.ifc"), "How many trees are on Level 1?")
    assert trees and answer["count"] == len(trees) and _guids(answer) == trees
    # a class word whose class the model lacks, but whose elements are named so ("smoke detectors", no IfcSensor)
    electrical = ifcopenshell.open(str(shared_ifc / "Duplex_Electrical_20121207.ifc"))
    assert electrical.schema == "IFC2X3"  # IFC2X3 has no IfcSensor: the class word names nothing here
    smoke = {e.GlobalId for e in electrical.by_type("IfcElement") if "Smoke Detector" in (e.Name or "")}
    answer = _ask(index_of("Duplex_Electrical_20121207.ifc"), "Where are the smoke detectors located?")
    assert smoke and set(answer["storeys"]) == {_storey(electrical.by_guid(g)) for g in smoke}


def test_a_modifier_the_model_does_not_hold_still_declines(index_of: Index) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    for question, word in (("How many haunted doors are on Level 1?", "haunted"),
                           ("Which purple walls are on Level 2?", "purple")):
        answer = _ask(index, question)
        assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None
        assert word in answer["declined"]["not_understood"], answer["declined"]


def test_materials_on_a_generated_model(tmp_path: Path) -> None:
    """Two walls of 'Stahlbeton', one of 'Holz': 'reinforced concrete walls' are the two, 'timber walls' the one,
    'brick walls' none of the model's materials: declined (never all walls)."""
    api = ifcopenshell.api
    model = ifcopenshell.file(schema="IFC4")
    project = api.root.create_entity(model, ifc_class="IfcProject", name="Materials")
    storey = api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="EG")
    api.aggregate.assign_object(model, products=[storey], relating_object=project)
    walls = []
    for name, material in (("W1", "Stahlbeton C30/37"), ("W2", "Stahlbeton C25/30"), ("W3", "Holz")):
        wall = api.root.create_entity(model, ifc_class="IfcWall", name=name)
        api.spatial.assign_container(model, products=[wall], relating_structure=storey)
        api.material.assign_material(model, products=[wall],
                                     material=api.material.add_material(model, name=material))
        walls.append(wall)
    path = tmp_path / "materials.ifc"
    model.write(str(path))
    index = load_index(path, cache=IndexCache(tmp_path / "cache"))
    raw = ifcopenshell.open(str(path))
    stahl = {w.GlobalId for w in raw.by_type("IfcWall") if any("stahlbeton" in m.lower() for m in _materials(w))}
    holz = {w.GlobalId for w in raw.by_type("IfcWall") if any("holz" in m.lower() for m in _materials(w))}
    assert _guids(_ask(index, "Which reinforced concrete walls are on the EG?")) == stahl and len(stahl) == 2
    assert _guids(_ask(index, "List the timber walls")) == holz and len(holz) == 1
    answer = _ask(index, "List the brick walls")
    assert answer["declined"] is not None and answer["elements"] == []


# -- rooms ---------------------------------------------------------------------------------------------------------
def test_zones_by_name_give_their_spaces(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    zone = next(z for z in model.by_type("IfcZone") if z.Name == "Labor")
    members = {o.GlobalId for rel in zone.IsGroupedBy for o in rel.RelatedObjects if o.is_a("IfcSpace")}
    for question in ("Which rooms belong to the Labor zone?", "Which rooms are in the zone Labor?"):
        answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), question)
        assert members and _guids(answer) == members, question


def test_words_before_a_room_narrow_it_to_the_spaces_whose_names_hold_them(shared_ifc: Path,
                                                                         index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "revit_quantities.ifc"))
    small = {s.GlobalId for s in model.by_type("IfcSpace") if "small office" in (s.LongName or "").lower()}
    answer = _ask(index_of("revit_quantities.ifc"), "How many small offices are there?")
    assert small and answer["count"] == len(small) and _guids(answer) == small
    institute = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    meier = [s for s in institute.by_type("IfcSpace") if "Meier" in (s.LongName or "")]
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), "Where is Mr Meier's office?")
    assert len(meier) == 1 and answer["storeys"] == [ue.get_aggregate(meier[0]).Name]


def test_rooms_that_are_not_a_function_are_the_other_rooms(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    level1 = [s for s in model.by_type("IfcSpace") if ue.get_aggregate(s).Name == "Level 1"]
    others = {s.GlobalId for s in level1 if "bathroom" not in (s.LongName or "").lower()}
    for question in ("Which rooms on Level 1 are not bathrooms?", "Which rooms on Level 1 aren't bathrooms?"):
        answer = _ask(index_of("Duplex_A_20110907.ifc"), question)
        assert others and _guids(answer) == others, question
        assert "not named like" in answer["answer"]
    bedrooms = {s.GlobalId for s in model.by_type("IfcSpace") if "bedroom" in (s.LongName or "").lower()}
    assert _guids(_ask(index_of("Duplex_A_20110907.ifc"), "List all the bedrooms")) == bedrooms  # not their beds


def test_the_project_name_is_the_whole_model(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    assert "Duplex" in (model.by_type("IfcProject")[0].LongName or "")
    baths = {s.GlobalId for s in model.by_type("IfcSpace") if "bathroom" in (s.LongName or "").lower()}
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "how many bathrooms does the duplex have")
    assert answer["count"] == len(baths) and _guids(answer) == baths


def test_a_space_with_two_function_words_holds_both(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    flure = [s for s in model.by_type("IfcSpace") if "Flur" in (s.LongName or "")
             and ue.get_aggregate(s).Name == "Erdgeschoss"]
    total = sum(ue.get_psets(s)["BaseQuantities"]["NetFloorArea"] for s in flure)
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"),
                  "What's the total area of the corridors on the Erdgeschoss?")
    assert any("Eingang" in (s.LongName or "") for s in flure)  # "Flur EG Eingang": a corridor and an entrance
    assert answer["value"]["number"] == pytest.approx(total, rel=1e-3)


# -- storeys, comparisons, quantities ------------------------------------------------------------------------------
def test_does_every_storey_have_one_is_a_yes_no_over_the_storeys(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    with_wc = {ue.get_aggregate(s).Name for s in model.by_type("IfcSpace") if "WC" in (s.LongName or "")}
    storeys = {s.Name for s in model.by_type("IfcBuildingStorey")}
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), "Does every storey have a WC?")
    assert answer["yes_no"] is (with_wc == storeys) and answer["yes_no"] is False
    duplex = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    walled = {_storey(w) for w in duplex.by_type("IfcWall")}
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "Does each level have walls?")
    assert answer["yes_no"] is (walled >= {s.Name for s in duplex.by_type("IfcBuildingStorey")})


def test_two_rooms_compared_by_floor_area(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "ExampleHOM.ifc"))

    def area(name: str) -> float:
        space = next(s for s in model.by_type("IfcSpace") if s.Name == name)
        return float(ue.get_psets(space)["Qto_SpaceBaseQuantities"]["NetFloorArea"])

    answer = _ask(index_of("ExampleHOM.ifc"), "Is the kitchen bigger than the living room?")
    assert answer["yes_no"] is (area("Kitchen5") > area("Living1"))
    answer = _ask(index_of("ExampleHOM.ifc"), "Is the kitchen smaller than the living room?")
    assert answer["yes_no"] is (area("Kitchen5") < area("Living1"))
    # the duplex has two kitchens: which one is compared is not said, so the answer declines
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "Is bedroom A202 smaller than the kitchen?")
    assert answer["declined"] is not None and answer["yes_no"] is None


def test_each_class_with_its_own_storey_declines(index_of: Index) -> None:
    index = index_of("Duplex_A_20110907.ifc")
    for question in ("walls on level 1 or slabs on level 2", "how many doors on level 1 and windows on level 2"):
        answer = _ask(index, question)
        assert answer["declined"] is not None and answer["elements"] == [] and answer["count"] is None, question
    assert _ask(index, "walls and doors on level 1 and level 2")["declined"] is None  # one scope for both


def test_not_doors_or_windows_excludes_both(shared_ifc: Path, index_of: Index) -> None:
    plan = parse(index_of("Ifc4_SampleHouse.ifc"), "Which elements on the ground floor are not doors or windows?")
    assert {c.key for c in plan.exclude_classes} == {"door", "window"} and plan.declined is None
    answer = _ask(index_of("Ifc4_SampleHouse.ifc"), "Which elements on the ground floor are not doors or windows?")
    model = ifcopenshell.open(str(shared_ifc / "Ifc4_SampleHouse.ifc"))
    assert not any(model.by_guid(g).is_a("IfcDoor") or model.by_guid(g).is_a("IfcWindow") for g in _guids(answer))


def test_net_quantities_smallest_rooms_and_room_numbers(shared_ifc: Path, index_of: Index) -> None:
    hom = ifcopenshell.open(str(shared_ifc / "ExampleHOM.ifc"))
    walls = [w for w in hom.by_type("IfcWall") if _storey(w) == "GroundFloor"]
    volume = sum(ue.get_psets(w)["Qto_WallBaseQuantities"]["NetVolume"] for w in walls)
    answer = _ask(index_of("ExampleHOM.ifc"), "What is the net volume of all walls on the GroundFloor?")
    assert answer["value"]["number"] == pytest.approx(volume, rel=1e-3)
    institute = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    keller = [s for s in institute.by_type("IfcSpace") if ue.get_aggregate(s).Name == "Keller"]
    smallest = min(ue.get_psets(s)["BaseQuantities"]["NetFloorArea"] for s in keller)
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), "How large is the smallest room on the Keller?")
    assert answer["value"]["number"] == pytest.approx(smallest, rel=1e-3) and answer["value"]["op"] == "min"
    duplex = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    b202 = next(s for s in duplex.by_type("IfcSpace") if s.Name == "B202")
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "How big is bedroom B202?")  # B202 is a room, not basement 202
    assert answer["value"]["number"] == pytest.approx(ue.get_psets(b202)["GSA Space Areas"]["GSA BIM Area"], rel=1e-3)
    # A102 and B102 differ in the 14th digit: a tie, both listed
    level1 = [s for s in duplex.by_type("IfcSpace") if ue.get_aggregate(s).Name == "Level 1"]
    areas = {s.GlobalId: ue.get_psets(s)["GSA Space Areas"]["GSA BIM Area"] for s in level1}
    best = max(areas.values())
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "What's the largest room on level 1?")
    assert _guids(answer) == {g for g, a in areas.items() if abs(a - best) < 1e-9 * best} and len(_guids(answer)) == 2


def test_air_conditioned_rooms_read_the_thermal_requirements_set(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    cooled = {s.GlobalId for s in model.by_type("IfcSpace")
              if ue.get_psets(s).get("Pset_SpaceThermalRequirements", {}).get("AirConditioning") is True}
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), "Which rooms are air-conditioned?")
    assert cooled and _guids(answer) == cooled
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "Which rooms are air-conditioned?")  # not recorded there
    assert answer["declined"] is not None and answer["elements"] == []


def test_a_rooms_wall_area_is_its_quantity_when_its_spaces_hold_one(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "3rooms_Heater_AirTerminal_Table_with_SB.ifc"))
    wohnen = next(s for s in model.by_type("IfcSpace") if s.Name == "Wohnen")
    expected = ue.get_psets(wohnen)["Qto_SpaceBaseQuantities"]["NetWallArea"]
    answer = _ask(index_of("3rooms_Heater_AirTerminal_Table_with_SB.ifc"), "What is the net wall area of Wohnen?")
    assert answer["value"]["number"] == pytest.approx(expected, rel=1e-3)
    # Duplex spaces hold no wall area: "the wall area of room A203" stays the walls bounding it (never its floor Area)
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "what is the wall area of room A203")
    duplex = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    a203 = next(s for s in duplex.by_type("IfcSpace") if s.Name == "A203")
    bounding = {b.RelatedBuildingElement.GlobalId for b in a203.BoundedBy
                if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a("IfcWall")}
    assert _guids(answer) == bounding and bounding


def test_a_negated_modifier_takes_its_elements_out(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    index = index_of("Duplex_A_20110907.ifc")
    walls = model.by_type("IfcWall")
    concrete = {w.GlobalId for w in walls if any("concrete" in m.lower() for m in _materials(w))}
    for question in ("which walls aren't made of concrete", "which walls are not concrete?"):
        answer = _ask(index, question)
        assert _guids(answer) == {w.GlobalId for w in walls} - concrete and concrete, question
    doors = model.by_type("IfcDoor")
    glass = {d.GlobalId for d in doors if "glass" in (d.Name or "").lower()
             or "glass" in (getattr(ue.get_type(d), "Name", None) or "").lower()}
    answer = _ask(index, "Which doors are not glass doors?")
    assert glass and _guids(answer) == {d.GlobalId for d in doors} - glass


def test_words_a_space_name_holds_name_that_room(shared_ifc: Path, index_of: Index) -> None:
    model = ifcopenshell.open(str(shared_ifc / "ExampleHOM.ifc"))
    hobby = next(s for s in model.by_type("IfcSpace") if s.Name == "Hobby2")
    answer = _ask(index_of("ExampleHOM.ifc"), "which floor is the hobby room on")
    assert answer["storeys"] == [ue.get_aggregate(hobby).Name]
    doors = {b.RelatedBuildingElement.GlobalId for b in hobby.BoundedBy
             if b.RelatedBuildingElement is not None and b.RelatedBuildingElement.is_a("IfcDoor")}
    assert doors and _guids(_ask(index_of("ExampleHOM.ifc"), "which doors lead into the hobby room?")) == doors
    # a zone named alone ("Doppelzimmer" is an IfcZone of the institute, no space is named so): its spaces
    institute = ifcopenshell.open(str(shared_ifc / "AC11-Institute-Var-2-IFC.ifc"))
    zone = next(z for z in institute.by_type("IfcZone") if z.Name == "Doppelzimmer")
    members = {o.GlobalId for rel in zone.IsGroupedBy for o in rel.RelatedObjects if o.is_a("IfcSpace")}
    answer = _ask(index_of("AC11-Institute-Var-2-IFC.ifc"), "How many Doppelzimmer are there?")
    assert members and answer["count"] == len(members) and _guids(answer) == members


def test_a_filler_word_that_names_a_predefined_type_of_the_next_class_is_that_type(shared_ifc: Path,
                                                                                  index_of: Index) -> None:
    """'check' is filler ("check the valves") but CHECK is an IfcValveTypeEnum value: "check valves" are those,
    never every valve (the model's two valves are faucets)."""
    model = ifcopenshell.open(str(shared_ifc / "domestic-hot-water.ifc"))
    checks = {v.GlobalId for v in model.by_type("IfcValve") if ue.get_predefined_type(v) in ("CHECK", "DOUBLECHECK")}
    answer = _ask(index_of("domestic-hot-water.ifc"), "list the check valves")
    assert _guids(answer) == checks and model.by_type("IfcValve")
    assert _guids(_ask(index_of("domestic-hot-water.ifc"), "please check the valves")) == {
        v.GlobalId for v in model.by_type("IfcValve")}


def test_a_class_word_is_not_read_as_other_elements_whose_names_say_it(shared_ifc: Path, index_of: Index) -> None:
    """Duplex_A: no door is named double, but 29 cabinets are named "... Double Door & 2 Drawer"; "double doors" must
    not list the cabinets (a broader, wrong question) but decline on 'double'."""
    model = ifcopenshell.open(str(shared_ifc / "Duplex_A_20110907.ifc"))
    doors = model.by_type("IfcDoor")
    assert doors and not any("double" in (d.Name or "").lower() for d in doors)
    cabinets = [e for e in model.by_type("IfcFurnishingElement") if "double door" in (e.Name or "").lower()]
    assert cabinets
    answer = _ask(index_of("Duplex_A_20110907.ifc"), "How many double doors are there?")
    assert answer["declined"] is not None and not answer["elements"]
    assert answer["declined"]["not_understood"] == ["double"]
    single = _ask(index_of("Duplex_A_20110907.ifc"), "list the single flush doors")  # the class's own names still read
    assert _guids(single) == {d.GlobalId for d in doors if "single-flush" in (d.Name or "").lower()}
