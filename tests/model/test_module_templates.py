"""The module's Guns and vehicles as palette templates (issue 23.4): by nationality, a name once
(the slot whose counter prints most wins), wrecks after the vehicles, each with its counter's
numbers and ``vasl``."""

from __future__ import annotations

from pathlib import Path

from aslgui.model.counters import counter_records, module_templates
from aslgui.vasl.module import forget_modules, read_module
from tests.vasl_modules import STUG, TANK, build_file, definition, make_module, oob_build_file

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


def test_a_gun_whose_art_names_no_folder_takes_its_o_b_palettes_nationality(tmp_path: Path) -> None:
    """DESIGN.md 11: a nationality is never left blank where VASL names it; the palette lists the
    Gun (it left out the twelve Finnish Guns whose art has no folder)."""
    forget_modules()
    module = read_module(make_module(tmp_path, build=oob_build_file("Finnish"), images={}))
    assert [(t.label, t.kind, t.nationality) for t in module_templates([module])] == [
        ("120* MTR Krh/40", "gun", "finnish")]
    record = next(counter_records([module]))
    assert (record["nationality"], record["side"]) == ("finnish", "axis")
    assert not any(note.startswith("nationality") for note in record["unread"])


def test_a_palette_folder_that_is_no_nationality_leaves_it_unknown_and_says_so(tmp_path: Path) -> None:
    forget_modules()
    module = read_module(make_module(tmp_path, build=oob_build_file("Captured"), images={}))
    assert module_templates([module]) == []
    record = next(counter_records([module]))
    assert (record["nationality"], record["side"]) == ("", "axis")
    assert "nationality: neither its art nor its palette folder names one" in record["unread"]
