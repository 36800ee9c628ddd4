"""Refusing Cypher that writes: a lexical guard in front of every user query.

The guard removes string literals and comments, then looks for the clauses that change a graph or
its database (``CREATE``, ``MERGE``, ``SET``, ``DELETE`` ...). It runs before the query reaches any
backend, so every backend refuses writes with the same message; the embedded store is also opened
read-only for ``ifcqa cypher``, so the database itself refuses what the guard might miss.
"""

from __future__ import annotations

import re

from ifcqa.errors import IfcqaError

WRITE_CLAUSES = (
    "CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "DROP", "ALTER", "COPY", "LOAD", "INSTALL",
    "UNINSTALL", "ATTACH", "DETACH", "USE", "IMPORT", "EXPORT", "CALL", "BEGIN", "COMMIT", "ROLLBACK",
    "CHECKPOINT", "FOREACH", "RENAME", "COMMENT", "TRUNCATE",
)
_LITERALS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`|//[^\n]*|/\*.*?\*/", re.S)
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


class CypherWriteError(IfcqaError):
    """A query given as read-only would change the graph."""

    code = "cypher_write"


def check_read_only(query: str) -> None:
    """Raise :class:`CypherWriteError` when ``query`` contains a clause that writes; else return."""
    if not query.strip():
        raise CypherWriteError(
            "The Cypher query is empty. Pass a read-only query such as 'MATCH (n) RETURN n LIMIT 5'."
        )
    stripped = _LITERALS.sub(" ", query)
    words = {w.upper() for w in _WORD.findall(stripped)}
    found = [w for w in WRITE_CLAUSES if w in words]
    if found:
        raise CypherWriteError(
            f"Refused: the query uses {', '.join(dict.fromkeys(found))}, which can change the graph; "
            "ifcqa cypher runs read-only queries only (MATCH ... RETURN ...). Load models with 'ifcqa graph load'."
        )
