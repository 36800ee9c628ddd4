"""IFC-MCQ on edited exports (issue 21): shared or empty GlobalIds, names shared with LongNames, name patterns.

- Elements whose GlobalId is shared or empty are counted in every count but never named by GlobalId: no
  item's provenance names them, the verifier refuses a shared GlobalId, and nothing is rejected.
- A Name is unique only when no other element has it as Name, LongName or "Name LongName" (a light named
  after a room's LongName, a door named like a room's label), in the generator and the verifier alike.
- Options of instances of a type and of bounded spaces never single the keys out by a name pattern (Revit's
  "Family:Type:Id"): the odd-one-out guesser finds no key set on a Revit-style sample.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.index import IndexCache, load_index
from ifcqa.mcq.generate._api import GenContext, alike_first
from ifcqa.mcq.items import FileEntry, GeneratorInfo, Item, Option
from ifcqa.mcq.pipeline import generate_for_file, judge, not_by_guid
from ifcqa.mcq.quality import unleaked
from ifcqa.mcq.text import quote
from ifcqa.mcq.textonly import leak_reason, pattern_exposed, pattern_groups, pattern_guess, pattern_leak
from ifcqa.mcq.verify._api import VerificationError, entity, name_count
from ifcqa.sample import write_sample_model

_GUID_KEYS = ("elements", "storey", "type", "host")


@dataclass
class Run:
    path: Path
    model: ifcopenshell.file
    items: list[Item]
    entry: FileEntry


def _generate(path: Path, categories: list[str] | None = None) -> Run:
    items, entry = generate_for_file(
        path, cap=1000, categories=categories, cache=IndexCache(path.parent / "cache"), max_per_answer=None
    )
    return Run(path, ifcopenshell.open(str(path)), items, entry)


def _referenced(item: Item) -> list[str]:
    refs: list[str] = []
    for key in _GUID_KEYS:
        value = item.provenance.get(key)
        refs.extend(value if isinstance(value, list) else [value] if value is not None else [])
    return refs + list(item.provenance.get("option_elements", {}).values())


# -- shared and empty GlobalIds ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def copied(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, str]:
    path = write_sample_model(tmp_path_factory.mktemp("copied") / "copied.ifc", storeys=2, rooms_per_storey=3)
    model = ifcopenshell.open(str(path))
    walls = sorted((w for w in model.by_type("IfcWall") if w.Name.startswith("Wall L0")), key=lambda w: w.Name)
    walls[1].GlobalId = walls[2].GlobalId = walls[0].GlobalId
    sorted(model.by_type("IfcWindow"), key=lambda w: w.Name)[0].GlobalId = ""
    sorted(model.by_type("IfcDoor"), key=lambda d: d.Name)[0].GlobalId = ""
    model.write(str(path))
    return _generate(path), walls[0].GlobalId


def test_no_item_names_an_element_by_a_shared_or_empty_globalid_and_none_is_rejected(
    copied: tuple[Run, str],
) -> None:
    run, shared = copied
    assert run.items
    assert run.entry.rejections == []
    named = [i.id for i in run.items if shared in _referenced(i) or "" in _referenced(i)]
    assert named == []
    assert all(quote(shared) not in i.question for i in run.items)


def test_counts_include_the_copies(copied: tuple[Run, str]) -> None:
    run, _ = copied
    lower = next(s for s in run.model.by_type("IfcBuildingStorey") if s.Name == "Level 0")
    walls = [w for w in run.model.by_type("IfcWall") if (c := element_util.get_container(w)) and c.id() == lower.id()]
    asked = [
        i for i in run.items
        if i.subtype == "quantitative.count.by_class_on_storey" and i.provenance.get("ifc_class") == "IfcWall"
        and i.provenance.get("storey") == lower.GlobalId
    ]
    assert asked, "no wall count on Level 0"
    assert {i.option_text(i.answer[0]) for i in asked} == {str(len(walls))}


def test_the_verifier_refuses_a_shared_globalid_and_the_pipeline_skips_it(copied: tuple[Run, str]) -> None:
    run, shared = copied
    with pytest.raises(VerificationError, match=r"shared by 3 entities \(#\d+ IfcWall, #\d+ IfcWall, #\d+ IfcWall\)"):
        entity(run.model, shared)
    kept = next(i for i in run.items if i.provenance.get("elements"))
    forged = kept.model_copy(update={"provenance": {**kept.provenance, "elements": [shared]}})
    assert not_by_guid(load_index(run.path, cache=IndexCache(run.path.parent / "cache")), forged)
    reason = judge(run.model, forged)
    assert reason is not None and "shared by 3 entities" in reason


# -- names: Name, LongName and "Name LongName" together -----------------------------------------------------


@pytest.fixture(scope="module")
def named_alike(tmp_path_factory: pytest.TempPathFactory) -> Run:
    path = write_sample_model(tmp_path_factory.mktemp("alike") / "alike.ifc", storeys=2, rooms_per_storey=3)
    model = ifcopenshell.open(str(path))
    light = sorted(model.by_type("IfcLightFixture"), key=lambda e: e.Name)[0]
    light.Name = "Kitchenette"  # the LongName of the space 'Kitchen 1.03'
    door = sorted(model.by_type("IfcDoor"), key=lambda e: e.Name)[0]
    door.Name = "Meeting 0.02 Meeting room"  # how the space 'Meeting 0.02' (LongName 'Meeting room') reads
    model.write(str(path))
    return _generate(path)


def test_a_name_another_element_has_as_longname_or_label_is_not_unique(named_alike: Run) -> None:
    index = load_index(named_alike.path, cache=IndexCache(named_alike.path.parent / "cache"))
    ctx = GenContext(index, random.Random(0))
    by_name = {e.name: e for e in index.elements() if e.name}
    assert ctx.unique_name(by_name["Kitchenette"]) is None
    assert ctx.unique_name(by_name["Kitchen 1.03"]) == "Kitchen 1.03"  # its label "Kitchen 1.03 Kitchenette" is
    assert ctx.unique_name(by_name["Meeting 0.02 Meeting room"]) is None
    assert ctx.unique_name(by_name["Meeting 0.02"]) is None  # reads as the door's Name
    assert name_count(named_alike.model, "Kitchenette") == 2
    assert name_count(named_alike.model, "meeting 0.02 meeting room") == 2
    assert name_count(named_alike.model, "Kitchen 1.03 Kitchenette") == 1


def test_no_item_names_an_element_whose_name_is_another_ones_longname(named_alike: Run) -> None:
    assert named_alike.items
    assert named_alike.entry.rejections == []
    for text in ("'Kitchenette'", "'Meeting 0.02 Meeting room'", "'Meeting 0.02'"):
        assert [i.question for i in named_alike.items if text in i.question] == []
    assert any("'Kitchen 1.03 Kitchenette'" in i.question for i in named_alike.items)


# -- name patterns --------------------------------------------------------------------------------------------


def _item(subtype: str, texts: list[str], answer: list[str], guids: list[str] | None = None) -> Item:
    labels = "ABCDE"[: len(texts)]
    return Item(
        id=f"t-{subtype}-{len(texts)}",
        source_file="f.ifc",
        source_sha256="0" * 64,
        group="relational",
        category=subtype.rsplit(".", 1)[0],
        subtype=subtype,
        question_type="multi",
        question="Which of the following elements are instances of the IfcWindowType with GlobalId '2O2Fr$t4X7Zf8NOew3"
        "FLOH'?",
        options=[Option(label=label, text=text) for label, text in zip(labels, texts, strict=True)],
        answer=answer,
        provenance={"elements": [], "option_elements": dict(zip(texts, guids or [], strict=False))},
        generator=GeneratorInfo(name="test", version=1),
    )


REVIT = [
    "M_Fixed:750mm x 2200mm:750mm x 2200mm:147051",
    "M_Casement:819mm x 759mm:819mm x 759mm:149736",
    "M_Fixed:750mm x 2200mm:750mm x 2200mm:182101",
    "M_Skylight:1180 x 1170mm:1180 x 1170mm:185337",
]


def test_revit_instances_of_one_type_give_themselves_away_until_shown_by_globalid() -> None:
    guids = ["1hOSvn6df7F8_7GcBWlRRL", "1hOSvn6df7F8_7GcBWlSga", "1l0GAJtRTFv8$zmKJOH4ZZ", "1hOSvn6df7F8_7GcBWlR72"]
    item = _item("relational.type.instances_of_type", REVIT, ["A", "C"], guids)
    assert pattern_guess(item) == ["A", "C"]
    assert pattern_leak(item) == leak_reason(item) == "the options' name pattern gives the key away"
    fixed = unleaked(item, lambda guid: None, lambda i: i.id + "-g")
    assert fixed is not None and [o.text for o in fixed.options] == guids
    assert pattern_exposed(fixed) is False and leak_reason(fixed) is None


def test_rooms_of_one_block_are_a_pattern_and_alike_distractors_hide_it() -> None:
    rooms = ["A204 Bathroom 2", "A203 Bedroom 2", "B201 Hallway", "B202 Bedroom 1", "B203 Bedroom 2"]
    assert ["A", "B"] in pattern_groups([(label, text) for label, text in zip("ABCDE", rooms, strict=True)])
    item = _item("relational.boundaries.spaces_bounded_by_element", rooms, ["A", "B"])
    assert pattern_leak(item) is not None
    others = ["B201 Hallway", "A202 Kitchen", "B202 Bedroom 1", "A201 Hallway"]
    assert alike_first(rooms[:2], others, str)[:2] == ["A202 Kitchen", "A201 Hallway"]
    drawn = _item("relational.boundaries.spaces_bounded_by_element", [*rooms[:2], "A202 Kitchen", "A201 Hallway"],
                  ["A", "B"])
    assert pattern_leak(drawn) is None


def test_doors_among_windows_are_no_pattern_leak_outside_the_sibling_subtypes() -> None:
    texts = ["Door L0-01", "Window L0-02", "Door L1-01", "Window L1-03"]
    item = _item("relational.openings.fillings_of_host", texts, ["B", "D"])
    assert pattern_exposed(item) and pattern_leak(item) is None


@pytest.fixture(scope="module")
def revit_style(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The sample with Revit's instance names: "<type>:<type>:<step id>" for every typed element."""
    path = write_sample_model(tmp_path_factory.mktemp("revit") / "revit.ifc", storeys=2, rooms_per_storey=4)
    model = ifcopenshell.open(str(path))
    for element in model.by_type("IfcElement"):
        kind = element_util.get_type(element)
        if kind is not None and not element.is_a("IfcOpeningElement"):
            element.Name = f"{kind.Name}:{kind.Name}:{element.id()}"
    model.write(str(path))
    return _generate(path, ["relational.type", "relational.boundaries"])


def test_no_key_set_stands_out_by_its_name_pattern_on_a_revit_style_model(revit_style: Run) -> None:
    asked = [i for i in revit_style.items if i.subtype == "relational.type.instances_of_type"]
    assert len(asked) >= 3
    assert revit_style.entry.rejections == []
    assert [i.question for i in revit_style.items if pattern_exposed(i)] == []
    guessed = sum(sorted(pattern_guess(i) or []) == sorted(i.answer) for i in asked)
    assert guessed == 0, [i.options for i in asked]
