"""The read-only tools: one typed function each, served to the CLI, MCP and LLM agents.

The names below are imported on first use (PEP 562), so that importing a light submodule
(``ifcqa.tools.results``, ``ifcqa.tools.overview``) does not import the registry and pydantic.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ifcqa.tools.registry import ToolSpec, call_tool, get_tool, get_tools, render, tool
    from ifcqa.tools.results import MAX_OUTPUT_CHARS, paginate, ref

__all__ = ["MAX_OUTPUT_CHARS", "ToolSpec", "call_tool", "get_tool", "get_tools", "paginate", "ref", "render", "tool"]
_WHERE = {"MAX_OUTPUT_CHARS": "results", "paginate": "results", "ref": "results"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'ifcqa.tools' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"ifcqa.tools.{_WHERE.get(name, 'registry')}"), name)
    globals()[name] = value
    return value
