"""The board library (DESIGN.md 7): $ASLGUI_VASL_BOARDS, then the folders saved in settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.vasl import library
from tests.vasl.make_archive import sample_board


@pytest.fixture(autouse=True)
def private_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(library.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.delenv(library.BOARDS_ENV, raising=False)
    return tmp_path / "config"


@pytest.mark.parametrize(("board_id", "name"), [("4", "bd04"), ("04", "bd04"), ("12", "bd12"), ("RO", "bdRO"),
                                                ("123", "bd123"), ("a", "bda")])
def test_numeric_ids_are_zero_padded_to_two_digits(board_id: str, name: str) -> None:
    assert library.archive_name(board_id) == name


def test_env_folders_come_before_saved_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, saved = (tmp_path / n for n in ("first", "second", "saved"))
    for folder in (first, second, saved):
        folder.mkdir()
    sample_board(second, "04")
    sample_board(saved, "04")
    sample_board(saved, "02")
    library.add_board_folder(saved)
    monkeypatch.setenv(library.BOARDS_ENV, os.pathsep.join([str(first), str(second)]))
    assert library.library_folders() == (str(first), str(second), str(saved))
    assert library.find_archive("4") == str(second / "bd04")
    assert library.find_archive("2") == str(saved / "bd02")
    assert library.find_archive("7") is None
    assert library.available_boards() == {"4": str(second / "bd04"), "2": str(saved / "bd02")}


def test_archive_name_matches_ignoring_case(tmp_path: Path) -> None:
    sample_board(tmp_path, "RO")
    (tmp_path / "bdRO").rename(tmp_path / "BDro")
    assert library.find_archive("RO", (str(tmp_path),)) == str(tmp_path / "BDro")


def test_saved_folders_add_remove_and_survive_in_the_settings_file(tmp_path: Path, private_settings: Path) -> None:
    assert library.saved_board_folders() == []
    library.add_board_folder(tmp_path / "a")
    library.add_board_folder(tmp_path / "b")
    assert library.add_board_folder(tmp_path / "a") == [str(tmp_path / "a"), str(tmp_path / "b")]
    data = json.loads((private_settings / "settings.json").read_text())
    data["other"] = 1
    (private_settings / "settings.json").write_text(json.dumps(data))
    assert library.remove_board_folder(tmp_path / "a") == [str(tmp_path / "b")]
    assert json.loads((private_settings / "settings.json").read_text()) == {
        "vasl_board_folders": [str(tmp_path / "b")], "other": 1}


@pytest.mark.parametrize("text", ["{broken", "[1, 2]", '{"vasl_board_folders": "not a list"}', ""])
def test_damaged_settings_read_as_none_saved(private_settings: Path, text: str) -> None:
    private_settings.mkdir()
    (private_settings / "settings.json").write_text(text)
    assert library.saved_board_folders() == []
    library.add_board_folder("/x")
    assert library.saved_board_folders() == ["/x"]


def test_settings_are_read_without_qt(tmp_path: Path, private_settings: Path) -> None:
    """``aslgui resolve`` reads the saved folders: no Qt on that path (a fresh process)."""
    library.add_board_folder(tmp_path)
    probe = ("import sys; from aslgui.vasl import library; print(library.library_folders()); "
             "print(any(m.startswith('PySide6') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**os.environ, library.CONFIG_ENV: str(private_settings)})
    assert done.stdout.split("\n")[:2] == [repr((str(tmp_path),)), "False"]
