"""Verifiers are independent of the generation path: they never import the index, the tools or a generator.

The check is static (``ast``): every import statement, relative import and literal
``importlib.import_module`` / ``__import__`` call in ``src/ifcqa/mcq/verify`` is resolved to a module name,
and so are the imports of the ifcqa modules those import, transitively.
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
VERIFY = SRC / "ifcqa" / "mcq" / "verify"
FORBIDDEN = ("ifcqa.index", "ifcqa.tools", "ifcqa.mcq.generate")
_IMPORT_CALLS = ("import_module", "__import__")


def module_name(path: Path) -> tuple[str, bool]:
    """The dotted name of a source file under ``SRC``, and whether it is a package ``__init__``."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


def _base(module: str, is_package: bool, level: int) -> str:
    parts = module.split(".") if is_package else module.split(".")[:-1]
    if level - 1 > len(parts):
        raise ImportError(f"relative import beyond the top package in {module}")
    return ".".join(parts[: len(parts) - (level - 1)])


def _call_target(node: ast.Call, module: str, is_package: bool) -> str | None:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in _IMPORT_CALLS or not node.args:
        return None
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    target = first.value
    if target.startswith("."):
        package = next((k.value for k in node.keywords if k.arg == "package"), None)
        if package is None and len(node.args) > 1:
            package = node.args[1]
        anchor = package.value if isinstance(package, ast.Constant) else _base(module, is_package, 1)
        target = importlib.util.resolve_name(target, str(anchor))
    return target


def imported_modules(source: str, module: str, is_package: bool = False) -> Iterator[tuple[int, str]]:
    """(line, module name) of everything ``source`` imports; ``from X import n`` gives ``X`` and ``X.n``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _base(module, is_package, node.level)
                origin = f"{base}.{node.module}" if node.module else base
            else:
                origin = node.module or ""
            yield node.lineno, origin
            for alias in node.names:
                if alias.name != "*":
                    yield node.lineno, f"{origin}.{alias.name}"
        elif isinstance(node, ast.Call):
            target = _call_target(node, module, is_package)
            if target:
                yield node.lineno, target


def is_forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def forbidden_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """``line: module`` for every forbidden import in ``source`` (the module's own statements only)."""
    return [f"{line}: {name}" for line, name in imported_modules(source, module, is_package) if is_forbidden(name)]


def source_of(name: str) -> Path | None:
    """The source file of an ifcqa module, or ``None`` when ``name`` is not one (e.g. a class)."""
    base = SRC.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def verifier_files() -> list[Path]:
    return sorted(VERIFY.rglob("*.py"))


def test_there_are_verifier_modules_to_check() -> None:
    names = {p.stem for p in verifier_files()}
    assert {"__init__", "_api", "class_identification"} <= names


@pytest.mark.parametrize("path", verifier_files(), ids=lambda p: p.name)
def test_no_verifier_module_imports_the_index_the_tools_or_a_generator(path: Path) -> None:
    module, is_package = module_name(path)
    assert forbidden_imports(path.read_text(encoding="utf-8"), module, is_package) == []


def forbidden_chain(path: Path) -> str | None:
    """The first import chain from ``path`` through ifcqa modules to a forbidden module, if any."""
    start, _ = module_name(path)
    chains: dict[str, list[str]] = {start: [start]}
    todo = [path]
    while todo:
        current = todo.pop()
        module, is_package = module_name(current)
        for _, name in imported_modules(current.read_text(encoding="utf-8"), module, is_package):
            if not name.startswith("ifcqa") or name in chains:
                continue
            chains[name] = [*chains[module], name]
            if is_forbidden(name):
                return " -> ".join(chains[name])
            found = source_of(name)
            if found is not None:
                todo.append(found)
    return None


@pytest.mark.parametrize("path", verifier_files(), ids=lambda p: p.name)
def test_nothing_a_verifier_imports_reaches_the_index_the_tools_or_a_generator(path: Path) -> None:
    assert forbidden_chain(path) is None


def test_the_transitive_check_follows_imports_through_other_modules() -> None:
    mcq = SRC / "ifcqa" / "mcq"
    assert forbidden_chain(mcq / "pipeline.py") is not None  # the pipeline reads the index
    assert forbidden_chain(mcq / "assemble.py") == "ifcqa.mcq.assemble -> ifcqa.mcq.generate._api"
    assert forbidden_chain(mcq / "checks.py") is None


PLANTED = [
    "import ifcqa.index",
    "import ifcqa.index.model_index as mi",
    "from ifcqa.index import ModelIndex",
    "from ifcqa.index.records import Element",
    "from ifcqa import index",
    "from ifcqa import tools",
    "from ifcqa.tools.geometry import point_in_box",
    "from ifcqa.mcq import generate",
    "from ifcqa.mcq.generate._api import Draft",
    "from ..generate import _api",
    "from ..generate.class_identification import of_named_element",
    "from .. import generate",
    "from ... import index",
    "import importlib\nimportlib.import_module('ifcqa.tools.geometry')",
    "from importlib import import_module\nimport_module('..generate.geometry', package='ifcqa.mcq.verify')",
    "from importlib import import_module\nimport_module('..generate.geometry', 'ifcqa.mcq.verify')",
    "from importlib import import_module\nimport_module('..generate')",
    "__import__('ifcqa.index')",
    "def later():\n    import ifcqa.mcq.generate.class_identification",
    "import os, ifcqa.tools",
]


@pytest.mark.parametrize("source", PLANTED)
def test_the_check_catches_a_planted_bad_import(source: str) -> None:
    assert forbidden_imports(source, "ifcqa.mcq.verify.planted") != []


ALLOWED = [
    "import ifcopenshell.util.element",
    "import ifcopenshell.geom",
    "from ifcqa.ifc.units import get_project_units",
    "from ifcqa.mcq.verify._api import entity",
    "from . import _api",
    "from ._api import entity",
    "from .. import text, items",
    "from ifcqa.mcq import registry",
    "import importlib\nimportlib.import_module(name)",
    "import ifcqa.indexer",
]


@pytest.mark.parametrize("source", ALLOWED)
def test_the_check_lets_allowed_imports_pass(source: str) -> None:
    assert forbidden_imports(source, "ifcqa.mcq.verify.planted") == []


def test_relative_imports_in_a_package_init_resolve_from_the_package_itself() -> None:
    found = forbidden_imports("from .. import generate", "ifcqa.mcq.verify", is_package=True)
    assert found == ["1: ifcqa.mcq.generate"]
    assert forbidden_imports("from . import _api", "ifcqa.mcq.verify", is_package=True) == []
