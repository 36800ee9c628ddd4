"""open_model refuses every kind of unusable file with a message naming the file and the problem.

The bad files are made in ``tmp_path`` from IfcOpenHouse_IFC4.ifc of the shared corpus.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import ifcopenshell
import pytest

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.open import open_model
from ifcqa.index import IndexCache, load_index

HOUSE = "IfcOpenHouse_IFC4.ifc"
WALL_LINE = "#40=IFCWALLSTANDARDCASE"


@pytest.fixture(scope="module")
def house_text(shared_ifc: Path) -> str:
    text = (shared_ifc / HOUSE).read_text()
    assert "FILE_SCHEMA(('IFC4'))" in text and f"\n{WALL_LINE}(" in text and "#65," in text
    return text


def edit_wall_line(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` on the line of wall #40 only."""
    lines = text.splitlines(keepends=True)
    edited = [line.replace(old, new) if line.startswith(WALL_LINE) else line for line in lines]
    assert edited != lines
    return "".join(edited)


def open_error(path: Path) -> str:
    with pytest.raises(IfcOpenError) as caught:
        open_model(path)
    message = str(caught.value)
    assert path.name in message
    return message


def test_a_missing_path_is_no_such_file(tmp_path: Path) -> None:
    assert "no such file" in open_error(tmp_path / "absent.ifc")


def test_a_folder_is_refused_as_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "model.ifc"
    folder.mkdir()
    assert "is a folder, not an IFC file" in open_error(folder)


def test_an_empty_file_is_reported_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "empty.ifc"
    path.write_bytes(b"")
    assert "the file is empty (0 bytes)" in open_error(path)


def test_text_that_is_not_step_is_not_an_ifc_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.ifc"
    path.write_text("These are meeting notes, not a model.\n")
    assert "not an IFC/STEP file" in open_error(path)
    assert "ISO-10303-21;" in open_error(path)


def test_a_file_cut_in_half_is_truncated(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "half.ifc"
    path.write_text(house_text[: len(house_text) // 2])
    assert "truncated" in open_error(path)


def test_an_unsupported_schema_is_named(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "old.ifc"
    path.write_text(house_text.replace("FILE_SCHEMA(('IFC4'))", "FILE_SCHEMA(('IFC2X_FINAL'))"))
    message = open_error(path)
    assert "IFC2X_FINAL" in message and "ifcqa reads IFC2X3, IFC4 and IFC4X3" in message


def test_a_dangling_reference_is_a_corrupt_file(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "dangling.ifc"
    path.write_text(edit_wall_line(house_text, "#65,", "#999999,"))
    message = open_error(path)
    assert "corrupt IFC file" in message and "#999999" in message and "#40" in message


def test_an_unknown_entity_class_is_a_corrupt_file(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "unknown.ifc"
    path.write_text(edit_wall_line(house_text, "IFCWALLSTANDARDCASE", "IFCWALLXX"))
    message = open_error(path)
    assert "corrupt IFC file" in message and "IFCWALLXX" in message


def test_an_ifczip_holding_one_ifc_opens_with_every_entity(tmp_path: Path, shared_ifc: Path, house_text: str) -> None:
    path = tmp_path / "house.ifczip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("house.ifc", house_text)
    model = open_model(path)
    assert len(list(model)) == len(list(ifcopenshell.open(str(shared_ifc / HOUSE)))) == 2885


@pytest.mark.parametrize("members", [("a.ifc", "b.ifc"), ("readme.txt",)], ids=["two", "zero"])
def test_an_ifczip_without_exactly_one_ifc_is_refused(tmp_path: Path, house_text: str, members: tuple[str]) -> None:
    path = tmp_path / "bundle.ifczip"
    with zipfile.ZipFile(path, "w") as archive:
        for name in members:
            archive.writestr(name, house_text)
    count = sum(name.endswith(".ifc") for name in members)
    assert f"holds {count} .ifc files; an .ifczip must hold exactly one" in open_error(path)


def test_an_ifczip_that_is_not_a_zip_is_refused(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "plain.ifczip"
    path.write_text(house_text)
    assert "not a zip archive" in open_error(path)


def test_load_index_raises_the_same_error_and_caches_nothing(tmp_path: Path, house_text: str) -> None:
    path = tmp_path / "half.ifc"
    path.write_text(house_text[: len(house_text) // 2])
    cache_dir = tmp_path / "cache"
    with pytest.raises(IfcOpenError, match=re.escape(f"{path}: truncated")):
        load_index(path, cache=IndexCache(cache_dir))
    assert not cache_dir.exists() or list(cache_dir.iterdir()) == []
