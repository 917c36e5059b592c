"""The module reader on the real sample module (``../shared/vasl/module/vasl-sample.vmod``, test
data only, read in place): every one of its 24 SVG counters against the values read off the file
by eye, and the 2020 buildFile's PieceSlots."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from aslgui.vasl import cache
from aslgui.vasl.counter_text import MachineGun
from aslgui.vasl.module import Module, forget_modules, read_module

_REPO = Path(__file__).resolve().parents[2]
SAMPLE: Path | None = next(
    (p / "shared" / "vasl" / "module" / "vasl-sample.vmod" for p in _REPO.parents
     if (p / "shared" / "vasl" / "module" / "vasl-sample.vmod").is_file()), None
)
pytestmark = pytest.mark.skipif(
    SAMPLE is None,
    reason="../shared/vasl/module/vasl-sample.vmod (a VASL module, test data only) is not beside this repository",
)

BMG, CMG, AAMG, RMG = "BMG", "CMG", "AAMG", "RMG"
#: stem -> the values printed on it (fields left out print nothing: None, False or empty).
EXPECTED: dict[str, dict[str, Any]] = {
    "am/veh/M3ht": dict(note="28", name="M3 ht", ma="*AAMG", rof=1, af_front=0, af_side=0,
                        turret_armor_front="superior", mgs=(MachineGun(4, AAMG),), mp=20, pp=15, towing=6, red=("mp",)),
    "br/gun/brMTR81": dict(note="2vc", name="OML 3-in. Mortar", ma="81^✽^", caliber=81.0, barrel="*", ma_overline=True,
                           rof=2, gun_type="MTR", manhandling=11, range_min=3, range_max=63),
    "br/veh/churcroc": dict(note="38", name="Chur. Crocodile HTv", ma="75", caliber=75.0, rof=1, af_front=14,
                            af_side=11, mgs=(MachineGun(4, CMG),), mp=7, disable=12, sa="BF36", turret="T",
                            red=("af_front", "disable", "sa")),
    "ge/geMTR": dict(name="geMTR", ma="50^✽^", caliber=50.0, barrel="*", ma_overline=True, rof=3, gun_type="MTR",
                     pp=5, range_min=2, range_max=13),
    "ge/gun/geAA2020": dict(note="27", name="2cm FlaKvierling 38", ma="^✽^20L(20)", caliber=20.0, barrel="L",
                            ma_superscripts=("✽",), ife=20, rof=3, gun_type="AA", manhandling=8, turret="T",
                            red=("manhandling",)),
    "ge/gun/geAA88L": dict(note="30", name="8.8cm FlaK 18 o. 36", ma="88L", caliber=88.0, barrel="L", rof=2,
                           gun_type="AA", manhandling=4, manhandling_circled=True, turret="T", red=("manhandling",)),
    "ge/gun/geAT37L": dict(note="6", name="3.7cm PaK 35/36", ma="37L", caliber=37.0, barrel="L", rof=3, gun_type="AT",
                           manhandling=12, ammo={"HEAT": 6}, ammo_raw=("H6[9]",)),
    "ge/gun/geAT50L": dict(note="8", name="5cm PaK 38", ma="50L", caliber=50.0, barrel="L", rof=3, gun_type="AT",
                           manhandling=10, range_max=75),
    "ge/gun/geAT75L": dict(note="10", name="7.5cm PaK 40", ma="75L", caliber=75.0, barrel="L", rof=2, gun_type="AT",
                           manhandling=8),
    "ge/gun/geAT88LL": dict(note="12", name="8.8cm PaK 43", ma="88LL", caliber=88.0, barrel="LL", rof=2,
                            gun_type="AT", manhandling=4, manhandling_circled=True, turret="T"),
    "ge/gun/geINF75": dict(note="15", name="7.5cm leIG 18", ma="75^✽^", caliber=75.0, barrel="*", ma_overline=True,
                           rof=2, gun_type="INF", manhandling=10),
    "ge/gun/geMTR81s": dict(note="2", name="8cm GrW 34", ma="81^✽^", caliber=81.0, barrel="*", ma_overline=True,
                            rof=3, gun_type="MTR", manhandling=11, range_min=2, range_max=60),
    "ge/veh/jgpz38": dict(note="50", name="JgdPz 38(t) TD", ma="75L", caliber=75.0, barrel="L", af_front=14,
                          af_side=3, mgs=(MachineGun(1, AAMG, "✽"),), mp=13),
    "ge/veh/nag4500": dict(note="96b", name="Buessing-NAG 4500 tr", unarmored=True, mp=24, pp=29, towing=2),
    "ge/veh/opel": dict(note="96a", name="Opel 6700 (Blitz) tr", unarmored=True, mp=28, pp=21, towing=7),
    "ge/veh/pziiin": dict(note="16", name="PzKpfw IIIN MT", ma="75^✽^", caliber=75.0, barrel="*", ma_overline=True,
                          rof=1, af_front=6, af_side=3, turret_armor_side="superior",
                          mgs=(MachineGun(3, BMG), MachineGun(5, CMG)), mp=13, turret="T"),
    "ge/veh/pzivf2": dict(note="23", name="PzKpfw IVF2 MT", ma="75L", caliber=75.0, barrel="L", rof=1, af_front=6,
                          af_side=3, turret_armor_side="superior", mgs=(MachineGun(3, BMG), MachineGun(5, CMG)),
                          mp=14, turret="T"),
    "ge/veh/pzivh": dict(note="24", name="PzKpfw IVH MT", ma="75L", caliber=75.0, barrel="L", rof=1, af_front=8,
                         af_side=3, turret_armor_front="inferior", turret_armor_side="superior",
                         mgs=(MachineGun(3, BMG), MachineGun(5, CMG)), mp=13, turret="T"),
    "ge/veh/pzvg": dict(note="27", name="PzKpfw VG MT", ma="75LL", caliber=75.0, barrel="LL", rof=1, af_front=18,
                        af_side=6, turret_armor_front="inferior",
                        mgs=(MachineGun(3, BMG), MachineGun(5, CMG), MachineGun(2, AAMG)), mp=15, turret="ST",
                        red=("af_front",)),
    "ge/veh/pzvie": dict(note="30", name="PzKpfw VIE HT", ma="88L", caliber=88.0, barrel="L", rof=1, af_front=11,
                         af_side=8, turret_armor_front="superior", mgs=(MachineGun(3, BMG), MachineGun(5, CMG)),
                         mp=12, turret="ST", red=("af_front", "mp")),
    "ru/gun/ruAT37L": dict(note="6", name="37mm PTP obr. 30", ma="37L", caliber=37.0, barrel="L", rof=3, gun_type="AT",
                           manhandling=12),
    "ru/gun/ruMTR82s": dict(note="2", name="82mm BM obr. 37", ma="82^✽^", caliber=82.0, barrel="*", ma_overline=True,
                            rof=3, gun_type="MTR", manhandling=11, range_min=3, range_max=78),
    "ru/veh/KV1M41": dict(note="23b", name="KV-1 M41 HT", ma="76L", caliber=76.0, barrel="L", af_front=11, af_side=8,
                          turret_armor_side="superior",
                          mgs=(MachineGun(2, BMG), MachineGun(4, CMG), MachineGun(2, RMG)), mp=11, turret="RST",
                          red=("af_front", "mp")),
    "ru/veh/kom": dict(note="46.1", name="Komsomolet APC", af_front=0, af_side=0, mp=12, pp=9, towing=8),
}
#: What a counter that prints none of a field holds.
EMPTY: dict[str, Any] = dict(name=None, note=None, ma=None, caliber=None, barrel=None, ma_superscripts=(),
                             ma_overline=False, ma_underline=False, ife=None, rof=None, af_front=None, af_side=None,
                             unarmored=False, turret_armor_front=None, turret_armor_side=None, mgs=None, mp=None,
                             gun_type=None, manhandling=None, manhandling_circled=False, pp=None, towing=None,
                             breakdown=None, disable=None, ammo={}, devices={}, ammo_raw=(), range_min=None,
                             range_max=None, sa=None, turret=None, red=())


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Module:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.CACHE_ENV, str(tmp_path_factory.mktemp("cache")))
        forget_modules()
        assert SAMPLE is not None
        return read_module(SAMPLE)


def test_every_svg_of_the_sample_is_read(sample: Module) -> None:
    assert SAMPLE is not None
    with zipfile.ZipFile(SAMPLE) as archive:
        svgs = {n[len("images/"):-len(".svg")] for n in archive.namelist() if n.endswith(".svg")}
    assert len(svgs) == 24
    assert set(sample.counters) == svgs == set(EXPECTED)
    assert sample.skipped == ()


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_counter_values(sample: Module, stem: str) -> None:
    values = sample.counters[stem]
    got = {name: getattr(values, name) for name in EMPTY}
    assert got == {**EMPTY, **EXPECTED[stem]}
    assert all(printed.label or printed.text for printed in values.labels)


def test_buildfile_slots(sample: Module) -> None:
    assert SAMPLE is not None
    with zipfile.ZipFile(SAMPLE) as archive:
        text = archive.read("buildFile").decode("utf-8")
    assert len(sample.slots) == len(re.findall(r"<VASSAL\.build\.widget\.PieceSlot[\s>]", text)) == 5445
    assert (sample.version, sample.vassal_version) == ("6.5-beta3", "3.2.17")
    stug = sample.slot("2610")
    assert stug is not None
    assert (stug.name, stug.image, stug.prototypes) == ("StuG IIIG", "ge/veh/stgiiig", ("DBUnit", "geCTnt"))
    assert stug.info == ("CS 4,sD7,s8,A6^2^/5^3^/4^4^,MG:VCA only,Sz",)
    assert stug.folder[:3] == ("VASL Counters", "Axis O/B", "German")
    squad = sample.slot("2363")
    assert squad is not None and squad.image == "ge/ge468S"


@pytest.mark.parametrize(("gpid", "stem"), [("2566", "ge/veh/pziiin"), ("1390", "br/veh/churcroc"),
                                            ("615", "ru/veh/KV1M41"), ("2498", "ge/gun/geAT75L")])
def test_a_2020_slot_finds_its_current_svg(sample: Module, gpid: str, stem: str) -> None:
    slot = sample.slot(gpid)
    assert slot is not None and slot.image is not None
    assert sample.counter(slot.image) is sample.counters[stem]  # br/vehicles/churcroc -> br/veh/churcroc
