"""VASL save bombs (issue 27): commands or traits nested thousands deep, millions of tiny
commands, boards named so that no board id fits.  Each read is bounded in time and memory and
ends in a VsavError naming the save and the limit, never a traceback or minutes of work."""

from __future__ import annotations

from pathlib import Path

import pytest

from aslgui.model.vsav_import import import_vsav
from aslgui.vasl.pieces import VsavError
from aslgui.vasl.vsav import ESC, MAX_COMMANDS
from tests import vsav_saves as vs
from tests.robustness.bounded import run_bounded


def _save(path: Path, text: str) -> Path:
    path.write_bytes(vs.save_bytes([], saved_game=vs.obfuscate(text, "!VOBS")))
    return path


def _commands_deep(depth: int) -> str:
    """A command list whose second command nests ``depth`` levels (each level escapes its ESCs once more)."""
    nested = "".join("c" + "\\" * (k + 1) + ESC for k in range(depth)) + "x"
    return "begin_save" + ESC + nested + ESC + "end_save"


def _traits_deep(depth: int) -> str:
    """One piece of ``depth`` traits, each with a quote (VASSAL's level-by-level decoding)."""
    type_text = "".join("x;'" + "\\" * k + "\t" for k in range(depth)) + "piece;;;img;name"
    state_text = "".join("s" + "\\" * k + "\t" for k in range(depth)) + "Main Map;1;2;42"
    return "begin_save" + ESC + f"+/p1/{type_text}/{state_text}" + ESC + "end_save"


def _read(path: Path, seconds: float = 10, megabytes: int = 700) -> str:
    return run_bounded(f"""
        import time
        from aslgui.vasl.pieces import VsavError
        from aslgui.vasl.vsav import read_vsav
        start = time.monotonic()
        try:
            game = read_vsav({str(path)!r})
            print(len(game.pieces), len(game.other_commands), round(time.monotonic() - start, 2))
        except VsavError as error:
            print(error.message)
        """, seconds=seconds, megabytes=megabytes)


def test_commands_nested_8000_deep_are_refused_at_the_text_limit(tmp_path: Path) -> None:
    """A 47 KB save nested 8,000 commands deep took minutes (cubic); its 32 MB of text is over the limit."""
    out = _read(_save(tmp_path / "deep.vsav", _commands_deep(8000)))
    assert f"{tmp_path / 'deep.vsav'}: savedGame is 32020027 bytes, over the limit of 16777216 bytes" in out


@pytest.mark.parametrize("kind", ["commands", "traits"])
def test_deep_nesting_within_the_limit_decodes_in_linear_time(tmp_path: Path, kind: str) -> None:
    """5,000 commands (12 MB) or 3,000 traits (9 MB) deep: minutes before, well under a second now."""
    text = _commands_deep(5000) if kind == "commands" else _traits_deep(3000)
    pieces, others, seconds = _read(_save(tmp_path / "deep.vsav", text)).split()
    assert (int(pieces), int(others)) == ((0, 5001) if kind == "commands" else (1, 0))
    assert float(seconds) < 2


@pytest.mark.parametrize(("megabytes", "words"), [(24, "over the limit of 16777216 bytes"),
                                                  (8, f"more than the limit of {MAX_COMMANDS:,} commands")])
def test_millions_of_tiny_commands_are_refused(tmp_path: Path, megabytes: int, words: str) -> None:
    """A 255 KB save holding 250 MB of tiny commands reached 8 GB."""
    text = "begin_save" + ESC + ("a" + ESC) * (megabytes << 19) + "end_save"
    assert words in _read(_save(tmp_path / "tiny.vsav", text), megabytes=500)


def test_a_board_named_by_a_non_ascii_digit_is_an_error_naming_the_save(tmp_path: Path) -> None:
    """``²`` is a digit to Python: int() raised ValueError, and the GUI import silently did nothing."""
    path = tmp_path / "odd.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "²")), vs.squad("p1", 100, 100)]))
    with pytest.raises(VsavError, match="board '²' has a name aslgui cannot use") as caught:
        import_vsav(path)
    assert caught.value.file == str(path)


def test_the_same_board_twice_is_an_error_naming_the_save(tmp_path: Path) -> None:
    """It named ``boards[1].id`` of a scenario the player never saw."""
    path = tmp_path / "twice.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "01"), (1, 0, "1")), vs.squad("p1", 100, 100)]))
    with pytest.raises(VsavError, match=r"board 1 is placed twice \(at column 0, row 0 and at 1, 0\)") as caught:
        import_vsav(path)
    assert caught.value.file == str(path) and str(path) in caught.value.message
