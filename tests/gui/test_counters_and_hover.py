"""What counters show and what the status line says: pure functions of the model, plus the
undo commands and the properties editor's value parsing."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from aslgui.errors import AslError
from aslgui.geometry import parse_spine
from aslgui.model import MainArmament, Unit, load_scenario
from aslgui.ui.map import style
from aslgui.ui.map.arcs import nearest_spine
from aslgui.ui.map.counters import _marker_lines, counter_texts, fire_marker, markers, stacking_order
from aslgui.ui.map.hover import case_a_drm, hover_text
from aslgui.ui.window.commands import EditCommand
from aslgui.ui.window.main_window import DEMO_PATH
from aslgui.ui.window.new_scenario import arrange_boards, parse_board_ids
from aslgui.ui.window.panels import editable_keys, with_value

pytestmark = pytest.mark.gui

DEMO = load_scenario(DEMO_PATH)


def test_gun_counter_shows_calibre_barrel_rof_and_m_number() -> None:
    assert counter_texts(DEMO.units["g1"]) == ("57LL AT", "57LL", "ROF3 M12")


def test_vehicle_counter_shows_its_ma_mp_and_towing_number() -> None:
    assert counter_texts(DEMO.units["t1"]) == ("PzKpfw IIIG", "50L", "MP16 T9")


def test_infantry_counters_show_their_strength_factors() -> None:
    assert counter_texts(DEMO.units["s2"]) == ("Squad", "4-6-7", "")
    assert counter_texts(DEMO.units["l1"]) == ("Leader", "8-1", "")
    assert counter_texts(DEMO.units["c1"]) == ("crew", "2-2-8", "")
    assert counter_texts(DEMO.units["s2"]._replace(broken=True)) == ("Squad", "4-6-7", "BROKEN")


def test_a4_43_a_manned_gun_is_drawn_right_on_top_of_its_crew() -> None:
    # The demo lists the 57LL AT (g1) before its crew (c1); the stack shows the Gun on top.
    order = [u.id for u in stacking_order(DEMO.units.values())]
    assert order.index("g1") == order.index("c1") + 1
    squad = Unit(id="x", side="russian", kind="squad", hex=DEMO.units["g1"].hex)
    crew_first = [DEMO.units["c1"], squad, DEMO.units["g1"]]
    assert [u.id for u in stacking_order(crew_first)] == ["c1", "g1", "x"]
    moved_crew = DEMO.units["c1"]._replace(hex=DEMO.units["s1"].hex)  # a crew elsewhere: file order stands
    assert [u.id for u in stacking_order([DEMO.units["g1"], moved_crew])] == ["g1", "c1"]


def test_markers_follow_the_unit_status_and_the_phase() -> None:
    tank = DEMO.units["t1"]._replace(motion=True, fired=True, low_ammo=True)
    assert markers(tank, "DFPh", attacker="russian") == ["BU", "Motion", "Final Fire", "Low Ammo"]
    assert markers(tank, "MPh", attacker="russian") == ["BU", "Motion", "First Fire", "Low Ammo"]
    gun = DEMO.units["g1"]._replace(fired=True, intensive_fired=True)
    assert markers(gun, "PFPh", attacker="russian") == ["Intensive Fire"]  # it replaces the Prep Fire counter (C5.6)
    # A3.4: a DEFENDER that fired in the MPh keeps its First Fire counter in the DFPh until it fires again
    first_fired = DEMO.units["t1"]._replace(fired=True, extra={"fired_in": "MPh"})
    assert fire_marker(first_fired, "DFPh", "russian") == "First Fire"
    assert fire_marker(first_fired._replace(extra={"fired_in": "DFPh"}), "AFPh", "russian") == "Final Fire"
    squad = DEMO.units["s1"]._replace(pinned=True, cx=True, labor=-1, extra={"ti": True})
    assert markers(squad, "PFPh", attacker="russian") == ["Pin", "TI", "Labor", "CX", "DC"]
    open_tank = DEMO.units["t1"]._replace(bu=False, extra={"ce": True})
    assert markers(open_tank, "PFPh", attacker="german") == ["CE"]


@pytest.mark.parametrize(
    ("mount", "spines", "doubled", "drm"),
    [
        ("NT", 1, False, 3),
        ("NT", 2, False, 4),
        ("ST", 1, False, 2),
        ("ST", 3, False, 4),
        ("T", 3, False, 3),
        ("NT", 2, True, 8),
    ],
)
def test_c5_1_case_a_drm_by_gun_type(mount: str, spines: int, doubled: bool, drm: int) -> None:
    assert case_a_drm(mount, spines, doubled) == drm


def test_hover_text_names_the_hex_its_units_range_and_ca() -> None:
    grid = DEMO.grid
    gun = DEMO.units["g1"]
    assert hover_text(DEMO, grid.parse("4E6"), gun) == "4E6  open ground  |  range 1 from 57LL AT (S/SW): in CA"
    assert hover_text(DEMO, grid.parse("4D6"), gun) == "4D6  woods  |  range 2 from 57LL AT (S/SW): in CA"
    assert hover_text(DEMO, grid.parse("4C9"), None) == "4C9  shellhole  |  4-6-7, 8-1"
    # C5.1: the NT Gun needs two hexspines to bring 4H5 in: +3 for the first, +1 for the second.
    assert hover_text(DEMO, grid.parse("4H5"), gun).endswith(
        "range 3 from 57LL AT (S/SW): needs 2 hexspines (Case A +4, NT)"
    )


def test_c5_11_case_a_doubles_for_a_gun_in_woods() -> None:
    scenario = load_scenario(DEMO_PATH)
    grid = scenario.grid
    scenario.terrain[grid.parse("4E5")] = "woods"
    assert hover_text(scenario, grid.parse("4H5"), scenario.units["g1"]).endswith("needs 2 hexspines (Case A +8, NT)")


def test_turreted_vehicle_case_a_turns_its_turret() -> None:
    grid = DEMO.grid
    tank = DEMO.units["t1"]._replace(ma=MainArmament(caliber=50, barrel="L"))
    assert hover_text(DEMO, grid.parse("4E10"), tank).endswith("needs 2 hexspines (Case A +2, T)")


@pytest.mark.parametrize(
    ("dx", "dy", "spine"),
    [(19, -32, "N/NE"), (40, 1, "NE/SE"), (19, 32, "SE/S"), (-19, 32, "S/SW"), (-40, 0, "SW/NW"), (-19, -32, "NW/N")],
)
def test_c3_2_a_rotation_drag_snaps_to_the_nearest_hexspine(dx: float, dy: float, spine: str) -> None:
    assert nearest_spine(dx, dy) == parse_spine(spine)


def test_edit_command_undo_restores_units_terrain_and_stack_order() -> None:
    scenario = load_scenario(DEMO_PATH)
    grid = scenario.grid
    order = list(scenario.units)
    command = EditCommand(
        scenario,
        "edit",
        units=[scenario.units["s2"]._replace(hex=grid.parse("4H5"))],
        removed=["l1"],
        terrain={grid.parse("4H5"): "woods", grid.parse("4E6"): "open ground"},
        to_top=["s2"],
    )
    command.redo()
    assert "l1" not in scenario.units and list(scenario.units)[-1] == "s2"
    assert scenario.terrain_at(grid.parse("4H5")) == "woods" and grid.parse("4E6") not in scenario.terrain
    command.undo()
    assert list(scenario.units) == order
    assert scenario.units == load_scenario(DEMO_PATH).units
    assert scenario.terrain == load_scenario(DEMO_PATH).terrain


def test_edit_command_that_changes_nothing_is_not_worth_an_undo_step() -> None:
    scenario = load_scenario(DEMO_PATH)
    assert not EditCommand(scenario, "same", units=[scenario.units["g1"]]).changes_anything


def test_properties_values_parse_into_unit_fields() -> None:
    gun: Unit = DEMO.units["g1"]
    assert with_value(gun, "ca", "N/NE").ca == 0
    assert with_value(gun, "ca", "").ca is None
    assert with_value(gun, "caliber", "75").caliber == 75
    assert with_value(gun, "barrel", "").barrel is None
    assert with_value(gun, "pinned", True).pinned
    assert with_value(DEMO.units["t1"], "ce", True).extra == {"ce": True}
    no_move = with_value(gun, "no_move", True)  # C3.22's marker can be set and cleared by hand
    assert no_move.extra == {"no_move": True} and with_value(no_move, "no_move", False).extra == {}
    assert with_value(DEMO.units["s1"], "labor", "-2").labor == -2
    assert with_value(DEMO.units["s1"], "dc", "captured").dc == "captured"
    assert all("no_move" in editable_keys(DEMO.units[uid]) for uid in ("g1", "c1", "t1"))
    with pytest.raises(ValueError):
        with_value(gun, "rof", "three")


def test_new_scenario_board_list_and_arrangement() -> None:
    assert parse_board_ids("4, 3 2") == ["4", "3", "2"]
    assert [(b.id, b.col, b.row) for b in arrange_boards(["4", "3", "2"], 2)] == [("4", 0, 0), ("3", 1, 0), ("2", 0, 1)]
    for bad in ("", "4, 4", "4; 3"):
        with pytest.raises(AslError):
            parse_board_ids(bad)


@pytest.mark.parametrize("name", sorted(style.MARKER_COLORS))
def test_every_marker_tile_shows_its_whole_text(qapp: object, name: str) -> None:
    """Each line of a marker tile fits the tile (Intensive Fire and Bounding First Fire were cut)."""
    for line in _marker_lines(name):
        assert QFontMetricsF(line.font).horizontalAdvance(line.text) <= style.MARKER_SIZE, (name, line.text)


@pytest.mark.parametrize(("phase", "attacker"), [("PFPh", "russian"), ("DFPh", "german"), ("MPh", "german")])
def test_c5_6_an_intensive_fire_counter_replaces_the_fire_phase_counter(phase: str, attacker: str) -> None:
    gun = DEMO.units["g1"]._replace(fired=True)
    fired = markers(gun, phase, attacker=attacker)
    assert fire_marker(gun, phase, attacker) in fired and "Intensive Fire" not in fired
    intensive = markers(gun._replace(intensive_fired=True), phase, attacker=attacker)
    assert "Intensive Fire" in intensive and fire_marker(gun, phase, attacker) not in intensive
