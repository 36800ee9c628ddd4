"""A pool of reused worker processes for calls into IfcOpenShell that may crash.

:func:`call_native` runs ``"module:function"(*args)`` in an idle worker (starting one when none is idle
and fewer than :func:`pool_size` run; else waiting for one) and returns its value; an error the
function raised is raised again here (the exception itself when it pickles; else an input error as an
:class:`~ifcqa.errors.IfcqaError` with its message and code, anything else as a ``RuntimeError``).
A worker that dies while it runs the call (a signal: SIGSEGV,
SIGABRT, SIGKILL from the out-of-memory killer) is a :class:`NativeCrash` naming the signal and the
element it was shaping (its last ``("at", step_id)`` message); the dead worker is dropped and the next
call starts a new one. So is a worker that sends nothing for ``IFCQA_NATIVE_TIMEOUT`` seconds (120; the
whole-model passes tell every element shaped): it is killed, as IfcOpenShell can loop for ever too (an
object that aggregates itself).

Workers are started once and reused, so a warm call pays no process start. In a process with one
thread (the CLI) they are forked: a fork costs milliseconds and inherits the imported IfcOpenShell
and the models already open (:func:`ifcqa.native.worker.offer`). In a process with threads (the
server, the MCP server) forking is unsafe, so each is a new interpreter (``python -c``, talking over a
socket pair): it pays the interpreter's start and IfcOpenShell's import once, when it starts.
``IFCQA_NATIVE_WORKERS`` sets the pool size (default 2); ``0`` runs every call in this process,
unprotected (for a debugger).
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.native import worker as worker_side

WORKERS_ENV = "IFCQA_NATIVE_WORKERS"
DEFAULT_WORKERS = 2
POLL_SECONDS = 0.5  # how often a waiting call checks that its worker still lives
LASTING_SIGNALS = frozenset({"SIGSEGV", "SIGABRT", "SIGBUS", "SIGFPE", "SIGILL", "SIGTRAP", "SIGSYS"})
STALL_ENV = "IFCQA_NATIVE_TIMEOUT"
DEFAULT_STALL = 120.0  # seconds without a message (an element shaped, progress) before a worker is killed
Listener = Callable[[tuple[Any, ...]], None]


class NativeCrash(IfcqaError):
    """A worker process died while IfcOpenShell ran a call: the signal and the element it was shaping."""

    code = "native_crash"

    def __init__(self, message: str, signal_name: str, step_id: int | None = None) -> None:
        super().__init__(message)
        self.signal_name = signal_name
        self.step_id = step_id

    @property
    def lasting(self) -> bool:
        """Whether the same call would crash again (a fault or a hang), not a kill from outside (SIGTERM, OOM)."""
        return self.signal_name in LASTING_SIGNALS or self.signal_name.startswith("no answer")


def signal_name(exitcode: int | None) -> str:
    """``SIGSEGV`` for an exit code of -11; ``exit code N`` for a process that exited on its own."""
    if exitcode is not None and exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            return f"signal {-exitcode}"
    return f"exit code {exitcode}"


def pool_size() -> int:
    """Worker processes at most (``IFCQA_NATIVE_WORKERS``, default 2); 0: calls run in this process."""
    raw = os.environ.get(WORKERS_ENV, "").strip()
    if not raw:
        return DEFAULT_WORKERS
    try:
        return max(0, int(raw))
    except ValueError:
        raise IfcqaError(f"{WORKERS_ENV}={raw!r} is not a number of worker processes; use 0, 1, 2...") from None


def stall_seconds() -> float:
    """Seconds a call may go without a message from its worker before the worker is killed (a hang)."""
    raw = os.environ.get(STALL_ENV, "").strip()
    try:
        return float(raw) if raw else DEFAULT_STALL
    except ValueError:
        raise IfcqaError(f"{STALL_ENV}={raw!r} is not a number of seconds; use e.g. 120.") from None


class _Died(Exception):
    def __init__(self, reason: str, step_id: int | None) -> None:
        super().__init__(reason)
        self.step_id = step_id


class _Raised(Exception):
    """The function raised (the worker is fine); ``error`` is what to raise to the caller."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _error(class_name: str, text: str, code: str | None, exception: Exception | None) -> Exception:
    """The error a worker's function raised, as this process raises it."""
    if exception is not None:
        return exception
    if code is not None:  # an input error of a class that does not pickle: its message and code
        error = IfcqaError(text)
        error.code = code
        return error
    return RuntimeError(f"{class_name}: {text}")


class _Worker:
    """One worker process and the caller's end of its pipe."""

    def __init__(self) -> None:
        if _can_fork():
            context = multiprocessing.get_context("fork")
            parent, child = context.Pipe()
            self.connection: Connection = parent
            self.process: BaseProcess | _Spawned = context.Process(
                target=worker_side.serve, args=(child, parent), daemon=True, name="ifcqa-native")
            self.process.start()
            child.close()
        else:
            ours, theirs = socket.socketpair()
            self.process = _Spawned(theirs.fileno())
            theirs.close()
            self.connection = Connection(ours.detach())

    def call(self, function: str, args: tuple[Any, ...], listener: Listener | None, stall: float) -> Any:
        self.send(function, args)
        return self.receive(listener, stall)

    def send(self, function: str, args: tuple[Any, ...]) -> None:
        try:
            self.connection.send((function, args))
        except (BrokenPipeError, OSError):
            raise self._died(None) from None

    def receive(self, listener: Listener | None, stall: float) -> Any:
        at: int | None = None
        heard = time.monotonic()
        while True:
            try:
                while not self.connection.poll(POLL_SECONDS):
                    if not self.process.is_alive():
                        raise self._died(at)
                    if time.monotonic() - heard > stall:
                        self.process.kill()
                        self.process.join(5)
                        raise _Died(f"no answer within {stall:g} s: killed", at)
                message = self.connection.recv()
                heard = time.monotonic()
            except (EOFError, OSError):
                raise self._died(at) from None
            kind = message[0]
            if kind == "done":
                return message[1]
            if kind == "error":
                raise _Raised(_error(*message[1:]))
            if kind == "at":
                at = int(message[1])
            if listener is not None:
                listener(message)

    def _died(self, at: int | None) -> _Died:
        self.process.join(5)
        if self.process.exitcode is None:  # a closed pipe but a live process: end it
            self.process.kill()
            self.process.join(5)
        return _Died(signal_name(self.process.exitcode), at)

    def close(self) -> None:
        self.connection.close()
        self.process.join(1)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(1)


class _Pool:
    def __init__(self) -> None:
        self._idle: list[_Worker] = []
        self._running = 0
        self._condition = threading.Condition()

    def checkout(self, size: int) -> _Worker:
        with self._condition:
            while not self._idle and self._running >= size:
                self._condition.wait()
            self._running += 1
            if self._idle:
                return self._idle.pop()
        return self._spawn()

    def checkout_keeping_one(self, size: int) -> _Worker | None:
        """A worker if, once it is taken, one more could still be (never waits); else ``None``."""
        with self._condition:
            if self._running + 1 >= size:
                return None
            self._running += 1
            if self._idle:
                return self._idle.pop()
        return self._spawn()

    def _spawn(self) -> _Worker:
        """A new worker for a slot already counted as running (the slot is given back if it cannot start)."""
        try:
            return _Worker()
        except BaseException:
            self.release(None)
            raise

    def release(self, worker: _Worker | None) -> None:
        """Give a worker back (``None``: it died or was dropped)."""
        with self._condition:
            self._running -= 1
            if worker is not None:
                self._idle.append(worker)
            self._condition.notify()

    def close(self) -> None:
        with self._condition:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.close()


_pool = _Pool()
atexit.register(_pool.close)


def _can_fork() -> bool:
    return threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()


class _Spawned:
    """A worker started as a new interpreter (``python -c``), with the ``Process`` calls the pool uses."""

    def __init__(self, fd: int) -> None:
        code = f"from ifcqa.native.worker import main; main({fd})"
        self._popen = subprocess.Popen([sys.executable, "-c", code], pass_fds=(fd,), stdin=subprocess.DEVNULL)

    @property
    def exitcode(self) -> int | None:
        return self._popen.poll()

    def is_alive(self) -> bool:
        return self._popen.poll() is None

    def join(self, timeout: float | None = None) -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(timeout)

    def kill(self) -> None:
        self._popen.kill()


def call_native(
    function: str, *args: Any, listener: Listener | None = None, doing: str = "a geometry call"
) -> Any:
    """Run ``function(*args)`` (``"module:name"``) in a worker process; see the module docstring.

    Args:
        function: the callable, by its module and name (the worker imports it).
        args: picklable arguments.
        listener: called with each message the function :func:`~ifcqa.native.worker.tell` s.
        doing: what the call does, for the crash message ("computing the geometry of #18").

    Raises:
        NativeCrash: the worker died while running the call.
    """
    size = pool_size()
    if size == 0 or os.environ.get("IFCQA_NATIVE_WORKER"):  # unprotected, or already inside a worker
        return worker_side.run_here(function, args, listener)
    worker = _pool.checkout(size)
    try:
        value = worker.call(function, args, listener, stall_seconds())
    except _Died as died:
        _pool.release(None)
        name = str(died)
        raise NativeCrash(f"IfcOpenShell crashed {doing} ({name})", name, died.step_id) from None
    except _Raised as raised:
        _pool.release(worker)  # the function raised: the worker itself is fine
        raise raised.error from None
    except BaseException:  # interrupted mid-call (or the listener raised): the worker's state is unknown
        worker.close()
        _pool.release(None)
        raise
    _pool.release(worker)
    return value


class NativeCall:
    """A call started in a worker now and waited for later (:meth:`result`): the caller works meanwhile.

    The worker is the caller's until :meth:`result` is called, so a process starts one only when another
    worker stays free for its other calls: :func:`start_native` refuses (``None``) in a process with
    threads (two could hold every worker and wait on each other) or with a pool of fewer than 2 workers.
    Messages the function tells wait in the pipe until then: tell few (a whole-model pass's ticks would fill it).
    """

    def __init__(self, worker: _Worker, doing: str) -> None:
        self._worker: _Worker | None = worker
        self._doing = doing

    def result(self, listener: Listener | None = None) -> Any:
        """The call's value (waiting for it); its error raised here; :class:`NativeCrash` if the worker died."""
        worker, self._worker = self._worker, None
        if worker is None:
            raise RuntimeError("the result of a native call was already taken")
        try:
            value = worker.receive(listener, stall_seconds())
        except _Died as died:
            _pool.release(None)
            raise NativeCrash(f"IfcOpenShell crashed {self._doing} ({died})", str(died), died.step_id) from None
        except _Raised as raised:
            _pool.release(worker)
            raise raised.error from None
        except BaseException:
            worker.close()
            _pool.release(None)
            raise
        _pool.release(worker)
        return value


def start_native(function: str, *args: Any, doing: str = "a geometry call") -> NativeCall | None:
    """Start ``function(*args)`` in a worker and return at once; ``None`` when this process should not.

    See :class:`NativeCall` for when it declines; the caller then computes the value when it needs it.
    """
    size = pool_size()
    if size < 2 or os.environ.get("IFCQA_NATIVE_WORKER") or threading.active_count() != 1:
        return None
    worker = _pool.checkout_keeping_one(size)
    if worker is None:  # another started call holds a worker: this one would leave none for plain calls
        return None
    try:
        worker.send(function, args)
    except _Died:
        _pool.release(None)
        return None
    except BaseException:
        worker.close()
        _pool.release(None)
        raise
    return NativeCall(worker, doing)


def shutdown() -> None:
    """Stop the idle workers (the next call starts new ones)."""
    _pool.close()


def worker_path(path: str | os.PathLike[str] | None) -> str | None:
    """``path`` as a worker opens it, or ``None`` when there is no such file (a model built in memory)."""
    if path is None or not os.path.isfile(path):
        return None
    return os.fspath(path)
