"""A25 and DESIGN.md 8: every nationality a VASL import writes (``aslgui.vasl.vocabulary.NATIONALITIES``) has an
Ordnance TH# colour, so ``aslgui resolve`` answers a ``fire`` by such a unit (exit 0, not 2), and a
colour the chart gives from memory (``"verified": false``) is named in the answer's ``unverified``.
A misspelt nationality stays an error naming the unit's ``nationality`` key, with the close spelling."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.rules.nationality import th_colours
from aslgui.vasl.vocabulary import AXIS, NATIONALITIES
from tests.rules.fixtures.to_hit_scenarios import german_tank, russian_gun

#: Range 8 vs a vehicle: the red and black Basic TH# differ there (C3.3).
BASIC_TH = {"red": 8, "black": 9}


def ask(tmp_path: Path, capsys: pytest.CaptureFixture[str], nationality: str, crew: str | None = None
        ) -> tuple[int, dict[str, Any]]:
    """``aslgui resolve`` on a 57LL AT Gun of ``nationality`` (its crew's ``crew``, default the
    same) in 4E1 firing at a tank in 4E9, sides as the import gives them: exit status and the
    answer (stdout) or the error (stderr)."""
    side = "axis" if nationality in AXIS else "allied"
    gun, manning = russian_gun("4E1", side=side, nationality=nationality, crew_side=side,
                               crew_nationality=crew or nationality)
    units = [gun, manning, {**german_tank(), "side": "enemy"}]
    scenario_file, action_file = tmp_path / "s.json", tmp_path / "a.json"
    scenario_file.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}],
                                         "phase": "PFPh", "player": side, "units": units}), encoding="utf-8")
    action_file.write_text('{"kind": "fire", "firer": "g", "target": "t", "target_type": "vehicle"}',
                           encoding="utf-8")
    status = main(["resolve", str(scenario_file), str(action_file)])
    printed = capsys.readouterr()
    return status, json.loads(printed.out if status == 0 else printed.err)


@pytest.mark.parametrize("nationality", sorted(set(NATIONALITIES.values())))
def test_a25_every_nationality_a_vasl_import_writes_is_answered_with_its_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nationality: str
) -> None:
    status, answer = ask(tmp_path, capsys, nationality)
    assert status == 0, answer
    entry = th_colours()[nationality]
    assert (answer["legal"], answer["colour"], answer["basic_th"]) == (
        True, entry["colour"], BASIC_TH[entry["colour"]])
    unverified = [f"{nationality} {entry['colour']} TH# (A25): the chart value as remembered, not checked against "
                  "the printed chart"]
    assert answer.get("unverified") == (None if entry["verified"] else unverified)


@pytest.mark.parametrize(("nationality", "colour"), [("french", "black"), ("axis minor", "red"),
                                                     ("allied minor", "red")])
def test_a25_french_and_the_minors_take_their_remembered_colour_named_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nationality: str, colour: str
) -> None:
    status, answer = ask(tmp_path, capsys, nationality)
    assert (status, answer["colour"], answer["basic_th"]) == (0, colour, BASIC_TH[colour])
    assert answer["unverified"] == [f"{nationality} {colour} TH# (A25): the chart value as remembered, not checked "
                                    "against the printed chart"]


def test_a25_only_german_and_russian_colours_are_checked() -> None:
    assert sorted(name for name, entry in th_colours().items() if entry["verified"]) == ["german", "russian"]


@pytest.mark.parametrize(("gun", "crew", "path"), [("russain", None, "units[0].nationality"),
                                                   ("", "Russain", "units[1].nationality")])
def test_a25_a_misspelt_nationality_is_an_error_at_its_unit_with_the_close_spelling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], gun: str, crew: str | None, path: str
) -> None:
    """The Gun's own, or its crew's when the Gun states none (A25 reads the crew's then); read
    case aside, as every nationality is."""
    status, error = ask(tmp_path, capsys, gun, crew)
    assert status == 2
    misspelt = (crew or gun).lower()
    assert error == {"error": f"no Ordnance TH# colour (A25) for nationality {misspelt!r}; did you mean 'russian'? "
                              f"known: {', '.join(th_colours())}", "path": path}


def test_contract_lists_the_nationalities_the_a25_chart_and_a_vasl_import_share() -> None:
    contract = " ".join((Path(__file__).parents[2] / "docs" / "contract.md").read_text(encoding="utf-8").split())
    listed = re.findall(r"`([a-z ]+)`", contract.split("`nationality` (TH# colour, A25: ")[1].split(" case aside")[0])
    assert sorted(listed) == sorted(th_colours()) == sorted(set(NATIONALITIES.values()))
