"""Registries filled on first use: exactly once, completely, whichever thread asks first.

The tool, agent and generator registries are filled by importing modules (the built-ins, then the
entry points of plug-ins). A thread that reads a registry while another is still importing must not
see part of it (an evaluation thread once answered "Unknown tool 'get_element'. Available tools: ."):

* :class:`LoadOnce` runs the loader under a lock and marks it done only after it succeeded; every
  other thread waits for it. The loader's own thread re-entering (a plug-in module reading the
  registry while it is imported) sees what is registered so far, as a plain import would.
* A loader that fails fails the same way for every later caller (the error is kept), and
  :func:`load_entry_point` takes back what a failing plug-in registered before it failed, so a
  registry is never half-filled.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, MutableMapping
from importlib.metadata import EntryPoint
from typing import Any

from ifcqa.errors import IfcqaError

Registries = MutableMapping[str, Any] | tuple[MutableMapping[str, Any], ...]  # one registry, or several filled together


class PluginError(IfcqaError):
    """A built-in module or a plug-in (entry point) failed to import; nothing of it is registered."""

    code = "plugin_error"


class LoadOnce:
    """Run ``load`` the first time :meth:`ensure` is called, from whichever thread; others wait for it."""

    def __init__(self, load: Callable[[], None]) -> None:
        self._load = load
        self._loading = threading.RLock()  # held while loading (importing): never taken by a registration
        self.lock = threading.Lock()  # held briefly by registrations and readers, so a reader never sees a dict change
        self._done = False
        self._error: IfcqaError | None = None
        self._loader: int | None = None

    @property
    def done(self) -> bool:
        return self._done

    def ensure(self) -> None:
        """Return once the loader has completed (at once after the first time).

        Raises:
            PluginError: the loader failed (now or on an earlier call): the message names the module.
        """
        if self._done:  # set only after a complete load: no lock needed to read it
            return
        with self._loading:
            if self._done:
                return
            if self._error is not None:
                raise self._error
            if self._loader == threading.get_ident():
                return  # re-entered by a module the loader is importing
            self._loader = threading.get_ident()
            try:
                self._load()
            except PluginError as exc:
                self._error = exc
                raise
            finally:
                self._loader = None
            self._done = True


def import_registering(module: str, registry: Registries, what: str) -> None:
    """Import a built-in ``module`` that fills ``registry``; on failure take back what it added.

    Raises:
        PluginError: the import failed (the message names the module and the exception).
    """
    import importlib

    fix = "This is a bug or a broken installation of ifcqa: reinstall it"
    _guarded(lambda: importlib.import_module(module), registry, f"the built-in module {module}", what, fix)


def load_entry_point(entry: EntryPoint, registry: Registries, what: str) -> None:
    """Load a plug-in's entry point that fills ``registry``; on failure take back what it added.

    Raises:
        PluginError: the plug-in failed to import (the message names it, its group and the fix).
    """
    source = f"the plug-in {entry.name!r} ({entry.group} = {entry.value})"
    _guarded(entry.load, registry, source, what, "Fix or uninstall the package that provides it")


def _guarded(load: Callable[[], Any], registry: Registries, source: str, what: str, fix: str) -> None:
    registries = registry if isinstance(registry, tuple) else (registry,)
    before = [dict(r) for r in registries]
    try:
        load()
    except Exception as exc:  # any import failure: report it, register nothing of it
        for r, kept in zip(registries, before, strict=True):
            r.clear()
            r.update(kept)
        raise PluginError(
            f"Could not load {what} from {source}: {type(exc).__name__}: {exc}. {fix}; none of its {what} "
            "is registered."
        ) from exc
