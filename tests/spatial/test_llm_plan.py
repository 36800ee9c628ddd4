"""The LLM planner through a real chat-completions server on loopback (the scripted model): the same typed plan,
validated against the model and checked against the question, with the rules as the fallback."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import ifcopenshell
import ifcopenshell.api.aggregate
import ifcopenshell.api.owner
import ifcopenshell.api.project
import ifcopenshell.api.pset
import ifcopenshell.api.root
import ifcopenshell.api.spatial
import ifcopenshell.api.unit
import ifcopenshell.util.element as element_util
import pytest
from room_model import build_room_model
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.llm.client import ChatClient
from ifcqa.llm.scripted import ScriptedServer, unused_port_url
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.llm_plan import LLMPlanner
from ifcqa.spatial.llm_schema import FILLED, NOT_FILLED, SCALARS, plan_schema
from ifcqa.spatial.pipeline import ANSWER_KEYS
from ifcqa.spatial.plan import Plan

DUPLEX = "Duplex_A_20110907.ifc"
Step = dict[str, Any]


def storey_of(product: ifcopenshell.entity_instance) -> str | None:
    """The name of the storey a product is contained in, directly or through a space (plain IfcOpenShell)."""
    container = element_util.get_container(product)
    while container is not None and not container.is_a("IfcBuildingStorey"):
        container = element_util.get_aggregate(container)
    return container.Name if container is not None else None


def external_doors(model: ifcopenshell.file, storey: str) -> set[str]:
    return {d.GlobalId for d in model.by_type("IfcDoor") if storey_of(d) == storey
            and element_util.get_psets(d).get("Pset_DoorCommon", {}).get("IsExternal") is True}


def planner_script(plans: list[Step]) -> Callable[[dict[str, Any]], Step | None]:
    """Plan requests get the next step; answer-writing requests are refused (the templated answer stays)."""
    steps: Iterator[Step] = iter(plans)

    def step(request: dict[str, Any]) -> Step | None:
        if request["messages"][0]["content"].startswith("You answer a question"):
            return {"status": 400, "body": "this test keeps the templated answer"}
        return next(steps, None)

    return step


def plan_requests(server: ScriptedServer) -> list[dict[str, Any]]:
    return [r for r in server.requests if not r["messages"][0]["content"].startswith("You answer a question")]


def ask(index: ModelIndex, url: str, question: str) -> dict[str, Any]:
    client = ChatClient("scripted", base_url=url, max_retries=0, timeout_s=30)
    return SpatialQA(index, use_graph=False, embedder=None, planner=LLMPlanner(index, client)).ask(question)


def reply(plan: dict[str, Any]) -> Step:
    return {"content": json.dumps(plan)}


EXTERNAL_DOORS_L1 = {"intent": "list", "storeys": ["Level 1"], "classes": ["door"],
                     "qualifiers": [{"path": "Pset_DoorCommon.IsExternal", "op": "=", "value": True}]}


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModelIndex, ifcopenshell.file]:
    folder = tmp_path_factory.mktemp("llm-rooms")
    model = build_room_model()
    model.write(str(folder / "rooms.ifc"))
    return load_index(folder / "rooms.ifc", cache=IndexCache(folder / "cache")), model


def two_storey_ifc2x3(folder: Path) -> Path:
    """An IFC2X3 house: storeys 'Ground' and 'Upper', two walls below (one external), one above."""
    model = ifcopenshell.api.project.create_file(version="IFC2X3")
    api = ifcopenshell.api
    person = api.owner.add_person(model, "t", "T", "Tester")  # IFC2X3: an owner history on every rooted entity
    organisation = api.owner.add_organisation(model, "T", "test")
    api.owner.add_person_and_organisation(model, person=person, organisation=organisation)
    api.owner.add_application(model, application_full_name="test", application_identifier="test")
    project = api.root.create_entity(model, ifc_class="IfcProject", name="P")
    api.unit.assign_unit(model, units=[api.unit.add_si_unit(model, unit_type="LENGTHUNIT")])
    site = api.root.create_entity(model, ifc_class="IfcSite", name="Site")
    building = api.root.create_entity(model, ifc_class="IfcBuilding", name="B")
    api.aggregate.assign_object(model, products=[site], relating_object=project)
    api.aggregate.assign_object(model, products=[building], relating_object=site)
    ground = api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Ground")
    upper = api.root.create_entity(model, ifc_class="IfcBuildingStorey", name="Upper")
    ground.Elevation, upper.Elevation = 0.0, 3.0
    api.aggregate.assign_object(model, products=[ground, upper], relating_object=building)
    for name, storey, external in (("W1", ground, True), ("W2", ground, False), ("W3", upper, True)):
        wall = api.root.create_entity(model, ifc_class="IfcWallStandardCase", name=name)
        api.spatial.assign_container(model, products=[wall], relating_structure=storey)
        pset = api.pset.add_pset(model, product=wall, name="Pset_WallCommon")
        api.pset.edit_pset(model, pset=pset, properties={"IsExternal": external})
    path = folder / "house2x3.ifc"
    model.write(str(path))
    return path


def test_every_plan_field_is_filled_by_the_llm_or_said_not_to_be() -> None:
    names = {f.name for f in fields(Plan)}
    assert names == FILLED | NOT_FILLED | set(SCALARS), "map a new Plan field in ifcqa.spatial.llm_schema"
    properties = plan_schema()["properties"]
    assert set(SCALARS) <= set(properties) and {"storeys", "qualifiers", "rooms", "measure"} <= set(properties)


def test_a_structured_plan_is_answered_from_the_model(index_of: Callable[[str], ModelIndex],
                                                      shared_ifc: Path) -> None:
    with ScriptedServer(planner_script([reply(EXTERNAL_DOORS_L1)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "Which doors on Level 1 lead outside?")
        request = plan_requests(server)[0]
    oracle = external_doors(ifcopenshell.open(shared_ifc / DUPLEX), "Level 1")
    assert {e["guid"] for e in answer["elements"]} == oracle and len(oracle) == 4
    assert answer["plan"]["parser"] == "llm:scripted" and answer["declined"] is None
    assert answer["plan"]["qualifiers"][0]["rule"] == "Pset_DoorCommon.IsExternal = TRUE"
    assert tuple(answer) == ANSWER_KEYS
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"] == plan_schema()
    prompt = request["messages"][0]["content"]
    assert "'Level 1' (elevation" in prompt and "- Pset_DoorCommon.IsExternal" in prompt and "- IfcDoor (" in prompt


def test_an_ifc2x3_model_made_with_the_api(tmp_path: Path) -> None:
    path = two_storey_ifc2x3(tmp_path)
    index = load_index(path, cache=IndexCache(tmp_path / "cache"))
    plan = {"intent": "count", "storeys": ["Ground"], "classes": ["IfcWall"],
            "qualifiers": [{"path": "Pset_WallCommon.IsExternal", "op": "=", "value": True}]}
    with ScriptedServer(planner_script([reply(plan)])) as server:
        answer = ask(index, server.base_url, "How many IfcWall on Ground are external?")
    model = ifcopenshell.open(str(path))
    oracle = {w.GlobalId for w in model.by_type("IfcWall") if storey_of(w) == "Ground"
              and element_util.get_psets(w)["Pset_WallCommon"]["IsExternal"] is True}
    assert answer["count"] == len(oracle) == 1 and {e["guid"] for e in answer["elements"]} == oracle


def test_rooms_and_measures_by_name_on_an_ifc4_model(rooms: tuple[ModelIndex, ifcopenshell.file]) -> None:
    index, model = rooms
    in_kitchen = {"intent": "list", "classes": ["furniture"], "rooms": [{"name": "Küche", "role": "in"}]}
    area = {"intent": "list", "storeys": ["EG"], "classes": ["spaces"], "measure": {"quantity": "floor_area",
                                                                                    "op": "sum"}}
    with ScriptedServer(planner_script([reply(in_kitchen), reply(area)])) as server:
        furniture = ask(index, server.base_url, "What furniture is in the Küche?")
        total = ask(index, server.base_url, "Total floor area of EG?")
    kitchen = next(s for s in model.by_type("IfcSpace") if s.LongName == "Küche")
    assert {e["guid"] for e in furniture["elements"]} == {
        e.GlobalId for e in element_util.get_decomposition(kitchen) if e.is_a("IfcFurnishingElement")} != set()
    eg_areas = [element_util.get_psets(s)["Qto_SpaceBaseQuantities"]["NetFloorArea"]
                for s in model.by_type("IfcSpace") if element_util.get_aggregate(s).Name == "EG"]
    assert total["value"]["number"] == pytest.approx(sum(eg_areas)) and total["value"]["op"] == "sum"


@pytest.mark.parametrize(("plan", "name", "closest"), [
    ({"intent": "list", "storeys": ["Level 9"], "classes": ["door"]}, "Level 9", "Level 1"),
    ({"intent": "list", "classes": ["door"], "rooms": [{"name": "Kitchenette 12", "role": "in"}]},
     "Kitchenette 12", None),
    ({"intent": "list", "classes": ["door"], "qualifiers": [
        {"path": "Pset_DoorCommon.IsExtrenal", "op": "=", "value": True}]},
     "Pset_DoorCommon.IsExtrenal", "Pset_DoorCommon.IsExternal"),
    ({"intent": "list", "classes": ["IfcSpaceship"]}, "IfcSpaceship", None),
    ({"intent": "list", "predefined": [{"ifc_class": "IfcSlab", "predefined_type": "FLOR"}]}, "FLOR", "FLOOR"),
])
def test_a_plan_naming_what_the_model_lacks_declines_naming_it(
    plan: dict[str, Any], name: str, closest: str | None, index_of: Callable[[str], ModelIndex]
) -> None:
    with ScriptedServer(planner_script([reply(plan)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "doors please")
    assert answer["elements"] == [] and answer["route"] == "none" and answer["count"] is None
    assert answer["declined"]["not_understood"] == [name]
    if closest:
        assert f"{closest!r}" in answer["declined"]["reason"].partition("(closest: ")[2]
    assert name in answer["answer"]


def test_a_plan_that_drops_a_qualifier_is_declined_by_the_check(index_of: Callable[[str], ModelIndex]) -> None:
    broader = {"intent": "list", "storeys": ["Level 1"], "classes": ["door"]}
    with ScriptedServer(planner_script([reply(broader)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "external doors on Level 1")
    assert answer["elements"] == [] and answer["declined"]["not_understood"] == ["external"]
    assert "does not keep to what the question states: the condition 'external'" in answer["declined"]["reason"]
    assert answer["plan"]["parser"] == "llm:scripted"


@pytest.mark.parametrize(("plan", "question", "left_out"), [
    ({"intent": "list", "classes": ["door"]}, "doors on Level 2", "Level 2"),  # the storey
    ({"intent": "list", "classes": ["window"]}, "windows that are not on Level 1", "Level 1"),  # the negation
    ({"intent": "list", "storeys": ["Level 1"], "classes": ["window"]}, "doors on Level 1", "doors"),  # the class
    ({"intent": "list", "storeys": ["Level 1", "Level 2"], "classes": ["door"]}, "doors on Level 1", "Level 1"),
    ({"intent": "list", "classes": ["door"]}, "doors on Level 7", "Level 7"),  # a storey the model lacks
    ({"intent": "list", "words": [{"word": "weather", "read_as": "list"}]}, "what's the weather like?", "weather"),
])
def test_a_plan_that_drops_what_the_question_states_is_declined(
    plan: dict[str, Any], question: str, left_out: str, index_of: Callable[[str], ModelIndex]
) -> None:
    with ScriptedServer(planner_script([reply(plan)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, question)
    assert answer["elements"] == [] and answer["declined"] is not None
    assert left_out in answer["declined"]["not_understood"] and answer["count"] is None


def test_words_the_rules_cannot_read_must_be_read_as_part_of_the_plan(index_of: Callable[[str], ModelIndex],
                                                                     shared_ifc: Path) -> None:
    doors = {"intent": "list", "storeys": ["Level 2"], "classes": ["door"]}
    read = doors | {"words": [{"word": "droben", "read_as": "Level 2"}]}
    claimed = doors | {"words": [{"word": "droben", "read_as": "Level 2"}, {"word": "rot", "read_as": "red paint"}]}
    with ScriptedServer(planner_script([reply(read), reply(doors), reply(claimed)])) as server:
        upstairs = ask(index_of(DUPLEX), server.base_url, "Türen droben?")
        silent = ask(index_of(DUPLEX), server.base_url, "Türen droben?")
        painted = ask(index_of(DUPLEX), server.base_url, "rot gestrichene Türen droben?")
    model = ifcopenshell.open(shared_ifc / DUPLEX)
    assert {e["guid"] for e in upstairs["elements"]} == {d.GlobalId for d in model.by_type("IfcDoor")
                                                         if storey_of(d) == "Level 2"}
    assert "read 'droben' as 'Level 2' (llm:scripted)" in upstairs["plan"]["notes"]
    assert silent["elements"] == [] and silent["declined"]["not_understood"] == ["droben"]
    assert painted["elements"] == [] and "rot" in painted["declined"]["not_understood"]


def test_an_invalid_reply_is_retried_once_with_the_error(index_of: Callable[[str], ModelIndex],
                                                         shared_ifc: Path) -> None:
    with ScriptedServer(planner_script([{"content": "The doors, I think."}, reply(EXTERNAL_DOORS_L1)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "external doors on Level 1")
        retry = plan_requests(server)[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "The doors, I think."}
    assert retry[-1]["content"].startswith("That reply is not a valid plan: the reply is not one JSON object")
    assert retry[-1]["content"].endswith("for the question: external doors on Level 1")
    assert answer["plan"]["parser"] == "llm:scripted"
    assert any("the first reply was invalid" in n for n in answer["plan"]["notes"])
    assert {e["guid"] for e in answer["elements"]} == external_doors(ifcopenshell.open(shared_ifc / DUPLEX),
                                                                     "Level 1")


def test_class_words_are_read_as_their_class_keys(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    plan = {"intent": "count", "storeys": ["Level 2"], "classes": ["Türen"]}
    with ScriptedServer(planner_script([reply(plan)])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "Türen auf Level 2?")
    model = ifcopenshell.open(shared_ifc / DUPLEX)
    assert answer["count"] == sum(1 for d in model.by_type("IfcDoor") if storey_of(d) == "Level 2") == 8


def test_two_invalid_replies_fall_back_to_the_rules_and_say_so(index_of: Callable[[str], ModelIndex]) -> None:
    off_schema = reply({"intent": "dance", "storeys": []})
    with ScriptedServer(planner_script([off_schema, reply({"intent": "list", "colour": "red"})])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "doors on Level 1")
        second = plan_requests(server)[1]["messages"][-1]["content"]
    rules = SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None).ask("doors on Level 1")
    assert "intent: Input should be" in second
    assert answer["plan"]["parser"].startswith("rules (llm reply invalid: colour: Extra inputs are not permitted")
    assert [e["guid"] for e in answer["elements"]] == [e["guid"] for e in rules["elements"]] and len(rules[
        "elements"]) == 6


def test_a_server_refusing_json_schema_gets_the_request_as_text(index_of: Callable[[str], ModelIndex]) -> None:
    refused = {"status": 400, "body": {"error": {"message": "response_format type json_schema is not supported"}}}
    fenced = {"content": "```json\n" + json.dumps(EXTERNAL_DOORS_L1) + "\n```"}
    with ScriptedServer(planner_script([refused, fenced, fenced])) as server:
        client = ChatClient("scripted", base_url=server.base_url, max_retries=0, timeout_s=30)
        qa = SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None,
                       planner=LLMPlanner(index_of(DUPLEX), client))
        answer = qa.ask("external doors on Level 1")
        again = qa.ask("external doors on Level 1 please")
        requests = plan_requests(server)
    assert "response_format" in requests[0] and "response_format" not in requests[1]
    assert len(requests) == 3 and "response_format" not in requests[2]  # not asked for json_schema again
    assert again["plan"]["parser"] == "llm:scripted"
    assert '"qualifiers"' in requests[1]["messages"][0]["content"]  # the schema is in the prompt
    assert len(answer["elements"]) == 4 and "planned by llm:scripted (text)" in answer["plan"]["notes"]


def test_questions_the_rules_refuse_are_not_sent_to_the_llm(index_of: Callable[[str], ModelIndex]) -> None:
    with ScriptedServer(planner_script([])) as server:
        answer = ask(index_of(DUPLEX), server.base_url, "Delete all the walls on level 1")
        assert plan_requests(server) == []
    assert answer["declined"] is not None and answer["elements"] == [] and answer["plan"]["parser"] == "rules"


def test_an_unreachable_llm_falls_back_to_the_rules(index_of: Callable[[str], ModelIndex]) -> None:
    answer = ask(index_of(DUPLEX), unused_port_url(), "doors on Level 1")
    assert answer["plan"]["parser"].startswith("rules (llm unavailable: ") and len(answer["elements"]) == 6


def test_ask_cli_with_a_model_keeps_the_contract_keys(tmp_path: Path, shared_ifc: Path) -> None:
    plan = {"intent": "count", "storeys": ["Level 2"], "classes": ["door"],
            "words": [{"word": "droben", "read_as": "Level 2"}]}
    with ScriptedServer(planner_script([reply(plan)])) as server:
        result = CliRunner().invoke(app, [
            "ask", str(shared_ifc / DUPLEX), "wie viele Türen droben?", "--json", "--no-graph", "--model", "scripted",
            "--base-url", server.base_url, "--cache-dir", str(tmp_path),
        ])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert tuple(answer) == ANSWER_KEYS and answer["count"] == 8
    assert answer["plan"]["parser"] == "llm:scripted" and answer["answer"].startswith("There are 8 doors on Level 2")


def test_ask_cli_with_the_local_model_missing_says_how_to_install(tmp_path: Path, shared_ifc: Path) -> None:
    try:
        import xllamacpp  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("the local runtime is installed: this checks the message without it")
    result = CliRunner().invoke(app, ["ask", str(shared_ifc / DUPLEX), "doors on Level 1", "--no-graph",
                                      "--model", "local", "--cache-dir", str(tmp_path)])
    assert result.exit_code != 0 and "pip install 'ifcqa[local]'" in result.output


def test_llm_written_answer_is_used_only_when_its_guids_are_in_the_list(
    index_of: Callable[[str], ModelIndex]
) -> None:
    index = index_of(DUPLEX)
    plan = json.dumps({"intent": "count", "storeys": ["Level 2"], "classes": ["door"]})
    level2_door = next(e.guid for e in index.by_class("IfcDoor") if index.data.elements[e.storey].name == "Level 2")
    level1_door = next(e.guid for e in index.by_class("IfcDoor") if index.data.elements[e.storey].name == "Level 1")
    good = f"Level 2 has 8 doors, for example {level2_door}."
    bad = f"Level 2 has 8 doors, among them {level1_door}."
    with ScriptedServer([{"content": plan}, {"content": good}, {"content": plan}, {"content": bad}]) as server:
        used = ask(index, server.base_url, "doors upstairs?")
        refused = ask(index, server.base_url, "doors upstairs?")
    assert used["answer"] == good
    assert "answer written by llm:scripted (GlobalIds checked)" in used["plan"]["notes"]
    assert refused["answer"].startswith("There are 8 doors on Level 2")
    notes = refused["plan"]["notes"]
    assert any(n.startswith("LLM answer not used (it names GlobalIds not in the list") for n in notes)


@pytest.mark.parametrize("jobs", [[], ["--jobs", "1"]])
def test_spatial_bench_with_a_model_records_the_llm_plans(jobs: list[str], tmp_path: Path, shared_ifc: Path) -> None:
    oracle = external_doors(ifcopenshell.open(shared_ifc / DUPLEX), "Level 1")
    queries = tmp_path / "q.json"
    queries.write_text(json.dumps([{"id": "q1", "query": "Türen im Level 1, die nach draußen führen",
                                    "ifc_filename": DUPLEX, "kind": "qualifiers",
                                    "oracle": {"type": "elements", "guids": sorted(oracle)}}]))
    outside = [{"word": w, "read_as": "Pset_DoorCommon.IsExternal"} for w in ("nach", "draußen", "führen")]
    plan = EXTERNAL_DOORS_L1 | {"words": outside}  # the rules decline: they cannot read "nach draußen führen"
    with ScriptedServer(planner_script([reply(plan)])) as server:
        result = CliRunner().invoke(app, ["spatial-bench", str(queries), "-o", str(tmp_path / "run"), "--ifc-dir",
                                          str(shared_ifc), "--no-graph", "--model", "scripted", "--base-url",
                                          server.base_url, "--cache-dir", str(tmp_path / "cache"), *jobs])
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "run" / "records.jsonl").read_text().splitlines()[0])
    assert record["parser"] == "llm:scripted" and record["score"] == 1.0


def test_a_plan_listing_the_whole_model_for_a_question_naming_nothing_declines(
    index_of: Callable[[str], ModelIndex]
) -> None:
    with ScriptedServer(planner_script([reply({"intent": "list"}), reply({"intent": "count"})])) as server:
        nothing = ask(index_of(DUPLEX), server.base_url, "what is there?")
        everything = ask(index_of(DUPLEX), server.base_url, "how many elements are in the model?")
    assert nothing["elements"] == [] and "asks for every element of the model" in nothing["declined"]["reason"]
    rules = SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None).ask("how many elements are in the model?")
    assert everything["declined"] is None and everything["count"] == rules["count"] and rules["count"] > 100
