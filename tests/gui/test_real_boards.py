"""Issue 13's done-line on the real VASL boards in ../shared/vasl/boards (test data, never copied):
a scenario on boards 2, 4 and 7 (7 rotated) shows their art lined up with the hex grid, hovering
4E5 reads woods, and a Gun firing into it gets Case Q from the real terrain."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from aslgui.geometry import MapGrid
from aslgui.model import Scenario, scenario_from_json
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.render import hex_range_rect, render_png
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl.library import BOARDS_ENV
from tests.gui.art_boards import hover
from tests.vasl.shared_data import BOARDS, needs_shared

pytestmark = [pytest.mark.gui, needs_shared]

SITUATION = {
    "format": "aslgui-scenario",
    "version": 1,
    "name": "Boards 2, 4 and 7",
    "boards": [{"id": "2"}, {"id": "4", "col": 1}, {"id": "7", "row": 1, "rotated": True}],
    "phase": "PFPh",
    "player": "russian",
    "units": [
        {"id": "g1", "side": "russian", "nationality": "russian", "kind": "gun", "hex": "4I7", "name": "57LL AT",
         "ca": "NW/N", "caliber": 57, "barrel": "LL", "rof": 3, "manhandling": 12, "crew": "c1"},
        {"id": "c1", "side": "russian", "nationality": "russian", "kind": "crew", "hex": "4I7", "name": "2-2-8 crew"},
        {"id": "s1", "side": "german", "nationality": "german", "kind": "squad", "hex": "4E5", "name": "4-6-7"},
    ],
}


@pytest.fixture
def real_boards(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> Scenario:
    assert BOARDS is not None
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    scenario = scenario_from_json(SITUATION)
    window.set_scenario(scenario, None)
    window.view.set_zoom(1.0)
    return scenario


def board_art(name: str) -> QImage:
    """The art in a real archive, read here directly (not through aslgui) as the check's oracle."""
    assert BOARDS is not None
    with zipfile.ZipFile(BOARDS / name) as archive:
        return QImage.fromData(archive.read(f"{name}.gif"))


def shown(window: MainWindow, x: float, y: float) -> QColor:
    window.view.centerOn(x, y)
    return window.view.viewport().grab().toImage().pixelColor(window.view.mapFromScene(QPointF(x, y)))


def test_boards_2_4_7_show_their_own_art_lined_up_with_the_grid_7_turned(
    window: MainWindow, real_boards: Scenario
) -> None:
    assert window.board_status.text() == ""
    assert sorted(b.id for b in window.scene.layers.art) == ["2", "4", "7"]
    grid = real_boards.grid
    plain = MapGrid.single("x")
    for board, hex_name, turned in (("bd02", "2F3", False), ("bd04", "4C8", False), ("bd07", "7E5", True)):
        art = board_art(board)
        local = plain.center(plain.parse(hex_name[1:]))
        x, y = grid.center(grid.parse(hex_name))
        for dx, dy in ((12.0, 9.0), (-15.0, -4.0), (3.0, 20.0)):  # off the centre dot, inside the hex
            ax, ay = (local[0] - dx, local[1] - dy) if turned else (local[0] + dx, local[1] + dy)
            expected = art.pixelColor(round(ax), round(ay))
            got = shown(window, x + dx, y + dy)
            assert max(abs(got.red() - expected.red()), abs(got.green() - expected.green()),
                       abs(got.blue() - expected.blue())) < 60, (hex_name, dx, dy, got.name(), expected.name())


def test_hovering_4e5_reads_woods_from_the_archive(qtbot: QtBot, window: MainWindow, real_boards: Scenario) -> None:
    x, y = real_boards.grid.center(real_boards.grid.parse("4E5"))
    window.view.centerOn(x, y)
    hover(qtbot, window, x, y)
    assert window.hover_label.text().startswith("4E5  woods, level 0  |  4-6-7")


def test_a_gun_firing_into_4e5_gets_case_q_from_the_real_woods(
    window: MainWindow, real_boards: Scenario, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []

    def look(popup: RehearsalPopup) -> int:
        seen.append(popup.drm_labels())
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(RehearsalPopup, "exec", look)
    window.set_mode("rehearse")
    target = real_boards.grid.center(real_boards.grid.parse("4E5"))
    window.scene.drop_counter("g1", QPointF(*target))
    assert seen and "Q +1 (C6) woods TEM" in seen[0]
    assert real_boards.terrain == {}  # the woods came from the archive, not the file


def test_aslgui_render_draws_the_real_art(real_boards: Scenario, tmp_path: Path) -> None:
    image = render_png(real_boards, str(tmp_path / "map.png"), hex_range="4A1-4J10")
    source = hex_range_rect(real_boards.grid, "4A1-4J10")  # board 4 lies at x 1800..3600
    art = board_art("bd04")
    for x, y in ((30.0, 40.0), (300.0, 200.0), (450.0, 600.0)):  # board 4's pixels, off its counters
        got = image.pixelColor(round(1800 + x - source.left()), round(y - source.top()))
        expected = art.pixelColor(round(x), round(y))
        assert max(abs(got.red() - expected.red()), abs(got.green() - expected.green())) < 60
