"""Benchmarks that cannot be gamed (issue 12): leaks, near-duplicates, traps, defective values, model paths.

The leak check and the text-only guesser are tried on hand-made leaking items (realistic ones from
Revit-style names, and one per subtype); the pipeline on a sample building whose names were made to
carry their answers, with a contradicting predefined type, a quantity named twice in one set and two
names that differ only in case. Keys of everything kept are still checked by the verifiers.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

import ifcopenshell
import ifcopenshell.api
import ifcopenshell.util.element as element_util
import pytest

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.diagnostics import ParseWarning, unnamed_set_name
from ifcqa.index import IndexCache
from ifcqa.mcq import pipeline
from ifcqa.mcq.benchfile import manifest_path, read_items, relative_source, resolve_source
from ifcqa.mcq.items import LABELS, FileEntry, GeneratorInfo, Item, Option, QuestionType
from ifcqa.mcq.pipeline import generate_for_file, judge
from ifcqa.mcq.quality import MAX_PER_ANSWER, DuplicateGuard, answer_signature, duplication, option_signature
from ifcqa.mcq.runner import RunSettings, generate_bench, verify_bench
from ifcqa.mcq.screen import CONTRADICTION, DUPLICATE_QUANTITY, RECOVERABLE_DEFECT, screen
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.mcq.text import NO, YES, quote, set_reference
from ifcqa.mcq.textonly import guess_item, leak_reason, text_only_labels
from ifcqa.mcq.verify._api import get_sets
from ifcqa.sample import write_sample_model


def make_item(
    subtype: str, question: str, texts: list[str], answer: list[str], question_type: QuestionType = "single"
) -> Item:
    return Item(
        id="t-" + hashlib.sha256(repr((question, texts)).encode()).hexdigest()[:8],  # not hash(): salted per process
        source_file="f.ifc",
        source_sha256="0" * 64,
        group="g",
        category=subtype.rsplit(".", 1)[0],
        subtype=subtype,
        question_type=question_type,
        question=question,
        options=[Option(label=LABELS[i], text=t) for i, t in enumerate(texts)],
        answer=answer,
        generator=GeneratorInfo(name="test", version=1),
    )


# -- the guesser and the leak check on hand-made items -------------------------------------------------

# The cases: Revit names carry the class, the type and the tag; a door named after its level.
LEAKING = {
    "direct.class.of_named_element": make_item(
        "direct.class.of_named_element",
        "What is the exact IFC class (entity type) of the element named 'Basic Wall:Generic - 200mm:348522'?",
        ["IfcWallStandardCase", "IfcSite", "IfcBuildingStorey", "IfcDoor"],
        ["A"],
    ),
    "relational.type.type_of_element": make_item(
        "relational.type.type_of_element",
        "Which type object defines the IfcWindow 'M_Fixed:1220 x 1500:348901'?",
        ["0915 x 2134mm", "1220 x 1500", "1800 x 1200", "0610 x 1830"],
        ["B"],
    ),
    "direct.attribute.description_or_tag": make_item(
        "direct.attribute.description_or_tag",
        "What is the Tag attribute of the IfcDoor 'M_Single-Flush:0915 x 2134mm:181096'?",
        ["180234", "181096", "190977"],
        ["B"],
    ),
    "relational.spatial.storey_of_element": make_item(
        "relational.spatial.storey_of_element",
        "On which building storey (IfcBuildingStorey) is the IfcDoor 'Level 2 Door 03'?",
        ["Level 1", "Level 3", "Level 2"],
        ["C"],
    ),
    "direct.class.elements_of_class": make_item(
        "direct.class.elements_of_class",
        "Which of the following elements are of IFC class IfcWall (instances of its subclasses count too)?",
        ["Basic Wall:Exterior:1", "M_Single-Flush:2", "Basic Wall:Interior:3", "M_Fixed:4"],
        ["A", "C"],
        "multi",
    ),
    "relational.material.of_element": make_item(
        "relational.material.of_element",
        "Which material is the IfcSlab 'Floor:Concrete 250:99' made of?",
        ["Timber", "Concrete", "Steel"],
        ["B"],
    ),
}


@pytest.mark.parametrize("subtype", sorted(LEAKING))
def test_the_text_only_guesser_answers_the_known_leaking_items_and_the_leak_check_flags_them(subtype: str) -> None:
    item = LEAKING[subtype]
    guessed = guess_item(item)
    assert guessed.signal and sorted(guessed.labels) == item.answer
    assert leak_reason(item) is not None


@pytest.mark.parametrize("subtype", sorted(LEAKING))
def test_asked_by_global_id_the_same_items_do_not_leak(subtype: str) -> None:
    item = LEAKING[subtype]
    by_id = item
    if "'" in item.question:
        name = item.question.split("'")[1]
        question = item.question.replace(quote(name), "with GlobalId '2O2Fr$t4X7Zf8NOew3FLOH'")
        by_id = item.model_copy(update={"question": question})
    if subtype == "direct.class.elements_of_class":  # the options carry the names: they show GlobalIds instead
        guids = ["1kTvXnbbzCWw8lcMd1dR4o", "0DWgwt6o1FOx7466fPk$jl", "3cUkl32yn9qRSPvBJVyWYp", "0jf0rYHfX3RAB3bSIRjmoa"]
        options = [Option(label=o.label, text=g) for o, g in zip(by_id.options, guids, strict=True)]
        by_id = by_id.model_copy(update={"options": options})
    assert leak_reason(by_id) is None
    assert not guess_item(by_id).signal


def _one_per_subtype(code: str) -> Item:
    """A hand-made leaking item of subtype ``code``: its key's text is in the question (Yes/No items aside)."""
    kind = SUBTYPES[code].question_type
    if kind == "boolean":
        return make_item(code, "Is it so for the IfcWall 'Yes Wall'?", [YES, NO], ["A"], "boolean")
    texts = ["Alpha Unit 7", "Beta Block 9", "Gamma Part 3", "Delta Piece 5"]
    if kind == "multi":
        question = "Which of these belong to 'Alpha Unit 7' and 'Gamma Part 3'?"
        return make_item(code, question, texts, ["A", "C"], "multi")
    return make_item(code, "What is asked about the element named 'Gamma Part 3 east'?", texts, ["C"])


@pytest.mark.parametrize("code", sorted(SUBTYPES))
def test_every_subtype_key_in_the_question_is_a_leak_and_the_guesser_finds_it(code: str) -> None:
    item = _one_per_subtype(code)
    if item.question_type == "boolean":
        assert leak_reason(item) is None  # Yes/No carry no text to match
        return
    assert leak_reason(item) is not None
    assert sorted(text_only_labels(item)) == item.answer
    shuffled = item.model_copy(
        update={"question": "What is asked about the element with GlobalId '1kTvXnbbzCWw8lcMd1dR4o'?"}
    )
    assert leak_reason(shuffled) is None


def test_a_name_in_both_question_and_options_on_both_sides_is_no_leak() -> None:
    question = "Which is longer: the IfcWall 'Wall A' or the IfcWall 'Wall B'?"
    item = make_item("quantitative.compare.pair", question, ["Wall A", "Wall B", "They are equal"], ["B"])
    assert leak_reason(item) is None


def test_without_overlap_the_guesser_scores_like_random() -> None:
    rng = random.Random(3)
    items = []
    for n in range(600):
        labels = list(LABELS[:4])
        items.append(
            make_item(
                "x.y.z",
                f"Question {n} about GlobalId '1kTvXnbbzCWw8lcMd1dR4o'?",
                [f"v{i}" for i in range(4)],
                [rng.choice(labels)],
            )
        )
    accuracy = sum(text_only_labels(i) == i.answer for i in items) / len(items)
    assert 0.19 < accuracy < 0.31  # chance is 25%; deterministic per item id


def test_the_text_only_agent_is_registered_and_deterministic() -> None:
    from ifcqa.agents.base import AgentConfig, get_agents, make_agent

    assert "text-only" in get_agents()
    agent = make_agent("text-only", AgentConfig())
    item = LEAKING["relational.type.type_of_element"]
    first = agent.answer(item, None)  # type: ignore[arg-type]  # it never reads the env
    assert first.selected == ["B"] and agent.answer(item, None).selected == first.selected  # type: ignore[arg-type]


# -- the pipeline on a leaky, contradictory sample ------------------------------------------------------


@dataclass
class Leaky:
    path: Path
    items: list[Item]
    entry: FileEntry
    model: ifcopenshell.file


def _leaky_model(path: Path) -> Path:
    write_sample_model(path, storeys=2, rooms_per_storey=4, seed=0)
    model = ifcopenshell.open(str(path))
    for element in [*model.by_type("IfcWall"), *model.by_type("IfcWindow")]:  # Revit style: "<type>:<name>"
        element_type = element_util.get_type(element)
        if element_type is not None:
            element.Name = f"{element_type.Name}:{element.Name}"
    doors = sorted(model.by_type("IfcDoor"), key=lambda d: d.Name)
    doors[0].Name, doors[1].Name = "h1", "H1"  # unique only when case is ignored: not unique
    slab = next(s for s in model.by_type("IfcSlab") if s.Name == "Slab L0")  # own BASESLAB
    slab_type = ifcopenshell.api.run("root.create_entity", model, ifc_class="IfcSlabType", name="ST-Floor")
    slab_type.PredefinedType = "FLOOR"
    ifcopenshell.api.run("type.assign_type", model, related_objects=[slab], relating_type=slab_type)
    slab.PredefinedType = "BASESLAB"  # the API clears it; the file says BASESLAB here and FLOOR on the type
    wall = next(w for w in model.by_type("IfcWall") if w.Name.endswith("Wall L0-01"))
    qto = next(d for d in element_util.get_psets(wall, qtos_only=True, verbose=True).values())
    quantities = model.by_id(qto["id"])
    twice = model.createIfcQuantityArea("NetSideArea", None, None, 77000000.0)
    quantities.Quantities = [*quantities.Quantities, twice]
    model.write(str(path))
    return path


@pytest.fixture(scope="module")
def leaky(tmp_path_factory: pytest.TempPathFactory) -> Leaky:
    folder = tmp_path_factory.mktemp("leaky")
    path = _leaky_model(folder / "leaky.ifc")
    items, entry = generate_for_file(path, cap=1000, cache=IndexCache(folder / "cache"))
    return Leaky(path, items, entry, ifcopenshell.open(str(path)))


def test_no_kept_item_leaks_and_none_is_rejected(leaky: Leaky) -> None:
    assert leaky.items
    assert [i.id for i in leaky.items if leak_reason(i) is not None] == []
    assert leaky.entry.rejections == []


def test_elements_whose_names_carry_the_answer_are_asked_by_global_id(leaky: Leaky) -> None:
    typed = [i for i in leaky.items if i.subtype == "relational.type.type_of_element"]
    assert typed
    for item in typed:
        key = item.option_text(item.answer[0])
        assert key.casefold() not in item.question.casefold()
    assert any("with GlobalId" in i.question for i in typed)


def test_class_distractors_are_of_the_same_kind(leaky: Leaky) -> None:
    spatial = {"IfcSite", "IfcBuilding", "IfcBuildingStorey", "IfcSpace"}
    for item in (i for i in leaky.items if i.subtype == "direct.class.of_named_element"):
        texts = {o.text for o in item.options}
        key = item.option_text(item.answer[0])
        if key not in spatial:
            assert not texts & spatial, item.question


def test_type_names_in_options_are_unique_case_insensitively(leaky: Leaky) -> None:
    names = [t.Name.casefold() for t in leaky.model.by_type("IfcTypeObject") if t.Name]
    for item in (i for i in leaky.items if i.subtype == "relational.type.type_of_element"):
        for option in item.options:
            assert names.count(option.text.casefold()) == 1, option.text


def test_names_unique_only_when_case_is_ignored_are_never_used(leaky: Leaky) -> None:
    for item in leaky.items:
        assert "'h1'" not in item.question and "'H1'" not in item.question
        if item.subtype != "direct.attribute.name_of_guid":  # there a name is an answer, not an identifier
            assert not {o.text for o in item.options} & {"h1", "H1"}, item.subtype


def test_a_contradicting_predefined_type_is_skipped_and_the_verifier_agrees(leaky: Leaky) -> None:
    counts = leaky.entry.counts["direct.attribute.object_type_or_predefined"]
    assert counts.skipped.get(CONTRADICTION, 0) >= 1
    slab = next(s for s in leaky.model.by_type("IfcSlab") if s.Name == "Slab L0")
    asked = [i for i in leaky.items if slab.GlobalId in i.provenance.get("elements", [])]
    assert not [i for i in asked if i.provenance.get("attribute") == "PredefinedType"]
    item = make_item(
        "direct.attribute.object_type_or_predefined",
        "What is the predefined type (PredefinedType) of the IfcSlab 'Slab L0'?",
        ["FLOOR", "BASESLAB", "ROOF"],
        ["A"],
    ).model_copy(update={"provenance": {"elements": [slab.GlobalId], "attribute": "PredefinedType"}})
    assert judge(leaky.model, item) == f"screen: {CONTRADICTION}"


def test_a_quantity_named_twice_in_its_set_is_skipped_and_the_verifier_agrees(leaky: Leaky) -> None:
    wall = next(w for w in leaky.model.by_type("IfcWall") if w.Name.endswith("Wall L0-01"))
    skipped = sum(c.skipped.get(DUPLICATE_QUANTITY, 0) for c in leaky.entry.counts.values())
    assert skipped >= 1
    for item in leaky.items:
        if item.provenance.get("quantity") == "NetSideArea":
            assert screen(leaky.model, item) is None
            assert wall.GlobalId not in item.provenance.get("elements", [])
    qto = next(iter(element_util.get_psets(wall, qtos_only=True)))
    item = make_item(
        "quantitative.quantity.value",
        "What is the NetSideArea of it?",
        ["77000000 m²", "1 m²", "2 m²"],
        ["A"],
    ).model_copy(update={"provenance": {"elements": [wall.GlobalId], "qto": qto, "quantity": "NetSideArea"}})
    assert judge(leaky.model, item) == f"screen: {DUPLICATE_QUANTITY}"


def test_spaces_read_as_number_and_long_name(leaky: Leaky) -> None:
    texts = [i.question for i in leaky.items] + [o.text for i in leaky.items for o in i.options]
    assert any("Office 0.03 Open-plan office" in text for text in texts)


def test_at_most_two_items_per_subtype_and_answer_and_per_option_set(leaky: Leaky) -> None:
    signatures: dict[tuple[str, ...], int] = {}
    option_sets: dict[object, int] = {}
    for item in leaky.items:
        signatures[answer_signature(item)] = signatures.get(answer_signature(item), 0) + 1
        if item.question_type != "boolean":
            option_sets[option_signature(item)] = option_sets.get(option_signature(item), 0) + 1
    assert max(signatures.values()) <= MAX_PER_ANSWER
    assert max(option_sets.values()) <= MAX_PER_ANSWER
    skipped = sum(c.skipped.get("duplicate_answer", 0) for c in leaky.entry.counts.values())
    assert skipped > 0  # the sample has many walls of one type: the cap did bite


def test_the_duplicate_guard_and_the_duplication_figure() -> None:
    guard = DuplicateGuard(max_per_answer=2)
    items = [
        make_item(
            "relational.type.type_of_element", f"Which type defines element {n}?", ["T1", f"U{n}", f"V{n}"], ["A"]
        )
        for n in range(4)
    ]
    kept = []
    for item in items:
        if guard.reason(item) is None:
            guard.keep(item)
            kept.append(item)
    assert len(kept) == 2 and guard.reason(items[3]) == "duplicate_answer"
    same_options = items[0].model_copy(update={"question": "Reworded?", "answer": ["B"]})
    assert guard.reason(same_options) is None  # one earlier item with these options: allowed
    guard.keep(same_options)
    again = items[0].model_copy(update={"question": "Reworded again?", "answer": ["C"]})
    assert guard.reason(again) == "same_options"  # a third one is not
    other = make_item("direct.class.of_named_element", "Class?", ["IfcWall", "IfcSlab", "IfcBeam"], ["A"])
    assert duplication([*items, other]) == {
        "direct.class.of_named_element": 0.0,
        "relational.type.type_of_element": 1.0,
    }


# -- values with a recoverable parse problem ----------------------------------------------------------------


def test_items_touching_a_warned_entity_are_skipped_and_verify_refuses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=2, rooms_per_storey=4, seed=0)
    model = ifcopenshell.open(str(path))
    door = next(d for d in model.by_type("IfcDoor") if d.Name == "Door L0-01")
    load = pipeline.load_index

    def with_warning(*args: object, **kwargs: object) -> object:
        index = load(*args, **kwargs)  # type: ignore[arg-type]
        index.data.warnings = [ParseWarning(door.id(), "IfcDoor", "OperationType", "invalid enumeration literal")]
        return index

    monkeypatch.setattr(pipeline, "load_index", with_warning)
    items, entry = generate_for_file(path, cap=1000, cache=IndexCache(tmp_path / "cache"))
    assert entry.warnings and entry.warnings[0]["entity_id"] == door.id()
    assert sum(c.skipped.get(RECOVERABLE_DEFECT, 0) for c in entry.counts.values()) >= 1
    touching = [i for i in items if door.GlobalId in i.provenance.get("elements", [])]
    touching += [i for i in items if door.GlobalId in i.provenance.get("option_elements", {}).values()]
    assert touching == []
    monkeypatch.setattr(pipeline, "load_index", load)
    clean, _ = generate_for_file(path, cap=1000, cache=IndexCache(tmp_path / "cache"))
    about_door = [i for i in clean if door.GlobalId in i.provenance.get("elements", [])]
    assert about_door
    assert judge(model, about_door[0]) is None
    assert judge(model, about_door[0], frozenset({door.id()})) == f"screen: {RECOVERABLE_DEFECT}"


def test_verify_reads_the_warnings_from_the_manifest(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=1, rooms_per_storey=2, seed=0)
    bench = tmp_path / "BENCH.jsonl"
    settings = RunSettings(categories=("direct.attribute",), cap=5, cache_dir=tmp_path / "cache")
    generate_bench([path], bench, settings, jobs=1)
    assert verify_bench(bench).ok
    items = read_items(bench)
    model = ifcopenshell.open(str(path))
    subject = model.by_guid(items[0].provenance["elements"][0])
    manifest = json.loads(manifest_path(bench).read_text())
    manifest["files"][0]["warnings"] = [ParseWarning(subject.id(), subject.is_a(), "Name", "bad").to_json()]
    manifest_path(bench).write_text(json.dumps(manifest))
    report = verify_bench(bench)
    assert [f.reason for f in report.failures if f.item_id == items[0].id] == [f"screen: {RECOVERABLE_DEFECT}"]


# -- unnamed sets -----------------------------------------------------------------------------------------------


def test_the_verifier_reads_an_unnamed_quantity_set_under_its_placeholder(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "s.ifc", storeys=1, rooms_per_storey=2, seed=0)
    model = ifcopenshell.open(str(path))
    wall = next(w for w in model.by_type("IfcWall") if w.Name == "Wall L0-01")
    definition = model.by_id(element_util.get_psets(wall, qtos_only=True)["Qto_WallBaseQuantities"]["id"])
    definition.Name = None
    placeholder = unnamed_set_name(definition.id())
    sets = get_sets(wall, qtos_only=True)
    assert sets[placeholder]["Length"]["value"] == pytest.approx(10.3)
    question = f"What is the Length ({set_reference('quantity set', placeholder)}) of the IfcWall 'Wall L0-01'?"
    assert "gives this quantity set no name" in question and f"#{definition.id()} is its step id" in question
    item = make_item("quantitative.quantity.value", question, ["12.9 m", "10.3 m", "9 m"], ["B"]).model_copy(
        update={"provenance": {"elements": [wall.GlobalId], "qto": placeholder, "quantity": "Length"}}
    )
    assert judge(model, item) is None


# -- where a benchmark's models are --------------------------------------------------------------------------


def test_source_files_are_relative_to_the_benchmark_and_resolved_next_to_it_first(tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    model = write_sample_model(models / "s.ifc", storeys=1, rooms_per_storey=2, seed=0)
    bench = tmp_path / "out" / "BENCH.jsonl"
    bench.parent.mkdir()
    assert relative_source(model, bench) == "../models/s.ifc"
    assert resolve_source("../models/s.ifc", bench).resolve() == model.resolve()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(model, elsewhere / "s.ifc")
    moved = tmp_path / "a" / "b" / "BENCH.jsonl"
    assert resolve_source("../models/s.ifc", moved, elsewhere) == elsewhere / "s.ifc"
    with pytest.raises(IfcOpenError, match=r"no such file.*looked at: .*a/b/\.\./models/s\.ifc, .*gone/s\.ifc"):
        resolve_source("../models/s.ifc", moved, tmp_path / "gone")


def test_option_texts_state_units_by_one_symbol() -> None:
    from ifcqa.ifc.units import get_unit_symbol

    model = ifcopenshell.file(schema="IFC4")
    symbols = [
        get_unit_symbol(model.createIfcSIUnit(None, "POWERUNIT", prefix, name))
        for prefix, name in [(None, "WATT"), ("KILO", "WATT"), (None, "LUMEN"), ("MILLI", "METRE")]
    ]
    assert symbols == ["W", "kW", "lm", "mm"]
