"""One registry for everything ifcqa finds by name, keyed ``kind:name`` (``tool:get_element``, ``agent:oracle``).

Every extension point is a :class:`Kind`: built-ins and plug-ins register the same way, by the kind's
decorator (``@tool``, ``@agent("oracle")``, ``@generator("direct.class.of_named_element")``,
``@graph_store("kuzu")``, ...), so adding one is one module plus its registration:

* a built-in module is found by the kind's loader (a package walked, or modules named), imported on
  first use, once, completely, whichever thread asks first (:class:`~ifcqa.once.LoadOnce`);
* a plug-in package names its module under the kind's entry-point group (``ifcqa.tools``,
  ``ifcqa.agents``, ``ifcqa.mcq``, ``ifcqa.graph_stores``, ``ifcqa.memory_systems``,
  ``ifcqa.run_readers``, ``ifcqa.oracle_policies``); importing it registers what it defines;
* a name registered twice (two different objects) is refused, naming both modules;
* what a kind needs to know besides the object (a generator's version, a reader's ``detect``) is kept
  as the entry's ``info``; :func:`creation` records how an object was made (kind, name and creation
  arguments), so a run can be rebuilt from its log (an eval run's manifest records its agent so).

Kinds that are loaded together (a category's generator and verifier come from one plug-in) share a
:class:`Loader`; a module or plug-in that fails to import registers nothing in any of them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, TypeVar

from ifcqa.errors import IfcqaError
from ifcqa.once import LoadOnce, import_registering, load_entry_point

T = TypeVar("T")


class RegistryError(IfcqaError, ValueError):
    """A name registered twice, or an unknown name asked for (the message lists the known ones)."""

    code = "registry_error"


@dataclass(frozen=True)
class Registered:
    """One registered object: its kind, name, the object, and what the kind keeps beside it."""

    kind: str
    name: str
    obj: Any
    info: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.name}"


@dataclass(frozen=True)
class Loader:
    """Where the built-ins of one or more kinds are, and the entry-point groups of their plug-ins.

    Args:
        modules: modules imported as they are.
        packages: packages whose every module (not starting with ``_``, nor in ``skip``) is imported.
        groups: entry-point groups whose entries are loaded after the built-ins.
        skip: module names (last part) of ``packages`` that register nothing.
    """

    modules: tuple[str, ...] = ()
    packages: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()

    def module_names(self) -> list[str]:
        names = list(self.modules)
        for package_name in self.packages:
            package = importlib.import_module(package_name)
            for module in pkgutil.iter_modules(package.__path__):
                if not module.name.startswith("_") and module.name not in self.skip:
                    names.append(f"{package_name}.{module.name}")
        return names


class Kind:
    """The registry of one kind of thing (``tool``, ``agent``, ``generator``, ...).

    Args:
        name: the kind (the first half of a ``kind:name`` key).
        label: what one calls them in messages ("tools", "graph backends").
        loader: where the built-ins and plug-ins are; kinds loaded together pass the same :class:`Loader`
            object (see :func:`kind`).
    """

    def __init__(self, name: str, label: str, loader: Loader) -> None:
        self.name = name
        self.label = label
        self.loader = loader
        self._entries: dict[str, Registered] = {}
        self._loaded: LoadOnce = _attach(self)

    def register(self, name: str, obj: T, **info: Any) -> T:
        """Register ``obj`` under ``name``; the same object again is a no-op, another one an error.

        Raises:
            RegistryError: another object already holds ``name`` (both modules are named).
        """
        with self._loaded.lock:
            known = self._entries.get(name)
            if known is not None and known.obj is not obj:
                raise RegistryError(
                    f"{self.name}:{name} is registered twice: by {_where(known.obj)} and by {_where(obj)}. "
                    f"Give one of the {self.label} another name."
                )
            self._entries[name] = Registered(self.name, name, obj, dict(info))
        return obj

    def decorator(self, name: str | None = None, **info: Any) -> Callable[[T], T]:
        """A decorator registering what it decorates under ``name`` (default: its ``__name__``)."""

        def register(obj: T) -> T:
            return self.register(name or getattr(obj, "__name__"), obj, **info)  # noqa: B009

        return register

    def entries(self) -> dict[str, Registered]:
        """Every registered entry, in registration order (built-ins first, then plug-ins)."""
        self._loaded.ensure()
        with self._loaded.lock:
            return dict(self._entries)

    def objects(self) -> dict[str, Any]:
        """Name -> registered object."""
        return {name: entry.obj for name, entry in self.entries().items()}

    def get(self, name: str) -> Registered:
        """The entry of ``name``.

        Raises:
            RegistryError: no such name; the message lists the registered ones.
        """
        entries = self.entries()
        if name not in entries:
            raise RegistryError(
                f"Unknown {self.name} {name!r}. Available {self.label}: {', '.join(sorted(entries)) or '(none)'}."
            )
        return entries[name]

    @property
    def loaded(self) -> bool:
        return self._loaded.done

    def ensure_loaded(self) -> None:
        self._loaded.ensure()

    def snapshot(self) -> dict[str, Registered]:
        """A copy of the loaded entries, for :meth:`restore` (tests that register scratch entries)."""
        return self.entries()

    def override(self, name: str, obj: T, **info: Any) -> T:
        """Put ``obj`` under ``name`` whatever holds it (tests that swap an entry; put back with :meth:`restore`)."""
        self.ensure_loaded()
        with self._loaded.lock:
            self._entries[name] = Registered(self.name, name, obj, dict(info))
        return obj

    def restore(self, entries: Mapping[str, Registered]) -> None:
        """Put back the entries of a :meth:`snapshot`."""
        with self._loaded.lock:
            self._entries.clear()
            self._entries.update(entries)

    def _store(self) -> dict[str, Registered]:
        return self._entries


KINDS: dict[str, Kind] = {}
# Where each built-in kind is declared (with its decorator): imported when a key of that kind is looked up.
HOMES = {
    "tool": "ifcqa.tools.registry",
    "agent": "ifcqa.agents.base",
    "generator": "ifcqa.mcq.registry",
    "verifier": "ifcqa.mcq.registry",
    "oracle_policy": "ifcqa.agents.oracle_policies._plan",
    "graph_store": "ifcqa.graph.store",
    "run_reader": "ifcqa.eval.loaders",
    "memory_system": "ifcqa.memory.base",
}
_LOADERS: dict[int, tuple[Loader, LoadOnce, list[Kind]]] = {}


def kind(name: str, label: str, loader: Loader) -> Kind:
    """Declare (once) the kind ``name``; declaring it again returns the same :class:`Kind`.

    Raises:
        RegistryError: ``name`` is already declared with another loader.
    """
    known = KINDS.get(name)
    if known is not None:
        if known.loader is not loader:
            raise RegistryError(f"the kind {name!r} is declared twice with different loaders")
        return known
    declared = KINDS[name] = Kind(name, label, loader)
    return declared


def _attach(declared: Kind) -> LoadOnce:
    """The :class:`LoadOnce` of ``declared``'s loader (one per loader, shared by every kind it fills)."""
    loader = declared.loader
    known = _LOADERS.get(id(loader))
    if known is None:
        kinds: list[Kind] = []

        def load() -> None:
            stores = tuple(k._store() for k in kinds)
            what = " and ".join(k.label for k in kinds)
            for module in loader.module_names():
                import_registering(module, stores, what)
            for group in loader.groups:
                for entry in entry_points(group=group):
                    load_entry_point(entry, stores, what)

        known = _LOADERS[id(loader)] = (loader, LoadOnce(load), kinds)
    known[2].append(declared)
    return known[1]


def lookup(key: str) -> Registered:
    """The entry of a ``kind:name`` key (``agent:oracle``).

    Raises:
        RegistryError: not of the form ``kind:name``, an unknown kind, or an unknown name.
    """
    kind_name, sep, name = key.partition(":")
    if kind_name in HOMES:
        importlib.import_module(HOMES[kind_name])
    if not sep or kind_name not in KINDS:
        known = ", ".join(sorted({*KINDS, *HOMES}))
        raise RegistryError(f"{key!r} is not a registry key: write kind:name, kind one of {known}.")
    return KINDS[kind_name].get(name)


@dataclass(frozen=True)
class Creation:
    """How an object was made: ``kind:name`` and the arguments it was created with (JSON values)."""

    key: str
    arguments: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "arguments": dict(self.arguments)}


def creation(kind_name: str, name: str, arguments: Mapping[str, Any]) -> Creation:
    """Record of a creation, to be written into a run's log and read back by :func:`recreate`."""
    return Creation(f"{kind_name}:{name}", dict(arguments))


def recreate(record: Mapping[str, Any], build: Callable[[Registered, Mapping[str, Any]], T]) -> T:
    """Rebuild an object from a :meth:`Creation.as_json` record: ``build(entry, arguments)``."""
    return build(lookup(str(record["key"])), record.get("arguments") or {})


def _where(obj: Any) -> str:
    module = getattr(obj, "__module__", None) or type(obj).__module__
    return f"{module}.{getattr(obj, '__qualname__', type(obj).__name__)}"


def names(kinds: Iterable[str] | None = None) -> list[str]:
    """Every ``kind:name`` key of the given kinds (default: all declared kinds), sorted."""
    for home in HOMES.values():
        importlib.import_module(home)
    chosen = [KINDS[k] for k in (kinds if kinds is not None else sorted(KINDS))]
    return sorted(entry.key for k in chosen for entry in k.entries().values())
