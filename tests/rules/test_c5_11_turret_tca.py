"""C5.11: a turreted vehicle fires its MA from its TCA. Bringing a target into the TCA turns the
turret at its own rate (T/ST); pivoting the hull instead (``pivot: "vca"``) turns turret and hull
together at the NT rate, for as many hexspines as the turret needs, never 0 while the target is
outside the TCA. A target already in the TCA needs no Case A, pivot or not."""

from __future__ import annotations

from typing import Any

import pytest

from aslgui.rules import resolve
from aslgui.rules.apply import unit_changes
from tests.rules.fixtures.to_hit_scenarios import german_tank, scenario, unit

#: From 4E5, 4F3 lies inside the N/NE CA; so many hexspines turn any CA onto it.
SPINES_TO_4F3 = {"N/NE": 0, "NE/SE": 1, "SE/S": 2, "S/SW": 3, "SW/NW": 2, "NW/N": 1}
#: Case A by Gun type and hexspines (C5.1): the first costs T 1, ST 2, NT 3; each further one +1.
CASE_A = {"T": (0, 1, 2, 3), "ST": (0, 2, 3, 4), "NT": (0, 3, 4, 5)}


def _shot(vca: str, tca: str, turret: str = "T", terrain: str = "open ground", target_type: str = "infantry",
          **action: Any) -> dict[str, Any]:
    target = (unit("s", "squad", "4F3", side="russian") if target_type == "infantry" else
              {"id": "s", "side": "russian", "nationality": "russian", "kind": "vehicle", "name": "T-34 M41",
               "hex": "4F3", "vca": "S/SW"})
    situation = scenario(german_tank(hex_name="4E5", vca=vca, tca=tca, turret=turret), target, player="german",
                         terrain={"4E5": terrain})
    return resolve(situation, {"kind": "fire", "firer": "t", "target": "s", "target_type": target_type,
                               **action}).to_json()


def _case_a(answer: dict[str, Any]) -> dict[str, Any] | None:
    return next((line for line in answer["drm"] if line["case"] == "A"), None)


@pytest.mark.parametrize("tca", ["NE/SE", "SE/S", "S/SW", "NW/N"])
@pytest.mark.parametrize("turret", ["T", "ST"])
@pytest.mark.parametrize("target_type", ["infantry", "vehicle"])
def test_c5_11_pivoting_the_hull_counts_the_turrets_hexspines_at_the_nt_rate(tca: str, turret: str,
                                                                            target_type: str) -> None:
    """The target is in the VCA (N/NE) but not the TCA: the hull pivot still turns the turret."""
    answer = _shot("N/NE", tca, turret, target_type=target_type, pivot="vca")
    spines = SPINES_TO_4F3[tca]
    assert answer["ca_change_spines"] == spines > 0
    line = _case_a(answer)
    assert line is not None and line["value"] == CASE_A["NT"][spines]
    assert line["text"].startswith(f"NT, {spines} hexspine") and "(VCA)" in line["text"]


@pytest.mark.parametrize("tca", ["NE/SE", "SE/S", "S/SW"])
@pytest.mark.parametrize("turret", ["T", "ST"])
def test_c5_11_turning_the_turret_uses_its_own_rate(tca: str, turret: str) -> None:
    answer = _shot("N/NE", tca, turret)
    spines = SPINES_TO_4F3[tca]
    line = _case_a(answer)
    assert line is not None and line["value"] == CASE_A[turret][spines] and "(TCA)" in line["text"]


@pytest.mark.parametrize("pivot", [None, "vca", "tca"])
@pytest.mark.parametrize("vca", ["SE/S", "S/SW"])
def test_c5_11_a_target_in_the_tca_needs_no_case_a_even_outside_the_vca(pivot: str | None, vca: str) -> None:
    answer = _shot(vca, "N/NE", **({"pivot": pivot} if pivot else {}))
    assert answer["ca_change_spines"] == 0 and _case_a(answer) is None


def test_c5_11_a_pivot_in_woods_is_doubled_and_needs_a_bog_check() -> None:
    answer = _shot("N/NE", "SE/S", terrain="woods", pivot="vca")
    line = _case_a(answer)
    assert line is not None and line["value"] == 2 * CASE_A["NT"][2]
    assert any("Bog Check" in note and note.endswith("(C5.11)") for note in answer["notes"])


@pytest.mark.parametrize(("pivot", "vca_after"), [(None, "N/NE"), ("vca", "SW/NW")])
def test_c5_11_commit_turns_the_turret_and_a_pivot_turns_the_hull_with_it(pivot: str | None, vca_after: str) -> None:
    """Turret SE/S, hull N/NE, target two hexspines anticlockwise of the turret: the turret comes
    to N/NE; a pivot turns the hull by the same two hexspines, to SW/NW."""
    situation = scenario(german_tank(hex_name="4E5", vca="N/NE", tca="SE/S"), unit("s", "squad", "4F3",
                                                                                  side="russian"), player="german")
    action = {"kind": "fire", "firer": "t", "target": "s", "target_type": "infantry",
              **({"pivot": pivot} if pivot else {}), "dice": {"colored": 6, "white": 6}}
    changed = {u.id: u for u in unit_changes(situation, action, resolve(situation, action))}["t"]
    names = ("N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N")
    assert names[changed.tca] == "N/NE" and names[changed.vca] == vca_after
