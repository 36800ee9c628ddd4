"""Registries of question generators and verifiers, keyed by taxonomy subtype code.

Both halves register by decorator, as kinds ``generator`` and ``verifier`` of :mod:`ifcqa.registry`
(loaded together); the built-in modules under ``ifcqa.mcq.generate`` and ``ifcqa.mcq.verify`` are
discovered by walking those packages (no hand-kept list), and other packages add categories through
the ``ifcqa.mcq`` entry point group (a module that registers both halves on import). This module
imports neither half, so a verifier can use it freely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ifcqa.mcq.items import Item
from ifcqa.mcq.taxonomy import SUBTYPES
from ifcqa.registry import Loader, kind

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


_LOADER = Loader(packages=("ifcqa.mcq.generate", "ifcqa.mcq.verify"), groups=("ifcqa.mcq",))
GENERATORS = kind("generator", "generators", _LOADER)  # generator:<subtype code>
VERIFIERS = kind("verifier", "verifiers", _LOADER)  # verifier:<subtype code>


def _check_code(code: str) -> None:
    if code not in SUBTYPES and not code.startswith("x."):
        raise ValueError(f"{code!r} is not a taxonomy subtype code (custom ones start with 'x.')")


def generator(subtype: str, version: int = 1) -> Callable[[GeneratorFunction], GeneratorFunction]:
    """Register the generator of ``subtype``; bump ``version`` whenever its output changes."""

    def register(function: GeneratorFunction) -> GeneratorFunction:
        _check_code(subtype)
        return GENERATORS.register(subtype, function, version=version)

    return register


def verifier(subtype: str) -> Callable[[VerifierFunction], VerifierFunction]:
    """Register the verifier of ``subtype``: it returns the labels it independently finds true."""

    def register(function: VerifierFunction) -> VerifierFunction:
        _check_code(subtype)
        return VERIFIERS.register(subtype, function)

    return register


def get_generators() -> dict[str, GeneratorSpec]:
    """Registered generators by subtype code, in taxonomy order."""
    order = list(SUBTYPES)
    generators = {
        code: GeneratorSpec(code, int(entry.info["version"]), entry.obj) for code, entry in GENERATORS.entries().items()
    }
    return dict(sorted(generators.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else 999, kv[0])))


def get_verifiers() -> dict[str, VerifierFunction]:
    """Registered verifiers by subtype code."""
    return VERIFIERS.objects()
