"""The module's Guns and vehicles as palette templates (issue 23.4): by nationality, a name once
(the slot whose counter prints most wins), wrecks after the vehicles, each with its counter's
numbers and ``vasl``."""

from __future__ import annotations

from pathlib import Path

from aslgui.model.counters import counter_records, module_templates
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


#: A Finnish Gun as VASL files it: its art (``fi120MTR``) in no folder, its PieceSlot in the
#: Finnish O/B palette under Axis O/B.
FINNISH_MORTAR = definition(["prototype;DBUnit", "piece;K;D;fi120MTR;120* MTR Krh/40"], ["", "null;0;0;6806"])


def _oob_build_file(nationality_folder: str) -> bytes:
    slot = (f'<VASSAL.build.widget.PieceSlot entryName="120* MTR Krh/40" gpid="6806" height="60" width="60">'
            f"{FINNISH_MORTAR.replace('&', '&amp;').replace('<', '&lt;')}</VASSAL.build.widget.PieceSlot>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.launch.BasicModule name="VASL" version="6.6.0">'
        '<VASSAL.build.module.PieceWindow name="VASL Counters"><VASSAL.build.widget.TabWidget>'
        '<VASSAL.build.widget.ListWidget entryName="Axis O/B">'
        f'<VASSAL.build.widget.ListWidget entryName="{nationality_folder}">'
        f'<VASSAL.build.widget.PanelWidget entryName="Gun">{slot}</VASSAL.build.widget.PanelWidget>'
        "</VASSAL.build.widget.ListWidget></VASSAL.build.widget.ListWidget>"
        "</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow></VASSAL.launch.BasicModule>"
    ).encode()


def test_a_gun_whose_art_names_no_folder_takes_its_o_b_palettes_nationality(tmp_path: Path) -> None:
    """DESIGN.md 11: a nationality is never left blank where VASL names it; the palette lists the
    Gun (it left out the twelve Finnish Guns whose art has no folder)."""
    forget_modules()
    module = read_module(make_module(tmp_path, build=_oob_build_file("Finnish"), images={}))
    assert [(t.label, t.kind, t.nationality) for t in module_templates([module])] == [
        ("120* MTR Krh/40", "gun", "finnish")]
    record = next(counter_records([module]))
    assert (record["nationality"], record["side"]) == ("finnish", "axis")
    assert not any(note.startswith("nationality") for note in record["unread"])


def test_a_palette_folder_that_is_no_nationality_leaves_it_unknown_and_says_so(tmp_path: Path) -> None:
    forget_modules()
    module = read_module(make_module(tmp_path, build=_oob_build_file("Captured"), images={}))
    assert module_templates([module]) == []
    record = next(counter_records([module]))
    assert (record["nationality"], record["side"]) == ("", "axis")
    assert "nationality: neither its art nor its palette folder names one" in record["unread"]
