"""The MCP server of ifcqa: the registered read-only tools served over stdio (``ifcqa mcp FILE...``)."""

from ifcqa.mcp.server import ModelTools, build_server, run_stdio, serve_stdio

__all__ = ["ModelTools", "build_server", "run_stdio", "serve_stdio"]
