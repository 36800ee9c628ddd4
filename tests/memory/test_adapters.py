"""The adapters to the real mem0 and graphiti-core packages, end to end through the scripted model server.

The scripted server plays the packages' extraction model (:mod:`ifcqa.memory.rulemodel`): it reads the
durable sentences of the message it is shown (the rule extractor's cues) and answers in the JSON each
package asks for (mem0's ``{"memory": [...]}``; Graphiti's JSON schemas: entities, fact edges, anything
else minimal). The
packages themselves run unchanged: their prompts, parsing, deduplication, stores and search. A socket
guard fails the test on any connection that is not to loopback (no telemetry, no downloads).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ifcqa.agents.base import AgentConfig
from ifcqa.cli.main import app
from ifcqa.index import ModelIndex
from ifcqa.llm.scripted import ScriptedServer
from ifcqa.memory.base import LLMEndpoint, MemoryContext, make_memory
from ifcqa.memory.rulemodel import extraction_model
from ifcqa.memory.runner import config_for, read_records, run_memory_eval
from ifcqa.memory.systems import adapter_common
from ifcqa.memory.systems.adapter_common import AdapterError, installed
from ifcqa.memory.tasks import TaskSet


def _needs(system: str) -> Any:
    package = adapter_common.PACKAGES[system][0]
    return pytest.mark.skipif(
        not installed(system), reason=f"{package} is not installed (pip install -e '.[memory-adapters]')"
    )


ADAPTERS = [pytest.param(system, marks=_needs(system)) for system in ("mem0", "graphiti")]


@pytest.fixture
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Refuse (and record) every connection that leaves the machine."""
    refused: list[str] = []
    connect = socket.socket.connect

    def guarded(self: socket.socket, address: Any) -> Any:
        if self.family in (socket.AF_INET, socket.AF_INET6):
            host = str(address[0])
            if host != "localhost" and not ipaddress.ip_address(host).is_loopback:
                refused.append(host)
                raise OSError(f"test: no network ({host})")
        return connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    return refused


def test_a_missing_package_is_named_with_its_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(adapter_common.importlib.util, "find_spec", lambda name: None)
    for system, (package, _, _) in adapter_common.PACKAGES.items():
        with pytest.raises(AdapterError, match=rf"needs the {package} package.*memory-adapters"):
            adapter_common.import_package(system)


def test_eval_refuses_an_adapter_up_front_without_package_or_model(tasks_file: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    result = CliRunner().invoke(app, ["memory", "eval", str(tasks_file), "-o", str(run), "--systems", "none,mem0"])
    assert result.exit_code != 0 and not run.exists()  # nothing written
    expected = "--extract llm:MODEL" if installed("mem0") else "mem0ai, not installed"
    assert expected in result.output


@pytest.mark.parametrize("system", ADAPTERS)
def test_an_adapter_without_a_model_names_the_options(system: str, sample_index: ModelIndex) -> None:
    with pytest.raises(AdapterError, match=r"--extract llm:MODEL.*--base-url"):
        make_memory(system, MemoryContext(sample_index))


@pytest.mark.parametrize("system", ADAPTERS)
def test_adapter_end_to_end_through_the_scripted_server(
    system: str, sample_tasks: TaskSet, tmp_path: Path, loopback_only: list[str]
) -> None:
    chosen = [t for t in sample_tasks.tasks if t.superseded and len(t.key_facts) == 1][:3]  # one revised fact
    assert chosen, "the sample tasks hold revisions"
    tasks_file = tmp_path / "tasks.json"
    tasks_file.write_text(TaskSet(chosen, sample_tasks.generator).to_json(), encoding="utf-8")
    with ScriptedServer(extraction_model) as server:
        agent = AgentConfig(base_url=server.base_url, no_cache=True)
        config = config_for(
            tasks_file,
            [system],
            ["user+final"],
            k=5,
            window_tokens=32_000,
            extractor="llm:scripted",
            agent=agent,
            limit=None,
        )
        summary = run_memory_eval(tasks_file, tmp_path / "run", config, agent_config=agent)
        asked = len(server.requests)
    records = read_records(tmp_path / "run")
    assert [r["error"] for r in records] == [None] * len(chosen)
    assert {r["extractor"] for r in records} == {f"{system}:llm:scripted"}
    sessions = sum(len(t.sessions) for t in chosen)
    assert asked >= sessions  # the package itself asked the model about every session
    assert not loopback_only
    for task, record in zip(chosen, records, strict=True):
        # the latest value is retrieved, from the session that said it (a revision's newest statement)
        assert record["retrieval"]["covered"], (task.id, record["hits"])
        latest = task.key_facts[0]
        assert any(latest.session in h["sessions"] and latest.anchor in h["text"] for h in record["hits"])
        assert all(re.search(r"\((said|valid from) 20\d\d-\d\d-\d\d", h["text"]) for h in record["hits"])
    assert summary["table"][system]["user+final"]["coverage"]["rate"] == 1.0


@pytest.mark.skipif(not installed("mem0"), reason="mem0ai is not installed (pip install -e '.[memory-adapters]')")
def test_mem0_search_names_the_session_and_date(sample_index: ModelIndex, sample_tasks: TaskSet) -> None:
    task = sample_tasks.tasks[0]
    with ScriptedServer(extraction_model) as server:
        memory = make_memory("mem0", MemoryContext(sample_index, llm=LLMEndpoint("scripted", server.base_url)))
        seeded = next(s for s in task.sessions if s.id == task.key_facts[0].session)
        memory.ingest(seeded)
    hits = memory.search(task.probe["question"], 3)
    assert hits and hits[0].sessions == [seeded.id] and f"(said {seeded.started_at[:10]})" in hits[0].text
