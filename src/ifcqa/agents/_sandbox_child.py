"""The child side of the code sandbox: isolate this process, open the model, then run untrusted code.

This file is run as a script (``python -I -B _sandbox_child.py CONFIG_JSON``) by
:func:`ifcqa.agents.sandbox.run_code`, never imported by ifcqa. It uses only the standard library and
IfcOpenShell. The code to run arrives on stdin and is read before any isolation step, so nothing the
code does can change how it was isolated. In order, before the first line of that code runs:

0. the parent-death signal (SIGKILL): the run ends when the caller does, even killed;
1. new network and IPC namespaces (loopback only, down, no routes; no IPC object of the host): as
   root with a new mount namespace, otherwise inside a new user namespace that maps only our own ids;
2. IfcOpenShell and the common ``ifcopenshell.util`` modules are imported;
3. as root: the jail, a tmpfs root holding recursively read-only bind mounts of the system libraries
   and this Python's installation, the read-only model copy and a size-capped tmpfs work folder; ``chroot``;
4. resource limits (CPU, address space, file size, open files, a few threads and no new process);
5. as root: every user and group id becomes the run's own unprivileged uid (irreversible); the
   parent-death signal is set again (a uid change clears it) and the parent checked to be alive;
6. the parent's seccomp filter (no exec or fork, no sockets, no IPC, memfd, fallocate, locks, inotify,
   namespace/mount/trace/BPF/io_uring calls);
7. the model is opened; the layers that took hold are reported on the status descriptor, closed;
8. the audit hook (a tripwire, not a boundary) is installed, and the code runs as ``__main__``.

Any failure up to step 7 except the optional layers (namespaces, jail, seccomp: reported as notes)
aborts the run with exit status 70 before the code is run, and is reported on the status descriptor
(the only report of a set-up failure the parent believes: the code never holds that descriptor).
"""

from __future__ import annotations

import ast
import builtins
import ctypes
import errno
import importlib
import json
import linecache
import math
import os
import resource
import sys
import traceback
import types
from typing import Any

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/libx32")
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom")
PRELOAD = (
    "ifcopenshell.util.element", "ifcopenshell.util.unit", "ifcopenshell.util.selector",
    "ifcopenshell.util.placement", "ifcopenshell.geom", "collections", "itertools", "json", "math", "re", "statistics",
)
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 1, 38, 22, 2
SIGKILL = 9
SYS_MOUNT_SETATTR, AT_FDCWD, AT_RECURSIVE = 442, -100, 0x8000
MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID, MOUNT_ATTR_NODEV, MOUNT_ATTR_NOEXEC = 1, 2, 4, 8
JAIL_MODEL_DIR = "/sandbox"
EXIT_SETUP_FAILED = 70


class Status:
    """What the bootstrap reports to the parent: the isolation layers active and notes."""

    def __init__(self) -> None:
        self.layers: list[str] = []
        self.notes: list[str] = []
        self.setup_failed: str | None = None

    def send(self, fd: int) -> None:
        report: dict[str, Any] = {"layers": self.layers, "notes": self.notes}
        if self.setup_failed is not None:
            report["setup_failed"] = self.setup_failed
        with os.fdopen(fd, "w") as out:
            json.dump(report, out)


def _libc() -> Any:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_void_p]
    libc.unshare.argtypes = [ctypes.c_int]
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    libc.syscall.restype = ctypes.c_long
    return libc


class _MountAttr(ctypes.Structure):
    _fields_ = [("attr_set", ctypes.c_uint64), ("attr_clr", ctypes.c_uint64), ("propagation", ctypes.c_uint64),
                ("userns_fd", ctypes.c_uint64)]


def die_with_parent(libc: Any, parent_pid: int) -> None:
    """SIGKILL this process when the thread that started it ends; refuse to go on if it already has."""
    _fail(libc.prctl(PR_SET_PDEATHSIG, SIGKILL, None, 0, 0), "prctl(PR_SET_PDEATHSIG)")
    if os.getppid() != parent_pid:
        raise RuntimeError("the caller is gone; not running the code")


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _fail(libc_call: int, what: str) -> None:
    if libc_call != 0:
        raise OSError(ctypes.get_errno(), f"{what}: {os.strerror(ctypes.get_errno())}")


def isolate_namespaces(libc: Any, root: bool, status: Status) -> bool:
    """Enter new network and IPC namespaces (and, as root, a mount namespace); True when mounts are ours."""
    attempts = [(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC, True), (CLONE_NEWNET | CLONE_NEWIPC, False)] if root else [
        (CLONE_NEWUSER | CLONE_NEWNET | CLONE_NEWIPC, False)
    ]
    uid, gid = os.getuid(), os.getgid()
    for flags, with_mounts in attempts:
        if libc.unshare(flags) == 0:
            if flags & CLONE_NEWUSER:
                _map_own_ids(uid, gid)
            status.layers += ["network-namespace", "ipc-namespace"]
            return with_mounts
        error = os.strerror(ctypes.get_errno())
        status.notes.append(f"unshare({flags:#x}) failed ({error})")
    status.notes.append("no network or IPC namespace: sockets and IPC are blocked only by seccomp and the hook")
    return False


def _map_own_ids(uid: int, gid: int) -> None:
    """In a new user namespace, map our own ids to themselves (unmapped ids cannot create files)."""
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as handle:
            handle.write(text)


def _bind(libc: Any, source: str, target: str, flags: int) -> None:
    """Bind ``source`` (with its submounts) on ``target``, then apply ``flags`` to every mount of the tree."""
    if os.path.isdir(source):
        os.makedirs(target, mode=0o755, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        open(target, "a").close()
    _fail(libc.mount(source.encode(), target.encode(), None, MS_BIND | MS_REC, None), f"bind {source}")
    remount = MS_REMOUNT | MS_BIND | flags
    _fail(libc.mount(None, target.encode(), None, remount, None), f"remount {target}")
    _restrict_submounts(libc, target, flags)


def _restrict_submounts(libc: Any, target: str, flags: int) -> None:
    """A submount keeps its own flags through a bind: set ours on all of them (``mount_setattr``, recursive).

    On kernels before 5.12 (no ``mount_setattr``), each submount listed in ``/proc/self/mountinfo`` is
    remounted one by one instead.
    """
    attrs = {MS_RDONLY: MOUNT_ATTR_RDONLY, MS_NOSUID: MOUNT_ATTR_NOSUID, MS_NODEV: MOUNT_ATTR_NODEV,
             MS_NOEXEC: MOUNT_ATTR_NOEXEC}
    attr = _MountAttr(sum(a for f, a in attrs.items() if flags & f), 0, 0, 0)
    done = libc.syscall(ctypes.c_long(SYS_MOUNT_SETATTR), ctypes.c_long(AT_FDCWD), ctypes.c_char_p(target.encode()),
                        ctypes.c_long(AT_RECURSIVE), ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)))
    if done == 0:
        return
    if ctypes.get_errno() != errno.ENOSYS:
        _fail(-1, f"mount_setattr {target}")
    with open("/proc/self/mountinfo") as mounts:
        points = [line.split()[4].encode().decode("unicode_escape") for line in mounts]
    for point in points:
        if point.startswith(target.rstrip("/") + "/"):
            _fail(libc.mount(None, point.encode(), None, MS_REMOUNT | MS_BIND | flags, None), f"remount {point}")


def _read_only_roots() -> list[str]:
    """The folders the code may read: system libraries and this Python's installation (outermost only)."""
    packages = [p for p in sys.path if os.path.basename(p) in ("site-packages", "dist-packages")]
    candidates = [*SYSTEM_DIRS, sys.base_prefix, sys.prefix, *packages]  # not editable source folders
    found = sorted({os.path.abspath(p) for p in candidates if os.path.exists(p)})
    roots: list[str] = []
    for path in found:
        if not any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots):
            roots.append(path)
    return roots


def build_jail(libc: Any, config: dict[str, Any]) -> dict[str, str]:
    """Mount the jail and chroot into it; returns the model and work paths as the code sees them."""
    jail = config["jail"]
    _fail(libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "make mounts private")
    _fail(libc.mount(b"tmpfs", jail.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, b"size=1m,mode=0755"), "tmpfs")
    for source in _read_only_roots():
        if os.path.islink(source):
            os.makedirs(os.path.dirname(jail + source), mode=0o755, exist_ok=True)
            os.symlink(os.readlink(source), jail + source)
        else:
            _bind(libc, source, jail + source, MS_RDONLY | MS_NOSUID | MS_NODEV)
    for device in DEVICES:
        _bind(libc, device, jail + device, MS_NOSUID | MS_NOEXEC)
    model = f"{JAIL_MODEL_DIR}/{os.path.basename(config['model'])}"
    work = f"{JAIL_MODEL_DIR}/work"
    _bind(libc, config["model"], jail + model, MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)
    os.makedirs(jail + work, mode=0o755)
    options = f"size={config['limits']['work_bytes']},nr_inodes=1024,mode=0700,uid={config['uid']},gid={config['gid']}"
    flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
    _fail(libc.mount(b"tmpfs", (jail + work).encode(), b"tmpfs", flags, options.encode()), "work tmpfs")
    os.chroot(jail)
    return {"model": model, "work": work}


def apply_limits(limits: dict[str, int], threads: int) -> None:
    """Set hard and soft limits; CPU time already spent starting up is added to the CPU budget.

    ``RLIMIT_NPROC`` counts the tasks (processes and threads) of the run's own uid, this one included:
    1 + ``threads`` lets the code start that many threads; seccomp refuses every new process.
    """
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = math.ceil(usage.ru_utime + usage.ru_stime) + int(limits["cpu_s"])
    settings = {
        resource.RLIMIT_CPU: (cpu, cpu + 1),  # SIGXCPU at the soft limit, SIGKILL one second later
        resource.RLIMIT_AS: (limits["memory_bytes"],) * 2,
        resource.RLIMIT_FSIZE: (limits["file_bytes"],) * 2,
        resource.RLIMIT_NOFILE: (limits["open_files"],) * 2,
        resource.RLIMIT_NPROC: (1 + threads, 1 + threads) if threads else (0, 0),
        resource.RLIMIT_CORE: (0, 0),
    }
    for kind, (soft, hard) in settings.items():
        resource.setrlimit(kind, (soft, hard))


def drop_privileges(uid: int, gid: int) -> None:
    """Become ``uid``/``gid`` for good (real, effective and saved ids; no supplementary groups)."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise RuntimeError("the sandbox could regain root after dropping privileges; refusing to run")


def install_seccomp(libc: Any, program: bytes) -> None:
    """Install the parent's seccomp program (after no_new_privs, so no privilege can come back)."""
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    _fail(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, None, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")
    _fail(libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0), "seccomp filter")


def size_geometry_iterator(threads: int) -> None:
    """Make ``ifcopenshell.geom.iterator`` run at most as many threads as the run may start.

    The iterator with ``n`` threads starts ``n + 1``; past the limit its thread start fails and it
    waits forever, so ``num_threads`` is lowered to what fits (said on stderr) instead.
    """
    import ifcopenshell.geom
    import ifcopenshell.geom.main

    original = ifcopenshell.geom.main.iterator
    most = max(1, threads - 1)

    class iterator(original):  # type: ignore[misc, valid-type]
        __doc__ = original.__doc__

        def __init__(self, settings: Any, file_or_filename: Any, num_threads: int = 1, *args: Any, **kwargs: Any):
            if isinstance(num_threads, int) and num_threads > most:
                print(f"sandbox: ifcopenshell.geom.iterator runs {most} thread(s), not {num_threads}: "
                      f"the sandbox allows {threads} thread(s)", file=sys.stderr)
                num_threads = most
            super().__init__(settings, file_or_filename, num_threads, *args, **kwargs)

    ifcopenshell.geom.main.iterator = iterator
    ifcopenshell.geom.iterator = iterator


def _set_home(work: str) -> None:
    import tempfile

    os.chdir(work)
    os.environ.update(HOME=work, TMPDIR=work)
    tempfile.tempdir = work


def isolate(config: dict[str, Any], status: Status) -> dict[str, str]:
    """Apply every isolation step this process is allowed to take; returns the paths the code sees."""
    libc = _libc()
    root = os.geteuid() == 0
    die_with_parent(libc, config["parent_pid"])
    own_mounts = isolate_namespaces(libc, root, status)
    for name in PRELOAD:
        importlib.import_module(name)
    paths = {"model": config["model"], "work": config["work"]}
    if own_mounts:
        try:
            paths = build_jail(libc, config)
            status.layers.append("filesystem-jail")
        except OSError as exc:
            status.notes.append(f"no filesystem jail ({exc}); files are guarded by the uid and the audit hook")
    threads = int(config["limits"]["threads"]) if root and config["seccomp"] else 0
    apply_limits(config["limits"], threads)
    status.layers.append("resource-limits")
    if root:
        drop_privileges(config["uid"], config["gid"])
        status.layers.append("unprivileged-uid")
    else:
        status.notes.append("not root: no uid drop and no jail; the code runs as the calling user; no threads")
    die_with_parent(libc, config["parent_pid"])  # a uid change cleared it
    status.layers.append("dies-with-caller")
    try:
        if not config["seccomp"]:
            raise OSError(f"none written for {os.uname().machine}")
        install_seccomp(libc, bytes.fromhex(config["seccomp"]))
        status.layers.append("seccomp-filter")
    except OSError as exc:
        status.notes.append(f"no seccomp filter ({exc}): exec and sockets rely on the other layers; no threads")
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))  # without it a thread could be a process
    size_geometry_iterator(threads if "seccomp-filter" in status.layers else 0)
    _set_home(paths["work"])
    status.layers += ["read-only-model", "scrubbed-environment"]
    return paths


BLOCKED_EVENTS = (
    "socket.", "ctypes.", "subprocess.", "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.system",
    "os.kill", "os.killpg", "os.startfile", "signal.pthread_kill", "pty.", "urllib.", "http.", "ftplib.",
    "smtplib.", "poplib.", "imaplib.", "nntplib.", "telnetlib.", "webbrowser.", "sqlite3.", "dbm.",
    "resource.", "syslog.", "sys.addaudithook", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
)
BLOCKED_IMPORTS = frozenset({"ctypes", "_ctypes", "cffi", "_cffi_backend"})
LIST_EVENTS = frozenset({"os.listdir", "os.scandir", "glob.glob", "os.listxattr", "os.getxattr"})
WRITE_EVENTS = frozenset({
    "os.chmod", "os.chown", "os.chflags", "os.lchflags", "os.mkdir", "os.remove", "os.rename", "os.rmdir",
    "os.symlink", "os.link", "os.truncate", "os.utime", "os.setxattr", "os.removexattr", "shutil.rmtree",
    "shutil.move", "shutil.copytree", "shutil.chown", "shutil.make_archive",
})
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
MEMORY_HINT = "(the sandbox's memory limit was reached: work on fewer elements at a time)"
HINT = "the code may read the model (model_path) and write only under work_dir"


def _inside(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)


def _real(path: Any) -> str | None:
    if path is None:
        return os.path.realpath(".")
    if isinstance(path, int):
        return None  # an already open descriptor: it was checked when it was opened
    return os.path.realpath(os.fsdecode(path))


def install_audit_hook(paths: dict[str, str]) -> None:
    """Install the tripwire: deny process, network and native-code events and file access off the lists.

    An audit hook is not a security boundary (C extensions, ``ctypes`` memory access and other
    interpreter tricks get around it); it turns the common mistakes and attempts into clear errors,
    in front of the OS layers that do the real work.
    """
    writable = (os.path.realpath(paths["work"]),)
    readable = (*_read_only_roots(), os.path.realpath(paths["model"]), *writable, *DEVICES, f"/proc/{os.getpid()}")

    def deny(what: str) -> PermissionError:
        return PermissionError(f"sandbox: {what} is not allowed; {HINT}")

    def check(path: Any, roots: tuple[str, ...], verb: str, fd_ok: bool = True) -> None:
        real = _real(path)
        if real is None and not fd_ok:
            raise deny(f"{verb} through a file descriptor")
        if real is not None and not _inside(real, roots):
            raise deny(f"{verb} {real}")

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event.startswith(BLOCKED_EVENTS):
            raise deny(event)
        if event == "import" and str(args[0]).partition(".")[0] in BLOCKED_IMPORTS:
            raise deny(f"importing {args[0]}")
        if event == "open":
            flags, mode = args[2], str(args[1] or "")
            writes = bool(flags & WRITE_FLAGS) if isinstance(flags, int) else mode.strip("rbt") != ""
            check(args[0], writable if writes else readable, "writing" if writes else "reading")
        elif event in LIST_EVENTS:
            check(args[0] if args else None, readable, "listing")
        elif event in WRITE_EVENTS:
            paths = [a for a in args[:2] if isinstance(a, str | bytes | os.PathLike)]
            targets = args[1:2] if event == "os.symlink" else paths
            for target in targets or args[:1]:
                check(target, writable, event, fd_ok=False)

    sys.addaudithook(hook)


def run_user_code(code: str, namespace: dict[str, Any]) -> int:
    """Run ``code`` like a script; a last bare expression is printed (``repr``) as in a notebook."""
    linecache.cache["<code>"] = (len(code), None, code.splitlines(True), "<code>")
    try:
        tree = ast.parse(code, "<code>")
    except (SyntaxError, ValueError) as exc:  # ValueError: a NUL byte in the source
        traceback.print_exception(type(exc), exc, None)
        return 1
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    try:
        exec(compile(tree, "<code>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<code>", "eval"), namespace)
            if value is not None:
                print(repr(value))
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    except BaseException as exc:  # the code's own error: reported like Python would, without our frames
        report = traceback.TracebackException(type(exc), exc, exc.__traceback__)
        report.stack = traceback.StackSummary.from_list([f for f in report.stack if f.filename != __file__])
        print("".join(report.format()), end="", file=sys.stderr)
        if isinstance(exc, MemoryError):
            print(MEMORY_HINT, file=sys.stderr)
        return 1
    return 0


def main() -> int:
    config = json.loads(sys.argv[1])
    code = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape")
    sys.stdin.close()
    status = Status()
    try:
        paths = isolate(config, status)
        import ifcopenshell

        model = ifcopenshell.open(paths["model"])
    except BaseException as exc:  # no code runs unless every required step succeeded
        status.setup_failed = f"{type(exc).__name__}: {exc}"
        status.notes.append(f"sandbox setup failed: {status.setup_failed}")
        status.send(config["status_fd"])
        print(f"sandbox setup failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_SETUP_FAILED
    if config["audit_hook"]:
        install_audit_hook(paths)
        status.layers.append("audit-hook")
    status.send(config["status_fd"])
    main_module = types.ModuleType("__main__")
    main_module.__dict__.update(
        __builtins__=builtins, model=model, ifcopenshell=ifcopenshell, model_path=paths["model"], work_dir=paths["work"]
    )
    sys.modules["__main__"] = main_module
    return run_user_code(code, main_module.__dict__)


if __name__ == "__main__":
    sys.exit(main())
