"""Issue 19 and issue 17 item 10: the C3.331, C3.332, C3.6, C3.71 EX and the C10 hooking-up /
unhooking procedure EX, opened from the Rulebook examples menu: the popup shows the numbers the
EX states, every DRM line computed from the situation, and the procedure walks its phases."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from aslgui.model.log import read_log
from aslgui.rules import resolve
from aslgui.ui.rehearsal.examples import Example, examples
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.rehearsal.verdict import outcome_without_notes
from aslgui.ui.window.main_window import MainWindow

pytestmark = pytest.mark.gui
ROLLED = [ex for ex in examples() if ex.roll]
BY_RULE = {ex.rule: ex for ex in examples()}


def open_from_menu(window: MainWindow, ex: Example, monkeypatch: pytest.MonkeyPatch,
                   driver: Any = None) -> list[RehearsalPopup]:
    """Trigger the example's menu entry; each popup is kept, driven and committed if it can be."""
    seen: list[RehearsalPopup] = []

    def exec_(popup: RehearsalPopup) -> int:
        seen.append(popup)
        if driver is not None:
            driver(popup)
        return int(QDialog.DialogCode.Accepted if popup.commit_button.isEnabled() else QDialog.DialogCode.Rejected)

    monkeypatch.setattr(RehearsalPopup, "exec", exec_)
    [entry] = [a for a in window.rehearsal.examples_menu.actions() if a.text() == ex.title]
    entry.trigger()
    return seen


def test_the_menu_lists_all_fourteen_examples(window: MainWindow) -> None:
    titles = [a.text() for a in window.rehearsal.examples_menu.actions()]
    assert titles == [ex.title for ex in examples()] and len(titles) == 14
    for rule in ("C3.331", "C3.332", "C3.71", "C10.2"):
        assert BY_RULE[rule].title in titles


@pytest.mark.parametrize("ex", ROLLED, ids=[ex.rule for ex in ROLLED])
def test_rolling_the_ex_dice_in_the_popup_gives_the_ex_outcome(
        ex: Example, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The EX's roll typed into the popup opened from the menu: its outcome, as the popup shows it."""
    roll = ex.roll
    [popup] = open_from_menu(window, ex, monkeypatch, lambda p: p.roll(
        roll["colored"], roll["white"], roll.get("dr"), roll.get("effects_dr")))
    res = popup.resolution
    assert res is not None and res.legal and res.outcome is not None
    target = res.values.get("target") or ex.prepared_action.get("target")
    own = {entry["id"]: entry for entry in res.outcome.get("targets", [])}.get(target, res.outcome)  # C3.33
    assert {k: own.get(k) for k in ex.expected_outcome} == ex.expected_outcome
    assert popup.outcome_label.text() == "\n".join(outcome_without_notes(res, popup.names))
    assert all(line.case != "extra" for line in res.drm)  # every DRM line computed from the situation


def test_c3_6_ex_every_drm_line_is_computed(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17 item 10: the +2 of the C3.6 EX is the target's wooden building (Case Q), not a user line."""
    [popup] = open_from_menu(window, BY_RULE["C3.6"], monkeypatch)
    assert popup.drm_labels() == ["Q +2 (C6) wooden building TEM"]
    assert "extra" not in popup.drm_label.text() and "user" not in popup.drm_label.text()
    assert popup.resolution is not None and popup.resolution.values["final_th_needed"] == 1
    assert popup.odds.words.text().startswith("Odds: only an Improbable Hit")


def test_c3_331_ex_the_mortar_keeps_its_rof_and_hits_all_three_squads(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """C3.33, C3.331: the concealed squad is the target; the Area Target Type attacks the hex with
    half the mortar's HE FP (3: the 2 column), no Case Q, and a mortar keeps its ROF."""
    ex = BY_RULE["C3.331"]
    [popup] = open_from_menu(window, ex, monkeypatch)
    res = popup.resolution
    assert res is not None and res.legal and popup.drm_labels() == []
    scenario = window.scenario
    assert scenario.units["r1"].concealed and {u.id for u in scenario.units_at(scenario.units["r1"].hex)} >= {
        "r1", "r2", "r3"}
    assert (res.values["fp"], res.values["ift_column"], res.values["rof_consumed"]) == (3, 2, False)


def test_c3_332_ex_the_popup_shows_the_turret_hit_on_the_6_column(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    ex = BY_RULE["C3.332"]
    hull_hits: list[bool] = []

    def driver(popup: RehearsalPopup) -> None:
        popup.roll(5, 2, None, 7)  # coloured > white: a hull hit, which misses a HD target (C3.9)
        hull_hits.append(bool(popup.resolution and popup.resolution.outcome and popup.resolution.outcome["hit"]))
        popup.roll(2, 5, None, 7)

    [popup] = open_from_menu(window, ex, monkeypatch, driver)
    res = popup.resolution
    assert res is not None and res.outcome is not None and hull_hits == [False]
    assert [line["case"] for line in res.outcome["effects_drm"]] == ["AF"]  # the wall made it HD: no TEM (D4.2)


def test_c10_2_ex_the_procedure_walks_its_phases_in_the_log(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """C10.11, C10.12, C10.21: limber in the PFPh, hook up in the next MPh, tow away in the next,
    unhook after entering a new hex, unlimber in the next friendly DFPh; each popup opens in its
    phase with the EX's numbers and each commit is logged."""
    ex = BY_RULE["C10.2"]
    popups = open_from_menu(window, ex, monkeypatch)
    assert [p.windowTitle() for p in popups] == [f"C10.2 EX: {step.title}" for step in ex.steps]
    for popup, step in zip(popups, ex.steps, strict=True):
        res = popup.resolution
        assert res is not None and res.legal, res.reasons if res else popup.error
        assert {k: res.to_json()[k] for k in step.expected} == step.expected
    log = read_log(window.scenario)
    assert [(e.turn, e.phase, e.player, e.action["kind"]) for e in log] == [
        (step.turn, step.phase, step.player, step.action["kind"]) for step in ex.steps]
    units = window.scenario.units
    grid = window.scenario.grid
    assert grid.name(units["rcl75"].hex) == grid.name(units["c1"].hex) == grid.name(units["spw"].hex) == "1H2"
    assert units["rcl75"].towed_by is None and units["c1"].aboard is None and not units["rcl75"].limbered
    assert units["rcl75"].extra.get("ti") and units["c1"].extra.get("ti")  # unlimbered: both TI (C10.22)


def test_c10_2_ex_cancel_ends_the_walk(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    ex = BY_RULE["C10.2"]
    monkeypatch.setattr(RehearsalPopup, "exec", lambda popup: int(QDialog.DialogCode.Rejected))
    [entry] = [a for a in window.rehearsal.examples_menu.actions() if a.text() == ex.title]
    entry.trigger()
    assert read_log(window.scenario) == [] and window.scenario.phase == "PFPh"


def test_each_step_is_what_resolve_answers() -> None:
    """The steps' actions are plain rules questions: the first one answers from the file as it is."""
    ex = BY_RULE["C10.2"]
    first = ex.steps[0]
    assert first.action == ex.prepared_action and resolve(ex.load(), first.action).legal
