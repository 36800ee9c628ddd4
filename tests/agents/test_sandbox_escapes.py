"""Escape attempts against the code sandbox: each one must fail, checked by its effect, not by stderr.

Every attempt runs twice: with all layers, and with the OS layers alone (the audit hook off), so a
hook that is bypassed (it is not a boundary) is shown not to matter. An attempt's check looks at
what the attempt was after: the secret is not in the output, the file was not written, the listener
got no connection, no spawned program printed its computed marker (``SPAWNED-42``; the code holds
``$((6*7))``, so an echoed source line never matches).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ifcqa.agents.sandbox import SandboxLimits, SandboxResult, run_code

ROOT = os.geteuid() == 0
SPAWNED = "SPAWNED-42"
SHELL = "['sh', '-c', 'echo SPAWNED-$((6*7))']"


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
    signals: list[int] = field(default_factory=list)

    def fill(self, code: str) -> str:
        for key, value in {
            "@SECRET_FILE@": self.secret_file, "@OPEN_SECRET_FILE@": self.open_secret_file,
            "@OPEN_IFC@": self.open_ifc, "@OUTSIDE@": self.outside, "@OPEN_OUTSIDE@": self.open_outside,
            "@MODEL@": self.model, "@PORT@": self.listener.getsockname()[1], "@HOME@": Path.home(),
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
    yield Target(token, secret_file, open_secret, open_ifc, tmp_path / "pwned", open_dir / "pwned", model,
                 _state(model), listener, received)
    signal.signal(signal.SIGUSR1, previous)
    listener.close()
    shutil.rmtree(open_dir)


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
    Escape("a thread bomb", THREAD_LOOP, printed("THREADS 0")),
    Escape("a 4 GiB allocation", "b = bytearray(4 << 30)\nprint('SURVIVED')", killed_for("memory", 30)),
    Escape("a growing memory bomb", "chunks = []\nfor _ in range(128):\n    chunks.append(bytearray(64 << 20))\n"
           "print('SURVIVED')", killed_for("memory", 30)),
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
]


@pytest.mark.parametrize("layers", ["all layers", "OS layers only"])
@pytest.mark.parametrize("escape", ESCAPES, ids=str)
def test_each_escape_attempt_fails(escape: Escape, layers: str, target: Target) -> None:
    limits = escape.limits
    if layers == "OS layers only":
        if not ROOT:
            pytest.skip("the OS layers are complete only as root (uid drop, jail); the hook covers the rest")
        limits = SandboxLimits(**{**limits.__dict__, "audit_hook": False})
    result = run_code(target.fill(escape.code), target.model, limits)
    try:
        escape.check(target, result)
    except AssertionError:
        if escape.needs_root and not ROOT:
            pytest.xfail(escape.needs_root)  # it got through: only a root-only layer stops it
        raise
    assert _state(target.model) == target.model_state


def test_there_are_at_least_25_distinct_attempts() -> None:
    assert len({escape.name for escape in ESCAPES}) == len(ESCAPES) >= 25
