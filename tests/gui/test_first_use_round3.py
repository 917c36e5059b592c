"""Issue 38, first use round 3: the popup's verdict first and its notes folded (1); every text
the window shows in a player's words, the CLI keeping its keys and ids (2). Real widgets,
offscreen."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QMessageBox,
    QStyle,
)
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, load_scenario
from aslgui.model.autosave import Autosaver, Session
from aslgui.rules import resolve
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import Gesture, gestures_for_drop
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.rehearsal.answer_words import in_words, number_lines, outcome_lines, player_names
from aslgui.ui.rehearsal.examples import examples
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.widgets.dialogs import FileDialog, Folders, MessageBox, ReportDialog, show_message
from aslgui.ui.window.autosave import RecoveryDialog
from aslgui.ui.window.main_window import DEMO_PATH, MainWindow
from aslgui.vasl.module import Module
from tests.answer_samples import answers_by_kind
from tests.gui.test_order_of_battle import STALINGRAD, build_save

pytestmark = pytest.mark.gui

#: A file key as ``aslgui resolve``'s users read it: ``mp_in_los``, ``af.turret``, ``"crew"``.
FILE_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b|[\"'][a-z_.]+[\"']|\b[a-z]+\.[a-z]+\b")


def popup_on(qtbot: QtBot, scenario: Scenario, firer: str, where: str) -> RehearsalPopup:
    popup = RehearsalPopup(scenario, gestures_for_drop(scenario, firer, scenario.grid.parse(where)).gestures,
                           DiceRoller(random.Random(3)))
    qtbot.addWidget(popup)
    popup.show()
    qtbot.waitExposed(popup)
    return popup


def test_issue38_1_an_illegal_shot_says_why_above_every_number(qtbot: QtBot) -> None:
    """The demo's Gun in its own MPh (D3.3): the red reason is the first line of the answer, above
    the DRM and the numbers, seen without scrolling."""
    scenario = load_scenario(DEMO_PATH)
    scenario.phase = "MPh"
    popup = popup_on(qtbot, scenario, "g1", "4E9")
    reason = popup.reasons_label
    assert reason.text() == ("Not allowed: in its own MPh only a moving vehicle, its Passengers included, fires "
                             "(Bounding First Fire) (D3.3, C5.3)")
    assert reason.isVisible() and not popup.allowed_label.isVisible()
    assert reason.y() < popup.drm_title.y() < popup.numbers_label.y()
    viewport = popup.answer_panel.viewport()
    assert viewport.rect().contains(reason.mapTo(viewport, reason.rect().bottomRight()))
    assert popup.answer_panel.verticalScrollBar().value() == 0


def test_issue38_1_a_legal_shot_says_allowed_first(qtbot: QtBot) -> None:
    popup = popup_on(qtbot, load_scenario(DEMO_PATH), "g1", "4E9")
    assert popup.allowed_label.isVisible()
    assert popup.allowed_label.text() == "Allowed: roll the dice (or type them) to Commit"
    assert not popup.commit_button.isEnabled()
    popup.roll(3, 4)
    assert popup.allowed_label.text() == "Allowed" and popup.commit_button.isEnabled()
    assert popup.reasons_label.isHidden() and popup.allowed_label.y() < popup.drm_title.y()


def test_issue38_1_the_notes_come_last_folded_and_unfold_on_a_click(qtbot: QtBot) -> None:
    scenario = load_scenario(DEMO_PATH)
    popup = popup_on(qtbot, scenario, "g1", "4E9")
    notes = popup.notes
    answer = resolve(scenario, popup.action())
    assert answer.values["unverified"] and notes.isVisible() and not notes.label.isVisible()
    assert notes.toggle.text() == f"Notes ({len(answer.values['unverified'])})"
    assert "Not checked" not in popup.numbers_label.text() and "Notes" not in popup.numbers_label.text()
    assert notes.y() > popup.numbers_label.y()
    qtbot.mouseClick(notes.toggle, Qt.MouseButton.LeftButton)
    assert notes.label.isVisible()
    assert notes.label.text().startswith("\u2022 Not checked against a printed chart: 57LL AT Gun type AT")
    intensive = popup.options["intensive"]
    assert isinstance(intensive, QCheckBox)
    intensive.setChecked(True)  # a new answer keeps the notes unfolded, with its own notes
    assert notes.label.isVisible() and "mark it with an Intensive Fire counter (C5.6)" in notes.label.text()
    qtbot.mouseClick(notes.toggle, Qt.MouseButton.LeftButton)
    assert not notes.label.isVisible()


@pytest.mark.parametrize(("text", "words"), [
    ("read: no mp_in_los given, so the aim is taken as unrestricted (no Case C1/C2) (C5.31, C5.32)",
     "read: no MP in LOS given, so the aim is taken as unrestricted (no Case C1/C2) (C5.31, C5.32)"),
    ("final_th_needed 2 counts the DR with its lower dr doubled (C3.6, C5.35)",
     "Final TH# 2 counts the DR with its lower dr doubled (C3.6, C5.35)"),
    ("so the hull's are used; give af.turret to use the turret's", "so the hull's are used; give the turret AF to "
                                                                     "use the turret's"),
    ('g1 has no manning Infantry ("crew") to fire it (C3.22, C5.6)', "57LL AT has no manning Infantry to fire it "
                                                                      "(C3.22, C5.6)"),
    ("no crew possesses the Gun: give the Gun a 'crew' or the action a 'crew' (C10.111)",
     "no crew possesses the Gun: give the Gun a crew or the action a crew (C10.111)"),
    ('s1 carries no DC (give it "dc": true) (A23.1)', "4-4-7 carries no DC (give it DC) (A23.1)"),
    ("t1 ROF 2 from the roster's 'PzKpfw IIIG'", "PzKpfw IIIG ROF 2 from the roster's 'PzKpfw IIIG'"),
    ("see resources/data/manhandling.json", "see resources/data/manhandling.json"),
])
def test_issue38_2_a_rules_sentence_names_no_file_key_in_the_window(text: str, words: str) -> None:
    assert in_words(text, player_names(load_scenario(DEMO_PATH))) == words


def test_issue38_2_no_answer_of_any_kind_shows_a_file_key_but_the_cli_keeps_them() -> None:
    """Every sample answer (every drop and menu action of every example, every phase) as the popup
    and log word it: reasons, DRM lines, numbers, outcome."""
    for answers in answers_by_kind().values():
        for answer in answers:
            shown = [*(in_words(r, {}) for r in answer.reasons), *(in_words(d.label, {}) for d in answer.drm),
                     *number_lines(answer, {}), *outcome_lines(answer, {})]
            assert [line for line in shown if FILE_KEY.search(line)] == []
    cli = json.dumps(resolve(load_scenario(DEMO_PATH), {"kind": "fire", "firer": "g1", "target": "t1"}).to_json())
    assert '"final_th_needed"' in cli and '"firer": "g1"' in cli


def test_issue38_2_the_unit_panel_names_no_id_the_crew_by_name_and_the_dc_in_words(
        qtbot: QtBot, window: MainWindow) -> None:
    window.scene.select_unit("g1")
    panel = window.properties
    assert panel.title.text() == "<b>57LL AT</b>: Gun" and "(g1)" not in panel.title.text()
    crew = panel.widgets["crew"]
    assert isinstance(crew, QComboBox) and crew.currentText() == "2-2-8 crew" and crew.currentData() == "c1"
    assert [crew.itemText(i) for i in range(crew.count())] == ["none", "2-2-8 crew"]
    crew.setCurrentIndex(0)  # unmanned, then manned again: the file keeps the id
    assert window.scenario.units["g1"].crew is None and window.undo_stack.undoText() == "Edit 57LL AT"
    window.undo_stack.undo()
    assert window.scenario.units["g1"].crew == "c1"
    window.scene.select_unit("s1")
    dc = panel.widgets["dc"]
    assert isinstance(dc, QComboBox) and dc.currentText() == "DC"
    assert [dc.itemText(i) for i in range(dc.count())] == ["none", "DC", "captured DC (A23.4)"]
    dc.setCurrentIndex(2)
    assert window.scenario.units["s1"].dc == "captured"
    assert panel.title.text() == "<b>4-4-7</b>: squad"


# -- 4: the docks the player had stay ---------------------------------------------------------------
def imported_game(window: MainWindow, tmp_path: Path) -> Path:
    """A VASL game imported (four units in the order of battle) and saved as a scenario file."""
    assert window.order_of_battle.import_file(build_save(tmp_path))
    saved = tmp_path / "kampfgruppe.json"
    assert window._save_to(saved)
    return saved


def test_issue38_4_opening_a_saved_imported_game_shows_its_order_of_battle(window: MainWindow, tmp_path: Path) -> None:
    dock = window.order_of_battle.dock
    assert not dock.isVisible()  # the demo has no unit off the boards
    saved = imported_game(window, tmp_path)
    assert dock.isVisible()
    window.set_scenario(load_scenario(DEMO_PATH), None)
    dock.close()  # the player closes it on the demo
    assert window.open_file(saved)
    assert dock.isVisible() and window.order_of_battle.list.unit_ids() == ["c1", "g1", "l1", "s2"]


def test_issue38_4_a_game_recovered_after_a_crash_shows_its_order_of_battle(
        window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = str(tmp_path / "autosave")
    window.autosave.autosaver = Autosaver(folder, session=Session(0, 1))  # a window whose process then dies
    window.autosave.autosaver.start_session()
    imported_game(window, tmp_path)
    window.move_unit("s1", window.scenario.grid.parse("4B3"))
    assert window.autosave.autosave_now() is not None
    monkeypatch.setattr(RecoveryDialog, "ask", classmethod(lambda cls, parent, autosaves: autosaves[0]))
    again = MainWindow(load_scenario(DEMO_PATH), None, window.settings)
    qtbot.addWidget(again)
    again.show()
    assert not again.order_of_battle.dock.isVisible()
    again.autosave.autosaver = Autosaver(folder)
    again.start_autosave()
    assert again.scenario.off_board and again.order_of_battle.dock.isVisible()
    again.autosave.finish()


def test_issue38_4_the_docks_the_player_had_open_come_back_in_the_next_window(
        window: MainWindow, qtbot: QtBot) -> None:
    """The action log and the order of battle are made after the window's own docks: the saved
    state reaches them too."""
    window.rehearsal.log_dock.close()
    window.order_of_battle.dock.show()
    window.close()
    again = MainWindow(load_scenario(DEMO_PATH), None, window.settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.order_of_battle.dock.isVisible() and not again.rehearsal.log_dock.isVisible()


# -- 3: overlay labels at screen size, dialogs that fit, folders remembered ----------------------
def test_issue38_3_the_los_result_keeps_its_screen_size_at_any_zoom(window: MainWindow) -> None:
    """Zoomed out or in, the result reads at one size, whole: beside the target, on its left when
    the target is near the view's right edge."""
    grid, view = window.scenario.grid, window.view
    x, y = grid.center(grid.parse("4P8"))
    sizes = set()
    for zoom in (1.0, 3.0, 6.0):
        view.set_zoom(zoom)
        for where in (0.25, 0.85, 0.5):  # a quarter in from the left, near the right edge, in the middle
            view.centerOn(QPointF(x + (0.5 - where) * view.viewport().width() / zoom, y))
            window.los_tools.show_thread(grid.parse("4P2"), grid.parse("4P8"))
            plate = window.los_tools.items[-1]
            on_screen = plate.deviceTransform(view.viewportTransform()).mapRect(plate.childrenBoundingRect())
            sizes.add((round(on_screen.width()), round(on_screen.height())))
            assert view.viewport().rect().contains(on_screen.toRect()), (zoom, where, on_screen)
    assert len(sizes) == 1 and next(iter(sizes))[1] < 30


def report_text(lines: int) -> str:
    return "Imported VASL game: big.vsav\n\n" + "\n".join(
        f"units: line {n} of the report, long enough to wrap in a message box of ordinary width, as a "
        f"real report's are (the order of battle, the skipped pieces, the board notes)" for n in range(lines))


@pytest.mark.parametrize("lines", [40, 400])
def test_issue38_3_a_long_report_fits_the_screen_scrolls_and_its_ok_closes_it(qtbot: QtBot, window: MainWindow,
                                                                               lines: int) -> None:
    report = ReportDialog(window, QStyle.StandardPixmap.SP_MessageBoxInformation, "Imported VASL game",
                          report_text(lines))
    qtbot.addWidget(report)
    report.show()
    qtbot.waitExposed(report)
    screen = report.screen().availableGeometry()
    assert report.frameGeometry().height() <= screen.height() and report.width() <= screen.width()
    ok = report.buttons.button(QDialogButtonBox.StandardButton.Ok)
    corner = ok.mapToGlobal(ok.rect().bottomRight())
    assert ok.isVisible() and screen.contains(corner) and report.rect().contains(ok.mapTo(report, ok.rect().center()))
    assert report.heading.text() == "Imported VASL game: big.vsav"
    assert report.body.verticalScrollBar().maximum() > 0  # the rest scrolls
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert report.result() == QDialog.DialogCode.Accepted and not report.isVisible()


def test_issue38_3_a_short_message_stays_a_message_box_a_long_one_is_a_report(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def seen(what: str) -> Callable[[QDialog], int]:
        def exec_(dialog: QDialog) -> int:
            shown.append(what)
            return 1
        return exec_

    monkeypatch.setattr(ReportDialog, "exec", seen("report"))
    monkeypatch.setattr(QMessageBox, "exec", seen("box"))
    show_message(None, QMessageBox.Icon.Information, "Imported VASL game", "3 units")
    show_message(None, QMessageBox.Icon.Information, "Imported VASL game", report_text(20))
    show_message(None, QMessageBox.Icon.Critical, "Cannot import", "x" * 2000)
    assert shown == ["box", "report", "report"]


@pytest.mark.skipif(not STALINGRAD.is_file(), reason=f"no real VASL save at {STALINGRAD} (a clone has no ../shared)")
def test_issue38_3_the_import_report_of_the_stalingrad_save_fits(window: MainWindow,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[ReportDialog] = []

    def look(self: ReportDialog) -> int:
        self.show()
        seen.append(self)
        return 1

    monkeypatch.setattr(ReportDialog, "exec", look)
    monkeypatch.setattr(MessageBox, "info", classmethod(lambda cls, parent, title, text: show_message(
        parent, QMessageBox.Icon.Information, title, text)))
    assert window.order_of_battle.import_file(STALINGRAD)
    [report] = seen
    screen = report.screen().availableGeometry()
    assert report.frameGeometry().height() <= screen.height()
    assert "order of battle" in report.body.toPlainText()


def test_issue38_3_file_dialogs_start_where_the_last_file_of_their_kind_was(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Open and Save as start where the last scenario was saved, Import where the last game
    was, Add module where the last module was, Add boards folder beside the last boards folder;
    each kept in the settings, so the next window starts there too."""
    asked: dict[str, str] = {}

    def answer(kind: str, chosen: Path | None) -> Callable[..., str | None]:
        def ask(cls: type, parent: object, folder: str) -> str | None:
            asked[kind] = folder
            return str(chosen) if chosen else None
        return ask

    games, saves, modules = (tmp_path / name for name in ("games", "saves", "modules"))
    for folder in (games, saves, modules, tmp_path / "vasl" / "boards"):
        folder.mkdir(parents=True)
    assert window._save_to(saves / "mine.json")
    monkeypatch.setattr(FileDialog, "open_path", classmethod(answer("open", None)))
    monkeypatch.setattr(FileDialog, "save_path", classmethod(answer("save", None)))
    window.set_scenario(load_scenario(DEMO_PATH), None)  # the demo, never saved: no folder of its own
    window.open_dialog()
    window.save_as()
    assert asked["open"] == str(saves) and asked["save"] == str(saves / "Demo - a Russian 57LL AT Gun covers the "
                                                                      "road (C3.2).json")
    monkeypatch.setattr(FileDialog, "open_vsav_path", classmethod(answer("import", build_save(games))))
    window.order_of_battle.import_dialog()
    window.order_of_battle.import_dialog()
    assert asked["import"] == str(games)
    monkeypatch.setattr(FileDialog, "open_module_path", classmethod(answer("module", modules / "vasl.vmod")))
    window.add_vasl_module()  # not a module: refused, but the folder is where the player looked
    window.add_vasl_module()
    assert asked["module"] == str(modules)
    starts: list[str] = []

    def pick_boards(parent: object, title: str, start: str) -> str:
        starts.append(start)
        return str(tmp_path / "vasl" / "boards")

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", pick_boards)
    window.add_boards_folder()
    window.add_boards_folder()
    assert starts[1] == str(tmp_path / "vasl")
    assert Folders.start("scenario") == str(saves)  # kept for the next window


# -- 5: a counter without art says why --------------------------------------------------------------
def test_issue38_5_a_counter_without_art_says_why_on_hover(window: MainWindow, tmp_path: Path) -> None:
    """A squad with a VASL image: no module set up, then a module that lacks its art; the demo's
    own squad, made in aslgui, has no image at all. The Infantry of a module's GIF era show tiles."""
    scenario = load_scenario(DEMO_PATH)
    scenario.units["s2"] = scenario.units["s2"]._replace(extra={"vasl": {"image": "ge/ge467S"}})
    try:
        use_modules(())
        window.set_scenario(scenario, None)
        item = window.scene.counter_item("s2")
        assert item is not None and item.art is None
        assert item.toolTip() == ("4-6-7: a plain tile, as no VASL module is set up to draw its image ge/ge467S: "
                                  "File > Add VASL module...")
        use_modules([Module(str(tmp_path / "vasl.vmod"), "", "6.6", "3.7", {}, {})])
        window.set_scenario(scenario, None)
        item = window.scene.counter_item("s2")
        assert item is not None and item.toolTip() == (
            "4-6-7: a plain tile, as your VASL module (vasl.vmod) has no SVG image of ge/ge467S, and aslgui draws "
            "SVG counters only")
        leader = window.scene.counter_item("l1")
        assert leader is not None and "it has no VASL image (a counter made in aslgui" in leader.toolTip()
    finally:
        use_modules(())


def test_issue38_5_the_order_of_battle_names_no_id_and_says_why_a_swatch(window: MainWindow, tmp_path: Path) -> None:
    assert window.order_of_battle.import_file(build_save(tmp_path))
    tree = window.order_of_battle.list
    item = tree.items["l1"]
    assert "l1" not in item.toolTip(0) and item.toolTip(0).startswith("german leader, 1 off the boards")
    assert "A colour swatch, as no VASL module is set up to draw its image ge/geL81" in item.toolTip(0)


def test_issue38_1_a_rolled_outcomes_notes_fold_with_the_others(qtbot: QtBot) -> None:
    """C3.7 EX rolled (2, 3, dr 1): the outcome reads Hit, FP, IFT result; its note on point
    blank ordnance (C3.51) is among the folded notes, once."""
    ex = next(e for e in examples() if e.rule == "C3.7")
    scenario = ex.load()
    popup = RehearsalPopup(scenario, [Gesture("fire", ex.title, dict(ex.prepared_action))], DiceRoller())
    qtbot.addWidget(popup)
    popup.roll(2, 3, 1)
    outcome = popup.outcome_label.text()
    assert "Hit: yes" in outcome and "Notes" not in outcome
    notes = popup.notes.label.text().splitlines()
    assert notes.count("\u2022 no PBF/TPBF doubling for ordnance (C3.51)") == 1


def test_issue38_2_the_import_report_in_the_window_names_no_file_key(window: MainWindow, tmp_path: Path,
                                                                      infos: list[str]) -> None:
    """``aslgui import-vsav`` prints the keys; the window's report names no ``"hex": null``."""
    assert window.order_of_battle.import_file(build_save(tmp_path))
    [report] = infos
    assert "4 in the order of battle" in report and '"hex"' not in report and not FILE_KEY.search(report)
    assert in_words("note: unverified (1 x) PzKw VIE: turret, ma, rof, breakdown, mp, af from the built-in roster's "
                    "'PzKpfw VIE'", {}) == ("note: unverified (1 x) PzKw VIE: turret type, MA, ROF, B#, MP, AF from "
                                            "the built-in roster's 'PzKpfw VIE'")
    assert in_words("a Gun (ru/gun/ruAT37L) read from vasl-sample.vmod", {}) == ("a Gun (ru/gun/ruAT37L) read from "
                                                                                 "vasl-sample.vmod")


def test_issue38_2_the_odds_map_status_line_names_counters_not_ids(window: MainWindow) -> None:
    """The demo's Gun with its crew broken hits no hex (A.7): the status line and the hover name
    the crew as the map does."""
    scenario = load_scenario(DEMO_PATH)
    scenario.units["c1"] = scenario.units["c1"]._replace(broken=True)
    window.set_scenario(scenario, None)
    window.scene.select_unit("g1")
    window.odds_tools.hits_action.trigger()
    text = window.odds_tools.label.text()
    assert text.endswith(": no hex: 2-2-8 crew is broken (A.7)"), text
    hover = window.odds_tools.describe(scenario.grid.parse("4E9"))
    assert hover == "4E9: no shot: 2-2-8 crew is broken (A.7)"


def test_issue38_6_an_empty_threat_says_why_in_the_status_line(qtbot: QtBot, window: MainWindow) -> None:
    """The German tank has fired its normal ROF (C2.24): the threat to the Russians in the DFPh is
    empty, and the status line says why, naming the tank."""
    scenario = load_scenario(DEMO_PATH)
    scenario.units["t1"] = scenario.units["t1"]._replace(fired=True)
    window.set_scenario(scenario, None)
    tools = window.odds_tools
    window.scene.select_unit("s1")
    tools.threat_action.trigger()
    qtbot.waitUntil(lambda: not tools._pending and not tools._timer.isActive())
    assert tools.shown == {} and tools.label.text() == (
        "Enemy threat (DFPh): 0 hexes in reach; PzKpfw IIIG may fire at no hex: PzKpfw IIIG has used its normal ROF "
        "this turn; only Intensive Fire adds a shot (C2.24)")
    # a truck listed first fires no ordnance (C3): each firer's reason, in file order
    truck = scenario.units["t1"]._replace(id="truck", name="a truck", afv=False, ma=None, mgs=(), fired=False)
    scenario.units = {"truck": truck, **scenario.units}
    window.set_scenario(scenario, None)  # the threat, still switched on, counted again
    window.scene.select_unit("s1")
    qtbot.waitUntil(lambda: not tools._pending and not tools._timer.isActive())
    assert tools.shown == {} and tools.label.text() == (
        "Enemy threat (DFPh): 0 hexes in reach; truck has no main armament to fire (give it MA if it has one) (C3); "
        "PzKpfw IIIG may fire at no hex: PzKpfw IIIG has used its normal ROF this turn; only Intensive Fire adds a "
        "shot (C2.24)")


def test_issue38_3_the_hindrance_numbers_of_the_shading_keep_their_screen_size_at_any_zoom(
        window: MainWindow) -> None:
    """The shading's ``+1`` reads at one size zoomed out or in (as the result's plate), each in
    the upper right of its own hex whatever the zoom."""
    grid, view = window.scenario.grid, window.view
    window.scene.select_unit("g1")
    window.los_tools.sight_action.trigger()
    brush = grid.parse("4K8")  # +1: the 4J7 brush (test_los_view)
    assert window.los_tools.shading[brush] == 1
    sizes = set()
    for zoom in (0.5, 1.0, 3.0, 6.0):
        view.set_zoom(zoom)
        view.centerOn(QPointF(*grid.center(brush)))
        labels = [item for item in window.los_tools.shade_items
                  if isinstance(item, QGraphicsSimpleTextItem) and item.text() == "+1"]
        assert labels and all(item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
                              for item in labels)
        (label,) = [item for item in labels if grid.hex_at(item.pos().x(), item.pos().y()) == brush]
        on_screen = label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
        sizes.add((round(on_screen.width()), round(on_screen.height())))
        corner = view.mapToScene(on_screen.topLeft().toPoint())
        assert grid.hex_at(corner.x(), corner.y()) == brush  # it starts inside its hex
    assert len(sizes) == 1 and 10 < next(iter(sizes))[1] < 30
