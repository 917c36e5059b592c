"""The review's two rules items with a GUI side, driven through the real drop, popup and Commit:
a kept Multiple ROF lets the same Gun fire again in that phase and one not kept does not (C2.24),
and never in the AFPh (C5.2); OVR Prevention (C5.64, C5.641) is offered when a vehicle Overruns a
Gun's hex, fires first, and the Overrun follows from the hex the vehicle came through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QCheckBox, QDialog

from aslgui.model import Scenario, scenario_from_json
from aslgui.model.log import read_log
from aslgui.rules import resolve
from aslgui.rules.gestures import staged
from aslgui.ui.rehearsal.options import option_widgets
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import rehearse

pytestmark = pytest.mark.gui
Driver = Callable[[RehearsalPopup], bool]


def _situation(phase: str, player: str, units: list[dict[str, Any]]) -> Scenario:
    return scenario_from_json({"boards": [{"id": "4", "col": 0, "row": 0}], "phase": phase, "player": player,
                               "units": units})


GUN = {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "57LL AT", "hex": "4E5",
       "ca": "S/SW", "crew": "c"}
CREW = {"id": "c", "side": "russian", "nationality": "russian", "kind": "crew", "name": "2-2-8", "hex": "4E5"}
SQUAD = {"id": "s", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4E8"}


def _drive(monkeypatch: pytest.MonkeyPatch, driver: Driver) -> None:
    monkeypatch.setattr(RehearsalPopup, "exec", lambda popup: int(
        QDialog.DialogCode.Accepted if driver(popup) else QDialog.DialogCode.Rejected))


def _drop(window: MainWindow, unit_id: str, hex_name: str) -> None:
    grid = window.scenario.grid
    window.scene.drop_counter(unit_id, QPointF(*grid.center(grid.parse(hex_name))))


def _shoot(window: MainWindow, monkeypatch: pytest.MonkeyPatch, dice: tuple[int, int] | None) -> dict[str, Any]:
    """Drop the Gun on the squad; roll ``dice`` and Commit if it may (None: only look)."""
    seen: dict[str, Any] = {}

    def driver(popup: RehearsalPopup) -> bool:
        popup.choice.setCurrentIndex([g.kind for g in popup.gestures].index("fire"))
        if dice is not None:
            popup.roll(*dice, 1)
        assert popup.resolution == resolve(staged(window.scenario, popup.gesture), popup.action())
        seen.update(reasons=popup.reasons_label.text(), outcome=popup.outcome_label.text(),
                    commit=popup.commit_button.isEnabled())
        return dice is not None and popup.commit_button.isEnabled()

    _drive(monkeypatch, driver)
    _drop(window, "g", "4E8")
    return seen


def test_c2_24_a_gun_that_kept_its_rof_fires_again_and_one_that_did_not_is_refused(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, _situation("PFPh", "russian", [GUN, CREW, SQUAD]))
    first = _shoot(window, monkeypatch, (1, 4))
    assert "Multiple ROF kept: yes" in first["outcome"] and first["commit"]
    assert window.scenario.units["g"].extra.get("rof_kept") == "PFPh"
    second = _shoot(window, monkeypatch, (6, 5))
    assert second["reasons"] == "" and second["commit"]  # it may fire again (C2.24)
    assert "Multiple ROF kept: no" in second["outcome"]
    assert "rof_kept" not in window.scenario.units["g"].extra
    third = _shoot(window, monkeypatch, None)
    assert "has used its normal ROF" in third["reasons"] and "(C2.24)" in third["reasons"]
    assert not third["commit"]
    assert [entry.kind for entry in read_log(window.scenario)] == ["fire", "fire"]
    window.undo_stack.undo()  # the second shot undone: the kept ROF is back
    assert window.scenario.units["g"].extra.get("rof_kept") == "PFPh"


def test_c5_2_in_the_afph_the_popup_says_no_rof_and_the_next_shot_is_refused(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, _situation("AFPh", "russian", [GUN, CREW, SQUAD]))
    first = _shoot(window, monkeypatch, (1, 4))
    assert "Multiple ROF kept: no" in first["outcome"] and first["commit"]
    second = _shoot(window, monkeypatch, None)
    assert "more than once in its AFPh" in second["reasons"] and "(C5.2)" in second["reasons"]
    assert not second["commit"]


# -- OVR Prevention ---------------------------------------------------------------------------------
AT_GUN = {"id": "g", "side": "russian", "nationality": "russian", "kind": "gun", "name": "45L AT", "hex": "4E5",
          "ca": "N/NE", "crew": "c"}
TANK = {"id": "t", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG",
        "hex": "4E6", "vca": "NW/N", "tca": "NW/N", "turret": "T", "mp": 16, "ma": {"caliber": 50, "barrel": "L"}}


def _overrun_the_gun(window: MainWindow, monkeypatch: pytest.MonkeyPatch, prevent: bool) -> list[dict[str, Any]]:
    """Drop the tank on the Gun's hex; pick OVR Prevention (or the Overrun), roll, Commit; then the
    Overrun that follows; Reaction Fire prompts are declined."""
    seen: list[dict[str, Any]] = []

    def driver(popup: RehearsalPopup) -> bool:
        labels = [g.label for g in popup.gestures]
        seen.append({"title": popup.windowTitle(), "labels": labels})
        if popup.windowTitle() == "Reaction Fire (D7.2)":
            return False
        if len(popup.gestures) > 1:
            wanted = "OVR Prevention" if prevent else "Overrun"
            popup.choice.setCurrentIndex(next(i for i, label in enumerate(labels) if label.startswith(wanted)))
        popup.roll(2, 3, 1)
        assert popup.resolution == resolve(staged(window.scenario, popup.gesture), popup.action())
        seen[-1].update(drm=popup.drm_labels(), reasons=popup.reasons_label.text(), action=popup.action(),
                        commit=popup.commit_button.isEnabled())
        if (box := popup.options.get("intensive")) is not None:
            assert isinstance(box, QCheckBox)
            seen[-1].update(intensive=(box.isChecked(), box.isEnabled()))
        return popup.commit_button.isEnabled()

    _drive(monkeypatch, driver)
    _drop(window, "t", "4E5")
    return seen


@pytest.mark.parametrize(("gun", "rule"), [({}, "C5.641"), ({"fired": True}, "C5.64")])
def test_c5_64_the_popup_offers_ovr_prevention_then_the_overrun_follows(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, gun: dict[str, Any], rule: str) -> None:
    rehearse(window, _situation("MPh", "german", [{**AT_GUN, **gun}, CREW, TANK]))
    seen = _overrun_the_gun(window, monkeypatch, prevent=True)
    assert any(label.startswith("OVR Prevention: 45L AT fires at PzKpfw IIIG") and label.endswith("(C5.64)")
               for label in seen[0]["labels"])
    assert seen[0]["commit"], seen[0]["reasons"]
    assert seen[0]["action"]["ovr_prevention"] is True and seen[0]["action"]["entered_from"] == "4E6"
    # under a fire counter it is Intensive Fire by force: the box says so and cannot be unticked (C5.64)
    assert seen[0]["intensive"] == ((True, False) if rule == "C5.64" else (False, True))
    assert any(line.startswith("E +2 (C5.5)") for line in seen[0]["drm"])
    assert any(line.startswith("A +4 (C5.1)") for line in seen[0]["drm"])  # N/NE to take in the S hexside
    assert seen[1]["title"] == "Overrun (D7.1)" and seen[1]["action"]["from_hex"] == "4E6"
    log = read_log(window.scenario)
    assert [entry.kind for entry in log] == ["fire", "overrun"]
    assert log[0].answer["ovr_prevention"] == rule and log[1].answer["legal"] is True
    units = window.scenario.units
    assert units["g"].fired and window.scenario.grid.name(units["t"].hex) == "4E5"
    assert (units["g"].extra.get("no_fire") is True) is (rule == "C5.64")
    assert units["g"].ca == 2  # turned to SE/S, taking in the S hexside the tank came through


def test_c5_64_the_overrun_alone_may_be_chosen(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, _situation("MPh", "german", [AT_GUN, CREW, TANK]))
    seen = _overrun_the_gun(window, monkeypatch, prevent=False)
    assert [entry.kind for entry in read_log(window.scenario)] == ["overrun"]
    assert not window.scenario.units["g"].fired
    assert all(entry["title"] != "Overrun (D7.1)" for entry in seen)


def test_c5_64_a_gun_under_no_fire_is_offered_but_refused(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    marked = {**AT_GUN, "fired": True, "intensive_fired": True, "no_fire": True}
    rehearse(window, _situation("MPh", "german", [marked, CREW, TANK]))

    def driver(popup: RehearsalPopup) -> bool:
        labels = [g.label for g in popup.gestures]
        popup.choice.setCurrentIndex(next(i for i, label in enumerate(labels) if label.startswith("OVR Prevention")))
        popup.roll(2, 3, 1)
        assert "No Fire counter" in popup.reasons_label.text() and "(C5.64)" in popup.reasons_label.text()
        assert not popup.commit_button.isEnabled()
        return False

    _drive(monkeypatch, driver)
    _drop(window, "t", "4E5")
    assert read_log(window.scenario) == [] and window.scenario.grid.name(window.scenario.units["t"].hex) == "4E6"


@pytest.mark.parametrize("fired", [True, False])
def test_d7_23_a_guns_reaction_fire_under_a_first_fire_counter_shows_intensive_fire_by_force(
        window: MainWindow, fired: bool) -> None:
    situation = _situation("MPh", "german", [{**AT_GUN, "fired": fired}, CREW, {**TANK, "hex": "4E5"}])
    shot = {"kind": "fire", "firer": "g", "target": "t", "reaction_fire": True, "phase": "MPh"}
    box = {key: widget for key, _, widget in option_widgets(situation, shot)}["intensive"]
    assert isinstance(box, QCheckBox) and (box.isChecked(), box.isEnabled()) == (fired, not fired)
    assert ("D7.23" in box.toolTip()) is fired
