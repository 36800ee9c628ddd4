"""Round 13 look13: type names read whole before any word pass (spatial/type_names_asked.py) and a second class said
not wanted in people's shapes (spatial/contrast_classes.py); every answer checked against the IFC file through
plain IfcOpenShell (ifcopenshell.util.element.get_type)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.util.element as ue
import ifcopenshell.util.unit
import pytest
from plain_walks import Index, ask, guids, storey_of

from ifcqa.spatial.contrast_classes import spell_out
from ifcqa.spatial.ratio_properties import ratio_attributes

pytestmark = pytest.mark.usefixtures("shared_ifc")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "spatial"
LB = "LargeBuilding.ifc"
SH = "Ifc4_SampleHouse.ifc"
FZK = "AC20-FZK-Haus.ifc"
FZK11 = "AC11-FZK-Haus-IFC.ifc"
DUP = "Duplex_A_20110907.ifc"
Model = Callable[[str], ifcopenshell.file]


@pytest.fixture(scope="module")
def model(shared_ifc: Path) -> Model:
    opened: dict[str, ifcopenshell.file] = {}

    def get(name: str) -> ifcopenshell.file:
        if name not in opened:
            opened[name] = ifcopenshell.open(str(shared_ifc / name))
        return opened[name]

    return get


def _typed(f: ifcopenshell.file, cls: str, name: str, storey: str | None = None) -> set[str]:
    return {e.GlobalId for e in f.by_type(cls) if (t := ue.get_type(e)) is not None and t.Name == name
            and (storey is None or storey_of(e) == storey)}


def _declined(answer: dict[str, Any]) -> str:
    assert answer.get("declined"), answer.get("answer")
    assert not answer.get("elements")
    return str(answer["declined"]["reason"])


@pytest.mark.parametrize("question", [
    "walls of the Basic Wall:Outside wall type",
    "how many Basic Wall:Outside wall walls are in the model?",
    'which walls are of type "Basic Wall:Outside wall"?',
    "walls of the 'Outside wall' type",
])
def test_a_revit_type_name_holding_class_words_is_the_type(index_of: Index, model: Model, question: str) -> None:
    # main read "Wall" and "Outside" as words: 18 walls whose type name holds 'basic' and IsExternal
    want = _typed(model(LB), "IfcWall", "Basic Wall:Outside wall")
    assert len(want) == 14
    answer = ask(index_of, LB, question)
    assert guids(answer) == want
    assert "Basic Wall:Outside wall" in answer["rule"] or "Outside wall" in answer["rule"]


def test_a_type_name_with_a_dimension_on_a_storey(index_of: Index, model: Model) -> None:
    want = _typed(model(LB), "IfcWindow", "M_Fixed:0915 x 1830mm", "Level 2")
    assert 0 < len(want) < len(model(LB).by_type("IfcWindow"))
    assert guids(ask(index_of, LB, "show me the M_Fixed:0915 x 1830mm windows on Level 2 pls")) == want
    slabs = _typed(model(LB), "IfcSlab", "Basic Roof:Generic - 400mm")
    assert guids(ask(index_of, LB, "Hi, I need every slab of type 'Basic Roof:Generic - 400mm'. Thanks")) == slabs


def test_type_names_in_quotes_codes_and_german_words(index_of: Index, model: Model) -> None:
    name = "Basic Wall:Wall-Ext_102Bwk-75Ins-100LBlk-12P"
    answer = ask(index_of, SH, f"how many walls of type {name} are there on Ground Floor?")
    assert answer["count"] == len(_typed(model(SH), "IfcWall", name, "Ground Floor")) == 3
    door = "IFC Tür - Eine Öffnunsgrichtung"
    assert guids(ask(index_of, FZK, f'which doors are of type "{door}"?')) == _typed(model(FZK), "IfcDoor", door)
    window = "IFC2x_WindowDoubleVert"  # 22 characters: never a GlobalId when a type is so named
    assert guids(ask(index_of, FZK11, f'which windows are of type "{window}"?')) == \
        _typed(model(FZK11), "IfcWindow", window)
    assert guids(ask(index_of, DUP, "show me the 0813 x 2420mm doors pls")) == \
        _typed(model(DUP), "IfcDoor", "0813 x 2420mm")


def test_a_type_of_another_class_or_absent_declines(index_of: Index) -> None:
    reason = _declined(ask(index_of, LB, "windows of type Basic Wall:Inside"))
    assert "Basic Wall:Inside" in reason
    _declined(ask(index_of, LB, 'which walls are of type "Basic Wall:Curtain Wall 2"?'))


def test_type_lookups_and_negated_types_are_left_alone(index_of: Index, model: Model) -> None:
    answer = ask(index_of, LB, "which window types are used on Level 1?")
    assert [v["value"] for v in answer["value"]["values"]] == ["M_Fixed:0915 x 1830mm"]
    want = {e.GlobalId for e in model(LB).by_type("IfcWall")} - _typed(model(LB), "IfcWall", "Basic Wall:Inside")
    assert guids(ask(index_of, LB, "walls that are not of type Basic Wall:Inside")) == want


@pytest.mark.parametrize("question", [
    "doors (not windows) on Level 1", "only the doors - no windows - on Level 1", "doors but not windows on Level 1",
    "just the doors, no windows, on Level 1", "the doors, not the windows, on Level 1",
])
def test_a_second_class_said_not_wanted_is_the_first_class(index_of: Index, model: Model, question: str) -> None:
    want = {e.GlobalId for e in model(LB).by_type("IfcDoor") if storey_of(e) == "Level 1"}
    assert guids(ask(index_of, LB, question)) == want


def test_contrast_rewrites_class_words_only() -> None:
    import re

    cls = re.compile(r"(?<![\w])(?:doors|windows|walls)(?![\w])")
    assert spell_out("doors (not windows) on level 1", cls)[0] == "doors, not the windows, on level 1"
    assert spell_out("doors but not the external ones", cls)[0] == "doors but not the external ones"


def test_committed_lookup_form_cases_equal_the_generator(shared_ifc: Path) -> None:
    done = subprocess.run([sys.executable, str(BENCH / "lookup_forms.py"), "--ifc-dir", str(shared_ifc), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_width_asked_in_a_unit_is_never_a_panel_ratio(index_of: Index, model: Model) -> None:
    # "widths" matched OverallWidth and IfcDoorPanelProperties.PanelWidth (a ratio) and declined as ambiguous
    f = model("KIT-EDC_with_SB.ifc")
    scale = ifcopenshell.util.unit.calculate_unit_scale(f)
    doors = [e for e in f.by_type("IfcDoor") if storey_of(e) == "EG"]
    answer = ask(index_of, "KIT-EDC_with_SB.ifc", "what are the widths of the doors on EG in millimetres?")
    assert answer["value"]["unit"] == "mm"
    got = sorted((row["value"], row["count"]) for row in answer["value"]["values"])
    want = sorted({round(e.OverallWidth * scale * 1000, 3) for e in doors})
    assert [round(v, 3) for v, _ in got] == want and sum(n for _, n in got) == len(doors)
    assert "PanelWidth" in ratio_attributes("IFC4") and "OverallWidth" not in ratio_attributes("IFC4")
