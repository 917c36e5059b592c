"""``aslgui render``: the window's drawing, written to a PNG without a window."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from aslgui.cli import main
from aslgui.geometry import Hex
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH
from aslgui.model import load_scenario
from aslgui.ui.render import hex_range_rect, render_image
from aslgui.ui.window.main_window import DEMO_PATH

pytestmark = pytest.mark.gui


def pixel(image: QImage, origin: QPointF, h: Hex, dy: float = 12.0) -> QColor:
    """The colour a little below the centre of hex ``h`` (clear of its name and the counters)."""
    scenario = load_scenario(DEMO_PATH)
    x, y = scenario.grid.center(h)
    return image.pixelColor(round(x - origin.x()), round(y + dy - origin.y()))


def is_wedge_tint(colour: QColor) -> bool:
    """Open ground under the translucent orange-red CA fill: red stays high, green and blue drop."""
    return colour.red() > 215 and colour.green() < 205 and colour.blue() < 175


def test_render_cli_writes_a_png_of_the_hex_range_with_the_wedge(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.png"
    assert main(["render", str(DEMO_PATH), "-o", str(out), "--ca", "g1", "--hex-range", "A1-J10"]) == 0
    image = QImage(str(out))
    scenario = load_scenario(DEMO_PATH)
    rect = hex_range_rect(scenario.grid, "A1-J10")
    assert (image.width(), image.height()) == (round(rect.width()), round(rect.height()))
    # From the map's left edge to J's east vertex (9 columns of 56.25 px + 37.5) + 4 px margin; all 10 rows.
    assert (image.width(), image.height()) == (548, 645)
    assert "wrote" in capsys.readouterr().out
    grid = scenario.grid
    origin = rect.topLeft()
    for name in ("4B8", "4C8", "4D8", "4E10"):  # in the 57LL's CA (C3.2 EX), open ground
        assert is_wedge_tint(pixel(image, origin, grid.parse(name))), name
    for name in ("4H8", "4I5", "4G9"):  # outside it, open ground
        colour = pixel(image, origin, grid.parse(name))
        assert not is_wedge_tint(colour), name
        assert colour == QColor("#e9e4c9"), name


def test_render_whole_map_size_follows_scale(qtbot: QtBot) -> None:
    scenario = load_scenario(DEMO_PATH)
    image = render_image(scenario, scale=0.5)
    assert (image.width(), image.height()) == (round(BOARD_PIXEL_WIDTH / 2), round(BOARD_PIXEL_HEIGHT / 2))
    x, y = scenario.grid.center(scenario.grid.parse("4M7"))
    assert image.pixelColor(round(x / 2), round((y + 12) / 2)) == QColor("#e9e4c9")  # no --ca: no wedge


def test_render_rejects_an_unknown_unit_and_a_unit_without_ca(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.png"
    assert main(["render", str(DEMO_PATH), "-o", str(out), "--ca", "nobody"]) == 2
    assert '"path": "--ca[0]"' in capsys.readouterr().err
    assert main(["render", str(DEMO_PATH), "-o", str(out), "--ca", "g1", "s1"]) == 2
    assert "has no CA" in capsys.readouterr().err
    assert main(["render", str(DEMO_PATH), "-o", str(out), "--hex-range", "A1"]) == 2
    assert '"path": "--hex-range"' in capsys.readouterr().err
    assert not out.exists()


def test_walls_hedges_fortified_and_mud_are_drawn(qtbot: QtBot) -> None:
    from aslgui.geometry import direction_to
    from aslgui.model import scenario_from_json
    from aslgui.ui.map import style

    scenario = scenario_from_json(
        {
            "boards": [{"id": "1", "col": 0, "row": 0}],
            "terrain": {"1H4": "stone building"},
            "fortified": ["1H4"],
            "hexsides": {"1E5/1E6": "wall", "1E6/1F6": "hedge"},
            "ground": {"1C5": "mud"},
        }
    )
    image = render_image(scenario)
    grid = scenario.grid

    def side_midpoint(a: str, b: str) -> QColor:
        ha, hb = grid.parse(a), grid.parse(b)
        direction = direction_to(ha, hb)
        assert direction is not None
        corners = grid.vertices(ha)
        (x1, y1), (x2, y2) = corners[(direction - 1) % 6], corners[direction]
        return image.pixelColor(round((x1 + x2) / 2), round((y1 + y2) / 2))

    assert side_midpoint("1E5", "1E6") == QColor(style.HEXSIDE_STYLES["wall"][0])
    assert side_midpoint("1E6", "1F6") == QColor(style.HEXSIDE_STYLES["hedge"][0])
    assert side_midpoint("1E6", "1E7") != QColor(style.HEXSIDE_STYLES["wall"][0])
    x, y = grid.vertices(grid.parse("1H4"))[1]  # Fortified: a dark dashed outline
    assert any(image.pixelColor(round(x) - dx, round(y)).lightness() < 60 for dx in range(4))
    cx, cy = grid.center(grid.parse("1C5"))
    mud = QColor(style.GROUND_COLORS["mud"])
    assert any(image.pixelColor(round(cx) + dx, round(cy) + 10) == mud for dx in range(12))


def test_d11_render_draws_units_with_their_module_art_as_the_window_does(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN.md 11 (issue 35): ``aslgui render`` reads the player's modules (here
    ``ASLGUI_VASL_MODULE``) and draws a unit whose counter one holds with its art, exactly as the
    window's counter tile does; without the module the same unit is the plain tile."""
    from aslgui.ui.map.counter_art import use_modules
    from aslgui.ui.map.counters import CounterItem
    from aslgui.vasl.module import forget_modules
    from aslgui.vasl.module_library import MODULE_ENV
    from tests.vasl_modules import make_module

    monkeypatch.setenv("ASLGUI_CONFIG_DIR", str(tmp_path / "config"))
    stug = {"id": "v1", "side": "axis", "nationality": "german", "kind": "vehicle", "name": "StuG IIIG",
            "hex": "4E5", "vca": "S/SW", "vasl": {"gpid": "2610", "image": "ge/veh/stgiiig"}}
    scenario_file = tmp_path / "s.json"
    scenario_file.write_text(json.dumps({"format": "aslgui-scenario", "version": 1, "boards": [{"id": "4"}],
                                         "units": [stug]}), encoding="utf-8")
    images = {}
    try:
        for with_module in (False, True):
            forget_modules()
            if with_module:
                monkeypatch.setenv(MODULE_ENV, str(make_module(tmp_path)))
            else:
                monkeypatch.delenv(MODULE_ENV, raising=False)
            out = tmp_path / f"map{with_module}.png"
            assert main(["render", str(scenario_file), "-o", str(out), "--hex-range", "4D4-4F6"]) == 0
            images[with_module] = QImage(str(out))
        assert CounterItem(load_scenario(scenario_file).units["v1"], []).art == "ge/veh/stgiiig"  # the window's tile
    finally:
        use_modules(())
    plain, art = images[False], images[True]
    assert plain.size() == art.size()
    differing = sum(plain.pixelColor(x, y) != art.pixelColor(x, y)
                    for x in range(0, plain.width(), 2) for y in range(0, plain.height(), 2))
    assert differing > 200  # the counter's art (its turret ring, its numbers) in place of the plain tile
