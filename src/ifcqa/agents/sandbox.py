"""Run untrusted Python against one IFC model, in a fresh, isolated, resource-capped process.

The code agent's model writes Python; :func:`run_code` runs it with the model pre-opened as
``model`` and returns what it printed. Every run is a new process (``python -I``): nothing persists
between runs except what the code itself prints. The layers, strongest first (docs/SANDBOX.md says
what each stops and what it does not):

* an unprivileged uid of its own (when we are root): no write access to anything but the work
  folder, no signals to other processes, no reading of root-only files;
* a filesystem jail (root): a tmpfs root holding recursively read-only binds of the Python
  installation and system libraries, the read-only model copy and the work folder;
* network and IPC namespaces: loopback only, down, no routes; no System V or POSIX IPC object of
  the host is visible, and the run's own die with it;
* a seccomp filter: no ``execve``, no new process (threads only), no sockets, no IPC, no memfd, no
  ``fallocate``, no file locks or change notifications, no namespace, mount, trace, BPF or io_uring calls;
* resource limits: CPU, address space, file size, open files, a few threads, no new process; output
  read through pipes and capped; a wall-clock timeout that kills the process group; the run dies
  with its caller (parent-death signal, and a watchdog that also removes the scratch folder);
* a scrubbed environment (no API keys), a read-only copy of the model (mode 0o444);
* an audit hook: a tripwire that turns common attempts into clear errors. Not a boundary.

Without root there is no uid drop and no jail (``SandboxResult.notes`` says so); see the doc.
Every outcome of the child, whatever the code does, is a :class:`SandboxResult`, never an exception.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import platform
import re
import secrets
import selectors
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.executor.files import FileRef, NotShipped, local_path

CHILD = Path(__file__).with_name("_sandbox_child.py")
SANDBOX_UID_BASE = 2_000_000  # each run gets its own uid in [base, base + span): see docs/SANDBOX.md
SANDBOX_UID_SPAN = 1_000_000
EXIT_SETUP_FAILED = 70
# Syscalls the seccomp filter refuses (EPERM) on x86-64: running programs or new processes, sockets,
# IPC (System V and POSIX: host memory outside every limit), memfd (memory past RLIMIT_AS), fallocate
# (disk past RLIMIT_FSIZE), file locks and change notifications on host files, and kernel interfaces a
# Python script reading an IFC file never needs (namespaces, mounts, tracing, keys, BPF, io_uring,
# aio, modules). Each one is kernel attack surface the code does not get. ``clone`` and ``fcntl`` are
# checked by argument (threads only; no locks, leases or dnotify); ``clone3`` answers ENOSYS so that
# the C library falls back to ``clone``.
BLOCKED_SYSCALLS_X86_64 = {
    "execve": 59, "execveat": 322, "fork": 57, "vfork": 58, "socket": 41, "ptrace": 101,
    "process_vm_readv": 310, "process_vm_writev": 311, "pidfd_getfd": 438,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161,
    "unshare": 272, "setns": 308, "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431,
    "fsmount": 432, "fspick": 433, "mount_setattr": 442, "keyctl": 250, "add_key": 248, "request_key": 249,
    "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "io_setup": 206, "kexec_load": 246, "kexec_file_load": 320, "init_module": 175,
    "finit_module": 313, "delete_module": 176, "open_by_handle_at": 304, "name_to_handle_at": 303,
    "acct": 163, "swapon": 167, "swapoff": 168, "reboot": 169, "sethostname": 170, "setdomainname": 171,
    "shmget": 29, "shmat": 30, "shmctl": 31, "shmdt": 67, "semget": 64, "semop": 65, "semctl": 66,
    "semtimedop": 220, "msgget": 68, "msgsnd": 69, "msgrcv": 70, "msgctl": 71, "mq_open": 240,
    "mq_unlink": 241, "mq_timedsend": 242, "mq_timedreceive": 243, "mq_notify": 244, "mq_getsetattr": 245,
    "memfd_create": 319, "memfd_secret": 447, "fallocate": 285, "flock": 73,
    "inotify_init": 253, "inotify_add_watch": 254, "inotify_init1": 294, "fanotify_init": 300, "fanotify_mark": 301,
}
SYSCALL_CLONE, SYSCALL_CLONE3, SYSCALL_FCNTL = 56, 435, 72
CLONE_THREAD = 0x00010000
CLONE_NAMESPACES = 0x7E020000  # NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET
# fcntl commands refused: record locks (classic and OFD, set and query), leases, directory notification.
BLOCKED_FCNTL = {"F_GETLK": 5, "F_SETLK": 6, "F_SETLKW": 7, "F_OFD_GETLK": 36, "F_OFD_SETLK": 37,
                 "F_OFD_SETLKW": 38, "F_SETLEASE": 1024, "F_NOTIFY": 1026}
_AUDIT_ARCH_X86_64 = 0xC000003E
_X32_SYSCALL_BIT = 0x40000000
_BPF_LD_W_ABS, _BPF_JEQ_K, _BPF_JGE_K, _BPF_JSET_K, _BPF_RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_RET_ALLOW, _RET_KILL_PROCESS = 0x7FFF0000, 0x80000000
_RET_EPERM, _RET_ENOSYS = 0x00050000 | errno.EPERM, 0x00050000 | errno.ENOSYS
_SIGNAL_REASONS = {
    signal.SIGXCPU: "CPU time limit reached (SIGXCPU)",
    signal.SIGXFSZ: "file size limit reached (SIGXFSZ)",
    signal.SIGKILL: "killed (SIGKILL): CPU time hard limit or out of memory",
    signal.SIGSEGV: "crashed (SIGSEGV)",
}
_STATUS_BYTES = 1 << 16
# Terminal control sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-character escapes) and the
# characters that are not text: C0 controls but tab and newline, DEL, C1 controls, bidi overrides and
# isolates (they make a terminal or a reader show text in another order than the model sees it).
_ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?|\x9b[0-?]*[ -/]*[@-~]?"
    r"|[\x1b][\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|[\x90\x9d-\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
_NOT_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# The watchdog: a tiny process of the caller's uid, in a session of its own, that outlives the
# caller. When the caller ends without saying the child was reaped (SIGKILL, SIGTERM, OOM killer),
# it kills the child's process group and removes the scratch folder.
WATCHDOG = r"""
import os, shutil, signal, sys, time
for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(number, signal.SIG_IGN)
root, pid, reaped = sys.argv[1], 0, False
for line in sys.stdin:
    if line.startswith("pid "):
        pid = int(line[4:])
    elif line.strip() == "reaped":
        reaped = True
def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False
if pid and not reaped:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    for _ in range(200):
        if not alive(pid):
            break
        time.sleep(0.02)
def force(function, path, _info):
    try:
        os.chmod(os.path.dirname(path), 0o700)
        function(path)
    except OSError:
        pass
shutil.rmtree(root, onerror=force)
"""


@dataclass(frozen=True)
class SandboxLimits:
    """Limits of one run.

    Attributes:
        wall_s: Wall-clock seconds for the whole run, start-up (about 0.5 s plus opening the model)
            included; the process group is then killed.
        cpu_s: CPU seconds for the code (start-up not counted); SIGXCPU, then SIGKILL a second later.
        memory_bytes: Address space (RLIMIT_AS).
        file_bytes: Largest file the code may write (RLIMIT_FSIZE), and the most it may print: past
            that many bytes of stdout plus stderr the run is killed.
        open_files: Open file descriptors (RLIMIT_NOFILE).
        work_bytes: Size of the work folder, a tmpfs of its own inside the jail (root only).
        threads: Threads the code may run besides the main one. Root with the seccomp filter only
            (it tells a thread from a process); otherwise 0. Never a new process. IfcOpenShell's
            geometry iterator is sized to fit: ``num_threads`` at most ``threads - 1`` (at least 1).
        output_chars: Characters of stdout and of stderr kept in the result.
        audit_hook: Install the audit-hook tripwire. Only tests of the OS layers turn it off.
    """

    wall_s: float = 30.0
    cpu_s: int = 20
    memory_bytes: int = 1 << 30
    file_bytes: int = 16 << 20
    open_files: int = 64
    work_bytes: int = 64 << 20
    threads: int = 5
    output_chars: int = 6000
    audit_hook: bool = True


@dataclass
class SandboxResult:
    """What one run did: its output (cut), how it ended, and which isolation layers were active.

    ``killed_reason`` is set only from what the caller saw itself (the wall clock, the output cap, the
    signal that ended the child, a set-up failure reported on the status pipe, which is closed before
    the code runs), so the code cannot make it say anything. stdout and stderr hold text only:
    terminal escape sequences and bidi controls are removed, other control characters replaced.
    """

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
        return self.exit_code == 0 and not self.timed_out and self.killed_reason is None


def run_code(code: str, model_path: Path, limits: SandboxLimits | None = None) -> SandboxResult:
    """Run ``code`` with ``model`` (an ``ifcopenshell.file`` of ``model_path``) pre-opened.

    The code also sees ``ifcopenshell``, ``model_path`` (its read-only copy) and ``work_dir`` (the
    only writable folder, also ``HOME`` and ``TMPDIR``). A last bare expression is printed.

    Args:
        code: Python source.
        model_path: The IFC file; it is copied, and only the read-only copy is given to the code.
        limits: Resource limits; defaults to :class:`SandboxLimits`.

    Returns:
        The run's output and outcome. Whatever the code does (errors, signals, huge output, hanging),
        it comes back here as a result; a sandbox that could not even start is a result too
        (``exit_code`` None, ``killed_reason`` "sandbox could not start: ...").

    Raises:
        IfcqaError: ``model_path`` is not a file.
        BaseException: only the caller's own interruptions (``KeyboardInterrupt``, ``SystemExit``),
            re-raised after the child was killed and the scratch folder removed.
    """
    limits = limits or SandboxLimits()
    if not Path(model_path).is_file():
        raise IfcqaError(f"{model_path}: no such IFC file to run code against. Pass the path of an existing model.")
    started = time.monotonic()
    scratch: _Scratch | None = None
    watchdog: _Watchdog | None = None
    try:
        scratch = _Scratch(Path(model_path))
        watchdog = _Watchdog(scratch.root)
        return _run(code, scratch, limits, watchdog, started)
    except Exception as exc:  # the host could not start or talk to the child: still a result
        return SandboxResult(
            stdout="", stderr="", exit_code=None, killed_reason=f"sandbox could not start: {type(exc).__name__}: {exc}",
            duration_s=round(time.monotonic() - started, 3), notes=("the code did not run",),
        )
    finally:
        if scratch is not None:
            scratch.remove()
        if watchdog is not None:
            watchdog.close()


@dataclass(frozen=True)
class SandboxJob:
    """One sandboxed run as a unit of work for an executor (``ifcqa eval --agent code --dask``).

    The model is an :class:`ifcqa.executor.FileRef`: a path the worker can read, or the file's bytes
    (or its hash, for a worker that already holds a copy). The run itself is :func:`run_code` on the
    worker, with every layer of this module: the worker is the host whose privileges decide which
    layers apply (docs/SANDBOX.md), and its result says which did.
    """

    code: str
    model: FileRef
    limits: SandboxLimits


def run_job(job: SandboxJob) -> SandboxResult | None:
    """Run ``job`` on this machine (a worker): :func:`run_code` on the worker's copy of the model.

    Returns:
        The run's result; ``None`` when the model was sent by hash only and this worker has no copy
        of it yet (the caller then sends the job again with the bytes).

    Raises:
        IfcqaError: the model is not a file here.
    """
    try:
        path = local_path(job.model)
    except NotShipped:
        return None
    return run_code(job.code, path, job.limits)


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
            "parent_pid": os.getpid(), "seccomp": (seccomp_filter() or b"").hex(),
            "limits": {
                "cpu_s": limits.cpu_s, "memory_bytes": limits.memory_bytes, "file_bytes": limits.file_bytes,
                "open_files": limits.open_files, "work_bytes": limits.work_bytes, "threads": max(0, limits.threads),
            },
        }

    def remove(self) -> None:
        def force(function: Any, path: str, _info: Any) -> None:
            with contextlib.suppress(OSError):
                os.chmod(os.path.dirname(path), 0o700)  # the code may have made its own folders read-only
                function(path)

        shutil.rmtree(self.root, onerror=force)


class _Watchdog:
    """The process that cleans up after the run if the caller dies before it can (see :data:`WATCHDOG`)."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", WATCHDOG, str(root)], stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, cwd="/",
        )

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(OSError):
            self.process.stdin.write(f"{line}\n".encode())
            self.process.stdin.flush()

    def close(self) -> None:
        """The run is over and cleaned up: let the watchdog go (it removes nothing that is still there)."""
        self.tell("reaped")
        assert self.process.stdin is not None
        with contextlib.suppress(OSError):
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def seccomp_filter(machine: str | None = None) -> bytes | None:
    """The classic-BPF seccomp program the child installs, or ``None`` off x86-64 (not written yet).

    Any other ABI (i386 ``int 0x80``) kills the process; x32 syscalls and
    :data:`BLOCKED_SYSCALLS_X86_64` fail with EPERM; ``clone`` succeeds only for a thread (CLONE_THREAD,
    no namespace flag); ``clone3`` fails with ENOSYS (the C library then uses ``clone``); ``fcntl`` fails
    with EPERM for the commands of :data:`BLOCKED_FCNTL`; everything else is allowed.
    """
    if (machine or platform.machine()) != "x86_64":
        return None

    def op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
        return struct.pack("=HBBI", code, jt, jf, k)

    def when(number: int, block: list[bytes]) -> list[bytes]:
        """``block`` (which ends in a return) runs when the syscall is ``number``; else skipped."""
        return [op(_BPF_JEQ_K, number, jf=len(block)), *block]

    fcntl_block = [op(_BPF_LD_W_ABS, 24)]  # seccomp_data.args[1], low 32 bits: the command (an int)
    for command in sorted(BLOCKED_FCNTL.values()):
        fcntl_block += [op(_BPF_JEQ_K, command, jf=1), op(_BPF_RET_K, _RET_EPERM)]
    fcntl_block.append(op(_BPF_RET_K, _RET_ALLOW))
    clone_block = [
        op(_BPF_LD_W_ABS, 16),  # seccomp_data.args[0], low 32 bits: the clone flags
        op(_BPF_JSET_K, CLONE_NAMESPACES, jt=2),
        op(_BPF_JSET_K, CLONE_THREAD, jf=1),
        op(_BPF_RET_K, _RET_ALLOW),
        op(_BPF_RET_K, _RET_EPERM),
    ]
    program = [
        op(_BPF_LD_W_ABS, 4),  # seccomp_data.arch
        op(_BPF_JEQ_K, _AUDIT_ARCH_X86_64, jt=1),
        op(_BPF_RET_K, _RET_KILL_PROCESS),
        op(_BPF_LD_W_ABS, 0),  # seccomp_data.nr
        op(_BPF_JGE_K, _X32_SYSCALL_BIT, jf=1),
        op(_BPF_RET_K, _RET_EPERM),
        *when(SYSCALL_FCNTL, fcntl_block),
        *when(SYSCALL_CLONE, clone_block),
        *when(SYSCALL_CLONE3, [op(_BPF_RET_K, _RET_ENOSYS)]),
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


def clean_text(text: str) -> str:
    """``text`` as plain text: escape sequences and bidi controls removed, other controls shown as U+FFFD.

    Tab and newline stay; a carriage return becomes a newline (it could overwrite a line on a terminal).
    """
    text = _ESCAPE_SEQUENCE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    return _NOT_TEXT.sub(lambda match: "" if match.group() >= "\u061c" else "\ufffd", text)


@dataclass
class _Stream:
    """Bytes read from one pipe: the first ``keep`` bytes, and how many came in all."""

    keep: int
    data: bytearray = field(default_factory=bytearray)
    total: int = 0

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.keep - len(self.data)
        if room > 0:
            self.data += chunk[:room]


@dataclass
class _Outcome:
    timed_out: bool = False
    output_capped: bool = False


def _run(code: str, scratch: _Scratch, limits: SandboxLimits, watchdog: _Watchdog, started: float) -> SandboxResult:
    status_read, status_write = os.pipe()
    command = [sys.executable, "-I", "-B", str(CHILD), json.dumps(scratch.config(limits, status_write))]
    try:
        try:
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(status_write,), env=child_environment(scratch.work), cwd=scratch.root,
                start_new_session=True,
            )
        finally:
            os.close(status_write)
        watchdog.tell(f"pid {process.pid}")
        keep = limits.output_chars * 4 + 4
        streams = {"stdout": _Stream(keep), "stderr": _Stream(keep), "status": _Stream(_STATUS_BYTES)}
        try:
            outcome = _communicate(process, _encode(code), status_read, streams, limits, started + limits.wall_s)
        except BaseException:  # the caller is interrupted (Ctrl-C, SystemExit) or broken: the child goes first
            _kill(process)
            raise
        watchdog.tell("reaped")
    finally:
        os.close(status_read)
    duration = time.monotonic() - started
    status = _parse_status(bytes(streams["status"].data))
    stdout, truncated = _cut(streams["stdout"], limits.output_chars)
    stderr, stderr_truncated = _cut(streams["stderr"], limits.output_chars)
    return SandboxResult(
        stdout=stdout, stderr=stderr, exit_code=process.returncode, timed_out=outcome.timed_out,
        killed_reason=_killed_reason(process.returncode, outcome, status, limits),
        duration_s=round(duration, 3), truncated=truncated, stderr_truncated=stderr_truncated,
        layers=tuple(str(x) for x in status.get("layers", ())), notes=tuple(str(x) for x in status.get("notes", ())),
    )


def _encode(code: str) -> bytes:
    try:
        return code.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate: no Python source can hold it anyway
        return code.encode("utf-8", errors="replace")


def _communicate(
    process: subprocess.Popen[bytes], code: bytes, status_fd: int, streams: dict[str, _Stream],
    limits: SandboxLimits, deadline: float,
) -> _Outcome:
    """Send the code, drain stdout, stderr and the status pipe with a bound, wait for the end.

    The child is killed (its whole process group) when the wall clock runs out or when it printed
    more than ``limits.file_bytes``; pipes, not files, so nothing it prints reaches the host disk.
    """
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    outcome = _Outcome()
    selector = selectors.DefaultSelector()
    stdin_fd = process.stdin.fileno()
    os.set_blocking(stdin_fd, False)
    names = {process.stdout.fileno(): "stdout", process.stderr.fileno(): "stderr", status_fd: "status"}
    for fd in names:
        selector.register(fd, selectors.EVENT_READ)
    selector.register(stdin_fd, selectors.EVENT_WRITE)
    sent = 0
    try:
        while selector.get_map() and not outcome.output_capped:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                outcome.timed_out = True
                break
            for key, _events in selector.select(remaining):
                fd = int(key.fd)
                if fd == stdin_fd:
                    try:
                        sent += os.write(fd, code[sent : sent + (1 << 16)])
                    except BlockingIOError:
                        continue
                    except BrokenPipeError:  # the child is gone before reading it all
                        sent = len(code)
                    if sent >= len(code):
                        selector.unregister(fd)
                        process.stdin.close()
                    continue
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    selector.unregister(fd)
                    continue
                streams[names[fd]].add(chunk)
                if streams["stdout"].total + streams["stderr"].total > limits.file_bytes:
                    outcome.output_capped = True
                    break
    finally:
        selector.close()
        for pipe in (process.stdin, process.stdout, process.stderr):
            with contextlib.suppress(OSError):
                pipe.close()
    if outcome.timed_out or outcome.output_capped:
        _kill(process)
        return outcome
    try:
        process.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:  # it closed its pipes and went on running
        outcome.timed_out = True
        _kill(process)
    return outcome


def _kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL the child's process group (it is a session leader) and reap it."""
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):  # it may end between poll and kill
            os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _parse_status(raw: bytes) -> dict[str, Any]:
    try:
        status = json.loads(raw) if raw else {}
    except ValueError:
        status = {}
    if not isinstance(status, dict) or not status:
        return {"notes": ["the sandbox did not report its layers: it failed before running the code"]}
    return status


def _cut(stream: _Stream, chars: int) -> tuple[str, bool]:
    """The first ``chars`` characters of ``stream`` as clean text, and whether there was more."""
    text = clean_text(bytes(stream.data).decode("utf-8", errors="replace"))
    cut = text[:chars]
    return cut, len(cut) < len(text) or stream.total > len(stream.data)


def signal_name(number: int) -> str:
    """``SIGKILL``, ``SIGRTMIN+6``, or ``signal 99``: never an error, whatever the number."""
    with contextlib.suppress(ValueError):
        return signal.Signals(number).name
    if signal.SIGRTMIN <= number <= signal.SIGRTMAX:
        return f"SIGRTMIN+{number - signal.SIGRTMIN}"
    return f"signal {number}"


def _killed_reason(code: int | None, outcome: _Outcome, status: dict[str, Any], limits: SandboxLimits) -> str | None:
    if outcome.timed_out:
        return f"wall-clock limit of {limits.wall_s:g} s reached: the process group was killed"
    if outcome.output_capped:
        return (f"output limit of {limits.file_bytes / (1 << 20):g} MiB (stdout and stderr) reached: "
                "the process was killed; print less")
    if code is not None and code < 0:
        number = -code
        with contextlib.suppress(ValueError):
            known = _SIGNAL_REASONS.get(signal.Signals(number))
            if known:
                return known
        return f"killed by signal {number} ({signal_name(number)})"
    failed = status.get("setup_failed")
    if code == EXIT_SETUP_FAILED and isinstance(failed, str):
        return f"sandbox setup failed: {failed}"
    return None
