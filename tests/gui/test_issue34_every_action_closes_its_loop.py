"""Issue 34 item 3, driven through the real window: every action closes its loop in Rehearse.

A Gun's Reaction Fire at the tank that OVRan it (D7.22) is its rolled shot, and Commit waits for
the dice; a DC Placed in the MPh lies on the map as a counter (drawn, saved, undone) and its owner
detonates it in the AFPh by a drag or from its menu (A23.3, A23.7); only what can be done is
offered: listed ammunition (C8), Limber for a Gun that can (C10.23). Then the acceptance of part of
item 4 in a built scenario: a Player Turn's OVR, Reaction Fire, Placed DC and its AFPh detonation,
each in the log with its dice, undone to the start, saved and reopened equal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog, QGraphicsSceneContextMenuEvent, QMenu, QSpinBox

from aslgui.model import Scenario, scenario_from_json
from aslgui.model.log import read_log
from aslgui.model.scenario import scenario_to_json
from aslgui.rules import resolve
from aslgui.rules.gestures import staged
from aslgui.ui.map.dc_counters import DcCounterItem
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.window.main_window import MainWindow
from tests.gui.conftest import rehearse
from tests.gui.turns import assert_turn_undoes_redoes_and_saves

pytestmark = pytest.mark.gui
Driver = Callable[[RehearsalPopup], bool]

PAK = {"id": "pak", "side": "german", "nationality": "german", "kind": "gun", "name": "75L AT", "hex": "4E5",
       "ca": "N/NE", "crew": "crew", "special_ammo": {"APCR": 4}}
CREW = {"id": "crew", "side": "german", "nationality": "german", "kind": "crew", "name": "2-2-8", "hex": "4E5"}
T34 = {"id": "t34", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
       "hex": "4E6", "vca": "NW/N", "turret": "ST", "tca": "NW/N"}
PLACER = {"id": "p", "side": "russian", "nationality": "russian", "kind": "squad", "name": "4-4-7", "hex": "4G7",
          "dc": True}
GERMANS = {"id": "g", "side": "german", "nationality": "german", "kind": "squad", "name": "4-6-7", "hex": "4G8"}


def situation(*units: dict[str, Any], phase: str = "MPh", player: str = "russian") -> Scenario:
    return scenario_from_json({"name": "Issue 34: a Player Turn", "boards": [{"id": "4", "col": 0, "row": 0}],
                               "terrain": {"4G8": "stone building"}, "phase": phase, "turn": 2,
                               "player": player, "units": list(units)})


def drive(monkeypatch: pytest.MonkeyPatch, driver: Driver) -> list[RehearsalPopup]:
    """Stand in for the popup's modal loop: ``driver`` reads the popup and says Commit or Cancel."""
    seen: list[RehearsalPopup] = []

    def run(popup: RehearsalPopup) -> int:
        seen.append(popup)
        return int(QDialog.DialogCode.Accepted if driver(popup) else QDialog.DialogCode.Rejected)

    monkeypatch.setattr(RehearsalPopup, "exec", run)
    return seen


def drop(window: MainWindow, unit_id: str, hex_name: str) -> None:
    grid = window.scenario.grid
    window.scene.drop_counter(unit_id, QPointF(*grid.center(grid.parse(hex_name))))


def choose(popup: RehearsalPopup, kind: str, **keys: Any) -> None:
    """Pick the popup's first choice of ``kind`` whose action holds ``keys``."""
    popup.choice.setCurrentIndex(next(i for i, g in enumerate(popup.gestures)
                                      if g.kind == kind and all(g.action.get(k) == v for k, v in keys.items())))


def consistent(window: MainWindow, popup: RehearsalPopup) -> None:
    """The popup shows exactly what the rules core answers for its action."""
    assert popup.resolution == resolve(staged(window.scenario, popup.gesture), popup.action())


def overrun_then(window: MainWindow, monkeypatch: pytest.MonkeyPatch, react: Driver) -> list[RehearsalPopup]:
    """The T-34 OVRs the PaK's hex (rolled, committed); the Reaction Fire prompt goes to ``react``."""
    def driver(popup: RehearsalPopup) -> bool:
        if popup.windowTitle() == "Reaction Fire (D7.2)":
            return react(popup)
        choose(popup, "overrun")
        popup.roll(6, 5)  # an OVR that harms no one: the crew is there to react
        return popup.commit_button.isEnabled()

    seen = drive(monkeypatch, driver)
    drop(window, "t34", "4E5")
    return seen


# -- D7.22: a Gun's Reaction Fire is rolled, and Commit applies only what was rolled -------------
def test_d7_22_the_guns_reaction_fire_opens_with_its_full_to_hit_and_dice_and_commit_waits_for_them(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation(PAK, CREW, T34))
    looked: dict[str, Any] = {}

    def react(popup: RehearsalPopup) -> bool:
        assert popup.gesture.kind == "fire" and popup.gesture.action["reaction_fire"] is True
        assert popup.heading.text() == "75L AT: Reaction Fire at T-34 M41 (D7.22)"
        assert not popup.dice.isHidden() and popup.rolling
        looked.update(before=popup.commit_button.isEnabled(), numbers=popup.numbers_label.text())
        popup.roll(2, 3, 1)
        consistent(window, popup)
        looked.update(after=popup.commit_button.isEnabled(), outcome=popup.outcome_label.text(),
                      final=popup.resolution.values["final_th_needed"] if popup.resolution else None)
        return popup.commit_button.isEnabled()

    overrun_then(window, monkeypatch, react)
    assert looked["before"] is False and looked["after"] is True
    assert "Basic TH# 10" in looked["numbers"] and f"Hits on Original DR \u2264: {looked['final']}" in looked["numbers"]
    assert "TH DR: 5" in looked["outcome"] and "Hit: yes" in looked["outcome"]
    log = read_log(window.scenario)
    assert [entry.kind for entry in log] == ["overrun", "fire"]
    assert log[1].action["reaction_fire"] is True and log[1].action["dice"] == {"colored": 2, "white": 3}
    assert log[1].answer["outcome"]["th_dr"] == 5
    units = window.scenario.units
    assert units["pak"].fired and units["pak"].ca == units["t34"].vca  # turned to the VCA (D7.22)
    assert not units["crew"].fired


def test_d7_22_non_cc_reaction_fire_with_the_gun_rolls_too_and_so_does_cc(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation(PAK, CREW, T34))
    looked: dict[str, Any] = {}

    def react(popup: RehearsalPopup) -> bool:
        choose(popup, "reaction_fire", type="cc")
        looked.update(cc_dice=popup.dice.isHidden(), cc_commit=popup.commit_button.isEnabled())
        choose(popup, "reaction_fire", type="non_cc")
        looked.update(weapon=popup.resolution.values.get("weapon") if popup.resolution else None,
                      dice=not popup.dice.isHidden(), commit=popup.commit_button.isEnabled(),
                      unrolled="dice" in popup.action())
        popup.roll(4, 4, 2)
        consistent(window, popup)
        looked.update(rolled=popup.commit_button.isEnabled(), outcome=popup.outcome_label.text())
        return popup.commit_button.isEnabled()

    overrun_then(window, monkeypatch, react)
    assert (looked["cc_dice"], looked["cc_commit"]) == (False, False)  # CC is rolled too (D7.21)
    assert looked["weapon"] == "gun" and looked["dice"] and not looked["commit"] and not looked["unrolled"]
    assert looked["rolled"] and looked["outcome"]
    [_, entry] = read_log(window.scenario)
    assert entry.kind == "reaction_fire" and entry.action["dice"] == {"colored": 4, "white": 4}
    assert entry.answer["outcome"]["th_dr"] == 8
    assert window.scenario.units["pak"].fired and window.scenario.units["crew"].fired


def test_d7_22_cancelled_reaction_fire_marks_nobody(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation(PAK, CREW, T34))
    overrun_then(window, monkeypatch, lambda popup: False)
    assert [entry.kind for entry in read_log(window.scenario)] == ["overrun"]
    assert not window.scenario.units["pak"].fired and not window.scenario.units["crew"].fired


# -- C8, C10.23: only what can be done is offered -------------------------------------------------
def test_c8_the_ammo_list_holds_only_what_the_counter_lists(window: MainWindow,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation(PAK, CREW, {**T34, "hex": "4E8"}, phase="PFPh", player="german"))
    items: list[str] = []

    def look(popup: RehearsalPopup) -> bool:
        combo = popup.options["ammo"]
        items.extend(combo.itemText(i) for i in range(combo.count()))  # type: ignore[attr-defined]
        return False

    drive(monkeypatch, look)
    drop(window, "pak", "4E8")
    assert items == ["default (HE; AP vs AFV)", "HE", "AP", "APCR"]


def menu_texts(window: MainWindow, unit_id: str) -> list[str]:
    return [action.text() for action in window.context_menu(unit_id).actions()]


@pytest.mark.parametrize(("qsu", "offered"), [(True, []), (False, ["Limber 75L AT (C10.21)"])])
def test_c10_23_limber_is_in_the_menu_only_of_a_gun_that_can_limber(window: MainWindow, qsu: bool,
                                                                    offered: list[str]) -> None:
    rehearse(window, situation({**PAK, "qsu": qsu}, CREW, phase="PFPh", player="german"))
    assert [text for text in menu_texts(window, "pak") if "imber" in text] == offered


# -- A23.3: the Placed DC is a counter on the map, detonated by its owner in the AFPh ---------------
def dc_items(window: MainWindow) -> list[DcCounterItem]:
    return [item for item in window.scene.items() if isinstance(item, DcCounterItem)]


def place_dc(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    def driver(popup: RehearsalPopup) -> bool:
        choose(popup, "place_dc")
        consistent(window, popup)
        assert popup.dice.isHidden()  # Placing rolls nothing: the DC attacks in the AFPh (A23.3)
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    drop(window, "p", "4G8")


def test_a23_3_a_placed_dc_is_drawn_on_its_hex_undone_and_redone(window: MainWindow,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation(PLACER, GERMANS))
    assert dc_items(window) == []
    place_dc(window, monkeypatch)
    [item] = dc_items(window)
    grid = window.scenario.grid
    assert grid.name(item.dc.hex) == "4G8" and item.dc.owner == "p" and item.dc.form == "placed"
    assert window.scene.hex_at(item.scenePos()) == grid.parse("4G8")
    assert item.toolTip() == "Placed DC of 4-4-7 (detonates in its owner's AFPh, A23.3)"
    assert window.scenario.units["p"].dc is None  # it left the carrier
    window.undo_stack.undo()
    assert dc_items(window) == [] and window.scenario.units["p"].dc is True
    window.undo_stack.redo()
    assert [grid.name(i.dc.hex) for i in dc_items(window)] == ["4G8"]


def test_a23_3_a_saved_dc_counter_comes_back_on_reopening(window: MainWindow, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    rehearse(window, situation(PLACER, GERMANS))
    place_dc(window, monkeypatch)
    path = tmp_path / "placed.json"
    assert window._save_to(path)
    assert window.open_file(path)
    assert [(i.dc.owner, window.scenario.grid.name(i.dc.hex)) for i in dc_items(window)] == [("p", "4G8")]


def detonate(window: MainWindow, dice: tuple[int, int]) -> Driver:
    def driver(popup: RehearsalPopup) -> bool:
        choose(popup, "detonate_dc")
        assert popup.heading.text() == "Detonate the Placed DC in 4G8 (A23.3)"
        assert not popup.commit_button.isEnabled()  # its attack is rolled (A23.4)
        popup.roll(*dice)
        consistent(window, popup)
        return popup.commit_button.isEnabled()

    return driver


def test_a23_3_its_owner_detonates_it_in_the_afph_by_a_drag(window: MainWindow,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    rehearse(window, situation({**PLACER, "dc": None, "placed_dc": "4G8"}, GERMANS, phase="AFPh"))
    assert len(dc_items(window)) == 1
    drive(monkeypatch, detonate(window, (2, 3)))
    drop(window, "p", "4G8")
    [entry] = read_log(window.scenario)
    assert entry.kind == "detonate_dc" and entry.action["dice"] == {"colored": 2, "white": 3}
    assert entry.answer["outcome"]["detonated"] is True and entry.answer["outcome"]["final_dr"] == 8
    assert dc_items(window) == []
    window.undo_stack.undo()
    assert len(dc_items(window)) == 1 and read_log(window.scenario) == []


class Shown:
    """A context menu the window opens, kept instead of shown (a modal menu would wait)."""

    def __init__(self, menu: QMenu, kept: list[QMenu]) -> None:
        self.menu, self.kept = menu, kept

    def exec(self, *_where: Any) -> None:
        self.kept.append(self.menu)


@pytest.fixture
def menus(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[QMenu]]:
    """The context menus the window builds for a right-click, in order."""
    kept: list[QMenu] = []
    build = MainWindow.context_menu
    monkeypatch.setattr(MainWindow, "context_menu", lambda window, unit_id: Shown(build(window, unit_id), kept))
    yield kept


def right_click(window: MainWindow, item: DcCounterItem, at: QPointF | None = None) -> None:
    """A right-click on the DC counter's lower left, clear of the counters of its hex (or at
    ``at``): the scene opens the menu of what is there."""
    event = QGraphicsSceneContextMenuEvent(QGraphicsSceneContextMenuEvent.Type.GraphicsSceneContextMenu)
    event.setScenePos(item.scenePos() + QPointF(-8, 8) if at is None else at)
    window.scene.contextMenuEvent(event)


def test_a23_3_a_right_click_on_the_dc_counter_offers_its_detonation_in_the_afph_only(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, menus: list[QMenu]) -> None:
    rehearse(window, situation({**PLACER, "dc": None, "placed_dc": "4G8", "hex": "4G6"}, GERMANS))
    window.scene.select_unit(None)
    [dc] = dc_items(window)
    assert window.scene.counter_item("g").sceneBoundingRect().contains(dc.scenePos())
    right_click(window, dc, dc.scenePos())
    assert window.scene.selected == "p"  # the DC's menu is its owner's, though it lies on the Germans
    assert not any("Detonate" in action.text() for action in menus[-1].actions())  # the MPh: not yet
    right_click(window, dc_items(window)[0], window.scene.counter_item("g").scenePos() + QPointF(8, -10))
    assert window.scene.selected == "g"  # beside the DC, the Germans' counter is theirs
    window.rehearsal.phase_bar.reach("AFPh", 2, "russian")
    right_click(window, dc_items(window)[0])
    [detonation] = [action for action in menus[-1].actions() if action.text().startswith("Detonate")]
    assert detonation.text() == "Detonate the Placed DC in 4G8 (A23.3)"
    drive(monkeypatch, detonate(window, (6, 6)))  # 12: it malfunctions (A23.4), and is gone all the same
    detonation.trigger()
    [entry] = read_log(window.scenario)
    assert entry.answer["outcome"] == {"detonated": False, "malfunction": True, "original_dr": 12}
    assert dc_items(window) == []


@pytest.mark.parametrize(("dr", "is_set"), [(3, True), (5, False)])
def test_a23_7_setting_a_dc_rolls_its_dr_and_commit_sets_it_only_when_the_dr_says_so(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, dr: int, is_set: bool) -> None:
    rehearse(window, situation({**PLACER, "us_number": 4}, GERMANS))
    [setting] = [a for a in window.context_menu("p").actions() if a.text() == "Set DC in 4G7 (A23.7)"]
    looked: dict[str, Any] = {}

    def driver(popup: RehearsalPopup) -> bool:
        looked.update(rolling=popup.rolling, unrolled=popup.commit_button.isEnabled())
        popup.roll(1, 1, dr)
        consistent(window, popup)
        looked.update(action=popup.action(), outcome=popup.outcome_label.text(), totals=popup.dice.totals.text(),
                      dr_only=popup.dice.faces["colored"].isHidden() and not popup.dice.faces["dr"].isHidden())
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    setting.trigger()
    assert looked["rolling"] and not looked["unrolled"]
    assert looked["action"] == {"kind": "set_dc", "unit": "p", "dr": dr}  # a dr, no DR (A23.7)
    assert looked["dr_only"] and looked["totals"] == f"dr {dr}"
    [entry] = read_log(window.scenario)
    assert entry.action["dr"] == dr and entry.answer["outcome"] == {"set": is_set, "dr": dr}
    assert [(i.dc.form, window.scenario.grid.name(i.dc.hex)) for i in dc_items(window)] == (
        [("set", "4G7")] if is_set else [])
    assert window.scenario.units["p"].moved and (window.scenario.units["p"].dc is None) is is_set


def test_a23_7_a_unit_without_its_us_number_is_given_one_in_the_popup_and_then_rolls(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """An imported squad has no US#: the popup asks it (A23.7), and once given the dr is rolled and
    read against it; left out, nothing is rolled and the Set is as declared (the answer says so)."""
    rehearse(window, situation(PLACER, GERMANS))
    [setting] = [a for a in window.context_menu("p").actions() if a.text() == "Set DC in 4G7 (A23.7)"]
    looked: dict[str, Any] = {}

    def driver(popup: RehearsalPopup) -> bool:
        spin = popup.options["us_number"]
        assert isinstance(spin, QSpinBox)
        looked.update(unset=spin.text(), rolling_unset=popup.rolling)
        spin.setValue(3)
        looked.update(rolling=popup.rolling, unrolled=popup.commit_button.isEnabled())
        popup.roll(1, 1, 4)  # over the US#: not Set
        looked.update(action=popup.action())
        return popup.commit_button.isEnabled()

    drive(monkeypatch, driver)
    setting.trigger()
    assert looked["unset"] == "not given: no dr is rolled" and not looked["rolling_unset"]
    assert looked["rolling"] and not looked["unrolled"]
    assert looked["action"] == {"kind": "set_dc", "unit": "p", "us_number": 3, "dr": 4}
    [entry] = read_log(window.scenario)
    assert entry.answer["outcome"] == {"set": False, "dr": 4} and dc_items(window) == []


# -- issue 34 item 4, in a built scenario: one Player Turn, undone, saved and reopened -------------
def test_issue34_acceptance_a_player_turn_of_ovr_reaction_fire_and_a_placed_dc_closes_every_loop(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch, menus: list[QMenu], tmp_path: Path) -> None:
    start = situation(PAK, CREW, T34, PLACER, GERMANS)
    rehearse(window, start)
    original = scenario_to_json(start)

    def react(popup: RehearsalPopup) -> bool:
        popup.roll(1, 2, 3)
        consistent(window, popup)
        return popup.commit_button.isEnabled()

    overrun_then(window, monkeypatch, react)  # MPh: the T-34 OVRs the PaK; its Reaction Fire is rolled
    place_dc(window, monkeypatch)  # MPh: the 4-4-7 Places its DC into the Germans' building
    window.rehearsal.phase_bar.reach("AFPh", 2, "russian")
    right_click(window, dc_items(window)[0])
    drive(monkeypatch, detonate(window, (3, 1)))
    next(a for a in menus[-1].actions() if a.text().startswith("Detonate")).trigger()

    log = read_log(window.scenario)
    assert [(e.phase, e.kind) for e in log] == [("MPh", "overrun"), ("MPh", "fire"), ("MPh", "place_dc"),
                                               ("AFPh", "detonate_dc")]
    rolled = {e.kind: e.action.get("dice") for e in log}
    assert rolled == {"overrun": {"colored": 6, "white": 5}, "fire": {"colored": 1, "white": 2}, "place_dc": None,
                      "detonate_dc": {"colored": 3, "white": 1}}
    assert all(e.answer["legal"] for e in log) and log[3].answer["outcome"]["detonated"] is True
    assert dc_items(window) == []
    assert_turn_undoes_redoes_and_saves(  # undo to the start: the built scenario, as it was, no DC drawn
        window, original, tmp_path, at_start=lambda: _no_dc_drawn(window))


def _no_dc_drawn(window: MainWindow) -> None:
    assert dc_items(window) == []
