"""`aslgui import-vsav` as a user runs it: a real process (DESIGN.md section 8)."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from aslgui.model import load_scenario
from tests import vsav_saves as vs
from tests.test_cli import run


def test_import_writes_a_scenario_and_prints_the_report(tmp_path: Path) -> None:
    save = tmp_path / "game.vsav"
    save.write_bytes(
        vs.save_bytes(
            [
                vs.boards((0, 0, "04")),
                vs.squad("p1", *vs.hex_pixel("E5")),
                vs.piece("p2", "8-1", "ge/geL81", 100, 100),
                vs.piece("p3", "User-Labeled", "DO/LabelMe", 120, 100),
            ]
        )
    )
    out = tmp_path / "game.json"
    done = run("import-vsav", str(save), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == [
        f"wrote {out}",
        "boards: 04",
        'units: 2 (allied 1, axis 1); 1 on the map, 1 in the order of battle ("hex": null)',
    ]
    assert "skipped: 1 labels" in done.stdout
    assert json.loads(out.read_text(encoding="utf-8"))["boards"] == [{"id": "4", "col": 0, "row": 0}]  # a string id
    scenario = load_scenario(out)
    assert [u.hex for u in scenario.units.values()] == [scenario.grid.parse("4E5")]
    assert list(scenario.off_board) == ["l1"]


def broken_saves(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    no_entry = io.BytesIO()
    with zipfile.ZipFile(no_entry, "w") as archive:
        archive.writestr("moduledata", "<data/>")
    good = vs.obfuscate(vs.command_list([vs.squad("p1", 500, 500)]))
    text = vs.command_list([vs.squad("p1", 500, 500)])
    return {
        "not a zip": (b"hello, not a zip", "not a readable VASSAL save"),
        "no savedGame": (no_entry.getvalue(), "a zip but not a VASSAL save: it has no savedGame entry"),
        "bad key": (vs.save_bytes([], saved_game=b"!VCSK" + b"6b" + good[7:]), "begin_save"),
        "unknown header": (vs.save_bytes([], saved_game=b"!VXYZ\x00\x01"), "starts with"),
        "truncated text": (vs.save_bytes([], saved_game=vs.obfuscate(text[: len(text) // 2])), "truncated"),
        "truncated zip": (vs.save_bytes([vs.squad("p1", 500, 500)])[:200], "not a readable VASSAL save"),
    }


@pytest.mark.parametrize(
    "case", ["not a zip", "no savedGame", "bad key", "unknown header", "truncated text", "truncated zip"]
)
def test_an_unreadable_save_exits_2_naming_the_file(tmp_path: Path, case: str) -> None:
    data, words = broken_saves(tmp_path)[case]
    save = tmp_path / "broken.vsav"
    save.write_bytes(data)
    out = tmp_path / "out.json"
    done = run("import-vsav", str(save), "-o", str(out))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    error = json.loads(done.stderr)
    assert error["file"] == str(save)
    assert words in error["error"]
    assert "corrupt" not in error["error"]  # a zip without a savedGame entry was 'the zip is corrupt'
    assert not out.exists()


def test_an_unwritable_output_exits_2(tmp_path: Path) -> None:
    save = tmp_path / "game.vsav"
    save.write_bytes(vs.save_bytes([vs.boards((0, 0, "01"))]))
    done = run("import-vsav", str(save), "-o", str(tmp_path / "no" / "such" / "dir.json"))
    assert done.returncode == 2
    assert json.loads(done.stderr)["path"] == "--output"
