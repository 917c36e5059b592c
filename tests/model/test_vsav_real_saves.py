"""The real VASL saves in ``../shared/vasl/vsav`` (read in place, never copied; skipped without)."""

from __future__ import annotations

from collections import Counter

import pytest

from aslgui.model import scenario_from_json
from aslgui.model.vsav_import import import_vsav
from aslgui.vasl.vsav import read_vsav
from tests import vsav_saves as vs

SAVES = vs.REAL_SAVES
STALINGRAD = SAVES / "The Streets Of Stalingrad (Scenario C).vsav"
pytestmark = pytest.mark.skipif(not SAVES.is_dir(), reason=f"no real VASL saves at {SAVES} (a clone has no ../shared)")


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.vsav")) if SAVES.is_dir() else [])
def test_every_real_save_imports_and_loads(name: str) -> None:
    imported = import_vsav(SAVES / name)
    scenario = scenario_from_json(imported.scenario)
    assert len(scenario.units) + len(scenario.off_board) == len(imported.scenario["units"])


def test_stalingrad_set_up_board_01_and_its_order_of_battle() -> None:
    """The set-up file keeps both orders of battle in the margins of board 01: every unit is
    off the boards; set-up outlines, labels and the turn track are not units."""
    imported = import_vsav(STALINGRAD)
    units = imported.scenario["units"]
    assert imported.scenario["boards"] == [{"id": "1", "col": 0, "row": 0}]
    assert all(u["hex"] is None for u in units)
    names = Counter((u["nationality"], u["kind"], u["name"]) for u in units)
    assert names[("russian", "squad", "4-4-7 1sq")] == 21
    assert names[("russian", "squad", "5-2-7 1sq")] == 26
    assert names[("russian", "squad", "6-2-8 Esq")] == 12
    assert names[("german", "squad", "4-6-7 1sq")] == 26
    assert names[("german", "squad", "8-3-8 Esq")] == 6
    assert names[("german", "leader", "10-3")] == 1
    assert names[("german", "vehicle", "StuG IIIG")] == 3
    assert names[("russian", "vehicle", "T-34 M41")] == 2
    assert Counter(u["side"] for u in units) == {"allied": 69, "axis": 48}
    report = imported.report
    assert report.skipped["set-up outlines"] == 126
    assert report.skipped["labels"] == 27
    assert report.loose_sw["german LMG"] == 10
    assert report.unknown == {}


def test_stalingrad_vehicles_point_their_art_at_se_s() -> None:
    """Every vehicle of the set-up is unrotated; VASL's own VCA Layer names it vca3 = SE/S."""
    vehicles = [u for u in import_vsav(STALINGRAD).scenario["units"] if u["kind"] == "vehicle"]
    assert len(vehicles) == 8
    assert {u["vca"] for u in vehicles} == {"SE/S"}
    assert {u["tca"] for u in vehicles if u["name"].startswith("T-34")} == {"SE/S"}
    assert all(u["bu"] for u in vehicles)


def test_stalingrad_has_600_pieces() -> None:
    game = read_vsav(STALINGRAD)
    assert len(game.pieces) + len(game.stacks) == 599
    assert [b.name for b in game.boards] == ["01"]


def test_hip_and_concealed_save() -> None:
    """A German PzKw VIE concealed (its own trait and a ? on it), a Russian SU-152 hidden."""
    units = {u["name"]: u for u in import_vsav(SAVES / "hip-concealed.vsav").scenario["units"]}
    assert units["PzKw VIE"]["concealed"] is True and "hip" not in units["PzKw VIE"]
    assert (units["SU-152"]["concealed"], units["SU-152"]["hip"]) == (True, True)


def test_labels_save_puts_its_units_on_board_00() -> None:
    units = {u["name"]: u["hex"] for u in import_vsav(SAVES / "labels.vsav").scenario["units"]}
    assert units == {"8-3-8 Esq": "0B1", "81* MTR GrW 34": "0D1", "PzKw VG": "0E2"}
