"""The tool registry is filled once, completely: a plug-in that fails to import is reported and registers nothing."""

from __future__ import annotations

import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from ifcqa.once import LoadOnce, PluginError
from ifcqa.tools import registry


def test_a_plugin_that_fails_on_import_is_named_and_leaves_no_tool_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "broken_tools_plugin.py").write_text(
        textwrap.dedent(
            """
            from ifcqa.tools.registry import tool

            @tool("models")
            def half_registered(index) -> dict:
                \"\"\"Registered before the module fails.\"\"\"
                return {}

            raise ImportError("needs the package frobnicate")
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    entry = EntryPoint("broken", "broken_tools_plugin", "ifcqa.tools")
    monkeypatch.setattr(registry, "entry_points", lambda group: [entry] if group == "ifcqa.tools" else [])
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    monkeypatch.setattr(registry, "_LOADED", LoadOnce(registry._load_plugins))
    for attempt in range(2):  # the same error every time: the module is not imported again
        with pytest.raises(PluginError) as caught:
            registry.get_tools()
        message = str(caught.value)
        assert "plug-in 'broken' (ifcqa.tools = broken_tools_plugin)" in message, attempt
        assert "ImportError: needs the package frobnicate" in message
        assert "Fix or uninstall the package that provides it" in message
    assert "half_registered" not in registry._REGISTRY
    assert "get_element" in registry._REGISTRY  # the built-ins stay
    sys.modules.pop("broken_tools_plugin", None)
