"""The worker process side of :mod:`ifcqa.native.pool`: the request loop, the model cache and :func:`tell`.

A request is ``(function, args)`` where ``function`` is ``"module:name"``; the worker imports it,
calls it and answers ``("done", value)`` or ``("error", class name, message, code, exception)`` (the
exception itself when it pickles, else ``None``). While
the function runs it may :func:`tell` the caller things (``("at", step_id)`` before an element is
shaped, so a crash can be blamed on it; ``("progress", fraction)``; ``("item", ...)`` partial
results kept even if a later element crashes). Run in the caller's own process (no pool), :func:`tell`
goes to the callback the caller gave, or nowhere.

:func:`model` opens files by path and keeps the last few open (a reused worker serves a model's
next call without parsing it again); a worker forked from a process that already had the file open
(the CLI) starts with it, through :func:`offer`.
"""

from __future__ import annotations

import faulthandler
import importlib
import os
import pickle
import signal
from collections import OrderedDict
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ifcopenshell

MODELS_KEPT = 2  # models a worker keeps open between calls
Message = tuple[Any, ...]

_channel: Callable[[Message], None] | None = None
_models: OrderedDict[tuple[str, int, int], ifcopenshell.file] = OrderedDict()


def tell(*message: Any) -> None:
    """Send ``message`` to the caller of the running call (nothing when nobody listens)."""
    if _channel is not None:
        _channel(message)


def _key(path: str | Path) -> tuple[str, int, int]:
    resolved = Path(path).resolve()
    stat = resolved.stat()
    return (str(resolved), stat.st_mtime_ns, stat.st_size)


def offer(path: str | Path, model: ifcopenshell.file) -> None:
    """Make an already-open model available to :func:`model` (and to workers forked after this)."""
    try:
        key = _key(path)
    except OSError:
        return
    _models[key] = model
    _models.move_to_end(key)
    while len(_models) > MODELS_KEPT:
        _models.popitem(last=False)


def model(path: str | Path) -> ifcopenshell.file:
    """The model of ``path``: kept open from an earlier call, else opened (never strict: it was checked)."""
    from ifcqa.ifc.open import open_model

    key = _key(path)
    if key in _models:
        _models.move_to_end(key)
        return _models[key]
    opened = open_model(path, strict=False)
    offer(path, opened)
    return opened


def probe(path: str) -> str:
    """Open the model at ``path`` (kept open for the next call) and return its schema: a parse check."""
    return str(model(path).schema)


def resolve(function: str) -> Callable[..., Any]:
    """The callable named ``"package.module:name"``."""
    module_name, _, name = function.partition(":")
    target: Callable[..., Any] = getattr(importlib.import_module(module_name), name)
    return target


def run_here(function: str, args: tuple[Any, ...], listener: Callable[[Message], None] | None) -> Any:
    """Call ``function(*args)`` in this process, its messages going to ``listener``."""
    global _channel
    previous, _channel = _channel, listener
    try:
        return resolve(function)(*args)
    finally:
        _channel = previous


def _portable(exc: Exception) -> Exception | None:
    """``exc`` itself when it survives pickling (its class and fields), else ``None``."""
    try:
        copy = pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 - an exception whose constructor does not take its args back
        return None
    return copy if isinstance(copy, Exception) and str(copy) == str(exc) else None


def main(fd: int) -> None:
    """A worker started as its own interpreter: serve the socket ``fd`` its caller passed."""
    import ifcopenshell.geom  # noqa: F401 - imported once, before the first call waits on it

    serve(Connection(fd))


def serve(connection: Connection, callers_end: Connection | None = None) -> None:
    """The worker's loop: answer requests until the caller closes the pipe.

    A forked worker also holds a copy of the caller's end (``callers_end``): closed first, so that the
    caller closing its end is the end of the pipe here.
    """
    global _channel
    if callers_end is not None:
        callers_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle
    faulthandler.disable()  # a crash is expected here and reported by the caller, not dumped on stderr
    _channel = connection.send
    os.environ.setdefault("IFCQA_NATIVE_WORKER", "1")
    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            value = resolve(function)(*args)
        except Exception as exc:  # noqa: BLE001 - every error goes back to the caller, which raises it
            connection.send(("error", type(exc).__name__, str(exc), getattr(exc, "code", None), _portable(exc)))
        else:
            connection.send(("done", value))
