"""DESIGN.md 11 (issue 35) beyond the sample: a module made of the sample's real buildFile (VASL's
PieceSlots, test data of ``../shared``, read in place) and SVGs written here in the forms real
counters use, one at a real slot of each nationality folder that holds Guns or vehicles; each is
read with its nationality and side, and ``aslgui counters`` lists it as ``counter_records`` does."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from aslgui.cli import main
from aslgui.model.counters import counter_records
from aslgui.vasl import cache
from aslgui.vasl.module import Module, forget_modules, read_module
from tests.vasl.test_counter_forms import SUP, ma, red_group
from tests.vasl.test_module_sample import SAMPLE
from tests.vasl_modules import group, svg

pytestmark = pytest.mark.skipif(
    SAMPLE is None,
    reason="../shared/vasl/module/vasl-sample.vmod (its buildFile, test data only) is not beside this repository")

#: folder -> (a real slot's gpid, its image stem, the SVG's groups, what its record holds).
COUNTERS: dict[str, tuple[str, str, tuple[str, ...], dict[str, Any]]] = {
    "hu": ("4009", "hu/veh/hu38MTi", (ma("&#x002A;", "20L"), group("ROF", "2"), group("Movement", "12")),
           dict(nationality="hungarian", side="axis", ma={"caliber": 20.0, "kind": "gun", "barrel": "L"}, rof=2,
                mp=12)),
    "ax": ("3787", "ax/veh/axL335", (ma("*20L(20)"), group("Movement", "14")),
           dict(nationality="axis minor", side="axis", ma={"caliber": 20.0, "kind": "gun", "barrel": "L", "ife": True,
                                                            "fp": 20}, rof=0, defaults={"rof": 0, "breakdown": 12})),
    "al": ("2231", "al/veh/L530", (ma("47L*"), group("ROF", "1"), "<!-- Malfunction B/X -->\n<svg><text>B</text>"
                                   "<text>11</text></svg>\n"),
           dict(nationality="allied minor", side="allied", ma={"caliber": 47.0, "kind": "gun", "barrel": "L"}, rof=1,
                breakdown=11, defaults={})),
    "ss": ("2942", "ss/veh/sspzib", (ma("*AAMG"), group("Machine guns", "-/-/4"), group("Movement", "16")),
           dict(nationality="german", side="axis", mgs=[{"fp": 4, "mount": "AAMG"}], defaults={})),
    "us": ("3b5:2460", "us/gun/usMTR(81M1L)KFW", (ma(f"81{SUP}"), group("ROF", "3"), group("Gun Type", "MTR")),
           dict(nationality="american", side="allied", caliber=81.0, barrel="*", rof=3, type="MTR")),
    "nk": ("3b5:11098", "nk/veh/nkGAZMM", (group("Front Armor", "★"), red_group("Movement", "24", "#e10000")),
           dict(nationality="north korean", side="axis", afv=False, mp=24)),
    "cc": ("3b5:10114", "cc/gun/ccAT57LL(KFW)", (ma("57LL"), group("Gun Type", "AT"), group("Manhandling #", "10")),
           dict(nationality="chinese communist", side="axis", caliber=57.0, barrel="LL", rof=0, manhandling=10,
                defaults={"rof": 0, "breakdown": 12})),
    "sk": ("3b5:10746", "sk/veh/skJeep(a)KFW", (group("Movement", "30"), group("PP #", "4 PP")),
           dict(nationality="south korean", side="allied", mp=30, pp=4)),
    "un": ("3b5:8419", "un/veh/unM24(KFW)", (ma("75"), group("ROF", "1"), group("Special Ammunition", "s8 WP7 H7[9]")),
           dict(nationality="other unc", side="allied", ma={"caliber": 75.0, "kind": "gun"},
                special_ammo={"SMOKE": 8, "WP": 7, "HEAT": 7})),
    "fi": ("6841", "fi/veh/fiT-37r", (ma("7.5cm?"),),
           dict(nationality="finnish", side="axis",
                unread=["its counter's MA '7.5cm?': no calibre aslgui can read (a calibre, then L/LL, ✽ or "
                        "(IFE FP)); set it in the side panel"])),
    **{folder: (gpid, image, (ma("37L"), group("ROF", "1")),
                dict(nationality=nationality, side=side, ma={"caliber": 37.0, "kind": "gun", "barrel": "L"}, rof=1))
       for folder, gpid, image, nationality, side in (
           ("ge", "2524", "ge/veh/pzib", "german", "axis"), ("ru", "3b5:11102", "ru/veh/GAZ67B", "russian", "allied"),
           ("am", "3b5:3688", "am/veh/M16MGMC", "american", "allied"),
           ("br", "3b5:11075", "br/veh/churbrid0", "british", "allied"),
           ("fr", "1713", "fr/veh/ft17m", "french", "allied"), ("it", "3466", "it/veh/l521", "italian", "axis"),
           ("ja", "3310", "ja/veh/ty92A", "japanese", "axis"), ("ch", "2063", "ch/veh/vclm1931", "chinese", "allied"))},
}


@pytest.fixture(scope="module")
def module_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample's buildFile with this test's SVGs at real slots' images (``br/vehicles/`` is now ``br/veh/``)."""
    assert SAMPLE is not None
    path = tmp_path_factory.mktemp("module") / "forms.vmod"
    with zipfile.ZipFile(SAMPLE) as sample, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile", sample.read("buildFile"))
        for _, image, groups, _ in COUNTERS.values():
            archive.writestr(f"images/{image}.svg", svg(*groups))
    return path


@pytest.fixture(scope="module")
def module(module_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Module:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.CACHE_ENV, str(tmp_path_factory.mktemp("cache")))
        forget_modules()
        return read_module(module_path)


def _record(module: Module, gpid: str) -> dict[str, Any]:
    slot = module.slot(gpid)
    assert slot is not None
    return next(r for r in counter_records([module], [slot.name]) if r["gpid"] == gpid)


@pytest.mark.parametrize("folder", sorted(COUNTERS))
def test_d11_each_nationality_folder_and_form_is_read(module: Module, folder: str) -> None:
    gpid, image, _, expected = COUNTERS[folder]
    record = _record(module, gpid)
    assert record["image"].lower().replace("/vehicles/", "/veh/") == image.lower()
    expected = {"unread": [], **expected}
    assert {key: record.get(key) for key in expected} == expected
    assert record["printed"] and all(key in record for key in record["printed"])


def test_d11_every_counter_of_the_module_is_read(module: Module) -> None:
    assert len(module.counters) == len(COUNTERS) and module.skipped == ()


def test_aslgui_counters_prints_the_same_records_filtered_by_name(
        module: Module, module_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["counters", "--module", str(module_path), "38M Toldi", "gaz-mm"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines and all(any(word in text.lower() for word in ("38m toldi", "gaz-mm")
                             for text in (line["name"], line["image"], line["counter_name"] or "")) for line in lines)
    for gpid in ("4009", "3b5:11098"):
        assert next(line for line in lines if line["gpid"] == gpid) == _record(module, gpid)


def test_d11_what_could_not_be_read_comes_back_from_the_cache(module: Module, module_path: Path,
                                                              tmp_path_factory: pytest.TempPathFactory) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.CACHE_ENV, str(tmp_path_factory.mktemp("cache")))
        forget_modules()
        cold = read_module(module_path).counters["fi/veh/fiT-37r"]
        forget_modules()
        warm = read_module(module_path).counters["fi/veh/fiT-37r"]
    assert warm == cold and warm.unread == (
        "MA '7.5cm?': no calibre aslgui can read (a calibre, then L/LL, ✽ or (IFE FP))",)
