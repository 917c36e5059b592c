"""Issue 34 item 4, the acceptance: a VASL game imported through the window with the player's own
module (``../shared``'s sample, test data) is rehearsed through a Game Turn by real mouse drags.
The Germans' Player Turn: the PaK 40 fires in the PFPh, manned by the crew the import stacked
with it (C2.1); a 4-6-7 Places its DC in the MPh (A23.3) and detonates it in the AFPh. The
Russians' Player Turn: the KV-1 drives three hexes paying MP (D2.1) and OVRs the PaK's stack
(D7.1); the PaK's Reaction Fire is rolled (D7.22). Every step is in the log with its dice; undo
to the start gives the imported scenario back exactly; saved and reopened, the turn is equal.

(One Player Turn cannot hold it all: the Gun fires in its own PFPh but reacts in the enemy's MPh.)
The save is built here (``tests/vsav_saves.py``) from the module's real PieceSlots and art."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from aslgui.model.log import read_log
from aslgui.model.scenario import scenario_to_json
from aslgui.ui.map.counter_art import use_modules
from aslgui.ui.rehearsal.popup import RehearsalPopup
from aslgui.ui.widgets.dialogs import FileDialog
from aslgui.ui.window.main_window import MainWindow
from aslgui.vasl import module_library
from aslgui.vasl.library import BOARDS_ENV
from aslgui.vasl.module import forget_modules
from tests import vsav_saves as vs
from tests.gui.conftest import answer_popup
from tests.gui.test_d2_move_drag import drag
from tests.gui.test_order_of_battle import STALINGRAD, centre, oob_unit_id
from tests.gui.turns import assert_turn_undoes_redoes_and_saves
from tests.vasl.shared_data import BOARDS, SHARED_VASL

SAMPLE = SHARED_VASL / "module" / "vasl-sample.vmod" if SHARED_VASL else None

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(SAMPLE is None or not SAMPLE.is_file(),
                       reason="../shared/vasl (the sample VASL module and real boards, test data only) is absent"),
]


def game(folder: Path) -> Path:
    """A Game Turn's pieces on board 4, each from its PieceSlot in the sample module (its gpid and
    art): the PaK 40 stacked with a German 2-2-8 crew in 4F6 (CA south), a 4-6-7 holding a DC in
    4H7 (the DC stacked with it), a Russian 4-4-7 in 4H8, a KV-1 M41 in 4F10 facing north."""
    def at(hex_name: str) -> tuple[float, float]:
        return vs.hex_pixel(hex_name)

    pieces = [
        vs.gun("p1", "75L AT PaK 40", "ge/gun/geAT75L", *at("F6"), gpid="2498"),
        vs.piece("p2", "2-2-8 Icr", "ge/ge228C", *at("F6"), gpid="2369"),
        vs.piece("p3", "4-6-7 1sq", "ge/ge467S", *at("H7"), gpid="2363"),
        vs.piece("p4", "DC", "ge/geDC", *at("H7"), gpid="2472"),
        vs.squad("p5", *at("H8")),
        vs.vehicle("p6", "KV-1 M41", "ru/veh/KV1M41", *at("F10"), rotation=3, gpid="615"),
    ]
    path = folder / "kursk.vsav"
    path.write_bytes(vs.save_bytes([vs.boards((0, 0, "04")), *pieces, vs.stack("st1", *at("F6"), ["p1", "p2"]),
                                    vs.stack("st2", *at("H7"), ["p3", "p4"])]))
    return path


@pytest.fixture
def module_window(window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[MainWindow]:
    """The window after *File > Add VASL module...* chose the sample module, the real boards set up."""
    assert SAMPLE is not None and BOARDS is not None
    monkeypatch.setenv("ASLGUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv(module_library.MODULE_ENV, raising=False)
    monkeypatch.setenv(BOARDS_ENV, str(BOARDS))
    forget_modules()
    monkeypatch.setattr(FileDialog, "open_module_path", classmethod(lambda cls, parent, folder: str(SAMPLE)))
    window.add_vasl_module()
    yield window
    use_modules(())
    forget_modules()


def choose(popup: RehearsalPopup, kind: str) -> None:
    popup.choice.setCurrentIndex(next(i for i, g in enumerate(popup.gestures) if g.kind == kind))


def test_issue34_4_an_imported_game_turn_is_rehearsed_by_drags_logged_undone_and_saved(
        qtbot: QtBot, module_window: MainWindow, tmp_path: Path) -> None:
    window = module_window
    assert window.order_of_battle.import_file(game(tmp_path))
    imported = scenario_to_json(window.scenario)
    units = window.scenario.units
    by_name = {u.name: uid for uid, u in units.items()}
    pak, crew, squad, kv = (by_name[n] for n in ("75L AT PaK 40", "2-2-8 Icr", "4-6-7 1sq", "KV-1 M41"))
    assert units[pak].crew == crew and units[squad].dc is True  # manned and armed by the import
    assert units[kv].mp == 11  # read from the module's counter

    window.set_mode("rehearse")
    window.view.set_zoom(0.6)
    bar = window.rehearsal.phase_bar
    bar.player.setCurrentIndex(bar.player.findData("axis"))  # the import sets no ATTACKER: the player picks
    assert (window.scenario.phase, window.scenario.turn, window.scenario.player) == ("PFPh", 1, "axis")
    looked: dict[str, Any] = {}

    # -- German PFPh: the PaK, manned by the import, fires at the KV-1 -----------------------------
    def fire(popup: RehearsalPopup) -> None:
        looked["fire"] = (popup.gesture.kind, popup.reasons_label.text())
        popup.roll(6, 5, 1)
        popup.commit_button.click()

    answer_popup(fire)
    drag(qtbot, window, "4F6", "4F10")
    bar.next_action.trigger()  # on to the MPh

    # -- German MPh: the 4-6-7 Places its DC on the Russians next door ------------------------------
    def place(popup: RehearsalPopup) -> None:
        choose(popup, "place_dc")
        popup.commit_button.click()

    answer_popup(place)
    drag(qtbot, window, "4H7", "4H8")
    while window.scenario.phase != "AFPh":
        bar.next_action.trigger()

    # -- German AFPh: its owner detonates the DC by a drag onto it ----------------------------------
    def detonate(popup: RehearsalPopup) -> None:
        choose(popup, "detonate_dc")
        popup.roll(3, 1)
        popup.commit_button.click()

    answer_popup(detonate)
    drag(qtbot, window, "4H7", "4H8")
    while window.scenario.player != "allied" or window.scenario.phase != "MPh":
        bar.next_action.trigger()
    assert (window.scenario.turn, window.scenario.player) == (1, "allied")

    # -- Russian MPh: the KV-1 drives three hexes and OVRs the PaK; the PaK's Reaction Fire ---------
    def react(popup: RehearsalPopup) -> None:
        looked["reaction"] = (popup.gesture.kind, popup.gesture.action, popup.rolling)
        popup.roll(2, 2, 3)
        popup.commit_button.click()

    def overrun(popup: RehearsalPopup) -> None:
        looked["labels"] = window.rehearsal.move_preview.labels()
        looked["ovr"] = (popup.gesture.kind, popup.gesture.action, popup.reasons_label.text())
        looked["choices"] = [g.label for g in popup.gestures]
        popup.roll(6, 5)
        answer_popup(react)
        popup.commit_button.click()

    answer_popup(overrun)
    drag(qtbot, window, "4F10", "4F9", "4F8", "4F7", "4F6")
    assert looked["fire"] == ("fire", "")  # allowed: no "has no manning Infantry"
    assert looked["labels"] == ["+1 = 1", "+1 = 2", "+1 = 3", "+4 = 7"]  # the OVR: 1 + a fourth of 11 MP (D7.1)
    assert looked["ovr"] == ("overrun", {"kind": "move", "unit": kv, "path": ["4F9", "4F8", "4F7", "4F6"],
                                         "phase": "MPh"}, "")
    # the dragged OVR only: no bare "Overrun 4F6" refused for want of a from_hex (D7.1)
    assert looked["choices"] == ["Move KV-1 M41 to 4F6 and Overrun it (D7.1)", "Fire at 75L AT PaK 40 in 4F6",
                                 "Fire at 2-2-8 Icr in 4F6"]
    assert looked["reaction"][0] == "fire" and looked["reaction"][1]["reaction_fire"] is True and looked["reaction"][2]

    log = read_log(window.scenario)
    assert [(e.phase, e.kind) for e in log] == [("PFPh", "fire"), ("MPh", "place_dc"), ("AFPh", "detonate_dc"),
                                               ("MPh", "move"), ("MPh", "fire")]
    assert [e.action.get("dice") for e in log] == [{"colored": 6, "white": 5}, None, {"colored": 3, "white": 1},
                                                  {"colored": 6, "white": 5}, {"colored": 2, "white": 2}]
    assert all(e.answer["legal"] for e in log)
    assert log[0].answer["outcome"]["th_dr"] == 11 and log[2].answer["outcome"]["result"] == "2KIA"
    assert log[3].answer["mp_spent"] == 7 and log[3].answer["outcome"]["final_dr"] == 10
    assert log[4].action["reaction_fire"] is True and log[4].answer["outcome"]["hit"] is True
    assert window.scenario.grid.name(window.scenario.units[kv].hex) == "4F6"
    assert_turn_undoes_redoes_and_saves(window, imported, tmp_path)  # back to the start: the imported game


def test_a3_the_attacker_picked_for_an_imported_game_begins_each_game_turn(module_window: MainWindow,
                                                                          tmp_path: Path) -> None:
    """The import sets no ATTACKER; the side the player picks moves first, so its next Player
    Turn is the next Game Turn (the turn stayed 1 for ever before)."""
    window = module_window
    assert window.order_of_battle.import_file(game(tmp_path))
    window.set_mode("rehearse")
    bar = window.rehearsal.phase_bar
    bar.player.setCurrentIndex(bar.player.findData("axis"))
    seen = []
    for _ in range(16):
        bar.next_action.trigger()
        seen.append((window.scenario.turn, window.scenario.player))
    assert seen[7] == (1, "allied") and seen[15] == (2, "axis")


@pytest.mark.skipif(not STALINGRAD.is_file(), reason=f"no real VASL save at {STALINGRAD} (a clone has no ../shared)")
def test_d2_1_a_t34_of_the_real_stalingrad_save_set_up_from_its_order_of_battle_drives_three_hexes(
        qtbot: QtBot, module_window: MainWindow) -> None:
    """The real save imported with the sample module: its T-34 M41 (numbers from the roster: the
    sample has no art for it, said in ``unverified``) set up on board 1 drives up the road in the
    Russians' MPh, paying MP hex by hex (D2.1)."""
    window = module_window
    assert window.order_of_battle.import_file(STALINGRAD)
    listing = window.order_of_battle.list
    tank = next(u for u, e in window.scenario.off_board.items() if e["name"] == "T-34 M41")
    window.scene.drop_counter(oob_unit_id(listing.mimeData([listing.items[tank]])) or "", centre(window, "1O7"))
    window.set_mode("rehearse")
    window.view.set_zoom(0.6)
    bar = window.rehearsal.phase_bar
    bar.player.setCurrentIndex(bar.player.findData("allied"))
    bar.phase_actions["MPh"].trigger()
    looked: dict[str, Any] = {}

    def commit(popup: RehearsalPopup) -> None:
        looked.update(labels=window.rehearsal.move_preview.labels(), reasons=popup.reasons_label.text())
        popup.commit_button.click()

    answer_popup(commit)
    drag(qtbot, window, "1O7", "1O6", "1O5", "1O4")
    # the VCA turns 2 hexspines (D2.11), then 1 MP a road hex: BU, so not 1/2 (D2.16)
    assert looked == {"labels": ["+2 = 2", "+1 = 3", "+1 = 4", "+1 = 5"], "reasons": ""}
    [entry] = read_log(window.scenario)
    assert entry.action == {"kind": "move", "unit": tank, "path": ["1O6", "1O5", "1O4"], "phase": "MPh"}
    assert (entry.answer["mp_spent"], entry.answer["mp_left"], entry.answer["vca"]) == (5, 11, "N/NE")
    moved = window.scenario.units[tank]
    assert (window.scenario.grid.name(moved.hex), moved.extra["mp_spent"], moved.moved) == ("1O4", 5, True)
    window.undo_stack.undo()
    assert window.scenario.grid.name(window.scenario.units[tank].hex) == "1O7" and read_log(window.scenario) == []

