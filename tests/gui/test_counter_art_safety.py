"""Issue 37: counter art as the window draws it never opens a file outside the module, never keeps
more decoded pictures than its limits, and never lets one counter stop the window: a ``data:`` SVG
picture naming a local file, a ``data:`` href with a file ``xlink:href`` beside it, an 8000x8000
embedded PNG, a ``<use>`` fan-out, art nested 2,000 deep.  Random counters are drawn through QtSvg
in a child process (a crash there fails the test, not the run)."""

from __future__ import annotations

import base64
import os
import struct
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from aslgui.errors import AslError
from aslgui.limits import EMBEDDED_PICTURE_PIXELS_LIMIT, SVG_USE_EXPANSION_LIMIT
from aslgui.model import scenario_from_json
from aslgui.ui.map.counter_art import ArtLibrary, flat_svg, library
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl import module_library
from aslgui.vasl.module import read_module
from tests.vasl_modules import STUG, TANK, build_file, make_module, private_module_files

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="60">'


def png(width: int, height: int) -> bytes:
    """A PNG whose header says ``width`` x ``height`` (Qt reads the size from it without decoding)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 4)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def data_uri(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


def images_kept(counter: str) -> int:
    """How many ``<image>`` elements of a counter are drawn."""
    root = ET.fromstring(flat_svg(counter.encode(), "counter"))
    return sum(1 for e in root.iter() if isinstance(e.tag, str) and e.tag.rsplit("}", 1)[-1] == "image")


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    private_module_files(tmp_path, monkeypatch)


def test_a_small_embedded_png_is_drawn() -> None:
    counter = f'{HEAD}<image width="60" height="60" href="{data_uri("image/png", png(60, 60))}"/></svg>'
    assert images_kept(counter) == 1


def test_an_embedded_svg_picture_naming_a_local_file_is_left_out(tmp_path: Path) -> None:
    inner = f'{HEAD}<image width="60" height="60" href="file://{tmp_path / "secret.png"}"/></svg>'.encode()
    counter = f'{HEAD}<image width="60" height="60" href="{data_uri("image/svg+xml", inner)}"/></svg>'
    assert images_kept(counter) == 0


def test_a_data_href_with_a_file_xlink_href_beside_it_is_left_out(tmp_path: Path) -> None:
    counter = (f'{HEAD}<image width="60" height="60" href="{data_uri("image/png", png(60, 60))}" '
               f'xlink:href="{tmp_path / "fifo.png"}"/></svg>')
    assert images_kept(counter) == 0


def test_embedded_pictures_over_the_pixel_limit_are_left_out() -> None:
    big = data_uri("image/png", png(8000, 8000))
    assert EMBEDDED_PICTURE_PIXELS_LIMIT < 8000 * 8000
    assert images_kept(f'{HEAD}<image width="60" height="60" href="{big}"/></svg>') == 0
    side = int((EMBEDDED_PICTURE_PIXELS_LIMIT // 2) ** 0.5)
    half = data_uri("image/png", png(side, side))
    three = "".join(f'<image width="60" height="60" href="{half}"/>' for _ in range(3))
    assert images_kept(f"{HEAD}{three}</svg>") == 2  # the third would pass the counter's budget


def test_a_use_fan_out_is_refused_naming_the_limit_in_a_moment() -> None:
    levels = ['<g id="l0"><rect width="1" height="1"/></g>']
    levels += [f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 12)]
    counter = f"{HEAD}<defs>{''.join(levels)}</defs><use xlink:href=\"#l11\"/></svg>"
    start = time.perf_counter()
    with pytest.raises(AslError, match="SVG_USE_EXPANSION_LIMIT") as refused:
        flat_svg(counter.encode(), "counter")
    assert time.perf_counter() - start < 1.0 and f"{SVG_USE_EXPANSION_LIMIT:,}" in refused.value.message
    cycle = f'{HEAD}<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g></svg>'
    with pytest.raises(AslError, match="SVG_USE_EXPANSION_LIMIT"):
        flat_svg(cycle.encode(), "counter")


def hostile_module(folder: Path) -> Path:
    """The tiny module's StuG slot drawing art nested 2,000 deep; a few more hostile counters."""
    deep = HEAD + "<g>" * 2000 + "</g>" * 2000 + "</svg>"
    fan = HEAD + '<g id="a"><rect width="1" height="1"/></g>' + "".join(
        f'<g id="{chr(98 + i)}">' + f'<use xlink:href="#{chr(97 + i)}"/>' * 10 + "</g>" for i in range(10)) + \
        '<use xlink:href="#k"/></svg>'
    return make_module(folder, build=build_file([("2610", "StuG IIIG", STUG)]),
                       images={"ge/veh/stgiiig.svg": deep, "ge/veh/fan.svg": fan, "ge/veh/ok.svg": TANK})


def test_the_window_opens_with_a_hostile_module_saved_and_draws_those_counters_plain(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Art nested 2,000 deep and a ``<use>`` fan-out, the module saved in the settings as at every
    start: the window opens, those counters are plain tiles, the good one has its art."""
    module_library.add_module(hostile_module(tmp_path))
    units = [{"id": f"v{i}", "side": "german", "kind": "vehicle", "hex": f"4E{i + 2}", "vasl": {"image": image}}
             for i, image in enumerate(("ge/veh/stgiiig", "ge/veh/fan", "ge/veh/ok"))]
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1,
                                    "boards": [{"id": "4", "col": 0, "row": 0}], "units": units})
    start = time.perf_counter()
    win = MainWindow(situation, None, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.viewport().grab()
    assert time.perf_counter() - start < 30
    assert [win.scene.counter_item(f"v{i}").art for i in range(3)] == [None, None, "ge/veh/ok"]
    assert library().renderer("ge/veh/ok") is not None


def test_one_open_zip_serves_every_counter_of_a_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: the art library opens each module's zip once, however many counters it draws."""
    images = {f"ge/veh/v{i}.svg": TANK for i in range(20)}
    module = read_module(make_module(tmp_path, images=images))
    opened = []
    real = zipfile.ZipFile

    def counting(*args: object, **kwargs: object) -> zipfile.ZipFile:
        opened.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(zipfile, "ZipFile", counting)
    art = ArtLibrary([module])
    assert all(art.image(f"ge/veh/v{i}", 40) is not None for i in range(20))
    assert len(opened) == 1
    art.close()


COUNTER_PARTS = st.sampled_from([
    "<g>{}</g>", '<svg x="10%" y="5" width="50%" height="20">{}</svg>', '<text x="50%">7{}</text>',
    '<g id="p">{}</g><use xlink:href="#p"/>', '<rect width="{}0" height="5"/>', "<!-- MA -->{}",
    '<image width="9" height="9" href="data:image/png;base64,AAAA"/>{}', '<circle r="3"/>{}',
    '<tspan baseline-shift="super">{}</tspan>', '<g transform="scale(1e30)">{}</g>',
])


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                HealthCheck.too_slow])
@given(st.lists(st.lists(COUNTER_PARTS, max_size=12), min_size=25, max_size=25))
def test_random_counters_drawn_through_qtsvg_never_crash_the_process(tmp_path: Path, shapes: list[list[str]]) -> None:
    folder = tmp_path / "counters"
    folder.mkdir(exist_ok=True)
    for i, parts in enumerate(shapes):
        body = "x"
        for part in parts:
            body = part.format(body)
        (folder / f"c{i}.svg").write_text(f"{HEAD}{body}</svg>")
    code = f"""
        import os, sys
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from pathlib import Path
        from PySide6.QtCore import QByteArray, QRectF
        from PySide6.QtGui import QGuiApplication, QImage, QPainter
        from PySide6.QtSvg import QSvgRenderer
        from aslgui.errors import AslError
        from aslgui.ui.map.counter_art import flat_svg
        app = QGuiApplication([])
        for path in sorted(Path({str(folder)!r}).glob("*.svg")):
            try:
                renderer = QSvgRenderer(QByteArray(flat_svg(path.read_bytes(), path.name)))
            except AslError:
                continue
            image = QImage(76, 76, QImage.Format.Format_ARGB32_Premultiplied)
            painter = QPainter(image)
            renderer.render(painter, QRectF(0, 0, 76, 76))
            painter.end()
        print("drawn")
        """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "drawn", done.stderr[-2000:]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_the_window_opens_with_unreadable_modules_saved_names_them_and_preferences_removes_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A module that is a FIFO and one whose buildFile nests 300,000 folders, both saved as at every
    start: the window opens, its status line names both (why in the tooltip, with the limit), and
    removing them (as Preferences does) clears it."""

    fifo = tmp_path / "fifo.vmod"
    os.mkfifo(fifo)
    deep = tmp_path / "deep.vmod"
    with zipfile.ZipFile(deep, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile", b"<m>" + b"<f>" * 300_000 + b"</f>" * 300_000 + b"</m>")
    for path in (fifo, deep):
        module_library.add_module(path)
    situation = scenario_from_json({"format": "aslgui-scenario", "version": 1,
                                    "boards": [{"id": "4", "col": 0, "row": 0}], "units": []})
    start = time.perf_counter()
    win = MainWindow(situation, None, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert time.perf_counter() - start < 30
    status = win.counter_library.status
    assert status.text() == "Counters not read: fifo.vmod, deep.vmod"
    assert "FIFO" in status.toolTip() and "XML_DEPTH_LIMIT" in status.toolTip()
    for path in (fifo, deep):
        module_library.remove_module(path)
    win.reload_counters()
    assert status.text() == ""
