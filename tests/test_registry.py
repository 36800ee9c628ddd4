"""One registry for everything found by name: built-ins and plug-ins register the same way, keyed kind:name.

The plug-ins here are real installed distributions (a ``.dist-info`` folder with ``entry_points.txt`` on the
path of a fresh interpreter), so ``importlib.metadata`` finds them exactly as it finds a pip-installed package.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ifcqa import registry
from ifcqa.registry import Loader, RegistryError, kind

SRC = Path(__file__).resolve().parents[1] / "src"

TINY_PLUGIN = '''
from pathlib import Path

from ifcqa.agents.base import agent
from ifcqa.agents.oracle_policies._plan import policy
from ifcqa.eval.loaders import run_reader
from ifcqa.graph.store import graph_store
from ifcqa.mcq.registry import generator, verifier
from ifcqa.memory.base import memory_system
from ifcqa.tools.registry import tool


@tool("models")
def tiny_count(index) -> dict:
    """Count the records of the model (a plug-in's tool)."""
    return {"records": len(index.data.elements)}


@agent("tiny")
def make_tiny(config):
    return "a tiny agent"


@generator("x.tiny.thing", version=3)
def tiny_generator(ctx):
    yield from ()


@verifier("x.tiny.thing")
def tiny_verifier(model, item):
    return set()


@policy("x.tiny.thing")
def tiny_policy(question):
    yield from ()


@graph_store("tiny", location="uri", schemes=("tiny",))
def tiny_store(location, read_only=False):
    from ifcqa.graph.store import GraphError

    raise GraphError(f"the tiny graph server was asked for {location} (read_only={read_only})")


@run_reader("tiny-log", detect=lambda path: Path(path).suffix == ".tiny")
def read_tiny(path):
    raise RuntimeError("never read in this test")


@memory_system("tiny")
def tiny_memory(context):
    raise RuntimeError("never built in this test")
'''

GROUPS = ("ifcqa.tools", "ifcqa.agents", "ifcqa.mcq", "ifcqa.oracle_policies", "ifcqa.graph_stores",
          "ifcqa.run_readers", "ifcqa.memory_systems")  # fmt: skip


def install_plugin(root: Path, module: str, source: str, groups: tuple[str, ...] = GROUPS) -> Path:
    """Install ``module`` as a distribution whose entry points name it in ``groups``; returns the path to add."""
    root.mkdir(parents=True, exist_ok=True)
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    dist = root / f"{module}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(
        "".join(f"[{group}]\n{module} = {module}\n\n" for group in groups), encoding="utf-8"
    )
    return root


def run_python(code: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*(str(p) for p in paths), str(SRC)])}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env, timeout=300
    )


LIST_TINY = """
import json
from ifcqa import registry
from ifcqa.agents.base import get_agents
from ifcqa.eval.loaders import get_run_readers
from ifcqa.graph.store import GRAPH_STORES
from ifcqa.mcq.registry import get_generators, get_verifiers
from ifcqa.agents.oracle_policies._plan import registered
from ifcqa.memory.base import get_systems
from ifcqa.tools.registry import get_tools
get_tools(), get_agents(), get_generators(), get_verifiers(), registered(), GRAPH_STORES.entries(), get_run_readers()
get_systems()
print(json.dumps({
    "tiny": [key for key in registry.names() if "tiny" in key],
    "version": get_generators()["x.tiny.thing"].version,
    "builtin_tools": "get_element" in get_tools(),
    "readers": list(get_run_readers()),
}))
"""


def test_a_plugin_package_adds_one_of_every_kind_by_the_same_decorators_the_built_ins_use(tmp_path: Path) -> None:
    path = install_plugin(tmp_path / "site", "tiny_ifcqa_plugin", TINY_PLUGIN)
    done = run_python(LIST_TINY, path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["tiny"] == sorted([
        "agent:tiny", "generator:x.tiny.thing", "graph_store:tiny", "memory_system:tiny", "oracle_policy:x.tiny.thing",
        "run_reader:tiny-log", "tool:tiny_count", "verifier:x.tiny.thing",
    ])  # fmt: skip
    assert found["version"] == 3 and found["builtin_tools"]
    assert found["readers"] == ["ifcqa-run", "inspect-log", "tiny-log"]  # built-ins are tried first


def test_a_plugin_tool_reaches_the_command_line(tmp_path: Path) -> None:
    path = install_plugin(tmp_path / "site", "tiny_ifcqa_plugin", TINY_PLUGIN)
    code = "import sys; from ifcqa.cli.main import main; sys.argv = ['ifcqa', 'tools', '--json']; main()"
    done = run_python(code, path)
    assert done.returncode == 0, done.stderr
    assert "tiny_count" in {t["name"] for t in json.loads(done.stdout)}


def test_a_plugin_reusing_a_built_in_name_is_refused_naming_both_modules(tmp_path: Path) -> None:
    clash = '''
    from ifcqa.tools.registry import tool

    @tool("models")
    def get_element(index, element: str) -> dict:
        """A second get_element."""
        return {}
    '''
    path = install_plugin(tmp_path / "site", "clashing_plugin", clash, groups=("ifcqa.tools",))
    done = run_python("from ifcqa.tools.registry import get_tools; get_tools()", path)
    assert done.returncode != 0
    assert "plug-in 'clashing_plugin' (ifcqa.tools = clashing_plugin)" in done.stderr
    named = "tool:get_element is registered twice: by ifcqa.tools.model.get_element and by clashing_plugin.get_element"
    assert named in done.stderr


def test_a_plugin_failing_halfway_registers_nothing_in_any_kind_it_fills_and_the_built_ins_stay(tmp_path: Path) -> None:
    broken = '''
    from ifcqa.mcq.registry import generator

    @generator("x.broken.half")
    def half(ctx):
        yield from ()

    raise ImportError("needs the package frobnicate")
    '''
    path = install_plugin(tmp_path / "site", "broken_mcq_plugin", broken, groups=("ifcqa.mcq",))
    code = """
    from ifcqa.mcq import registry
    from ifcqa.once import PluginError
    for attempt in range(2):  # the same error every time: the module is not imported again
        try:
            registry.get_generators()
        except PluginError as exc:
            print("ERROR", exc)
    stored = registry.GENERATORS._store()
    print("HALF", "x.broken.half" in stored, "BUILTIN", "direct.class.of_named_element" in stored)
    """
    done = run_python(code, path)
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stdout.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 2
    assert "plug-in 'broken_mcq_plugin' (ifcqa.mcq = broken_mcq_plugin)" in errors[0]
    assert "ImportError: needs the package frobnicate" in errors[0]
    assert "none of its generators and verifiers is registered" in errors[0]
    assert done.stdout.splitlines()[-1] == "HALF False BUILTIN True"


def test_keys_name_a_kind_and_a_name_and_unknown_ones_list_what_there_is() -> None:
    assert registry.lookup("agent:oracle").obj is not None
    assert registry.lookup("tool:get_element").info["spec"].group == "attributes"
    with pytest.raises(RegistryError, match=r"Unknown agent 'oracel'\. Available agents: code, first-option"):
        registry.lookup("agent:oracel")
    with pytest.raises(RegistryError, match="not a registry key: write kind:name, kind one of agent, generator"):
        registry.lookup("oracle")


def test_a_kind_declared_twice_is_the_same_kind_and_with_another_loader_an_error() -> None:
    loader = Loader()
    scratch = kind("scratch_test_kind", "scratch things", loader)
    assert kind("scratch_test_kind", "scratch things", loader) is scratch
    with pytest.raises(RegistryError, match="declared twice with different loaders"):
        kind("scratch_test_kind", "scratch things", Loader())


def test_registering_the_same_object_twice_is_harmless_and_another_object_under_its_name_is_refused() -> None:
    scratch = kind("scratch_twice", "scratch things", Loader())

    def first() -> None: ...

    def second() -> None: ...

    scratch.register("one", first)
    scratch.register("one", first)
    with pytest.raises(RegistryError, match=r"scratch_twice:one is registered twice: by test_registry\..*first and by"):
        scratch.register("one", second)
    assert scratch.objects() == {"one": first}


def test_a_creation_record_rebuilds_the_object_it_describes() -> None:
    from ifcqa.agents.base import AgentConfig

    record = registry.creation("agent", "random", {"seed": 7}).as_json()
    assert record == {"key": "agent:random", "arguments": {"seed": 7}}
    rebuilt = registry.recreate(record, lambda entry, arguments: entry.obj(AgentConfig(**arguments)))
    assert rebuilt.name == "random"


def test_a_tool_plugin_that_fails_on_import_is_named_and_leaves_no_tool_behind(tmp_path: Path) -> None:
    broken = '''
    from ifcqa.tools.registry import tool

    @tool("models")
    def half_registered(index) -> dict:
        """Registered before the module fails."""
        return {}

    raise ImportError("needs the package frobnicate")
    '''
    path = install_plugin(tmp_path / "site", "broken_tools_plugin", broken, groups=("ifcqa.tools",))
    code = """
    from ifcqa.once import PluginError
    from ifcqa.tools import registry
    for attempt in range(2):  # the same error every time: the module is not imported again
        try:
            registry.get_tools()
        except PluginError as exc:
            print("ERROR", exc)
    stored = registry.TOOLS._store()
    print("HALF", "half_registered" in stored, "BUILTIN", "get_element" in stored)
    """
    done = run_python(code, path)
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stdout.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 2 and errors[0] == errors[1]
    assert "plug-in 'broken_tools_plugin' (ifcqa.tools = broken_tools_plugin)" in errors[0]
    assert "ImportError: needs the package frobnicate" in errors[0]
    assert "Fix or uninstall the package that provides it" in errors[0]
    assert done.stdout.splitlines()[-1] == "HALF False BUILTIN True"  # the built-ins stay


def test_a_plugin_graph_server_is_reached_from_the_command_line_by_its_uri_scheme(tmp_path: Path) -> None:
    path = install_plugin(tmp_path / "site", "tiny_ifcqa_plugin", TINY_PLUGIN)
    code = "import sys; from ifcqa.cli.main import main; sys.argv = ['ifcqa', 'graph', 'models', '--graph-server', " \
        "'tiny://db:1234']; main()"
    done = run_python(code, path)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == "error: the tiny graph server was asked for tiny://db:1234 (read_only=True)"


def test_a_uri_no_backend_serves_is_an_error_naming_the_schemes_that_are_served() -> None:
    from ifcqa.graph.store import GraphError, backend_of, open_store

    assert backend_of("bolt://localhost:7687") == backend_of("neo4j+s://db") == "neo4j"
    with pytest.raises(GraphError, match=r"No graph backend serves 'ftp://x'\. Give a URI of one of the schemes bolt"):
        open_store("ftp://x")
