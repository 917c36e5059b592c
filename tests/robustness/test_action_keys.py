"""DESIGN.md section 9: an action key no part of its kind reads is an error naming it, with the
closest valid spelling, so a typo never changes an answer silently (issue 16 item 9)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aslgui.errors import AslError
from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import RESOLVERS, actions, resolve

DEMO_PATH = resource_path("scenarios", "demo.json")
DEMO = load_scenario(DEMO_PATH)
FIRE = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle", "phase": "PFPh"}

#: The optional keys DESIGN.md section 4 documents, by kind: each stays valid.
DOCUMENTED = {
    "fire": {"phase", "intensive", "deliberate_immobilization", "mp_in_los", "opportunity", "pivot", "extra_drm",
             "ammo", "acquisition", "target", "target_hex", "target_type", "firer"},
    "throw_dc": {"unit", "target_hex", "phase", "opportunity"},
    "push": {"gun", "to_hex", "pushers"},
    "change_ca": {"unit", "ca", "phase"},
    "ca_hexes": {"unit", "range"},
    "overrun": {"vehicle", "target_hex"},
    "place_dc": {"unit", "target_hex"},
    "hook_up": {"vehicle", "gun"},
    "unhook": {"vehicle", "gun"},
    "limber": {"gun"},
    "unlimber": {"gun"},
    "set_dc": {"unit"},
    "detonate_dc": {"unit", "hex"},
    "portee_load": {"vehicle", "gun"},
    "portee_unload": {"vehicle", "gun"},
}


def error_of(action: dict[str, Any]) -> AslError:
    with pytest.raises(AslError) as caught:
        resolve(DEMO, action)
    return caught.value


def test_a_misspelt_intensive_is_refused_naming_the_key_and_the_spelling_meant() -> None:
    """The audit's case: ``"intensiv": true`` gave the answer without Intensive Fire (C5.6)."""
    error = error_of({**FIRE, "intensiv": True})
    assert error.path == "action.intensiv"
    assert "'intensive'" in error.message and "did you mean" in error.message


def test_the_spelling_suggested_comes_from_the_kind_asked_about() -> None:
    assert "'pushers'" in error_of({"kind": "push", "gun": "g1", "to_hex": "4E6", "pusher": ["c1"]}).message
    assert "'target_hex'" in error_of({**FIRE, "targethex": "4E9"}).message


def test_a_key_of_another_kind_is_unknown_to_this_one() -> None:
    """``pushers`` belongs to push (C10.3), not to fire: a fire action with it is refused."""
    error = error_of({**FIRE, "pushers": ["c1"]})
    assert error.path == "action.pushers"


def test_a_key_nothing_resembles_lists_the_keys_the_kind_reads() -> None:
    error = error_of({"kind": "limber", "gun": "g1", "zzzz": 1})
    assert error.path == "action.zzzz"
    assert "a limber action takes:" in error.message and "gun" in error.message


def test_a_huge_unknown_key_is_named_in_short() -> None:
    key = "k" * 1_000_000
    error = error_of({**FIRE, key: 1})
    assert len(error.path) < 150 and len(error.message) < 700


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_every_kind_keeps_the_common_and_documented_keys(kind: str) -> None:
    declared = RESOLVERS[kind].keys | actions.COMMON_KEYS
    assert {"kind", "phase", "dice", "dr"} <= declared
    assert DOCUMENTED.get(kind, set()) <= declared


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_every_declared_key_passes_the_unknown_key_check(kind: str) -> None:
    """No declared key is refused as unknown (whatever its value then means to the rules); given
    null, each is read as absent."""
    data = {key: None for key in RESOLVERS[kind].keys | actions.COMMON_KEYS} | {"kind": kind}
    action = actions.Action(data, DEMO, RESOLVERS[kind].keys, ())  # all null: no required key here
    assert set(action.data) == {"kind"}


def test_a_resolver_reading_an_undeclared_key_fails_loudly() -> None:
    """The declaration cannot drift from the code: reading a key the kind does not declare is a
    program error every test reaching that read reports, not a silent ``None``."""
    action = actions.Action(dict(FIRE), DEMO, RESOLVERS["fire"].keys, RESOLVERS["fire"].required)
    with pytest.raises(actions.UndeclaredActionKey):
        action.data.get("pushers")
    with pytest.raises(actions.UndeclaredActionKey):
        action.flag("not_declared")


def test_resolve_exits_2_naming_the_unknown_key(tmp_path: Path) -> None:
    action = tmp_path / "action.json"
    action.write_text(json.dumps({**FIRE, "intensiv": True}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(DEMO_PATH), str(action)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stdout == ""
    error = json.loads(done.stderr)
    assert error["path"] == "action.intensiv" and "intensive" in error["error"]


# -- the contract checker's findings: objects inside an action, case ----------------------------------
@pytest.mark.parametrize(("key", "meant"), [("DR", "dr"), ("Firer", "firer"), ("DICE", "dice"), ("Target_Hex",
                                                                                                  "target_hex")])
def test_design_9_a_key_differing_only_in_case_is_suggested(key: str, meant: str) -> None:
    """``"DR": 3`` had no suggestion (difflib is case-sensitive): the closest spelling is found
    case aside."""
    error = error_of({**FIRE, key: 3})
    assert error.path == f"action.{key}"
    assert f"did you mean {meant!r}?" in error.message


def test_design_9_a_misspelt_key_of_an_extra_drm_line_is_refused_naming_it() -> None:
    """``{"value": 1, "lable": "x"}`` became a line labelled 'user-given DRM', the label lost."""
    error = error_of({**FIRE, "extra_drm": [{"value": 1, "lable": "x"}]})
    assert error.path == "action.extra_drm[0].lable"
    assert error.message == "unknown key 'lable' in a line of extra_drm; did you mean 'label'?"
    assert error_of({**FIRE, "extra_drm": [{"value": 1}, {"value": 2, "why": "x"}]}).path == "action.extra_drm[1].why"


def test_design_9_a_dice_roll_with_a_third_die_is_refused_naming_it() -> None:
    """``{"colored": 1, "white": 2, "red": 3}`` rolled 1 + 2 and ignored the red die."""
    error = error_of({**FIRE, "dice": {"colored": 1, "white": 2, "red": 3}})
    assert error.path == "action.dice.red"
    assert "unknown key 'red' in a dice roll" in error.message
    thrown = {"kind": "throw_dc", "unit": "s1", "target_hex": "4F4", "thrower_dice": {"colored": 1, "white": 2,
                                                                                      "Colored": 3}}
    assert error_of(thrown).path == "action.thrower_dice.Colored"


def test_design_9_effects_dr_of_the_wrong_type_is_an_error_with_or_without_dice() -> None:
    for dice in ({}, {"dice": {"colored": 3, "white": 3}}):
        error = error_of({**FIRE, "effects_dr": "x", **dice})
        assert (error.path, error.message) == ("action.effects_dr", "expected a whole number from 2 to 12, got 'x'")


def test_good_extra_drm_lines_and_dice_still_answer() -> None:
    answer = resolve(DEMO, {**FIRE, "extra_drm": [{"value": 1, "label": "smoke"}], "dice": {"colored": 6,
                                                                                            "white": 6}}).to_json()
    assert answer["drm"][-1] == {"case": "extra", "rule": "user", "value": 1, "text": "smoke"}


# -- docs/contract.md: a null is an absent key, for every key of every kind (contract check 22 item 1) --
#: One action of each kind about the demo: whatever each is answered (legal or not, or an error),
#: it must be answered the same with any declared key added as null.
BASES: dict[str, dict[str, Any]] = {
    "ca_hexes": {"unit": "g1", "range": 2}, "hex_info": {"hex": "4E6"}, "los": {"from": "4E5", "to": "4E9"},
    "fire": {"firer": "g1", "target": "t1", "target_type": "vehicle", "phase": "PFPh"},
    "change_ca": {"unit": "g1", "ca": "S/SW", "phase": "PFPh"},
    "overrun": {"vehicle": "t1", "target_hex": "4E5", "phase": "MPh"},
    "reaction_fire": {"unit": "g1", "vehicle": "t1", "type": "non_cc", "weapon": "gun", "phase": "MPh"},
    "place_dc": {"unit": "s2", "target_hex": "4C8", "phase": "MPh"},
    "throw_dc": {"unit": "s1", "target_hex": "4F4", "phase": "AFPh"},
    "set_dc": {"unit": "s1", "phase": "MPh"}, "detonate_dc": {"unit": "s1", "hex": "4F3", "phase": "MPh"},
    "hook_up": {"vehicle": "t1", "gun": "g1", "phase": "MPh"}, "unhook": {"vehicle": "t1", "gun": "g1"},
    "limber": {"gun": "g1"}, "unlimber": {"gun": "g1"}, "push": {"gun": "g1", "to_hex": "4E6", "phase": "MPh"},
    "portee_load": {"vehicle": "t1", "gun": "g1"}, "portee_unload": {"vehicle": "t1", "gun": "g1"},
    "tow_move": {"vehicle": "t1", "to_hex": "4E8"}, "trailer_target": {"vehicle": "t1", "facing": "rear"},
    "odds_map": {"unit": "g1", "target_type": "infantry", "target": {"size": 1}},
    "move": {"unit": "t1", "path": ["4E7"], "vca": "NW/N", "end": "stop", "phase": "MPh"},
}


def outcome(action: dict[str, Any]) -> tuple[Any, ...]:
    """How ``resolve`` takes ``action``: its answer, or the error's path and message."""
    try:
        return ("answer", resolve(DEMO, action).to_json())
    except AslError as error:
        return ("error", error.path, error.message)


def test_every_kind_has_a_base_action_for_the_null_check() -> None:
    assert set(BASES) == set(RESOLVERS)


@pytest.mark.parametrize("kind", sorted(RESOLVERS))
def test_contract_a_null_action_key_is_an_absent_key_in_every_kind(kind: str) -> None:
    """``"ammo": null`` (and ``target_type``, ``intensive``, ``phase`` ... 8 keys of ``fire``) was
    an error while ``"pivot": null`` was absent: now every declared key of every kind, given null,
    is answered as if it were not there (its base key dropped, for a key the base carries)."""
    base = {"kind": kind, **BASES[kind]}
    for key in sorted(RESOLVERS[kind].keys | actions.COMMON_KEYS - {"kind"}):
        absent = {k: v for k, v in base.items() if k != key}
        assert outcome({**absent, key: None}) == outcome(absent), key


@pytest.mark.parametrize(("kind", "key"), [(kind, key) for kind in sorted(BASES) for key in BASES[kind]
                                           if key != "phase"])
def test_contract_a_null_required_key_is_missing_naming_it(kind: str, key: str) -> None:
    """A base key given null: answered as without it, and where that is an error naming the key,
    it says the key is required (no 'got null', no 'expected ... got 0' for nothing given)."""
    answer = outcome({"kind": kind, **BASES[kind], key: None})
    if answer[0] == "error" and answer[1] == f"action.{key}":
        assert answer[2].startswith(f"missing required key {key!r}"), answer


def test_contract_a_null_kind_is_a_missing_kind() -> None:
    error = error_of({**FIRE, "kind": None})
    assert (error.path, error.message) == ("action.kind", "missing required key 'kind' (an action kind such as "
                                                          '"fire")')


def test_contract_fire_with_the_keys_the_checker_found_null_is_answered_as_without_them() -> None:
    """The checker's eight keys refused when null (exit 2); ``phase`` null is the scenario's."""
    nulls = dict.fromkeys(("ammo", "target_type", "intensive", "phase", "acquisition", "opportunity",
                           "deliberate_immobilization", "basic_tk"))
    without = {key: value for key, value in FIRE.items() if key not in nulls}
    assert resolve(DEMO, {**without, **nulls}).to_json() == resolve(DEMO, without).to_json()


def test_design_4_ca_hexes_without_range_says_range_is_required() -> None:
    """It said 'expected a whole number from 1 to 500, got 0' though no 0 was given."""
    error = error_of({"kind": "ca_hexes", "unit": "g1"})
    assert (error.path, error.message) == ("action.range", "missing required key 'range' (a whole number from 1 "
                                                           "to 500)")


def test_design_9_a_line_value_of_the_wrong_type_is_named_at_its_value() -> None:
    error = error_of({**FIRE, "extra_drm": [{"value": "1", "label": "x"}]})
    assert (error.path, error.message) == ("action.extra_drm[0].value",
                                           "expected a whole number from -20 to 20 (a DRM), got '1'")
    error = error_of({**FIRE, "extra_drm": [{"label": "x"}]})
    assert error.path == "action.extra_drm[0].value" and error.message.startswith("missing required key 'value'")


def test_contract_a_null_label_or_die_is_absent() -> None:
    answer = resolve(DEMO, {**FIRE, "extra_drm": [{"value": 1, "label": None}]}).to_json()
    assert answer["drm"][-1] == {"case": "extra", "rule": "user", "value": 1, "text": "user-given DRM"}
    error = error_of({**FIRE, "dice": {"colored": None, "white": 3}})
    assert (error.path, error.message) == ("action.dice.colored", "missing required key 'colored' (a die value 1..6)")


@pytest.mark.parametrize("key", ["extra_drm", "effects_drm"])
@pytest.mark.parametrize("value", [10**30, -(10**30), 21, -21])
def test_design_9_a_drm_beyond_20_is_refused(key: str, value: int) -> None:
    """``extra_drm: 10**30`` was answered with final_th_needed -999...995."""
    error = error_of({**FIRE, key: value})
    assert error.path == f"action.{key}" and "from -20 to 20" in error.message
    error = error_of({**FIRE, key: [{"value": 1}, {"value": value, "label": "x"}]})
    assert error.path == f"action.{key}[1].value" and "from -20 to 20" in error.message


def test_design_9_a_drm_of_20_either_way_is_answered() -> None:
    for value in (20, -20):
        assert resolve(DEMO, {**FIRE, "extra_drm": value}).total_drm == resolve(DEMO, FIRE).total_drm + value


def test_design_9_mp_in_los_beyond_999_is_refused() -> None:
    error = error_of({**FIRE, "mp_in_los": 1e6})
    assert (error.path, error.message) == ("action.mp_in_los", "expected a number of MP from 0 to 999 (e.g. 2.5), "
                                                               "got 1000000.0")
