"""Server-Sent Events framing: one ``event:`` name and one line of JSON ``data:`` per event."""

from __future__ import annotations

import json
from typing import Any

SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}  # no proxy buffering of the stream
MEDIA_TYPE = "text/event-stream"


def sse_event(event: str, data: Any) -> bytes:
    """One event; the JSON is on a single line (``json.dumps`` escapes newlines), lone surrogates escaped."""
    text = json.dumps(data, ensure_ascii=False, default=str)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return f"event: {event}\ndata: {text}\n\n".encode()


def parse_events(text: str) -> list[tuple[str, Any]]:
    """The events of a stream body (for clients and tests): ``[(event, data), ...]``."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events
