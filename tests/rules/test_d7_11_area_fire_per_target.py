"""D7.11 with A12.13: an OVR's halving vs a concealed target is per target. With an unconcealed
6-2-8 and a concealed 4-4-7 in the D7.22 EX woods hex, the tank's 20.5 FP attack the 6-2-8 on
the 20 column and the 4-4-7 at half FP, 10.25 on the 8 column, with the one IFT DR; naming either
as ``target`` changes only the answer's top-level ``fp``/``drm``, and ``target_concealed`` speaks
of the named target only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.model import Scenario
from aslgui.rules import resolve
from tests.rules.fixtures.boards import HERE, board_from
from tests.rules.fixtures.to_hit_scenarios import resolve_cli

#: A concealed 4-4-7 beside the 6-2-8 in woods 1C3.
HIDDEN = {"id": "s2", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "1C3",
          "concealed": True}
WOODS = {"case": "TEM", "rule": "D7.15", "value": 1, "text": "woods TEM"}
FULL = {"fp": 20.5, "ift_column": 20, "area_fire": False}
HALF = {"fp": 10.25, "ift_column": 8, "area_fire": True}
HALVING = {"source": "halved: Area Fire vs concealed units (D7.11, A12.13)", "fp": -10.25}
MIXED_NOTE = ("s2 concealed: attacked as Area Fire at half FP (10.25 FP, the 8 column); s628 at full FP (20.5 FP, "
              "the 20 column); one IFT DR for all (D7.11, A12.13)")


def _board(*extra: dict[str, Any], **s628: Any) -> Scenario:
    return board_from("d7_ex.json", {"s628": s628}, list(extra) or [HIDDEN])


def _ovr(situation: Scenario, **keys: Any) -> dict[str, Any]:
    return resolve(situation, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3", "mp_spent": 2,
                               **keys}).to_json()


def _own(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each target's own FP, IFT column and Area Fire, by id."""
    return {t["id"]: {key: t[key] for key in ("fp", "ift_column", "area_fire")} for t in answer["targets"]}


# -- no target named ---------------------------------------------------------------------------------------
def test_d7_11_the_concealed_squad_alone_is_attacked_at_half_fp() -> None:
    answer = _ovr(_board())
    assert answer["legal"] is True
    assert _own(answer) == {"s628": FULL, "s2": HALF}
    assert answer["targets"][1] == {"id": "s2", "drm": [WOODS], "total_drm": 1, **HALF}


def test_d7_11_top_level_fp_stays_the_unconcealed_attack() -> None:
    answer = _ovr(_board())
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (20.5, 20, False)
    assert HALVING not in answer["fp_parts"]
    assert MIXED_NOTE in answer["notes"]


@pytest.mark.parametrize(("dice", "s628", "s2"), [((3, 4), "2MC", "NMC"), ((6, 2), "1MC", "PTC"),
                                                  ((1, 1), "1KIA", "K/2")])
def test_d7_11_one_dr_read_on_each_targets_own_column(dice: tuple[int, int], s628: str, s2: str) -> None:
    outcome = _ovr(_board(), dice={"colored": dice[0], "white": dice[1]})["outcome"]
    final = sum(dice) + 1  # woods +1
    assert (outcome["ift_column"], outcome["final_dr"], outcome["result"]) == (20, final, s628)
    assert outcome["targets"] == [
        {"id": "s628", "ift_column": 20, "final_dr": final, "result": s628},
        {"id": "s2", "ift_column": 8, "final_dr": final, "result": s2},
    ]


# -- a target named ---------------------------------------------------------------------------------------
def test_d7_11_naming_the_concealed_squad_halves_its_attack_only() -> None:
    answer = _ovr(_board(), target="s2")
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (10.25, 8, True)
    assert answer["fp_parts"][-1] == HALVING
    assert _own(answer) == {"s628": FULL, "s2": HALF}  # the 6-2-8 is still attacked at full FP


def test_d7_11_naming_the_unconcealed_squad_gives_its_full_fp() -> None:
    answer = _ovr(_board(), target="s628")
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (20.5, 20, False)
    assert _own(answer) == {"s628": FULL, "s2": HALF}


def test_d7_11_target_concealed_true_on_the_named_concealed_squad_leaves_the_other_whole() -> None:
    answer = _ovr(_board(), target="s2", target_concealed=True)
    assert (answer["fp"], answer["ift_column"]) == (10.25, 8)
    assert _own(answer) == {"s628": FULL, "s2": HALF}


def test_d7_11_target_concealed_states_the_named_targets_concealment() -> None:
    said_hidden = _ovr(_board(), target="s628", target_concealed=True)  # the file does not mark it concealed
    assert (said_hidden["fp"], said_hidden["area_fire"]) == (10.25, True)
    assert "fp" not in said_hidden["targets"][0]  # both halved now: one FP for all, at the top level
    said_seen = _ovr(_board(), target="s2", target_concealed=False)  # e.g. revealed since the file was saved
    assert (said_seen["fp"], said_seen["area_fire"]) == (20.5, False)
    assert [sorted(t) for t in said_seen["targets"]] == [["drm", "id", "total_drm"]] * 2


# -- backward compatible: the same FP for every target -----------------------------------------------------
def test_d7_11_all_concealed_halves_the_whole_attack_as_before() -> None:
    answer = _ovr(_board(concealed=True))
    assert (answer["fp"], answer["ift_column"], answer["area_fire"]) == (10.25, 8, True)
    assert answer["fp_parts"][-1] == HALVING
    assert [sorted(t) for t in answer["targets"]] == [["drm", "id", "total_drm"]] * 2
    assert not any("Area Fire at half FP" in note for note in answer["notes"])
    outcome = _ovr(_board(concealed=True), dice={"colored": 3, "white": 4})["outcome"]
    assert outcome["targets"] == [{"id": "s628", "final_dr": 8, "result": "NMC"},
                                  {"id": "s2", "final_dr": 8, "result": "NMC"}]


def test_d7_11_target_concealed_without_a_target_speaks_of_every_target() -> None:
    hidden = _ovr(_board({**HIDDEN, "concealed": False}), target_concealed=True)
    assert (hidden["fp"], hidden["area_fire"], "fp" in hidden["targets"][0]) == (10.25, True, False)
    seen = _ovr(_board(), target_concealed=False)
    assert (seen["fp"], seen["area_fire"], "fp" in seen["targets"][1]) == (20.5, False, False)


def test_d7_11_immobile_halving_applies_to_both_and_concealment_halves_again() -> None:
    answer = _ovr(_board(), immobilized_before_resolution=True)
    assert (answer["fp"], answer["ift_column"]) == (10.25, 8)
    assert _own(answer) == {"s628": {"fp": 10.25, "ift_column": 8, "area_fire": False},
                            "s2": {"fp": 5.125, "ift_column": 4, "area_fire": True}}


def test_d7_11_odds_count_the_top_level_attack() -> None:
    answer = _ovr(_board())
    named = _ovr(_board(), target="s628")
    assert answer["odds"] == named["odds"]
    assert answer["odds"] != _ovr(_board(), target="s2")["odds"]


def test_d7_11_the_command_line_gives_each_target_its_column(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((HERE / "d7_ex.json").read_text(encoding="utf-8"))
    data["units"].append(HIDDEN)
    code, answer = resolve_cli(tmp_path, capsys, data, {"kind": "overrun", "vehicle": "tank", "target_hex": "1C3",
                                                        "target": "s2", "dice": {"colored": 3, "white": 4}})
    assert code == 0
    assert (answer["fp"], answer["ift_column"], answer["outcome"]["result"]) == (10.25, 8, "NMC")
    assert [(t["id"], t["ift_column"], t["result"]) for t in answer["outcome"]["targets"]] == [
        ("s628", 20, "2MC"), ("s2", 8, "NMC")]
