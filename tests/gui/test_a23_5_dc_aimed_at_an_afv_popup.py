"""A23.5 in the rehearsal popup: a DC Placed or Thrown into a Location holding an enemy AFV may be
aimed at that AFV alone (resolved on C7.34 after a DC Position DR, C7.346), or at the Location's
other units, the AFV then unharmed; the popup offers the choice and says each in words."""

from __future__ import annotations

import random

import pytest
from pytestqt.qtbot import QtBot

from aslgui.model import Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules.dice import DiceRoller
from aslgui.rules.gestures import gestures_for_drop
from aslgui.ui.rehearsal.answer_words import show_value
from aslgui.ui.rehearsal.options import set_option
from aslgui.ui.rehearsal.popup import RehearsalPopup

pytestmark = pytest.mark.gui


def _with_afv(phase: str) -> Scenario:
    """The A23.3 EX 4-6-7 in 1Y6 next to 1X5, where a T-34 (VCA N/NE) stands with the 5-2-7."""
    scenario = load_scenario(resource_path("examples", "a23_3_place_dc.json"))
    scenario.phase = phase
    t34 = scenario.units["r1"]._replace(id="t34", kind="vehicle", name="T-34 M41", afv=True, vca=0)
    scenario.units["t34"] = t34
    return scenario


@pytest.mark.parametrize(("phase", "kind", "facing"), [("MPh", "place_dc", "side"), ("PFPh", "throw_dc", "side")])
def test_a23_5_the_popup_aims_a_dc_at_the_afv_or_at_the_other_units(qtbot: QtBot, phase: str, kind: str,
                                                                     facing: str) -> None:
    scenario = _with_afv(phase)
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("1X5"))
    popup = RehearsalPopup(scenario, [g for g in drop.gestures if g.kind == kind], DiceRoller(random.Random(5)))
    qtbot.addWidget(popup)
    aimed = popup.options["vs_afv"]
    assert [aimed.itemText(i) for i in range(aimed.count())] == ["the Location's other units",
                                                                 "T-34 M41 (C7.34, C7.346)"]
    assert "vs_afv" not in popup.action()
    assert "AFV not attacked, as the DC is not aimed at it (A23.5): T-34 M41" in popup.numbers_label.text()
    set_option(aimed, "t34")
    assert popup.action()["vs_afv"] == "t34" and popup.resolution is not None and popup.resolution.legal
    text = popup.numbers_label.text()
    assert "Aimed at the AFV alone (A23.5): T-34 M41" in text and f"Target Facing: {facing}" in text
    assert "AFV not attacked" not in text


def test_a23_5_no_aim_is_offered_where_the_location_holds_no_afv(qtbot: QtBot) -> None:
    scenario = load_scenario(resource_path("examples", "a23_3_place_dc.json"))
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("1X5"))
    popup = RehearsalPopup(scenario, [g for g in drop.gestures if g.kind == "place_dc"], DiceRoller(random.Random(5)))
    qtbot.addWidget(popup)
    assert "vs_afv" not in popup.options


def test_a23_4_the_x_number_is_said_once(qtbot: QtBot) -> None:
    scenario = load_scenario(resource_path("examples", "a23_3_place_dc.json"))
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("1X5"))
    popup = RehearsalPopup(scenario, [g for g in drop.gestures if g.kind == "place_dc"], DiceRoller(random.Random(5)))
    qtbot.addWidget(popup)
    lines = popup.numbers_label.text().splitlines()  # the 4-6-7 is non-elite: the captured SW penalty (A23.2)
    assert "X# 12 - 2: non-elite user: captured SW X# penalty (A23.2)" in lines
    assert not any(line.startswith("X#: ") for line in lines)


def test_a23_5_a_location_holding_the_afv_alone_is_aimed_at_it_first(qtbot: QtBot) -> None:
    """Nothing but the T-34 stands there: "the other units" would attack nobody, so the AFV is the
    aim the popup opens on (the player may still choose the other)."""
    scenario = _with_afv("MPh")
    del scenario.units["r1"]
    drop = gestures_for_drop(scenario, "s1", scenario.grid.parse("1X5"))
    popup = RehearsalPopup(scenario, [g for g in drop.gestures if g.kind == "place_dc"], DiceRoller(random.Random(5)))
    qtbot.addWidget(popup)
    assert popup.action()["vs_afv"] == "t34"


def test_a23_3_a23_7_a_detonation_says_which_dc_goes_off_in_words() -> None:
    assert show_value("placed", key="dc") == "the one Placed in the MPh (A23.3)"
    assert show_value("set", key="dc") == "a Set DC (A23.7)"

