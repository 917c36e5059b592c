"""The window opens whatever the board library and the cache hold (issue 27): a bd04 that is a
FIFO, a board whose cached facts are a FIFO or wrong inside, LOSData of another size.  Each such
board is named in the status line and drawn plain; nothing hangs (an alarm bounds the test)."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from aslgui.model import scenario_from_json
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl import cache
from aslgui.vasl.board import load_board
from aslgui.vasl.library import BOARDS_ENV, CONFIG_ENV
from tests.gui.art_boards import art_board
from tests.vasl.make_archive import encode_los_data, metadata_xml, sample_grids, write_archive

pytestmark = [pytest.mark.gui, pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")]


@pytest.fixture
def alarm() -> Iterator[None]:
    """A hang (a FIFO opened for reading) fails the test after 20 s instead of blocking the run."""

    def hung(*_: object) -> None:
        raise TimeoutError("the window hung at start")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_the_window_opens_naming_each_hostile_board(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    alarm: None) -> None:
    library = tmp_path / "boards"
    library.mkdir()
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv(BOARDS_ENV, str(library))
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    cache._digests.clear()
    os.mkfifo(library / "bd04")
    fifo_facts, wrong_facts = art_board(library, "77"), art_board(library, "78")
    for path, damage in ((fifo_facts, "fifo"), (wrong_facts, "wrong")):
        product = next(Path(cache.cache_folder(), load_board(path).digest).glob("hexfacts-*"))
        if damage == "fifo":
            product.unlink()
            os.mkfifo(product)
        else:
            facts = json.loads(product.read_bytes())
            facts["hexes"]["E5"][1] = 1e300
            product.write_text(json.dumps(facts))
    elevation, terrain = sample_grids()
    write_archive(library / "bd05", {"BoardMetadata.xml": metadata_xml("5", False),
                                     "LOSData": encode_los_data(elevation, terrain, width=20)})
    cache._digests.clear()
    boards = [{"id": "4", "col": 0}, {"id": "77", "col": 1}, {"id": "78", "col": 2}, {"id": "5", "col": 3}]
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": boards, "units": []})
    win = MainWindow(situation, None, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    status, tip = win.board_status.text(), win.board_status.toolTip()
    assert "4" in status and "5" in status
    assert f"{str(library / 'bd04')!r}: it is a FIFO (named pipe), not a file" in tip
    assert "LOSData covers fewer hexes (20x10) than its board (33x10 in BoardMetadata.xml)" in tip
    # The damaged cache products were rebuilt: those boards read fine.
    assert win.scenario.terrain_at(situation.grid.parse("77E5")) == "woods"
    assert win.scenario.terrain_at(situation.grid.parse("78E5")) == "woods"


@pytest.mark.parametrize("settings_file", ["trailing comma", "fifo", "dev-zero"])
def test_the_window_opens_whatever_the_settings_file_holds_and_says_so(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, alarm: None, settings_file: str
) -> None:
    """Issue 37: a hand edit that broke the JSON, a FIFO, a link to /dev/zero: the window opens,
    its status line says the settings were not read; adding a boards folder (as Preferences does)
    keeps the old file aside under a new name and says so."""
    from aslgui.ui.window.main_window import library as settings_library

    config = tmp_path / "config"
    config.mkdir()
    monkeypatch.setenv(CONFIG_ENV, str(config))
    monkeypatch.delenv(BOARDS_ENV, raising=False)
    monkeypatch.setattr(settings_library, "kept_aside", None)
    path = config / settings_library.SETTINGS_FILE
    if settings_file == "fifo":
        os.mkfifo(path)
    elif settings_file == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.write_text('{"vasl_board_folders": ["/boards"],}')
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}], "units": []})
    win = MainWindow(situation, None, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert win.settings_status.text() == "Settings not read"
    assert "settings.json" in win.settings_status.toolTip() and "Preferences" in win.settings_status.toolTip()
    settings_library.add_board_folder(str(tmp_path))
    win.reload_boards()
    assert win.settings_status.text().startswith("Settings file kept aside as settings.json.unreadable-")
    assert settings_library.saved_board_folders() == [str(tmp_path)]
