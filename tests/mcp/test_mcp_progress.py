"""A tool that needs every bounding box reports the whole-model geometry pass as MCP progress notifications."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from ifcqa.sample import write_sample_model


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("progress") / "sample.ifc"
    write_sample_model(path)
    return path


def test_a_point_query_on_a_cold_box_cache_reports_progress_to_100(sample: Path, tmp_path: Path) -> None:
    args = ["-m", "ifcqa.cli.main", "mcp", str(sample), "--cache-dir", str(tmp_path)]
    client = Client(StdioServerParameters(command=sys.executable, args=args), read_timeout_seconds=120)
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async def run() -> list[str]:
        texts, counts = [], []
        async with client:
            for _ in range(2):  # the second call reads the cached boxes: no pass, no progress
                result = await client.call_tool(
                    "elements_at_point", {"x": 1.0, "y": 1.0, "z": 1.0}, progress_callback=on_progress
                )
                assert result.is_error is False
                assert isinstance(result.content[0], TextContent)
                texts.append(result.content[0].text)
                counts.append(len(seen))
        assert counts[0] == counts[1]
        return texts

    texts = anyio.run(run)
    assert json.loads(texts[0]) == json.loads(texts[1])
    values = [value for value, _, _ in seen]
    assert values and values[-1] == 100 and values == sorted(values)
    assert {total for _, total, _ in seen} == {100}
    assert all(message and "bounding boxes" in message for _, _, message in seen)
