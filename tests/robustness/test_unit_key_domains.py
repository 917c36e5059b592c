"""DESIGN.md sections 3 and 9 for every unit key the loader reads: a value of the wrong type (a
string for a number, ``true`` for a count, 1.5 for a whole number, ``"l"`` for a barrel) or a
number outside its domain (a negative FP, calibre, M#, B#, ROF) is an error naming its JSON path:
``aslgui resolve`` exits 2 with ``{error, path}``, never a traceback in the rules (the checker's
``ma.barrel: "Q"`` KeyError, ``he_fp: "x"`` TypeError) nor a legal answer (``he_fp: -3``).

The wrong values are derived from each key's declaration (the fields of Unit, MainArmament and
MachineGun, and KeptUnitKeys for the keys kept in ``extra``), so a key declared later is covered
without a new test; another test holds the declaration to every key the program reads."""

from __future__ import annotations

import json
import re
import types
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest

from aslgui.cli import main
from aslgui.geometry import Hex
from aslgui.model import MachineGun, MainArmament, Unit
from aslgui.model.jsonvalues import is_record
from aslgui.model.units import KEPT_KEYS, SPINE, Bounds, KeptUnitKeys
from aslgui.resource_files import resource_path

DEMO_PATH = resource_path("scenarios", "demo.json")
DEMO: dict[str, Any] = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
#: The demo's Gun fires at its tank: every key below sits where a fire action would read it.
FIRE = {"kind": "fire", "firer": "g1", "target": "t1", "target_type": "vehicle"}
GUN, TANK = 0, 3
#: Where each record's keys are put: (JSON path, how to reach it in the demo's data).
PLACES: dict[type, tuple[str, Any]] = {
    Unit: (f"units[{GUN}]", lambda data: data["units"][GUN]),
    KeptUnitKeys: (f"units[{GUN}]", lambda data: data["units"][GUN]),
    MainArmament: (f"units[{TANK}].ma", lambda data: data["units"][TANK]["ma"]),
    MachineGun: (f"units[{TANK}].mgs[0]", lambda data: data["units"][TANK]["mgs"][0]),
}
#: JSON values of every shape; those no member of a key's type takes are wrong for it.
POOL: tuple[Any, ...] = ("x", True, 1, 1.5, None, [], {}, "4E5")


def _takes(tp: Any, value: Any) -> bool:
    """Whether a value of ``tp`` could be ``value`` on its face (what is inside a list or an object
    is another test's): true/false is no number, 1.5 no whole number, "x" no hex name."""
    origin = get_origin(tp)
    if origin is Annotated:
        return _takes(get_args(tp)[0], value)
    if origin in (Union, types.UnionType):
        return any(_takes(arg, value) for arg in get_args(tp))
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in get_args(tp))
    if origin is tuple:
        return isinstance(value, list)
    if origin is dict or is_record(tp):
        return isinstance(value, dict)
    if tp is Hex:
        return value == "4E5"
    if tp is float:
        return type(value) in (int, float)
    return type(value) is tp or (tp is type(None) and value is None)


def wrong_values(tp: Any) -> list[Any]:
    """Values a key of type ``tp`` must refuse: wrong shapes, near-miss words, numbers just outside
    its domain, and a list or object holding a wrong item."""
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *marks = get_args(tp)
        if SPINE in marks:
            return ["N/S", "s/sw/se", 3, True]
        bounds = next((mark for mark in marks if isinstance(mark, Bounds)), None)
        edges = [bounds.low - 1, bounds.high + 1] if bounds is not None else []
        return wrong_values(inner) + edges
    out = [value for value in POOL if not _takes(tp, value)]
    members = get_args(tp) if origin in (Union, types.UnionType) else (tp,)
    for member in members:
        if get_origin(member) is Literal:
            out += [word.lower() for word in get_args(member) if isinstance(word, str) and word.lower() != word]
            out.append("Q")
        elif get_origin(member) is tuple:
            out += [[item] for item in wrong_values(get_args(member)[0])[:2]]
        elif get_origin(member) is dict:
            out += [{"hull": item} for item in wrong_values(get_args(member)[1])]
    return [value for value in out if not _takes(tp, value) or isinstance(value, (list, dict))]


def _cases() -> list[tuple[type, str, Any]]:
    cases = []
    for record in (Unit, MainArmament, MachineGun, KeptUnitKeys):
        for key, hint in get_type_hints(record, include_extras=True).items():
            if key == "extra":
                continue
            for value in wrong_values(hint):
                if (record, key, value) == (Unit, "hex", None):
                    continue  # "hex": null is a unit in the order of battle (DESIGN.md 8)
                cases.append((record, key, value))
    return cases


CASES = _cases()


def test_the_table_reaches_every_declared_key_with_the_checkers_cases() -> None:
    keys = {(record, key) for record, key, _ in CASES}
    assert keys == {(record, key) for record in PLACES for key in get_type_hints(record) if key != "extra"}

    def tried(record: type, key: str) -> list[Any]:
        return [v for r, k, v in CASES if (r, k) == (record, key) and not isinstance(v, (list, dict))]

    assert {"Q", "l", "ll"} <= set(tried(MainArmament, "barrel"))
    assert tried(KeptUnitKeys, "max_range") == ["x", True, 1.5, None, "4E5", 0, 1000]
    assert {"x", True, -1} <= set(tried(KeptUnitKeys, "he_fp"))


@pytest.mark.parametrize(("record", "key", "value"), CASES,
                         ids=[f"{r.__name__}.{k}={v!r}" for r, k, v in CASES])
def test_design_3_9_a_unit_key_out_of_its_domain_exits_2_naming_its_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], record: type, key: str, value: Any) -> None:
    data = json.loads(json.dumps(DEMO))
    path, place = PLACES[record]
    place(data)[key] = value
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps(data), encoding="utf-8")
    action = tmp_path / "action.json"
    action.write_text(json.dumps(FIRE), encoding="utf-8")
    code = main(["resolve", str(scenario), str(action)])  # a crash in the rules fails this test
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), out
    error = json.loads(err)
    assert re.fullmatch(rf"{re.escape(path)}\.{key}(\[\d+\]|\.\w+)*", error["path"]), error


@pytest.mark.parametrize(("key", "value"), [
    ("he_fp", 0), ("he_fp", 6.5), ("max_range", 1), ("af", {"hull": [3, 3, 1], "turret": []}), ("morale", 8),
    ("level", 0), ("set_dc", "4e5"), ("rof_kept", "PFPh"), ("sw", ["LMG"]), ("type", "AT"), ("fp", 0.5),
])
def test_kept_keys_in_their_domain_load_and_are_kept_as_the_file_gave_them(key: str, value: Any) -> None:
    from aslgui.model import scenario_from_json, scenario_to_json

    data = json.loads(json.dumps(DEMO))
    data["units"][GUN][key] = value
    loaded = scenario_from_json(data)
    assert loaded.units["g1"].extra == {key: value}
    assert scenario_to_json(loaded)["units"][GUN][key] == value


#: Keys of ``scenario.extra`` (the file's own unknown top-level keys), not of a unit.
SCENARIO_EXTRA = {"log", "support_weapons", "first_player"}


def _read_keys() -> set[str]:
    """Every key the program reads from or writes to a unit's ``extra``: literal keys, the
    constants that name one (``ROF_KEPT``), the keyword keys of rules/apply.py's ``_extra`` and the
    side panel's flags."""
    package = Path(__file__).resolve().parents[2] / "aslgui"
    source = "\n".join(path.read_text(encoding="utf-8") for path in package.rglob("*.py"))
    constants = dict(re.findall(r'^([A-Z_]+) = "(\w+)"$', source, flags=re.MULTILINE))
    found = set(re.findall(r'\bextra\.get\(\s*"(\w+)"', source)) | set(re.findall(r'\bextra\["(\w+)"\]', source))
    found |= {constants[name] for name in re.findall(r"\bextra\.get\(\s*([A-Z_]+)", source)}
    found |= {constants.get(name, name) for call in re.findall(r"_extra\(scenario, changes, [^)]*\)", source)
              for name in re.findall(r"(\w+)=", call) + re.findall(r"\*\*\{([A-Z_]+):", call)}
    panel = re.search(r"_EXTRA_FLAGS = \(([^)]*)\)", source)
    assert panel is not None
    found |= set(re.findall(r'"(\w+)"', panel.group(1)))
    return found - SCENARIO_EXTRA


def test_every_unit_key_the_program_reads_from_extra_is_declared() -> None:
    read = _read_keys()
    assert {"he_fp", "max_range", "af", "portee", "rof_kept", "no_fire", "placed_dc", "ce"} <= read  # the scan works
    assert read - set(get_type_hints(KeptUnitKeys)) == set()
    assert KEPT_KEYS[Unit] is KeptUnitKeys
