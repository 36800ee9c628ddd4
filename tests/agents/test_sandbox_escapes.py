"""Escape attempts against the code sandbox: each one must fail, checked by its effect, not by stderr.

Every attempt runs twice: with all layers, and with the OS layers alone (the audit hook off), so a
hook that is bypassed (it is not a boundary) is shown not to matter. An attempt's check looks at
what the attempt was after: the secret is not in the output, the file was not written, the listener
got no connection, no spawned program printed its computed marker (``SPAWNED-42``; the code holds
``$((6*7))``, so an echoed source line never matches).

After every attempt the host is checked too (:class:`HostWatch`): shared memory (``Shmem``) and free
disk sampled during the run stayed within bounds, no System V IPC object of a sandbox uid and no POSIX
message queue of the attempt exists, no process naming the run's scratch folder is left, and the
scratch folder is gone. The end of the file kills the caller itself mid-run (SIGKILL, SIGTERM, Ctrl-C).
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ifcqa.agents.sandbox import SANDBOX_UID_BASE, SANDBOX_UID_SPAN, SandboxLimits, SandboxResult, run_code

ROOT = os.geteuid() == 0
SPAWNED = "SPAWNED-42"
SHELL = "['sh', '-c', 'echo SPAWNED-$((6*7))']"
SANDBOX_UIDS = range(SANDBOX_UID_BASE, SANDBOX_UID_BASE + SANDBOX_UID_SPAN)
MIB = 1 << 20
SHMEM_RISE_DURING = 320 * MIB  # the work tmpfs (64 MiB) and other runs on the machine fit; an attack's GiBs do not
SHMEM_RISE_AFTER = 64 * MIB
DISK_DROP = 1 << 30
LIBC = ctypes.CDLL(None, use_errno=True)
LIBC.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
LIBC.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
LIBC.shmat.restype = ctypes.c_void_p
LIBC.shmdt.argtypes = [ctypes.c_void_p]
LIBC.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
LIBC.mq_open.argtypes = [ctypes.c_char_p, ctypes.c_int]
LIBC.mq_unlink.argtypes = [ctypes.c_char_p]
IPC_CREAT, IPC_RMID = 0o1000, 0


def _shmem() -> int:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("Shmem:"):
            return int(line.split()[1]) * 1024
    return 0


def _free_disk(path: str) -> int:
    stat = os.statvfs(path)
    return stat.f_bavail * stat.f_frsize


def sandbox_ipc_objects() -> list[str]:
    """System V shared memory segments, message queues and semaphores of the host owned by a sandbox uid."""
    found = []
    for kind in ("shm", "msg", "sem"):
        lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
        uid = lines[0].split().index("uid")
        found += [f"{kind}: {line}" for line in lines[1:] if int(line.split()[uid]) in SANDBOX_UIDS]
    return found


def processes_naming(marker: str) -> list[str]:
    """Processes (any uid) whose command line holds ``marker`` (a run's scratch folder is in its child's)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            try:
                command = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_text().rpartition(")")[2].split()[0]
            except OSError:
                continue
            if marker.encode() in command and state != "Z":
                found.append(f"{entry.name}: {command[:120]!r}")
    return found


class HostWatch:
    """Samples the host while a run goes on, then checks it was left as it was."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.shmem_before = _shmem()
        self.disk_before = _free_disk(str(scratch))
        self.shmem_max = self.shmem_before
        self.disk_min = self.disk_before
        self.ipc_before = sandbox_ipc_objects()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.05):
            self.shmem_max = max(self.shmem_max, _shmem())
            self.disk_min = min(self.disk_min, _free_disk(str(self.scratch)))

    def __enter__(self) -> HostWatch:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def assert_left_as_it_was(self) -> None:
        assert self.shmem_max - self.shmem_before < SHMEM_RISE_DURING, "host shared memory rose during the run"
        assert _shmem() - self.shmem_before < SHMEM_RISE_AFTER, "host shared memory stayed up after the run"
        assert self.disk_before - self.disk_min < DISK_DROP, "host disk was taken during the run"
        assert sandbox_ipc_objects() == self.ipc_before == [], "a System V IPC object of a sandbox uid is left"
        assert processes_naming(str(self.scratch)) == [], "a process of the run is left"
        assert list(self.scratch.iterdir()) == [], "the scratch folder is left"


@dataclass
class Target:
    """What the attempts aim at, all made by the test outside the sandbox."""

    secret: str
    secret_file: Path  # in the test's tmp folder, mode 0o644
    open_secret_file: Path  # world-readable, in a world-traversable folder under /tmp
    open_ifc: Path  # a world-readable IFC file whose project name is the secret
    outside: Path  # tmp_path/pwned
    open_outside: Path  # in a world-writable folder under /tmp
    model: Path  # the original model given to run_code
    model_state: tuple[str, int]
    listener: socket.socket
    scratch: Path  # tempfile.tempdir during the run: the run's scratch folder is made here
    shm_key: int  # a 0666 System V segment of the host holding the secret
    mq_name: str  # a POSIX message queue name the attempt may try to create
    signals: list[int] = field(default_factory=list)

    def fill(self, code: str) -> str:
        for key, value in {
            "@SECRET_FILE@": self.secret_file, "@OPEN_SECRET_FILE@": self.open_secret_file,
            "@OPEN_IFC@": self.open_ifc, "@OUTSIDE@": self.outside, "@OPEN_OUTSIDE@": self.open_outside,
            "@MODEL@": self.model, "@PORT@": self.listener.getsockname()[1], "@HOME@": Path.home(),
            "@SHM_KEY@": self.shm_key, "@MQ_NAME@": self.mq_name, "@SECRET@": self.secret,
        }.items():
            code = code.replace(key, str(value))
        return code

    def was_connected(self) -> bool:
        """A completed TCP handshake waits in the backlog even though nobody called accept()."""
        self.listener.settimeout(0.3)
        try:
            connection, _ = self.listener.accept()
        except TimeoutError:
            return False
        connection.close()
        return True


def _state(path: Path) -> tuple[str, int]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mode


@pytest.fixture
def target(shared_ifc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Target]:
    token = secrets.token_hex(12)
    model = tmp_path / "model.ifc"
    shutil.copyfile(shared_ifc / "IfcOpenHouse_IFC4.ifc", model)
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(f"secret {token}\n")
    secret_file.chmod(0o644)
    open_dir = Path(tempfile.mkdtemp(prefix="ifcqa-escape-"))
    open_dir.chmod(0o777)
    open_secret = open_dir / "secret.txt"
    open_secret.write_text(f"secret {token}\n")
    open_secret.chmod(0o644)
    open_ifc = open_dir / "other.ifc"
    open_ifc.write_text(model.read_text().replace("'IfcOpenHouse'", f"'{token}'"))
    open_ifc.chmod(0o644)
    monkeypatch.setenv("OPENAI_API_KEY", f"sk-{token}")
    listener = socket.create_server(("127.0.0.1", 0))
    received: list[int] = []
    previous = signal.signal(signal.SIGUSR1, lambda number, _frame: received.append(number))
    scratch = Path(tempfile.mkdtemp(prefix="ifcqa-escape-scratch-"))
    scratch.chmod(0o755)
    shm_key, shm_id = _host_segment(f"secret {token}")
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    try:
        yield Target(token, secret_file, open_secret, open_ifc, tmp_path / "pwned", open_dir / "pwned", model,
                     _state(model), listener, scratch, shm_key, f"/ifcqa-{token}", received)
    finally:
        signal.signal(signal.SIGUSR1, previous)
        listener.close()
        LIBC.shmctl(shm_id, IPC_RMID, None)
        LIBC.mq_unlink(f"/ifcqa-{token}".encode())
        shutil.rmtree(open_dir)
        shutil.rmtree(scratch, ignore_errors=True)


def _host_segment(text: str) -> tuple[int, int]:
    """A 0666 System V shared memory segment of the host (a key picked at random) holding ``text``."""
    for _ in range(100):
        key = secrets.randbelow(1 << 30) + 1
        shm_id = LIBC.shmget(key, 4096, IPC_CREAT | 0o2000 | 0o666)  # IPC_EXCL: never someone else's
        if shm_id >= 0:
            break
    else:
        raise OSError(ctypes.get_errno(), "shmget")
    address = LIBC.shmat(shm_id, None, 0)
    ctypes.memmove(address, text.encode(), len(text))
    LIBC.shmdt(address)
    return key, shm_id


def _segment_text(key: int) -> bytes:
    shm_id = LIBC.shmget(key, 0, 0)
    address = LIBC.shmat(shm_id, None, 0)
    try:
        return ctypes.string_at(address, 64).rstrip(b"\0")
    finally:
        LIBC.shmdt(address)


Check = Callable[[Target, SandboxResult], None]


def secret_not_shown(t: Target, r: SandboxResult) -> None:
    assert t.secret not in r.stdout + r.stderr


def marker_not_shown(marker: str) -> Check:
    """The line the attempt prints once it got through is absent (stdout: tracebacks echo the source)."""

    def check(t: Target, r: SandboxResult) -> None:
        assert marker not in r.stdout

    return check


def nothing_spawned(t: Target, r: SandboxResult) -> None:
    assert SPAWNED not in r.stdout + r.stderr
    assert not t.open_outside.exists()


def no_connection(t: Target, r: SandboxResult) -> None:
    assert not t.was_connected()


def nothing_written(t: Target, r: SandboxResult) -> None:
    assert not t.outside.exists() and not t.open_outside.exists()


def model_untouched(t: Target, r: SandboxResult) -> None:
    assert _state(t.model) == t.model_state
    assert "CHANGED" not in r.stdout


def shadow_not_shown(t: Target, r: SandboxResult) -> None:
    try:
        first = Path("/etc/shadow").read_text().splitlines()[0]
    except (OSError, IndexError):
        first = "root:"
    assert first not in r.stdout + r.stderr


def printed(expected: str) -> Check:
    def check(t: Target, r: SandboxResult) -> None:
        assert SPAWNED not in r.stdout + r.stderr
        assert expected in r.stdout, r.stderr

    return check


def killed_for(reason: str, max_s: float) -> Check:
    def check(t: Target, r: SandboxResult) -> None:
        assert "SURVIVED" not in r.stdout
        assert r.killed_reason is not None and reason in r.killed_reason, (r.killed_reason, r.stderr)
        assert r.duration_s < max_s

    return check


def memory_refused(t: Target, r: SandboxResult) -> None:
    """The allocation failed (MemoryError, or a kill): the line after it never ran."""
    assert "SURVIVED" not in r.stdout and not r.ok, (r.stdout, r.stderr)


def none_above(label: str, most: int) -> Check:
    """Every number printed after ``label`` is at most ``most`` (and the attempt did print one)."""

    def check(t: Target, r: SandboxResult) -> None:
        values = [int(v) for v in re.findall(rf"{label} (-?\d+)", r.stdout)]
        if "import ctypes" in r.stderr or "sandbox: " in r.stderr:
            return  # the audit hook refused it before it could print
        assert values and max(values) <= most, (r.stdout, r.stderr)

    return check


def host_segment_untouched(t: Target, r: SandboxResult) -> None:
    assert t.secret not in r.stdout + r.stderr
    assert _segment_text(t.shm_key) == f"secret {t.secret}".encode()


def no_message_queue(t: Target, r: SandboxResult) -> None:
    mq = LIBC.mq_open(t.mq_name.encode(), os.O_RDONLY)
    if mq >= 0:
        os.close(mq)
    assert mq < 0 and ctypes.get_errno() == 2, "the attempt's POSIX message queue exists on the host"
    assert "MQ-OPENED" not in r.stdout


def clone_refused(t: Target, r: SandboxResult) -> None:
    nothing_spawned(t, r)
    if "sandbox: " not in r.stderr:  # not stopped by the audit hook first
        assert "clone-thread-netns -1 " in r.stdout, (r.stdout, r.stderr)


def reason_not_forged(t: Target, r: SandboxResult) -> None:
    assert r.killed_reason is None, r.killed_reason


def plain_text(t: Target, r: SandboxResult) -> None:
    for text in (r.stdout, r.stderr):
        assert "RED" in text and "LIVE" in text, (r.stdout, r.stderr)
        controls = [c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F
                    or c in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"]
        assert controls == [], controls
        assert "pwned-title" not in text and "31m" not in text


def home_not_listed(t: Target, r: SandboxResult) -> None:
    """No entry of the real home folder shows, except the one the Python installation lives in (pyenv)."""
    home = Path.home()
    needed = {Path(p).relative_to(home).parts[0] for p in (sys.base_prefix, sys.prefix) if Path(p).is_relative_to(home)}
    shown = r.stdout.partition("LISTED")[2]
    assert not [entry for entry in os.listdir(home) if entry not in needed and repr(entry) in shown]


def parent_not_signalled(t: Target, r: SandboxResult) -> None:
    assert t.signals == []


def size_capped(limit: int) -> Check:
    def check(t: Target, r: SandboxResult) -> None:
        sizes = [int(line.split()[1]) for line in r.stdout.splitlines() if line.startswith("SIZE ")]
        assert sizes and sizes[-1] <= limit, (r.stdout, r.stderr)

    return check


@dataclass(frozen=True)
class Escape:
    name: str
    code: str
    check: Check
    limits: SandboxLimits = SandboxLimits()
    needs_root: str | None = None  # why only a root-only layer can stop it: xfail without root if it gets through

    def __str__(self) -> str:
        return self.name


NO_JAIL = "without root there is no jail: only the audit hook stands, and C code raises no audit event"
FORK_LOOP = """
import os
forks = 0
for _ in range(50):
    try:
        pid = os.fork()
    except OSError:
        continue
    if pid == 0:
        print('SPAWNED-' + str(6 * 7), flush=True)
        os._exit(0)
    forks += 1
print('FORKS', forks)
"""
THREAD_LOOP = """
import threading, time
started = 0
for _ in range(200):
    try:
        threading.Thread(target=time.sleep, args=(5,), daemon=True).start()
    except RuntimeError:
        break
    started += 1
print('THREADS', started)
"""
HOOK_REWRITE = """
import gc
try:
    for obj in gc.get_objects():
        if getattr(obj, '__name__', '') == 'hook' and obj.__closure__:
            for cell in obj.__closure__:
                if isinstance(cell.cell_contents, tuple):
                    cell.cell_contents = ('/',)
except Exception as exc:
    print('gc failed:', exc)
print(open('@OPEN_SECRET_FILE@').read())
"""
CTYPES = """
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.shmdt.argtypes = [ctypes.c_void_p]
libc.syscall.restype = ctypes.c_long
"""
SHM_FILL = CTYPES + """
filled = 0
for _ in range(8):
    segment = libc.shmget(0, 256 << 20, 0o1000 | 0o600)
    if segment < 0:
        print('shmget failed', os.strerror(ctypes.get_errno()))
        break
    address = libc.shmat(segment, None, 0)
    if address in (None, 2 ** 64 - 1):
        print('shmat failed', os.strerror(ctypes.get_errno()))
        break
    ctypes.memset(address, 1, 256 << 20)
    libc.shmdt(address)
    filled += 256
print('SHM-MIB', filled)
time.sleep(1)
"""
SHM_SQUAT = CTYPES + """
segment = libc.shmget(@SHM_KEY@ + 1, 1 << 20, 0o1000 | 0o666)
print('SQUATTED', 1 if segment >= 0 else 0)
"""
SHM_HOST = CTYPES + """
segment = libc.shmget(@SHM_KEY@, 0, 0)
address = libc.shmat(segment, None, 0) if segment >= 0 else None
if address not in (None, 2 ** 64 - 1):
    print(ctypes.string_at(address, 64))
    ctypes.memmove(address, b'PWNED', 5)
print('segment', segment, os.strerror(ctypes.get_errno()))
"""
MSG_FILL = CTYPES + """
queue = libc.msgget(0, 0o1000 | 0o600)
sent = 0
message = ctypes.create_string_buffer(b'\\1' * 8 + b'x' * 8000)
while queue >= 0 and sent < 1000 and libc.msgsnd(queue, message, 8000, 0o4000) == 0:
    sent += 1
semaphores = libc.semget(0, 16, 0o1000 | 0o600)
print('MESSAGES', sent, 'SEMAPHORES', 1 if semaphores >= 0 else 0)
"""
MQ_OPEN = CTYPES + """
queue = libc.mq_open(b'@MQ_NAME@', os.O_CREAT | os.O_RDWR, 0o666, None)
if queue >= 0:
    print('MQ-OPENED', queue)
print('mq_open', queue, os.strerror(ctypes.get_errno()))
"""
FALLOCATE = """
import os
for fd in (1, 2):
    try:
        os.posix_fallocate(fd, 0, 4 << 30)
    except OSError as exc:
        print('posix_fallocate', fd, exc)
""" + CTYPES + """
libc.fallocate.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_long, ctypes.c_long]
for fd in (1, 2):
    done = libc.fallocate(fd, 1, 0, 4 << 30)
    print('fallocate', fd, done, os.strerror(ctypes.get_errno()))
    print('ALLOCATED-MIB', os.fstat(fd).st_blocks * 512 >> 20, flush=True)
time.sleep(1)
"""
MEMFD = """
import os, time
total = 0
try:
    for _ in range(60):
        fd = os.memfd_create('fill')
        for _ in range(16):
            os.write(fd, b'x' * (1 << 20))
            total += 1
except OSError as exc:
    print(exc)
print('MEMFD-MIB', total)
time.sleep(1)
"""
LOCKS = """
import fcntl, os, struct
handle = open(os.__file__, 'rb')
attempts = {
    'flock': lambda: fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB),
    'flock-exclusive': lambda: fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB),
    'lockf': lambda: fcntl.lockf(handle, fcntl.LOCK_SH | fcntl.LOCK_NB),
    'ofd': lambda: fcntl.fcntl(handle, fcntl.F_OFD_SETLK, struct.pack('hhqqi4x', fcntl.F_RDLCK, 0, 0, 0, 0)),
    'lease': lambda: fcntl.fcntl(handle, fcntl.F_SETLEASE, fcntl.F_RDLCK),
}
for name, attempt in attempts.items():
    try:
        attempt()
        print('LOCKED', name)
    except OSError as exc:
        print(name, exc)
"""
WATCHES = """
import fcntl, os
folder = os.open(os.path.dirname(os.__file__), os.O_RDONLY)
try:
    fcntl.fcntl(folder, fcntl.F_NOTIFY, fcntl.DN_ACCESS | fcntl.DN_MODIFY | fcntl.DN_MULTISHOT)
    print('WATCHING dnotify')
except OSError as exc:
    print('dnotify', exc)
""" + CTYPES + """
watcher = libc.inotify_init1(0)
if watcher >= 0 and libc.inotify_add_watch(watcher, os.path.dirname(os.__file__).encode(), 0xFFF) >= 0:
    print('WATCHING inotify')
print('inotify', watcher, os.strerror(ctypes.get_errno()))
"""
RAW_CLONE = CTYPES + """
pid = libc.syscall(56, 17, 0, 0, 0, 0)  # clone(SIGCHLD): a process, not a thread
if pid == 0:
    os.write(1, b'SPAWNED-' + str(6 * 7).encode() + b'\\n')
    os._exit(0)
print('clone', pid, os.strerror(ctypes.get_errno()))
pid = libc.syscall(56, 0x10000 | 0x800 | 0x100 | 0x40000000, 0, 0, 0, 0)  # a thread in a new network namespace
print('clone-thread-netns', pid, os.strerror(ctypes.get_errno()))
"""
TERMINAL = r"""
import sys
text = '\x1b]0;pwned-title\x07\x1b[2J\x1b[31mRED\x1b[0m \u202eLIVE\u2066 \x9b31m\x08\x07\x00\r'
print(text)
print(text, file=sys.stderr)
"""
ESCAPES = [
    Escape("reading /etc/shadow", "print(open('/etc/shadow').read())", shadow_not_shown),
    Escape("reading a secret file of the test", "print(open('@SECRET_FILE@').read())", secret_not_shown),
    Escape("reading a world-readable secret under /tmp", "print(open('@OPEN_SECRET_FILE@').read())",
           secret_not_shown, needs_root=NO_JAIL),
    Escape("reading a secret with os.open", "import os\nprint(os.read(os.open('@SECRET_FILE@', os.O_RDONLY), 99))",
           secret_not_shown),
    Escape("reading a secret through a symlink in the work folder",
           "import os\nos.symlink('@OPEN_SECRET_FILE@', 'link')\nprint(open('link').read())", secret_not_shown,
           needs_root=NO_JAIL),
    Escape("reading another IFC file with IfcOpenShell's C++ reader",
           "import ifcopenshell\nprint(ifcopenshell.open('@OPEN_IFC@').by_type('IfcProject')[0].Name)",
           secret_not_shown, needs_root=NO_JAIL),
    Escape("listing the home folder", "import os\nprint('LISTED', os.listdir('@HOME@'))", home_not_listed),
    Escape("reading the API key from the environment", "import os\nprint(dict(os.environ))", secret_not_shown),
    Escape("reading the parent's environment from /proc",
           "import os\nprint(open(f'/proc/{os.getppid()}/environ', 'rb').read())", secret_not_shown),
    Escape("writing outside the work folder", "open('@OUTSIDE@', 'w').write('x')", nothing_written),
    Escape("writing into world-writable /tmp", "open('@OPEN_OUTSIDE@', 'w').write('x')", nothing_written,
           needs_root=NO_JAIL),
    Escape("appending to the model copy", "open(model_path, 'a').write('x')\nprint('CHANGED')", model_untouched),
    Escape("overwriting the original model", "open('@MODEL@', 'w').write('x')\nprint('CHANGED')", model_untouched),
    Escape("chmod of the model", "import os\nos.chmod(model_path, 0o666)\nprint('CHANGED')", model_untouched),
    Escape("replacing the model by a rename",
           "import os\nopen('m', 'w').write('x')\nos.replace('m', model_path)\nprint('CHANGED')", model_untouched),
    Escape("hard-linking the model to write it",
           "import os\nos.link(model_path, 'm')\nopen('m', 'a').write('x')\nprint('CHANGED')", model_untouched),
    Escape("connecting a socket to a listener on 127.0.0.1",
           "import socket\ns = socket.socket()\ns.settimeout(2)\ns.connect(('127.0.0.1', @PORT@))", no_connection),
    Escape("connecting through the _socket module",
           "import _socket\ns = _socket.socket()\ns.settimeout(2)\ns.connect(('127.0.0.1', @PORT@))", no_connection),
    Escape("a DNS lookup", "import socket\nprint('RESOLVED', socket.getaddrinfo('localhost', 80))",
           marker_not_shown("RESOLVED")),
    Escape("an HTTP request with urllib",
           "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:@PORT@/', timeout=2)", no_connection),
    Escape("subprocess.run", f"import subprocess\nsubprocess.run({SHELL})", nothing_spawned),
    Escape("os.system", "import os\nos.system('echo SPAWNED-$((6*7))')", nothing_spawned),
    Escape("os.popen", "import os\nprint(os.popen('echo SPAWNED-$((6*7))').read())", nothing_spawned),
    Escape("os.fork", FORK_LOOP.replace("range(50)", "range(1)"), printed("FORKS 0")),
    Escape("os.posix_spawn", f"import os\nos.waitpid(os.posix_spawn('/usr/bin/sh', {SHELL}, {{}}), 0)",
           nothing_spawned),
    Escape("os.execv", f"import os\nos.execv('/usr/bin/sh', {SHELL})", nothing_spawned),
    Escape("multiprocessing.Process",
           "import multiprocessing as mp\np = mp.Process(target=print, args=('SPAWNED-' + str(6 * 7),))\n"
           "p.start()\np.join()", nothing_spawned),
    Escape("pty.spawn", f"import pty\npty.spawn({SHELL})", nothing_spawned),
    Escape("a bounded fork bomb", FORK_LOOP, printed("FORKS 0")),
    Escape("a thread bomb", THREAD_LOOP, none_above("THREADS", SandboxLimits().threads if ROOT else 0)),
    Escape("a 4 GiB allocation", "b = bytearray(4 << 30)\nprint('SURVIVED')", memory_refused),
    Escape("a growing memory bomb", "chunks = []\nfor _ in range(128):\n    chunks.append(bytearray(64 << 20))\n"
           "print('SURVIVED')", memory_refused),
    Escape("an infinite loop", "while True:\n    pass", killed_for("wall-clock", 3 + 10), SandboxLimits(wall_s=3)),
    Escape("a CPU loop ignoring signals",
           "import signal\nfor s in (signal.SIGXCPU, signal.SIGTERM, signal.SIGINT):\n"
           "    signal.signal(s, signal.SIG_IGN)\nwhile True:\n    pass", killed_for("SIGKILL", 60),
           SandboxLimits(cpu_s=1, wall_s=60)),
    Escape("writing a huge file",
           "import os\ntry:\n    with open('big', 'wb') as out:\n        for _ in range(64):\n"
           "            out.write(b'x' * (1 << 20))\nexcept OSError as exc:\n    print(exc)\n"
           "print('SIZE', os.path.getsize('big'))", size_capped(16 << 20)),
    Escape("filling the disk with many files",
           "import os\nsize = 0\ntry:\n    for i in range(200):\n        with open(f'f{i}', 'wb') as out:\n"
           "            out.write(b'x' * (8 << 20))\n        size += 8 << 20\nexcept OSError as exc:\n    print(exc)\n"
           "print('SIZE', size)", size_capped(64 << 20), needs_root="without root the work folder is on the host disk"),
    Escape("ctypes.CDLL(None).system",
           "import ctypes\nctypes.CDLL(None).system(b'echo SPAWNED-$((6*7)); touch @OPEN_OUTSIDE@')",
           nothing_spawned),
    Escape("ctypes through importlib and __import__",
           "import importlib\nlibc = importlib.import_module('ctypes').CDLL('libc.so.6')\n"
           "__import__('ctypes').CDLL(None).system(b'echo SPAWNED-$((6*7))')\nlibc.system(b'echo SPAWNED-$((6*7))')",
           nothing_spawned),
    Escape("overriding builtins.__import__",
           "import builtins\nreal = builtins.__import__\nbuiltins.__import__ = lambda *a, **k: real(*a, **k)\n"
           "import _ctypes\n_ctypes.dlopen(None, 0)\nimport ctypes\nctypes.CDLL(None).system(b'echo SPAWNED-$((6*7))')",
           nothing_spawned),
    Escape("adding a hook and swapping sys.modules to disable the audit hook",
           "import sys\ntry:\n    sys.addaudithook(lambda *a: None)\nexcept Exception:\n    pass\n"
           "sys.modules.pop('socket', None)\nsys.audit = lambda *a: None\nimport socket\n"
           "socket.create_connection(('127.0.0.1', @PORT@), timeout=2)", no_connection),
    Escape("rewriting the audit hook's allow-list found through gc", HOOK_REWRITE, secret_not_shown,
           needs_root=NO_JAIL),
    Escape("signalling the parent process", "import os, signal\nos.kill(os.getppid(), signal.SIGUSR1)",
           parent_not_signalled),
    Escape("getting root back with setuid", "import os\nos.setuid(0)\nprint('ROOT', open('/etc/shadow').read())",
           marker_not_shown("ROOT")),
    Escape("raising its own limits", "import resource, os\nresource.setrlimit(resource.RLIMIT_NPROC, (99, 99))\n"
           + FORK_LOOP.replace("range(50)", "range(1)"), nothing_spawned),
    Escape("a chroot escape", "import os\nos.mkdir('x')\nos.chroot('x')\nos.chdir('../../../..')\nos.chroot('.')\n"
           "print(open('@SECRET_FILE@').read())", secret_not_shown),
    # issue 16: the host's memory, disk and stability
    Escape("filling 2 GiB of System V shared memory", SHM_FILL, none_above("SHM-MIB", 0)),
    Escape("squatting a System V key before a host program", SHM_SQUAT, none_above("SQUATTED", 0)),
    Escape("reading and overwriting a 0666 shared memory segment of the host", SHM_HOST, host_segment_untouched),
    Escape("filling System V message queues and semaphores", MSG_FILL, none_above("MESSAGES", 0)),
    Escape("creating a POSIX message queue", MQ_OPEN, no_message_queue),
    Escape("allocating 4 GiB of host disk with fallocate on stdout", FALLOCATE, none_above("ALLOCATED-MIB", 0)),
    Escape("memfds past the address-space limit", MEMFD, none_above("MEMFD-MIB", 0)),
    Escape("locking a read-only host file", LOCKS, marker_not_shown("LOCKED")),
    Escape("watching host folders (inotify, dnotify)", WATCHES, marker_not_shown("WATCHING")),
    Escape("a raw clone that is a process, or a thread in a new namespace", RAW_CLONE, clone_refused),
    Escape("200 MiB on stdout", "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(200):\n"
           "    sys.stdout.write(chunk)\nprint('SURVIVED')", killed_for("output limit of 16 MiB", 30)),
    Escape("200 MiB on stderr with os.write", "import os\nchunk = b'x' * (1 << 20)\nfor _ in range(200):\n"
           "    os.write(2, chunk)\nprint('SURVIVED')", killed_for("output limit of 16 MiB", 30)),
    Escape("a real-time signal to itself", "import signal\nsignal.raise_signal(40)\nprint('SURVIVED')",
           killed_for("signal 40", 30)),
    Escape("the last real-time signal", "import signal\nsignal.raise_signal(signal.SIGRTMAX)\nprint('SURVIVED')",
           killed_for(f"signal {int(signal.SIGRTMAX)}", 30)),
    Escape("stopping itself with SIGSTOP", "import signal\nsignal.raise_signal(signal.SIGSTOP)\nprint('SURVIVED')",
           killed_for("wall-clock", 3 + 10), SandboxLimits(wall_s=3)),
    Escape("closing stdout and stderr, then sleeping", "import os, time\nos.close(1)\nos.close(2)\ntime.sleep(60)",
           killed_for("wall-clock", 3 + 10), SandboxLimits(wall_s=3)),
    Escape("forging a set-up failure on stderr", "import sys\nprint('sandbox setup failed: forged', file=sys.stderr)\n"
           "sys.exit(70)", reason_not_forged),
    Escape("forging a MemoryError on stderr", "import os\nos.write(2, b'MemoryError\\n')\nos._exit(1)",
           reason_not_forged),
    Escape("terminal escapes and bidi controls in the output", TERMINAL, plain_text),
]


@pytest.mark.parametrize("layers", ["all layers", "OS layers only"])
@pytest.mark.parametrize("escape", ESCAPES, ids=str)
def test_each_escape_attempt_fails(escape: Escape, layers: str, target: Target) -> None:
    limits = escape.limits
    if layers == "OS layers only":
        if not ROOT:
            pytest.skip("the OS layers are complete only as root (uid drop, jail); the hook covers the rest")
        limits = SandboxLimits(**{**limits.__dict__, "audit_hook": False})
    with HostWatch(target.scratch) as host:
        result = run_code(target.fill(escape.code), target.model, limits)
    try:
        escape.check(target, result)
    except AssertionError:
        if escape.needs_root and not ROOT:
            pytest.xfail(escape.needs_root)  # it got through: only a root-only layer stops it
        raise
    assert _state(target.model) == target.model_state
    host.assert_left_as_it_was()


def test_there_are_at_least_25_distinct_attempts() -> None:
    assert len({escape.name for escape in ESCAPES}) == len(ESCAPES) >= 25


# The caller raises KeyboardInterrupt on SIGINT as an interactive Python does, even when the test process was started
# with SIGINT ignored (a pytest-xdist worker, a nohup'd run): an ignored SIGINT is inherited, and the SIGINT case then
# waited out its timeout instead of testing the clean-up.
CALLER = """
import signal, sys, tempfile
signal.signal(signal.SIGINT, signal.default_int_handler)
from pathlib import Path
tempfile.tempdir = sys.argv[1]
from ifcqa.agents.sandbox import SandboxLimits, run_code
print(run_code('while True:\\n    pass', Path(sys.argv[2]), SandboxLimits(wall_s=120, cpu_s=120)))
"""


def _running_child(scratch: Path, caller: subprocess.Popen[str], timeout_s: float = 120) -> int:
    """The pid of the run's child once its seccomp filter is on (the code is about to run or running).

    Fails at once, with what the caller printed, if the caller ends first (its run never started or failed to set up).
    """
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if caller.poll() is not None:
            out, err = caller.communicate()
            raise AssertionError(f"the caller ended ({caller.returncode}) before its sandbox child ran the code:\n"
                                 f"stdout: {out[-2000:]}\nstderr: {err[-2000:]}")
        for line in processes_naming(str(scratch)):
            pid = int(line.partition(":")[0])
            with contextlib.suppress(OSError):
                status = Path(f"/proc/{pid}/status").read_text()
                if "_sandbox_child" in line and re.search(r"^Seccomp:\s+2$", status, re.M):
                    return pid
        time.sleep(0.05)
    raise AssertionError(f"the sandbox child never got to the code in {timeout_s:.0f} s")


def _gone_within(scratch: Path, seconds: float) -> tuple[list[str], list[Path]]:
    deadline = time.monotonic() + seconds
    while True:
        left = processes_naming(str(scratch)), list(scratch.iterdir())
        if left == ([], []) or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


@pytest.fixture
def caller_scratch() -> Iterator[Path]:
    scratch = Path(tempfile.mkdtemp(prefix="ifcqa-caller-scratch-"))
    scratch.chmod(0o755)
    yield scratch
    for line in processes_naming(str(scratch)):  # only if the test failed: never leave a run behind
        with contextlib.suppress(OSError):
            os.kill(int(line.partition(":")[0]), signal.SIGKILL)
    shutil.rmtree(scratch, ignore_errors=True)


def _start_caller(scratch: Path, model: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CALLER, str(scratch), str(model)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_the_run_and_its_folder_go_when_the_caller_is_killed_mid_run(
    signal_number: signal.Signals, shared_ifc: Path, caller_scratch: Path
) -> None:
    caller = _start_caller(caller_scratch, shared_ifc / "IfcOpenHouse_IFC4.ifc")
    try:
        _running_child(caller_scratch, caller)
        time.sleep(0.5)
        caller.send_signal(signal_number)
        _out, err = caller.communicate(timeout=120)  # generous: the clean-up runs on a loaded machine too
    finally:
        caller.kill()
    assert caller.returncode != 0
    if signal_number == signal.SIGINT:
        assert "KeyboardInterrupt" in err  # the caller's own interruption still reaches it, after the clean-up
    assert _gone_within(caller_scratch, 10) == ([], [])


def test_the_parent_death_signal_alone_ends_the_run_when_the_watchdog_is_gone_too(
    shared_ifc: Path, caller_scratch: Path
) -> None:
    caller = _start_caller(caller_scratch, shared_ifc / "IfcOpenHouse_IFC4.ifc")
    try:
        child = _running_child(caller_scratch, caller)
        watchdogs = [int(p.partition(":")[0]) for p in processes_naming(str(caller_scratch)) if "\\x00-S\\x00" in p]
        assert len(watchdogs) == 1
        os.kill(watchdogs[0], signal.SIGKILL)
        time.sleep(0.2)
        caller.kill()
        caller.wait(timeout=30)
    finally:
        caller.kill()
    deadline = time.monotonic() + 10
    while Path(f"/proc/{child}").exists() and processes_naming(str(caller_scratch)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_naming(str(caller_scratch)) == []


def test_a_later_run_sees_nothing_an_earlier_run_left_in_system_v_memory(target: Target) -> None:
    limits = SandboxLimits(audit_hook=False)
    key = secrets.randbelow(1 << 30) + 1
    leave = CTYPES + f"""
segment = libc.shmget({key}, 4096, 0o1000 | 0o666)
address = libc.shmat(segment, None, 0) if segment >= 0 else None
if address not in (None, 2 ** 64 - 1):
    ctypes.memmove(address, b'@SECRET@', 24)
    print('LEFT')
"""
    read = CTYPES + f"""
segment = libc.shmget({key}, 0, 0)
address = libc.shmat(segment, None, 0) if segment >= 0 else None
if address not in (None, 2 ** 64 - 1):
    print(ctypes.string_at(address, 24))
"""
    with HostWatch(target.scratch) as host:
        first = run_code(target.fill(leave), target.model, limits)
        second = run_code(target.fill(read), target.model, limits)
    assert "LEFT" not in first.stdout, first.stdout
    assert target.secret not in second.stdout + second.stderr
    assert LIBC.shmget(key, 0, 0) < 0
    host.assert_left_as_it_was()


@pytest.mark.skipif(not ROOT, reason="mounting a test submount needs root (and without root there is no jail)")
def test_a_submount_inside_a_bound_tree_is_read_only_in_the_jail_too(target: Target) -> None:
    submount = Path(sys.prefix) / f"ifcqa-submount-{target.secret}"
    submount.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=1777", "tmpfs", str(submount)], check=True)
        try:
            code = f"import os\nprint(os.path.isdir('{submount}'))\nopen('{submount}/pwned', 'w').write('x')"
            with HostWatch(target.scratch) as host:
                result = run_code(code, target.model, SandboxLimits(audit_hook=False))
            assert result.stdout == "True\n", result.stderr  # the submount is there, bound with its tree
            assert not (submount / "pwned").exists()
            assert "Read-only file system" in result.stderr  # refused for being read-only, not for the owner
        finally:
            subprocess.run(["umount", str(submount)], check=True)
    finally:
        submount.rmdir()
    host.assert_left_as_it_was()


@pytest.mark.parametrize("code", ["print('\\ud800')", "print(1)\0", "x = 1\n" * 20_000 + "print(x)"],
                         ids=["lone surrogate", "NUL byte", "20,000 lines"])
def test_odd_code_is_a_result_never_an_exception(code: str, target: Target) -> None:
    with HostWatch(target.scratch) as host:
        result = run_code(code, target.model, SandboxLimits(audit_hook=False))
    assert result.exit_code is not None and result.killed_reason is None, result
    assert result.stdout == "1\n" if code.startswith("x = 1") else result.exit_code == 1
    host.assert_left_as_it_was()
