"""``inspect eval ifcqa/ifc_mcq`` finds the task however ifcqa is on the path.

Inspect names a task ``<package>/<name>`` only when it finds the package installed. A developer's editable install
with ``PYTHONPATH`` pointing at the source tree puts setuptools' ``ifcqa.egg-info`` (no PEP 610 record) ahead of the
installed one; Inspect then registered a bare ``ifc_mcq`` and every ``inspect eval ifcqa/ifc_mcq`` said "No inspect
tasks were found". Each check runs in a fresh interpreter: the naming happens once, at import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import ifcqa

SRC = Path(ifcqa.__file__).resolve().parent.parent

LOOKUP = """
import json
from inspect_ai._util.registry import registry_info, registry_lookup
from importlib.metadata import Distribution
found = registry_lookup("task", "ifcqa/ifc_mcq")
print(json.dumps({"found": found is not None, "name": registry_info(found).name if found else None,
                  "dist": str(Distribution.from_name("ifcqa")._path)}))
"""


def lookup(pythonpath: list[Path]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in pythonpath)}
    done = subprocess.run([sys.executable, "-c", LOOKUP], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_the_task_is_ifcqa_ifc_mcq_when_a_source_tree_egg_info_comes_first(tmp_path: Path) -> None:
    egg = tmp_path / "ifcqa.egg-info"  # what `pip install -e .` leaves in src/, entry point included
    egg.mkdir()
    (egg / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: ifcqa\nVersion: 0.1.0\n")
    (egg / "entry_points.txt").write_text("[inspect_ai]\nifcqa = ifcqa.inspect._registry\n")
    answer = lookup([tmp_path, SRC])
    assert answer["dist"] == str(egg)  # the condition under test: Inspect sees the egg-info first
    assert answer == {"found": True, "name": "ifcqa/ifc_mcq", "dist": str(egg)}


def test_the_task_is_ifcqa_ifc_mcq_as_installed() -> None:
    answer = lookup([SRC])
    assert (answer["found"], answer["name"]) == (True, "ifcqa/ifc_mcq")
