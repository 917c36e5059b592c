"""DESIGN.md 11 (issue 35): every form in which a real VASL counter prints its values, in SVGs written
here the way VASL's generators write them, read to the values a player reads off the counter.

The forms: a note mark before the calibre (``*28LL`` as two texts, ``*20L(20)``) or after its barrel
(``57L*``) is no barrel; a superscript ✽ right after the calibre is the short barrel (C2.21), before
it a note mark (``✽20L(20)``); an IFE FP in brackets; an MG as MA (``*AAMG``: no calibre, nothing
unread); red values in every spelling VASL uses (``red``, ``#ff0000``, ``#e10000``); no ROF box
(``rof`` None, the keys' ``rof`` 0); ``B`` and ``11`` (B11); ``s8``/``WP7``/``H7[9]``; a Range with
a bracketed minimum ``[(3)✽-70]``; and a text that cannot be read, named with why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aslgui.model.counters import counter_keys, describe, rules_defaults
from aslgui.vasl import cache
from aslgui.vasl.counter_svg import is_red, read_counter
from aslgui.vasl.counter_text import MachineGun
from aslgui.vasl.module import forget_modules, read_module
from aslgui.vasl.module_library import counter_for
from tests.vasl_modules import group, make_module, svg

SUP = '<tspan style="font-size:6px" baseline-shift="super">&#x273D;</tspan>'


def ma(*texts: str) -> str:
    """An MA group of one or more texts side by side (VASL writes a prefix mark as its own text)."""
    body = "".join(f"<text style='fill:black'>{text}</text>" for text in texts)
    return f"<!-- MA, text position adjusts -->\n<svg>{body}</svg>\n"


def red_group(label: str, text: str, fill: str) -> str:
    return f"<!-- {label} -->\n<svg><text style='fill:{fill}'>{text}</text></svg>\n"


#: form -> (the SVG's groups, the values read from it).
FORMS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "prefix mark as its own text *28LL": (
        (ma("&#x002A;", "28LL"), group("ROF", "2"), group("Gun Type", "AT")),
        dict(caliber=28.0, barrel="LL", ma_superscripts=("*",), rof=2, gun_type="AT")),
    "prefix mark *76L": ((ma("*76L"),), dict(caliber=76.0, barrel="L", ma_superscripts=("*",))),
    "prefix mark on an IFE MA *20L(20)": ((ma("*20L(20)"),), dict(caliber=20.0, barrel="L", ife=20,
                                                                   ma_superscripts=("*",))),
    "prefix mark on a normal barrel *75": ((ma("*75"),), dict(caliber=75.0, barrel=None, ma_superscripts=("*",))),
    "postfix mark after the barrel 57L*": ((ma("57L*"),), dict(caliber=57.0, barrel="L", ma_superscripts=("*",))),
    "superscript ✽ after the calibre: short barrel 75✽": ((ma(f"75{SUP}"),), dict(caliber=75.0, barrel="*")),
    "superscript ✽ before the calibre: a mark ✽20L(20)": (
        (ma(f"{SUP}20L(20)"),), dict(caliber=20.0, barrel="L", ife=20, ma_superscripts=("✽",))),
    "plain star after the calibre: short barrel 107*": ((ma("107*"),), dict(caliber=107.0, barrel="*")),
    "MG as MA *AAMG": ((ma("*AAMG"), group("Machine guns", "-/-/4")), dict(caliber=None, barrel=None)),
    "no ROF box": ((ma("57LL"), group("Manhandling #", "10")), dict(caliber=57.0, barrel="LL", rof=None,
                                                                     manhandling=10)),
    "B11 in two texts": ((ma("75"), "<!-- Malfunction B/X -->\n<svg><text>B</text><text>11</text></svg>\n"),
                         dict(caliber=75.0, breakdown=11)),
    "X12 in one text": ((ma("37L"), group("Malfunction B/X", "X12")), dict(caliber=37.0, disable=12)),
    "special ammunition s8 WP7 H7[9]": (
        (ma("81"), group("Special Ammunition", "s8 WP7 H7[9]")),
        dict(caliber=81.0, ammo={"SMOKE": 8, "WP": 7, "HEAT": 7}, ammo_raw=("H7[9]",))),
    "red in VASL's three spellings": (
        (ma("75L"), red_group("Front Armor", "11", "red"), red_group("Side/Rear Armor", "8", "#ff0000"),
         red_group("Movement", "17", "#e10000")),
        dict(caliber=75.0, barrel="L", af_front=11, af_side=8, mp=17, red=("af_front", "af_side", "mp"))),
    "range with a bracketed minimum [(3)✽-70]": (
        (ma(f"70{SUP}"), f"<!-- Range -->\n<text>[(3){SUP}-70]</text>\n"),
        dict(caliber=70.0, barrel="*", range_min=3, range_max=70)),
    "unarmored ★ is no unread AF": ((group("Front Armor", "★"), group("Movement", "24")),
                                    dict(unarmored=True, af_front=None, mp=24)),
    "an IFE FP in its own box beside the MA (24)": ((ma("&#x002A;", "12.7"), group("IFE", "(24)")),
                                                   dict(caliber=12.7, barrel=None, ife=24)),
    "a note mark after the B# B11*": ((ma("75"), group("Malfunction", "B11&#x002A;")), dict(breakdown=11)),
    "a heavy tractor's T# below zero T-2 (C10.1)": ((group("Towing #", "T-2"), group("PP #", "21PP")),
                                                    dict(towing=-2, pp=21)),
    "a light tractor's T# T9 (C10.1)": ((group("Towing #", "T9"),), dict(towing=9)),
    "a note on an underlined MA, * below it": (
        ("<!-- MA, text position adjusts -->\n<svg><text><tspan style='text-decoration:underline'>75</tspan></text>"
         "<text><tspan>*</tspan></text> <!-- Note on underline --></svg>\n",),
        dict(caliber=75.0, barrel=None, ma_underline=True, ma_superscripts=("*",))),
    "a flamethrower MA BF30 and a red X11": ((red_group("MA", "BF30", "red"), red_group("Malfunction", "X11", "red")),
                                              dict(caliber=None, ma="BF30", disable=11, red=("ma", "disable"))),
    "a red flamethrower SA BF30": ((ma("75"), red_group("SA", "BF30", "red")), dict(sa="BF30", red=("sa",))),
    "an RMG with a note mark R2*": ((group("Machine guns", '2/-<tspan baseline-shift="super">R2*</tspan>'),),
                                    dict(mgs=(MachineGun(2, "BMG"), MachineGun(2, "RMG", "*")))),
    "a red B11": ((ma("CMG"), red_group("Malfunction", "B11", "#e10000")), dict(breakdown=11, red=("breakdown",))),
    "a Gun Type in the MP box *ART: no MP": ((ma("200L"), group("Movement", "&#x002A;ART")),
                                             dict(caliber=200.0, mp=None, gun_type="ART")),
    "a rear AF in its own box": ((group("Front Armor", "3"), group("Side/Rear Armor", "1"), group("Rear Armor", "2")),
                                 dict(af_front=3, af_side=1, af_rear=2, unarmored=False)),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_d11_each_printed_form_reads_as_a_player_reads_it(form: str) -> None:
    groups, expected = FORMS[form]
    values = read_counter("hu/veh/test", svg(*groups).encode())
    got = {name: getattr(values, name) for name in expected}
    assert got == expected
    assert values.unread == ()


@pytest.mark.parametrize(("text", "unread"), [
    ("7.5cm?", "MA '7.5cm?': no calibre aslgui can read (a calibre, then L/LL, ✽ or (IFE FP))"),
    ("76L T", "MA '76L T': no calibre aslgui can read (a calibre, then L/LL, ✽ or (IFE FP))"),
])
def test_d11_an_ma_that_cannot_be_read_is_named_with_why(text: str, unread: str) -> None:
    values = read_counter("hu/veh/test", svg(ma(text)).encode())
    assert (values.caliber, values.unread) == (None, (unread,))
    keys = counter_keys("vehicle", values)
    assert "ma" not in keys.keys
    assert keys.notes == [f"printed values: its counter's {unread}; set it in the side panel"]  # the MA field


def test_d11_a_box_without_a_number_is_named() -> None:
    values = read_counter("hu/gun/test", svg(ma("47L"), group("ROF", "?"), group("Movement", "-")).encode())
    assert values.rof is None and values.mp is None
    assert values.unread == ("ROF '?': no number in it", "Movement '-': no number in it")


@pytest.mark.parametrize(("colour", "red"), [("red", True), ("#ff0000", True), ("#F00", True), ("#e10000", True),
                                             ("rgb(225, 0, 0)", True), ("black", False), ("#91cdf5", False),
                                             ("#ffdb00", False), ("#800000", False), ("none", False)])
def test_d11_red_values_in_each_spelling(colour: str, red: bool) -> None:
    assert is_red(colour) is red


def test_c2_24_no_rof_box_is_rof_0_and_no_b_number_the_a11_default() -> None:
    printed = svg(ma("57LL"), group("Gun Type", "AT"), group("Manhandling #", "10"))
    values = read_counter("cc/gun/test", printed.encode())
    keys = counter_keys("gun", values).keys
    assert (keys["caliber"], keys["barrel"], keys["rof"], keys["manhandling"]) == (57.0, "LL", 0, 10)
    assert "breakdown" not in keys
    assert rules_defaults("gun", keys) == {"rof": 0, "breakdown": 12}


def test_c2_24_a_printed_rof_and_b_number_are_no_defaults() -> None:
    values = read_counter("ge/gun/test", svg(ma("75L"), group("ROF", "2"), group("Malfunction B/X", "B11")).encode())
    keys = counter_keys("gun", values).keys
    assert (keys["rof"], keys["breakdown"]) == (2, 11)
    assert rules_defaults("gun", keys) == {}


def test_d11_an_mg_armed_vehicle_takes_no_rof_nor_ordnance_defaults() -> None:
    values = read_counter("am/veh/test", svg(ma("*AAMG"), group("Machine guns", "-/-/4")).encode())
    keys = counter_keys("vehicle", values).keys
    assert "rof" not in keys and "ma" not in keys and keys["mgs"] == [{"fp": 4, "mount": "AAMG"}]
    assert rules_defaults("vehicle", keys) == {}


def test_d11_the_palette_words_say_the_defaults_and_what_is_unread() -> None:
    record = {"name": "57LL AT", "kind": "gun", "nationality": "chinese communist", "side": "axis",
              "image": "cc/gun/ccAT57LL(KFW)", "caliber": 57.0, "barrel": "LL", "rof": 0, "manhandling": 10,
              "defaults": {"rof": 0, "breakdown": 12}, "unread": ["Movement '-': no number in it"]}
    assert describe(record).splitlines() == [
        "57LL AT (gun, chinese communist, axis): art cc/gun/ccAT57LL(KFW)", "MA 57LL", "M# 10",
        "ROF none (no ROF box: no Multiple ROF, C2.24)", "B# 12: not printed, the rules' default (A.11)",
        "not read: Movement '-': no number in it"]


UNARMORED_REAR = "Rear Armor '★T': an unarmored rear (★), no AF aslgui can use; the side AF stands in"


def test_d11_a_rear_armor_box_without_a_number_is_named_and_the_side_af_stands_in() -> None:
    """TACAM R-2's counter prints ``★T`` in its Rear Armor box: not read, so named."""
    values = read_counter("ax/veh/roR2", svg(ma("&#x002A;", "76L"), group("Front Armor", "3"),
                                             group("Side/Rear Armor", "1"), group("Rear Armor", "★T")).encode())
    assert (values.caliber, values.barrel, values.unarmored, values.af_rear) == (76.0, "L", False, None)
    assert values.unread == (UNARMORED_REAR,)
    keys = counter_keys("vehicle", values)
    assert keys.keys["af"] == {"hull": [3, 1, 1]}
    assert keys.notes == [f"printed values: its counter's {UNARMORED_REAR}; the side panel has no field for it"]


def test_d11_a_printed_rear_af_is_the_hulls_rear() -> None:
    values = read_counter("ge/veh/t", svg(group("Front Armor", "8"), group("Side/Rear Armor", "3"),
                                          group("Rear Armor", "2")).encode())
    assert counter_keys("vehicle", values).keys["af"] == {"hull": [8, 3, 2]}


def test_d11_an_mg_mount_printed_as_a_note_mark_is_named_and_the_other_mgs_read() -> None:
    """FlaKPz IV/20 prints ``3/-/*``: its AAMG's FP is in its Chapter H note, not on the counter."""
    values = read_counter("ge/veh/t", svg(group("Machine guns", "3/-/&#x002A;")).encode())
    assert values.mgs == (MachineGun(3, "BMG"),)
    assert values.unread == ("Machine guns '3/-/*': the AAMG prints '*', a note reference, no FP",)
    values = read_counter("ge/veh/t", svg(group("Machine guns", "-/5/&#x002A;")).encode())
    assert values.mgs == (MachineGun(5, "CMG"),)


@pytest.mark.parametrize(("text", "span", "unread"), [
    ("[16]TH", (None, 16), ("Range '[16]TH': 'TH' after the range",)),
    ("[2-16]", (2, 16), ()),
    ("16 hexes", (None, None), ("Range '16 hexes': not a range in brackets as [16] or [(3)-70]",)),
])
def test_d11_a_range_reads_its_brackets_and_names_what_follows(text: str, span: tuple[int | None, int | None],
                                                                unread: tuple[str, ...]) -> None:
    values = read_counter("am/veh/t", svg(ma("12.7"), group("Range", text)).encode())
    assert ((values.range_min, values.range_max), values.unread) == (span, unread)


def test_c10_1_a_t_number_below_zero_is_a_unit_key() -> None:
    values = read_counter("hu/veh/t", svg(group("Towing #", "T-2"), group("Front Armor", "★"),
                                          group("Side/Rear Armor", "★"), group("Movement", "12")).encode())
    assert counter_keys("vehicle", values).keys["towing"] == -2


def test_d11_a_white_disc_behind_a_value_is_a_shape_not_text() -> None:
    """B1bis and Grant draw a white disc glyph from an invisible copy of the text, behind the BMG FP and
    the SA's superscript: the values read as printed, the disc kept as a shape."""
    disc = '<text style="fill:none">{}<tspan style="fill:white">&#x2B24;</tspan>/2</text>'
    values = read_counter("fr/veh/t", svg(
        "<!-- Machine guns -->\n<svg>" + disc.format("") + "<text style='fill:black'>1/2</text></svg>\n",
        "<!-- SA -->\n<svg><text style='fill:black'>&#x002A;</text><text style='fill:none'>B75<tspan "
        f"style='fill:white'>&#x25CF;</tspan></text><text style='fill:black'>B75{SUP}</text></svg>\n").encode())
    assert values.mgs == (MachineGun(1, "BMG"), MachineGun(2, "CMG"))
    assert values.sa == "*B75^✽^"
    assert "disc" in values.labels[0].shapes and values.unread == ()


def test_a9_2_an_mg_ma_with_a_printed_rof_keeps_it() -> None:
    """R-1 and TKS print ``CMG``/``BMG`` as MA with an ROF box and B11: both are unit keys, no ordnance."""
    values = read_counter("ax/veh/t", svg(ma("CMG"), group("ROF", "1"), group("Malfunction", "B11"),
                                          group("Machine guns", "2&#x002A;/4")).encode())
    assert (values.caliber, values.rof, values.breakdown, values.unread) == (None, 1, 11, ())
    assert values.mgs == (MachineGun(2, "BMG", "*"), MachineGun(4, "CMG"))
    keys = counter_keys("vehicle", values).keys
    assert (keys["rof"], keys["breakdown"], "ma" in keys) == (1, 11, False)
    assert rules_defaults("vehicle", keys) == {}


def test_d11_two_mgs_at_one_mount_2x2() -> None:
    """T-28 and the Finnish Postijuna print ``2x2/2^R2^/2``: two BMGs of FP 2 (as T-35's SA ``2x45L``)."""
    values = read_counter("ru/veh/t", svg(group("Machine guns", '2x2/2<tspan baseline-shift="super">R2</tspan>/2'),
                                          group("SA", "2x45L")).encode())
    assert values.mgs == (MachineGun(2, "BMG"), MachineGun(2, "BMG"), MachineGun(2, "CMG"), MachineGun(2, "RMG"),
                          MachineGun(2, "AAMG"))
    assert (values.sa, values.unread) == ("2x45L", ())


@pytest.mark.parametrize("sa", ["BF36", "2x45L"])
def test_d7_11_a_secondary_armament_is_named_as_not_read(sa: str) -> None:
    """The Crocodile's SA BF36 and the T-35's 2x45L are read as printed, but no scenario key holds
    them: the import says so, rather than an OVR quietly leaving a FT's FP out (D7.11)."""
    values = read_counter("br/veh/t", svg(ma("75"), group("Machine guns", "-/4"), group("SA", sa)).encode())
    keys = counter_keys("vehicle", values)
    assert values.sa == sa and "sa" not in keys.keys and keys.keys["mgs"] == [{"fp": 4, "mount": "CMG"}]
    assert keys.notes == [f"printed values: its counter's SA {sa!r} (secondary armament) is not read, and the side "
                          "panel has no field for it: it fires no shot here and adds no FP to an OVR (D7.11)"]
    assert counter_keys("vehicle", read_counter("br/veh/t", svg(ma("75")).encode())).notes == []


def test_c10_3_an_unlabelled_m_with_a_note_mark_is_named() -> None:
    """The Type 45 140mm prints an unlabelled ``M`` and a red ``*`` (no M#): named, not dropped."""
    values = read_counter("ja/gun/t", svg(ma("140L"), group("Gun Type", "ART"),
                                          "<text><tspan>M</tspan><tspan style='fill:red'>*</tspan></text>\n").encode())
    assert (values.manhandling, values.red) == (None, ("manhandling",))
    assert values.unread == ("Manhandling 'M*': no number in it",)


@pytest.mark.parametrize(("side", "stem", "printed"), [
    ("limbered", "am/gun/amAR105-l", ("<text>Limbered</text>\n",)),
    ("limbered", "am/gun/amAR105-lb", ("<text>Limbered</text>\n",)),
    ("malfunctioned", "am/gun/amAR105b", ("<text>R1</text>\n", "<text>X6</text>\n")),
])
def test_c10_2_a_limbered_or_malfunctioned_side_reads_its_guns_front(
        side: str, stem: str, printed: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A limbered Gun's visible side (``amAR105-l``) prints ``Limbered`` and its M#, a malfunctioned
    one (``huAT47b``) its repair numbers: its values are read from its front (``amAR105``), never
    taken as a Gun with no MA and no ROF."""
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "cache"))
    forget_modules()
    front = svg(ma("105"), group("ROF", "1"), group("Gun Type", "ART"), group("Manhandling #", "7"))
    module = read_module(make_module(tmp_path, images={stem + ".svg": svg(group("Manhandling #", "7"), *printed),
                                                       "am/gun/amAR105.svg": front}))
    assert module.counter(stem).side == side  # type: ignore[union-attr]
    found = counter_for(image=stem, modules=[module])
    assert found is not None and found.values is not None
    assert (found.values.stem, found.values.caliber, found.values.rof, found.values.side) == (
        "am/gun/amAR105", 105.0, 1, None)


@pytest.mark.parametrize(("kind", "groups", "advice"), [
    ("vehicle", (ma("75L"), group("Movement", "-")), "set it in the side panel"),  # the vehicle's MP field
    ("vehicle", (ma("75L"), group("Machine guns", "x/y")), "the side panel has no field for it"),  # no MG field
    ("vehicle", (ma("75L"), group("ROF", "?")), "the side panel has no field for it"),  # a vehicle's panel has no ROF
    ("gun", (ma("75L"), group("ROF", "?")), "set it in the side panel"),  # a Gun's has
    ("gun", (ma("75L"), group("Movement", "-")), "the side panel has no field for it"),  # a Gun has no MP
])
def test_d11_an_unread_value_is_set_in_the_side_panel_only_where_it_has_a_field(
        kind: str, groups: tuple[str, ...], advice: str) -> None:
    values = read_counter("hu/veh/test", svg(*groups).encode())
    (unread,) = values.unread
    assert counter_keys(kind, values).notes == [f"printed values: its counter's {unread}; {advice}"]
