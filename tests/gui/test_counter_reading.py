"""Issue 35 item 2 (DESIGN.md 11): what aslgui read from the player's module is the same in ``aslgui
counters``, the palette (a module counter's tooltip) and the side panel: the printed values, the
rules' meaning of what a counter does not print (no ROF box: no Multiple ROF, C2.24; no B#: 12,
A.11), and each text it could not read, with why."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from aslgui.cli import main
from aslgui.model.counters import describe
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.widgets.dialogs import FileDialog
from aslgui.ui.window.main_window import MainWindow
from aslgui.ui.window.palette_panel import children
from aslgui.vasl import module_library
from aslgui.vasl.module import forget_modules
from tests.vasl_modules import build_file, definition, group, make_module, svg

pytestmark = pytest.mark.gui

GUN = svg(group("MA", "&#x002A;28LL"), group("Gun Type", "AT"), group("Manhandling #", "12"), group("Movement", "-"),
          note="5", name="2.8cm sPzB 41")
GUN_SLOT = definition(["piece;K;D;ge/gun/geAT28LL;28LL AT sPzB 41"], ["null;0;0;2490"])


@pytest.fixture
def module_path(tmp_path: Path) -> Path:
    return make_module(tmp_path, build=build_file([("2490", "28LL AT sPzB 41", GUN_SLOT)]),
                       images={"ge/gun/geAT28LL.svg": GUN})


@pytest.fixture
def module_window(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window: MainWindow,
                  module_path: Path) -> Iterator[MainWindow]:
    monkeypatch.setenv("ASLGUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv(module_library.MODULE_ENV, raising=False)
    forget_modules()
    monkeypatch.setattr(FileDialog, "open_module_path", classmethod(lambda cls, parent, folder: str(module_path)))
    window.add_vasl_module()
    yield window
    use_modules(())


def test_d11_palette_and_aslgui_counters_say_the_same(module_window: MainWindow, module_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["counters", "--module", str(module_path), "sPzB"]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (record["caliber"], record["barrel"], record["rof"], record["defaults"]) == (
        28.0, "LL", 0, {"rof": 0, "breakdown": 12})
    assert record["unread"] == ["its counter's Movement '-': no number in it; the side panel has no field for it"]
    item = next(child for group in module_window.palette_panel.groups.values() for child in children(group)
                if child.text(0) == "28LL AT sPzB 41")
    tip = item.data(0, Qt.ItemDataRole.ToolTipRole)
    assert tip == describe(record)
    assert "ROF none (no ROF box: no Multiple ROF, C2.24)" in tip
    assert "B# 12: not printed, the rules' default (A.11)" in tip


def test_d11_the_side_panel_says_the_rules_meaning_of_what_is_not_printed(module_window: MainWindow) -> None:
    template = module_window.palette_panel.pick("28LL AT sPzB 41")
    unit = module_window.add_unit(template, module_window.scenario.grid.parse("4K3"), "german")
    assert unit is not None
    module_window.scene.select_unit(unit.id)
    text = module_window.properties.printed.text()
    assert "<b>MA</b>&nbsp;28LL" in text and "from the VASL counter:" in text
    assert "from the rules (not printed on the VASL counter):" in text
    assert "<b>ROF</b>&nbsp;none: no ROF box, no Multiple ROF (C2.24)" in text and "<b>B#</b>&nbsp;12 (A.11)" in text
    assert "roster" not in text
