"""Real boards on the map (issue 13, DESIGN.md 7): each board's VASL art under the hex grid at
every zoom, turned with a rotated board; a board the library lacks drawn plain and named in the
status line; hover with the archive's terrain and level; ``aslgui render`` with the art.
Always-run tests use archives the tests build (tests/gui/art_boards.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from aslgui.errors import AslError
from aslgui.geometry import MapGrid
from aslgui.model import Scenario, scenario_from_json
from aslgui.model.log import read_log
from aslgui.ui.map import style
from aslgui.ui.map.board_art import decode_art
from aslgui.ui.map.scene import MapScene
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.render import render_image
from aslgui.ui.window.main_window import NO_LIBRARY_TIP, MainWindow
from aslgui.vasl.library import BOARDS_ENV
from tests.gui.art_boards import ART_A1, ART_E5, ART_GROUND, art_board, hover
from tests.gui.conftest import answer_popup
from tests.vasl.make_archive import TINY_GIF

pytestmark = pytest.mark.gui


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A board library holding bd77 (art and terrain), named by ASLGUI_VASL_BOARDS."""
    folder = tmp_path / "boards"
    folder.mkdir()
    art_board(folder, "77")
    monkeypatch.setenv(BOARDS_ENV, str(folder))
    return folder


def scenario(boards: list[dict[str, Any]], **more: Any) -> Scenario:
    return scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": boards, "units": [], **more})


def close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= tolerance


def shown_at(window: MainWindow, hex_name: str) -> QColor:
    """The colour the view shows at a hex's centre (the view scrolled there first)."""
    x, y = window.scenario.grid.center(window.scenario.grid.parse(hex_name))
    window.view.centerOn(x, y)
    image = window.view.viewport().grab().toImage()
    return image.pixelColor(window.view.mapFromScene(QPointF(x, y)))


def test_art_that_is_not_an_image_or_not_a_board_is_refused_with_the_file_named() -> None:
    with pytest.raises(AslError, match=r"bd99: the board art is not an image"):
        decode_art(b"GIF89a but not really", False, "bd99")
    with pytest.raises(AslError, match=r"bd99: the board art is 1x1 px, not a geomorphic board's 1800x645"):
        decode_art(TINY_GIF, False, "bd99")  # a GIF Qt reads, of the wrong size


@pytest.mark.parametrize("zoom", [0.15, 0.3, 0.55, 1.0, 2.5])
def test_the_art_lies_under_its_hexes_at_every_zoom(window: MainWindow, library: Path, zoom: float) -> None:
    window.set_scenario(scenario([{"id": "77"}]), None)
    window.view.set_zoom(zoom)
    assert close(shown_at(window, "77E5"), ART_E5)
    assert close(shown_at(window, "77F5"), ART_GROUND, 40)  # hex grid lines aside, the art's ground


def test_a_rotated_board_turns_its_art_with_its_names(window: MainWindow, library: Path) -> None:
    window.set_scenario(scenario([{"id": "77", "rotated": True}]), None)
    window.view.set_zoom(1.0)
    grid = window.scenario.grid
    unturned = MapGrid.single("77")
    assert grid.center(grid.parse("77E5")) == unturned.center(unturned.parse("77CC6"))  # where CC6 is unturned
    assert close(shown_at(window, "77E5"), ART_E5)
    assert close(shown_at(window, "77CC6"), ART_GROUND, 40)
    assert not close(shown_at(window, "77CC6"), ART_E5)


def test_a_board_the_library_lacks_is_drawn_plain_and_named_in_the_status_line(
    window: MainWindow, library: Path
) -> None:
    window.set_scenario(scenario([{"id": "77"}, {"id": "78", "col": 1}]), None)
    window.view.set_zoom(1.0)
    assert close(shown_at(window, "77E5"), ART_E5)
    assert shown_at(window, "78E5").name() == style.terrain_color("open ground").name()
    assert window.board_status.text() == "Drawn plain: board 78"
    assert "bd78" in window.board_status.toolTip()


def test_design_7_without_any_library_the_status_line_names_the_plain_boards_and_how_to_add_a_folder(
    window: MainWindow,
) -> None:
    window.set_scenario(scenario([{"id": "4"}, {"id": "78", "col": 1}]), None)
    assert window.board_status.text() == "Drawn plain: board 4, 78 (no VASL boards folder)"
    assert window.board_status.toolTip() == NO_LIBRARY_TIP and window.scene.layers.art == {}
    assert "File > Add VASL boards folder..." in NO_LIBRARY_TIP and BOARDS_ENV in NO_LIBRARY_TIP


def test_design_7_the_demo_without_a_library_says_so_in_the_status_line_and_in_no_answer(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The built-in demo, no board library set up (tests/conftest.py): the status line names board 4
    once; a Rehearse popup's answer and the action log entry it commits carry no board note, which
    ``aslgui resolve`` adds to its answers instead (tests/vasl/test_scenario_boards.py). Once a
    folder holds bd04, the status line has nothing left to say."""
    assert window.board_status.text() == "Drawn plain: board 4 (no VASL boards folder)"
    window.set_mode("rehearse")
    shown: list[tuple[str, list[str]]] = []

    def throw_and_commit(popup: RehearsalPopup) -> None:
        popup.roll(3, 4)
        assert popup.resolution is not None and popup.resolution.legal
        shown.append((popup.numbers_label.text(), list(popup.resolution.values["notes"])))
        qtbot.mouseClick(popup.commit_button, Qt.MouseButton.LeftButton)

    answer_popup(throw_and_commit)
    window.scene.drop_counter("s1", QPointF(*window.scenario.grid.center(window.scenario.grid.parse("4E4"))))
    [(numbers, notes)] = shown
    [entry] = read_log(window.scenario)
    assert (entry.kind, notes, entry.answer["notes"]) == ("throw_dc", [], [])
    assert "board 4" not in numbers and "Notes" not in numbers
    art_board(tmp_path, "04")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    window.reload_boards()
    assert (window.board_status.text(), window.board_status.toolTip()) == ("", "")


def test_hover_reads_the_archives_terrain_and_level(qtbot: QtBot, window: MainWindow, library: Path) -> None:
    window.set_scenario(scenario([{"id": "77"}, {"id": "78", "col": 1}]), None)
    window.view.set_zoom(1.0)
    expected = {"77E5": "77E5  woods, level 0", "77K5": "77K5  open ground, level 1", "78E5": "78E5  open ground"}
    for name, words in expected.items():
        x, y = window.scenario.grid.center(window.scenario.grid.parse(name))
        window.view.centerOn(x, y)
        hover(qtbot, window, x, y)
        assert window.hover_label.text().split("  |  ")[0] == words


def test_the_art_board_prints_its_own_hex_names_a_rotated_one_gets_upright_ones(library: Path, qtbot: QtBot) -> None:
    for rotated, names_drawn in ((False, False), (True, True)):
        scene = MapScene(scenario([{"id": "77", "rotated": rotated}]))
        pictures = []
        for shown in (True, False):
            scene.set_layer_shown("names", shown)
            image = QImage(1800, 645, QImage.Format.Format_RGB32)
            painter = QPainter(image)
            scene.render(painter, QRectF(image.rect()), QRectF(0, 0, 1800, 645))
            painter.end()
            pictures.append(image)
        assert (pictures[0] == pictures[1]) is not names_drawn


def test_render_draws_the_art(library: Path, qtbot: QtBot) -> None:
    image = render_image(scenario([{"id": "77"}]), hex_range="77A1-77F6")
    grid = MapGrid.single("77")
    for name, colour in (("E5", ART_E5), ("A1", ART_A1)):
        x, y = grid.center(grid.parse(name))
        assert close(image.pixelColor(round(x) + 2, round(y)), colour)


def test_an_unreadable_art_member_leaves_the_board_plain_with_the_terrain_kept(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    art_board(tmp_path, "79", art=b"not an image")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    window.set_scenario(scenario([{"id": "79"}]), None)
    assert window.scenario.terrain_at(window.scenario.grid.parse("79E5")) == "woods"
    assert shown_at(window, "79E5").name() == style.terrain_color("open ground").name()
    assert window.board_status.text() == "Drawn plain: board 79"
    assert "the board art is not an image" in window.board_status.toolTip()


def test_a_ca_over_art_lightens_it_instead_of_tinting_it_hill_brown(window: MainWindow, library: Path) -> None:
    gun = {"id": "g1", "side": "russian", "nationality": "russian", "kind": "gun", "hex": "77I7", "ca": "NW/N"}
    window.set_scenario(scenario([{"id": "77"}], units=[gun]), None)
    window.scene.select_unit("g1")
    fill = window.scene.arcs.selected_items["ca"].brush().color()
    assert fill.name(QColor.NameFormat.HexArgb) == style.ARC_FILL_ON_ART
    window.view.set_zoom(1.0)
    inside = shown_at(window, "77G4")  # in the CA, on the art's plain ground
    assert all(getattr(inside, c)() > getattr(ART_GROUND, c)() for c in ("red", "green", "blue"))
    window.set_scenario(scenario([{"id": "4"}], units=[{**gun, "hex": "4I7"}]), None)  # a plain board
    window.scene.select_unit("g1")
    fill = window.scene.arcs.selected_items["ca"].brush().color()
    assert fill.name(QColor.NameFormat.HexArgb) == style.ARC_COLORS["ca"][0]


def test_while_zooming_the_art_is_sampled_and_filtered_again_once_the_zoom_rests(
    qtbot: QtBot, window: MainWindow, library: Path
) -> None:
    window.set_scenario(scenario([{"id": "77"}]), None)
    qtbot.waitUntil(lambda: not window.scene.zoom_rest.zooming, timeout=2000)
    window.view.set_zoom(0.6)
    assert window.scene.zoom_rest.zooming
    x, y = window.scenario.grid.center(window.scenario.grid.parse("77E5"))
    window.view.centerOn(x, y)
    during = window.view.viewport().grab().toImage()
    assert close(during.pixelColor(window.view.mapFromScene(QPointF(x, y))), ART_E5)
    qtbot.waitUntil(lambda: not window.scene.zoom_rest.zooming, timeout=2000)
    after = window.view.viewport().grab().toImage()
    assert after != during  # the thin lines of the art filtered now
    assert close(after.pixelColor(window.view.mapFromScene(QPointF(x, y))), ART_E5)


def test_a_plain_map_never_waits_for_the_zoom_to_rest(window: MainWindow) -> None:
    window.view.set_zoom(0.6)
    assert not window.scene.zoom_rest.zooming


def test_the_art_kept_once_the_zoom_rests_is_drawn_again_at_each_new_zoom_and_scroll(
    qtbot: QtBot, window: MainWindow, library: Path
) -> None:
    """Each board's filtered art is kept as drawn at the zoom the view rests at (``ArtAtRest``):
    a new zoom, or a scroll that leaves the zoom, must not show the copy of another."""
    art_board(library, "78")
    window.set_scenario(scenario([{"id": "77"}, {"id": "78", "col": 1}]), None)
    for zoom in (0.3, 0.45, 0.8, 1.0, 0.8):
        window.view.set_zoom(zoom)
        qtbot.waitUntil(lambda: not window.scene.zoom_rest.zooming, timeout=2000)
        for name in ("77E5", "78V5", "78E5", "77Q8"):  # centred on each in turn: the view scrolls
            window.view.resetCachedContent()  # the map drawn again, its art from the kept copies
            assert close(shown_at(window, name), ART_E5 if name.endswith("E5") else ART_GROUND, 40), (zoom, name)


def test_the_art_kept_at_rest_goes_with_the_boards_when_they_are_read_again(
    qtbot: QtBot, window: MainWindow, library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.set_scenario(scenario([{"id": "77"}]), None)
    window.view.set_zoom(0.8)
    qtbot.waitUntil(lambda: not window.scene.zoom_rest.zooming, timeout=2000)
    assert close(shown_at(window, "77E5"), ART_E5)
    empty = tmp_path / "no boards"
    empty.mkdir()
    monkeypatch.setenv(BOARDS_ENV, str(empty))
    window.reload_boards()
    assert window.scene.layers.art == {}
    assert shown_at(window, "77E5").name() == style.terrain_color("open ground").name()


def test_the_files_own_terrain_over_art_lets_the_art_show_through(window: MainWindow, library: Path) -> None:
    """A scenario's terrain (an SSR) over a board's VASL art is a see-through tint: the hex shows the
    blend of the art and the terrain's colour, so the board's drawing stays readable under it; on a
    plain board the same terrain is its solid colour."""
    window.set_scenario(scenario([{"id": "77"}], terrain={"77E5": "stone building"}), None)
    window.view.set_zoom(1.0)
    building = style.terrain_color("stone building")
    seen = shown_at(window, "77E5")
    alpha = style.TERRAIN_TINT_ON_ART
    blend = QColor(*(round(alpha * getattr(building, c)() + (1 - alpha) * getattr(ART_E5, c)())
                     for c in ("red", "green", "blue")))
    assert close(seen, blend) and not close(seen, building, 4)
    window.set_scenario(scenario([{"id": "4"}], terrain={"4E5": "stone building"}), None)
    assert shown_at(window, "4E5").name() == building.name()
    both = scenario([{"id": "77", "col": 0, "row": 0}, {"id": "4", "col": 1, "row": 0}],
                    terrain={"77E5": "stone building", "4E5": "stone building"})
    window.set_scenario(both, None)  # art beside a plain board: only the art shows through
    window.view.set_zoom(1.0)
    assert close(shown_at(window, "77E5"), blend) and shown_at(window, "4E5").name() == building.name()
