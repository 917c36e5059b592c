"""Reading a player's VASL module (DESIGN.md 11) from tiny modules built here: the PieceSlots of
the buildFile, each labelled value of an SVG counter, bad inputs, the cache, the counter library."""

from __future__ import annotations

import json
import os
import sys
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aslgui.errors import AslError
from aslgui.limits import SVG_LIMIT
from aslgui.vasl import cache, module_library
from aslgui.vasl.counter_svg import read_counter
from aslgui.vasl.counter_text import MachineGun, special_ammo
from aslgui.vasl.module import PRODUCT, decode_slot, forget_modules, read_module, stem_key
from aslgui.vasl.module_art import counter_art
from tests.vasl_modules import SUP, TANK, build_file, definition, group, make_module, private_module_files, svg


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_module_files(tmp_path, monkeypatch)


# -- the buildFile ----------------------------------------------------------------------------
def test_slot_prototypes_info_image_and_folder(tmp_path: Path) -> None:
    module = read_module(make_module(tmp_path))
    assert (module.version, module.vassal_version) == ("6.6.0", "3.6.7")
    stug = module.slot("2610")
    assert stug is not None
    assert stug.name == "StuG IIIG"
    assert stug.image == "ge/veh/stgiiig"
    assert stug.prototypes == ("DBUnit", "geCTnt")
    assert stug.info == ("CS 4,sD7,s8,A6^2^/5^3^",)
    assert stug.folder == ("VASL Counters", "German", "Vehicles")


def test_a_slot_without_base_image_shows_its_active_layer(tmp_path: Path) -> None:
    squad = read_module(make_module(tmp_path)).slot("2363")
    assert squad is not None
    assert squad.image == "ge/ge468S"  # the layer whose state is on (1), not the broken side (-1)
    assert squad.layers == ("ge/ge468S", "ge/ge467S", "ge/geh7b", "ge/geh6b")


def test_escaped_and_quoted_tokens_decode() -> None:
    slot = decode_slot("1", "x", (), definition(["info;a/b\\", "prototype;p;q", "piece;;;im/g.gif;x"], ["", "", ""]))
    assert slot.info == ("a/b\\",)
    assert slot.prototypes == ("p",)
    assert slot.image == "im/g"
    assert decode_slot("1", "x", (), "not a piece").image is None


def test_buildfile_xml_name_is_found_too(tmp_path: Path) -> None:
    module = read_module(make_module(tmp_path, build_name="buildFile.xml"))
    assert set(module.slots) == {"2610", "2363"}


# -- one SVG's labelled values ----------------------------------------------------------------
def test_vehicle_values() -> None:
    tank = read_counter("ge/veh/x", TANK.encode())
    assert (tank.note, tank.name) == ("16", "Test Tank MT")
    assert (tank.ma, tank.caliber, tank.barrel) == ("75^✽^", 75.0, "*")
    assert (tank.ma_overline, tank.ma_superscripts) == (True, ())
    assert tank.rof == 1
    assert (tank.af_front, tank.af_side, tank.unarmored) == (11, 8, False)
    assert (tank.turret_armor_front, tank.turret_armor_side) == ("superior", "inferior")
    assert tank.mgs == (MachineGun(2, "BMG"), MachineGun(4, "CMG"), MachineGun(2, "RMG"))
    assert tank.mp == 11
    assert tank.red == ("mp",)
    assert tank.turret == "T"
    assert [p.label for p in tank.labels][:3] == ["Fast Turret", "MA", "ROF"]


@pytest.mark.parametrize(("comment", "letters"), [("Fast Turret", "T"), ("Slow Turret", "ST"),
                                                   ("Restricted Slow Turret", "RST"),
                                                   ("One Man Turret - It is the way", "1MT")])
def test_turret_comments(comment: str, letters: str) -> None:
    counter = read_counter("x", svg(f"<!-- {comment} -->\n<svg><rect/></svg>\n", group("MA", "76L")).encode())
    assert counter.turret == letters


def test_no_turret_comment_is_turretless_and_no_rof_box_is_no_rof() -> None:
    counter = read_counter("x", svg(group("MA", "76L"), group("Front Armor", "3")).encode())
    assert (counter.turret, counter.rof, counter.caliber, counter.barrel) == (None, None, 76.0, "L")


def test_unarmored_star_and_transport_numbers() -> None:
    truck = read_counter("x", svg(group("PP #", "21PP"), group("Towing #", "T7"), group("Front Armor", "★"),
                                  group("Side/Rear Armor", "★"), group("Movement", "28")).encode())
    assert (truck.unarmored, truck.af_front, truck.af_side, truck.pp, truck.towing, truck.mp) == (True, None, None,
                                                                                                  21, 7, 28)


def test_swapped_header_reads_the_note_from_either_field() -> None:
    counter = read_counter("x", svg(note="PzKpfw IIIN <i>MT</i>", name="96b").encode())
    assert (counter.note, counter.name) == ("96b", "PzKpfw IIIN MT")


def test_gun_values_red_circled_manhandling_ammo_and_malfunction() -> None:
    gun = read_counter("x", svg(
        "<!-- MA -->\n<svg><text baseline-shift='super'>&#x273D;</text><text>20L<tspan>(20)</tspan></text></svg>\n",
        group("Gun Type", "AA"),
        group("Manhandling #", "4", "<circle style='fill:none;stroke:red'/>").replace("fill:black", "fill:#FF0000"),
        group("Manhandling", "M"),
        "<!-- Special Ammunition -->\n<text>A4 H6[9] sD7 WP6 Q1</text>\n",
        "<!-- Range -->\n<text>[3-63]</text>\n",
        group("Malfunction B/X Number", "11"), group("Malfunction B/X", "B"),
    ).encode())
    assert (gun.caliber, gun.barrel, gun.ma_superscripts, gun.ife) == (20.0, "L", ("✽",), 20)
    assert (gun.gun_type, gun.manhandling, gun.manhandling_circled) == ("AA", 4, True)
    assert gun.red == ("manhandling",)
    assert gun.ammo == {"APCR": 4, "HEAT": 6, "WP": 6}
    assert gun.devices == {"sD": 7}
    assert gun.ammo_raw == ("H6[9]", "Q1")
    assert (gun.range_min, gun.range_max) == (3, 63)
    assert (gun.breakdown, gun.disable) == (11, None)


def test_older_layout_unlabelled_texts_and_single_malfunction_text() -> None:
    mortar = read_counter("x", svg(
        "<text>MTR</text>\n<text><tspan style='text-decoration:overline'>50</tspan>"
        f"{SUP}</text>\n<text>[2-13]</text>\n<text>5PP</text>\n", group("Malfunction", "X12"), note="", name="geMTR",
    ).encode())
    assert (mortar.gun_type, mortar.caliber, mortar.barrel, mortar.ma_overline) == ("MTR", 50.0, "*", True)
    assert (mortar.range_min, mortar.range_max, mortar.pp, mortar.disable) == (2, 13, 5, 12)
    assert (mortar.note, mortar.name) == (None, "geMTR")


def test_overline_drawn_as_a_line_and_hidden_copies_are_ignored() -> None:
    counter = read_counter("x", svg(
        f"<!-- MA -->\n<svg><text style='fill:none'>99</text><text>81{SUP}</text><line/> <!-- overline --></svg>\n",
        group("Machine guns", "-/-/1" + SUP),
    ).encode())
    assert (counter.ma, counter.ma_overline, counter.barrel) == ("81^✽^", True, "*")
    assert counter.mgs == (MachineGun(1, "AAMG", "✽"),)


def test_special_ammo_of_an_info_text() -> None:
    ammo, devices, raw = special_ammo("CS 4,sD7,s8,A6^2^/5^3^,C7,HE7")
    assert ammo == {"SMOKE": 8, "APCR": 6, "CANISTER": 7, "HE": 7}
    assert devices == {"sD": 7}
    assert raw == ("CS", "4", "A6^2^/5^3^")


MA_TEXT = st.tuples(st.integers(1, 300), st.sampled_from(["", "L", "LL", "*"]))


@settings(max_examples=60, deadline=None)
@given(ma=MA_TEXT, rof=st.none() | st.integers(1, 4), af=st.tuples(st.integers(0, 26), st.integers(0, 26)),
       mp=st.integers(1, 40), red=st.booleans(), mgs=st.lists(st.none() | st.integers(1, 12), min_size=2, max_size=3))
def test_printed_values_round_trip(ma: tuple[int, str], rof: int | None, af: tuple[int, int], mp: int, red: bool,
                                   mgs: list[int | None]) -> None:
    caliber, barrel = ma
    ma_text = f"{caliber}{SUP}" if barrel == "*" else f"{caliber}{barrel}"
    mg_text = "/".join("-" if fp is None else str(fp) for fp in mgs)
    parts = [group("MA", ma_text), group("Front Armor", str(af[0])), group("Side/Rear Armor", str(af[1])),
             group("Machine guns", mg_text), group("Movement", str(mp)).replace("black", "red" if red else "black")]
    if rof is not None:
        parts.append(group("ROF", str(rof)))
    counter = read_counter("x", svg(*parts).encode())
    assert (counter.caliber, counter.barrel) == (float(caliber), barrel or None)
    assert counter.rof == rof
    assert (counter.af_front, counter.af_side, counter.mp) == (af[0], af[1], mp)
    assert ("mp" in counter.red) is red
    assert counter.mgs == tuple(MachineGun(fp, mount) for fp, mount in zip(mgs, ("BMG", "CMG", "AAMG"), strict=False)
                                if fp is not None)


# -- bad input --------------------------------------------------------------------------------
def refused(path: Path | str, *words: str) -> str:
    """The message read_module gives (it must name the file), checked in a thread so a hang fails."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            read_module(path)
        except BaseException as error:  # handed back to the test
            outcome.append(error)
        else:
            outcome.append(None)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(10)
    assert outcome, "read_module hung"
    error = outcome[0]
    assert isinstance(error, AslError), error
    assert str(path) in error.message
    for word in words:
        assert word in error.message
    return error.message


def test_corrupt_foreign_and_folder_inputs(tmp_path: Path) -> None:
    (tmp_path / "junk.vmod").write_bytes(b"PK\x03\x04 not really a zip")
    refused(tmp_path / "junk.vmod", "not a VASL module (not a readable zip")
    with zipfile.ZipFile(tmp_path / "photos.zip", "w") as archive:
        archive.writestr("a.jpg", b"x")
    refused(tmp_path / "photos.zip", "no buildFile", "a.jpg")
    refused(tmp_path, "folder")
    refused(tmp_path / "missing.vmod")
    if os.path.exists("/dev/zero"):
        refused("/dev/zero", "device")


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.vmod")
    refused(tmp_path / "pipe.vmod", "FIFO")


@pytest.mark.parametrize(("build", "words"), [
    (b"this is not XML", ("not well-formed XML",)),
    (b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xx">]><a>&x;</a>', ("DTD",)),
    (b'<!ENTITY x "y"><a/>', ("entities",)),
])
def test_bad_buildfiles(tmp_path: Path, build: bytes, words: tuple[str, ...]) -> None:
    refused(make_module(tmp_path, build=build), *words)


def test_a_member_whose_header_lies_about_its_size_is_not_inflated(tmp_path: Path) -> None:
    path = make_module(tmp_path, images={})
    data = bytearray(path.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.find(signature)
        data[at + offset:at + offset + 4] = (10).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    refused(path, "corrupt")


def test_huge_or_malformed_svgs_are_skipped_not_fatal(tmp_path: Path) -> None:
    huge = TANK.replace("</svg>\n", "<!--" + "x" * (SVG_LIMIT + 10) + "--></svg>\n")
    path = make_module(tmp_path, images={"ge/veh/stgiiig.svg": TANK, "a/huge.svg": huge, "a/bad.svg": "<svg><text>",
                                         "a/dtd.svg": '<!DOCTYPE svg [<!ENTITY a "b">]><svg/>'})
    module = read_module(path)
    assert set(module.counters) == {"ge/veh/stgiiig"}
    assert [s.split(":")[0] for s in module.skipped] == ["images/a/huge.svg", "images/a/bad.svg", "images/a/dtd.svg"]
    assert counter_art(path, "a/huge") is None
    assert counter_art(path, "a/bad") is None
    assert counter_art(path, "a/none") is None
    assert counter_art(tmp_path, "a/none") is None
    assert counter_art(path, "GE/VEH/STGIIIG.gif") == TANK.encode()


# -- lookups and the cache --------------------------------------------------------------------
def test_an_image_is_found_by_its_stem_in_either_form(tmp_path: Path) -> None:
    module = read_module(make_module(tmp_path, images={"br/veh/churcroc.svg": TANK}))
    for image in ("br/vehicles/churcroc", "br/veh/churcroc.gif", "BR/VEH/ChurCroc", "images/br/veh/churcroc.svg"):
        assert module.counter(image) is module.counters["br/veh/churcroc"]
    assert stem_key("br/guns/brMTR81.png") == "br/gun/brmtr81"
    assert module.counter("br/veh/other") is None


def damage_first_counter(value: dict[str, Any]) -> None:
    next(iter(value["counters"].values()))[0] = 12  # a number where the name (a string) should be


@pytest.mark.parametrize("damage", [damage_first_counter, lambda v: v["slots"][0].__setitem__(3, "DBUnit"),
                                    lambda v: v.pop("skipped"), lambda v: v["counters"].__setitem__("x", [1])])
def test_warm_read_is_equal_and_damaged_cache_is_rebuilt(tmp_path: Path,
                                                         damage: Callable[[dict[str, Any]], None]) -> None:
    path = make_module(tmp_path)
    cold = read_module(path)
    forget_modules()
    warm = read_module(path)
    assert warm == cold and warm is not cold
    product = Path(cache.product_path(cold.digest, PRODUCT))
    value = json.loads(product.read_bytes())
    damage(value)
    product.write_text(json.dumps(value))
    forget_modules()
    assert read_module(path) == cold
    product.write_bytes(b"{not json")
    forget_modules()
    assert read_module(path) == cold
    assert json.loads(product.read_bytes())["slots"]  # rebuilt and stored again


# -- the counter library ----------------------------------------------------------------------
def test_library_order_saved_modules_problems_and_lookup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    old = make_module(first, "old.vmod", images={})  # the slots only, as a 2020 module
    new = make_module(second, "new.vmod", build=build_file([]))  # the SVGs only
    broken = tmp_path / "broken.vmod"
    broken.write_bytes(b"nope")
    assert module_library.add_module(new) == [str(new)]
    assert module_library.add_module(str(second / ".." / "second" / "new.vmod")) == [str(new)]
    module_library.add_module(broken)
    monkeypatch.setenv(module_library.MODULE_ENV, os.pathsep.join([str(old), str(new)]))
    assert module_library.module_paths() == (str(old), str(new), str(broken))
    modules, problems = module_library.loaded_modules()
    assert [m.path for m in modules] == [str(old), str(new)]
    assert problems and problems[0][0] == str(broken) and str(broken) in problems[0][1]
    found = module_library.counter_for(gpid="2610")
    assert found is not None
    assert (found.slot_module, found.values_module) == (str(old), str(new))
    assert found.slot is not None and found.values is not None and found.values.af_front == 11
    assert module_library.counter_for(gpid="nope") is None
    assert module_library.remove_module(broken) == [str(new)]
    assert module_library.saved_modules() == [str(new)]
