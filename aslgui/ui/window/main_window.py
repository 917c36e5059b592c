"""The main window: the map, the side panels, menus and the undo stack.

State lives in ``self.scenario`` (the model); every change is a command on ``undo_stack``, and
the scene redraws from the model whenever the stack moves.

One piece by design: it is the composition root, where every part is created and wired to the
others (menus, toolbar, docks, the scene's signals); what the parts do lives in the parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QPoint, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QMenu, QScrollArea, QToolBar, QWidget

from aslgui.errors import AslError
from aslgui.geometry import Hex
from aslgui.model import Scenario, Unit
from aslgui.rules.apply import carried
from aslgui.ui.map.hover import hover_text
from aslgui.ui.map.los_view import LosTools
from aslgui.ui.map.odds_view import OddsTools
from aslgui.ui.map.scene import MapScene
from aslgui.ui.map.view import MapView
from aslgui.ui.rehearsal.answer_words import in_words, player_names
from aslgui.ui.rehearsal.controller import Rehearsal
from aslgui.ui.rehearsal.phase import sides
from aslgui.ui.widgets.dialogs import MessageBox
from aslgui.ui.widgets.wheel_guard import guard_wheel
from aslgui.ui.window.autosave import AutosaveController
from aslgui.ui.window.commands import EditCommand
from aslgui.ui.window.counter_library import CounterLibrary, add_vasl_module
from aslgui.ui.window.counter_menu import CounterMenu
from aslgui.ui.window.order_of_battle import OrderOfBattleDock
from aslgui.ui.window.palette import Template, make_unit, unmanned_gun
from aslgui.ui.window.palette_panel import PalettePanel
from aslgui.ui.window.panels import PropertiesPanel, TerrainBrushPanel
from aslgui.ui.window.preferences import PreferencesDialog, add_boards_folder, layer_actions
from aslgui.ui.window.scenario_files import DEMO_PATH as DEMO_PATH
from aslgui.ui.window.scenario_files import ScenarioFiles
from aslgui.vasl import library
from aslgui.vasl.library import BOARDS_ENV

#: The status line's tooltip when no board library is set up at all (DESIGN.md 7).
NO_LIBRARY_TIP = (
    "No VASL boards folder is set up: every board is drawn plain, its terrain the scenario file's only.\n"
    f"File > Add VASL boards folder... points aslgui at your VASL install's boards folder (or set {BOARDS_ENV})."
)
Shortcut = QKeySequence | QKeySequence.StandardKey | str


class MainWindow(ScenarioFiles):
    """One scenario on the map, with its file, undo history and panels."""

    scenario_changed = Signal()
    mode_changed = Signal(str)  # "setup" or "rehearse"

    def __init__(self, scenario: Scenario, path: Path | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        #: The file the scenario saves to; None for the built-in demo and new scenarios.
        self.path = path
        self.settings = settings if settings is not None else QSettings("aslgui", "aslgui")
        self.undo_stack = QUndoStack(self)
        #: The player's VASL modules: counters for the palette, art for every counter (DESIGN.md 11).
        self.counter_library = CounterLibrary()
        self.scene = MapScene(scenario)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.hover_label = QLabel()
        self.statusBar().addWidget(self.hover_label, 1)
        #: Boards drawn plain (DESIGN.md 7), and why: none in the library, or no library at all.
        self.board_status = QLabel()
        self.statusBar().addPermanentWidget(self.board_status)
        self.statusBar().addPermanentWidget(self.counter_library.status)
        #: The settings file when it cannot be read, or was kept aside (issue 37).
        self.settings_status = QLabel()
        self.settings_status.setObjectName("settings_status")
        self.statusBar().addPermanentWidget(self.settings_status)
        self.show_settings_status()
        self.palette_panel = PalettePanel()
        self.palette_panel.set_counters(self.counter_library.templates)
        self.properties = PropertiesPanel(lambda: self.scenario)
        self.brush = TerrainBrushPanel()
        self.toolbar = QToolBar("Main", self)
        self.toolbar.setObjectName("main_toolbar")
        self.addToolBar(self.toolbar)
        self.view_menu = QMenu("&View", self)
        self._build_docks()
        self._build_actions()
        self._connect()
        self._restore_settings()
        self._show_board_notes()
        self._on_stack_changed()
        # Plug-ins (rehearsal controller, autosave) hook in below this line.
        #: Units off the boards by side, dragged onto hexes; File > Import VASL game (issue 15).
        self.order_of_battle = OrderOfBattleDock(self, self)
        #: Solo rehearsal: drops in Rehearse mode, phase bar, action log, rulebook examples (issue 7).
        self.rehearsal = Rehearsal(self, self)
        #: The LOS tool and "Show what this unit sees" (issue 14, A6).
        self.los_tools = LosTools(self, self)
        self.odds_tools = OddsTools(self, self)  # "Show where it hits", "Show the enemy's threat" (issue 29)
        #: Autosave every few minutes while there are unsaved changes, recovery after a crash (issue 8).
        self.autosave = AutosaveController(self, lambda: self.scenario, lambda: not self.undo_stack.isClean())
        guard_wheel(self)  # toolbars, phase bar, palette: the wheel changes a box only once it is focused
        self._restore_docks()  # once every part's dock exists: the docks the player had come back

    # -- construction -----------------------------------------------------------------------
    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock_{title.lower()}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        right = Qt.DockWidgetArea.RightDockWidgetArea
        scroll = QScrollArea()  # a long form must not grow the window (and shift the map) on selection
        scroll.setWidget(self.properties)
        scroll.setWidgetResizable(True)
        docks = [self._dock("Properties", scroll, right), self._dock("Palette", self.palette_panel, right)]
        docks.append(self._dock("Terrain", self.brush, right))
        self.tabifyDockWidget(docks[1], docks[2])
        docks[1].raise_()
        self.resizeDocks(docks[:2], [440, 360], Qt.Orientation.Vertical)
        self.docks = docks

    def _action(self, text: str, slot: Callable[[], object], *shortcuts: Shortcut) -> QAction:
        """A window action on its keys: a platform's standard key first, then the ones a player
        tries where the platform gives none (Ctrl+Q to quit, Ctrl+= beside Ctrl++)."""
        action = QAction(text, self)
        keys = [key for key in dict.fromkeys(QKeySequence(shortcut) for shortcut in shortcuts) if not key.isEmpty()]
        if keys:
            action.setShortcuts(keys)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addAction(self._action("&New scenario...", self.new_scenario, keys.New))
        file_menu.addAction(self._action("&Open...", self.open_dialog, keys.Open))
        self.recent_menu = file_menu.addMenu("Open &recent")
        file_menu.addAction(self._action("Open the &demo", lambda: self.open_file(DEMO_PATH)))
        file_menu.addAction(self._action("&Import VASL game...", lambda: self.order_of_battle.import_dialog()))
        file_menu.addAction(self._action("Add VASL &boards folder...", self.add_boards_folder))
        file_menu.addAction(self._action("Add VASL &module...", self.add_vasl_module))
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Save", self.save, keys.Save))
        file_menu.addAction(self._action("Save &as...", self.save_as, keys.SaveAs))
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", self.close, keys.Quit, "Ctrl+Q"))

        edit_menu = self.menuBar().addMenu("&Edit")
        undo = self.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence(keys.Undo))
        redo = self.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence(keys.Redo)])
        edit_menu.addActions([undo, redo])
        edit_menu.addSeparator()
        self.delete_action = self._action("&Delete counter", self.delete_selected, keys.Delete)
        edit_menu.addAction(self._action("&Stop placing", self.palette_panel.disarm, "Escape"))
        edit_menu.addAction(self.delete_action)
        self.rotate_actions = {
            (arc, step): self._action(f"Turn {label} {direction}", partial(self.rotate_selected, arc, step), key)
            for arc, label, keys_pair in (("main", "CA/VCA", ("]", "[")), ("tca", "TCA", ("}", "{")))
            for step, direction, key in ((1, "clockwise", keys_pair[0]), (-1, "counter-clockwise", keys_pair[1]))
        }
        edit_menu.addActions(list(self.rotate_actions.values()))
        #: Markers in the context menu and on keys (P Pin, B Broken, U BU, ...), Man with... for Guns.
        self.counter_menu = CounterMenu(self, lambda: self.scenario, lambda: self.scene.selected,
                                        self.apply_unit_changes, self.rotate_actions, self.delete_action)
        edit_menu.addMenu(self.counter_menu.markers_menu)
        edit_menu.addSeparator()
        edit_menu.addAction(self._action("&Preferences...", self.edit_preferences, keys.Preferences))

        self.menuBar().addMenu(self.view_menu)
        self.view_menu.addAction(self._action("&Fit to window", self.view.fit_to_window, "Ctrl+0"))
        zoom_in, zoom_out = partial(self.view.zoom_by, 1.25), partial(self.view.zoom_by, 1 / 1.25)
        self.view_menu.addAction(self._action("Zoom &in", zoom_in, keys.ZoomIn, "Ctrl++", "Ctrl+="))
        self.view_menu.addAction(self._action("Zoom &out", zoom_out, keys.ZoomOut, "Ctrl+-"))
        self.view_menu.addAction(self._action("&Actual size", lambda: self.view.set_zoom(1.0), "Ctrl+1"))
        self.view_menu.addSeparator()
        #: The map layers the user shows or hides (grid, hex names, terrain tint), remembered.
        self.layer_actions = layer_actions(self, self.settings, self.scene)
        self.view_menu.addActions(list(self.layer_actions.values()))
        self.view_menu.addSeparator()
        for dock in self.docks:
            self.view_menu.addAction(dock.toggleViewAction())

        modes = QActionGroup(self)
        self.mode_actions: dict[str, QAction] = {}
        for mode, label, tip in (
            ("setup", "Setup", "Dragging a counter moves it"),
            ("rehearse", "Rehearse", "Dragging a counter asks the rules what it means (fire, overrun, push...)"),
        ):
            action = QAction(label, self)
            action.setCheckable(True)
            action.setToolTip(tip)
            action.triggered.connect(lambda _=False, m=mode: self.set_mode(m))
            modes.addAction(action)
            self.toolbar.addAction(action)
            self.mode_actions[mode] = action
        self.mode_actions["setup"].setChecked(True)
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.view_menu.actions()[0])
        self.toolbar.addSeparator()
        self.toolbar.addWidget(QLabel(" Show CAs of: "))
        self.side_arcs = QComboBox()
        self.side_arcs.setObjectName("side_arcs")
        self.toolbar.addWidget(self.side_arcs)

    def _connect(self) -> None:
        scene = self.scene
        scene.hex_hovered.connect(self._on_hover)
        scene.selection_changed.connect(self._on_selection)
        scene.move_requested.connect(self.move_unit)
        scene.rotate_requested.connect(self.rotate_unit)
        scene.terrain_painted.connect(self._on_terrain_painted)
        scene.place_requested.connect(self._on_place)
        scene.context_requested.connect(self._on_context)
        # Bound methods, not lambdas: Qt drops them with the window, so a stack cleared while a
        # window is being destroyed cannot call into the deleted C++ object.
        self.undo_stack.indexChanged.connect(self._on_stack_changed)
        self.undo_stack.cleanChanged.connect(self._update_title)
        self.properties.edited.connect(self._on_properties_edited)
        self.palette_panel.armed.connect(self._on_armed)
        self.brush.changed.connect(self._on_brush)
        self.side_arcs.currentTextChanged.connect(self._on_side_arcs)

    # -- edits (each one command) -----------------------------------------------------------
    def _push(self, command: EditCommand) -> None:
        if command.changes_anything:
            self.undo_stack.push(command)

    def apply_unit_changes(self, units: list[Unit], text: str) -> None:
        """Replace (or add) these units as one undoable step."""
        self._push(EditCommand(self.scenario, text, units=units))

    def remove_units(self, unit_ids: Iterable[str], text: str = "Delete counter") -> None:
        """Take units off the map as one undoable step."""
        self._push(EditCommand(self.scenario, text, removed=[u for u in unit_ids if u in self.scenario.units]))

    def move_unit(self, unit_id: str, h: Hex) -> None:
        """Setup move: put the counter on another hex (on top of that hex's stack) with what rides
        on it or is in tow (D6, C10.1); a unit carried or towed, moved alone, leaves its vehicle."""
        unit = self.scenario.units[unit_id]
        text = f"Move {unit.name or unit.id} to {self.scenario.grid.name(h)}"
        load = [u._replace(hex=h) for u in carried(self.scenario, unit_id)]
        moved = [unit._replace(hex=h, aboard=None, towed_by=None), *load]
        self._push(EditCommand(self.scenario, text, units=moved, to_top=[u.id for u in moved]))

    def rotate_unit(self, unit_id: str, arc: str, spine: int) -> None:
        """Point a Gun's CA or a vehicle's VCA/TCA at hexspine ``spine`` (C3.2: spines only): freely
        in Setup; in Rehearse through the rules' ``change_ca`` and its popup."""
        if self.scene.mode == "rehearse":  # a CA change is an action the rules judge (C3.22)
            self.rehearsal.offer_ca_change(unit_id, arc, spine)
            return
        unit = self.scenario.units[unit_id]
        turned: dict[str, Any] = {arc: spine % 6}
        self.apply_unit_changes([unit._replace(**turned)], f"Turn {arc.upper()} of {unit.name or unit.id}")

    def rotate_selected(self, arc: str, step: int) -> None:
        """Turn the selected unit's CA (Gun), VCA (vehicle, ``main``) or TCA one hexspine."""
        unit = self.scenario.units.get(self.scene.selected or "")
        if unit is None:
            return
        key = ("ca" if unit.kind == "gun" else "vca") if arc == "main" else arc
        spine = getattr(unit, key, None)
        if spine is not None:
            self.rotate_unit(unit.id, key, spine + step)

    def delete_selected(self) -> None:
        if self.scene.selected is not None:
            self.remove_units([self.scene.selected])

    def paint_terrain(self, hexes: Iterable[Hex], terrain: str) -> None:
        """Paint hexes with one terrain type as one undoable step."""
        changes = {h: terrain for h in hexes if h in self.scenario.grid}
        text = f"Paint {terrain} ({len(changes)} hex{'es' if len(changes) != 1 else ''})"
        self._push(EditCommand(self.scenario, text, terrain=changes))

    def add_unit(self, template: Template, h: Hex, side: str) -> Unit | None:
        """Place a new counter from the palette; a crew placed on an unmanned Gun of its side is
        offered the Gun (one undo step either way).  None when the template does not make a unit
        (a module counter whose keys do not read: said why)."""
        try:
            unit = make_unit(self.scenario, template, side, h)
        except AslError as error:
            MessageBox.error(self, "Cannot place counter", f"{template.label}\n\n{error}")
            return None
        text = f"Add {unit.name or unit.kind} in {self.scenario.grid.name(unit.hex)}"
        manned = self.offer_manning(unit)
        if manned is not None:
            self.apply_unit_changes([unit, manned], f"{text}, manning {manned.name or 'the Gun'}")
        else:
            self.apply_unit_changes([unit], text)
        return unit

    def offer_manning(self, unit: Unit) -> Unit | None:
        """The Gun a crew or half-squad just put on the map mans, once the player says so
        (``unmanned_gun``; C3.22: a Gun fires only manned); None when there is none or they decline."""
        gun = unmanned_gun(self.scenario, unit)
        if gun is None or not MessageBox.offer(self, "Man the Gun?", f"Man {gun.name or 'the Gun'} in "
                                               f"{self.scenario.grid.name(unit.hex)} with this "
                                               f"{unit.name or unit.kind}?", "Man it", "Leave it unmanned"):
            return None
        return gun._replace(crew=unit.id)

    # -- reactions --------------------------------------------------------------------------
    def _on_terrain_painted(self, hexes: list[Hex]) -> None:
        self.paint_terrain(hexes, self.scene.brush_terrain)

    def _on_properties_edited(self, unit: Unit) -> None:
        self.apply_unit_changes([unit], f"Edit {unit.name or unit.kind}")  # the Edit menu names no id

    def _on_stack_changed(self, _index: int = 0) -> None:
        self.scene.sync()
        self.properties.set_unit(self.scenario.units.get(self.scene.selected or ""))
        current = self.side_arcs.currentText()
        self.side_arcs.blockSignals(True)
        self.side_arcs.clear()
        self.side_arcs.addItems(["none", *sides(self.scenario)])
        self.side_arcs.setCurrentText(current or "none")
        self.side_arcs.blockSignals(False)
        self.palette_panel.set_sides(sides(self.scenario))
        self._on_hover(self.scene.hovered)  # a turn, an undo or another file changes what it says
        self.counter_menu.refresh()
        self._update_title()
        self.scenario_changed.emit()

    def _update_title(self, _clean: bool = True) -> None:
        name = self.path.name if self.path is not None else (self.scenario.name or "Untitled")
        self.setWindowTitle(f"{name}[*] - aslgui")
        self.setWindowModified(not self.undo_stack.isClean())

    def _on_hover(self, h: Hex | None) -> None:
        selected = self.scenario.units.get(self.scene.selected or "")
        self.hover_label.setText(hover_text(self.scenario, h, selected) if h is not None else "")

    def _on_selection(self, unit_id: object) -> None:
        self.counter_menu.refresh()
        self.properties.set_unit(self.scenario.units.get(unit_id) if isinstance(unit_id, str) else None)
        self._on_hover(self.scene.hovered)  # the range and CA now count from the new selection

    def _on_armed(self, template: object) -> None:
        if template is not None:
            self.brush.paint.setChecked(False)
            self._to_setup()
        self.scene.tool = "place" if template is not None else "select"

    def _to_setup(self) -> None:
        """Picking a counter to place or a terrain to paint is Setup work: in Rehearse a drag asks
        the rules, so the window goes to Setup rather than place a counter where one was dragged."""
        if self.scene.mode != "setup":
            self.set_mode("setup")

    def _on_place(self, h: Hex) -> None:
        template = self.palette_panel.template
        if template is not None:
            self.add_unit(template, h, self.palette_panel.side.currentText().strip() or "russian")

    def _on_brush(self, terrain: object) -> None:
        if terrain is not None:
            self.palette_panel.disarm()
            self._to_setup()
            self.scene.brush_terrain = str(terrain)
        self.scene.tool = "paint" if terrain is not None else "select"

    def in_words(self, text: str) -> str:
        """A rules sentence as the window shows it (the map tools' status line): counters by
        name, file keys in a player's words."""
        return in_words(text, player_names(self.scenario))

    def focus_first_gun(self) -> None:
        """Select the first Gun or vehicle with a CA and show it at 100%, so a situation opens
        showing a Covered Arc and readable counters (the whole map stays one Ctrl+0 away)."""
        unit = next((u for u in self.scenario.units.values() if u.facing is not None), None)
        if unit is not None:
            self.scene.select_unit(unit.id)
            self.view.set_zoom(1.0)
            self.view.centerOn(*self.scenario.grid.center(unit.hex))

    def _on_side_arcs(self, text: str) -> None:
        self.scene.show_side_arcs(text if text != "none" else None)

    def set_mode(self, mode: str) -> None:
        """Setup (drags move counters) or Rehearse (drags ask the rules): Rehearse puts the Setup
        tools down (a counter picked to place, the terrain brush)."""
        if mode == "rehearse":
            self.palette_panel.disarm()
            self.brush.paint.setChecked(False)
        self.scene.mode = mode
        self.mode_actions[mode].setChecked(True)
        self.mode_changed.emit(mode)

    def _on_context(self, unit_id: object, screen_pos: QPoint) -> None:
        if isinstance(unit_id, str):
            self.context_menu(unit_id).exec(screen_pos)

    def context_menu(self, unit_id: str) -> QMenu:
        """A counter's context menu: CA, markers, Man with..., delete, then the plug-ins' entries."""
        menu = self.counter_menu.build(unit_id, self)
        self.order_of_battle.fill_menu(menu, unit_id)
        if self.scene.mode == "rehearse":
            self.rehearsal.fill_menu(menu, unit_id)
        return menu

    # -- files ------------------------------------------------------------------------------
    def set_scenario(self, scenario: Scenario, path: Path | None) -> None:
        """Show another scenario; its undo history starts empty."""
        self.scenario = scenario
        self.path = path
        self.scene.set_scenario(scenario)
        self._show_board_notes()
        self.undo_stack.clear()
        self.view.fit_to_window()
        self.focus_first_gun()
        self._on_stack_changed()

    # -- the board library -----------------------------------------------------------------
    def add_boards_folder(self) -> None:
        """Ask for a VASL boards folder, save it, and show the boards it holds."""
        if add_boards_folder(self) is not None:
            self.reload_boards()

    def edit_preferences(self) -> None:
        PreferencesDialog.edit(self, self.reload_boards, self.reload_counters)

    def add_vasl_module(self) -> None:
        """Ask for a VASL module, save it, and draw the counters from it."""
        if add_vasl_module(self) is not None:
            self.reload_counters()

    def reload_counters(self) -> None:
        """The counter library changed: the palette, the map's counters and the order of battle
        show the modules' counters and art now."""
        self.counter_library.reload()
        self.show_settings_status()
        self.palette_panel.set_counters(self.counter_library.templates)
        self.scene.redraw_counters()
        self.order_of_battle.list.redraw(self.scenario)

    def reload_boards(self) -> None:
        """The board library changed: look the map's boards up again and redraw them."""
        self.scenario.reload_boards()
        self.scene.load_boards()
        self._show_board_notes()
        self.show_settings_status()
        self._on_hover(self.scene.hovered)

    def show_settings_status(self) -> None:
        """Say in the status line when the settings file cannot be read (a hand edit broke it, it
        is a FIFO ...): its folders and modules are not used, and the next change keeps it aside
        under a new name rather than overwrite it; or that a change did so."""
        problem = library.settings_problem()
        if library.kept_aside is not None:
            aside, why = library.kept_aside
            text = f"Settings file kept aside as {Path(aside).name}"
            tip = f"{why}\nIt was renamed {aside}; a new settings file holds your later changes."
        elif problem is not None:
            text = "Settings not read"
            tip = (f"{problem}\nIts board folders and modules are not used. Fix it by hand, or change them in "
                   "Preferences: the file is then kept aside under a new name, never overwritten.")
        else:
            text, tip = "", ""
        self.settings_status.setText(text)
        self.settings_status.setToolTip(tip)

    def _show_board_notes(self) -> None:
        """Name the boards drawn plain in the status line, the reasons in its tooltip: the one place
        the GUI says so (its answers and log leave it out; ``aslgui resolve`` notes it in each)."""
        plain = ", ".join(b.id for b in self.scenario.grid.boards if b not in self.scene.layers.art)
        if not self.scenario.board_terrain.configured:
            text, tip = f"Drawn plain: board {plain} (no VASL boards folder)", NO_LIBRARY_TIP
        else:
            notes = self.scene.board_notes
            text, tip = f"Drawn plain: board {plain}" if notes and plain else "", "\n".join(notes)
        self.board_status.setText(text)
        self.board_status.setToolTip(tip)

    def start_autosave(self) -> None:
        """Start autosaving; after a crash, reopen the autosave the user picks, as unsaved work."""
        recovered = self.autosave.start(self)
        if recovered is not None:
            self.set_scenario(recovered, None)
            self.undo_stack.resetClean()
            self._update_title()

    def _restore_settings(self) -> None:
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            screen = self.screen().availableGeometry()
            self.resize(int(screen.width() * 0.9), int(screen.height() * 0.9))
        self._fill_recent_menu()

    def _restore_docks(self) -> None:
        state = self.settings.value("window_state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        self.order_of_battle.reveal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A marker's key the selected counter cannot take reaches here (its action is off): say
        why in the status bar rather than nothing."""
        why = self.counter_menu.why_not(event.text()) if event.modifiers() in (
            Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier) else None
        if why is None:
            super().keyPressEvent(event)
            return
        self.statusBar().showMessage(why, 6000)
        event.accept()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_discard():
            event.ignore()
            return
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("window_state", self.saveState())
        event.accept()
