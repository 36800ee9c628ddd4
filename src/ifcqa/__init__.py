"""ifcqa: make IFC building models answerable by people and LLM agents, and measure how well."""

__version__ = "0.1.0"
