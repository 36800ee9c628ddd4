"""An ifcXML file is refused as ifcXML, naming the fix (convert it to a STEP .ifc), not as 'not an IFC/STEP file'."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ifcqa.errors import IfcOpenError
from ifcqa.ifc.open import open_model

IFCXML = """<?xml version="1.0" encoding="UTF-8"?>
<ifcXML xmlns="http://www.buildingsmart-tech.org/ifcXML/IFC4/final" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <header><name>house</name></header>
  <IfcProject id="i1" GlobalId="0YvctVUKr0kugbFTf53O9L" Name="House"/>
</ifcXML>
"""


def refusal(path: Path) -> str:
    with pytest.raises(IfcOpenError) as caught:
        open_model(path)
    return str(caught.value)


@pytest.mark.parametrize("name", ["house.ifcXML", "house.ifc", "house.xml"])
def test_an_ifcxml_file_is_named_as_ifcxml_with_the_fix(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(IFCXML)
    message = refusal(path)
    assert message.startswith(f"{path}: an ifcXML file")
    assert "ifcXML is not supported" in message and "Convert it to a STEP .ifc file" in message
    assert "not an IFC/STEP file" not in message


def test_an_ifczip_holding_ifcxml_is_refused_as_ifcxml(tmp_path: Path) -> None:
    path = tmp_path / "house.ifczip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("house.ifcXML", IFCXML)
    message = refusal(path)
    assert "(holding house.ifcXML): an ifcXML file" in message and "Convert it to a STEP .ifc file" in message


def test_other_xml_is_still_not_an_ifc_file(tmp_path: Path) -> None:
    path = tmp_path / "plan.ifc"
    path.write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n')
    assert "not an IFC/STEP file" in refusal(path)


def test_the_command_line_prints_the_refusal_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "house.ifcxml"
    path.write_text(IFCXML)
    done = subprocess.run(
        [sys.executable, "-m", "ifcqa.cli.main", "summary", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "ifcXML is not supported" in lines[0], done.stderr
