"""Invariants of the To Hit answer over many random shots (hypothesis)."""

from __future__ import annotations

from itertools import product
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.geometry import SPINE_NAMES
from aslgui.rules.to_hit.numbers import ThNumbers
from tests.rules.fixtures.to_hit_scenarios import fire, russian_gun, scenario, unit

TERRAIN = ["open ground", "woods", "shellhole", "stone building", "wooden rubble", "marsh"]
TARGET_HEXES = ["4E5", "4E6", "4F3", "4C9", "4H2", "4A10", "4K5", "4E1"]

shots = st.fixed_dictionaries(
    {
        "ca": st.sampled_from(SPINE_NAMES),
        "target_hex": st.sampled_from(TARGET_HEXES),
        "firer_terrain": st.sampled_from(TERRAIN),
        "target_terrain": st.sampled_from(TERRAIN),
        "phase": st.sampled_from(["PFPh", "DFPh", "AFPh"]),
        "pinned": st.booleans(),
        "cx": st.booleans(),
        "target_type": st.sampled_from(["infantry", "area"]),
        "acquisition": st.integers(0, 2),
        "extra": st.lists(st.integers(-3, 3), max_size=3),
        "colored": st.integers(1, 6),
        "white": st.integers(1, 6),
        "dr": st.integers(1, 6),
    }
)


def _answer(shot: dict[str, Any], more: int = 0) -> dict[str, Any]:
    terrain = {"4E5": shot["firer_terrain"]}
    terrain.setdefault(shot["target_hex"], shot["target_terrain"])
    situation = scenario(
        russian_gun("4E5", shot["ca"], crew_pinned=shot["pinned"], crew_cx=shot["cx"]),
        unit("s", "squad", shot["target_hex"]),
        terrain=terrain,
        phase=shot["phase"],
    )
    extra = [{"value": v, "label": f"extra {i}"} for i, v in enumerate([*shot["extra"], more]) if v]
    return fire(
        situation,
        firer="g",
        target="s",
        target_type=shot["target_type"],
        acquisition=shot["acquisition"],
        extra_drm=extra,
        dice={"colored": shot["colored"], "white": shot["white"]},
        dr=shot["dr"],
    )


@settings(max_examples=300, deadline=None)
@given(shots)
def test_total_drm_is_the_sum_of_the_lines_and_sets_the_number_needed(shot: dict[str, Any]) -> None:
    answer = _answer(shot)
    assert answer["total_drm"] == sum(line["value"] for line in answer["drm"])
    assert answer["final_th_needed"] == min(answer["modified_th"] - answer["total_drm"], 12)  # DESIGN.md 4
    assert answer["improbable"] is (answer["final_th_needed"] < 2)
    assert all(line["rule"] and line["text"] for line in answer["drm"])


@settings(max_examples=300, deadline=None)
@given(shots, st.integers(1, 6))
def test_more_drm_never_makes_a_hit_easier(shot: dict[str, Any], more: int) -> None:
    easier, harder = _answer(shot), _answer(shot, more)
    assert harder["modified_th"] - harder["total_drm"] < easier["modified_th"] - easier["total_drm"]
    assert harder["final_th_needed"] <= easier["final_th_needed"]
    assert harder["legal"] is easier["legal"]
    if harder["legal"]:
        assert easier["outcome"]["hit"] or not harder["outcome"]["hit"]
        assert easier["outcome"]["critical"] or not harder["outcome"]["critical"]


@settings(max_examples=200, deadline=None)
@given(shots)
def test_a_critical_hit_is_always_a_hit_at_or_below_the_critical_max_dr(shot: dict[str, Any]) -> None:
    answer = _answer(shot)
    outcome = answer.get("outcome")
    if outcome and outcome["critical"]:
        assert outcome["hit"]
        assert shot["colored"] + shot["white"] <= answer["critical_max_dr"]


def test_th_numbers_read_from_the_lowest_and_highest_dr_over_every_number() -> None:
    """C3.3, C3.6, C3.7, C5.35: every property that reads the lowest or highest DR (2 and 12, or 3
    and 18 with the lower dr doubled) agrees with them, and no CH number is asked where it cannot
    matter, over every Modified TH# and DRM (the properties answer each shot several times, so some
    read those bounds directly; issue 40)."""
    for modified_th, total_drm, target_type, deliberate, doubled in product(
            range(-2, 20), range(-8, 14), ("vehicle", "infantry", "area"), (False, True), (False, True)):
        numbers = ThNumbers(modified_th, total_drm, target_type, deliberate, doubled)
        needed = min(modified_th - total_drm, numbers.highest_dr)
        assert numbers.final_th_needed == needed
        assert numbers.improbable is (needed < numbers.lowest_dr)
        assert numbers.only_lowest_hits is (needed == numbers.lowest_dr)
        direct = min((modified_th - 2 * total_drm + 1) // 2 - 1, needed)  # Final DR below half the TH#
        infantry_direct = target_type == "infantry" and not numbers.improbable and direct >= numbers.lowest_dr
        if deliberate:
            assert numbers.critical_max_dr is None
        elif infantry_direct:
            highest = max(dr for dr in range(2, 13) if not doubled or dr + max(1, dr - 6) <= direct)
            assert numbers.critical_max_dr == (highest if doubled else direct)
        else:
            assert numbers.critical_max_dr == 2
        assert (numbers.doubled_ch_note is not None) is (doubled and infantry_direct)
