"""Counters from the player's VASL module in the window (issue 23.4-5, 28.1, 28.4): adding a module,
Preferences listing and removing it, the module's SVG art on the map and in the order of battle,
the palette by nationality with its search, a placed counter with its printed numbers, the side
panel's numbers and sources, Escape ending placement, a crew offered an unmanned Gun.  Tiny
modules are built here (``tests.vasl.test_module_reader``); the sample module's tests skip
without ``../shared``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from aslgui.model import Unit
from aslgui.ui.map.counter_art import flat_svg, library, use_modules
from aslgui.ui.map.counters import CounterItem
from aslgui.ui.widgets.dialogs import FileDialog, MessageBox
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.panels import key_label
from aslgui.ui.window.preferences import PreferencesDialog
from aslgui.vasl import module_library
from aslgui.vasl.module import forget_modules
from tests.gui.conftest import viewport_point
from tests.vasl_modules import STUG, TANK, build_file, definition, make_module

T34 = definition(["prototype;DBUnit", "prototype;ruCTtur", "piece;K;D;ru/veh/T34M43;T-34 M43"],
                 ["", "", "null;0;0;1500"])
SAMPLE = Path(__file__).resolve().parents[3] / "shared" / "vasl" / "module" / "vasl-sample.vmod"
needs_sample = pytest.mark.skipif(not SAMPLE.is_file(), reason=f"{SAMPLE} (VASL sample module, test data) is absent")


def tiny_module(folder: Path) -> Path:
    """A German StuG IIIG with its SVG counter, and a Russian T-34 M43 without art."""
    return make_module(folder, build=build_file([("2610", "StuG IIIG", STUG), ("1500", "T-34 M43", T34)]))


@pytest.fixture(autouse=True)
def no_library(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Each test starts without modules (its own settings file) and leaves none in use."""
    monkeypatch.setenv("ASLGUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv(module_library.MODULE_ENV, raising=False)
    forget_modules()
    yield
    use_modules(())


@pytest.fixture
def module_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window: MainWindow) -> MainWindow:
    """The demo window after *File > Add VASL module...* chose the tiny module."""
    path = tiny_module(tmp_path)
    monkeypatch.setattr(FileDialog, "open_module_path", classmethod(lambda cls, parent, folder: str(path)))
    window.add_vasl_module()
    return window


def place(window: MainWindow, label: str, hex_name: str, side: str = "german") -> Unit:
    template = window.palette_panel.pick(label)
    unit = window.add_unit(template, window.scenario.grid.parse(hex_name), side)
    assert unit is not None
    return window.scenario.units[unit.id]


def tile_pixels(item: CounterItem) -> QImage:
    image = QImage(60, 60, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.translate(30, 30)
    item.paint(painter, None)  # type: ignore[arg-type]
    painter.end()
    return image


def test_add_module_fills_the_palette_by_nationality_and_search_filters(module_window: MainWindow,
                                                                       tmp_path: Path) -> None:
    assert module_library.saved_modules() == [str(tmp_path / "test.vmod")]
    shown = module_window.palette_panel.shown_labels()
    assert shown["German (1)"] == ["StuG IIIG"] and shown["Russian (1)"] == ["T-34 M43"]
    assert "Squad 4-6-7" in shown["Basic"] and shown["Roster (built in)"]  # the roster stays, the fallback
    assert not module_window.palette_panel.module_note.isVisible()
    module_window.palette_panel.search.setText("t-34")
    assert module_window.palette_panel.shown_labels() == {"Russian (1)": ["T-34 M43"],
                                                          "Roster (built in)": ["T-34 M41 (russian)"]}
    module_window.palette_panel.search.setText("")
    assert "German (1)" in module_window.palette_panel.shown_labels()


def test_a_placed_module_counter_has_its_printed_numbers_and_art(module_window: MainWindow) -> None:
    unit = place(module_window, "StuG IIIG", "4K3")
    assert unit.extra["vasl"]["image"] == "ge/veh/stgiiig" and unit.extra["vasl"]["gpid"] == "2610"
    assert unit.ma is not None and (unit.ma.caliber, unit.ma.barrel) == (75, "*")
    assert (unit.rof, unit.mp, unit.turret, unit.nationality) == (1, 11, "T", "german")
    assert unit.extra["af"] == {"hull": [11, 8, 8]}
    item = module_window.scene.counter_item(unit.id)
    assert item.art == "ge/veh/stgiiig"
    plain = CounterItem(unit._replace(extra={}), [])
    assert plain.art is None and tile_pixels(item) != tile_pixels(plain)  # the SVG, not the tile
    # The side panel reads the counter as a player does, each number with its source.
    module_window.scene.select_unit(unit.id)
    text = module_window.properties.printed.text()
    assert "<b>MA</b>&nbsp;75*" in text and "<b>AF</b>&nbsp;11/8" in text and "from the VASL counter:" in text


def test_without_art_a_counter_keeps_its_tile_and_markers_draw_over_art(module_window: MainWindow) -> None:
    t34 = place(module_window, "T-34 M43", "4K4", "russian")
    assert module_window.scene.counter_item(t34.id).art is None
    stug = place(module_window, "StuG IIIG", "4K3")
    module_window.apply_unit_changes([stug._replace(bu=True)], "BU")
    item = module_window.scene.counter_item(stug.id)
    assert item.art is not None and item.marker_names == ["BU"]
    assert tile_pixels(item) != tile_pixels(CounterItem(module_window.scenario.units[stug.id], []))


def test_preferences_list_and_remove_a_module_and_the_map_redraws(qtbot: QtBot, module_window: MainWindow,
                                                                 tmp_path: Path) -> None:
    unit = place(module_window, "StuG IIIG", "4K3")
    dialog = PreferencesDialog(module_window)
    qtbot.addWidget(dialog)
    dialog.modules_changed.connect(module_window.reload_counters)
    assert [dialog.modules.item(i).text() for i in range(dialog.modules.count())] == [str(tmp_path / "test.vmod")]
    dialog.modules.setCurrentRow(0)
    dialog.remove_module_button.click()
    assert dialog.modules.count() == 0 and module_library.saved_modules() == []
    assert module_window.scene.counter_item(unit.id).art is None  # drawn as a plain tile again
    assert "German (1)" not in module_window.palette_panel.shown_labels()
    assert module_window.palette_panel.module_note.isVisibleTo(module_window.palette_panel)


def test_a_module_that_cannot_be_read_is_named_never_fatal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                           window: MainWindow, errors: list[str]) -> None:
    bad = tmp_path / "broken.vmod"
    bad.write_bytes(b"not a zip")
    monkeypatch.setattr(FileDialog, "open_module_path", classmethod(lambda cls, parent, folder: str(bad)))
    window.add_vasl_module()
    assert errors and "broken.vmod" in errors[0] and module_library.saved_modules() == []
    monkeypatch.setenv(module_library.MODULE_ENV, str(bad))  # set outside the GUI: named in the status line
    window.reload_counters()
    status = window.counter_library.status
    assert status.text() == "Counters not read: broken.vmod" and str(bad) in status.toolTip()
    dialog = PreferencesDialog(window)
    assert "cannot be read" in dialog.modules.item(0).text()
    dialog.deleteLater()


def test_order_of_battle_shows_the_counter_art(module_window: MainWindow) -> None:
    unit = place(module_window, "StuG IIIG", "4K3")
    module_window.order_of_battle.withdraw(unit.id)
    item = module_window.order_of_battle.list.items[unit.id]
    assert item.icon(0).actualSize(module_window.order_of_battle.list.iconSize()).width() == 28  # art, not a swatch


def test_escape_ends_placement(qtbot: QtBot, window: MainWindow) -> None:
    window.palette_panel.pick("Squad 4-6-7")
    assert window.scene.tool == "place" and window.palette_panel.stop.isEnabled()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.palette_panel.template is None and window.scene.tool == "select"
    assert not window.palette_panel.stop.isEnabled()
    count = len(window.scenario.units)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=viewport_point(window, window.scenario.grid.parse("4K3")))
    assert len(window.scenario.units) == count  # no counter placed after Escape


@pytest.mark.parametrize("answer", [True, False])
def test_a_crew_placed_on_an_unmanned_gun_is_offered_it(monkeypatch: pytest.MonkeyPatch, window: MainWindow,
                                                        answer: bool) -> None:
    asked: list[str] = []
    monkeypatch.setattr(MessageBox, "offer", classmethod(lambda cls, parent, title, text, yes, no:
                                                         asked.append(text) or answer))
    gun = place(window, "57LL AT (russian)", "4P8", "russian")
    crew = place(window, "Crew 2-2-8", "4P8", "russian")
    assert asked and "57LL AT" in asked[0]
    assert window.scenario.units[gun.id].crew == (crew.id if answer else None)
    window.undo_stack.undo()  # one step: the crew and the manning go together
    assert crew.id not in window.scenario.units and window.scenario.units[gun.id].crew is None
    place(window, "Crew 2-2-8", "4P9", "russian")  # no Gun there: nothing asked
    assert len(asked) == 1


def test_side_panel_labels_in_a_players_words(window: MainWindow) -> None:
    assert key_label("cx") == ("CX", "Exhausted (A4.51)")
    assert key_label("tca")[0] == "TCA" and "Turret Covered Arc" in key_label("tca")[1]
    assert key_label("low_ammo") == ("Low ammo", "")
    gun = next(u for u in window.scenario.units.values() if u.kind == "gun")
    window.scene.select_unit(gun.id)
    form = window.properties.form
    labels = [form.itemAt(i, form.ItemRole.LabelRole).widget().text()  # type: ignore[union-attr]
              for i in range(2, form.rowCount())]
    assert "CA" in labels and "ca" not in labels and "M#" in labels
    text = window.properties.printed.text()
    assert "<b>MA</b>" in text and "color:gray" in text  # the roster's or the file's numbers, sourced


def test_flat_svg_resolves_nested_viewports_percents_and_drops_outside_pictures() -> None:
    flat = flat_svg(TANK.encode(), "x.svg").decode()
    assert "<svg x=" not in flat and "href=\"x.png\"" not in flat and "translate(0.000,0.000)" in flat
    assert "50%" not in flat


@needs_sample
def test_sample_module_art_on_the_map(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, window: MainWindow) -> None:
    monkeypatch.setenv(module_library.MODULE_ENV, str(SAMPLE))
    window.reload_counters()
    shown = window.palette_panel.shown_labels()
    german = next(title for title in shown if title.startswith("German ("))
    window.palette_panel.search.setText("iiin")
    assert "PzKw IIIN" in window.palette_panel.shown_labels()[german]
    unit = place(window, "PzKw IIIN", "4K3")
    assert window.scene.counter_item(unit.id).art == "ge/veh/pziiin"
    image = library().image("ge/veh/pziiin", 76)
    assert image is not None and not image.isNull()
    painter_target = QImage(76, 76, QImage.Format.Format_ARGB32)
    painter = QPainter(painter_target)
    painter.drawImage(QRectF(0, 0, 76, 76), image)
    painter.end()
    assert painter_target.pixelColor(38, 38).alpha() == 255  # an opaque counter
