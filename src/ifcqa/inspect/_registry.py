"""The ``inspect_ai`` entry point of ifcqa: importing it registers ``ifcqa/ifc_mcq`` with Inspect.

``pyproject.toml`` declares ``[project.entry-points.inspect_ai] ifcqa = "ifcqa.inspect._registry"``;
Inspect loads it when a name in the ``ifcqa/`` namespace is looked up (``inspect eval ifcqa/ifc_mcq``).
"""

from ifcqa.inspect.tasks import ifc_mcq

__all__ = ["ifc_mcq"]
