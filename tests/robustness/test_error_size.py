"""Errors quote a bad value cut to about 80 characters (issue 16 item 7): a 5 MB value gives a
5 MB message (the audit: 100 MB), and the GUI's error box froze for minutes laying it out."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from aslgui import errors
from aslgui.errors import AslError
from aslgui.model import load_scenario, scenario_from_json
from aslgui.resource_files import resource_path
from aslgui.rules import resolve

DEMO_PATH = resource_path("scenarios", "demo.json")
HUGE = "x" * 5_000_000
BOUND = 700  # message or path, whatever was quoted


def demo_with(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEMO_PATH.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def huge_unit_hex() -> dict[str, Any]:
    data = demo_with()
    data["units"][0]["hex"] = HUGE
    return data


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(demo_with(phase=HUGE), id="phase"),
        pytest.param(demo_with(terrain={"4E5": HUGE}), id="terrain value"),
        pytest.param(demo_with(terrain={HUGE: "woods"}), id="terrain key"),
        pytest.param(demo_with(boards=[{"id": HUGE}]), id="board id"),
        pytest.param(huge_unit_hex(), id="unit hex"),
        pytest.param(demo_with(units=[[HUGE] * 1000]), id="unit is a list"),
    ],
)
def test_a_huge_bad_value_in_a_scenario_gives_a_short_error(data: dict[str, Any]) -> None:
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    assert len(caught.value.message) < BOUND and len(caught.value.path) < BOUND


@pytest.mark.parametrize("key", ["firer", "target", "target_type", "ammo", "kind", "phase"])
def test_a_huge_bad_value_in_an_action_gives_a_short_error(key: str) -> None:
    action = {"kind": "fire", "firer": "g1", "target": "t1", key: HUGE}
    with pytest.raises(AslError) as caught:
        resolve(load_scenario(DEMO_PATH), action)
    assert len(str(caught.value)) < 2 * BOUND


def test_an_unknown_unit_among_thousands_is_named_without_listing_them_all() -> None:
    data = demo_with()
    data["units"] += [{"id": f"extra{i}", "side": "german", "kind": "squad", "hex": "4A1"} for i in range(10_000)]
    with pytest.raises(AslError) as caught:
        resolve(scenario_from_json(data), {"kind": "limber", "gun": "nope"})
    assert "10006 in all" in caught.value.message and len(caught.value.message) < BOUND


def test_shown_cuts_strings_lists_and_objects_cheaply() -> None:
    start = time.perf_counter()
    for value in (HUGE, [HUGE] * 100, {"a": HUGE}, b"y" * 10_000_000):
        assert len(errors.shown(value)) <= 120
    assert time.perf_counter() - start < 1.0
    assert errors.shown("intensiv") == "'intensiv'"


@pytest.mark.parametrize(("value", "words"), [(None, "null"), (True, "true"), (False, "false"),
                                               ([None, {"a": False}], '[null, {"a": false}]')])
def test_shown_spells_null_true_false_as_the_json_file_does(value: Any, words: str) -> None:
    assert errors.shown(value) == words


def test_a_null_where_a_number_belongs_is_quoted_as_null() -> None:
    data = demo_with()
    data["units"][0]["he_fp"] = None
    with pytest.raises(AslError) as caught:
        scenario_from_json(data)
    assert (caught.value.path, caught.value.message) == ("units[0].he_fp", "expected a number, got null")


def test_resolve_prints_a_short_error_for_a_huge_value(tmp_path: Path) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(demo_with(player=["x" * 5_000_000])), encoding="utf-8")
    action = tmp_path / "a.json"
    action.write_text('{"kind": "limber", "gun": "g1"}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "aslgui", "resolve", str(scenario), str(action)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and len(done.stderr) < 2 * BOUND
    assert json.loads(done.stderr)["path"] == "player"


@pytest.mark.gui
def test_the_gui_shows_a_short_error_box_at_once(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aslgui.ui.widgets.dialogs import MessageBox
    from aslgui.ui.window.main_window import MainWindow

    shown_texts: list[str] = []
    monkeypatch.setattr(MessageBox, "error", classmethod(lambda cls, parent, title, text: shown_texts.append(text)))
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(demo_with(name=["y" * 5_000_000])), encoding="utf-8")
    window = MainWindow(load_scenario(DEMO_PATH))
    qtbot.addWidget(window)
    assert window.open_file(path) is False
    assert len(shown_texts) == 1 and len(shown_texts[0]) < 2 * BOUND
