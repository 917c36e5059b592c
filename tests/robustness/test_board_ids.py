"""Board ids and hex names that read one way only (issue 16 item 5): a board twice (``4`` and
``04`` both find bd04), an id that is another plus a column letter (``4`` and ``4E``: is ``4EE5``
EE5 of 4 or E5 of 4E?), and non-ASCII ids or digits are refused at load, naming ``boards[i].id``,
and in the New Scenario dialog, so a save and reopen never moves a unit (DESIGN.md section 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.geometry import BoardPlacement, MapGrid
from aslgui.model import load_scenario, save_scenario, scenario_from_json


def scenario(board_ids: list[Any], units: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "format": "aslgui-scenario", "version": 1, "player": "german",
        "boards": [{"id": board_id, "col": i, "row": 0} for i, board_id in enumerate(board_ids)],
        "units": units or [],
    }


def refusal(data: dict[str, Any]) -> AslError:
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    return caught.value


@pytest.mark.parametrize(
    ("ids", "bad", "words"),
    [
        (["4", "4E"], 1, "4EE1"),  # the audit's case
        (["4E", "4"], 0, "4EE1"),
        (["RO", "ROA"], 1, "ROAA1"),
        (["4", "4"], 1, "again"),
        (["4", "04"], 1, "again"),  # one archive, bd04 (DESIGN.md 7)
        (["ro", "RO"], 1, "again"),
        (["\u0664"], 0, "ASCII"),  # ARABIC-INDIC DIGIT FOUR
        (["4", "4\uff25"], 1, "ASCII"),  # FULLWIDTH E
    ],
)
def test_ambiguous_repeated_or_non_ascii_board_ids_are_refused(ids: list[str], bad: int, words: str) -> None:
    error = refusal(scenario(ids))
    assert error.path == f"boards[{bad}].id"
    assert words in error.message


@pytest.mark.parametrize("ids", [["4"], ["2", "24"], ["4", "4A1"], ["RO", "DB", "23"], ["1", "12", "123"]])
def test_vasl_board_ids_that_read_one_way_load(ids: list[Any]) -> None:
    """``2`` and ``24`` are both VASL boards: ``24A1`` can only be A1 of 24 (``4A1`` is no local name)."""
    grid = scenario_from_json(scenario(ids)).grid
    for board in grid.boards:
        h = grid.parse(f"{board.id}E5")
        assert grid.name(h) == f"{board.id}E5"


def test_mapgrid_itself_refuses_ambiguous_boards() -> None:
    """Every way a map is built (file, dialog, VASL save import) goes through MapGrid."""
    with pytest.raises(AslError, match="ambiguous"):
        MapGrid([BoardPlacement("4", 0, 0), BoardPlacement("4E", 1, 0)])


@pytest.mark.parametrize("name", ["4E\u0665", "4\u0415\u0665", "4\ufb005", "\u0664E5"])
def test_hex_names_with_non_ascii_letters_or_digits_are_refused(name: str) -> None:
    """A digit of another script (U+0665) or a ligature whose upper case is FF (U+FB00) was read
    as an ASCII name and saved as one; now it is refused where it is written."""
    unit = {"id": "s1", "side": "german", "kind": "squad", "hex": name}
    error = refusal(scenario(["4"], [unit]))
    assert error.path == "units[0].hex"


def test_save_and_reopen_keeps_every_unit_in_its_hex(tmp_path: Path) -> None:
    ids = ["2", "24", "RO"]
    units = [{"id": f"u{i}", "side": "german", "kind": "squad", "hex": f"{b}EE5" if b != "24" else "24E1"}
             for i, b in enumerate(ids)]
    first = scenario_from_json(scenario(ids, units))
    save_scenario(first, tmp_path / "s.json")
    again = load_scenario(tmp_path / "s.json")
    assert {u.id: u.hex for u in again.units.values()} == {u.id: u.hex for u in first.units.values()}
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["units"][1]["hex"] == "24E1"


@pytest.mark.gui
@pytest.mark.parametrize(("text", "words"), [("4 4E", "ambiguous"), ("4, 04", "again"), ("4 \u0665", "ASCII")])
def test_the_new_scenario_dialog_refuses_them_too(qtbot: Any, text: str, words: str) -> None:
    from aslgui.ui.window.new_scenario import NewScenarioDialog

    dialog = NewScenarioDialog()
    qtbot.addWidget(dialog)
    dialog.boards.setText(text)
    with pytest.raises(AslError, match=words):
        dialog.answer()
    dialog.boards.setText("2 24")
    assert [b.id for b in dialog.answer().boards] == ["2", "24"]


@pytest.mark.parametrize("number", [4, 0, 12])
def test_design_3_a_board_id_is_a_string_not_a_number(number: int) -> None:
    """``"id": 4`` was read as ``"4"``: DESIGN.md 3 gives ids as strings (``"04"`` and ``"4"`` are
    two spellings a number cannot keep apart), so a number is refused, the string suggested."""
    error = refusal(scenario([number]))
    assert (error.path, error.message) == ("boards[0].id", f'expected a board id as a string, "{number}", got the '
                                                           f"number {number}")
