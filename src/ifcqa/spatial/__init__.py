"""Spatial question answering over the IFC graph, grounded in GlobalIds (see :mod:`ifcqa.spatial.pipeline`).

The names below are imported on first use (PEP 562): registering the ``ask_spatial`` tool
(:mod:`ifcqa.spatial.tool`) must not import the pipeline (IfcOpenShell, openai) at every CLI start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.spatial.parser import parse
    from ifcqa.spatial.pipeline import ANSWER_KEYS, SpatialQA
    from ifcqa.spatial.plan import ClassFilter, Plan

__all__ = ["ANSWER_KEYS", "ClassFilter", "Plan", "SpatialQA", "parse"]
_WHERE = {"parse": "parser", "ANSWER_KEYS": "pipeline", "SpatialQA": "pipeline", "ClassFilter": "plan", "Plan": "plan"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'ifcqa.spatial' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"ifcqa.spatial.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
