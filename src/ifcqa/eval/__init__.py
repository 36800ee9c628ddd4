"""Running agents over a benchmark, grading by exact option-set match, and reporting.

* :func:`run_eval` (``runner``): a resumable run folder of graded records.
* :func:`is_correct`, :func:`wilson_interval`, :func:`chance_rate` (``grading``): the scoring rules.
* :func:`summarize` (``summary``): a run's numbers, overall and per taxonomy level.
* :func:`load_run` (``loaders``): any run format as :class:`RunData`, for reports
  (``ifcqa.eval.report.write_report``, which is imported on its own because it needs matplotlib).
"""

from ifcqa.eval import inspect_reader as _inspect_reader  # noqa: F401  (registers the Inspect log reader)
from ifcqa.eval.grading import chance_rate, is_correct, wilson_interval
from ifcqa.eval.loaders import RunData, load_run, run_reader
from ifcqa.eval.records import RunConfig, RunRecord
from ifcqa.eval.runner import run_eval
from ifcqa.eval.summary import summarize

__all__ = [
    "RunConfig",
    "RunData",
    "RunRecord",
    "chance_rate",
    "is_correct",
    "load_run",
    "run_eval",
    "run_reader",
    "summarize",
    "wilson_interval",
]
