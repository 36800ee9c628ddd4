"""The oracle answers generated items through the public tools, in about one call each, never reading the key."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

import ifcqa.agents.oracle
import ifcqa.agents.oracle_policies
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, make_agent
from ifcqa.index import IndexCache, load_index
from ifcqa.mcq.items import GeneratorInfo, Item, Option
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.sample import write_sample_model

Bench = tuple[list[Item], AgentEnv]
MIN_ACCURACY = 0.995
MAX_MEAN_CALLS = 1.2


def bench_of(path: Path, cache: IndexCache) -> Bench:
    items, _ = generate_for_file(path, cache=cache)
    return items, AgentEnv(index=load_index(path, cache=cache), model_path=path)


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Bench]:
    """Every category generated on the sample building with one and with two buildings."""
    folder = tmp_path_factory.mktemp("oracle-samples")
    benches = {}
    for buildings in (1, 2):
        path = folder / f"s{buildings}.ifc"
        write_sample_model(path, storeys=2, rooms_per_storey=4, seed=0, buildings=buildings)
        benches[buildings] = bench_of(path, IndexCache(folder / "cache"))
    return benches


def answer_all(items: Sequence[Item], env: AgentEnv, config: AgentConfig | None = None) -> list[AgentResult]:
    oracle = make_agent("oracle", config or AgentConfig())
    return [oracle.answer(item, env) for item in items]


def scorecard(items: Sequence[Item], results: Sequence[AgentResult]) -> str:
    """Accuracy per subtype where the oracle missed, with the first misses and why."""
    n, right = Counter(i.subtype for i in items), Counter()
    misses = []
    for item, result in zip(items, results, strict=True):
        if result.selected == sorted(item.answer):
            right[item.subtype] += 1
        else:
            misses.append(f"  {item.subtype}: {item.question!r} -> {result.raw_answer!r} (key {item.answer})")
    rows = [f"  {s}: {right[s]}/{n[s]} = {right[s] / n[s]:.3f}" for s in sorted(n) if right[s] < n[s]]
    return "\n".join(["per subtype:", *rows, "first misses:", *misses[:10]])


def assert_oracle_targets(items: Sequence[Item], results: Sequence[AgentResult]) -> None:
    assert len(items) > 100
    accuracy = sum(r.selected == sorted(i.answer) for i, r in zip(items, results, strict=True)) / len(items)
    calls = sum(len(r.tool_calls) for r in results) / len(items)
    assert accuracy >= MIN_ACCURACY, f"accuracy {accuracy:.4f}\n" + scorecard(items, results)
    assert calls <= MAX_MEAN_CALLS, f"{calls:.3f} tool calls per item"
    assert sum(r.truncated_observations for r in results) == 0
    assert all(r.tokens_in == r.tokens_out == 0 and r.error is None for r in results)


@pytest.mark.parametrize("buildings", [1, 2])
def test_the_oracle_answers_the_sample_building_through_the_tools(samples: dict[int, Bench], buildings: int) -> None:
    items, env = samples[buildings]
    assert_oracle_targets(items, answer_all(items, env))


@pytest.mark.parametrize("name", ["AC20-FZK-Haus.ifc", "Duplex_A_20110907.ifc"])
def test_the_oracle_answers_a_real_model_through_the_tools(
    name: str, shared_ifc: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    items, env = bench_of(shared_ifc / name, IndexCache(tmp_path_factory.mktemp("oracle-cache")))
    assert_oracle_targets(items, answer_all(items, env))


def garbled(item: Item) -> Item:
    """The item with a wrong key and provenance that points elsewhere."""
    labels = [o.label for o in item.options]
    wrong = [label for label in labels if label not in item.answer][:1] or labels[:1]
    decoy = {"elements": ["0000000000000000000000"], "option_elements": {o.text: "decoy" for o in item.options}}
    return item.model_copy(update={"answer": wrong, "provenance": decoy})


def test_the_oracle_selects_the_same_options_when_key_and_provenance_are_garbled(samples: dict[int, Bench]) -> None:
    items, env = samples[2]
    honest = answer_all(items, env)
    blind = answer_all([garbled(item) for item in items], env)
    assert [r.selected for r in blind] == [r.selected for r in honest]
    assert [[c.arguments for c in r.tool_calls] for r in blind] == [[c.arguments for c in r.tool_calls] for r in honest]


def test_every_taxonomy_subtype_has_an_oracle_policy() -> None:
    assert [code for code in SUBTYPES if ifcqa.agents.oracle_policies.policy_for(code) is None] == []


def test_the_oracle_modules_import_no_generator_verifier_or_pipeline() -> None:
    sources = [Path(ifcqa.agents.oracle.__file__)]
    sources += sorted(Path(ifcqa.agents.oracle_policies.__file__).parent.glob("*.py"))
    forbidden = ("ifcqa.mcq.generate", "ifcqa.mcq.verify", "ifcqa.mcq.pipeline", "ifcqa.mcq.assemble")
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not [n for n in names if n.startswith(forbidden)], f"{source.name} imports {names}"


def item_of(subtype: str, question: str, texts: list[str], answer: list[str]) -> Item:
    return Item(
        id=f"hand-{subtype}",
        source_file="",
        source_sha256="0" * 64,
        group="hand",
        category="hand",
        subtype=subtype,
        question_type="single",
        question=question,
        options=[Option(label=label, text=text) for label, text in zip("ABCDE", texts, strict=False)],
        answer=answer,
        generator=GeneratorInfo(name="hand", version=1),
    )


HOUSE_CLASS = item_of(
    "direct.class.of_named_element",
    "What is the exact IFC class (entity type) of the element named 'South wall'?",
    ["IfcSlab", "IfcWallStandardCase", "IfcDoor"],
    ["B"],
)


@pytest.fixture
def house(shared_ifc: Path, tmp_path: Path) -> AgentEnv:
    path = shared_ifc / "IfcOpenHouse_IFC4.ifc"
    return AgentEnv(index=load_index(path, cache=IndexCache(tmp_path)), model_path=path)


def test_the_oracle_records_its_turns_like_the_tool_agent(house: AgentEnv) -> None:
    result = make_agent("oracle", AgentConfig()).answer(HOUSE_CLASS, house)
    assert result.selected == ["B"] and result.parse == "strict" and result.raw_answer == "ANSWER: B"
    assert [(c.name, c.arguments, c.ok, c.truncated) for c in result.tool_calls] == [
        ("get_element", {"element": "name:South wall"}, True, False)
    ]
    assert result.tool_calls[0].observation_chars == len(result.transcript[3]["content"])
    assert result.steps == 2 and result.tokens_in == result.tokens_out == 0 and not result.fallback_used
    assert [m["role"] for m in result.transcript] == ["system", "user", "assistant", "tool", "assistant"]
    assert result.transcript[2]["tool_calls"][0]["function"]["name"] == "get_element"


def test_a_cut_observation_is_counted_and_the_oracle_does_not_guess(house: AgentEnv) -> None:
    result = make_agent("oracle", AgentConfig(observation_chars=60)).answer(HOUSE_CLASS, house)
    assert result.truncated_observations == 1 and result.tool_calls[0].truncated
    assert result.selected == [] and result.parse == "none"
    assert result.raw_answer == "No answer: the observation was cut and cannot be read"


def test_a_question_the_oracle_cannot_read_gets_no_answer_with_the_reason(house: AgentEnv) -> None:
    oracle = make_agent("oracle", AgentConfig())
    reworded = HOUSE_CLASS.model_copy(update={"question": "Which class is 'South wall'?"})
    result = oracle.answer(reworded, house)
    assert result.selected == [] and result.tool_calls == []
    assert result.raw_answer == "No answer: question does not read as direct.class.of_named_element"
    custom = oracle.answer(HOUSE_CLASS.model_copy(update={"subtype": "custom.made.up"}), house)
    assert custom.raw_answer == "No answer: no oracle policy for subtype 'custom.made.up'"


def test_a_name_that_is_also_a_step_id_is_asked_for_as_a_name(shared_ifc: Path, tmp_path: Path) -> None:
    path = shared_ifc / "KIT-EDC_with_SB.ifc"
    env = AgentEnv(index=load_index(path, cache=IndexCache(tmp_path)), model_path=path)
    assert env.index.resolve("23").element.ifc_class == "IfcBuilding"  # '23' alone is entity #23, a building
    question = "What is the exact IFC class (entity type) of the element named '23'?"
    item = item_of("direct.class.of_named_element", question, ["IfcBuilding", "IfcSpace", "IfcWall"], ["B"])
    result = make_agent("oracle", AgentConfig()).answer(item, env)
    assert [(c.name, c.arguments, c.ok) for c in result.tool_calls] == [("get_element", {"element": "name:23"}, True)]
    assert result.selected == ["B"]
