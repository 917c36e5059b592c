"""The drop path for each action kind: a counter dropped at a scene position opens the popup
with exactly what ``aslgui resolve`` answers; fixed dice, Commit, markers and log; undo/redo.

Kinds the rules core does not answer yet are left out of the parameter list (other helpers
register them as they land), so the test covers every kind that exists when it runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from aslgui.answer_lines import with_board_notes
from aslgui.model import Scenario, save_scenario, scenario_from_json
from aslgui.model.log import read_log
from aslgui.rules import RESOLVERS, resolve
from aslgui.rules.gestures import staged
from aslgui.ui.rehearsal.answer_words import number_lines
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.rehearsal.verdict import without_notes
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import answer_popup, example, rehearse
from tests.rules.fixtures.to_hit_scenarios import design3_with_friends

pytestmark = pytest.mark.gui
Driver = Callable[[RehearsalPopup], bool]


def drive(monkeypatch: pytest.MonkeyPatch, driver: Driver) -> None:
    """Stand in for the modal loop: the driver looks at the popup and says Commit (True) or Cancel."""
    monkeypatch.setattr(RehearsalPopup, "exec", lambda popup: int(
        QDialog.DialogCode.Accepted if driver(popup) else QDialog.DialogCode.Rejected))


def drop(window: MainWindow, unit_id: str, hex_name: str) -> None:
    """What releasing a dragged counter over a hex does (DESIGN.md 6: the drop half, tested directly)."""
    window.scene.drop_counter(unit_id, QPointF(*window.scenario.grid.center(window.scenario.grid.parse(hex_name))))


@dataclass(frozen=True)
class Case:
    """Drag ``unit`` of example ``name`` onto ``hex``; choose meaning ``kind``; roll ``dice``."""

    kind: str
    name: str
    unit: str
    hex: str
    dice: tuple[int, int] | None
    check: Callable[[Scenario], bool]
    phase: str | None = None


def _at(unit: str, name: str) -> Callable[[Scenario], bool]:
    return lambda s: s.grid.name(s.units[unit].hex) == name


ALL_CASES = (
    Case("push", "c10_3_push", "g1", "1G4", (2, 3),
         lambda s: _at("g1", "1G4")(s) and s.units["c1"].extra.get("ti") is True),
    Case("push", "c10_3_push", "c1", "1G4", (6, 3), lambda s: _at("g1", "1H4")(s) and s.units["c1"].labor == -1),
    Case("hook_up", "c10_13_hook_up", "spw", "1J4", None,
         lambda s: s.units["rcl105"].towed_by == "spw" and _at("spw", "1J4")(s)),
    Case("overrun", "d7_22_overrun", "t1", "1C3", (3, 4), _at("t1", "1C3")),
    Case("place_dc", "a23_3_place_dc", "s1", "1X5", None, lambda s: s.units["s1"].extra.get("placed_dc") == "1X5"),
    Case("throw_dc", "a23_3_place_dc", "s1", "1X5", (2, 2), lambda s: s.units["s1"].fired and not s.units["s1"].dc,
         phase="AFPh"),
    Case("fire", "c3_7_critical_hit", "t1", "4E7", (1, 1), lambda s: s.units["t1"].fired),
    Case("fire", "c3_32_infantry_target", "c1", "4E8", (3, 3), lambda s: s.units["g1"].fired),
)
CASES = [c for c in ALL_CASES if c.kind in RESOLVERS]


def _answer_via_cli(tmp_path: Path, scenario: Scenario, action: dict[str, object]) -> dict[str, object]:
    """What ``aslgui resolve`` prints for the same question (the popup must show the same)."""
    save_scenario(scenario, tmp_path / "situation.json")
    (tmp_path / "action.json").write_text(json.dumps(action), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(tmp_path / "situation.json"),
                          str(tmp_path / "action.json")], capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}-{c.name}-{c.unit}" for c in CASES])
def test_drop_opens_the_popup_with_resolve_numbers_rolls_commits_logs_and_undoes(
        case: Case, window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = example(case.name)
    if case.phase:
        scenario.phase = case.phase
    controller = rehearse(window, scenario)
    before = dict(scenario.units)
    seen: dict[str, object] = {}

    def driver(popup: RehearsalPopup) -> bool:
        kinds = [g.kind for g in popup.gestures]
        if kinds[0] == "reaction_fire":  # the prompt after an Overrun (D7.2): decline it here
            seen["reaction"] = [g.action for g in popup.gestures]
            return False
        popup.choice.setCurrentIndex(kinds.index(case.kind))
        action = popup.action()
        answer = resolve(staged(scenario, popup.gesture), action)
        assert popup.drm_labels() == [line.label for line in answer.drm]
        assert popup.numbers_label.text() == "\n".join(number_lines(without_notes(answer), popup.names))
        if not popup.gesture.moves:  # the CLI answers the same question about the same file, and notes the boards
            cli = _answer_via_cli(tmp_path, scenario, action)
            assert cli == json.loads(json.dumps(with_board_notes(scenario, answer).to_json()))
        if case.dice is not None:
            assert not popup.commit_button.isEnabled()  # rolling kinds wait for the dice
            popup.roll(*case.dice, 1)
            rolled = resolve(staged(scenario, popup.gesture), popup.action())
            assert popup.resolution == rolled and rolled.outcome is not None
            assert popup.outcome_label.text() != ""
        seen["answer"] = popup.resolution.to_json() if popup.resolution else None
        assert popup.commit_button.isEnabled(), popup.reasons_label.text()
        return True

    drive(monkeypatch, driver)
    with qtbot.waitSignal(controller.committed, timeout=1000) as committed:
        drop(window, case.unit, case.hex)
    [entry] = read_log(window.scenario)
    assert committed.args == [entry]
    assert entry.answer == seen["answer"] and entry.kind == case.kind
    assert case.check(window.scenario)
    if case.kind == "overrun":  # the 6-2-8 in the OVR Location is prompted for Reaction Fire
        assert [a["type"] for a in seen["reaction"]] == ["non_cc", "cc"]  # type: ignore[union-attr]
        assert {a["unit"] for a in seen["reaction"]} == {"r1"}  # type: ignore[union-attr]
    else:
        assert "reaction" not in seen
    if case.dice is not None:
        assert entry.action["dice"] == {"colored": case.dice[0], "white": case.dice[1]}
    window.undo_stack.undo()
    assert window.scenario.units == before and read_log(window.scenario) == []
    window.undo_stack.redo()
    assert case.check(window.scenario) and len(read_log(window.scenario)) == 1


def test_every_listed_kind_is_a_design_kind() -> None:
    assert {c.kind for c in ALL_CASES} <= {"fire", "overrun", "place_dc", "throw_dc", "hook_up", "push", "portee_load"}
    assert [c for c in ALL_CASES if c.kind in RESOLVERS] == CASES


def test_a_drop_the_rules_refuse_changes_nothing_and_says_why(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = example("c10_3_push")
    scenario.phase = "RPh"
    controller = rehearse(window, scenario)
    drive(monkeypatch, lambda popup: pytest.fail("no popup for a refused drop"))
    with qtbot.waitSignal(controller.refused) as refusal:
        drop(window, "g1", "1G4")
    assert refusal.args == ["a Gun is pushed only in the MPh, not the RPh (C10.3)"]
    assert window.undo_stack.count() == 0 and read_log(window.scenario) == []


def test_c10_3_an_illegal_push_cannot_be_committed(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = example("c10_3_push")
    scenario.units["c1"] = scenario.units["c1"]._replace(broken=True)
    rehearse(window, scenario)
    reasons: list[str] = []

    def driver(popup: RehearsalPopup) -> bool:
        popup.roll(2, 3)
        assert popup.resolution is not None and not popup.resolution.legal
        assert not popup.commit_button.isEnabled()
        reasons.append(popup.reasons_label.text())
        return False

    drive(monkeypatch, driver)
    drop(window, "g1", "1G4")
    assert reasons and "(C10.111)" in reasons[0]
    assert window.undo_stack.count() == 0 and window.scenario.units["g1"].hex == scenario.grid.parse("1H4")


def test_c3_a_drop_of_a_vehicle_without_ma_offers_no_shot_and_says_why(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The StuG IIIG of an imported save has no ``ma``, so nothing to fire (C3): its drag rings no
    target, and its drop on the enemy opens no fire popup (which could only refuse it) but says
    why in the status line, as the rules word it; nothing is committed (issue 34)."""
    scenario = scenario_from_json(design3_with_friends(player="german"))
    controller = rehearse(window, scenario)
    assert controller.show_targets("v1") == {}
    seen: list[str] = []

    def driver(popup: RehearsalPopup) -> bool:
        seen.append(popup.gesture.kind)
        return False

    drive(monkeypatch, driver)
    refused: list[str] = []
    controller.refused.connect(refused.append)
    drop(window, "v1", "4E7")
    assert seen == []
    assert refused == ['StuG IIIG has no main armament to fire (give it MA if it has one) (C3)']
    assert window.statusBar().currentMessage() == f"Not allowed: {refused[0]}"
    assert window.undo_stack.count() == 0


def test_c10_11_a_vehicle_let_go_on_a_gun_of_its_own_fanned_stack_offers_the_hook_up(
        qtbot: QtBot, window: MainWindow) -> None:
    """C10.13 EX: the SPW and its 75*RCL share 1H4. Fanned out, the stack spreads over the next
    hexes; letting the SPW go on the Gun's counter means the Gun, in its own hex: hook it up."""
    rehearse(window, example("c10_13_hook_up"))
    grid = window.scenario.grid
    window.scene.fan.open(grid.parse("1H4"))
    window.scene.sync()
    gun_at = window.scene.counter_item("rcl75").sceneBoundingRect().center()
    seen = answer_popup(lambda popup: None)
    window.scene.drop_counter("spw", gun_at)
    assert [popup.gesture.kind for popup in seen] == ["hook_up"]
    assert seen[0].gesture.action["gun"] == "rcl75"


@pytest.mark.parametrize(("second", "thrower_dice"), [(7, {"colored": 4, "white": 3}), (2, {"colored": 1, "white": 1})])
def test_a23_6_a_thrown_dc_rolls_a_second_dr_on_the_thrower_s_location(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, second: int, thrower_dice: dict[str, int]) -> None:
    """A separate DR resolves the attack on each Location (A23.6): the popup's second DR, read by
    its total, is the thrower's, and the outcome has the thrower's own IFT result."""
    scenario = example("a23_3_place_dc")
    scenario.phase = "AFPh"
    rehearse(window, scenario)
    seen: dict[str, object] = {}

    def driver(popup: RehearsalPopup) -> bool:
        popup.choice.setCurrentIndex([g.kind for g in popup.gestures].index("throw_dc"))
        popup.roll(2, 2, None, second)
        assert popup.resolution is not None and popup.resolution.outcome is not None
        seen.update(action=popup.action(), outcome=popup.resolution.outcome, totals=popup.dice.totals.text())
        return True

    drive(monkeypatch, driver)
    drop(window, "s1", "1X5")
    assert seen["action"]["thrower_dice"] == thrower_dice  # type: ignore[index]
    outcome = seen["outcome"]
    assert isinstance(outcome, dict) and outcome["detonated"] and outcome["thrower_result"]
    assert f"Thrower's Location DR {second} (if the DC goes off, A23.6)" in str(seen["totals"])
    [entry] = read_log(window.scenario)
    assert entry.action["thrower_dice"] == thrower_dice and entry.answer["outcome"]["thrower_result"]
