"""Scenarios on VASL boards (DESIGN.md 7): the archive gives terrain, level and hexsides, the file
overrides them (SSR), a board the library lacks stays plain and is noted; ``hex_info``; Case Q
from the real terrain; rotated boards."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.errors import AslError
from aslgui.model import load_scenario, save_scenario, scenario_from_json, scenario_to_json
from aslgui.model.boards import load_board_terrain
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.vasl.board import aslgui_name
from aslgui.vasl.library import BOARDS_ENV
from tests.vasl.fresh_runs import cold_then_warm, one_board_scenario
from tests.vasl.make_archive import sample_board
from tests.vasl.shared_data import BOARDS, needs_shared


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    sample_board(tmp_path, "77")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    return tmp_path


def scenario(boards: list[dict[str, Any]], **more: Any) -> Any:
    return scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": boards, "units": [], **more})


def hex_info(s: Any, name: str) -> dict[str, Any]:
    answer: dict[str, Any] = resolve(s, {"kind": "hex_info", "hex": name}).to_json()
    return answer


def test_hex_info_answers_from_the_archive(library: Path) -> None:
    s = scenario([{"id": "77"}])
    e5 = hex_info(s, "77E5")
    assert (e5["terrain"], e5["elevation"], e5["source"], e5["legal"]) == ("woods", 0, "vasl", True)
    assert e5["hexsides"] == {d: None for d in ("N", "NE", "SE", "S", "SW", "NW")}
    assert hex_info(s, "77K5")["elevation"] == 1
    assert hex_info(s, "77C3")["hexsides"]["S"] == "wall" and hex_info(s, "77C4")["hexsides"]["N"] == "wall"
    assert hex_info(s, "77O6")["terrain"] == "wooden building"
    assert "notes" not in e5


def test_the_file_overrides_the_archive_hex_by_hex(library: Path) -> None:
    s = scenario([{"id": "77"}], terrain={"77E5": "brush"}, hexsides={"77C3/77C4": "hedge"})
    assert (hex_info(s, "77E5")["terrain"], hex_info(s, "77E5")["source"]) == ("brush", "scenario")
    assert hex_info(s, "77C3")["hexsides"]["S"] == "hedge"
    assert hex_info(s, "77E6")["source"] == "vasl"


def resolve_cli(capsys: pytest.CaptureFixture[str], folder: Path, scenario_path: Path, action: dict[str, Any]
                ) -> dict[str, Any]:
    """What ``aslgui resolve SCENARIO ACTION`` prints (``cli.main`` in this process, so the
    board library the test set up is the one it reads); the action file is written in ``folder``."""
    action_file = folder / "action.json"
    action_file.write_text(json.dumps(action), encoding="utf-8")
    assert main(["resolve", str(scenario_path), str(action_file)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def scenario_file(folder: Path, boards: list[dict[str, Any]]) -> Path:
    path = folder / "s.json"
    path.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": boards, "units": []}),
                    encoding="utf-8")
    return path


#: What ``aslgui resolve`` notes of a board when no board library is set up at all (DESIGN.md 7).
NO_LIBRARY = ("board {}: no VASL archive found (no board library configured: set ASLGUI_VASL_BOARDS or add a "
              "folder in Edit > Preferences); terrain from the file only")


def test_design_7_a_board_the_library_lacks_stays_plain_and_resolve_notes_it(
    library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The headless answer names the board; the same answer in process (the GUI's popups and log)
    does not: the GUI's status line names it (tests/gui/test_board_art.py)."""
    boards = [{"id": "77"}, {"id": "78", "col": 1}]
    s = scenario(boards)
    assert len(s.board_notes) == 1 and "bd78" in s.board_notes[0]
    answer = hex_info(s, "78E5")
    assert (answer["terrain"], answer["source"], "notes" in answer) == ("open ground", "scenario", False)
    printed = resolve_cli(capsys, tmp_path, scenario_file(tmp_path, boards), {"kind": "hex_info", "hex": "78E5"})
    assert printed == {**answer, "notes": list(s.board_notes)}
    assert hex_info(s, "77E5")["terrain"] == "woods"


def test_design_7_without_any_library_resolve_notes_each_board_once_and_in_process_answers_do_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13: a board the scenario names but no library holds is reported in ``aslgui resolve``'s
    answers, also when no library is set up at all (no ASLGUI_VASL_BOARDS, no saved folder:
    tests/conftest.py), one short note per board that says how to set one up. ``resolve`` in process
    leaves it out: the GUI says it once in its status line (tests/gui/test_board_art.py)."""
    boards = [{"id": "77"}, {"id": "4", "col": 1}]
    s = scenario(boards)
    answer = hex_info(s, "77E5")
    assert (answer["source"], "notes" in answer, s.board_notes) == ("scenario", False, ())
    printed = resolve_cli(capsys, tmp_path, scenario_file(tmp_path, boards), {"kind": "hex_info", "hex": "77E5"})
    assert printed == {**answer, "notes": [NO_LIBRARY.format(board) for board in ("77", "4")]}


def test_design_7_resolve_notes_the_built_in_demos_board_too_as_its_answers_hang_on_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Decided: ``aslgui resolve`` on the built-in demo notes its board as well, no exception made
    for it. Its file lists the terrain of 20 hexes and leaves the rest to board 4, so with board 4's
    archive in a library its answers change (4E5, which the file does not list, reads woods from the
    archive here), and without one they are the file's only: the note states a real reading, once
    per answer. The CLI cannot tell the demo from a copy of it either."""
    demo = resource_path("scenarios", "demo.json")
    plain = resolve_cli(capsys, tmp_path, demo, {"kind": "hex_info", "hex": "4E5"})
    assert (plain["terrain"], plain["source"], plain["notes"]) == ("open ground", "scenario", [NO_LIBRARY.format(4)])
    sample_board(tmp_path, "04")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    read = resolve_cli(capsys, tmp_path, demo, {"kind": "hex_info", "hex": "4E5"})
    assert (read["terrain"], read["source"], "notes" in read) == ("woods", "vasl", False)


def test_design_7_resolve_notes_the_board_without_a_library_through_the_cli(tmp_path: Path) -> None:
    """The real command, in its own process, with no ASLGUI_VASL_BOARDS in its environment."""
    env = {key: value for key, value in os.environ.items() if key != BOARDS_ENV}
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(scenario_file(tmp_path, [{"id": "4"}])),
                           "-"], input='{"kind": "los", "from": "4E5", "to": "4E9"}', capture_output=True, text=True,
                          env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["notes"] == [NO_LIBRARY.format(4)]


def test_an_unreadable_archive_is_noted_not_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bd77").write_bytes(b"not a zip")
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path))
    s = scenario([{"id": "77"}])
    assert "cannot read VASL board archive" in s.board_notes[0]
    assert hex_info(s, "77E5")["source"] == "scenario"


def test_rotated_board_turns_names_and_hexsides(library: Path) -> None:
    s = scenario([{"id": "77", "rotated": True}])
    e5 = s.grid.parse("77E5")
    assert e5 == (32 - 4, 11 - 5)  # E5 of the turned board sits at column CC of its place
    assert hex_info(s, "77E5")["terrain"] == "woods"
    # C3's own S hexside (the wall) faces the map's north once the board is turned.
    assert hex_info(s, "77C3")["hexsides"]["N"] == "wall" and hex_info(s, "77C3")["hexsides"]["S"] is None
    assert s.grid.parse("77C4") == (e5.col + 2, s.grid.parse("77C3").row - 1)
    assert scenario_to_json(s)["boards"] == [{"id": "77", "col": 0, "row": 0, "rotated": True}]
    assert scenario_from_json(scenario_to_json(s)).grid.boards == s.grid.boards



def test_save_and_load_keep_a_rotated_board_and_the_files_overrides(library: Path, tmp_path: Path) -> None:
    """DESIGN.md 7 through a real file: board 77 turned (``rotated``), board 78 read from its
    archive as it lies, the file's terrain, hexsides and ground over both archives (SSR).  The
    saved file keeps all of it and hex_info answers every hex of the map the same after reload."""
    sample_board(library, "78")
    s = scenario(
        [{"id": "77", "rotated": True}, {"id": "78", "col": 1}],
        terrain={"77E6": "brush", "78E5": "grain"},
        hexsides={"77C3/77C4": "hedge", "78E6/78E7": "wall"},
        ground={"78K5": "mud"},
    )
    assert s.board_notes == ()
    before = {name: hex_info(s, name) for name in map(s.grid.name, s.grid.all_hexes)}
    assert before["77E5"]["source"] == "vasl" and before["77E5"]["terrain"] == "woods"
    assert (before["77E6"]["terrain"], before["77E6"]["source"]) == ("brush", "scenario")
    assert before["77C3"]["hexsides"]["N"] == "hedge" and before["78E6"]["hexsides"]["S"] == "wall"
    assert before["78C3"]["hexsides"]["S"] == "wall" and before["78K5"]["elevation"] == 1

    path = tmp_path / "saved.json"
    save_scenario(s, path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["boards"] == [{"id": "77", "col": 0, "row": 0, "rotated": True}, {"id": "78", "col": 1, "row": 0}]
    assert saved["terrain"] == {"77E6": "brush", "78E5": "grain"}
    assert saved["hexsides"] == {"77C3/77C4": "hedge", "78E6/78E7": "wall"}
    assert saved["ground"] == {"78K5": "mud"}

    loaded = load_scenario(path)
    assert loaded.grid.boards == s.grid.boards and loaded.ground == s.ground
    assert {name: hex_info(loaded, name) for name in before} == before
    assert scenario_to_json(loaded) == saved

def test_rotated_must_be_a_bool() -> None:
    with pytest.raises(Exception, match="true or false") as caught:
        scenario([{"id": "77", "rotated": "yes"}])
    assert getattr(caught.value, "path", "") == "boards[0].rotated"


def test_c5_case_q_uses_the_archive_terrain(library: Path) -> None:
    """A Gun fires at a squad in 77E5, woods on the board though the file names no terrain:
    Case Q is the woods TEM (+1, B13.3)."""
    s = scenario(
        [{"id": "77"}],
        units=[
            {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "77E9",
             "ca": "N/NE", "caliber": 57, "barrel": "LL", "mount": "NT", "crew": "c"},
            {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "77E9"},
            {"id": "sq", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "77E5"},
        ],
        player="russian",
    )
    answer = resolve(s, {"kind": "fire", "firer": "g", "target": "sq", "target_type": "infantry"}).to_json()
    q = [line for line in answer["drm"] if line["case"] == "Q"]
    assert q and q[0]["value"] == 1 and "woods" in q[0]["text"]


@needs_shared
def test_board_4_e5_reads_woods_from_the_real_archive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    s = scenario([{"id": "2"}, {"id": "4", "col": 1}, {"id": "7", "row": 1}])
    assert s.board_notes == ()
    assert hex_info(s, "4E5")["terrain"] == "woods" and hex_info(s, "4E5")["source"] == "vasl"
    assert hex_info(s, "4O6")["terrain"] == "wooden building"
    assert hex_info(s, "2D4")["hexsides"]["S"] == "wall"


def test_resolve_on_a_cached_vasl_board_imports_no_numpy_zipfile_or_xml(library: Path, tmp_path: Path) -> None:
    """Issue 13's start-up budget: once a board's facts are cached, `aslgui resolve` on it loads
    no numpy, zipfile or XML parser (nor Qt, shapely), and answers as the first, cold run did."""
    scenario_file = one_board_scenario(tmp_path)
    action_file = tmp_path / "a.json"
    action_file.write_text('{"kind": "hex_info", "hex": "77C3"}', encoding="utf-8")
    probe = (
        "import contextlib, io, sys\n"
        "from aslgui.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    main(['resolve', {str(scenario_file)!r}, {str(action_file)!r}])\n"
        "heavy = {'numpy', 'zipfile', 'xml', 'PySide6', 'shiboken6', 'shapely'}\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))\n"
        "print(out.getvalue().strip())\n"
    )
    (cold_loaded, cold_answer), (warm_loaded, warm_answer) = (
        run.splitlines() for run in cold_then_warm(probe, library, tmp_path / "cache"))
    assert "numpy" in cold_loaded and warm_loaded == "[]"
    assert warm_answer == cold_answer and json.loads(warm_answer)["hexsides"]["S"] == "wall"


def test_resolve_on_a_vasl_board_builds_no_record_with_string_annotations(library: Path, tmp_path: Path) -> None:
    """Once a board is cached, the VASL readers' records (board, hex facts, catalog) evaluate their
    annotations as the rules' do (docs/architecture.md): typing compiles a string one, and a
    process's first compile cost a cached board's ``los`` batch ~10M instructions."""
    scenario_file = one_board_scenario(tmp_path)
    probe = (
        "import contextlib, io, sys, typing\n"
        "from aslgui.cli import main\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b'{\"kind\": \"los\", \"from\": \"77E5\", \"to\": \"77E9\"}'))\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['resolve', {str(scenario_file)!r}, '-']) == 0\n"
        "found = sorted(f'{name}.{cls.__name__}' for name, module in list(sys.modules.items())\n"
        "               if name.startswith('aslgui')\n"
        "               for cls in vars(module).values() if isinstance(cls, type) and cls.__module__ == name\n"
        "               and hasattr(cls, '_fields')\n"
        "               and any(isinstance(v, typing.ForwardRef) for v in cls.__annotations__.values()))\n"
        "print('aslgui.vasl.los_geometry' in sys.modules, found)\n"
    )
    runs = cold_then_warm(probe, library, tmp_path / "cache")
    assert runs[1].strip() == "True []"  # the first run derived the board (its readers' records are not on this path)


def test_a_board_marked_plain_is_drawn_plain_though_the_library_holds_it(library: Path) -> None:
    """``"plain": true`` keeps a board's terrain the file's only, as a rulebook example's is: the
    archive is not read, a note says so, and the key survives a save."""
    marked = scenario([{"id": "77", "plain": True}])
    e5 = hex_info(marked, "77E5")
    assert (e5["terrain"], e5["source"]) == ("open ground", "scenario")
    assert any('drawn plain as the file asks ("plain": true)' in note for note in marked.plain_board_notes)
    assert marked.board_terrain.boards == {}
    assert scenario_to_json(marked)["boards"] == [{"id": "77", "col": 0, "row": 0, "plain": True}]
    assert hex_info(scenario([{"id": "77"}]), "77E5")["terrain"] == "woods"  # unmarked: the archive's


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_boards_plain_is_true_or_false(value: Any) -> None:
    with pytest.raises(AslError) as raised:
        scenario([{"id": "4", "plain": value}])
    assert raised.value.path == "boards[0].plain"


def test_every_rulebook_example_keeps_its_own_terrain_on_a_real_board_library(library: Path) -> None:
    """The examples' boards are marked plain: with a board library set up they still show and
    answer what the rulebook's example says (the GUI tester's finding: 5 of 14 could not commit)."""
    folder = Path(resource_path("examples"))
    for path in sorted(folder.glob("*.json")):
        example = load_scenario(path)
        assert all(board.plain for board in example.grid.boards), path.name
        assert example.board_terrain.boards == {}, path.name


def test_terrain_remembered_per_hex_is_what_the_archives_say_over_every_hex(library: Path) -> None:
    """``BoardTerrain`` looks each hex and hexside up once (issue 40): asked twice in random order
    over every hex of two joined boards, one rotated, it answers what a fresh look-up of the
    archives does."""
    sample_board(library, "78")
    s = scenario([{"id": "77"}, {"id": "78", "col": 1, "rotated": True}])
    boards = s.board_terrain
    fresh = load_board_terrain(s.grid)
    hexes = list(s.grid)
    for h in random.Random(40).sample(hexes * 2, 2 * len(hexes)):
        facts = fresh._look_up(h)
        assert boards._facts(h) == facts
        assert boards.terrain(h) == (aslgui_name(facts[0][1].terrain) if facts else None)
        assert boards.elevation(h) == (facts[0][1].elevation if facts else None)
        for direction in range(6):
            owns = [(one, (direction + 3) % 6 if rotated else direction) for rotated, one in facts]
            sides = [one.hexsides[own] for one, own in owns if one.on_map[own]]
            assert boards.hexside(h, direction) == (aslgui_name(sides[0]) if sides and sides[0] else None)
    assert {boards.terrain(h) for h in hexes} >= {"woods", "wooden building", "open ground"}
    assert "wall" in {boards.hexside(h, direction) for h in hexes for direction in range(6)}
