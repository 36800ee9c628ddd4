"""Imports the modules of the built-in tools, which register themselves with ``@tool``."""

from ifcqa.tools import aggregate, batch, geometry, model, properties, relations  # noqa: F401
