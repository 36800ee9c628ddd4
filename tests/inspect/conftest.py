"""Fixtures of the Inspect tests: a small benchmark built in code, and Inspect's mockllm driven by a script.

Nothing is downloaded: every scripted reply carries its token usage (mockllm would otherwise count
tokens with tiktoken, which fetches its encodings), and the models are generated sample buildings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, Model, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from ifcqa.index import IndexCache
from ifcqa.mcq.benchfile import dump_items
from ifcqa.mcq.items import Item
from ifcqa.mcq.pipeline import generate_for_file
from ifcqa.sample import write_sample_model

MOCK = "mockllm/model"
TOKENS_IN, TOKENS_OUT = 120, 7  # per scripted reply


@dataclass
class Bench:
    """A benchmark file, its items (in file order) and the index cache its model was indexed into."""

    path: Path
    items: list[Item]
    cache_dir: Path
    model_file: Path


@dataclass
class Call:
    """One model call as the scripted model saw it."""

    item: Item
    turn: int
    tools: list[str]
    messages: list[ChatMessage]


Policy = Callable[[Item, int], ModelOutput]


@dataclass
class ScriptedModel:
    """Inspect's mockllm answering from a policy ``(item, turn) -> reply``; every call is recorded."""

    items: list[Item]
    policy: Policy
    calls: list[Call] = field(default_factory=list)
    TOKENS_IN: ClassVar[int] = TOKENS_IN
    TOKENS_OUT: ClassVar[int] = TOKENS_OUT

    def __call__(
        self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice, config: GenerateConfig
    ) -> ModelOutput:
        user = next(m.text for m in input if m.role == "user")
        item = next(i for i in self.items if user.startswith(f"Question: {i.question}\n"))
        turn = sum(m.role == "assistant" for m in input)
        self.calls.append(Call(item, turn, [t.name for t in tools], list(input)))
        return self.policy(item, turn)

    def model(self) -> Model:
        return get_model(MOCK, custom_outputs=self, memoize=False)

    @staticmethod
    def say(text: str) -> ModelOutput:
        """A plain reply (with its token usage)."""
        return _with_usage(ModelOutput.from_content(MOCK, text))

    @staticmethod
    def call(tool: str, arguments: dict[str, Any]) -> ModelOutput:
        """A reply that calls one tool (with its token usage)."""
        return _with_usage(ModelOutput.for_tool_call(MOCK, tool, arguments))

    @staticmethod
    def right(item: Item) -> str:
        """The answer line of the key."""
        return "ANSWER: " + ",".join(item.answer)

    @staticmethod
    def wrong(item: Item) -> str:
        """A distractor (multi: the key plus a distractor): never the exact option set."""
        distractor = next(o.label for o in item.options if o.label not in item.answer)
        chosen = sorted([*item.answer, distractor]) if item.question_type == "multi" else [distractor]
        return "ANSWER: " + ",".join(chosen)


def _with_usage(output: ModelOutput) -> ModelOutput:
    output.usage = ModelUsage(input_tokens=TOKENS_IN, output_tokens=TOKENS_OUT, total_tokens=TOKENS_IN + TOKENS_OUT)
    return output


@pytest.fixture(scope="session")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Bench:
    """Class-identification items (single and multi) of a generated one-storey house, models/ beside them."""
    folder = tmp_path_factory.mktemp("inspect-bench")
    cache = folder / "cache"
    model_file = write_sample_model(folder / "models" / "house.ifc", storeys=1, seed=1)
    made, _ = generate_for_file(model_file, categories=["direct.class"], cap=4, cache=IndexCache(cache))
    items = [item.model_copy(update={"source_file": "models/house.ifc"}) for item in made]
    assert {item.question_type for item in items} == {"single", "multi"}
    path = folder / "BENCH.jsonl"
    path.write_bytes(dump_items(items))
    return Bench(path, items, cache, model_file)


@pytest.fixture(scope="session")
def run_task(bench: Bench, tmp_path_factory: pytest.TempPathFactory) -> Callable[..., tuple[EvalLog, ScriptedModel]]:
    """Run ``ifcqa/ifc_mcq`` (looked up by name, as ``inspect eval`` does) on the bench with a scripted model."""

    def run(policy: Policy, **task_args: Any) -> tuple[EvalLog, ScriptedModel]:
        scripted = ScriptedModel(bench.items, policy)
        args = {"bench": str(bench.path), "cache_dir": str(bench.cache_dir), **task_args}
        logs = inspect_eval(
            "ifcqa/ifc_mcq",
            task_args=args,
            model=scripted.model(),
            log_dir=str(tmp_path_factory.mktemp("inspect-logs")),
            display="none",
        )
        assert logs[0].status == "success", logs[0].error
        return logs[0], scripted

    return run


FIND_WALLS = {"ifc_class": "IfcWall"}  # the find_elements call of item 0 in the main run


def main_policy(items: list[Item]) -> Policy:
    """Item 0 calls find_elements, then answers right; item 1 answers wrong; then right, wrong, ..."""

    def policy(item: Item, turn: int) -> ModelOutput:
        number = items.index(item)
        if number == 0 and turn == 0:
            return ScriptedModel.call("find_elements", FIND_WALLS)
        answer = ScriptedModel.right(item) if number % 2 == 0 else ScriptedModel.wrong(item)
        return ScriptedModel.say(f"Checked.\n{answer}")

    return policy


@pytest.fixture(scope="session")
def replies() -> type[ScriptedModel]:
    """``say``, ``call``, ``right`` and ``wrong``: the replies a policy returns."""
    return ScriptedModel


@pytest.fixture(scope="session")
def tool_run(bench: Bench, run_task: Callable[..., tuple[EvalLog, ScriptedModel]]) -> tuple[EvalLog, ScriptedModel]:
    """One ``agent=tool`` run of the whole bench with :func:`main_policy`."""
    return run_task(main_policy(bench.items), agent="tool")
