"""Modules imported on first use, so that a command which never needs them never pays for them.

``ifcqa`` answers most command-line calls from the cached index without opening the IFC file, so
importing IfcOpenShell (0.2-0.4 s) at start-up would cost more than the answer. A module that uses
a heavy library only in some of its functions binds it lazily::

    from typing import TYPE_CHECKING

    from ifcqa.lazy import lazy_import

    if TYPE_CHECKING:  # type checkers see the real module
        import ifcopenshell
        import ifcopenshell.ifcopenshell_wrapper as wrapper
    else:
        ifcopenshell = lazy_import("ifcopenshell")
        wrapper = lazy_import("ifcopenshell.ifcopenshell_wrapper")

The first attribute read (``ifcopenshell.open``) imports the module; nothing is put in
``sys.modules`` before that, so ``"ifcopenshell" in sys.modules`` tells whether it was really needed
(tests/cli/test_startup.py checks this). Annotations are not evaluated (``from __future__ import
annotations``), so ``-> ifcopenshell.file`` costs nothing.
"""

from __future__ import annotations

import importlib
import types
from typing import Any

_NOT_LOADING = frozenset({"__path__", "__file__", "__wrapped__", "__all__", "__reduce__", "__reduce_ex__"})


class LazyModule(types.ModuleType):
    """A stand-in for a module, replaced by the real one's attributes on first attribute access."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.__dict__["_lazy_target"] = name

    def __getattr__(self, attribute: str) -> Any:  # only called for attributes not (yet) in __dict__
        if attribute in _NOT_LOADING and "_lazy_loaded" not in self.__dict__:
            raise AttributeError(attribute)  # introspection (doctest, inspect, pickle) must not load the module
        module = importlib.import_module(self.__dict__["_lazy_target"])
        if "_lazy_loaded" not in self.__dict__:
            self.__dict__.update({k: v for k, v in module.__dict__.items() if k not in ("__name__", "__spec__")})
            self.__dict__["_lazy_loaded"] = True
        return getattr(module, attribute)

    def __repr__(self) -> str:
        state = "loaded" if "_lazy_loaded" in self.__dict__ else "not loaded yet"
        return f"<lazy module {self.__dict__['_lazy_target']!r} ({state})>"


def lazy_import(name: str) -> Any:
    """``name`` (``"ifcopenshell.util.selector"``), imported when one of its attributes is first read."""
    return LazyModule(name)
