"""The text-only baseline: answers from question and option texts alone, registered and run beside the others."""

from __future__ import annotations

from ifcqa.agents.base import AgentConfig, baselines, get_agents, make_agent
from ifcqa.mcq.items import GeneratorInfo, Item, Option


def make_item(question: str, texts: list[str], answer: list[str], question_type: str = "single") -> Item:
    return Item(
        id=f"item-{abs(hash(question)) % 10**6}",
        source_file="house.ifc",
        source_sha256="0" * 64,
        group="Relational",
        category="Type resolution",
        subtype="relational.type.type_of_element",
        question_type=question_type,  # type: ignore[arg-type]
        question=question,
        options=[Option(label="ABCDE"[i], text=t) for i, t in enumerate(texts)],
        answer=answer,
        generator=GeneratorInfo(name="test", version=1),
    )


def test_text_only_is_a_registered_agent_and_a_report_baseline() -> None:
    assert "text-only" in get_agents()
    assert "text-only" in baselines()


def test_it_picks_the_option_the_question_gives_away_and_is_deterministic() -> None:
    item = make_item(
        "Which type object defines the IfcWindow 'M_Fixed:1220 x 1500:348901'?",
        ["0915 x 2134mm", "1220 x 1500", "1800 x 1200"],
        ["B"],
    )
    agent = make_agent("text-only", AgentConfig())
    results = [agent.answer(item, None).selected for _ in range(3)]  # type: ignore[arg-type]  # env never read
    assert results == [["B"]] * 3
    assert baselines()["text-only"](item) == ["B"]


def test_for_multi_choice_it_selects_every_overlapping_option() -> None:
    item = make_item(
        "Which of the following elements are of IFC class IfcWall?",
        ["Basic Wall:Exterior:1", "M_Single-Flush:2", "Basic Wall:Interior:3"],
        ["A", "C"],
        "multi",
    )
    assert make_agent("text-only", AgentConfig()).answer(item, None).selected == ["A", "C"]  # type: ignore[arg-type]
