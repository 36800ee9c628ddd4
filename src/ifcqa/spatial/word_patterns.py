"""The regex alternation of a data file's phrases, shared by the modules that read their words from ``data/``."""

from __future__ import annotations

import re
from collections.abc import Iterable


def alternation(phrases: Iterable[str], group: bool = False) -> str:
    """``phrases`` as one regex alternation, longest first (so "in front of" wins over "in"), each word escaped and
    the words joined by any run of white space; ``group``: wrapped in a non-capturing group."""
    body = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in sorted(phrases, key=len, reverse=True))
    return f"(?:{body})" if group else body
