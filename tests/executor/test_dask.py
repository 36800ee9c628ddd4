"""The same benchmark, index rows and verification on a real Dask cluster as in one local process.

A real ``LocalCluster`` (2 worker processes, as ``--dask local:2`` starts) runs the per-file work of
three small shared models; the outputs are compared byte for byte with a run in this process. One
run really kills a worker process (SIGKILL) while it is working on a file: Dask reschedules that
file and the output does not change. Kept small for CI (three models under 250 kB, cap 2).
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
