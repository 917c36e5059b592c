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
    """No declared key is refused as unknown (whatever its value then means to the rules)."""
    data = {key: None for key in RESOLVERS[kind].keys | actions.COMMON_KEYS} | {"kind": kind}
    action = actions.Action(data, DEMO, RESOLVERS[kind].keys)
    assert set(action.data) == set(data)


def test_a_resolver_reading_an_undeclared_key_fails_loudly() -> None:
    """The declaration cannot drift from the code: reading a key the kind does not declare is a
    program error every test reaching that read reports, not a silent ``None``."""
    action = actions.Action(dict(FIRE), DEMO, RESOLVERS["fire"].keys)
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
