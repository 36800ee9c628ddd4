"""The read-only tools: one typed function each, served to the CLI, MCP and LLM agents."""

from ifcqa.tools.registry import ToolSpec, call_tool, get_tool, get_tools, render, tool
from ifcqa.tools.results import MAX_OUTPUT_CHARS, paginate, ref

__all__ = ["MAX_OUTPUT_CHARS", "ToolSpec", "call_tool", "get_tool", "get_tools", "paginate", "ref", "render", "tool"]
