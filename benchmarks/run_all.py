"""Run every benchmark script present and print one markdown table, with the machine it ran on.

``.venv/bin/python benchmarks/run_all.py`` runs bench_core.py, bench_boards.py, bench_gui.py,
bench_popup.py, bench_vsav.py, bench_los.py, bench_growth.py, bench_module.py, bench_batch.py,
bench_odds_map.py, bench_move.py and bench_counter_art.py (those that exist) one after the
other, each in its own process so none pays for another's imports, and merges the markdown tables they print.
Before and after each script it times the references (``reference.py``) and gives every figure in ms also
as a ratio to its reference (issue 30); a target in ms becomes the ratio it is on docs/performance.md's
machine (``reference.CALIBRATION``), and "Met" judges the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script: benchmarks.reference, as the tests import it
from benchmarks.reference import CALIBRATION, KINDS, kind_of  # noqa: E402

SCRIPTS = (
    "bench_core.py", "bench_boards.py", "bench_gui.py", "bench_popup.py", "bench_vsav.py", "bench_los.py",
    "bench_growth.py", "bench_module.py", "bench_batch.py", "bench_odds_map.py", "bench_move.py",
    "bench_counter_art.py",
)
#: Scripts that take ``--runs`` (fresh processes per figure).
WITH_RUNS = ("bench_core.py", "bench_boards.py")
COLUMNS = ("Figure", "Measured", "Target", "Met")
#: A time as the scripts print it: ``47.639 ms``, ``1.084 s``; a target ``<= 8 ms``.
_TIME = re.compile(r"(\d+(?:\.\d+)?) (ms|s)\b")
_MS_TARGET = re.compile(r"^<= (\d+(?:\.\d+)?) ms\b")


def machine() -> str:
    """One line naming what the figures were measured on."""
    try:
        pyside = metadata.version("PySide6-Essentials")
    except metadata.PackageNotFoundError:
        pyside = "not installed"
    cpu = platform.processor() or platform.machine()
    return (
        f"Machine: {os.cpu_count()} CPUs ({cpu}), {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, PySide6 {pyside}"
    )


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _is_rule(line: str) -> bool:
    return set(line.replace("|", "").strip()) <= set("-: ")


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """The markdown tables in a script's output: (header, rows) each."""
    lines = [line for line in text.splitlines() if line.lstrip().startswith("|")]
    found: list[tuple[list[str], list[list[str]]]] = []
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and _is_rule(lines[i + 1]):
            found.append((_cells(lines[i]), []))
            i += 2
        elif found:
            found[-1][1].append(_cells(lines[i]))
            i += 1
        else:
            i += 1
    return found


def as_columns(header: list[str], row: list[str]) -> list[str]:
    """A row of any table as (Figure, Measured, Target, Met), matching columns by their names;
    columns without a match are added to the figure's text as ``name: value``."""
    named = {h.lower(): cell for h, cell in zip(header, row, strict=False)}
    out = [named.pop(c.lower(), "") for c in COLUMNS]
    if not out[1]:  # no "Measured" column: take the first one that looks like a time
        key = next((h for h in list(named)[1:] if any(w in h for w in ("ms", "time", "median", "latency"))), None)
        out[1] = named.pop(key, "") if key else ""
        if key and key.endswith(" ms") and out[1].replace(".", "", 1).isdigit():
            out[1] += " ms"  # the unit was in the column's name
    if not out[0]:
        first = header[0].lower() if header else ""
        out[0] = named.pop(first, "")
    extra = ", ".join(f"{h}: {v}" for h, v in named.items() if v)
    out[0] = f"{out[0]} ({extra})" if extra else out[0]
    return out


def milliseconds(cell: str) -> float | None:
    """The first time a Measured cell gives, in ms (None when it gives none: a ratio, a list)."""
    found = _TIME.search(cell)
    if found is None:
        return None
    return float(found[1]) * (1000 if found[2] == "s" else 1)


def with_ratio(script: str, row: list[str], references: dict[str, float], kind: str | None = None) -> list[str]:
    """(Figure, Measured, Ratio, Reference, Target, Met): the figure's time over its reference's
    (``kind``, else the one ``kind_of`` names), timed in the same run; a target in ms is also
    given as the ratio it is on docs/performance.md's machine, and met or not by the ratio."""
    figure, measured, target, met = row
    value = milliseconds(measured)
    if value is None:
        return [figure, measured, "", "", target, met]
    kind = kind or kind_of(script, figure)
    ratio = value / references[kind]
    limit = _MS_TARGET.match(target)
    if limit is not None:
        ratio_limit = float(limit[1]) / CALIBRATION[kind]
        target = f"{target}; ratio <= {ratio_limit:.3g}"
        met = "yes" if ratio <= ratio_limit else "**no**"
    return [figure, measured, f"{ratio:.3g}", f"{kind} {references[kind]:.3g} ms", target, met]


def references() -> dict[str, float]:
    """The references (``reference.py``), timed now in a process of their own, in ms."""
    done = subprocess.run([sys.executable, str(HERE / "reference.py")], capture_output=True, text=True, check=True)
    found: dict[str, float] = json.loads(done.stdout)
    return found


def run(script: Path, args: Sequence[str]) -> list[list[str]]:
    """Rows of one benchmark script, or a row saying it failed."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    before = references()
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return [[script.name, f"failed (exit {done.returncode}): {last}", "", "", "", "", ""]]
    after = references()
    timed = {kind: (before[kind] + after[kind]) / 2 for kind in KINDS}  # the load may drift during the script
    rows, kind = [], "core"
    for header, body in tables(done.stdout):
        for row in body:
            figure = as_columns(header, row)
            # "... the same, ..." continues the row above: the same reference
            same = figure[0].startswith("...") and "in process" not in figure[0]
            kind = kind if same else kind_of(script.stem, figure[0])
            rows.append([script.stem, *with_ratio(script.stem, figure, timed, kind)])
    return rows or [[script.name, "printed no table", "", "", "", "", ""]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=None, help="whole-process runs for bench_core.py, bench_boards.py")
    options = parser.parse_args(argv)
    print(machine())
    print()
    print(f"Load average (1, 5, 15 min) at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print("| Benchmark | Figure | Measured | Ratio | Reference | Target | Met |")
    print("|---|---|---:|---:|---|---|---|")
    for name in SCRIPTS:
        script = HERE / name
        if not script.exists():
            continue
        args = ["--runs", str(options.runs)] if name in WITH_RUNS and options.runs else []
        for row in run(script, args):
            print(f"| {' | '.join(row)} |", flush=True)
    print()
    print(f"Load average (1, 5, 15 min) at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
