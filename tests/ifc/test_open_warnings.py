"""Recoverable vs fatal parse problems, on mutated copies of IfcOpenHouse_IFC4.ifc written to ``tmp_path``.

A recoverable problem (a bad enumeration literal, a value of the wrong simple type) opens the file
with that one value unset and a :class:`ParseWarning` naming it; every fact the defect does not touch
is the same as on the clean file (compared through the index and the tools). Fatal problems keep
refusing the file with one message naming the line and entity. Strict mode refuses warnings too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest

from ifcqa.errors import IfcOpenError, ToolError
from ifcqa.files.hashing import file_sha256
from ifcqa.ifc.diagnostics import ParseWarning
from ifcqa.ifc.open import STRICT_ENV, CorruptFileError, model_warnings, open_model
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.tools import call_tool

HOUSE = "IfcOpenHouse_IFC4.ifc"
OWNER_HISTORY = "#5=IFCOWNERHISTORY(#3,#4,$,.ADDED.,1399297334,#3,#4,1399297334);"
WALL = "#40=IFCWALLSTANDARDCASE('3g46_woBL6sugXeY5_WP6n',#5,'South wall',$,$,#65,#42,$,.STANDARD.);"
DOOR = "#2441=IFCDOOR('0Tif_$wI1FwAwq$OJt24I8',#5,$,$,$,#2386,#2392,$,2200.,1000.,.DOOR.,.SINGLE_SWING_LEFT.,$);"
STOREY = "#38=IFCBUILDINGSTOREY('38aOKO8_DDkBd1FHm_lVXz',#5,$,$,$,#37,$,$,.ELEMENT.,$);"
SITE_AGGREGATE = "#32=IFCRELAGGREGATES('03$UXM4xjFZwZ__XhAtJCL',#5,$,$,#24,(#31));"
PER_ELEMENT_TOOLS = ("get_element", "get_properties", "get_quantities", "get_materials", "get_spatial_context")
MODEL_TOOLS = ("model_summary", "list_storeys", "list_classes", "list_property_sets", "list_types")


@pytest.fixture(scope="module")
def house_text(shared_ifc: Path) -> str:
    text = (shared_ifc / HOUSE).read_text()
    for line in (OWNER_HISTORY, WALL, DOOR, STOREY, SITE_AGGREGATE):
        assert f"\n{line}\n" in text, f"{line} is not in {HOUSE} any more"
    return text


@pytest.fixture(scope="module")
def clean_index(shared_ifc: Path) -> ModelIndex:
    return load_index(shared_ifc / HOUSE, use_cache=False)


def write(tmp_path: Path, text: str, old: str, new: str, name: str = HOUSE) -> Path:
    assert text.count(old) == 1
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


def facts(index: ModelIndex) -> dict[str, Any]:
    """What the tools answer about every indexed element and the model (errors kept as their messages)."""

    def ask(name: str, arguments: dict[str, Any]) -> Any:
        try:
            return json.loads(json.dumps(call_tool(index, name, arguments), default=str))
        except ToolError as error:
            return {"tool_error": str(error)}

    answers: dict[str, Any] = {name: ask(name, {}) for name in MODEL_TOOLS}
    for element_id in sorted(index.data.elements):
        for name in PER_ELEMENT_TOOLS:
            answers[f"{name} #{element_id}"] = ask(name, {"element": f"#{element_id}"})
    return answers


def differences(clean: Any, mutated: Any, where: str = "") -> list[str]:
    """The paths at which two JSON values differ."""
    if isinstance(clean, dict) and isinstance(mutated, dict):
        found = []
        for key in sorted(set(clean) | set(mutated), key=str):
            found += differences(clean.get(key, "<absent>"), mutated.get(key, "<absent>"), f"{where}/{key}")
        return found
    if isinstance(clean, list) and isinstance(mutated, list) and len(clean) == len(mutated):
        return [
            d for i, (a, b) in enumerate(zip(clean, mutated, strict=True)) for d in differences(a, b, f"{where}[{i}]")
        ]
    return [] if clean == mutated else [where]


RECOVERABLE: dict[str, tuple[str, str, ParseWarning, list[str]]] = {
    # name: (old line, new line, the warning expected, patterns of the fact paths that change, each at least once)
    "bad_enum_in_owner_history": (
        OWNER_HISTORY,
        OWNER_HISTORY.replace(".ADDED.", ".READWRITE."),
        ParseWarning(5, "IfcOwnerHistory", "ChangeAction", "'.READWRITE.' is not a literal of IfcChangeActionEnum"),
        [],
    ),
    "bad_enum_on_a_door": (
        DOOR,
        DOOR.replace(".SINGLE_SWING_LEFT.", ".SWING_SIDEWAYS."),
        ParseWarning(
            2441, "IfcDoor", "OperationType", "'.SWING_SIDEWAYS.' is not a literal of IfcDoorTypeOperationEnum"
        ),
        ["/get_element #2441/attributes/OperationType"],
    ),
    "string_for_a_length": (
        DOOR,
        DOOR.replace("2200.,", "'tall',"),
        ParseWarning(2441, "IfcDoor", "OverallHeight", "'tall' is not a valid IfcPositiveLengthMeasure"),
        ["/get_element #2441/attributes/OverallHeight"],
    ),
    "string_for_a_storey_elevation": (  # crashed the index build (float('high')) before
        STOREY,
        STOREY.replace(".ELEMENT.,$)", ".ELEMENT.,'high')"),
        ParseWarning(38, "IfcBuildingStorey", "Elevation", "'high' is not a valid IfcLengthMeasure"),
        [],
    ),
    "reference_for_a_name": (
        WALL,
        WALL.replace("'South wall'", "#3"),
        ParseWarning(40, "IfcWallStandardCase", "Name", "#3 IfcPersonAndOrganization is not a valid IfcLabel"),
        [r"/\w+ #40/(\w+/)?name", "/get_element #40/attributes/Name"],
    ),
    "real_for_an_integer_timestamp": (
        OWNER_HISTORY,
        OWNER_HISTORY.replace(",1399297334);", ",1.5E99);"),
        ParseWarning(5, "IfcOwnerHistory", "CreationDate", "1.5e+99 is not a valid IfcTimeStamp"),
        [],
    ),
}


@pytest.mark.parametrize("case", list(RECOVERABLE))
def test_a_recoverable_problem_opens_with_one_warning_and_every_untouched_fact_unchanged(
    case: str, house_text: str, tmp_path: Path, clean_index: ModelIndex
) -> None:
    old, new, expected, allowed = RECOVERABLE[case]
    path = write(tmp_path, house_text, old, new)
    model = open_model(path)
    [warning] = model_warnings(model)
    assert (warning.entity_id, warning.ifc_class, warning.attribute) == (
        expected.entity_id,
        expected.ifc_class,
        expected.attribute,
    )
    assert warning.problem.startswith(expected.problem) and warning.problem.endswith("read as unset")
    assert getattr(model.by_id(expected.entity_id), str(expected.attribute)) is None  # read as unset

    index = load_index(path, use_cache=False)
    assert index.data.warnings == [warning]
    changed = differences(facts(clean_index), facts(index))
    assert [path for path in changed if not any(re.fullmatch(pattern, path) for pattern in allowed)] == []
    assert all(any(re.fullmatch(pattern, path) for path in changed) for pattern in allowed)  # the defect shows


MEASURE = "#15=IFCMEASUREWITHUNIT(IFCPLANEANGLEMEASURE(0.0174533),#14);"
UNITS = "#17=IFCUNITASSIGNMENT((#13,#16));"


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (MEASURE, MEASURE.replace("(0.0174533)", "('x')"), "IfcPlaneAngleMeasure('x') is not a valid IfcValue"),
        (
            MEASURE,
            MEASURE.replace("IFCPLANEANGLEMEASURE(0.0174533)", "IFCGLOBALLYUNIQUEID('x')"),
            "IfcGloballyUniqueId('x') is not a valid IfcValue",
        ),
        (MEASURE, MEASURE.replace("IFCPLANEANGLEMEASURE(0.0174533)", "#13"), "#13 IfcSIUnit is not a valid IfcValue"),
        (UNITS, UNITS.replace("(#13,#16)", "(#13,#5)"), "(#13=IfcSIUnit(*,.LENGTHUNIT.,.MILLI.,.METRE.), #5=IfcOwn"),
    ],
    ids=["typed_value_holding_a_string", "typed_value_of_a_type_outside_the_select", "entity_in_a_select_of_values",
         "list_with_one_wrong_reference"],
)  # fmt: skip
def test_a_bad_value_inside_a_select_or_a_list_is_one_warning_and_the_attribute_reads_as_unset(
    old: str, new: str, problem: str, house_text: str, tmp_path: Path
) -> None:
    path = write(tmp_path, house_text, old, new)
    model = open_model(path)
    [warning] = model_warnings(model)
    entity_id = int(old[1:3])
    attribute = "ValueComponent" if old == MEASURE else "Units"
    assert (warning.entity_id, warning.attribute) == (entity_id, attribute)
    assert warning.problem.startswith(problem) and warning.problem.endswith("; read as unset"), warning.problem
    assert getattr(model.by_id(entity_id), attribute) is None
    assert getattr(ifcopenshell.open(str(path)).by_id(entity_id), attribute) is not None  # IfcOpenShell keeps it


def test_an_integer_where_a_real_belongs_is_read_as_the_number_without_a_warning(
    house_text: str, tmp_path: Path
) -> None:
    path = write(tmp_path, house_text, DOOR, DOOR.replace("2200.,", "2200,"))
    model = open_model(path)
    assert model_warnings(model) == []
    assert model.by_id(2441).OverallHeight == 2200


def test_lowercase_hex_in_a_string_escape_reads_the_same_character_as_ifcopenshell(
    house_text: str, tmp_path: Path
) -> None:
    path = write(tmp_path, house_text, WALL, WALL.replace("'South wall'", "'S\\X2\\00e4\\X0\\d wall'"))
    model = open_model(path)
    assert model_warnings(model) == []
    assert model.by_id(40).Name == ifcopenshell.open(str(path)).by_id(40).Name == "Säd wall"


@pytest.mark.parametrize(
    ("escape", "column"),
    [("\\X2\\00ZZ\\X0\\", "Unexpected 'Z'"), ("\\Q\\", "Unexpected 'Q'"), ("\\X\\G", "Unexpected 'G'")],
    ids=["bad_hex", "unknown_directive", "bad_8bit"],
)
def test_a_bad_string_escape_is_a_syntax_error_naming_the_line_and_entity(
    escape: str, column: str, house_text: str, tmp_path: Path
) -> None:
    path = write(tmp_path, house_text, WALL, WALL.replace("'South wall'", f"'South {escape} wall'"))
    with pytest.raises(IfcOpenError) as caught:
        open_model(path)
    line = house_text[: house_text.index(WALL)].count("\n") + 1
    assert str(caught.value).startswith(f"{path}: not a readable IFC (STEP) file: {column}")
    assert f"(line {line}, in #40)" in str(caught.value)


FATAL: dict[str, tuple[str, str, str]] = {
    "wrong_type_in_an_aggregation": (
        SITE_AGGREGATE,
        SITE_AGGREGATE.replace("(#31)", "(#5)"),
        "#32 IfcRelAggregates.RelatedObjects: (#5=IfcOwnerHistory",
    ),
    "wrong_type_placement_of_a_wall": (
        WALL,
        WALL.replace(",#65,", ",#5,"),
        "#40 IfcWallStandardCase.ObjectPlacement: #5 IfcOwnerHistory is not a valid IfcObjectPlacement",
    ),
    "two_entities_with_one_id": (WALL, WALL.replace("#40=", "#5="), "two entities have the step id #5"),
    "dangling_reference_in_containment": (
        WALL,
        WALL.replace("#40=", "#40000="),
        "Instance reference #40 used by instance #41",
    ),
}


@pytest.mark.parametrize("case", list(FATAL))
def test_a_fatal_problem_is_refused_naming_the_entity_and_attribute(case: str, house_text: str, tmp_path: Path) -> None:
    old, new, expected = FATAL[case]
    path = write(tmp_path, house_text, old, new)
    with pytest.raises(CorruptFileError) as caught:
        open_model(path)
    assert str(caught.value).startswith(f"{path}: corrupt IFC file: ")
    assert any(expected in problem for problem in caught.value.problems), caught.value.problems


def test_strict_mode_refuses_a_recoverable_problem_from_the_file_and_from_the_cache(
    house_text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new, _, _ = RECOVERABLE["bad_enum_in_owner_history"]
    path = write(tmp_path, house_text, old, new)
    cache = IndexCache(tmp_path / "cache")
    assert len(load_index(path, cache=cache).data.warnings) == 1  # cached, with its warning
    with pytest.raises(IfcOpenError, match="1 recoverable problem\\(s\\), refused in strict mode: #5 IfcOwnerHistory"):
        open_model(path, strict=True)
    monkeypatch.setenv(STRICT_ENV, "1")
    with pytest.raises(IfcOpenError, match="refused in strict mode"):
        open_model(path)
    with pytest.raises(IfcOpenError, match="refused in strict mode"):
        load_index(path, cache=cache)  # a cache hit does not bypass strict mode
    assert open_model(path, strict=False) is not None


@pytest.mark.parametrize(
    "data",
    ["", "#1=IFCPROPERTYSINGLEVALUE('A',$,IFCLABEL('x'),$);\n"],
    ids=["empty_data_section", "one_property_no_project"],
)
def test_a_file_without_a_project_indexes_as_an_empty_model(
    data: str, house_text: str, tmp_path: Path, index_of: Callable[[str], ModelIndex]
) -> None:
    head = house_text[: house_text.index("DATA;")]
    path = tmp_path / "bare.ifc"
    path.write_text(f"{head}DATA;\n{data}ENDSEC;\nEND-ISO-10303-21;\n")
    index = load_index(path, use_cache=False)  # raised IndexError in the unit lookup before
    assert index.data.project is None and index.units == {} and index.data.warnings == []
    summary = call_tool(index, "model_summary", {})
    assert summary["counts"] == {} and summary["storeys"] == []


def test_every_shared_model_opens_without_a_warning(shared_ifc: Path) -> None:
    for path in sorted(shared_ifc.glob("*.ifc")):
        assert model_warnings(open_model(path, strict=True)) == [], path.name


def test_a_known_clean_hash_skips_the_value_check_only_for_the_same_bytes(
    house_text: str, tmp_path: Path, shared_ifc: Path
) -> None:
    """``known_clean`` (the MCQ verifiers' open of a file its index found clean) names content, not a path: once
    the file holds other bytes, its values are checked again and the bad one is unset with its warning."""
    clean = shared_ifc / HOUSE
    clean_sha = file_sha256(clean)
    model = open_model(clean, known_clean=clean_sha)
    assert model_warnings(model) == [] and model.by_id(2441).OverallHeight == 2200.0

    old, new, expected, _ = RECOVERABLE["string_for_a_length"]
    path = write(tmp_path, house_text, old, new)  # the file edited since its index was built
    edited = open_model(path, known_clean=clean_sha)
    [warning] = model_warnings(edited)
    assert (warning.entity_id, warning.attribute) == (expected.entity_id, expected.attribute)
    assert edited.by_id(2441).OverallHeight is None
