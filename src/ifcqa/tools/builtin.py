"""Imports the modules of the built-in tools, which register themselves with ``@tool``."""

from ifcqa.tools import model  # noqa: F401
