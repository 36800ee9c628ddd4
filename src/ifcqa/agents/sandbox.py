"""Run untrusted Python against one IFC model, in a fresh, isolated, resource-capped process.

The code agent's model writes Python; :func:`run_code` runs it with the model pre-opened as
``model`` and returns what it printed. Every run is a new process (``python -I``): nothing persists
between runs except what the code itself prints. The layers, strongest first (docs/SANDBOX.md says
what each stops and what it does not):

* an unprivileged uid of its own (when we are root): no write access to anything but the work
  folder, no signals to other processes, no reading of root-only files;
* a filesystem jail (root): a tmpfs root holding read-only binds of the Python installation and
  system libraries, the read-only model copy and the work folder; nothing else exists;
* a network namespace: loopback only, down, no routes;
* a seccomp filter: no ``execve``, no sockets, no namespace, mount, trace, BPF or io_uring calls;
* resource limits: CPU, address space, file size, open files, no new processes or threads,
  plus a wall-clock timeout that kills the process group;
* a scrubbed environment (no API keys), a read-only copy of the model (mode 0o444);
* an audit hook: a tripwire that turns common attempts into clear errors. Not a boundary.

Without root there is no uid drop and no jail (``SandboxResult.notes`` says so); see the doc.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import platform
import secrets
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ifcqa.errors import IfcqaError

CHILD = Path(__file__).with_name("_sandbox_child.py")
SANDBOX_UID_BASE = 2_000_000  # each run gets its own uid in [base, base + span): see docs/SANDBOX.md
SANDBOX_UID_SPAN = 1_000_000
EXIT_SETUP_FAILED = 70
# Syscalls the seccomp filter refuses (EPERM) on x86-64: running programs, sockets, and kernel
# interfaces a Python script reading an IFC file never needs (namespaces, mounts, tracing, keys, BPF,
# io_uring, modules). Each one is kernel attack surface the code does not get.
BLOCKED_SYSCALLS_X86_64 = {
    "execve": 59, "execveat": 322, "socket": 41, "ptrace": 101, "process_vm_readv": 310,
    "process_vm_writev": 311, "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161,
    "unshare": 272, "setns": 308, "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431,
    "fsmount": 432, "fspick": 433, "mount_setattr": 442, "keyctl": 250, "add_key": 248, "request_key": 249,
    "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "kexec_load": 246, "kexec_file_load": 320, "init_module": 175,
    "finit_module": 313, "delete_module": 176, "open_by_handle_at": 304, "name_to_handle_at": 303,
    "acct": 163, "swapon": 167, "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171,
}
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_BPF_LD_W_ABS, _BPF_JEQ_K, _BPF_JGE_K, _BPF_RET_K = 0x20, 0x15, 0x35, 0x06
_RET_ALLOW, _RET_KILL_PROCESS, _RET_EPERM = 0x7FFF0000, 0x80000000, 0x00050000 | errno.EPERM
_SIGNAL_REASONS = {
    signal.SIGXCPU: "CPU time limit reached (SIGXCPU)",
    signal.SIGXFSZ: "file size limit reached (SIGXFSZ)",
    signal.SIGKILL: "killed (SIGKILL): CPU time hard limit or out of memory",
    signal.SIGSEGV: "crashed (SIGSEGV)",
}


@dataclass(frozen=True)
class SandboxLimits:
    """Limits of one run.

    Attributes:
        wall_s: Wall-clock seconds for the whole run, start-up (about 0.5 s plus opening the model)
            included; the process group is then killed.
        cpu_s: CPU seconds for the code (start-up not counted); SIGXCPU, then SIGKILL a second later.
        memory_bytes: Address space (RLIMIT_AS).
        file_bytes: Largest file the code may write, standard output included (RLIMIT_FSIZE).
        open_files: Open file descriptors (RLIMIT_NOFILE).
        work_bytes: Size of the work folder, a tmpfs of its own inside the jail (root only).
        output_chars: Characters of stdout and of stderr kept in the result.
        audit_hook: Install the audit-hook tripwire. Only tests of the OS layers turn it off.
    """

    wall_s: float = 30.0
    cpu_s: int = 20
    memory_bytes: int = 1 << 30
    file_bytes: int = 16 << 20
    open_files: int = 64
    work_bytes: int = 64 << 20
    output_chars: int = 6000
    audit_hook: bool = True


@dataclass
class SandboxResult:
    """What one run did: its output (cut), how it ended, and which isolation layers were active."""

    stdout: str
    stderr: str
    exit_code: int | None
    timed_out: bool = False
    killed_reason: str | None = None
    duration_s: float = 0.0
    truncated: bool = False  # stdout was cut to limits.output_chars
    stderr_truncated: bool = False
    layers: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """The code ran to the end and exited with status 0."""
        return self.exit_code == 0 and not self.timed_out


def run_code(code: str, model_path: Path, limits: SandboxLimits | None = None) -> SandboxResult:
    """Run ``code`` with ``model`` (an ``ifcopenshell.file`` of ``model_path``) pre-opened.

    The code also sees ``ifcopenshell``, ``model_path`` (its read-only copy) and ``work_dir`` (the
    only writable folder, also ``HOME`` and ``TMPDIR``). A last bare expression is printed.

    Args:
        code: Python source.
        model_path: The IFC file; it is copied, and only the read-only copy is given to the code.
        limits: Resource limits; defaults to :class:`SandboxLimits`.

    Returns:
        The run's output and outcome. Errors in the code are output (a traceback), never raised.

    Raises:
        IfcqaError: ``model_path`` is not a file.
    """
    limits = limits or SandboxLimits()
    if not Path(model_path).is_file():
        raise IfcqaError(f"{model_path}: no such IFC file to run code against. Pass the path of an existing model.")
    scratch = _Scratch(Path(model_path))
    try:
        return _run(code, scratch, limits)
    finally:
        scratch.remove()


class _Scratch:
    """The run's folder: a read-only model copy, the work folder, and the jail mount point."""

    def __init__(self, model_path: Path) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="ifcqa-sandbox-"))
        try:
            self._fill(model_path)
        except BaseException:
            self.remove()
            raise

    def _fill(self, model_path: Path) -> None:
        self.root.chmod(0o755)  # traversable by the run's uid; writable only by us
        self.privileged = os.geteuid() == 0
        self.uid = SANDBOX_UID_BASE + secrets.randbelow(SANDBOX_UID_SPAN) if self.privileged else os.getuid()
        self.model = self.root / f"model{model_path.suffix.lower() or '.ifc'}"
        shutil.copyfile(model_path, self.model)
        self.model.chmod(0o444)
        self.work = self.root / "work"
        self.work.mkdir(mode=0o700)
        self.jail = self.root / "jail"
        self.jail.mkdir(mode=0o755)
        if self.privileged:
            os.chown(self.work, self.uid, self.uid)

    def config(self, limits: SandboxLimits, status_fd: int) -> dict[str, Any]:
        return {
            "model": str(self.model), "work": str(self.work), "jail": str(self.jail),
            "uid": self.uid, "gid": self.uid, "status_fd": status_fd, "audit_hook": limits.audit_hook,
            "seccomp": (seccomp_filter() or b"").hex(),
            "limits": {
                "cpu_s": limits.cpu_s, "memory_bytes": limits.memory_bytes,
                "file_bytes": limits.file_bytes, "open_files": limits.open_files, "work_bytes": limits.work_bytes,
            },
        }

    def remove(self) -> None:
        def force(function: Any, path: str, _info: Any) -> None:
            os.chmod(os.path.dirname(path), 0o700)  # the code may have made its own folders read-only
            function(path)

        shutil.rmtree(self.root, onerror=force)


def seccomp_filter(machine: str | None = None) -> bytes | None:
    """The classic-BPF seccomp program the child installs, or ``None`` off x86-64 (not written yet).

    Any other ABI (i386 ``int 0x80``) kills the process; x32 syscalls and
    :data:`BLOCKED_SYSCALLS_X86_64` fail with EPERM; everything else is allowed.
    """
    if (machine or platform.machine()) != "x86_64":
        return None

    def op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
        return struct.pack("=HBBI", code, jt, jf, k)

    program = [
        op(_BPF_LD_W_ABS, 4),  # seccomp_data.arch
        op(_BPF_JEQ_K, _AUDIT_ARCH_X86_64, jt=1),
        op(_BPF_RET_K, _RET_KILL_PROCESS),
        op(_BPF_LD_W_ABS, 0),  # seccomp_data.nr
        op(_BPF_JGE_K, _X32_SYSCALL_BIT, jf=1),
        op(_BPF_RET_K, _RET_EPERM),
    ]
    for number in sorted(BLOCKED_SYSCALLS_X86_64.values()):
        program += [op(_BPF_JEQ_K, number, jf=1), op(_BPF_RET_K, _RET_EPERM)]
    program.append(op(_BPF_RET_K, _RET_ALLOW))
    return b"".join(program)


def child_environment(work: Path) -> dict[str, str]:
    """The child's whole environment: nothing inherited, so no API key or token can leak."""
    return {
        "PATH": "/usr/bin:/bin", "HOME": str(work), "TMPDIR": str(work), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
        "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    }


def _run(code: str, scratch: _Scratch, limits: SandboxLimits) -> SandboxResult:
    status_read, status_write = os.pipe()
    command = [sys.executable, "-I", "-B", str(CHILD), json.dumps(scratch.config(limits, status_write))]
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=out, stderr=err, pass_fds=(status_write,),
                env=child_environment(scratch.work), cwd=scratch.root, start_new_session=True,
            )
        finally:
            os.close(status_write)
        timed_out = _wait(process, code, limits.wall_s)
        duration = time.monotonic() - started
        status = _read_status(status_read)
        stdout, truncated = _read_cut(out, limits.output_chars)
        stderr, stderr_truncated = _read_cut(err, limits.output_chars)
    return SandboxResult(
        stdout=stdout, stderr=stderr, exit_code=process.returncode, timed_out=timed_out,
        killed_reason=_killed_reason(process.returncode, timed_out, stderr, limits),
        duration_s=round(duration, 3), truncated=truncated, stderr_truncated=stderr_truncated,
        layers=tuple(status.get("layers", ())), notes=tuple(status.get("notes", ())),
    )


def _wait(process: subprocess.Popen[bytes], code: str, wall_s: float) -> bool:
    """Send the code, wait for the end; on timeout kill the whole process group. True on timeout."""
    try:
        process.communicate(code.encode("utf-8", errors="surrogateescape"), timeout=wall_s)
        return False
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):  # it may end between the timeout and the kill
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return True


def _read_status(fd: int) -> dict[str, Any]:
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(65536)
    try:
        status = json.loads(raw) if raw else {}
    except ValueError:
        status = {}
    if not status:
        return {"notes": ["the sandbox did not report its layers: it failed before running the code"]}
    return dict(status)


def _read_cut(handle: IO[bytes], chars: int) -> tuple[str, bool]:
    """The first ``chars`` characters written to ``handle``, and whether there was more."""
    size = handle.seek(0, os.SEEK_END)
    handle.seek(0)
    text = handle.read(chars * 4 + 4).decode("utf-8", errors="replace")
    cut = text[:chars]
    return cut, len(cut) < len(text) or size > chars * 4 + 4


def _killed_reason(code: int | None, timed_out: bool, stderr: str, limits: SandboxLimits) -> str | None:
    if timed_out:
        return f"wall-clock limit of {limits.wall_s:g} s reached: the process group was killed"
    if code is not None and code < 0:
        number = -code
        return _SIGNAL_REASONS.get(signal.Signals(number), f"killed by signal {number}")
    if code == EXIT_SETUP_FAILED and stderr.startswith("sandbox setup failed"):
        return stderr.strip().splitlines()[0]
    lines = stderr.strip().splitlines()
    if lines and lines[-1].startswith("MemoryError"):
        return f"memory limit of {limits.memory_bytes >> 20} MiB reached (MemoryError)"
    return None
