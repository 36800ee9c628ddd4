"""The Benchmarks page starts an MCQ generation job and follows it to its end (Chromium, a real server).

Skipped without /usr/bin/chromium.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser import ARGS, CHROMIUM, Server, sync_api

from ifcqa.sample import write_sample_model


@pytest.fixture()
def page(tmp_path: Path) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=ARGS, headless=True,
            bypass_csp=True)  # wait_for_function evaluates strings; the app itself runs under the CSP
        try:
            yield context.new_page()
        finally:
            context.close()


def test_the_ui_starts_a_job_and_shows_its_progress_until_the_benchmark_is_listed(
    tmp_path: Path, page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IFCQA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("IFCQA_TOKEN", raising=False)
    sample = write_sample_model(tmp_path / "house.ifc", storeys=1, rooms_per_storey=2)
    with Server(tmp_path / "models") as server:
        model = httpx.post(f"{server.url}api/models", files={"file": ("house.ifc", sample.read_bytes())}).json()["id"]
        page.goto(f"{server.url}#/benchmarks")
        page.wait_for_selector(f"#job-model option[value='{model}']", state="attached")
        page.fill("#job-cap", "2")
        page.click("#job-start")
        page.wait_for_function("window.ifcqaUI && window.ifcqaUI.job && window.ifcqaUI.job.state === 'done'",
                               timeout=240_000)
        job = page.evaluate("window.ifcqaUI.job")
        served = httpx.get(f"{server.url}api/jobs/{job['id']}").json()
        page.wait_for_selector(f"#bench-list button[data-bench='{served['result']['benchmark']}']")
        status = page.text_content("#job-status")
        listed = page.text_content("#bench-list")
    progress = job["progress"]
    assert progress == sorted(progress) and progress[-1] == 1.0  # real progress: it only grows, to the end
    assert served["state"] == "done" and status == f"done: {served['result']['items']} items in " \
                                                  f"{served['result']['benchmark']}"
    assert served["result"]["benchmark"] in listed
