"""Counter pictures and module zips (issue 37's open points): the unit's picture a VASL counter
names beside it in the module (``svg/KV1M41.png``) is drawn, and nothing outside the module's
images is read; a counter drawn without some of its pictures says so on hover, in the map and in
the order of battle; a module's zip is closed soon after the last counter read from it, so the
player can replace the module while aslgui runs, and the next read finds the new one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QSettings
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from aslgui.model import scenario_from_json
from aslgui.ui.map import counter_art
from aslgui.ui.map.counter_art import ArtLibrary
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl import module_library
from aslgui.vasl.module import read_module
from tests.gui.test_counter_art_safety import HEAD, data_uri, png
from tests.vasl_modules import STUG, TANK, build_file, make_module, private_module_files

pytestmark = pytest.mark.gui
SMALL = data_uri("image/png", png(60, 60))
HUGE = data_uri("image/png", png(8000, 8000))


def counter(*hrefs: str) -> str:
    """A counter of a rectangle and one ``<image>`` per href."""
    pictures = "".join(f'<image width="60" height="60" href="{href}"/>' for href in hrefs)
    return f'{HEAD}<rect width="60" height="60" style="fill:grey"/>{pictures}</svg>'


def solid_png(colour: str) -> bytes:
    """A 60-pixel PNG of one colour, as VASL's depictions are PNGs beside the counter's SVG."""
    image = QImage(60, 60, QImage.Format.Format_ARGB32)
    image.fill(QColor(colour))
    buffer = QBuffer()
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data().data())


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_module_files(tmp_path, monkeypatch)


def test_the_picture_a_counter_names_beside_it_is_drawn_and_nothing_outside_images_is_read(
    tmp_path: Path
) -> None:
    images = {"ru/veh/KV1M41.svg": counter("svg/KV1M41.png"), "ru/veh/svg/KV1M41.png": solid_png("red"),
              "ru/veh/space.svg": counter("svg/T%2034.png"), "ru/veh/svg/T 34.png": solid_png("blue"),
              "ru/veh/away.svg": counter("svg/missing.png", "../../../buildFile", "../../svg/KV1M41.png",
                                         "file:///etc/hosts", "/etc/hosts", "ru/veh/svg/KV1M41.png")}
    art = ArtLibrary([read_module(make_module(tmp_path, images=images))])
    kv, space, away = (art.image(f"ru/veh/{stem}", 60) for stem in ("KV1M41", "space", "away"))
    assert kv is not None and space is not None and away is not None
    assert kv.pixelColor(30, 30).name() == "#ff0000" and space.pixelColor(30, 30).name() == "#0000ff"
    assert away.pixelColor(30, 30).name() == "#808080"  # the grey rectangle alone
    assert art.why_not_whole("ru/veh/KV1M41") is None
    assert "drawn without 6 pictures" in (art.why_not_whole("ru/veh/away") or "")
    art.close()


def test_art_without_its_pictures_says_how_many_and_why(tmp_path: Path) -> None:
    images = {"ge/veh/whole.svg": counter(SMALL), "ge/veh/one.svg": counter(SMALL, HUGE),
              "ge/veh/two.svg": counter("svg/emblem.png", HUGE, SMALL)}
    art = ArtLibrary([read_module(make_module(tmp_path, images=images))])
    assert all(art.renderer(f"ge/veh/{stem}") is not None for stem in ("whole", "one", "two"))
    assert art.why_not_whole("ge/veh/whole") is None and art.why_not_whole(None) is None
    one, two = art.why_not_whole("ge/veh/one"), art.why_not_whole("ge/veh/two")
    assert one is not None and "drawn without 1 picture:" in one
    assert one.endswith("1,048,576 pixels in all")  # in a player's words: no constant's name
    assert two is not None and "drawn without 2 pictures:" in two
    art.close()


def test_the_map_and_the_order_of_battle_tell_art_that_is_not_whole(qtbot: QtBot, tmp_path: Path) -> None:
    images = {"ge/veh/stgiiig.svg": TANK, "ge/veh/x.png": solid_png("green"), "ge/veh/gap.svg": counter(SMALL, HUGE)}
    module_library.add_module(make_module(tmp_path, build=build_file([("2610", "StuG IIIG", STUG)]), images=images))
    units = [{"id": f"v{i}", "name": f"StuG {i}", "side": "german", "kind": "vehicle", "hex": f"4E{i + 2}",
              "vasl": {"image": image}} for i, image in enumerate(("ge/veh/stgiiig", "ge/veh/gap"))]
    off_board = {"id": "r1", "side": "german", "kind": "vehicle", "name": "StuG r", "hex": None,
                 "vasl": {"image": "ge/veh/gap"}}
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1,
                                    "boards": [{"id": "4", "col": 0, "row": 0}], "units": [*units, off_board]})
    win = MainWindow(situation, None, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    whole, gap = win.scene.counter_item("v0"), win.scene.counter_item("v1")
    assert (whole.art, gap.art) == ("ge/veh/stgiiig", "ge/veh/gap")
    assert whole.toolTip() == ""
    assert gap.toolTip().startswith("StuG 1: its art is drawn without 1 picture:")
    entry = win.order_of_battle.list.items["r1"]
    assert entry.toolTip(0).splitlines()[-1].startswith("Its art is drawn without 1 picture:")


def test_a_module_zip_is_closed_after_a_burst_and_a_replaced_module_is_read_anew(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(counter_art, "RELEASE_MS", 50)
    tanks = {f"ge/veh/v{i}.svg": TANK for i in range(3)}
    path = make_module(tmp_path, images={**tanks, "ge/veh/x.png": solid_png("red")})
    art = ArtLibrary([read_module(path)])
    assert art.image("ge/veh/v0", 40) is not None and art.image("ge/veh/v1", 40) is not None
    assert art.zips_open() == 1
    qtbot.waitUntil(lambda: art.zips_open() == 0, timeout=2000)
    # the player replaces the module (as an update would) while the window runs
    (tmp_path / "newer").mkdir()
    newer = make_module(tmp_path / "newer", images={f"ge/veh/v{i}.svg": counter(SMALL, HUGE) for i in range(3)})
    os.replace(newer, path)
    assert art.image("ge/veh/v1", 41) is not None and art.zips_open() == 0  # parsed before: no read
    assert art.image("ge/veh/v2", 40) is not None and art.zips_open() == 1
    assert art.why_not_whole("ge/veh/v2") is not None and art.why_not_whole("ge/veh/v1") is None
    qtbot.waitUntil(lambda: art.zips_open() == 0, timeout=2000)
