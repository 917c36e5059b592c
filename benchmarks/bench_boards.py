"""Speed of real VASL boards (issue 13): an archive decoded into per-hex facts, the cache hit, and
``aslgui resolve`` of a ``hex_info`` question on a VASL board against the same on a plain board.

Run ``.venv/bin/python benchmarks/bench_boards.py`` from the repo; it prints a markdown table.
The archives are the real ones in ``../shared/vasl/boards`` when present (found as the tests find
them), else a board this script builds in VASL's format with the tests' fixture builder
(``tests/vasl/make_archive.py``).  Every figure is taken in fresh processes, bytecode cached (as
after ``pip install``), with a private board cache and settings folder, and interleaved run by
run so load on the shared machine hits all alike.  Each figure is a median of wall times; the
CPU time (user + system) of the same runs is given beside it, because on a machine busy with
other work a process waits for a CPU and its wall time grows while its CPU time does not.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # the tests' archive builder and data finder, and bench_core's helpers

from aslgui.vasl.library import archive_name  # noqa: E402
from benchmarks.bench_core import Row, _check, _ms, aslgui_command, environments, table  # noqa: E402
from tests.vasl.shared_data import BOARDS  # noqa: E402

TARGET_COLD = 0.150
TARGET_RATIO = 1.5
#: Modules the resolve path must not load on a VASL board whose facts are cached.
HEAVY = ("numpy", "zipfile", "xml", "PySide6", "shapely")
#: A fresh process that reads one board (``sys.argv[1]``) and prints what it cost.  ``PRELOAD``
#: is imported before the clock starts (``numpy``: its import is not counted).
PROBE = """
import json, sys, time
{preload}
from aslgui.vasl.board import load_board
wall, cpu = time.perf_counter(), time.process_time()
board = load_board(sys.argv[1])
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({{"wall": wall, "cpu": cpu, "hexes": len(board.hexes),
                  "loaded": sorted({{m.split(".")[0] for m in sys.modules}} & set(sys.argv[2:]))}}))
"""
NUMPY_IMPORT = """
import json, time
wall, cpu = time.perf_counter(), time.process_time()
import numpy
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}))
"""


class Library:
    """The boards measured: a folder, the board id asked about, and where it came from."""

    def __init__(self, folder: Path, board_id: str, origin: str) -> None:
        self.folder, self.board_id, self.origin = folder, board_id, origin
        self.archive = folder / archive_name(board_id)
        self.every = sorted(p for p in folder.glob("bd*") if p.is_file())


def library(scratch: Path) -> Library:
    """../shared/vasl/boards with board 4, else the tests' sample board 77 built under ``scratch``."""
    if BOARDS is not None and (BOARDS / "bd04").is_file():
        return Library(BOARDS, "4", "../shared/vasl/boards")
    from tests.vasl.make_archive import sample_board

    folder = scratch / "boards"
    folder.mkdir()
    sample_board(folder, "77")
    return Library(folder, "77", "built by tests/vasl/make_archive.py")


def _probe(code: str, env: dict[str, str], *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"probe failed ({done.returncode}): {done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _timed(command: Sequence[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one child process, and its output."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def _median(samples: list[dict[str, Any]], key: str) -> float:
    return statistics.median(float(s[key]) for s in samples)


def _both(samples: list[dict[str, Any]]) -> str:
    return f"{_ms(_median(samples, 'wall'))} (CPU {_ms(_median(samples, 'cpu'))})"


def read_figures(lib: Library, warm: dict[str, str], scratch: Path, runs: int) -> list[Row]:
    """(a) cold reads, numpy's import counted or not, and numpy's import alone; (b) the cache hit."""
    hit_env = {**warm, "ASLGUI_CACHE_DIR": str(scratch / "hit-cache")}
    _probe(PROBE.format(preload=""), hit_env, str(lib.archive))  # fill the cache the hits read
    probes = {
        "numpy loaded": PROBE.format(preload="import numpy"),
        "numpy counted": PROBE.format(preload=""),
    }
    cold: dict[str, list[dict[str, Any]]] = {name: [] for name in probes}
    hits: list[dict[str, Any]] = []
    numpy_alone: list[dict[str, Any]] = []
    for run in range(runs):
        for i, (name, code) in enumerate(probes.items()):
            env = {**warm, "ASLGUI_CACHE_DIR": str(scratch / f"cold-{i}-{run}")}  # empty: a miss
            cold[name].append(_probe(code, env, str(lib.archive)))
        hits.append(_probe(PROBE.format(preload=""), hit_env, str(lib.archive), *HEAVY))
        numpy_alone.append(_probe(NUMPY_IMPORT, warm))
    every: dict[str, list[dict[str, Any]]] = {path.name: [] for path in lib.every}
    for run in range(max(3, runs // 4)):  # each board of the library, cold, numpy loaded
        for path in lib.every:
            env = {**warm, "ASLGUI_CACHE_DIR": str(scratch / f"all-{path.name}-{run}")}
            every[path.name].append(_probe(probes["numpy loaded"], env, str(path)))
    walls = {board: _median(samples, "wall") for board, samples in every.items()}
    cpus = {board: _median(samples, "cpu") for board, samples in every.items()}
    slowest = max(cpus, key=cpus.__getitem__)
    loaded = sorted({m for h in hits for m in h["loaded"]})
    name = f"{lib.archive.name} ({lib.origin})"
    cold_loaded, cold_counted = _median(cold["numpy loaded"], "cpu"), _median(cold["numpy counted"], "cpu")
    return [
        (f"{name} read and decoded into per-hex facts, no cache, fresh process, numpy already imported "
         f"(median of {runs})", _both(cold["numpy loaded"]), "<= 150 ms CPU", _check(cold_loaded, TARGET_COLD)),
        ("... the same with numpy's import counted", _both(cold["numpy counted"]), "",
         f"{'under' if cold_counted <= TARGET_COLD else 'over'} 150 ms CPU"),
        ("`import numpy` alone, fresh process", _both(numpy_alone), "", ""),
        (f"every board of the library, no cache, numpy already imported ({len(every)} boards, median of "
         f"{max(3, runs // 4)} each)",
         f"{_ms(min(walls.values()))} - {_ms(max(walls.values()))} (CPU {_ms(min(cpus.values()))} - "
         f"{_ms(cpus[slowest])}, {slowest})", "<= 150 ms CPU", _check(cpus[slowest], TARGET_COLD)),
        (f"{lib.archive.name} per-hex facts from the per-user cache (a hit), fresh process", _both(hits), "", ""),
        (f"modules of {', '.join(HEAVY)} loaded by a cache hit", ", ".join(loaded) or "none", "none",
         _check(len(loaded), 0)),
    ]


def resolve_figures(lib: Library, warm: dict[str, str], scratch: Path, runs: int, block: int = 10) -> list[Row]:
    """(c) ``aslgui resolve`` of a ``hex_info`` question, whole process, on the board read from its
    archive (cache warm) and on the same board plain (no library), interleaved."""
    scenario = scratch / "scenario.json"
    scenario.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": [{"id": lib.board_id}],
                                    "units": []}), encoding="utf-8")
    action = scratch / "action.json"
    action.write_text(json.dumps({"kind": "hex_info", "hex": f"{lib.board_id}E5"}), encoding="utf-8")
    command = [*aslgui_command(), "resolve", str(scenario), str(action)]
    plain = {k: v for k, v in warm.items() if k != "ASLGUI_VASL_BOARDS"}
    vasl = {**plain, "ASLGUI_VASL_BOARDS": str(lib.folder), "ASLGUI_CACHE_DIR": str(scratch / "hit-cache")}
    envs = {"vasl": vasl, "plain": plain}
    for name, env in envs.items():  # fill the bytecode, page and board caches; check what answers
        for _ in range(2):
            source = json.loads(_timed(command, env)[2])["source"]
        if source != ("vasl" if name == "vasl" else "scenario"):
            raise SystemExit(f"hex_info on the {name} board answered from {source!r}")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in envs}
    for _ in range(runs):
        for name, env in envs.items():
            times[name].append(_timed(command, env)[:2])
    wall = {name: [t[0] for t in ts] for name, ts in times.items()}
    cpu = {name: [t[1] for t in ts] for name, ts in times.items()}
    ratio = statistics.median(wall["vasl"]) / statistics.median(wall["plain"])
    blocks = [
        statistics.median(wall["vasl"][i : i + block]) / statistics.median(wall["plain"][i : i + block])
        for i in range(0, runs - block + 1, block)
    ]
    cpu_ratio = statistics.median(cpu["vasl"]) / statistics.median(cpu["plain"])
    spread = f"; blocks of {block} runs: {min(blocks):.2f}-{max(blocks):.2f}" if len(blocks) > 1 else ""
    heavy = heavy_modules(command, vasl)
    return [
        (f"`aslgui resolve` `hex_info`, whole process, board {lib.board_id} from its archive (cache warm), "
         f"median of {runs}", f"{_ms(statistics.median(wall['vasl']))} (CPU {_ms(statistics.median(cpu['vasl']))})",
         "", ""),
        (f"... the same, board {lib.board_id} plain (no board library)",
         f"{_ms(statistics.median(wall['plain']))} (CPU {_ms(statistics.median(cpu['plain']))})", "", ""),
        ("ratio VASL board / plain board", f"{ratio:.2f} (CPU {cpu_ratio:.2f}{spread})", "<= 1.5",
         _check(ratio, TARGET_RATIO)),
        (f"modules of {', '.join(HEAVY)} loaded by that resolve", ", ".join(heavy) or "none", "none",
         _check(len(heavy), 0)),
    ]


def heavy_modules(command: Sequence[str], env: dict[str, str]) -> list[str]:
    """Top-level modules of HEAVY that ``aslgui resolve`` (``command``, run in process) loads."""
    probe = (
        "import contextlib, io, sys\n"
        "from aslgui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({list(command[-3:])!r})\n"
        f"print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    return done.stdout.split()


def measure(runs: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        warm, _ = environments(str(scratch / "pycache"))
        warm = {**warm, "ASLGUI_CONFIG_DIR": str(scratch / "config")}
        warm.pop("ASLGUI_VASL_BOARDS", None)
        lib = library(scratch)
        for _ in range(2):  # fill the bytecode cache
            _probe(PROBE.format(preload="import numpy"), {**warm, "ASLGUI_CACHE_DIR": str(scratch / "warm-up")},
                   str(lib.archive))
        before = os.getloadavg()[0]
        rows = read_figures(lib, warm, scratch, runs) + resolve_figures(lib, warm, scratch, runs)
        load = f"{before:.1f} / {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        return [*rows, ("load average (1 min) before / after these runs", load, "", "")]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41, help="fresh processes of each kind (default 41)")
    options = parser.parse_args(argv)
    print(table(measure(options.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
