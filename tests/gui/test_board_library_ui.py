"""The board library in the GUI (issue 13, DESIGN.md 7): Preferences / "Add VASL boards folder..."
saves the folder in aslgui's own settings file (which ``aslgui resolve`` reads too) and the open
map redraws its boards; the New scenario dialog lists the library's boards and places them
rotated on request."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement
from aslgui.model import save_scenario, scenario_from_json
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.new_scenario import NewScenarioDialog, arrange_boards, parse_board_ids
from aslgui.ui.window.preferences import FolderDialog, PreferencesDialog
from aslgui.vasl.library import BOARDS_ENV, CONFIG_ENV, saved_board_folders, settings_path
from tests.gui.art_boards import art_board, hover

pytestmark = pytest.mark.gui


@pytest.fixture
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """aslgui's settings file in a folder of this test's own, no ASLGUI_VASL_BOARDS."""
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.delenv(BOARDS_ENV, raising=False)
    return tmp_path / "config"


@pytest.fixture
def boards_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "VASL" / "boards"
    folder.mkdir(parents=True)
    art_board(folder, "77")
    art_board(folder, "5")
    return folder


def answer_folder(monkeypatch: pytest.MonkeyPatch, folder: Path | None) -> None:
    """The folder dialog answers ``folder`` (None: cancelled)."""
    monkeypatch.setattr(
        FolderDialog, "boards_folder", classmethod(lambda cls, parent: None if folder is None else str(folder))
    )


def test_adding_a_boards_folder_saves_it_for_the_cli_and_redraws_the_open_map(
    window: MainWindow, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "77"}], "units": []})
    window.set_scenario(situation, None)
    assert window.scene.layers.art == {} and window.scenario.terrain_at(situation.grid.parse("77E5")) == "open ground"
    answer_folder(monkeypatch, boards_folder)
    dialog = PreferencesDialog(window)
    changes: list[bool] = []
    dialog.library_changed.connect(lambda: changes.append(True))
    dialog.library_changed.connect(window.reload_boards)
    dialog.add_button.click()
    assert changes == [True]
    assert saved_board_folders() == [str(boards_folder)]
    assert json.loads(Path(settings_path()).read_text())["vasl_board_folders"] == [str(boards_folder)]
    assert [b.id for b in window.scene.layers.art] == ["77"]
    assert window.scenario.terrain_at(situation.grid.parse("77E5")) == "woods"
    assert [dialog.folders.item(i).text() for i in range(dialog.folders.count())] == [str(boards_folder)]
    assert dialog.found.text() == "Boards found: 5, 77"
    # The CLI, a separate process without Qt, reads the same settings file.
    save_scenario(situation, tmp_path / "s.json")
    done = subprocess.run(
        [sys.executable, "-m", "aslgui", "resolve", str(tmp_path / "s.json"), "-"],
        input='{"kind": "hex_info", "hex": "77E5"}',
        capture_output=True,
        text=True,
        check=True,
    )
    assert (json.loads(done.stdout)["terrain"], json.loads(done.stdout)["source"]) == ("woods", "vasl")


def test_the_vasl_install_folder_finds_its_boards_folder(
    window: MainWindow, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_folder(monkeypatch, boards_folder.parent)  # the user picked .../VASL, not .../VASL/boards
    window.add_boards_folder()
    assert saved_board_folders() == [str(boards_folder)]


def test_a_folder_without_boards_is_refused_and_cancel_changes_nothing(
    window: MainWindow, own_settings: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, errors: list[str]
) -> None:
    answer_folder(monkeypatch, tmp_path)
    window.add_boards_folder()
    assert saved_board_folders() == []
    assert len(errors) == 1 and "no VASL board archives" in errors[0] and str(tmp_path) in errors[0]
    answer_folder(monkeypatch, None)
    window.add_boards_folder()
    assert saved_board_folders() == [] and len(errors) == 1


def test_removing_a_folder_forgets_it_and_the_boards_go_plain(
    window: MainWindow, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_folder(monkeypatch, boards_folder)
    window.add_boards_folder()
    window.set_scenario(
        scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "5"}], "units": []}), None
    )
    assert [b.id for b in window.scene.layers.art] == ["5"]
    dialog = PreferencesDialog(window)
    dialog.library_changed.connect(window.reload_boards)
    dialog.folders.setCurrentRow(0)
    dialog.remove_button.click()
    assert saved_board_folders() == [] and dialog.folders.count() == 0
    assert window.scene.layers.art == {}
    assert dialog.found.text().startswith("No boards found")


def test_folders_from_the_environment_are_listed_but_not_removable(
    qtbot: QtBot, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(boards_folder))
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert dialog.folders.item(0).text() == f"{boards_folder}  (from {BOARDS_ENV})"
    dialog.folders.setCurrentRow(0)
    dialog.remove_button.click()
    assert dialog.folders.count() == 1


def test_new_scenario_lists_the_librarys_boards_and_places_them_rotated(
    qtbot: QtBot, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(boards_folder))
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    listed = [dialog.library.list.item(i).text().split() for i in range(dialog.library.list.count())]
    assert listed == [["5", "bd05"], ["77", "bd77"]]
    dialog.library.list.item(1).setSelected(True)
    dialog.library.add_rotated.click()
    dialog.library.list.clearSelection()
    dialog.library.list.item(0).setSelected(True)
    dialog.library.add.click()
    assert dialog.boards.text() == "4, r77, 5"
    dialog.attacker.setCurrentText("german")
    assert dialog.answer().boards == [
        BoardPlacement("4", 0, 0),
        BoardPlacement("77", 1, 0, rotated=True),
        BoardPlacement("5", 0, 1),
    ]


def test_new_scenario_without_a_library_says_how_to_add_one(qtbot: QtBot, own_settings: Path) -> None:
    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    assert dialog.library.list.isHidden()


def test_r_before_a_board_number_rotates_it_and_a_board_twice_is_refused() -> None:
    assert arrange_boards(parse_board_ids("r5, 4 RB"), 3) == [
        BoardPlacement("5", 0, 0, rotated=True),
        BoardPlacement("4", 1, 0),
        BoardPlacement("RB", 2, 0),  # letters after r: a board named so (Red Barricades), not rotated
    ]
    with pytest.raises(AslError, match="each board can be placed once"):
        parse_board_ids("5, r5")


def test_done_line_hover_on_a_board_added_in_preferences(
    qtbot: QtBot, window: MainWindow, own_settings: Path, boards_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user adds the boards folder, opens a scenario on the board, hovers E5 and reads woods."""
    answer_folder(monkeypatch, boards_folder)
    window.add_boards_folder()
    window.set_scenario(
        scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "77"}], "units": []}), None
    )
    window.view.set_zoom(1.0)
    x, y = window.scenario.grid.center(window.scenario.grid.parse("77E5"))
    window.view.centerOn(x, y)
    hover(qtbot, window, x, y)
    assert window.hover_label.text().startswith("77E5  woods")
