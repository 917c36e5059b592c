"""The module's Guns and vehicles as palette templates (issue 23.4): by nationality, a name once
(the slot whose counter prints most wins), wrecks after the vehicles, each with its counter's
numbers and ``vasl``."""

from __future__ import annotations

from pathlib import Path

from aslgui.model.counters import module_templates
from aslgui.vasl.module import forget_modules, read_module
from tests.vasl_modules import STUG, TANK, build_file, definition, make_module

PLAIN_STUG = definition(["prototype;DBUnit", "piece;K;D;ge/veh/stgiiig2;StuG IIIG"], ["", "null;0;0;2611"])
WRECK = definition(["prototype;geWRK", "piece;K;D;ge/veh/stgiiigb;StuG IIIG Wreck"], ["", "null;0;0;2612"])


def test_d11_a_name_once_with_the_counter_that_prints_most_and_wrecks_last(tmp_path: Path) -> None:
    forget_modules()
    path = make_module(tmp_path, build=build_file([("2611", "StuG IIIG", PLAIN_STUG), ("2610", "StuG IIIG", STUG),
                                                    ("2612", "StuG IIIG Wreck", WRECK)]),
                       images={"ge/veh/stgiiig.svg": TANK})
    templates = module_templates([read_module(path)])
    assert [(t.label, t.kind, t.nationality) for t in templates] == [
        ("StuG IIIG", "vehicle", "german"), ("StuG IIIG Wreck", "vehicle", "german")]
    stug, wreck = templates
    assert stug.keys["vasl"]["gpid"] == "2610" and stug.keys["mp"] == 11 and "wreck" not in stug.keys
    assert wreck.keys["wreck"] is True and wreck.keys["vasl"]["printed"] == []
