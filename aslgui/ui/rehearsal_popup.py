"""The DRM popup: what the rules say about a drop, with options, dice, outcome and Commit.

Every change of an option re-resolves the action at once, so the DRM lines and numbers are
always exactly what ``aslgui resolve`` answers for the action shown. The modal show sits
behind ``RehearsalPopup.ask`` so tests can drive the popup without a modal loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from aslgui.errors import AslError
from aslgui.model import Scenario, Unit
from aslgui.rules import resolve
from aslgui.rules.dice import DiceRoll, DiceRoller
from aslgui.rules.gestures import ROLLING_KINDS, Gesture, staged
from aslgui.rules.reaction_fire import NON_CC_WEAPONS
from aslgui.rules.resolution import DrmLine, Resolution
from aslgui.ui.rehearsal_dice import DiceWidget
from aslgui.ui.rehearsal_odds import OddsView
from aslgui.ui.wheel_guard import guard_wheel

AMMO = ("HE", "AP", "HEAT", "APCR", "APDS", "SMOKE", "WP")
TARGET_TYPES = ("vehicle", "infantry", "area")
#: How the popup names an answer key (DESIGN.md section 4), in the order it shows them.
NUMBER_NAMES: dict[str, str] = {
    "range": "Range",
    "basic_th": "Basic TH#",
    "modified_th": "Modified TH#",
    "final_th_needed": "Hits on Original DR \u2264",
    "critical_max_dr": "Critical Hit on Original DR \u2264",
    "improbable": "Improbable Hit only",
    "ca_change_spines": "CA change (hexspines)",
    "fp": "FP",
    "ift_column": "IFT column",
    "mp_cost": "MP cost",
    "mf_cost": "MF cost",
    "target_drm": "DRM vs target Location",
    "thrower_drm": "DRM vs thrower's Location",
    "pp_left": "PP left",
    "m_number": "M#",
    "max_dr_continue": "Continue on Original DR \u2264",
    "max_dr_enter": "Enter (and stop) on Original DR \u2264",
    "doubled_lower_dr": "Lower dr doubled (C5.35)",
    "rof": "Multiple ROF kept on coloured dr \u2264",
    "breakdown": "B#",
    "fp_parts": "FP from",
    "mp_total": "MP spent in all",
    "detonation_max_dr": "Detonates on Original DR \u2264",
    "hexes": "Hexes",
}
#: Answer keys that only repeat the question (ids, hex names): not shown again.
ECHO_KEYS = frozenset({"kind", "firer", "target", "target_hex", "target_type", "unit", "vehicle", "gun", "to_hex",
                       "pushers", "placement_hex", "ammo", "ca", "range_limit",
                       "odds", "odds_216"})  # the odds are worded by OddsView
OUTCOME_NAMES: dict[str, str] = {
    "needs_dr": "Needs a dr", "hit": "Hit", "critical": "Critical Hit", "improbable": "Improbable Hit",
    "location": "Location",
    "multiple_hits": "Multiple Hits", "detonated": "Detonated", "malfunction": "Malfunction",
    "immobilized": "Immobilized", "ift_column": "IFT column", "result": "IFT result", "final_dr": "Final DR",
    "entered": "Entered", "stopped": "Stopped", "th_dr": "TH DR (lower dr doubled if C5.35)",
    "effects_drm": "Effects DRM", "effects_total_drm": "Effects DRM total", "resolve_on": "Resolve on",
    "rof_retained": "Multiple ROF kept",
}


def show_value(value: Any) -> str:
    """A number, flag, DRM line or list as a player reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, dict):
        if {"case", "rule", "value", "text"} <= value.keys():
            return DrmLine(str(value["case"]), str(value["rule"]), int(value["value"]), str(value["text"])).label
        return " ".join(show_value(v) for v in value.values())
    if isinstance(value, list):
        return "; ".join(show_value(v) for v in value) or "none"
    return str(value)


def number_lines(resolution: Resolution) -> list[str]:
    """The answer's key numbers, one line each; Basic -> Modified TH# on one line."""
    values = dict(resolution.values)
    lines: list[str] = []
    if "basic_th" in values and "modified_th" in values:
        lines.append(f"Basic TH# {values.pop('basic_th')} -> Modified TH# {values.pop('modified_th')}")
    for key, name in NUMBER_NAMES.items():
        if key in values:
            lines.append(f"{name}: {show_value(values.pop(key))}")
    lines.append(f"Total DRM: {resolution.total_drm:+d}")
    lines += [f"{key.replace('_', ' ').capitalize()}: {show_value(value)}" for key, value in values.items()
              if key not in ECHO_KEYS and value not in (None, [], "")]
    return lines


def outcome_lines(resolution: Resolution) -> list[str]:
    """The outcome of the rolled action, named for a player."""
    return [f"{OUTCOME_NAMES.get(key, key)}: {show_value(value)}" for key, value in (resolution.outcome or {}).items()
            if value not in ([], "")]


@dataclass(frozen=True)
class Decision:
    """What the player committed: the gesture, the full action and the rules' answer."""

    gesture: Gesture
    action: dict[str, Any]
    resolution: Resolution

    @property
    def label(self) -> str:
        return self.gesture.label


class RehearsalPopup(QDialog):
    """Choice of meaning, options, DRM lines, numbers, dice, outcome, Commit."""

    def __init__(self, scenario: Scenario, gestures: Sequence[Gesture], roller: DiceRoller,
                 title: str = "Rehearse", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(540)
        self.scenario = scenario
        self.gestures = list(gestures)
        self.roller = roller
        self.resolution: Resolution | None = None
        self.error = ""
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: bold; font-size: 14px;")
        self.heading.setWordWrap(True)
        self.choice = QComboBox()
        self.choice.addItems([g.label for g in self.gestures])
        self.choice.setVisible(len(self.gestures) > 1)
        self.options_box = QWidget()
        self.options_form = QFormLayout(self.options_box)
        self.options: dict[str, QWidget] = {}
        self.drm_label = QLabel()
        self.numbers_label = QLabel()
        self.reasons_label = QLabel()
        self.reasons_label.setStyleSheet("color: #b01818;")
        self.reasons_label.setWordWrap(True)
        self.outcome_label = QLabel()
        self.outcome_label.setStyleSheet("font-weight: bold;")
        for label in (self.drm_label, self.numbers_label, self.outcome_label):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.odds = OddsView()
        self.dice = DiceWidget(roller)
        self.dice.rolled.connect(self._on_rolled)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.commit_button = QPushButton("Commit")
        self.buttons.addButton(self.commit_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.choice)
        layout.addWidget(self.options_box)
        layout.addWidget(QLabel("<b>DRM</b>"))
        layout.addWidget(self.drm_label)
        layout.addWidget(self.numbers_label)
        layout.addWidget(self.reasons_label)
        layout.addWidget(self.odds)
        layout.addWidget(self.dice)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.buttons)
        self.choice.currentIndexChanged.connect(self._on_choice)
        self._on_choice(0)

    # -- the action shown ------------------------------------------------------------------
    @property
    def gesture(self) -> Gesture:
        return self.gestures[self.choice.currentIndex()]

    def action(self) -> dict[str, Any]:
        """The gesture's action with the options chosen and the dice rolled (if any)."""
        action = dict(self.gesture.action)
        for key, widget in self.options.items():
            action.pop(key, None)
            value = _option_value(widget)
            if value is not None:
                action[key] = value
        if self.dice.roll is not None:
            action["dice"] = {"colored": self.dice.roll.colored, "white": self.dice.roll.white}
            if self.dice.dr is not None:
                action["dr"] = self.dice.dr
            if self.dice.effects_dr is not None and action["kind"] == "fire":
                action["effects_dr"] = self.dice.effects_dr
        return action

    def refresh(self) -> None:
        """Re-resolve and redraw: called on every option change and roll."""
        try:
            self.resolution = resolve(staged(self.scenario, self.gesture), self.action())
            self.error = ""
        except AslError as error:
            self.resolution, self.error = None, str(error)
        res = self.resolution
        self.drm_label.setText("\n".join(self.drm_labels()) or "none")
        self.numbers_label.setText("\n".join(number_lines(res)) if res else "")
        reasons = list(res.reasons) if res else [self.error]
        self.reasons_label.setText("\n".join(f"Not allowed: {r}" for r in reasons))
        self.reasons_label.setVisible(bool(reasons))
        self.odds.show_odds(res, staged(self.scenario, self.gesture), self.action())
        outcome = outcome_lines(res) if res else []
        self.outcome_label.setText("\n".join(outcome))
        final = res.outcome.get("final_dr") if res and res.outcome else None  # as the rules computed it
        self.dice.show_final(final if isinstance(final, int) else None)
        self.commit_button.setEnabled(self.can_commit())

    def drm_labels(self) -> list[str]:
        """The DRM lines as shown: ``A +4 (C5.1) NT, 2 hexspines``."""
        return [line.label for line in self.resolution.drm] if self.resolution else []

    def can_commit(self) -> bool:
        """Only a legal action, and a rolled one when its outcome depends on dice; a fire whose
        outcome still waits for a subsequent dr (``needs_dr``, C3.6, C3.7) needs that dr too."""
        res = self.resolution
        if res is None or not res.legal or (res.outcome or {}).get("needs_dr"):
            return False
        return self.gesture.kind not in ROLLING_KINDS or self.dice.roll is not None

    def roll(self, colored: int, white: int, dr: int | None = None, effects_dr: int | None = None) -> None:
        """Rehearse a particular roll (what the typed dice do)."""
        self.dice.set_roll(DiceRoll(colored, white), dr, effects_dr)

    def decision(self) -> Decision:
        if self.resolution is None:
            raise AslError(self.error or "nothing resolved yet", "action")
        return Decision(self.gesture, self.action(), self.resolution)

    @classmethod
    def ask(cls, scenario: Scenario, gestures: Sequence[Gesture], roller: DiceRoller,
            title: str = "Rehearse", parent: QWidget | None = None) -> Decision | None:
        """Show the popup modally; the committed decision, or None when cancelled."""
        popup = cls(scenario, gestures, roller, title, parent)
        return popup.decision() if popup.exec() == QDialog.DialogCode.Accepted else None

    # -- options -----------------------------------------------------------------------------
    def _on_choice(self, _index: int) -> None:
        self.heading.setText(self.gesture.label)
        self.dice.show_effects(self.gesture.kind == "fire")
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.options = {}
        for key, label, widget in _option_widgets(self.scenario, self.gesture.action):
            _set_option(widget, self.gesture.action.get(key))
            self.options[key] = widget
            self.options_form.addRow(label, widget)
            _connect(widget, self.refresh)
        self.options_box.setVisible(bool(self.options))
        guard_wheel(self)
        self.refresh()

    def _on_rolled(self) -> None:
        self.refresh()


def _combo(items: Sequence[str], current: str | None = None, none_text: str | None = None) -> QComboBox:
    combo = QComboBox()
    if none_text is not None:
        combo.addItem(none_text, None)
    for item in items:
        combo.addItem(item, item)
    if current is not None:
        combo.setCurrentIndex(combo.findData(current))
    return combo


class UnitChecklist(QListWidget):
    """Units to tick, e.g. who pushes a Gun (C10.3); its value is the ticked ids, in list order."""

    def __init__(self, units: Sequence[Unit]) -> None:
        super().__init__()
        for unit in units:
            item = QListWidgetItem(f"{unit.name or unit.kind} ({unit.id})")
            item.setData(Qt.ItemDataRole.UserRole, unit.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.addItem(item)
        self.setMaximumHeight(self.sizeHintForRow(0) * min(max(self.count(), 1), 4) + 2 * self.frameWidth())

    def every_item(self) -> list[QListWidgetItem]:
        return [self.item(row) for row in range(self.count())]

    def checked_ids(self) -> list[str]:
        checked = Qt.CheckState.Checked
        return [item.data(Qt.ItemDataRole.UserRole) for item in self.every_item() if item.checkState() == checked]

    def set_checked(self, ids: Sequence[str]) -> None:
        for item in self.every_item():
            checked = item.data(Qt.ItemDataRole.UserRole) in ids
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)


def _pusher_candidates(scenario: Scenario, gun_id: Any) -> list[Unit]:
    """Infantry of the Gun's side in its hex, its crew first: who may push it (C10.111, C10.3)."""
    gun = scenario.units.get(str(gun_id))
    if gun is None:
        return []
    here = [u for u in scenario.units_at(gun.hex) if u.is_infantry and u.side == gun.side]
    return sorted(here, key=lambda u: u.id != gun.crew)


def _option_widgets(scenario: Scenario, action: dict[str, Any]) -> list[tuple[str, str, QWidget]]:
    """The options the rules ask for, per kind (DESIGN.md section 4 optional keys)."""
    kind = action["kind"]
    out: list[tuple[str, str, QWidget]] = []
    if kind == "fire":
        firer = scenario.units.get(str(action.get("firer")))
        out.append(("target_type", "Target Type (C3.3)", _combo(TARGET_TYPES, action.get("target_type"))))
        out.append(("ammo", "Ammo", _combo(AMMO, None, "default (HE; AP vs AFV)")))
        out.append(("acquisition", "Acquisition (Case N)", _spin(0, 2)))
        out.append(("intensive", "Intensive Fire (C5.6)", QCheckBox()))
        out.append(("deliberate_immobilization", "Deliberate Immobilization (C5.7)", QCheckBox()))
        out.append(("opportunity", "Opportunity Fire (A7.25)", QCheckBox()))
        if firer is not None and firer.kind == "vehicle" and firer.turret is not None:
            out.append(("pivot", "Bring target in by (C5.11)", _combo(("tca", "vca"), None, "default")))
        if firer is not None and firer.kind == "vehicle" and action.get("phase", scenario.phase) == "MPh":
            mp = QDoubleSpinBox()
            mp.setRange(-0.5, 60)
            mp.setSingleStep(0.5)
            mp.setDecimals(1)
            mp.setSpecialValueText("not given")
            mp.setValue(-0.5)
            out.append(("mp_in_los", "MP in LOS (C5.31-.33)", mp))
        if not isinstance(action.get("extra_drm"), list):  # a list of labelled DRM stays as prepared
            out.append(("extra_drm", "Other DRM", _spin(-10, 10)))
    elif kind == "throw_dc":
        out.append(("opportunity", "Opportunity Fire (A23.62)", QCheckBox()))
    elif kind == "push":
        gun = scenario.units.get(str(action.get("gun")))
        out.append(("pushers", "Pushing (C10.3)", UnitChecklist(_pusher_candidates(scenario, action.get("gun")))))
        out.append(("double_time", "Double Time (A4.5)", QCheckBox()))
        out.append(("mf_spent", "MF already spent this MPh", _spin(0, 99)))
        if gun is not None and not gun.low_ammo:
            out.append(("low_ammo", "Low Ammo placed first (D3.71)", QCheckBox()))
    elif kind == "reaction_fire" and action.get("type") == "non_cc":
        out.append(("weapon", "Weapon (D7.22)", _combo(NON_CC_WEAPONS, None, "default")))
    if kind in ("overrun", "hook_up", "unhook"):
        out.append(("mp_spent", "MP already spent this MPh", _spin(0, 99)))
    return out


def _set_option(widget: QWidget, value: Any) -> None:
    """Show a value the prepared action already holds (a rulebook example's ``mp_spent: 2``)."""
    if value is None:
        return
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, UnitChecklist) and isinstance(value, list):
        widget.set_checked([str(v) for v in value])
    elif isinstance(widget, QComboBox) and widget.findData(value) >= 0:
        widget.setCurrentIndex(widget.findData(value))
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)) and isinstance(value, (int, float)):
        widget.setValue(value)  # type: ignore[arg-type]


def _spin(low: int, high: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    return spin


def _option_value(widget: QWidget) -> Any:
    """The action value a widget holds; None leaves the key out (the rules' default)."""
    if isinstance(widget, QCheckBox):
        return True if widget.isChecked() else None
    if isinstance(widget, UnitChecklist):
        return widget.checked_ids()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QDoubleSpinBox):
        value = widget.value()
        if value < 0:
            return None
        return int(value) if value.is_integer() else value
    if isinstance(widget, QSpinBox):
        return widget.value() or None
    return None


def _connect(widget: QWidget, slot: Callable[[], None]) -> None:
    if isinstance(widget, QCheckBox):
        widget.toggled.connect(lambda _checked: slot())
    elif isinstance(widget, UnitChecklist):
        widget.itemChanged.connect(lambda _item: slot())
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(lambda _index: slot())
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        widget.valueChanged.connect(lambda _value: slot())
