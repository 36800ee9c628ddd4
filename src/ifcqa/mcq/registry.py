"""Registries of question generators and verifiers, keyed by taxonomy subtype code.

Both halves register by decorator; the built-in modules under ``ifcqa.mcq.generate`` and
``ifcqa.mcq.verify`` are discovered by walking those packages (no hand-kept list), and other
packages add categories through the ``ifcqa.mcq`` entry point group (a module that registers both
halves on import). This module imports neither half, so a verifier can use it freely.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from ifcqa.mcq.items import Item
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.once import LoadOnce, import_registering, load_entry_point

GeneratorFunction = Callable[[Any], Iterator[Any]]  # GenContext -> Draft | Skip
VerifierFunction = Callable[[Any, Item], set[str]]  # (ifcopenshell.file, item) -> labels found true


@dataclass(frozen=True)
class GeneratorSpec:
    subtype: str
    version: int
    function: GeneratorFunction

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__name__}"


_GENERATORS: dict[str, GeneratorSpec] = {}
_VERIFIERS: dict[str, VerifierFunction] = {}


def _check_code(code: str) -> None:
    if code not in SUBTYPES and not code.startswith("x."):
        raise ValueError(f"{code!r} is not a taxonomy subtype code (custom ones start with 'x.')")


def generator(subtype: str, version: int = 1) -> Callable[[GeneratorFunction], GeneratorFunction]:
    """Register the generator of ``subtype``; bump ``version`` whenever its output changes."""

    def register(function: GeneratorFunction) -> GeneratorFunction:
        _check_code(subtype)
        with _LOADED.lock:
            if subtype in _GENERATORS and _GENERATORS[subtype].function is not function:
                raise ValueError(f"a generator for {subtype} is registered twice")
            _GENERATORS[subtype] = GeneratorSpec(subtype, version, function)
        return function

    return register


def verifier(subtype: str) -> Callable[[VerifierFunction], VerifierFunction]:
    """Register the verifier of ``subtype``: it returns the labels it independently finds true."""

    def register(function: VerifierFunction) -> VerifierFunction:
        _check_code(subtype)
        with _LOADED.lock:
            if subtype in _VERIFIERS and _VERIFIERS[subtype] is not function:
                raise ValueError(f"a verifier for {subtype} is registered twice")
            _VERIFIERS[subtype] = function
        return function

    return register


def _load() -> None:
    """Every module of the generate and verify packages (they register themselves), then the plug-ins."""
    both = (_GENERATORS, _VERIFIERS)
    for package_name in ("ifcqa.mcq.generate", "ifcqa.mcq.verify"):
        package = importlib.import_module(package_name)
        for module in pkgutil.iter_modules(package.__path__):
            if not module.name.startswith("_"):
                import_registering(f"{package_name}.{module.name}", both, "generators and verifiers")
    for entry in entry_points(group="ifcqa.mcq"):
        load_entry_point(entry, both, "generators and verifiers")


_LOADED = LoadOnce(_load)


def get_generators() -> dict[str, GeneratorSpec]:
    """Registered generators by subtype code, in taxonomy order."""
    _LOADED.ensure()
    order = list(SUBTYPES)
    with _LOADED.lock:
        generators = dict(_GENERATORS)
    return dict(sorted(generators.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 999, kv[0])))


def get_verifiers() -> dict[str, VerifierFunction]:
    """Registered verifiers by subtype code."""
    _LOADED.ensure()
    with _LOADED.lock:
        return dict(_VERIFIERS)
