"""Speed of the map window (issue 6 and 13 targets): repaint, zoom step, select-to-wedge,
start-to-first-paint.

Run ``.venv/bin/python benchmarks/bench_gui.py`` from the repo; it prints a markdown table.
Repaints are of a 1920x1080 view under ``QT_QPA_PLATFORM=offscreen`` (Qt's software raster),
with 200 counters (and their markers) and 10 CA wedges, zoomed to show the whole map.
"Warm" is a repaint with the static map cached by the view (what a redraw after a selection,
a hover or a counter move costs); "cold" throws that cache away first (both with the zoom at
rest, board art filtered).  A zoom step is what a wheel notch of a burst costs: the map as
painted before the burst, scaled (``MapView.wheel_zoom``, issue 30); "the wheel at rest" is the
sharp redraw once the wheel rests (every cache redrawn: background with the art filtered,
counters, wedges), so "cold" (a later redraw at that zoom) copies the kept art.  The "first"
zoom step is taken in a window just opened.

The rows "with art" draw the real boards 1-4 under the grid: from ``$ASLGUI_VASL_BOARDS``, else
``shared/vasl/boards`` beside the repository (or a folder above it); without either they are
left out, saying so.  The rows "counters with SVG art" draw every one of the 200 counters from a
synthetic VASL module (``bench_module``: 40 different counter SVGs), as the player's module
draws them (issue 23: within the 8 ms target).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import argparse
import itertools
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from bench_module import make_module
from PySide6.QtWidgets import QApplication

from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.model import MainArmament, Scenario, Unit
from aslgui.ui.map import style
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.map.scene import MapScene
from aslgui.ui.map.view import MapView
from aslgui.vasl.library import BOARDS_ENV
from aslgui.vasl.module import read_module

REPO = Path(__file__).resolve().parent.parent
TERRAIN = ("woods", "grain", "brush", "orchard", "stone building", "wooden building", "road", "marsh")
#: Board layouts: 1 board, 2x2, 4x2.
LAYOUTS = {1: 1, 4: 2, 8: 4}


#: How many different counter SVGs the counters with art show.
ART_KINDS = 40


def situation(boards: int, counters: int = 200, arcs: int = 10, seed: int = 6, art: bool = False) -> Scenario:
    """A random but fixed map: a quarter of the hexes with terrain, ``counters`` units of every
    kind (a fifth of them pinned or fired, so markers show), ``arcs`` of them the Russian Guns
    and AFVs whose CAs the side toggle draws; with ``art``, each names a counter SVG of the
    module ``use_counter_art`` set up."""
    per_row = LAYOUTS[boards]
    grid = MapGrid([BoardPlacement(str(i + 1), i % per_row, i // per_row) for i in range(boards)])
    rng = random.Random(seed)
    hexes = list(grid.all_hexes)
    terrain = {h: rng.choice(TERRAIN) for h in rng.sample(hexes, len(hexes) // 4)}
    units: dict[str, Unit] = {}
    for i in range(counters):
        armed = i < arcs
        kind = ("gun", "vehicle")[i % 2] if armed else ("squad", "halfsquad", "leader", "crew", "gun", "vehicle")[i % 6]
        side = "russian" if armed or (i % 2 and kind not in ("gun", "vehicle")) else "german"
        spine = rng.randrange(6)
        unit = Unit(
            id=f"u{i}",
            side=side,
            nationality=side,
            kind=kind,  # type: ignore[arg-type]
            hex=rng.choice(hexes),
            name={"squad": "4-6-7", "halfsquad": "2-4-7", "leader": "8-1", "crew": "2-2-8 crew"}.get(kind, f"unit {i}"),
            ca=spine if kind == "gun" else None,
            caliber=57,
            barrel="LL",
            rof=3,
            manhandling=12,
            vca=spine if kind == "vehicle" else None,
            ma=MainArmament(caliber=75, barrel="L") if kind == "vehicle" else None,
            mp=14,
            pinned=i % 5 == 0,
            fired=i % 7 == 0,
            extra={"vasl": {"image": f"ge/veh/v{i % ART_KINDS}"}} if art else {},
        )
        units[unit.id] = unit
    return Scenario(grid=grid, units=units, terrain=terrain, player="russian")


class Timing(NamedTuple):
    """Median wall-clock and CPU time (ms). On a busy machine the CPU time is the steadier one:
    it leaves out the time other processes held the CPU."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        digits = 0 if self.wall >= 100 else 1 if self.wall >= 10 else 2
        return f"{self.wall:.{digits}f} ms | {self.cpu:.{digits}f} ms"


def timed(action: Callable[[], object], repeat: int, setup: Callable[[], object] = lambda: None) -> Timing:
    """Run ``setup`` (untimed) then ``action`` (timed), ``repeat`` times."""
    wall, cpu = [], []
    for _ in range(repeat):
        setup()
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return Timing(statistics.median(wall) * 1000, statistics.median(cpu) * 1000)


def board_library() -> Path | None:
    """The folder of real VASL boards to draw the art from, if there is one."""
    named = os.environ.get(BOARDS_ENV)
    if named:
        return Path(named.split(os.pathsep)[0])
    found = (p / "shared" / "vasl" / "boards" for p in REPO.parents)
    return next((folder for folder in found if folder.is_dir()), None)


def rest(view: MapView) -> None:
    """Wait until the view's zoom rests (the map drawn sharp, board art filtered again)."""
    while view.map_scene().zoom_rest.zooming or view.gliding:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def use_counter_art(folder: str) -> None:
    """Draw counters from a synthetic VASL module built in ``folder`` (``bench_module``)."""
    use_modules([read_module(make_module(folder))])


def fitted_view(boards: int, art: bool = False) -> tuple[Scenario, MapScene, MapView]:
    """A 1920x1080 view of the situation, the Russian CAs shown, zoomed to the whole map."""
    scenario = situation(boards, art=art)
    scene = MapScene(scenario)
    view = MapView(scene)
    view.resize(1920, 1080)
    view.show()
    QApplication.processEvents()
    scene.show_side_arcs("russian")
    arcs = sum(1 for u in scenario.units.values() if u.side == "russian" and u.firing_arc is not None)
    assert arcs == 10, arcs
    view.fit_to_window()
    QApplication.processEvents()
    return scenario, scene, view


def first_zoom_step(boards: int, repeat: int, art: bool = False) -> Timing:
    """One wheel notch in (x1.2) in a window just opened on the whole map, its zoom at rest:
    nothing is kept for the new zoom yet (the window is built untimed each time)."""
    views: list[MapView] = []

    def setup() -> None:
        if views:
            views.pop().close()
        views.append(fitted_view(boards, art)[2])
        rest(views[-1])

    def notch() -> None:
        views[-1].wheel_zoom(1.2, views[-1].viewport().rect().center())
        QApplication.processEvents()

    timing = timed(notch, repeat, setup)
    views.pop().close()
    return timing


def zoom_sweep(boards: int, repeat: int) -> tuple[Timing, float]:
    """Wheel notches (x1.2) from the whole map in to about 4x that zoom and back out, in one
    window, ``repeat`` notches in all: the median notch, and the slowest one's CPU time (ms)."""
    view = fitted_view(boards)[2]
    notches = itertools.cycle([1.2] * 8 + [1 / 1.2] * 8)
    cpu: list[float] = []

    def notch() -> None:
        start = time.process_time()
        view.wheel_zoom(next(notches), view.viewport().rect().center())
        QApplication.processEvents()
        cpu.append(time.process_time() - start)

    timing = timed(notch, repeat)
    view.close()
    return timing, max(cpu) * 1000


def repaint_figures(boards: int, repeat: int, art: bool = False) -> tuple[dict[str, Timing], float]:
    """Full repaints of the whole map in a 1920x1080 view: warm, with the background cache
    dropped, a zoom step (every cache redrawn, Python counter paints included) alternating
    between two zooms, and a first zoom step; the background dropped at the zoom that shows the
    most hexes with their names (the costliest repaint); and warm at 100% zoom.  Also that zoom."""
    view = fitted_view(boards, art)[2]
    viewport = view.viewport()
    rest(view)

    def cold() -> None:
        view.resetCachedContent()
        viewport.repaint()

    figures = {"warm": timed(viewport.repaint, repeat), "cold": timed(cold, repeat)}
    fit = view.zoom
    steps = iter(range(10**6))

    def zoom_step() -> None:
        view.wheel_zoom(1.1 if next(steps) % 2 == 0 else 1 / 1.1, viewport.rect().center())
        QApplication.processEvents()  # the update the zoom asks for, painted

    def sharp() -> None:
        view.end_glide()
        QApplication.processEvents()

    figures["zoom"] = timed(zoom_step, repeat)
    figures["rest"] = timed(sharp, repeat, setup=zoom_step)
    figures["first zoom"] = first_zoom_step(boards, max(5, repeat // 3), art)
    named_zoom = max(fit, style.LABEL_MIN_SCALE)
    view.set_zoom(named_zoom)
    rest(view)
    figures["named"] = timed(cold, repeat)
    view.set_zoom(1.0)
    rest(view)
    figures["actual"] = timed(viewport.repaint, repeat)
    view.close()
    return figures, named_zoom


def select_to_wedge(repeat: int) -> tuple[Timing, Timing]:
    """Selecting a Gun on 8 boards until its wedge is on screen: the selection alone (wedge
    computed afresh each time), and selection plus the repaint at 100% zoom."""
    scenario = situation(8)
    scene = MapScene(scenario)
    view = MapView(scene)
    view.resize(1920, 1080)
    view.show()
    view.set_zoom(1.0)
    guns = itertools.cycle([u for u in scenario.units.values() if u.kind == "gun" and u.ca is not None])
    QApplication.processEvents()
    chosen: list[str] = []

    def setup() -> None:
        scene.select_unit(None)
        scene.arcs.outlines.clear()  # measure the shapely outline too, not a cache hit
        gun = next(guns)
        chosen.append(gun.id)
        view.centerOn(*scenario.grid.center(gun.hex))
        QApplication.processEvents()  # the view scrolled: paint the new view first

    def select_and_paint() -> None:
        scene.select_unit(chosen[-1])
        QApplication.processEvents()  # the update the selection asks for, painted

    figures = (
        timed(lambda: scene.select_unit(chosen[-1]), repeat, setup),
        timed(select_and_paint, repeat, setup),
    )
    view.close()
    return figures


def first_paint(repeat: int) -> Timing:
    """``aslgui`` as a process: start to the first painted map (it quits right after).  Its
    settings and autosaves go to a temporary folder: the user's own would otherwise be read (a
    crash-recovery offer would block the first paint) and overwritten with the offscreen
    platform's small window size."""
    with tempfile.TemporaryDirectory() as home:
        env = dict(
            os.environ,
            ASLGUI_QUIT_AFTER_FIRST_PAINT="1",
            QT_QPA_PLATFORM=os.environ["QT_QPA_PLATFORM"],
            XDG_CONFIG_HOME=os.path.join(home, "config"),
            XDG_STATE_HOME=os.path.join(home, "state"),
        )
        return _first_paints(env, repeat)


def _first_paints(env: dict[str, str], repeat: int) -> Timing:
    times, cpu = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "aslgui"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        assert process.stdout is not None
        line = process.stdout.readline()
        times.append(time.perf_counter() - start)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        cpu.append(usage.ru_utime + usage.ru_stime)  # the whole process, quitting included
        assert line.strip() == b"painted", line
    return Timing(statistics.median(times) * 1000, statistics.median(cpu) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31, help="runs per figure (median reported)")
    options = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert app is not None
    rows: list[tuple[str, Timing, float | None]] = []
    library = board_library()
    layouts: list[tuple[int, bool, bool]] = [(1, False, False), (4, False, False), (8, False, False), (4, False, True)]
    if library is not None:
        layouts.append((4, True, False))
    module_folder = tempfile.TemporaryDirectory()
    use_counter_art(module_folder.name)
    for boards, art, counter_art in layouts:
        if art:
            os.environ[BOARDS_ENV] = str(library)
        figures, named_zoom = repaint_figures(boards, options.repeat, counter_art)
        os.environ.pop(BOARDS_ENV, None)
        limit = {1: None, 4: 8.0, 8: 16.0}[boards]  # issue 6: a full repaint, 4 and 8 boards
        zoom_limit = 16.0 if boards == 4 else None  # issue 13: a zoom step, 4 boards
        what = f"{boards} board{'s' if boards > 1 else ''}" + (" with art" if art else "") + (
            ", counters with SVG art" if counter_art else "")
        rows.append((f"Repaint, {what}, whole map, warm", figures["warm"], limit))
        rows.append((f"Repaint, {what}, whole map, background cache dropped", figures["cold"], limit))
        named = f"Repaint, {what}, most hexes with names (zoom {named_zoom:.2f}), background dropped"
        rows.append((named, figures["named"], limit))
        rows.append((f"Repaint, {what}, 100% zoom, warm", figures["actual"], limit))
        rows.append((f"Zoom step, {what}, whole map (a wheel notch of a burst)", figures["zoom"], zoom_limit))
        rows.append((f"Zoom, {what}, the wheel at rest: drawn sharp (every cache redrawn)", figures["rest"], None))
        rows.append((f"Zoom step, {what}, first at its zoom (window just opened)", figures["first zoom"], zoom_limit))
        sweep, slowest = zoom_sweep(boards, max(16, options.repeat))
        rows.append((f"Zoom step, {what}, notches in to ~4x and out (slowest CPU {slowest:.1f} ms)", sweep, zoom_limit))
    module_folder.cleanup()
    if library is None:
        print("no VASL boards found (set ASLGUI_VASL_BOARDS): the rows with art are left out")
    alone, painted = select_to_wedge(options.repeat)
    rows.append(("Select a Gun, 8 boards: wedge built", alone, 5.0))
    rows.append(("Select a Gun, 8 boards: wedge built and on screen (100%)", painted, 5.0))
    rows.append(("`aslgui` start to first painted window", first_paint(max(5, options.repeat // 3)), 1000.0))
    platform = os.environ["QT_QPA_PLATFORM"]
    print(f"Qt platform: {platform}, view 1920x1080, 200 counters, 10 CA wedges, {os.cpu_count()} CPUs")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print("| Measure | Median wall | Median CPU | Target | Met |")
    print("|---|---|---|---|---|")
    for name, timing, limit in rows:
        target, met = ("", "") if limit is None else (f"<= {limit:g} ms", "yes" if timing.wall <= limit else "**no**")
        print(f"| {name} | {timing} | {target} | {met} |")


if __name__ == "__main__":
    main()
