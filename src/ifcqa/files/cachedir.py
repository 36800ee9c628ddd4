"""Where ifcqa keeps its caches (the index, answers, the graph store, scenes) unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path


def default_cache_dir() -> Path:
    """``$IFCQA_CACHE_DIR``, else ``$XDG_CACHE_HOME/ifcqa``, else ``~/.cache/ifcqa``."""
    if os.environ.get("IFCQA_CACHE_DIR"):
        return Path(os.environ["IFCQA_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ifcqa"
