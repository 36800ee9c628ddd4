"""Inspect AI integration: the IFC-MCQ benchmark as the Inspect task ``ifcqa/ifc_mcq``.

Nothing here is a second implementation: the samples are the benchmark items, the tools are the ifcqa
tools (called through :func:`ifcqa.tools.registry.call_tool`), the prompts are the ifcqa agents' and
the grading is Inspect's exact multiple-choice scoring. ``ifcqa report`` reads the logs
(:mod:`ifcqa.eval.inspect_reader`). Needs the ``inspect`` extra: ``pip install 'ifcqa[inspect]'``.
"""

from __future__ import annotations

try:
    import inspect_ai  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the extra
    from ifcqa.errors import IfcqaError

    raise IfcqaError("The Inspect integration needs inspect-ai. Install it with: pip install 'ifcqa[inspect]'") from exc

from ifcqa.inspect.samples import bench_dataset, to_sample
from ifcqa.inspect.solvers import ifc_multiple_choice
from ifcqa.inspect.tasks import ifc_mcq
from ifcqa.inspect.tools import ifc_tools, inspect_tools

__all__ = ["bench_dataset", "ifc_mcq", "ifc_multiple_choice", "ifc_tools", "inspect_tools", "to_sample"]
