"""What the routes of one app share: the settings, the model store, the jobs and a few counters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio.to_thread
from fastapi import Request

from ifcqa.service.jobs import Jobs
from ifcqa.service.projects import ProjectAnswers
from ifcqa.service.store import ModelStore

T = TypeVar("T")


@dataclass
class ServiceState:
    """The state of one app (``app.state.ifcqa``)."""

    store: ModelStore
    jobs: Jobs
    metrics: Counter[str] = field(default_factory=Counter)  # asks started/completed/cancelled/failed/disconnected
    projects: ProjectAnswers = field(default_factory=ProjectAnswers)  # each served project's questions

    @property
    def models_dir(self) -> Path:
        return self.store.models_dir


def get_state(request: Request) -> ServiceState:
    state: ServiceState = request.app.state.ifcqa
    return state


async def off_loop(function: Callable[..., T], *args: Any) -> T:
    """Run blocking ``function(*args)`` in a worker thread, so the event loop keeps serving other requests."""
    return await anyio.to_thread.run_sync(function, *args)
