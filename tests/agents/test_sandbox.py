"""The sandbox in normal use: the model is there, IfcOpenShell works, output is capped, errors read well."""

from __future__ import annotations

import os
import shutil
import struct
import tempfile
from pathlib import Path

import ifcopenshell
import ifcopenshell.geom
import ifcopenshell.util.element
import pytest

from ifcqa.agents.sandbox import (
    BLOCKED_FCNTL,
    BLOCKED_SYSCALLS_X86_64,
    SYSCALL_CLONE,
    SYSCALL_CLONE3,
    SYSCALL_FCNTL,
    SandboxLimits,
    clean_text,
    run_code,
    seccomp_filter,
    signal_name,
)
from ifcqa.errors import IfcqaError

ROOT = os.geteuid() == 0


@pytest.fixture
def model_file(shared_ifc: Path, tmp_path: Path) -> Path:
    path = tmp_path / "house.ifc"
    shutil.copyfile(shared_ifc / "IfcOpenHouse_IFC4.ifc", path)
    return path


def test_code_reading_the_model_prints_the_number_of_walls(model_file: Path) -> None:
    expected = len(ifcopenshell.open(str(model_file)).by_type("IfcWall"))
    result = run_code("print(len(model.by_type('IfcWall')))", model_file)
    assert result.ok, result.stderr
    assert result.stdout == f"{expected}\n"
    assert not result.truncated and not result.timed_out and result.killed_reason is None


def test_ifcopenshell_util_element_gives_the_same_property_sets_as_outside(model_file: Path) -> None:
    wall = ifcopenshell.open(str(model_file)).by_type("IfcWall")[0]
    expected = sorted(ifcopenshell.util.element.get_psets(wall))
    code = (
        "import ifcopenshell.util.element as element\n"
        f"wall = model.by_id({wall.id()})\n"
        "print(sorted(element.get_psets(wall)))\n"
    )
    result = run_code(code, model_file)
    assert result.ok, result.stderr
    assert result.stdout.strip() == repr(expected)


def test_a_last_bare_expression_is_printed_like_in_a_notebook(model_file: Path) -> None:
    result = run_code("x = 20\nx + 22", model_file)
    assert result.stdout == "42\n"


def test_output_over_the_cap_is_cut_and_flagged(model_file: Path) -> None:
    result = run_code("print('x' * 10000)", model_file)
    assert result.ok
    assert result.stdout == "x" * 6000
    assert result.truncated


def test_the_output_cap_follows_the_limits(model_file: Path) -> None:
    result = run_code("print('é' * 50)", model_file, SandboxLimits(output_chars=10))
    assert result.stdout == "é" * 10 and result.truncated


def test_a_syntax_error_returns_the_traceback_so_the_model_can_fix_its_code(model_file: Path) -> None:
    result = run_code("walls = model.by_type('IfcWall'\nprint(len(walls))", model_file)
    assert result.exit_code == 1 and not result.ok
    assert "SyntaxError" in result.stderr
    assert 'File "<code>", line 1' in result.stderr
    assert result.stdout == ""


def test_a_runtime_error_shows_the_code_line_and_not_the_sandbox_frames(model_file: Path) -> None:
    result = run_code("walls = model.by_type('IfcWall')\nprint(walls[999])", model_file)
    assert result.exit_code == 1
    assert 'File "<code>", line 2' in result.stderr
    assert "print(walls[999])" in result.stderr
    assert result.stderr.strip().endswith("IndexError: tuple index out of range")
    assert "_sandbox_child" not in result.stderr


def test_writes_in_the_work_folder_work(model_file: Path) -> None:
    code = (
        "import os, tempfile\n"
        "with open('notes.txt', 'w') as out: out.write('walls')\n"
        "with tempfile.NamedTemporaryFile('w', delete=False) as tmp: tmp.write('more')\n"
        "print(open(os.path.join(work_dir, 'notes.txt')).read(), open(tmp.name).read())\n"
        "print(os.path.dirname(tmp.name) == work_dir == os.getcwd() == os.environ['HOME'])\n"
    )
    result = run_code(code, model_file)
    assert result.ok, result.stderr
    assert result.stdout == "walls more\nTrue\n"


def test_nothing_persists_between_runs(model_file: Path) -> None:
    first = run_code("secret_value = 42\nopen('left-behind', 'w').write('x')", model_file)
    second = run_code("import os\nprint('secret_value' in globals(), os.listdir('.'))", model_file)
    assert first.ok and second.ok
    assert second.stdout == "False []\n"


def test_the_environment_holds_no_inherited_variable(model_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IFCQA_PARENT_ONLY", "parent-value")
    result = run_code("import os\nprint(sorted(os.environ))", model_file)
    names = eval(result.stdout)
    assert "IFCQA_PARENT_ONLY" not in names
    assert set(names) <= {"PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS",
                          "MKL_NUM_THREADS"}


def test_the_original_model_file_is_left_as_it_was(model_file: Path) -> None:
    before = (model_file.read_bytes(), model_file.stat().st_mode)
    result = run_code("print(model_path != '', len(list(model)) > 0)", model_file)
    assert result.stdout == "True True\n"
    assert (model_file.read_bytes(), model_file.stat().st_mode) == before


def test_the_scratch_folder_is_removed_after_the_run(
    model_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    run_code("open('file', 'w').write('x')", model_file)
    assert list(temp.iterdir()) == []


def test_the_result_names_the_isolation_layers_that_took_hold(model_file: Path) -> None:
    result = run_code("pass", model_file)
    assert {"resource-limits", "read-only-model", "scrubbed-environment", "audit-hook"} <= set(result.layers)
    if ROOT:
        assert {"unprivileged-uid", "filesystem-jail", "network-namespace", "ipc-namespace", "dies-with-caller",
                "seccomp-filter"} <= set(result.layers)
    else:
        assert any("not root" in note for note in result.notes)


def test_a_file_that_is_not_ifc_fails_setup_with_a_reason(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.ifc"
    bogus.write_text("not a STEP file")
    result = run_code("print('ran')", bogus)
    assert result.stdout == ""
    assert result.exit_code == 70
    assert result.killed_reason is not None and result.killed_reason.startswith("sandbox setup failed")
    assert "bogus" in result.killed_reason or "model" in result.killed_reason or "Error" in result.killed_reason


def test_a_sandbox_that_cannot_start_is_a_result_not_an_exception(
    model_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.executable", "/nonexistent/python3")
    result = run_code("print('ran')", model_file)
    assert result.exit_code is None and not result.ok
    assert result.killed_reason is not None and result.killed_reason.startswith("sandbox could not start")
    assert "/nonexistent/python3" in result.killed_reason


def _shapes_outside(path: Path) -> int:
    model = ifcopenshell.open(str(path))  # kept alive while the iterator reads it
    iterator = ifcopenshell.geom.iterator(ifcopenshell.geom.settings(), model, 1)
    count = 0
    if iterator.initialize():
        count = 1
        while iterator.next():
            count += 1
    return count


GEOMETRY = """
import ifcopenshell.geom
iterator = ifcopenshell.geom.iterator(ifcopenshell.geom.settings(), model, {threads})
count = 0
if iterator.initialize():
    count = 1
    while iterator.next():
        count += 1
print(count)
"""


@pytest.mark.skipif(not ROOT, reason="without root the code gets no threads: the iterator runs one")
def test_the_geometry_iterator_with_4_threads_gives_the_shapes_it_gives_outside(model_file: Path) -> None:
    result = run_code(GEOMETRY.format(threads=4), model_file)
    assert result.ok, result.stderr
    assert result.stdout == f"{_shapes_outside(model_file)}\n"
    assert result.stderr == ""


def test_the_geometry_iterator_is_sized_to_the_thread_limit_instead_of_hanging(model_file: Path) -> None:
    limits = SandboxLimits(wall_s=60)
    result = run_code(GEOMETRY.format(threads=64), model_file, limits)
    assert result.ok, (result.killed_reason, result.stderr)
    assert result.stdout == f"{_shapes_outside(model_file)}\n"
    most = max(1, limits.threads - 1) if ROOT else 1
    assert f"runs {most} thread(s), not 64" in result.stderr


def test_clean_text_removes_escape_sequences_and_bidi_controls_and_keeps_text() -> None:
    assert clean_text("\x1b[31mred\x1b[0m and \x1b]0;title\x07plain") == "red and plain"
    assert clean_text("a\u202eb\u2066c\u200fd") == "abcd"
    assert clean_text("tab\tline\r\nnext\rover\x00\x08\x9b") == "tab\tline\nnext\nover\ufffd\ufffd"
    assert clean_text("Wand 1.05 m² – Öffnung 日本") == "Wand 1.05 m² – Öffnung 日本"


def test_every_signal_number_has_a_name() -> None:
    assert signal_name(9) == "SIGKILL"
    assert signal_name(40).startswith("SIGRTMIN+")
    assert signal_name(200) == "signal 200"


def test_a_missing_model_file_is_an_error_naming_the_path(tmp_path: Path) -> None:
    with pytest.raises(IfcqaError, match="missing.ifc"):
        run_code("pass", tmp_path / "missing.ifc")


def test_the_seccomp_program_blocks_each_listed_syscall_on_x86_64() -> None:
    program = seccomp_filter("x86_64")
    assert program is not None and len(program) % 8 == 0
    compared = {struct.unpack("=HBBI", program[i : i + 8])[3] for i in range(0, len(program), 8)}
    assert set(BLOCKED_SYSCALLS_X86_64.values()) <= compared
    assert {SYSCALL_CLONE, SYSCALL_CLONE3, SYSCALL_FCNTL, *BLOCKED_FCNTL.values()} <= compared
    assert seccomp_filter("aarch64") is None
