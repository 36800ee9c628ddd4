"""Run the fuzz properties of tests/fuzz with a longer budget and print what was run.

Run from the repository root::

    python bench/fuzz.py                       # ifcqa-long profile, 400 examples per property (scaled)
    python bench/fuzz.py --examples 2000       # more
    python bench/fuzz.py --seed 7 -k selector  # one property, another seed

The properties are those of ``tests/fuzz/test_fuzz.py`` (mutated STEP text, tool arguments through
``call_tool`` and MCP, selectors, benchmark JSONL lines, run folders); the test suite runs them under
the bounded ``ifcqa-ci`` profile (derandomized), this script under ``ifcqa-long`` (random, or seeded
with ``--seed``). Prints one JSON line per property (examples asked, outcome, seconds) on stdout and
pytest's report on stderr; exits 1 when a property fails, with hypothesis's minimal failing input in
the report: pin it in the test module with ``@example(...)`` as a regression case, then fix it.
Writes nothing into the repository (hypothesis's example database is off; files go to pytest's tmp).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = ROOT / "tests" / "fuzz" / "test_fuzz.py"
PROPERTIES = (
    "test_mutated_step_text_is_indexed_or_refused_with_one_line",
    "test_any_tool_arguments_answer_or_raise_a_tool_error",
    "test_any_mcp_call_is_a_result_never_an_internal_error",
    "test_any_selector_selects_or_raises_a_tool_error",
    "test_any_benchmark_file_is_read_or_refused_naming_the_line",
    "test_any_run_folder_is_read_or_refused",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=400, help="examples per property at scale 25 (default 400)")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: random)")
    parser.add_argument("-k", dest="keyword", default=None, help="only the properties whose name contains this")
    options = parser.parse_args()
    env = {**os.environ, "IFCQA_FUZZ_PROFILE": "ifcqa-long", "IFCQA_FUZZ_EXAMPLES": str(options.examples)}
    failed = False
    for name in PROPERTIES:
        if options.keyword and options.keyword not in name:
            continue
        command = [sys.executable, "-m", "pytest", f"{MODULE}::{name}", "-q", "-p", "no:cacheprovider"]
        if options.seed is not None:
            command.append(f"--hypothesis-seed={options.seed}")
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - started
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-2000:])
        outcome = "passed" if done.returncode == 0 else "failed"
        failed |= done.returncode != 0
        print(
            json.dumps(
                {"property": name, "examples": options.examples, "outcome": outcome, "seconds": round(seconds, 1)}
            )
        )
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
