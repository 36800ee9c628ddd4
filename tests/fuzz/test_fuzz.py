"""Property-based fuzzing (hypothesis) of everything the outside world controls.

* STEP text: IfcOpenHouse_IFC4.ifc of the shared corpus, mutated (truncated anywhere, lines deleted,
  duplicated and swapped, random bytes, deep nesting, huge strings, cycles in aggregation and
  containment). Property: ``load_index`` gives an index or raises an :class:`IfcqaError`; on an index
  the tools answer or raise a :class:`ToolError`; ``ifcqa summary`` and ``ifcqa check`` print a result
  or one ``error:`` line; nothing is written beside the input. Each case runs in a forked child with
  a time limit, so a crash of the C++ parser or a hang is a failure, not a dead test run.
* tool arguments through ``call_tool`` and through the MCP face (``ModelTools.call``);
* selectors (``ifcqa select``'s evaluator);
* benchmark JSONL lines (``read_items``) and run folders (``load_run``).

Budget: the ``ifcqa-ci`` profile (derandomized, bounded: the module runs in well under a minute on
2 cores); ``bench/fuzz.py`` runs the same properties under the ``ifcqa-long`` profile. Inputs that
failed once are pinned below with ``@example`` as regression cases.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import signal
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ifcqa.cli.main import app
from ifcqa.errors import IfcqaError
from ifcqa.eval.loaders import load_run
from ifcqa.index import ModelIndex, load_index
from ifcqa.index.selector import select
from ifcqa.mcp.server import ModelTools
from ifcqa.mcq.benchfile import read_items
from ifcqa.tools import call_tool, get_tools

HOUSE = "IfcOpenHouse_IFC4.ifc"
CHILD_SECONDS = 60  # a case that takes longer is a hang

settings.register_profile(
    "ifcqa-ci",
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "ifcqa-long",
    max_examples=int(os.environ.get("IFCQA_FUZZ_EXAMPLES", "400")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
PROFILE = os.environ.get("IFCQA_FUZZ_PROFILE", "ifcqa-ci")
CI = settings.get_profile(PROFILE)


def scaled(n: int) -> settings:
    """The profile with ``n`` examples in CI (scaled up in the long profile)."""
    factor = 1 if PROFILE == "ifcqa-ci" else max(1, CI.max_examples // 25)
    return settings(CI, max_examples=n * factor)


# -- running a case in a child -------------------------------------------------------------------
def in_child(job: Callable[[], Any]) -> Any:
    """Run ``job`` in a forked child; return its result, re-raise its exception as a failure message.

    A signal (a segfault in the parser) or a run past CHILD_SECONDS fails the test with what happened.
    """
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(reader)
        try:
            outcome: tuple[str, Any] = ("ok", job())
        except BaseException as exc:  # noqa: BLE001 - everything is reported to the parent
            outcome = ("raised", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        try:
            data = pickle.dumps(outcome)
        except Exception as exc:  # noqa: BLE001
            data = pickle.dumps(("raised", f"unpicklable result: {exc}"))
        with os.fdopen(writer, "wb") as out:
            out.write(data)
        os._exit(0)
    os.close(writer)
    signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
    signal.alarm(CHILD_SECONDS)
    try:
        with os.fdopen(reader, "rb") as source:
            data = source.read()
        _, status = os.waitpid(pid, 0)
    finally:
        signal.alarm(0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        pytest.fail(f"the case hung (killed after {CHILD_SECONDS}s)" if sig == signal.SIGKILL else f"signal {sig}")
    kind, value = pickle.loads(data)
    if kind != "ok":
        pytest.fail(value)
    return value


# -- STEP text -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def house_lines(shared_ifc: Path) -> list[str]:
    return (shared_ifc / HOUSE).read_text().splitlines(keepends=True)


SPATIAL_IDS = (24, 31, 38)  # site, building, storey of the house
PRODUCT_IDS = (40, 2441, 2511, 2543)  # a wall, a door, a stair and one of its flights


def _cycle_lines(kind: str, a: int, b: int) -> str:
    guid = "0FuzzCycle000000000000"
    if kind == "aggregates":
        return f"#990001=IFCRELAGGREGATES('{guid}',#5,$,$,#{a},(#{b}));\n"
    return f"#990002=IFCRELCONTAINEDINSPATIALSTRUCTURE('{guid[:-1]}1',#5,$,$,(#{b}),#{a});\n"


@st.composite
def mutations(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    ops = st.one_of(
        st.tuples(st.just("truncate"), st.floats(0, 1), st.booleans()),
        st.tuples(st.just("keep"), st.integers(0, 40)),
        st.tuples(st.just("delete"), st.integers(0, 10**6)),
        st.tuples(st.just("duplicate"), st.integers(0, 10**6)),
        st.tuples(st.just("swap"), st.integers(0, 10**6), st.integers(0, 10**6)),
        st.tuples(st.just("bytes"), st.floats(0, 1), st.binary(min_size=1, max_size=24)),
        st.tuples(st.just("nest"), st.integers(0, 10**6), st.integers(1, 5000)),
        st.tuples(st.just("huge"), st.integers(0, 10**6), st.integers(1, 2_000_000)),
        st.tuples(
            st.just("cycle"),
            st.sampled_from(["aggregates", "containment"]),
            st.sampled_from(SPATIAL_IDS + PRODUCT_IDS),
            st.sampled_from(SPATIAL_IDS + PRODUCT_IDS),
        ),
    )
    return draw(st.lists(ops, min_size=1, max_size=3))


def mutate(lines: list[str], ops: list[tuple[Any, ...]]) -> bytes:
    lines = list(lines)
    data_start = next(i for i, line in enumerate(lines) if line.startswith("DATA;")) + 1
    data_end = max(i for i, line in enumerate(lines) if line.startswith("ENDSEC;"))
    for op in ops:
        span = max(1, data_end - data_start)
        name = op[0]
        if name == "keep":  # only the first n entities of the DATA section
            del lines[data_start + op[1] : data_end]
            data_end = data_start + op[1]
        elif name == "delete":
            del lines[data_start + op[1] % span]
            data_end -= 1
        elif name == "duplicate":
            i = data_start + op[1] % span
            lines.insert(i, lines[i])
            data_end += 1
        elif name == "swap":
            i, j = data_start + op[1] % span, data_start + op[2] % span
            lines[i], lines[j] = lines[j], lines[i]
        elif name == "nest":
            i = data_start + op[1] % span
            lines[i] = lines[i].replace(",", "," + "(" * op[2] + ")" * op[2] + ",", 1)
        elif name == "huge":
            i = data_start + op[1] % span
            lines[i] = lines[i].replace("'", "'" + "x" * op[2], 1)
        elif name == "cycle":
            lines.insert(data_end, _cycle_lines(op[1], op[2], op[3]))
            data_end += 1
    text = "".join(lines).encode()
    for op in ops:
        if op[0] == "bytes":
            at = int(op[1] * len(text))
            text = text[:at] + op[2] + text[at + len(op[2]) :]
        elif op[0] == "truncate":
            text = text[: int(op[1] * len(text))]
            if op[2]:  # keep the end marker, so the parser (not the envelope check) meets the cut
                text += b"\nENDSEC;\nEND-ISO-10303-21;\n"
    return text


def exercise_index(path: Path) -> str:
    """Load ``path`` and ask the tools about it; only IfcqaError may escape (as a returned message)."""
    try:
        index = load_index(path, use_cache=False)
    except IfcqaError as error:
        message = str(error)
        assert str(path) in message and "\n" not in message.strip(), message
        return "refused"
    ask_tools(index)
    return "indexed"


def ask_tools(index: ModelIndex) -> None:
    def ask(name: str, arguments: dict[str, Any]) -> None:
        with contextlib.suppress(IfcqaError):
            json.dumps(call_tool(index, name, arguments), default=str)

    for name in ("model_summary", "list_storeys", "list_buildings", "list_classes", "list_types", "list_systems"):
        ask(name, {})
    ask("find_elements", {"limit": 5})
    ask("count_elements", {"ifc_class": "IfcProduct", "group_by": "storey"})
    for element in sorted(index.data.elements)[:: max(1, len(index.data.elements) // 6)]:
        for name in ("get_element", "get_spatial_context", "get_properties", "get_materials"):
            ask(name, {"element": f"#{element}"})


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@given(ops=mutations())
@scaled(25)
@example(ops=[("keep", 0)])  # a header and an empty DATA section: IndexError in the unit lookup before
@example(ops=[("keep", 3)])  # a few entities and no IfcProject: the same IndexError
@example(ops=[("truncate", 0.5, True)])
@example(ops=[("bytes", 0.5, b"\x80")])  # found by bench/fuzz.py: a lone surrogate in the message broke `check`
@example(ops=[("huge", 0, 2_000_000)])
@example(ops=[("nest", 20, 5000)])
@example(ops=[("cycle", "aggregates", 38, 31)])
@example(ops=[("cycle", "containment", 2511, 38)])
def test_mutated_step_text_is_indexed_or_refused_with_one_line(
    ops: list[tuple[Any, ...]], house_lines: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("step")
    path = folder / "mutated.ifc"
    path.write_bytes(mutate(house_lines, ops))
    in_child(lambda: exercise_index(path))

    def cli() -> None:
        for command in (["summary", str(path), "--no-cache"], ["check", str(path)]):
            code, stdout, stderr = run_cli(*command)
            assert code in (0, 1), (command, code, stdout, stderr)
            if code == 1:
                assert stderr.startswith("error: ") and stderr.count("\n") == 1, stderr
            assert "Traceback" not in stdout + stderr and "internal_error" not in stdout

    in_child(cli)
    assert sorted(p.name for p in folder.iterdir()) == ["mutated.ifc"]  # nothing written beside the input


# -- tool arguments ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def house_index(shared_ifc: Path) -> ModelIndex:
    return load_index(shared_ifc / HOUSE, use_cache=False)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["#40", "40", "3g46_woBL6sugXeY5_WP6n", "IfcWall", "ifcwall", "", " ", "#", "#-1", "Qto.X"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)


@st.composite
def tool_calls(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    specs = get_tools()
    name = draw(st.sampled_from(sorted(specs)))
    fields = list(specs[name].arguments.model_fields)
    keys = st.sampled_from(fields) if fields else st.text(max_size=8)
    arguments = draw(st.dictionaries(keys | st.text(max_size=8), JSON_VALUES, max_size=len(fields) + 1))
    return name, arguments


def _slow_tool(name: str) -> bool:
    return name in {"get_bbox", "compare_extents", "elements_at_point", "point_in_box"}  # geometry: seconds each


@given(call=tool_calls())
@scaled(150)
@example(call=("get_element", {"element": 40}))
@example(call=("find_elements", {"limit": -1}))
@example(call=("get_property", {"element": "#40", "property": ""}))
def test_any_tool_arguments_answer_or_raise_a_tool_error(
    call: tuple[str, dict[str, Any]], house_index: ModelIndex
) -> None:
    name, arguments = call
    if _slow_tool(name):
        arguments = {k: v for k, v in arguments.items() if k != "element"}  # keep geometry tools off the kernel
    try:
        result = call_tool(house_index, name, arguments)
    except IfcqaError as error:
        assert str(error).strip(), (name, arguments)
        return
    assert isinstance(result, dict)
    json.dumps(result, default=str)


@given(call=tool_calls())
@scaled(60)
def test_any_mcp_call_is_a_result_never_an_internal_error(
    call: tuple[str, dict[str, Any]], house_index: ModelIndex
) -> None:
    name, arguments = call
    if _slow_tool(name):
        return
    result = ModelTools([house_index]).call(name, arguments)
    [content] = result.content
    payload = json.loads(content.text)  # type: ignore[union-attr]
    if result.is_error:
        assert payload["error"]["code"] != "internal_error", payload


# -- selectors -----------------------------------------------------------------------------------
SELECTOR_PIECES = st.sampled_from(
    [
        "IfcWall", "IfcDoor", "ifcwall", "IfcWal", "IfcProduct", "!", ",", ", ", "+", "=", "!=", "*=", ">", "<",
        "Name", "Pset_WallCommon.IsExternal", "/Pset_.*/./.*/", "\"x\"", "'y'", "TRUE", "NULL", "1.5", "-1",
        "material", "type", "location", "query:Name", "(", ")", "\"", "\\", "#40", "3g46_woBL6sugXeY5_WP6n", " ",
    ]
)  # fmt: skip


@given(pieces=st.lists(SELECTOR_PIECES | st.text(max_size=6), min_size=1, max_size=8))
@scaled(150)
@example(pieces=["IfcWall", ",", "location", "=", '"x"'])
def test_any_selector_selects_or_raises_a_tool_error(pieces: list[str], house_index: ModelIndex) -> None:
    query = "".join(pieces)
    try:
        found = select(house_index, query)
    except IfcqaError:
        return
    assert all(element.id in house_index.data.elements for element in found)


# -- benchmark lines and run folders -------------------------------------------------------------
ITEM = {
    "id": "x-1",
    "source_file": HOUSE,
    "source_sha256": "0" * 64,
    "group": "direct",
    "category": "direct.class",
    "subtype": "direct.class.identify",
    "question_type": "single",
    "question": "Which?",
    "options": [{"label": "A", "text": "IfcWall"}, {"label": "B", "text": "IfcDoor"}],
    "answer": ["A"],
    "provenance": {},
    "generator": {"name": "g", "version": 1},
}


@st.composite
def jsonl_lines(draw: st.DrawFn) -> str:
    def line() -> st.SearchStrategy[str]:
        mutated_item = st.dictionaries(st.sampled_from(sorted(ITEM)), JSON_VALUES, max_size=4).map(
            lambda changes: json.dumps({**ITEM, **changes})
        )
        return st.one_of(mutated_item, JSON_VALUES.map(json.dumps), st.text(max_size=40), st.just(json.dumps(ITEM)))

    return "\n".join(draw(st.lists(line(), max_size=5)))


@given(text=jsonl_lines())
@scaled(100)
@example(text="\ufeff" + json.dumps(ITEM))
@example(text=json.dumps(ITEM) + "\n" + json.dumps(ITEM)[:30])
def test_any_benchmark_file_is_read_or_refused_naming_the_line(
    text: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    bench = tmp_path_factory.mktemp("bench") / "BENCH.jsonl"
    bench.write_text(text, encoding="utf-8")
    try:
        items = read_items(bench)
    except IfcqaError as error:
        assert str(bench) in str(error)
        return
    assert all(item.answer for item in items) or items == []
    code, stdout, stderr = run_cli("mcq", "stats", str(bench))
    assert code in (0, 1) and "Traceback" not in stdout + stderr, (code, stdout, stderr)


@given(run_json=st.one_of(JSON_VALUES.map(json.dumps), st.text(max_size=30)), records=jsonl_lines())
@scaled(20)
def test_any_run_folder_is_read_or_refused(
    run_json: str, records: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("run")
    (folder / "run.json").write_text(run_json, encoding="utf-8")
    (folder / "records.jsonl").write_text(records, encoding="utf-8")
    with contextlib.suppress(IfcqaError):
        load_run(folder)
    out = tmp_path_factory.mktemp("report") / "out"
    code, stdout, stderr = run_cli("report", str(folder), "-o", str(out))
    assert code in (0, 1), (code, stdout, stderr)
    assert "Traceback" not in stdout + stderr and "internal_error" not in stdout
    if code == 1:
        assert stderr.startswith("error: ") and stderr.count("\n") == 1, stderr
