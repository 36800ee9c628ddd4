"""The error kinds of ifcqa.

Two kinds, as the architecture asks:

* :class:`IfcqaError` and its subclasses: the user's input is wrong (a file that is not IFC, an
  unknown GlobalId, a bad argument). Faces print the message on one line and exit non-zero; the
  message names the problem and the fix.
* :class:`ToolError`: a read-only tool was called with arguments that do not fit the model. It is
  an :class:`IfcqaError` too, so a CLI user sees the same text an LLM agent sees.

Anything else is a bug and is raised as it is.
"""

from __future__ import annotations

from typing import Any


class IfcqaError(Exception):
    """An error caused by input, with a message that names the problem and the fix."""

    code = "error"

    def to_dict(self) -> dict[str, Any]:
        """The one error shape shared by the CLI (``--json``), the MCP server and tool calls."""
        return {"error": {"code": self.code, "message": str(self)}}


class IfcOpenError(IfcqaError):
    """An IFC file could not be opened: missing, not STEP, empty, truncated, unsupported schema."""

    code = "open_error"


class CacheError(IfcqaError):
    """The index cache location cannot be used."""

    code = "cache_error"


class ToolError(IfcqaError):
    """A tool call whose arguments do not fit the model; goes back to the model as an observation."""

    code = "tool_error"
