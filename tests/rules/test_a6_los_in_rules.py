"""LOS in the rules that need it (A6.1): a shot, a Thrown DC or Reaction Fire without LOS is
illegal, naming the blocking hex and rule, and each Hindrance of a clear LOS is a +1 To Hit DRM
line citing its terrain's rule; and ``aslgui resolve`` answers ``los`` with DESIGN.md's keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.model import load_scenario
from aslgui.resource_files import resource_path
from aslgui.rules import resolve
from tests.rules.fixtures.to_hit_scenarios import fire, german_tank, russian_gun, scenario, unit

DEMO = str(resource_path("scenarios", "demo.json"))


def test_a6_2_the_demos_shot_through_the_woods_of_4d6_is_refused_naming_hex_and_rule() -> None:
    answer = resolve(load_scenario(DEMO), {"kind": "fire", "firer": "g1", "target": "s2"}).to_json()
    assert answer["legal"] is False
    assert answer["reasons"][0] == "no LOS to 4C9: woods (level 1) in 4D6 is higher than both ends (A6.2, B13)"
    down_the_road = resolve(load_scenario(DEMO), {"kind": "fire", "firer": "g1", "target": "t1"}).to_json()
    assert down_the_road["legal"] is True and not any("LOS" in r for r in down_the_road["reasons"])


def test_a6_1_a_clear_shot_is_not_refused_for_los() -> None:
    answer = fire(scenario(russian_gun(), german_tank()), firer="g", target="t")
    assert not any("LOS" in text for text in answer["reasons"])


@pytest.mark.parametrize(
    ("terrain", "lines"),
    [
        ({"4E6": "grain"}, [("R", "B15", 1, "grain in 4E6 hinders the LOS")]),
        ({"4E6": "brush", "4E7": "marsh"}, [("R", "B12.2", 1, "brush in 4E6 hinders the LOS"),
                                            ("R", "B16.2", 1, "marsh in 4E7 hinders the LOS")]),
        ({"4E9": "grain"}, []),  # in the target's own hex: no Hindrance
    ],
)
def test_each_hindrance_is_a_to_hit_drm_line_citing_its_rule(
    terrain: dict[str, str], lines: list[tuple[str, str, int, str]]
) -> None:
    answer = fire(scenario(russian_gun(), german_tank(), terrain=terrain), firer="g", target="t")
    found = [(x["case"], x["rule"], x["value"], x["text"]) for x in answer["drm"] if x["case"] == "R"]
    assert found == lines
    assert answer["legal"] is True


def test_b10_six_hindrances_refuse_the_shot_five_are_five_drm() -> None:
    gun, tank = russian_gun(hex_name="4E3"), german_tank(hex_name="4E10")
    five = fire(scenario(gun, tank, terrain={f"4E{row}": "grain" for row in range(4, 9)}), firer="g", target="t")
    assert five["legal"] is True
    assert sum(x["value"] for x in five["drm"] if x["case"] == "R") == 5
    six = fire(scenario(gun, tank, terrain={f"4E{row}": "grain" for row in range(4, 10)}), firer="g", target="t")
    assert six["legal"] is False
    assert "B.10" in six["reasons"][0] and "no LOS to 4E10" in six["reasons"][0]


def test_a23_3_a_thrown_dc_needs_los_across_a_wall_corner() -> None:
    """Adjacent hexes always see each other at ground level: no hex lies between them and
    their common hexside belongs to both (B9.2)."""
    situation = scenario(
        unit("s", "squad", "4E5", side="russian", dc=True), unit("e", "squad", "4E6"), hexsides={"4E5/4E6": "wall"}
    )
    answer = resolve(situation, {"kind": "throw_dc", "unit": "s", "target_hex": "4E6", "phase": "AFPh"}).to_json()
    assert not any("LOS" in text for text in answer["reasons"])


def test_los_answer_has_the_design_keys_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    action = tmp_path / "los.json"
    action.write_text(json.dumps({"kind": "los", "from": "4E5", "to": "4K8"}))
    assert main(["resolve", DEMO, str(action)]) == 0
    answer: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert answer["legal"] is True
    assert {k: answer[k] for k in ("range", "blocked", "blocked_at", "hindrances", "hindrance_hexes")} == {
        "range": 6,
        "blocked": False,
        "blocked_at": None,
        "hindrances": 1,
        "hindrance_hexes": ["4J7"],
    }
    assert "B12.2" in answer["reason"]


@pytest.mark.parametrize(
    ("action", "path"),
    [
        ({"kind": "los", "from": "4E5"}, "action.to"),
        ({"kind": "los", "from": "4Q12", "to": "4E9"}, "action.from"),
        ({"kind": "los", "from": "4E5", "to": "4E9", "to_level": -1}, "action.to_level"),
        ({"kind": "los", "from": "4E5", "to": "4E9", "from_level": "1"}, "action.from_level"),
    ],
)
def test_a_bad_los_question_exits_2_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: dict[str, Any], path: str
) -> None:
    file = tmp_path / "los.json"
    file.write_text(json.dumps(action))
    assert main(["resolve", DEMO, str(file)]) == 2
    assert json.loads(capsys.readouterr().err)["path"] == path
