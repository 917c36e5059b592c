"""DESIGN.md 9, docs/contract.md (contract check 25): an action is checked whole against its kind's
declaration (``RESOLVERS``: every required key given; ``KEY_DOMAINS``: every given key in its
domain) before any resolver answers it. A unit off the map (``"hex": null``) or of the wrong kind
in a role makes a well-formed question illegal (exit 0), never a malformed one well formed: each
malformed variant of every kind still exits 2 naming its key, whoever the action names.

Errors found while answering name a unit by its index in the file (``units[i]``), units off the map
counted; and a vehicle whose roster entry has no ordnance MA is answered illegal (C3), not refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import scenario_from_json
from aslgui.rules import RESOLVERS, resolve
from aslgui.rules.action_keys import COMMON_KEYS
from aslgui.rules.actions import DICE, DRM, FLAG, HEX, UNIT, UNITS, Action, domain_of
from tests.rules.test_declared_answer_keys import BASE, BOARD, OFF_MAP, ON_MAP, STAND_IN, situation, unit_roles
from tests.test_cli import run

#: A unit of the wrong kind for each role that asks for one kind (answered legal false, DESIGN.md 4).
WRONG_KIND = {
    ("fire", "firer"): "s1", ("overrun", "vehicle"): "g1", ("reaction_fire", "vehicle"): "s2",
    ("change_ca", "unit"): "s1", ("ca_hexes", "unit"): "s1", ("limber", "gun"): "s1", ("unlimber", "gun"): "s1",
    ("push", "gun"): "t1", ("tow_move", "vehicle"): "s1", ("trailer_target", "vehicle"): "s1",
    **{(kind, role): "s1" for kind in ("hook_up", "unhook", "portee_load", "portee_unload")
       for role in ("vehicle", "gun")},
}


def stand_ins() -> list[tuple[str, str, Any]]:
    """(kind, role, value): every unit role of every kind with a unit off the map in it, and every
    role that asks for one kind of unit with a unit of another kind."""
    off = [(kind, role, [STAND_IN.get(role, "s9")] if domain_of(kind, role).check is UNITS.check
            else STAND_IN.get(role, "s9")) for kind, role in unit_roles()]
    return off + [(kind, role, unit) for (kind, role), unit in sorted(WRONG_KIND.items())]


def bad_value(kind: str, key: str) -> tuple[Any, str]:
    """A value outside ``key``'s domain, and the path the error names."""
    domain = domain_of(kind, key)
    path = f"action.{key}"
    if domain.check is FLAG.check:
        return "yes", path
    if domain.check in (UNIT.check, Action.unit_or_units):
        return "nosuch", path
    if domain.check is UNITS.check:
        return ["nosuch"], f"{path}[0]"
    if domain.check is HEX.check:
        return "4Z99", path
    if domain.check is DICE.check:
        return {"colored": 9, "white": 1}, f"{path}.colored"
    if domain.check is DRM.check:
        return [{"value": 1, "lable": "x"}], f"{path}[0].lable"
    if domain.bounds is not None:
        return domain.bounds[1] + 1, path
    if domain.check is Action.number:
        return -1, path
    if key == "threat_to_side":
        return 3, path  # any side's name is one (a side with no unit yet: DESIGN.md 12)
    return "xx", path  # a choice, a hexspine


def malformed(kind: str, role: str) -> list[tuple[str, dict[str, Any], str]]:
    """(what, change, path): each required key left out and given null, each other key out of its
    domain, and an unknown key; never the role itself, which holds the stand-in."""
    cases: list[tuple[str, dict[str, Any], str]] = [("unknown key", {"bogus": 1}, "action.bogus")]
    for group in RESOLVERS[kind].required:
        if role not in group:
            cases.append((f"{'/'.join(group)} left out", dict.fromkeys(group, "<drop>"), f"action.{group[0]}"))
            cases.append((f"{'/'.join(group)} null", dict.fromkeys(group), f"action.{group[0]}"))
    for key in sorted((RESOLVERS[kind].keys | COMMON_KEYS) - {"kind", role}):
        value, path = bad_value(kind, key)
        cases.append((f"{key} bad", {key: value}, path))
    return cases


TABLE = [(kind, role, value, what, change, path)
         for kind, role, value in stand_ins() for what, change, path in malformed(kind, role)]


def with_stand_in(kind: str, role: str, value: Any, change: dict[str, Any] | None = None) -> dict[str, Any]:
    action = {"kind": kind, **BASE[kind], role: value, **(change or {})}
    return {key: v for key, v in action.items() if v != "<drop>"}


@pytest.mark.parametrize(("kind", "role", "value"), stand_ins())
def test_design_4_each_stand_in_alone_is_a_well_formed_illegal_question(kind: str, role: str, value: Any) -> None:
    """The table below is real: without a change each of its actions is answered legal false."""
    answer = resolve(situation(), with_stand_in(kind, role, value))
    assert answer.legal is False and len(answer.reasons) >= 1


@pytest.mark.parametrize(("kind", "role", "value", "what", "change", "path"), TABLE,
                         ids=[f"{k}-{r}={v}-{w}" for k, r, v, w, _, _ in TABLE])
def test_design_9_a_malformed_action_is_an_error_whoever_it_names(
        kind: str, role: str, value: Any, what: str, change: dict[str, Any], path: str) -> None:
    with pytest.raises(AslError) as error:
        resolve(situation(), with_stand_in(kind, role, value, change))
    assert error.value.path == path, error.value.message


def scenario_file(tmp_path: Path, units: list[dict[str, Any]], player: str = "russian") -> str:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": BOARD, "phase": "PFPh",
                                "player": player, "units": units}), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("action", "path"), [
    # The check's finding A: an off-map firer (g9) let each of these through with exit 0.
    ({"kind": "fire", "firer": "g9", "target": "nosuch", "dice": {"colored": 9, "white": 1}}, "action.target"),
    ({"kind": "fire", "firer": "g9", "target": 5}, "action.target"),
    ({"kind": "fire", "firer": "g9", "target": "t1", "intensive": "yes"}, "action.intensive"),
    ({"kind": "fire", "firer": "g9", "target": "t1", "extra_drm": [{"value": 1, "lable": "x"}]},
     "action.extra_drm[0].lable"),
    ({"kind": "fire", "firer": "g9"}, "action.target"),
    ({"kind": "push", "gun": "g9", "to_hex": "4Z99"}, "action.to_hex"),
    ({"kind": "push", "gun": "g1", "to_hex": "4E6", "pushers": ["c9", "nosuch"]}, "action.pushers[1]"),
    ({"kind": "overrun", "vehicle": "t9", "target_hex": "4F6", "mp_spent": -3}, "action.mp_spent"),
    # Finding B: a unit of the wrong kind let each required key be left out.
    ({"kind": "fire", "firer": "s1"}, "action.target"),
    ({"kind": "overrun", "vehicle": "g1"}, "action.target_hex"),
    ({"kind": "push", "gun": "t1"}, "action.to_hex"),
    ({"kind": "change_ca", "unit": "s1"}, "action.ca"),
    ({"kind": "reaction_fire", "unit": "s1", "vehicle": "s2"}, "action.type"),
    ({"kind": "tow_move", "vehicle": "s1"}, "action.to_hex"),
    ({"kind": "trailer_target", "vehicle": "s1"}, "action.facing"),
])
def test_design_9_the_checkers_cases_exit_2_naming_the_key(tmp_path: Path, action: dict[str, Any], path: str) -> None:
    done = run("resolve", scenario_file(tmp_path, [*ON_MAP, *OFF_MAP]), "-", stdin=json.dumps(action))
    assert (done.returncode, done.stdout) == (2, "")
    assert json.loads(done.stderr)["path"] == path


def test_design_8_a_well_formed_action_naming_an_off_map_unit_still_exits_0(tmp_path: Path) -> None:
    action = {"kind": "fire", "firer": "g9", "target": "t1", "dice": {"colored": 3, "white": 1}}
    done = run("resolve", scenario_file(tmp_path, [*ON_MAP, *OFF_MAP]), "-", stdin=json.dumps(action))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["reasons"] == [
        "action.firer: g9 is not on the map (off the boards, in the order of battle): place it on a hex first"]


def test_contract_the_required_marks_are_the_keys_the_program_requires() -> None:
    """docs/contract.md marks a key "(required" in each kind's table exactly when ``RESOLVERS``
    declares it required (it lacked ``tow_move.to_hex`` and ``trailer_target.facing``), and lists
    ``unit_level`` for ``place_dc`` only, as the program reads it."""
    from tests.test_contract_doc import sections

    by_section: dict[str, set[str]] = {}
    for kind, text in sections().items():
        marked = {key for row in text.splitlines() if row.startswith("| `") and "(required" in row
                  for key in re.findall(r"`([a-z_]+)`", row.split(" | ")[0])}
        by_section.setdefault(text, set()).update(marked)
        assert ("`unit_level` | place only" in text) == (kind in ("place_dc", "throw_dc"))
    for text, marked in by_section.items():
        kinds = [kind for kind, t in sections().items() if t == text]
        assert marked == {key for kind in kinds for group in RESOLVERS[kind].required for key in group}, kinds
    assert "unit_level" in RESOLVERS["place_dc"].keys and "unit_level" not in RESOLVERS["throw_dc"].keys


# -- D: ``units[i]`` is the unit's index in the file, units off the map counted ------------------
FIRST_OFF = [{"id": "x1", "side": "german", "kind": "squad", "hex": None},
             {"id": "x2", "side": "german", "kind": "squad", "hex": None}]
TANK = {"id": "t1", "side": "german", "nationality": "german", "kind": "vehicle", "name": "PzKpfw IIIG",
        "hex": "4E8", "vca": "NW/N", "turret": "T", "tca": "NW/N", "ma": {"caliber": 50, "barrel": "L"}, "mp": 12}


@pytest.mark.parametrize(("gun", "path"), [
    ({"name": "a gun the roster lacks"}, "units[2].caliber"),
    ({"name": "57LL AT", "nationality": "rusian"}, "units[2].nationality"),
])
def test_design_9_a_guns_error_names_its_index_in_the_file(tmp_path: Path, gun: dict[str, Any], path: str) -> None:
    units = [*FIRST_OFF, {"id": "g1", "side": "russian", "kind": "gun", "hex": "4E5", "ca": "S/SW", **gun},
             {**TANK}]
    done = run("resolve", scenario_file(tmp_path, units), "-",
               stdin=json.dumps({"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"}))
    assert done.returncode == 2
    assert json.loads(done.stderr)["path"] == path


def test_d7_11_a_passengers_error_names_its_index_in_the_file() -> None:
    """The OVR's FP adds the passengers' (D7.11): one without a printed FP is an error at its own
    ``units[5].fp``, not at its index among the units on the map (``units[3]``)."""
    units = [*FIRST_OFF, {**TANK, "hex": "4E5"},
             {"id": "s2", "side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E6"},
             {"id": "r1", "side": "german", "kind": "squad", "name": "a rider", "hex": "4E5", "aboard": "t1"},
             {"id": "r2", "side": "german", "kind": "squad", "name": "a rider", "hex": "4E5", "aboard": "t1"}]
    scenario = scenario_from_json({"format": "aslgui-scenario", "version": 1, "boards": BOARD, "phase": "MPh",
                                   "player": "german", "units": units})
    with pytest.raises(AslError) as error:
        resolve(scenario, {"kind": "overrun", "vehicle": "t1", "target_hex": "4E6", "passengers": ["r2"]})
    assert error.value.path == "units[5].fp"


# -- E: a vehicle whose roster entry has no ordnance MA ------------------------------------------
@pytest.mark.parametrize("name", ["SPW 250/1", "M3 Halftrack"])
@pytest.mark.parametrize("ma", [{}, {"ma": None}])
def test_c3_a_vehicle_whose_roster_entry_has_no_ordnance_ma_is_answered_illegal(
        tmp_path: Path, name: str, ma: dict[str, Any]) -> None:
    """An MG-armed halftrack has no MA to fire ordnance (C3): legal false, exit 0, not an error
    at a ``units[i].ma.caliber`` the file does not hold."""
    units = [*FIRST_OFF, {"id": "spw", "side": "german", "kind": "vehicle", "name": name, "hex": "4E8",
                          "vca": "NW/N", **ma},
             {"id": "s1", "side": "russian", "kind": "squad", "name": "4-4-7", "hex": "4E5"}]
    action = {"kind": "fire", "firer": "spw", "target": "s1", "phase": "PFPh", "dice": {"colored": 2, "white": 3}}
    done = run("resolve", scenario_file(tmp_path, units, player="german"), "-", stdin=json.dumps(action))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["legal"], answer["final_th_needed"], answer["odds"], "outcome" in answer) == (
        False, None, None, False)
    assert answer["reasons"] == [f"spw has no ordnance main armament to fire: its roster entry {name!r} gives none "
                                 '(give it "ma" with a caliber if it has one) (C3)']
