"""Native code that may crash (IfcOpenShell's geometry kernel and parser) run in worker processes.

IfcOpenShell is C++: a file it cannot handle (a placement that is its own parent, say) can end the
process with a signal (SIGSEGV from a stack overflow) instead of raising. Every geometry call of ifcqa,
and the parse of an untrusted upload, therefore runs in a pooled worker process (:mod:`ifcqa.native.pool`);
a worker that dies by a signal becomes a :class:`~ifcqa.native.pool.NativeCrash` for that call, the
worker is replaced, and the caller (the box store, the scene) records the outcome so it is not retried.
:mod:`ifcqa.native.worker` is the process side: its loop, the model cache and :func:`tell` (messages
to the caller while a call runs: the element being shaped, progress, partial results).
"""

from ifcqa.native.pool import NativeCall, NativeCrash, call_native, shutdown, start_native, worker_path

__all__ = ["NativeCall", "NativeCrash", "call_native", "shutdown", "start_native", "worker_path"]
