"""Issue 34 item 1 (A4.4, A23): an imported game is ready to play: a support weapon no unit holds lies
on its hex (drawn there) or in the order of battle, and a player gives it to a unit by dragging it
from the order of battle onto the unit in Setup: a DC becomes the unit's ``dc`` (so it can be
Placed or Thrown, A23.3, A23.6), another SW one of its ``sw``; undo takes it back.

Offscreen Qt performs no real drag (DESIGN.md 6): the dock's drag payload and the drop on the scene
are checked apart, as the order of battle's own tests do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF

from aslgui.model import scenario_from_json
from aslgui.rules import resolve
from aslgui.ui.map.scene import oob_unit_id
from aslgui.ui.map.support_weapons import WEAPON_ROLE
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.order_of_battle import UNIT_ID_ROLE
from tests import vsav_saves as vs

pytestmark = pytest.mark.gui

SCENARIO = {
    "format": "aslgui-scenario", "version": 1, "boards": [{"id": "4", "col": 0, "row": 0}], "phase": "MPh",
    "player": "axis",
    "units": [
        {"id": "s1", "side": "axis", "nationality": "german", "kind": "squad", "name": "4-6-7 1sq", "hex": "4E5"},
        {"id": "s2", "side": "axis", "nationality": "german", "kind": "squad", "name": "4-6-7 1sq", "hex": "4E7"},
        {"id": "v1", "side": "allied", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
         "hex": "4E6", "vca": "N/NE"},
    ],
    "support_weapons": [
        {"id": "w1", "name": "DC", "nationality": "german", "side": "axis", "hex": None},
        {"id": "w2", "name": "LMG", "nationality": "german", "side": "axis", "hex": "4G5", "state": ["broken"]},
    ],
}


@pytest.fixture
def loaded(window: MainWindow) -> MainWindow:
    window.set_scenario(scenario_from_json(SCENARIO), None)
    return window


def centre(window: MainWindow, name: str) -> QPointF:
    grid = window.scenario.grid
    return QPointF(*grid.center(grid.parse(name)))


def lines(window: MainWindow) -> dict[str, str]:
    """The order of battle's lines: id -> text."""
    oob = window.order_of_battle.list
    return {str(item.data(0, UNIT_ID_ROLE)): item.text(0) for item in oob.items.values()}


def test_a4_4_loose_weapons_are_listed_and_one_on_a_hex_is_drawn_there(loaded: MainWindow) -> None:
    assert lines(loaded) == {"w1": "DC (support weapon in the margin)", "w2": "LMG (broken, support weapon on 4G5)"}
    item = loaded.scene.weapons.items["w2"]
    assert item.data(WEAPON_ROLE) == "w2" and "w1" not in loaded.scene.weapons.items
    assert loaded.scene.hex_at(item.pos()) == loaded.scenario.grid.parse("4G5")
    assert "drag it from the order of battle onto a unit in Setup" in item.toolTip()


def test_a4_4_the_drag_carries_the_weapon(loaded: MainWindow) -> None:
    oob = loaded.order_of_battle.list
    assert oob_unit_id(oob.mimeData([oob.items["w1"]])) == "w1"


def test_a23_a_dc_dropped_on_a_squad_is_its_dc_and_undo_takes_it_back(loaded: MainWindow) -> None:
    loaded.scene.drop_counter("w1", centre(loaded, "4E5"))
    assert loaded.scenario.units["s1"].dc is True
    assert [w["id"] for w in loaded.scenario.extra["support_weapons"]] == ["w2"]
    assert "w1" not in lines(loaded)
    loaded.scenario.phase = "MPh"
    answer = resolve(loaded.scenario, {"kind": "place_dc", "unit": "s1", "target_hex": "4E6"}).to_json()
    assert answer["legal"] is True, answer["reasons"]  # A23.3: the DC it now holds is Placed
    loaded.undo_stack.undo()
    assert loaded.scenario.units["s1"].dc is None
    assert [w["id"] for w in loaded.scenario.extra["support_weapons"]] == ["w1", "w2"]
    assert "w1" in lines(loaded)


def test_a4_4_another_sw_joins_the_units_sw_and_leaves_the_map(loaded: MainWindow) -> None:
    loaded.scene.drop_counter("w2", centre(loaded, "4E7"))
    assert loaded.scenario.units["s2"].extra["sw"] == ["LMG (broken)"]
    assert "w2" not in loaded.scene.weapons.items


def test_a4_4_only_infantry_takes_a_weapon_and_only_in_setup(loaded: MainWindow) -> None:
    loaded.scene.drop_counter("w1", centre(loaded, "4E6"))  # the T-34: no Infantry
    assert loaded.scenario.units["v1"].dc is None and len(loaded.scenario.extra["support_weapons"]) == 2
    assert "cannot take the DC" in loaded.statusBar().currentMessage()
    loaded.scene.mode = "rehearse"
    loaded.scene.drop_counter("w1", centre(loaded, "4E5"))
    assert loaded.scenario.units["s1"].dc is None


def test_alike_loose_weapons_share_a_line_whose_count_a_narrow_dock_still_shows(window: MainWindow) -> None:
    """Seven LMGs in the margin are one line, its count right after the name (issue: "LMG (support
    weapon in the..." hid the x7 at the dock's default width)."""
    lmgs = [{"id": f"w{i}", "name": "LMG", "nationality": "russian", "side": "allied", "hex": None} for i in range(7)]
    window.set_scenario(scenario_from_json({**SCENARIO, "support_weapons": lmgs}), None)
    assert set(lines(window).values()) == {"LMG  x7 (support weapon in the margin)"}


def test_import_gives_loose_weapons_ids_and_the_window_lists_them(window: MainWindow, tmp_path: Path,
                                                                   infos: list[str]) -> None:
    x, y = vs.hex_pixel("E5")
    path = tmp_path / "g.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "04")), vs.piece("p1", "DC", "ge/geDC", x, y),
                                    vs.piece("p2", "PSK", "ge/gePSK", 150, 80)]))
    assert window.order_of_battle.import_file(path)
    weapons = window.scenario.extra["support_weapons"]
    assert [(w["id"], w["name"], w["hex"]) for w in weapons] == [("w1", "DC", "4E5"), ("w2", "PSK", None)]
    assert lines(window) == {"w1": "DC (support weapon on 4E5)", "w2": "PSK (support weapon in the margin)"}
    assert window.order_of_battle.dock.isVisibleTo(window) and "w1" in window.scene.weapons.items
    assert "drag one onto a unit in Setup to give it): 1 german DC, 1 german PSK" in infos[0]
