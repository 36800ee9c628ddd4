"""Import ``kuzu`` safely beside the local model runtime.

kuzu 0.11.3 and xllamacpp (the ``--model local`` runtime) abort the process with ``std::bad_alloc`` when
xllamacpp's native library is loaded after kuzu's (found when the whole test suite ran in one process; the
same happens to ``ifcqa ask --model local``). Loaded the other way round, both work. So whoever needs kuzu
imports it through :func:`import_kuzu`, which loads xllamacpp first when it is installed (~60 ms, once).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any


def import_kuzu() -> Any:
    """The ``kuzu`` module, with xllamacpp loaded before it when installed. Raises ImportError without kuzu."""
    if "kuzu" not in sys.modules and "xllamacpp" not in sys.modules and importlib.util.find_spec("xllamacpp"):
        importlib.import_module("xllamacpp")
    return importlib.import_module("kuzu")
