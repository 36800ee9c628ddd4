"""``ifcqa check FILE``: can ifcqa read the file, and what did it have to read past?

Reads the file itself (never the index cache), so the answer is about the bytes on disk now. Prints
one JSON object on stdout::

    {"file": ..., "readable": true, "schema": "IFC4", "products": 123, "fatal": [], "warnings": [...]}

Exit code 0 when the file can be read (with or without warnings); 1 when it cannot (``readable``
false, ``fatal`` lists every fatal problem found, and one ``error: ...`` line goes to stderr as for
every command), or when ``--strict`` is given and there are warnings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ifcqa.cli.common import IfcFile, print_json, report_error, status
from ifcqa.errors import IfcOpenError
from ifcqa.ifc.diagnostics import warnings_json
from ifcqa.ifc.open import CorruptFileError, model_warnings, open_model, refuse_if_strict


def check(file: IfcFile) -> None:
    """Check that a file can be read: fatal problems (exit 1) or recoverable warnings (values read as unset)."""
    result, error = check_file(file)
    print_json(result)
    if error is not None:
        as_json = bool(_root_params().get("json_errors"))
        if not as_json:  # the JSON on stdout already says it; a person also gets the one line on stderr
            report_error(error, as_json=False)
        raise typer.Exit(1)


def check_file(path: Path) -> tuple[dict[str, Any], IfcOpenError | None]:
    """The ``check`` record of ``path`` and the error that makes it unreadable (``None`` when it reads).

    Strict mode (``--strict``, ``IFCQA_STRICT``) turns warnings into the error.
    """
    record: dict[str, Any] = {"file": str(path), "readable": False, "schema": None, "products": None}
    try:
        with status(f"Reading {path.name}"):
            model = open_model(path, strict=False)
    except IfcOpenError as error:
        problems = error.problems if isinstance(error, CorruptFileError) else [str(error)]
        return {**record, "fatal": problems, "warnings": []}, error
    warnings = model_warnings(model)
    record.update(readable=True, schema=model.schema_identifier, products=len(model.by_type("IfcProduct")), fatal=[])
    record["warnings"] = warnings_json(warnings)
    try:
        refuse_if_strict(path, warnings)
    except IfcOpenError as error:
        return {**record, "readable": False, "fatal": [str(error)]}, error
    return record, None


def _root_params() -> dict[str, Any]:
    import click

    context = click.get_current_context(silent=True)
    while context is not None and context.parent is not None:
        context = context.parent
    return dict(context.params) if context is not None else {}
