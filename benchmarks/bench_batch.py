"""Speed of a batch (issues 28.9 and 40): ``aslgui resolve SCENARIO.json -`` answering 4,000
``los`` questions (``--kind fire``: 100,000 ``fire`` questions) given as JSON lines, in one
``aslgui resolve`` run, start-up included, against the bare stdlib start (``reference.BASELINE``) timed
interleaved in the same run; the batch as ``aslgui resolve`` answers it (on every core,
``aslgui.batch_processes``) and in one process.

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
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_core import DEMO, FIRE, Row, _check, aslgui_command, environments, table
from bench_los import BOARDS

from aslgui.batch_processes import process_count
from benchmarks.reference import BASELINE

#: Issue 40's target for 4,000 questions on this project's machine (the start reference there
#: is 33 ms, ``reference.CALIBRATION``): 0.13 s, a ratio of 3.94 to the bare start.
TARGET_S = 0.13
TARGET_RATIO = 0.13 / 0.033
#: Issue 40's target for 100,000 ``fire`` questions in a batch: 15 s, a ratio of 454.5 to the bare start.
FIRE_TARGET_S = 15.0
FIRE_TARGET_RATIO = 15.0 / 0.033
#: The demo's fire questions and how often each is asked: the demo shot (``bench_core.FIRE``, the
#: 57LL AT Gun at the PzKpfw IIIG) most, then the other shots the demo allows (its ammunition, the
#: Area Target Type, Acquisition, Deliberate Immobilization, the AFPh, dice; the PzKpfw's own MA in
#: the DFPh), and about one in six illegal (no LOS, Infantry Target Type vs an AFV, the DEFENDER
#: firing in the PFPh, Intensive Fire before its ROF is used up), whose answers count no odds.
FIRE_MIX: tuple[tuple[int, Mapping[str, object]], ...] = (
    (40, FIRE),
    *((3, {**FIRE, "ammo": ammo}) for ammo in ("AP", "APCR", "APDS", "HEAT", "HE")),
    (3, {**FIRE, "acquisition": 1}),
    (2, {**FIRE, "acquisition": 2}),
    (2, {**FIRE, "deliberate_immobilization": True}),
    (3, {**FIRE, "phase": "AFPh"}),
    (3, {**FIRE, "dice": {"colored": 2, "white": 3}}),
    (1, {**FIRE, "dice": {"colored": 1, "white": 1}}),
    *((2, {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "area", "ammo": ammo})
      for ammo in ("HE", "SMOKE", "WP")),
    (2, {"kind": "fire", "firer": "g1", "target_hex": "4E8", "target_type": "area"}),
    (2, {"kind": "fire", "firer": "g1", "target": "s1", "target_type": "area"}),
    (3, {"kind": "fire", "firer": "t1", "target": "g1", "phase": "DFPh"}),
    (2, {"kind": "fire", "firer": "t1", "target": "c1", "phase": "DFPh"}),
    (2, {"kind": "fire", "firer": "t1", "target_hex": "4E5", "target_type": "area", "phase": "DFPh"}),
    (4, {"kind": "fire", "firer": "g1", "target": "s2"}),
    (3, {**FIRE, "target_type": "infantry"}),
    (3, {"kind": "fire", "firer": "t1", "target": "g1"}),
    (3, {**FIRE, "intensive": True}),
    (2, {"kind": "fire", "firer": "g1", "target_hex": "4G8", "target_type": "infantry"}),
)


def questions(count: int) -> bytes:
    """``count`` ``los`` questions between random hexes of the demo's board 4, one a line."""
    from aslgui.model import load_scenario

    hexes = [load_scenario(DEMO).grid.name(h) for h in load_scenario(DEMO).grid]
    pick = random.Random(28)
    lines = [json.dumps({"kind": "los", "from": pick.choice(hexes), "to": pick.choice(hexes)}) for _ in range(count)]
    return ("\n".join(lines) + "\n").encode()


def fire_questions(count: int) -> bytes:
    """``count`` ``fire`` questions on the demo drawn from ``FIRE_MIX`` by its weights, one a line
    (100,000 is the limit of one batch, ``BATCH_LINES_LIMIT``)."""
    lines = [json.dumps(question) for _, question in FIRE_MIX]
    weights = [weight for weight, _ in FIRE_MIX]
    return ("\n".join(random.Random(40).choices(lines, weights, k=count)) + "\n").encode()


#: Each ``--kind``: its questions, default count, target seconds and target ratio for that count.
KINDS = {
    "los": (questions, 4000, TARGET_S, TARGET_RATIO),
    "fire": (fire_questions, 100_000, FIRE_TARGET_S, FIRE_TARGET_RATIO),
}


def batch_seconds(count: int, runs: int, kind: str = "los"
                  ) -> tuple[list[float], list[float], list[float], list[float]]:
    """Wall times of whole ``aslgui resolve`` processes answering ``count`` questions (each answer
    line checked to be an answer, not an error) on every core, of the same in one process
    (``ASLGUI_BATCH_PROCESSES=1``), of the same answering the first two only (what the batch
    costs before its questions: start-up, the scenario, the board), and of the bare stdlib
    start, run in turn."""
    data = KINDS[kind][0](count)
    two = b"".join(data.splitlines(keepends=True)[:2])
    with tempfile.TemporaryDirectory() as folder:
        env, _ = environments(os.path.join(folder, "pycache"))
        times: list[float] = []
        alone: list[float] = []
        fixed: list[float] = []
        starts: list[float] = []

        def answered(questions: bytes, lines: int, processes: str | None = None) -> float:
            run_env = env if processes is None else {**env, "ASLGUI_BATCH_PROCESSES": processes}
            start = time.perf_counter()
            done = subprocess.run([*aslgui_command(), "resolve", str(DEMO), "-"], input=questions, capture_output=True,
                                  env=run_env, check=False)
            elapsed = time.perf_counter() - start
            answers = done.stdout.decode().splitlines()
            if done.returncode != 0 or len(answers) != lines or any('"error"' in a[:10] for a in answers):
                raise SystemExit(f"batch failed ({done.returncode}): {done.stderr.decode()[:300]}")
            return elapsed

        for _ in range(runs + 1):  # the first fills the bytecode and board caches
            start = time.perf_counter()
            subprocess.run(BASELINE, env=env, check=True)
            starts.append(time.perf_counter() - start)
            fixed.append(answered(two, 2))
            times.append(answered(data, count))
            alone.append(answered(data, count, "1"))
    return times[1:], alone[1:], fixed[1:], starts[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kind", choices=tuple(KINDS), default="los", help="the questions asked (default los)")
    parser.add_argument("--count", type=int, help="questions in the batch (default 4000 los, 100000 fire)")
    parser.add_argument("--runs", type=int, help="whole processes timed (default 7 los, 3 fire)")
    options = parser.parse_args()
    _, default_count, target_s, target_ratio = KINDS[options.kind]
    count = options.count or default_count
    runs = options.runs or (7 if options.kind == "los" else 3)
    if BOARDS:
        os.environ.setdefault("ASLGUI_VASL_BOARDS", str(BOARDS))
    times, alone, fixed, starts = batch_seconds(count, runs, options.kind)
    where = "real board 4" if BOARDS else "plain board 4"
    median, start, before = statistics.median(times), statistics.median(starts), statistics.median(fixed)
    ratio = median / start
    one = statistics.median(alone)
    each = (one - before) / (count - 2)
    scale = count / default_count
    rows: list[Row] = [
        (f"`aslgui resolve` of {count} {options.kind} questions, whole process ({where}; range "
         f"{min(times):.3f}-{max(times):.3f} s)", f"{median:.3f} s", f"<= {target_s * scale:g} s",
         _check(median, target_s * scale)),
        ("`python -c \"import json, argparse, dataclasses\"`, interleaved (median)", f"{start * 1000:.1f} ms", "", ""),
        ("ratio batch / stdlib start", f"{ratio:.2f}", f"<= {target_ratio * scale:.2f}",
         _check(ratio, target_ratio * scale)),
        (f"the same in one process (`ASLGUI_BATCH_PROCESSES=1`; the batch above used {process_count(count)})",
         f"{one:.3f} s, ratio {one / start:.2f}", "", ""),
        ("the same answering 2 of them (start-up, scenario, board), ratio to the start",
         f"{before * 1000:.1f} ms, {before / start:.2f}", "", ""),
        (f"each further question in one process ({count - 2} in the difference), ratio to the start",
         f"{each * 1e6:.1f} µs, {each / start:.5f}", "", ""),
    ]
    print(table(rows))


if __name__ == "__main__":
    main()
