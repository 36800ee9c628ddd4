"""The code agent driven by a scripted model over real HTTP, its code run in the real sandbox against
IfcOpenHouse_IFC4.ifc (4 walls)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ifcopenshell
import pytest

from ifcqa.agents.answer import fallback_prompt
from ifcqa.agents.base import AgentConfig, AgentEnv, AgentResult, get_agents, make_agent, public_view
from ifcqa.agents.code_agent import RUN_PYTHON_SCHEMA, CodeAgent, sandbox_limits
from ifcqa.errors import IfcqaError
from ifcqa.index import ModelIndex
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.mcq.items import GeneratorInfo, Item, Option

HOUSE = "IfcOpenHouse_IFC4.ifc"
SECRET = "PROVENANCE-MARKER-c0de"
COUNT_WALLS = "print(len(model.by_type('IfcWall')))"


def run_python(code: str) -> dict[str, Any]:
    return {"tool_calls": [{"name": "run_python", "arguments": {"code": code}}]}


def wall_item() -> Item:
    """How many walls IfcOpenHouse has (4): option B."""
    return Item(
        id="house-walls",
        source_file=HOUSE,
        source_sha256="0" * 64,
        group="direct",
        category="class_identification",
        subtype=f"count.{SECRET}",
        question_type="single",
        question="How many IfcWall elements (subclasses included) does the model contain?",
        options=[Option(label=label, text=text) for label, text in zip("ABCD", ["2", "4", "5", "6"], strict=True)],
        answer=["B"],
        provenance={"elements": [SECRET], "note": SECRET},
        generator=GeneratorInfo(name=f"gen-{SECRET}", version=1),
    )


@pytest.fixture
def house(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> AgentEnv:
    return AgentEnv(index=index_of(HOUSE), model_path=shared_ifc / HOUSE)


def run(script: list[dict[str, Any]], env: AgentEnv, tmp_path: Path, **overrides: Any) -> tuple[AgentResult, Any]:
    extra = {"backoff_s": 0.01, "max_retries": 0, **overrides.pop("extra", {})}
    with ScriptedServer(script) as server:
        config = AgentConfig(
            model="scripted-model",
            base_url=server.base_url,
            cache_dir=tmp_path,
            timeout_s=5.0,
            extra=extra,
            **overrides,
        )
        result = make_agent("code", config).answer(wall_item(), env)
    return result, server


def observations(request: dict[str, Any]) -> list[str]:
    return [m["content"] for m in request["messages"] if m["role"] == "tool"]


def test_code_that_counts_the_walls_leads_to_the_right_answer(house: AgentEnv, tmp_path: Path) -> None:
    walls = len(ifcopenshell.open(str(house.model_path)).by_type("IfcWall"))
    result, server = run([run_python(COUNT_WALLS), {"content": f"{walls} walls.\nANSWER: B"}], house, tmp_path)
    assert observations(server.requests[1]) == [str(walls)]
    assert result.selected == ["B"] and result.parse == "strict" and result.error is None
    assert result.steps == 2 and not result.fallback_used
    (record,) = result.tool_calls
    assert (record.name, record.arguments, record.ok, record.truncated) == (
        "run_python",
        {"code": COUNT_WALLS},
        True,
        False,
    )
    assert [m["role"] for m in result.transcript] == ["system", "user", "assistant", "tool", "assistant"]


def test_code_that_fails_returns_its_traceback_and_the_model_recovers(house: AgentEnv, tmp_path: Path) -> None:
    script = [run_python("print(len(model.by_typ('IfcWall')))"), run_python(COUNT_WALLS), {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path)
    (first,) = observations(server.requests[1])
    assert "AttributeError" in first and 'File "<code>", line 1' in first and "[exit status 1]" in first
    assert observations(server.requests[2])[1] == "4"
    assert [call.ok for call in result.tool_calls] == [False, True]
    assert result.selected == ["B"] and result.steps == 3


def test_reaching_the_step_limit_leads_to_one_answer_only_turn(house: AgentEnv, tmp_path: Path) -> None:
    script = [run_python(COUNT_WALLS), run_python(COUNT_WALLS), {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, max_steps=2)
    last = server.requests[-1]
    assert "tools" not in last and last["messages"][-1] == {
        "role": "user",
        "content": fallback_prompt(public_view(wall_item())),
    }
    assert result.fallback_used and result.selected == ["B"] and result.steps == 3


def test_a_reply_without_an_answer_also_gets_the_fallback_turn(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"content": "Let me think."}, {"content": "The answer is B"}], house, tmp_path)
    assert result.fallback_used and result.selected == ["B"] and result.parse == "lenient"


def test_every_request_offers_only_run_python_and_never_the_key(house: AgentEnv, tmp_path: Path) -> None:
    _, server = run([run_python(COUNT_WALLS), {"content": "ANSWER: B"}], house, tmp_path)
    for request in server.requests:
        assert request["tools"] == [RUN_PYTHON_SCHEMA] and request["tool_choice"] == "auto"
        assert SECRET not in json.dumps(request)
    system, user = server.requests[0]["messages"][:2]
    assert "run_python" in system["content"] and "`model`" in system["content"] and "ANSWER:" in system["content"]
    assert "How many IfcWall elements" in user["content"] and "B. 4" in user["content"]


def test_arguments_that_are_not_json_get_an_error_naming_the_fix(house: AgentEnv, tmp_path: Path) -> None:
    bad = {"tool_calls": [{"name": "run_python", "arguments": "print(1)"}]}
    result, server = run([bad, run_python(COUNT_WALLS), {"content": "ANSWER: B"}], house, tmp_path)
    error = json.loads(observations(server.requests[1])[0])["error"]
    assert error["code"] == "tool_error" and "not valid JSON" in error["message"] and '{"code":' in error["message"]
    assert not result.tool_calls[0].ok and result.selected == ["B"]


def test_an_unknown_function_gets_an_error_naming_run_python(house: AgentEnv, tmp_path: Path) -> None:
    wrong = {"tool_calls": [{"name": "count_elements", "arguments": {"ifc_class": "IfcWall"}}]}
    _, server = run([wrong, {"content": "ANSWER: B"}], house, tmp_path)
    error = json.loads(observations(server.requests[1])[0])["error"]
    assert "the only one is run_python" in error["message"]


def test_long_output_is_cut_at_the_observation_limit_and_counted(house: AgentEnv, tmp_path: Path) -> None:
    script = [run_python("print('x' * 5000)"), {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, observation_chars=1000)
    (observation,) = observations(server.requests[1])
    assert len(observation) <= 1000
    assert result.truncated_observations == 1 and result.tool_calls[0].truncated
    assert result.tool_calls[0].observation_chars > 1000


def test_code_that_prints_nothing_is_told_to_print(house: AgentEnv, tmp_path: Path) -> None:
    _, server = run([run_python("walls = model.by_type('IfcWall')"), {"content": "ANSWER: B"}], house, tmp_path)
    assert "printed nothing" in observations(server.requests[1])[0]


def test_code_that_runs_too_long_is_stopped_and_the_model_is_told(house: AgentEnv, tmp_path: Path) -> None:
    script = [run_python("while True:\n    pass"), {"content": "ANSWER: B"}]
    result, server = run(script, house, tmp_path, extra={"sandbox": {"wall_s": 2}})
    assert "[stopped: wall-clock limit of 2 s reached" in observations(server.requests[1])[0]
    assert not result.tool_calls[0].ok and result.selected == ["B"]


def test_the_code_cannot_read_the_api_key(house: AgentEnv, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-never-shown-to-code")
    script = [run_python("import os\nprint(dict(os.environ))"), {"content": "ANSWER: B"}]
    _, server = run(script, house, tmp_path)
    assert "sk-never-shown-to-code" not in observations(server.requests[1])[0]


def test_a_refused_request_is_recorded_as_an_error_not_raised(house: AgentEnv, tmp_path: Path) -> None:
    result, _ = run([{"status": 400, "body": "bad request"}], house, tmp_path)
    assert result.error is not None and "400" in result.error
    assert result.selected == [] and result.parse == "none"


def test_the_code_agent_is_registered_under_code() -> None:
    assert get_agents()["code"](AgentConfig(model="m", base_url="http://127.0.0.1:9/v1")).name == "code"
    assert isinstance(make_agent("code", AgentConfig(model="m", base_url="http://127.0.0.1:9/v1")), CodeAgent)


def test_sandbox_limits_come_from_extra_and_unknown_ones_are_refused() -> None:
    config = AgentConfig(observation_chars=500, extra={"sandbox": {"wall_s": 5, "memory_bytes": 1 << 29}})
    limits = sandbox_limits(config)
    assert (limits.wall_s, limits.memory_bytes, limits.output_chars) == (5, 1 << 29, 500)
    with pytest.raises(IfcqaError, match="Unknown sandbox limit.*walltime.*Known limits: .*wall_s"):
        sandbox_limits(AgentConfig(extra={"sandbox": {"walltime": 5}}))


def test_a_run_python_call_written_as_text_is_run_in_the_sandbox(house: AgentEnv, tmp_path: Path) -> None:
    walls = len(ifcopenshell.open(str(house.model_path)).by_type("IfcWall"))
    call = {"name": "run_python", "arguments": {"code": COUNT_WALLS}}
    result, server = run([{"text_call": call, "format": "fenced"}, {"content": "ANSWER: B"}], house, tmp_path)
    assert observations(server.requests[1]) == [str(walls)]
    (record,) = result.tool_calls
    assert record.ok and record.source == "fenced" and record.arguments == {"code": COUNT_WALLS}
    assert result.selected == ["B"] and result.tools_offered == 1
