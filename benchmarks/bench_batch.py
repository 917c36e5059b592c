"""Speed of a batch (issue 28.9): ``aslgui resolve SCENARIO.json -`` answering 1,000 ``los``
questions given as JSON lines, in one process, start-up included.

Run ``.venv/bin/python benchmarks/bench_batch.py``; it prints a markdown table. With the real
boards beside the repository (``../shared/vasl/boards``) the questions are asked on real board 4
(its LOS geometry cached by a first run), without them on the demo's plain board.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import DEMO, Row, _check, aslgui_command, environments, table
from bench_los import BOARDS

#: The issue's target: 1,000 questions answered in at most a second.
TARGET_S = 1.0


def questions(count: int) -> bytes:
    """``count`` ``los`` questions between random hexes of the demo's board 4, one a line."""
    from aslgui.model import load_scenario

    hexes = [load_scenario(DEMO).grid.name(h) for h in load_scenario(DEMO).grid]
    pick = random.Random(28)
    lines = [json.dumps({"kind": "los", "from": pick.choice(hexes), "to": pick.choice(hexes)}) for _ in range(count)]
    return ("\n".join(lines) + "\n").encode()


def batch_seconds(count: int, runs: int) -> list[float]:
    """Wall times of whole ``aslgui resolve`` processes answering ``count`` questions; each answer
    line checked to be an answer, not an error."""
    data = questions(count)
    with tempfile.TemporaryDirectory() as folder:
        env, _ = environments(os.path.join(folder, "pycache"))
        times = []
        for run in range(runs + 1):  # the first fills the bytecode and board caches
            start = time.perf_counter()
            done = subprocess.run([*aslgui_command(), "resolve", str(DEMO), "-"], input=data, capture_output=True,
                                  env=env, check=False)
            elapsed = time.perf_counter() - start
            answers = done.stdout.decode().splitlines()
            if done.returncode != 0 or len(answers) != count or any('"error"' in a[:10] for a in answers):
                raise SystemExit(f"batch failed ({done.returncode}): {done.stderr.decode()[:300]}")
            if run:
                times.append(elapsed)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000, help="questions in the batch (default 1000)")
    parser.add_argument("--runs", type=int, default=5, help="whole processes timed (default 5)")
    options = parser.parse_args()
    if BOARDS:
        os.environ.setdefault("ASLGUI_VASL_BOARDS", str(BOARDS))
    times = batch_seconds(options.count, options.runs)
    where = "real board 4" if BOARDS else "plain board 4"
    median = statistics.median(times)
    rows: list[Row] = [(f"batch of {options.count} los questions, one process ({where}; range "
                        f"{min(times):.2f}-{max(times):.2f} s)", f"{median:.2f} s", f"<= {TARGET_S:g} s",
                        _check(median, TARGET_S))]
    print(table(rows))


if __name__ == "__main__":
    main()
