"""The same benchmark, index rows and verification on a real Dask cluster as in one local process.

A real ``LocalCluster`` (2 worker processes, as ``--dask local:2`` starts) runs the per-file work of
three small shared models; the outputs are compared byte for byte with a run in this process. One
run really kills a worker process (SIGKILL) while it is working on a file: Dask reschedules that
file and the output does not change. Kept small for CI (three models under 250 kB, cap 2).
The same cluster then runs the rest of the per-file work against a run in this process: the code
agent's sandboxed runs (through the scripted model server), ``memory generate`` (with and without LLM
phrasing) and ``spatial-bench``.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.executor import ProgressState
from ifcqa.mcq.benchfile import manifest_path
from ifcqa.mcq.runner import RunSettings, generate_bench, verify_bench

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install 'ifcqa[dask]')")

from ifcqa.executor.dask_cluster import DaskExecutor  # noqa: E402

# the ways an element is named in the options: GlobalId, Name, and Name with LongName
OF_CLASS = (
    "print(sorted({x for e in model.by_type({cls!r}) for x in (e.GlobalId, e.Name, "
    "' '.join(filter(None, (e.Name, getattr(e, 'LongName', None)))))}))"
)
MODELS = ("revit_quantities.ifc", "domestic-hot-water.ifc", "IfcOpenHouse_IFC4.ifc")
CAP = 2


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    import logging

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
    ) as local:
        yield local


@pytest.fixture(scope="module")
def files(shared_ifc: Path) -> list[Path]:
    return [shared_ifc / name for name in MODELS]


@pytest.fixture(scope="module")
def reference(files: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The benchmark written in this process (one job): what every executor must reproduce."""
    out = tmp_path_factory.mktemp("bench") / "local.jsonl"
    generate_bench(files, out, RunSettings(cap=CAP, cache_dir=out.parent / "cache-local"), jobs=1)
    return out


def manifest_without_timings(bench: Path) -> dict[str, Any]:
    manifest = json.loads(manifest_path(bench).read_text())
    for entry in manifest["files"]:
        entry.pop("seconds")
    return dict(manifest)


def test_a_two_worker_cluster_writes_the_same_benchmark(cluster: Any, files: list[Path], reference: Path) -> None:
    out = reference.with_name("dask.jsonl")
    states: list[ProgressState] = []
    with DaskExecutor(cluster.scheduler_address) as executor:
        assert executor.workers == 2
        settings = RunSettings(cap=CAP, cache_dir=reference.parent / "cache-dask")
        generate_bench(files, out, settings, executor=executor, on_progress=states.append)
        report = verify_bench(out, executor=executor)
    assert out.read_bytes() == reference.read_bytes()
    assert manifest_without_timings(out) == manifest_without_timings(reference)
    assert report.ok and report.items == len(reference.read_text().splitlines())
    assert states[-1] == ProgressState(total=3, done=3, failed=0, running=0)
    assert max(s.running for s in states) >= 1


def test_a_worker_killed_mid_run_costs_only_its_file_and_changes_nothing(
    cluster: Any, files: list[Path], reference: Path
) -> None:
    client = distributed.Client(cluster)
    pids = client.run(os.getpid)  # worker address -> process id
    killed: list[tuple[str, list[str]]] = []

    def kill_a_busy_worker(state: ProgressState) -> None:
        if killed or state.running == 0:
            return
        for address, keys in client.processing().items():
            ours = [str(k) for k in keys if str(k).startswith("ifcqa-_run_one-")]
            if ours and address in pids:
                os.kill(pids[address], signal.SIGKILL)  # the worker process itself, not its nanny
                killed.append((address, ours))
                return

    out = reference.with_name("killed.jsonl")
    try:
        with DaskExecutor(cluster.scheduler_address, retries=2) as executor:
            settings = RunSettings(cap=CAP, cache_dir=reference.parent / "cache-killed")
            generate_bench(files, out, settings, executor=executor, ship_files=True, on_progress=kill_a_busy_worker)
    finally:
        client.close()
    assert killed, "a worker was killed while it worked on a file"
    assert out.read_bytes() == reference.read_bytes()
    assert manifest_without_timings(out) == manifest_without_timings(reference)


def test_the_cli_on_a_cluster_lists_a_broken_file_and_writes_the_rest(
    cluster: Any, files: list[Path], reference: Path, tmp_path: Path
) -> None:
    broken = reference.parent / "broken.ifc"
    broken.write_text(files[0].read_text()[:3000])  # truncated: found only when a worker opens it
    out = reference.with_name("cli.jsonl")
    args = ["mcq", "generate", *map(str, files), str(broken), "-o", str(out), "--cap", str(CAP)]
    result = CliRunner().invoke(app, [*args, "--dask", cluster.scheduler_address, "--keep-going",
                                      "--cache-dir", str(tmp_path / "cache")])  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "1 file failed every try" in result.stderr
    assert out.read_bytes() == reference.read_bytes()
    failed = json.loads(manifest_path(out).read_text())["failed"]
    assert len(failed) == 1 and failed[0]["file"] == "broken.ifc" and failed[0]["attempts"] == 1
    assert "broken.ifc: truncated" in failed[0]["error"]


def test_index_rows_are_the_same_on_a_cluster_and_in_one_process(
    cluster: Any, files: list[Path], tmp_path: Path
) -> None:
    def rows(*options: str) -> list[dict[str, Any]]:
        result = CliRunner().invoke(app, ["index", *map(str, files), "--geometry", *options])
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        assert document["failed"] == []
        return [{k: v for k, v in row.items() if k != "seconds"} for row in document["files"]]

    local = rows("--jobs", "1", "--cache-dir", str(tmp_path / "local"))
    remote = rows("--dask", cluster.scheduler_address, "--ship-files", "--cache-dir", str(tmp_path / "remote"))
    assert remote == local
    assert [Path(row["file"]).name for row in local] == list(MODELS)
    assert all(row["bboxes"] > 0 and row["elements"] > 0 for row in local)


def test_the_code_agent_sandboxed_runs_on_a_cluster_give_the_same_records(cluster: Any, tmp_path: Path) -> None:
    """``ifcqa eval --agent code --dask ... --ship-files``: each sandboxed run is a task on a worker
    (each worker with a shipped-files folder of its own, so the model goes by hash and then by bytes),
    and the records are those of a run in this process, observations (the code's output) included."""
    import re

    import ifcopenshell

    from ifcqa.index import IndexCache
    from ifcqa.llm.scripted import ScriptedServer
    from ifcqa.mcq.benchfile import dump_items
    from ifcqa.mcq.pipeline import generate_for_file
    from ifcqa.sample import write_sample_model

    items = []
    for seed in (0, 1):
        path = write_sample_model(tmp_path / "models" / f"house-{seed}.ifc", storeys=1, seed=seed)
        made, _ = generate_for_file(path, categories=["direct.class"], cap=2, cache=IndexCache(tmp_path / "cache"))
        items += [item.model_copy(update={"source_file": f"models/{path.name}"}) for item in made]
    bench = tmp_path / "BENCH.jsonl"
    bench.write_bytes(dump_items(items))

    def reply(request: dict[str, Any]) -> dict[str, Any]:
        """Code that fails (a wrong call), then code that reads the answer from the model, then the options
        named in the code's output."""
        messages = request["messages"]
        question = next(m["content"] for m in messages if m["role"] == "user")
        runs = [m["content"] for m in messages if m["role"] == "tool"]
        guid = re.search(r"GlobalId '([^']+)'", question)
        of_class = re.search(r"of IFC class (\w+)", question)
        code = f"print(model.by_guid({guid.group(1)!r}).is_a())" if guid else OF_CLASS.replace(
            "{cls!r}", repr(of_class.group(1) if of_class else "IfcProduct"))  # fmt: skip
        if not runs:
            code = code.replace("model.", "model.no_such_")  # an AttributeError: a traceback comes back
        if len(runs) < 2:
            return {"tool_calls": [{"name": "run_python", "arguments": {"code": code}}]}
        options = re.findall(r"^([A-Z])\. (.+)$", question, re.MULTILINE)
        chosen = [label for label, text in options if re.search(rf"\b{re.escape(text)}\b", runs[-1])]
        return {"content": f"ANSWER: {', '.join(chosen) or 'A'}"}

    client = distributed.Client(cluster)
    workers = sorted(client.scheduler_info(n_workers=-1)["workers"])
    shipped = {address: tmp_path / f"shipped-{n}" for n, address in enumerate(workers)}

    def set_shipped_dir(dask_worker: Any) -> None:
        os.environ["IFCQA_SHIPPED_DIR"] = str(shipped[dask_worker.address])

    def records(run: Path) -> list[dict[str, Any]]:
        """The records without timings, and without the server's call ids (numbered in the order requests came)."""
        text = re.sub(r"call_\d+", "call_N", (run / "records.jsonl").read_text())
        rows = [json.loads(line) for line in text.splitlines()]
        for row in rows:
            del row["latency_s"], row["tokens_in"]  # the ids' digits count as input tokens
            for step in row["steps_log"]:
                del step["latency_s"], step["tokens_in"]
        return sorted(rows, key=lambda row: row["item_id"])

    try:
        client.run(set_shipped_dir)
        with ScriptedServer(reply) as server:
            args = ["eval", str(bench), "--agent", "code", "--model", "scripted", "--base-url", server.base_url,
                    "--no-cache", "--cache-dir", str(tmp_path / "cache"), "--concurrency", "2"]  # fmt: skip
            here = CliRunner().invoke(app, [*args, "-o", str(tmp_path / "here")])
            assert here.exit_code == 0, here.output
            remote = CliRunner().invoke(
                app, [*args, "-o", str(tmp_path / "remote"), "--dask", cluster.scheduler_address, "--ship-files"]
            )
            assert remote.exit_code == 0, remote.output
    finally:
        client.run(lambda: os.environ.pop("IFCQA_SHIPPED_DIR", None))
        client.close()
    local_records, remote_records = records(tmp_path / "here"), records(tmp_path / "remote")
    assert remote_records == local_records
    # the observations are the model's own answers, as raw IfcOpenShell gives them, and a traceback
    observations = [m["content"] for r in local_records for m in r["transcript"] if m["role"] == "tool"]
    assert len(observations) == 2 * len(items)
    assert all("AttributeError" in text and "[exit status 1]" in text for text in observations[::2])
    assert all(r["correct"] for r in local_records)  # the answers were read from the code's output
    for record in local_records:
        guid = re.search(r"GlobalId '([^']+)'", record["transcript"][1]["content"])
        if guid:  # its last run printed the class, as raw IfcOpenShell has it
            model = ifcopenshell.open(str(tmp_path / record["source_file"]))
            last = [m["content"] for m in record["transcript"] if m["role"] == "tool"][-1]
            assert last == model.by_guid(guid.group(1)).is_a()
    # the runs happened on the workers: each got the model by bytes once and kept it under its hash
    copies = sorted(p.name for folder in shipped.values() for p in folder.glob("*/*.ifc"))
    assert set(copies) == {"house-0.ifc", "house-1.ifc"} and len(copies) >= 2


def test_an_agent_with_no_sandboxed_runs_refuses_dask(cluster: Any, tmp_path: Path) -> None:
    bench = tmp_path / "BENCH.jsonl"
    bench.write_text("")
    result = CliRunner().invoke(app, ["eval", str(bench), "--agent", "first-option", "-o", str(tmp_path / "run"),
                                      "--dask", cluster.scheduler_address])  # fmt: skip
    assert result.exit_code == 1
    assert "--dask: the first-option agent has no work to run on workers" in result.stderr
    assert not (tmp_path / "run").exists()


def test_memory_tasks_and_spatial_queries_are_the_same_on_a_cluster(
    cluster: Any, shared_ifc: Path, tmp_path: Path
) -> None:
    """``memory generate`` (each file's tasks on a worker) and ``spatial-bench`` (each model's queries on a
    worker, records put back in query order) write what they write in one process, latencies apart."""
    from ifcqa.llm.scripted import ScriptedServer
    from ifcqa.sample import write_sample_model

    houses = [str(write_sample_model(tmp_path / f"house-{seed}.ifc", storeys=1, seed=seed)) for seed in (0, 1)]
    cli = CliRunner()
    remote = ["--dask", cluster.scheduler_address, "--ship-files", "--retries", "1"]
    for where, options in (("here", []), ("cluster", remote)):
        result = cli.invoke(app, ["memory", "generate", *houses, "-o", str(tmp_path / f"{where}.json"),
                                  "--per-template", "1", *options])  # fmt: skip
        assert result.exit_code == 0, result.output
    tasks = (tmp_path / "here.json").read_text()
    assert (tmp_path / "cluster.json").read_text() == tasks
    assert {task["model"]["path"] for task in json.loads(tasks)["tasks"]} == set(houses)  # not the shipped copies
    # with LLM phrasing: the workers send back each model's vocabulary, the rewording happens here
    with ScriptedServer(lambda request: {"content": "So: " + request["messages"][-1]["content"].split("MESSAGE:\n")[1]}
                        ) as server:  # fmt: skip
        phrased = ["--model", "scripted", "--base-url", server.base_url, "--no-cache", "--sessions", "3-4",
                   "--templates", "fire_rating,room_finish"]  # fmt: skip
        for where, options in (("here", []), ("cluster", ["--dask", cluster.scheduler_address, "--ship-files"])):
            result = cli.invoke(app, ["memory", "generate", *houses, "-o", str(tmp_path / f"{where}-llm.json"),
                                      "--per-template", "1", *phrased, *options])  # fmt: skip
            assert result.exit_code == 0, result.output
    phrased_tasks = (tmp_path / "here-llm.json").read_text()
    assert (tmp_path / "cluster-llm.json").read_text() == phrased_tasks and "So: " in phrased_tasks

    models = ["domestic-hot-water.ifc", "3rooms_Heater_AirTerminal_Table_with_SB.ifc"]
    asked = [("List the pipes", "IfcPipeSegment"), ("Which tables are there?", "IfcFurniture"),
             ("pipe fittings", "IfcPipeFitting"), ("all the spaces", "IfcSpace")]  # fmt: skip
    queries = [
        {"id": f"q{n}", "query": query, "ifc_filename": models[n % 2], "category": "c", "oracle_ifc_types": [ifc]}
        for n, (query, ifc) in enumerate(asked)
    ]
    query_file = tmp_path / "queries.json"
    query_file.write_text(json.dumps(queries))

    def run(where: str, *options: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        options = ("--ifc-dir", str(shared_ifc), "--cache-dir", str(tmp_path / "cache"), *options)  # indexes shared
        result = cli.invoke(app, ["spatial-bench", str(query_file), "-o", str(tmp_path / where), *options])
        assert result.exit_code == 0, result.output
        records = [json.loads(line) for line in (tmp_path / where / "records.jsonl").read_text().splitlines()]
        for record in records:
            del record["latency_ms"]
        summary = json.loads((tmp_path / where / "summary.json").read_text())
        del summary["latency_ms"]
        return records, summary

    here = run("spatial-here")
    assert run("spatial-cluster", "--dask", cluster.scheduler_address, "--ship-files", "--retries", "1") == here
    assert [r["id"] for r in here[0]] == ["q0", "q1", "q2", "q3"] and here[1]["models"] == 2
    assert any(r["returned"] > 0 for r in here[0]) and here[1]["routes"] == {"graph": 4}


def test_a_single_call_outlives_the_worker_that_died_running_it(cluster: Any, tmp_path: Path) -> None:
    """``Executor.call`` (how the code agent's runs go): the worker process dies inside the call; the call is
    run again elsewhere and returns its value."""
    from executor_work import dies_once

    with DaskExecutor(cluster.scheduler_address, retries=1) as executor:
        assert executor.call(dies_once, (str(tmp_path), 1), "dies") == 101
    assert (tmp_path / "died-1").exists()  # it did die once
