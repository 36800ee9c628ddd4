"""An .ifczip is unpacked within bounds: a zip bomb is refused by size and by ratio, naming the limit.

The archives are generated here: a small valid IFC4 model, padded with blank lines (which STEP
allows between entities and which deflate packs about 1000 to 1).
"""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

import ifcopenshell.api.project
import ifcopenshell.api.root
import pytest

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.open import MAX_RATIO_ENV, MAX_UNZIPPED_ENV, open_model

MB = 1 << 20


@pytest.fixture(scope="module")
def model_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    model = ifcopenshell.api.project.create_file(version="IFC4")
    ifcopenshell.api.run("root.create_entity", model, ifc_class="IfcProject", name="Zip test")
    ifcopenshell.api.run("root.create_entity", model, ifc_class="IfcWall", name="W1")
    path = tmp_path_factory.mktemp("zip") / "small.ifc"
    model.write(str(path))
    return path.read_text()


def padded(text: str, pad_bytes: int) -> str:
    """``text`` with ``pad_bytes`` newlines inserted before its last entity (still a valid STEP file)."""
    head, sep, tail = text.rpartition("ENDSEC;")
    return head + "\n" * pad_bytes + sep + tail


def zipped(folder: Path, text: str, name: str = "bomb.ifczip") -> Path:
    path = folder / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("model.ifc", text)
    return path


@pytest.fixture()
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the .ifc is unpacked in (to check that nothing is left there)."""
    folder = tmp_path / "scratch"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_zip_bomb_is_refused_by_its_ratio_and_leaves_nothing(
    tmp_path: Path, model_text: str, scratch: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MAX_RATIO_ENV, raising=False)
    monkeypatch.delenv(MAX_UNZIPPED_ENV, raising=False)
    folder = tmp_path / "in"
    folder.mkdir()
    path = zipped(folder, padded(model_text, 40 * MB))
    assert path.stat().st_size < 200_000  # ~40 MB packed about 1000 times
    with pytest.raises(IfcOpenError) as caught:
        open_model(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: model.ifc expands more than 100 times its packed size")
    assert f"(limit {MAX_RATIO_ENV}=100)" in message and "likely zip bomb" in message
    assert f"raise the limit, e.g. {MAX_RATIO_ENV}=1000" in message
    assert list(scratch.iterdir()) == []  # the partial .ifc is gone
    assert [p.name for p in folder.iterdir()] == ["bomb.ifczip"]  # nothing written beside the input


def test_an_archive_over_the_size_limit_is_refused_and_raising_the_limit_opens_it(
    tmp_path: Path, model_text: str, scratch: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MAX_RATIO_ENV, raising=False)
    path = zipped(tmp_path, padded(model_text, 3 * MB))
    monkeypatch.setenv(MAX_UNZIPPED_ENV, "1")
    with pytest.raises(IfcOpenError) as caught:
        open_model(path)
    assert str(caught.value) == (
        f"{path}: model.ifc expands to more than 1.0 MB, the limit {MAX_UNZIPPED_ENV}=1. If the file is genuine, "
        f"raise the limit, e.g. {MAX_UNZIPPED_ENV}=4, or unzip it and open the .ifc."
    )
    assert list(scratch.iterdir()) == []
    monkeypatch.setenv(MAX_UNZIPPED_ENV, "4")
    model = open_model(path)
    assert [w.Name for w in model.by_type("IfcWall")] == ["W1"]
    assert list(scratch.iterdir()) == []


def test_raising_the_ratio_limit_lets_a_highly_packed_genuine_file_open(
    tmp_path: Path, model_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MAX_UNZIPPED_ENV, raising=False)
    monkeypatch.setenv(MAX_RATIO_ENV, "5000")
    model = open_model(zipped(tmp_path, padded(model_text, 20 * MB)))
    assert [p.Name for p in model.by_type("IfcProject")] == ["Zip test"]


@pytest.mark.parametrize("value", ["lots", "0", "-5"])
def test_a_bad_limit_setting_is_named(
    tmp_path: Path, model_text: str, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(MAX_UNZIPPED_ENV, value)
    with pytest.raises(IfcOpenError, match=f"^{MAX_UNZIPPED_ENV}='{value}' (is not a number|must be positive)"):
        open_model(zipped(tmp_path, model_text))


def test_a_small_well_packed_file_is_not_taken_for_a_bomb(
    tmp_path: Path, model_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MAX_RATIO_ENV, raising=False)
    monkeypatch.delenv(MAX_UNZIPPED_ENV, raising=False)
    model = open_model(zipped(tmp_path, padded(model_text, 8 * MB)))  # ~1000:1, but under the 16 MB floor
    assert len(model.by_type("IfcWall")) == 1
