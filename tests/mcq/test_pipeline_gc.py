"""A file's generation freezes the collector's view of the index only while it runs, and never undoes another freeze."""

from __future__ import annotations

import gc

import pytest

from ifcqa.mcq.pipeline import _index_frozen


def test_objects_are_frozen_during_the_file_and_handed_back_after_it() -> None:
    assert gc.get_freeze_count() == 0
    kept = [object() for _ in range(10)]
    with _index_frozen():
        assert gc.get_freeze_count() >= len(kept)
    assert gc.get_freeze_count() == 0  # nothing stays out of collection after the file


def test_an_error_during_generation_still_hands_them_back() -> None:
    with pytest.raises(RuntimeError, match="boom"), _index_frozen():
        raise RuntimeError("boom")
    assert gc.get_freeze_count() == 0


def test_a_freeze_made_by_the_process_itself_is_left_as_it_was() -> None:
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with _index_frozen():
            pass
        assert gc.get_freeze_count() == before  # not unfrozen by the pipeline
    finally:
        gc.unfreeze()
