"""The benchmark item and manifest formats (JSONL lines and a JSON manifest that other tools read).

An item is a multiple-choice question about one IFC file whose key was derived by a generator from
the model index and re-derived by an independent verifier from the file itself.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

QuestionType = Literal["single", "multi", "boolean"]
LABELS = "ABCDE"
ITEM_FORMAT = 1


class Option(BaseModel):
    """One answer option."""

    model_config = ConfigDict(frozen=True)
    label: str
    text: str


class GeneratorInfo(BaseModel):
    """Which generator made an item, so a benchmark can be rebuilt or its items traced."""

    name: str
    version: int


class Item(BaseModel):
    """A retained (or candidate) multiple-choice item.

    ``provenance`` holds what a verifier needs to re-derive the answer: ``elements`` (GlobalIds in the
    order the question names them), the names read (``ifc_class``, ``pset``, ``qto``, ``property``,
    ``storey``, ``type``, ``material``, ``axis``, ``point``...) and, for options that stand for
    elements, ``option_elements`` (option text -> GlobalId).
    """

    id: str
    source_file: str
    source_sha256: str
    group: str
    category: str
    subtype: str
    question_type: QuestionType
    question: str
    options: list[Option]
    answer: list[str]
    provenance: dict[str, Any] = Field(default_factory=dict)
    generator: GeneratorInfo

    def option_text(self, label: str) -> str:
        """The text of the option labelled ``label``."""
        for option in self.options:
            if option.label == label:
                return option.text
        raise KeyError(label)

    def label_of(self, text: str) -> str | None:
        """The label of the option whose text is ``text`` (exactly), if any."""
        return next((o.label for o in self.options if o.text == text), None)


class SubtypeCounts(BaseModel):
    """What happened to the candidates of one subtype on one file."""

    candidates: int = 0
    skipped: dict[str, int] = Field(default_factory=dict)  # reason -> count
    rejected: dict[str, int] = Field(default_factory=dict)  # reason -> count
    retained: int = 0

    def add(self, other: SubtypeCounts) -> None:
        self.candidates += other.candidates
        self.retained += other.retained
        for mine, theirs in ((self.skipped, other.skipped), (self.rejected, other.rejected)):
            for reason, n in theirs.items():
                mine[reason] = mine.get(reason, 0) + n


class FileEntry(BaseModel):
    """One source model of a benchmark."""

    path: str
    sha256: str
    schema_name: str = Field(alias="schema")
    counts: dict[str, SubtypeCounts] = Field(default_factory=dict)  # subtype -> counts
    rejections: list[dict[str, Any]] = Field(default_factory=list)  # logged disagreements
    warnings: list[dict[str, Any]] = Field(default_factory=list)  # recoverable parse problems (ParseWarning JSON)
    seconds: float = 0.0

    model_config = ConfigDict(populate_by_name=True)


class Manifest(BaseModel):
    """The manifest written beside BENCH.jsonl."""

    ifcqa_version: str
    item_format: int = ITEM_FORMAT
    seed: int
    cap: int
    categories: list[str]
    generators: dict[str, int]  # subtype -> generator version
    files: list[FileEntry]
    total_items: int = 0
    # per subtype: share of items whose model, subtype and answer repeat (ifcqa.mcq.quality.duplication)
    duplication: dict[str, float] = Field(default_factory=dict)
    # files that failed every try under --keep-going: {"file", "error", "error_type", "attempts"}; left out when none
    failed: list[dict[str, Any]] = Field(default_factory=list)

    @model_serializer(mode="wrap")
    def _drop_empty_failed(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("failed"):
            data.pop("failed", None)
        return data
