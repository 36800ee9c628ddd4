"""The executor loop: input order, retries, failure records, progress, and a worker process that dies.

Real work functions in real processes (``executor_work.py``); the Dask implementation is tested on a
real cluster in ``test_dask.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from executor_work import bad_input, dies_once, flaky, pid_of, square

from ifcqa.errors import IfcqaError
from ifcqa.executor import LocalExecutor, Outcome, ProgressState, make_executor
from ifcqa.executor.files import FileRef, NotShipped, by_hash, local_path, ship


def test_results_come_back_in_input_order_from_two_processes() -> None:
    states: list[ProgressState] = []
    with LocalExecutor(2) as executor:
        outcomes = executor.map(square, list(range(12)), [f"f{i}" for i in range(12)], on_progress=states.append)
    assert [o.value for o in outcomes] == [i * i for i in range(12)]
    assert [o.key for o in outcomes] == [f"f{i}" for i in range(12)]
    assert states[-1] == ProgressState(total=12, done=12, failed=0, running=0)
    assert all(0 <= s.running <= 2 for s in states)
    assert [s.done for s in states] == sorted(s.done for s in states)


def test_a_failing_call_is_tried_again_and_the_retries_are_counted(tmp_path: Path) -> None:
    with LocalExecutor(1, retries=2) as executor:
        outcomes = executor.map(flaky, [(str(tmp_path), 0, 0), (str(tmp_path), 1, 2)], ["a", "b"])
    assert [(o.value, o.attempts) for o in outcomes] == [(0, 1), (10, 3)]


def test_a_file_failing_every_try_is_recorded_with_its_error(tmp_path: Path) -> None:
    seen: list[Outcome[int]] = []
    with LocalExecutor(1, retries=1) as executor:
        outcomes = executor.map(flaky, [(str(tmp_path), 1, 5), (str(tmp_path), 2, 0)], ["a.ifc", "b.ifc"],
                                on_outcome=seen.append)  # fmt: skip
    failure = outcomes[0].failure
    assert failure is not None and outcomes[1].value == 20
    assert failure.to_json() == {"file": "a.ifc", "error": "OSError: disk hiccup on 1", "error_type": "OSError",
                                 "attempts": 2}  # fmt: skip
    assert [o.key for o in seen] == ["b.ifc", "a.ifc"]  # completion order: a.ifc finished after its retry


def test_an_input_error_is_not_retried_and_fail_fast_raises_it() -> None:
    with LocalExecutor(1, retries=3) as executor:
        outcomes = executor.map(bad_input, [1, 2, 3], ["1", "2", "3"])
        assert outcomes[1].failure is not None and outcomes[1].failure.attempts == 1
        assert outcomes[1].failure.error == "model 2: not an IFC/STEP file"
        with pytest.raises(IfcqaError, match="model 2: not an IFC/STEP file"):
            executor.map(bad_input, [1, 2, 3], ["1", "2", "3"], fail_fast=True)


def test_a_worker_process_that_dies_costs_one_try_of_its_own_file(tmp_path: Path) -> None:
    args = [(str(tmp_path), n) for n in range(6)]
    with LocalExecutor(2, retries=1) as executor:
        outcomes = executor.map(dies_once, args, [str(n) for n in range(6)])
    assert [o.value for o in outcomes] == [n + 100 for n in range(6)]
    assert outcomes[1].attempts == 2  # the file whose worker died
    assert (tmp_path / "died-1").exists()


def test_with_no_retries_the_dead_worker_file_is_a_failure_naming_the_broken_pool(tmp_path: Path) -> None:
    with LocalExecutor(2, retries=0) as executor:
        outcomes = executor.map(dies_once, [(str(tmp_path), n) for n in range(8)], [str(n) for n in range(8)])
    failure = outcomes[1].failure
    assert failure is not None and failure.error_type == "BrokenProcessPool" and failure.attempts == 1
    # A dead process breaks the whole local pool: the files handed to its workers then (the pool marks each
    # one running as it puts it in the pipe: one per worker plus the pipe's capacity of workers + 1) lose
    # their try; the files not handed over yet are resubmitted uncharged. How many were handed over when
    # the worker died depends on timing; that the dead worker's own file is among them does not (the
    # executor records the hand-over itself, on the pool's thread, instead of sampling running()).
    failed = [o for o in outcomes if o.failure is not None]
    assert len(failed) <= 2 + (2 + 1)
    assert all(o.failure is not None and o.failure.error_type == "BrokenProcessPool" for o in failed)
    assert all(o.value == int(o.key) + 100 for o in outcomes if o.failure is None)
    assert len(outcomes) - len(failed) >= 3  # the files queued behind the crash ran in the new pool


def test_worker_processes_are_replaced_after_a_number_of_files(monkeypatch: pytest.MonkeyPatch) -> None:
    import ifcqa.executor.local as local

    monkeypatch.setattr(local, "RECYCLE_AFTER", 2)  # IfcOpenShell keeps what a process opened: start afresh
    with LocalExecutor(2) as executor:
        outcomes = executor.map(pid_of, list(range(12)), [str(n) for n in range(12)])
    assert [o.value[0] for o in outcomes if o.value is not None] == list(range(12))
    assert len({o.value[1] for o in outcomes if o.value is not None}) > 2  # more processes than workers


def test_bad_options_are_one_line_errors() -> None:
    with pytest.raises(IfcqaError, match="--jobs and --dask do not go together"):
        make_executor(jobs=2, dask="local:2")
    with pytest.raises(IfcqaError, match="write local:N with N a number of worker processes"):
        make_executor(dask="local:zero")
    with pytest.raises(IfcqaError, match="--retries must be 0 or more"):
        LocalExecutor(1, retries=-1)


def test_shipped_bytes_are_written_once_under_their_hash_and_original_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IFCQA_SHIPPED_DIR", str(tmp_path / "worker"))
    source = tmp_path / "house.ifc"
    source.write_bytes(b"ISO-10303-21;\nEND-ISO-10303-21;\n")
    assert local_path(ship(source, False)) == source
    ref = ship(source, True)
    copy = local_path(ref)
    assert copy.name == "house.ifc" and copy.parent.name == ref.sha256 and copy.read_bytes() == source.read_bytes()
    assert local_path(FileRef(str(source), ref.data, ref.sha256)) == copy
    assert local_path(by_hash(ref)) == copy  # by hash: the copy this worker has
    monkeypatch.setenv("IFCQA_SHIPPED_DIR", str(tmp_path / "another-worker"))
    with pytest.raises(NotShipped, match="house.ifc: this worker has no copy of it yet"):
        local_path(by_hash(ref))


def test_single_calls_from_many_threads_run_in_worker_processes_with_retries(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    with LocalExecutor(2, retries=2) as executor, ThreadPoolExecutor(4) as threads:
        values = list(threads.map(lambda n: executor.call(pid_of, n, f"n{n}"), range(8)))
        assert [n for n, _ in values] == list(range(8))
        pids = {pid for _, pid in values}
        assert 1 <= len(pids) <= 2 and os.getpid() not in pids
        assert executor.call(flaky, (str(tmp_path), 1, 2), "flaky") == 10  # failed twice, third try
        with pytest.raises(OSError, match="disk hiccup on 3"):
            executor.call(flaky, (str(tmp_path), 3, 9), "always")
        with pytest.raises(IfcqaError, match="model 2: not an IFC/STEP file"):
            executor.call(bad_input, 2, "bad")  # an input error: no retry
    assert (tmp_path / "calls-3").read_text() == "3"  # one try and two retries


def test_the_index_command_refuses_bad_input_before_any_work(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ifcqa.cli.main import app

    runner = CliRunner()
    missing = runner.invoke(app, ["index", str(tmp_path / "absent.ifc")])
    assert missing.exit_code == 1
    assert missing.stderr.strip() == f"error: {tmp_path / 'absent.ifc'}: no such file. Check the path."
    both = runner.invoke(app, ["index", str(tmp_path / "absent.ifc"), "--jobs", "2", "--dask", "local:2"])
    assert both.exit_code == 1 and "error: " in both.stderr


def test_the_index_command_lists_a_broken_file_with_keep_going(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from ifcqa.cli.main import app
    from ifcqa.sample import write_sample_model

    good = write_sample_model(tmp_path / "good.ifc", storeys=1, rooms_per_storey=1)
    broken = tmp_path / "broken.ifc"
    broken.write_text(good.read_text()[:2000])  # truncated
    args = ["index", str(good), str(broken), "--jobs", "1", "--keep-going", "--cache-dir", str(tmp_path / "c")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert [row["file"] for row in document["files"]] == [str(good)]
    [failure] = document["failed"]
    assert failure["file"] == str(broken) and failure["attempts"] == 1 and "truncated" in failure["error"]


def test_the_code_agent_runner_ships_a_model_once_then_sends_its_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ExecutorRunner`` with ``--ship-files``: the first run finds no copy on the worker (by hash), so it
    is sent again with the bytes; the next run of that model goes by hash. Outputs are those of ``run_code``."""
    import ifcopenshell

    from ifcqa.agents import sandbox
    from ifcqa.agents.code_agent import ExecutorRunner
    from ifcqa.agents.sandbox import SandboxLimits, run_code
    from ifcqa.sample import write_sample_model

    monkeypatch.setenv("IFCQA_SHIPPED_DIR", str(tmp_path / "worker"))
    model = write_sample_model(tmp_path / "house.ifc", storeys=1, seed=0)
    sent: list[bool] = []  # whether each job carried the bytes
    real_run_job = sandbox.run_job

    def spy(job: sandbox.SandboxJob) -> sandbox.SandboxResult | None:
        sent.append(job.model.data is not None)
        return real_run_job(job)

    monkeypatch.setattr("ifcqa.agents.code_agent.run_job", spy)
    code = "print(len(model.by_type('IfcWall')))"
    with LocalExecutor(1) as executor:  # in this process, so the spy sees every job
        runner = ExecutorRunner(executor, ship_files=True)
        first, second = runner(code, model, SandboxLimits()), runner(code, model, SandboxLimits())
    walls = str(len(ifcopenshell.open(str(model)).by_type("IfcWall")))
    assert first.stdout.strip() == second.stdout.strip() == walls == run_code(code, model).stdout.strip()
    assert sent == [False, True, False]  # by hash (no copy yet), with the bytes, by hash
    assert [p.name for p in (tmp_path / "worker").glob("*/*")] == ["house.ifc"]
