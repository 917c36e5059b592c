"""The popup's options: one widget per optional action key the rules read (DESIGN.md 4), what
each holds as an action value, and the signal that re-resolves the action when it changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QListWidget, QListWidgetItem, QSpinBox, QWidget

from aslgui.errors import AslError
from aslgui.geometry import SPINE_NAMES
from aslgui.model import Scenario, Unit
from aslgui.rules.action_keys import MOVE_ENDS, NON_CC_WEAPONS, TARGET_TYPES
from aslgui.rules.actions import leaders_with
from aslgui.rules.demolition import afvs_to_aim_at, attacked
from aslgui.rules.to_hit.acquisition import acquired_target, recorded_acquisition
from aslgui.rules.to_hit.legality import ammo_choices
from aslgui.rules.to_hit.shot import fire_counter, intensive_by_force, recorded_mp_in_los
from aslgui.rules.towing import spent_mp
from aslgui.ui.rehearsal.answer_words import END_WORDS, UnitNames, player_names, unit_name

#: Non-CC Reaction Fire weapons as the D7.22 text names them.
WEAPON_WORDS = {"tpbf": "TPBF", "ordnance": "Ordnance", "ft": "FT", "dc": "DC", "mol": "MOL", "gun": "Gun"}


def _combo(items: Sequence[str], current: str | None = None, none_text: str | None = None,
           shown: Callable[[str], str] = str) -> QComboBox:
    """A choice of action values, each shown as a player reads it (``shown``: ``tca`` -> TCA)."""
    combo = QComboBox()
    if none_text is not None:
        combo.addItem(none_text, None)
    for item in items:
        combo.addItem(shown(item), item)
    if current is not None:
        combo.setCurrentIndex(combo.findData(current))
    return combo


#: How a turreted vehicle brings its target into its arc (C5.11), as a player says it.
PIVOT_WORDS = {"tca": "turning its turret (TCA)", "vca": "pivoting its hull (VCA: NT Case A)"}


class UnitChecklist(QListWidget):
    """Units to tick, e.g. who pushes a Gun (C10.3); its value is the ticked ids, in list order."""

    def __init__(self, units: Sequence[Unit], names: UnitNames) -> None:
        super().__init__()
        for unit in units:
            item = QListWidgetItem(unit_name(unit.id, names))
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


def _enemy_afvs(scenario: Scenario, action: dict[str, Any]) -> list[str]:
    """The AFVs a DC's action may aim at (``demolition.afvs_to_aim_at``, A23.5); none when it names no
    unit or hex the map has."""
    unit = scenario.units.get(str(action.get("unit")))
    try:
        target = scenario.grid.parse(str(action.get("target_hex")))
    except AslError:
        return []
    return [u.id for u in afvs_to_aim_at(scenario, unit, target)] if unit is not None and unit.hex else []


def option_widgets(scenario: Scenario, action: dict[str, Any]) -> list[tuple[str, str, QWidget]]:
    """The options the rules ask for, per kind (DESIGN.md section 4 optional keys)."""
    kind = action["kind"]
    out: list[tuple[str, str, QWidget]] = []
    if kind == "fire":
        firer = scenario.units.get(str(action.get("firer")))
        out.append(("target_type", "Target Type (C3.3)", _combo(TARGET_TYPES, action.get("target_type"),
                                                                 shown=str.capitalize)))
        ammo = ammo_choices(firer)  # only what its counter lists (C8)
        out.append(("ammo", "Ammo", _combo(ammo, None, "default (HE; AP vs AFV)")))
        # left as it is, the rules take what the firer's earlier shots at the target gained (C3 EX)
        named = scenario.units.get(str(action.get("target")))
        where = action.get("target_hex") or (scenario.grid.name(named.hex) if named is not None else None)
        target = acquired_target(action.get("target_type"), action.get("target"), where)
        gained = recorded_acquisition(firer, target) if firer else 0
        out.append(("acquisition", "Acquisition (Case N)", _optional_spin(0, 2, f"gained: {gained}")))
        out.append(("intensive", "Intensive Fire (C5.6)", _intensive_box(firer, action)))
        out.append(("deliberate_immobilization", "Deliberate Immobilization (C5.7)", QCheckBox()))
        out.append(("opportunity", "Opportunity Fire (A7.25)", QCheckBox()))
        if firer is not None and firer.kind == "vehicle" and firer.turret is not None:
            out.append(("pivot", "Brings the target into its arc by (C5.11)",
                        _combo(("tca", "vca"), None, "turning its turret (unless said)", PIVOT_WORDS.__getitem__)))
        if (firer is not None and firer.kind == "vehicle" and action.get("phase", scenario.phase) == "MPh"
                and firer.side == scenario.player):  # its own Bounding First Fire: a DEFENDER's moved no MP
            mp = HalfStepSpinBox()
            mp.setRange(-0.5, 60)
            mp.setSpecialValueText("not given")
            # what its committed moves recorded on the target (C5.3), as the rules read it too
            recorded = recorded_mp_in_los(firer, scenario.units.get(str(action.get("target"))))
            mp.setValue(-0.5 if recorded is None else recorded)
            out.append(("mp_in_los", "MP in LOS (C5.31-.33)", mp))
        if not isinstance(action.get("extra_drm"), list):  # a list of labelled DRM stays as prepared
            out.append(("extra_drm", "Other DRM", _spin(-10, 10)))
    elif kind == "throw_dc":
        out.append(("opportunity", "Opportunity Fire (A23.62)", QCheckBox()))
    elif kind == "push":
        gun = scenario.units.get(str(action.get("gun")))
        candidates = _pusher_candidates(scenario, action.get("gun"))  # its crew first, the default pusher
        out.append(("pushers", "Pushing (C10.3)", UnitChecklist(candidates, player_names(scenario))))
        out.append(("double_time", "Double Time (A4.5)", QCheckBox()))
        out.append(("mf_spent", "MF already spent this MPh", _spent(spent_mp(candidates[0]) if candidates else 0)))
        if gun is not None and not gun.low_ammo:
            out.append(("low_ammo", "Low Ammo placed first (D3.71)", QCheckBox()))
    elif kind == "reaction_fire" and action.get("type") == "non_cc":
        out.append(("weapon", "Weapon (D7.22)", _combo(NON_CC_WEAPONS, None, "default", WEAPON_WORDS.__getitem__)))
        out.append(("sw_fp", "SW FP added to its TPBF (A7.21)", _spin(0, 99)))
    elif kind == "reaction_fire" and (unit := scenario.units.get(str(action.get("unit")))) is not None:
        if leaders_with(scenario, unit):  # a leader in its Location may attack along (D7.22 EX)
            out.append(("leadership", "Leadership DRM (D7.22 EX)", _spin(-6, 6)))
    elif kind == "move":
        out.extend(_move_options(scenario.units.get(str(action.get("unit")))))
    elif kind == "set_dc" and (setter := scenario.units.get(str(action.get("unit")))) is not None:
        own = setter.extra.get("us_number")  # the dr is compared with it (A23.7): the player may give it
        unset = f"its own, {own}" if own is not None else "not given: no dr is rolled"
        out.append(("us_number", "US# (A23.7)", _optional_spin(0, 9, unset)))
        if leaders_with(scenario, setter):
            out.append(("leadership", "Leadership drm of a leader assisting (A23.7)", _spin(-6, 6)))
    if kind in ("place_dc", "throw_dc") and (afvs := _enemy_afvs(scenario, action)):  # predesignated or not (A23.5)
        names = player_names(scenario)
        others = attacked(scenario, scenario.grid.parse(str(action["target_hex"])))  # none: the AFV is the target
        aim = _combo(afvs, None if others else afvs[0], "the Location's other units",
                     lambda uid: f"{unit_name(uid, names)} (C7.34, C7.346)")
        out.append(("vs_afv", "Aimed at (A23.5)", aim))
    if kind == "hook_up":  # the crew loads with the Gun at no extra MP (C10.11); a 76-107mm MTR needs it (C10.1)
        out.append(("crew_loads", "Crew rides as Passengers (C10.11)", QCheckBox()))
    if kind in ("overrun", "hook_up", "unhook"):
        vehicle = scenario.units.get(str(action.get("vehicle")))
        out.append(("mp_spent", "MP already spent this MPh", _spent(spent_mp(vehicle) if vehicle else 0)))
    return out


def _intensive_box(firer: Unit | None, action: dict[str, Any]) -> QCheckBox:
    """Intensive Fire, ticked and fixed where the shot is one by force: a Gun's Reaction Fire under a
    First Fire counter (D7.23), OVR Prevention by a Gun under a fire counter (C5.64)."""
    box = QCheckBox()
    prevention, reaction = bool(action.get("ovr_prevention")), bool(action.get("reaction_fire"))
    if firer is not None and intensive_by_force(firer, prevention, reaction, fire_counter(firer)):
        box.setChecked(True)
        box.setEnabled(False)
        box.setToolTip("Intensive Fire by force: " + ("OVR Prevention under a fire counter (C5.64)" if prevention
                                                     else "Reaction Fire under a First Fire counter (D7.23)"))
    return box


def _move_options(unit: Unit | None) -> list[tuple[str, str, QWidget]]:
    """A vehicle's move: its VCA and (turreted) TCA at the end, Delay MP spent where it ends, and
    whether it ends Stopped or in Motion (DESIGN.md 13); left as they are, the path sets the VCA
    and the vehicle goes on moving."""
    if unit is None or unit.kind != "vehicle":
        return []
    hull = _combo(SPINE_NAMES, None, "as the path leaves it")
    out: list[tuple[str, str, QWidget]] = [("vca", "VCA at the end (D2.11)", hull)]
    if unit.turret is not None:
        out.append(("tca", "TCA at the end (C5.13)", _combo(SPINE_NAMES, None, "as it is")))
    out.append(("delay", "Delay MP at the end (C5.3)", _spin(0, 99)))
    out.append(("end", "At the end (D2.13, C5.35)", _combo(MOVE_ENDS, None, END_WORDS[None], END_WORDS.__getitem__)))
    return out


def set_option(widget: QWidget, value: Any) -> None:
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


class HalfStepSpinBox(QDoubleSpinBox):
    """MP in half steps (a Delay MP, a half-MP road entry), shown as a player writes them: ``1``
    and ``1.5``, not ``1.0``."""

    def __init__(self) -> None:
        super().__init__()
        self.setSingleStep(0.5)
        self.setDecimals(1)

    def textFromValue(self, value: float) -> str:
        return f"{value:g}"


def _spin(low: int, high: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    return spin


def _spent(recorded: float) -> QSpinBox:
    """What a unit has spent this MPh: left as it is, what its committed moves recorded (DESIGN.md
    13), which the rules read themselves; more may be given, never less (a lower count would give
    back MF/MP the rules counted)."""
    spin = _spin(int(recorded), 99)
    spin.setSpecialValueText(f"{recorded:g}, as recorded")
    return spin


def _optional_spin(low: int, high: int, unset: str) -> QSpinBox:
    """A whole number that may be left out: one below ``low`` reads ``unset`` and gives no key."""
    spin = _spin(low - 1, high)
    spin.setSpecialValueText(unset)
    spin.setValue(low - 1)
    return spin


def option_value(widget: QWidget) -> Any:
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
        if widget.specialValueText():  # ``_optional_spin``: 0 is a value, the least none
            return None if widget.value() == widget.minimum() else widget.value()
        return widget.value() or None
    return None


def connect_option(widget: QWidget, slot: Callable[[], None]) -> None:
    if isinstance(widget, QCheckBox):
        widget.toggled.connect(lambda _checked: slot())
    elif isinstance(widget, UnitChecklist):
        widget.itemChanged.connect(lambda _item: slot())
    elif isinstance(widget, QComboBox):
        widget.currentIndexChanged.connect(lambda _index: slot())
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        widget.valueChanged.connect(lambda _value: slot())
