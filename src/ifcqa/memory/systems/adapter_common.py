"""What the adapters to the real memory packages (``mem0``, ``graphiti``) share.

Both packages extract facts with a chat model of their own: the adapters point it at the configured
OpenAI-compatible endpoint (:class:`~ifcqa.memory.base.LLMEndpoint`, from ``--extract llm:MODEL`` or the
probe agent's ``--model``, with ``--base-url``) and embed with the bundled local embedder, so nothing
leaves the machine. Both packages' telemetry is switched off before they are imported.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import warnings
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.memory.base import LLMEndpoint, MemoryContext
from ifcqa.memory.tasks import Session

# package name on PyPI, module imported, telemetry switches set before the import
PACKAGES = {
    "mem0": ("mem0ai", "mem0", {"MEM0_TELEMETRY": "False"}),
    "graphiti": ("graphiti-core", "graphiti_core", {"GRAPHITI_TELEMETRY_ENABLED": "false"}),
}
INSTALL = "pip install -e '.[memory-adapters]'"


class AdapterError(IfcqaError):
    code = "memory_adapter_error"


def installed(system: str) -> bool:
    """Whether the package behind adapter ``system`` (``mem0`` or ``graphiti``) can be imported."""
    return importlib.util.find_spec(PACKAGES[system][1]) is not None


def import_package(system: str) -> Any:
    """The package's module, telemetry off; a clear error naming the install command when it is missing."""
    distribution, module, switches = PACKAGES[system]
    for key, value in switches.items():
        os.environ[key] = value  # read at import time by both packages; never let an environment turn it on
    if not installed(system):
        raise AdapterError(
            f"The {system} memory adapter needs the {distribution} package, which is not installed: {INSTALL}."
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the packages' own pydantic-v1-style classes
        return importlib.import_module(module)


def require_llm(context: MemoryContext, system: str) -> LLMEndpoint:
    """The chat model the package calls; an error naming the options when none is configured."""
    if context.llm is None:
        raise AdapterError(
            f"The {system} memory adapter extracts facts with an LLM: pass --extract llm:MODEL or the probe "
            "agent's --model M, with --base-url URL of an OpenAI-compatible server (or --model local)."
        )
    return context.llm


def session_messages(session: Session) -> list[dict[str, str]]:
    """The session's turns as chat messages (tool outputs, under the ``full`` scope, as labelled assistant text)."""
    out = []
    for turn in session.turns:
        text = turn.content or ""
        if turn.tool_calls:
            text = "\n".join([text, *(f"[calls {c['name']}({c.get('arguments')})]" for c in turn.tool_calls)]).strip()
        if not text:
            continue
        if turn.role == "tool":
            out.append({"role": "assistant", "content": f"[{turn.name or 'tool'} output] {text}"})
        else:
            out.append({"role": "user" if turn.role == "user" else "assistant", "content": text})
    return out
