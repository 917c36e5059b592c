"""Answers of every action kind, as a player meets them: each rulebook example's prepared action,
every drop and context-menu action of every unit in each phase, and a few set-ups for the kinds
the examples do not reach (Reaction Fire, unhooking, towing, trailers, en portee, detonation).
Each without dice and with low, middling and high dice. For checking that every answer key is
named for players (ui/answer_words.py) and documented (docs/contract.md)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from aslgui.errors import AslError
from aslgui.model import PHASES, Scenario, load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from aslgui.rules.gestures import Gesture, available, gestures_for_drop, staged
from aslgui.rules.menu_gestures import context_gestures
from aslgui.rules.resolution import Resolution

DICE = ({}, *({"dice": {"colored": c, "white": w}, "dr": d} for c, w, d in ((1, 1, 1), (4, 3, 5), (6, 6, 6))))


def _answers(scenario: Scenario, action: dict[str, Any]) -> list[Resolution]:
    out = []
    for dice in DICE:
        try:
            out.append(resolve(scenario, {**action, **dice}))
        except AslError:  # a meaning this situation cannot answer (a truck has no MA to fire)
            continue
    return out


def _situation_answers(scenario: Scenario, prepared: dict[str, Any] | None) -> list[Resolution]:
    found = _answers(scenario, prepared) if prepared else []
    occupied = sorted({u.hex for u in scenario.units.values()})
    for phase in PHASES:
        for unit_id in scenario.units:
            gestures: list[Gesture] = []
            for h in occupied:
                gestures += gestures_for_drop(scenario, unit_id, h, phase).gestures
            gestures += context_gestures(scenario, unit_id, phase)
            for gesture in available(gestures):
                found += _answers(staged(scenario, gesture), gesture.action)
    return found


def _extra_set_ups() -> list[Resolution]:
    """The kinds no example prepares or offers."""
    found: list[Resolution] = []
    overrun = load_scenario(resource_path("examples", "d7_22_overrun.json"))
    overrun.units["t1"] = overrun.units["t1"]._replace(hex=overrun.units["r1"].hex)  # the OVR has happened
    for kind in ("cc", "non_cc"):
        found += _answers(overrun, {"kind": "reaction_fire", "unit": "r1", "vehicle": "t1", "type": kind,
                                    "phase": "MPh"})
    # a move, and the one ending in an OVR of the 6-2-8 in the woods (DESIGN.md 13)
    found += _answers(overrun, {"kind": "move", "unit": "t1", "path": ["1C2", "1B3"], "end": "motion"})
    found += _answers(load_scenario(resource_path("examples", "d7_22_overrun.json")),
                      {"kind": "move", "unit": "t1", "path": ["1C3"]})
    towing = load_scenario(resource_path("examples", "c10_13_hook_up.json"))
    towing.units["rcl75"] = towing.units["rcl75"]._replace(towed_by="spw", limbered=True)
    found += _answers(towing, {"kind": "unhook", "vehicle": "spw", "gun": "rcl75", "phase": "MPh"})
    spw = towing.units["spw"].hex
    beside = next(h for h in towing.grid.all_hexes if h.col == spw.col + 1 and h.row == spw.row)
    found += _answers(towing, {"kind": "tow_move", "vehicle": "spw", "to_hex": towing.grid.name(beside),
                               "phase": "MPh"})
    found += _answers(towing, {"kind": "trailer_target", "vehicle": "spw", "facing": "rear", "missed_by_one": True})
    portee = load_scenario(resource_path("examples", "c10_13_hook_up.json"))
    portee.units["rcl75"] = portee.units["rcl75"]._replace(aboard="spw")
    found += _answers(portee, {"kind": "portee_unload", "vehicle": "spw", "gun": "rcl75", "phase": "MPh"})
    demo = load_scenario(resource_path("scenarios", "demo.json"))
    demo.units["s1"] = demo.units["s1"]._replace(extra={"set_dc": "4F3"}, hex=demo.grid.parse("4F5"))
    found += _answers(demo, {"kind": "detonate_dc", "unit": "s1", "hex": "4F3", "phase": "PFPh"})
    found += _answers(demo, {"kind": "set_dc", "unit": "s1", "us_number": 4, "phase": "MPh"})
    placed = load_scenario(resource_path("scenarios", "demo.json"))
    placed.units["s1"] = placed.units["s1"]._replace(extra={"placed_dc": "4F3"})
    found += _answers(placed, {"kind": "detonate_dc", "unit": "s1", "hex": "4F3", "phase": "AFPh", "ntc_passed": True})
    found += _answers(demo, {"kind": "los", "from": "4E5", "to": "4E9"})
    found += _answers(demo, {"kind": "hex_info", "hex": "4E6"})
    found += _answers(demo, {"kind": "odds_map", "unit": "g1", "target_type": "vehicle", "target": {"size": -1}})
    found += _answers(demo, {"kind": "odds_map", "threat_to_side": "german", "target_type": "infantry"})
    # what the menu no longer offers out of a fire phase of the unit's side (C3.22, C10.21, A3), asked anyway
    for phase in PHASES:
        for player in ("russian", "german"):
            demo.phase, demo.player = phase, player
            found += _answers(demo, {"kind": "change_ca", "unit": "g1", "ca": "N/NE"})
            found += _answers(demo, {"kind": "limber", "gun": "g1"})
    return found


@cache
def answers_by_kind() -> dict[str, tuple[Resolution, ...]]:
    """Every sample answer, by action kind."""
    found: list[Resolution] = []
    for path in sorted(resource_path("examples").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found += _situation_answers(load_scenario(path), data.get("prepared_action"))
    found += _situation_answers(load_scenario(resource_path("scenarios", "demo.json")), None)
    found += _extra_set_ups()
    by_kind: dict[str, list[Resolution]] = {}
    for answer in found:
        by_kind.setdefault(answer.kind, []).append(answer)
    return {kind: tuple(answers) for kind, answers in by_kind.items()}
