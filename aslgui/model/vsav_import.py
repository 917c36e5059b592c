"""A VASL save as an aslgui scenario (DESIGN.md section 8): boards, units, markers, the OOB.

The readers in ``aslgui.vasl`` give the save's plain values (``vsav``: boards, pieces, stacks),
where a counter lies (``map_layout``: a hex, or ``"hex": null`` in the margin, where a set-up file
keeps the order of battle) and what it is (``vocabulary``: unit kinds, markers, Layers, CAs).  This
module turns them into a scenario: marker counters (Pin, Prep Fire, Motion ...) and ``?`` counters
in a stack apply to the units under them, support weapons go to the unit they sit on, and labels,
set-up outlines, turn/CVP/phase markers and fortifications are counted in the report, never
guessed at.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any, NamedTuple

from aslgui.geometry import SPINE_NAMES
from aslgui.model.counters import CounterLibrary, counter_unit_keys
from aslgui.model.units import MANNING_KINDS
from aslgui.model.vsav_roster import gun_keys, vehicle_keys
from aslgui.vasl.map_layout import MapLayout
from aslgui.vasl.module import image_stem
from aslgui.vasl.pieces import Piece
from aslgui.vasl.vocabulary import (
    MAIN_MAPS,
    MARKER_KEYS,
    MODIFIER_KEYS,
    UNROTATED_SPINE,
    WRECK_NAME,
    Classified,
    classify,
    is_elite,
    nationality_of_slot,
    side_of,
    smoke_marker,
    spines_of,
    unknown_folder,
)
from aslgui.vasl.vsav import SavedGame, Stack, read_vsav, stacks_of

#: A VASL save does not say whose Player Turn it is: the import leaves ``player`` empty, and the
#: rules then check no side's phase (the answers say so), so the report asks for it.
NO_PLAYER_LINE = "player not set: set the ATTACKER before rehearsing"


class Report(NamedTuple):
    """What an import found: units placed and off the boards by side, what it skipped and why,
    and the guesses it made (the ``unverified`` notes)."""

    file: str
    boards: tuple[str, ...]
    on_map: Counter[str]
    off_map: Counter[str]
    skipped: Counter[str]
    #: Support weapons not stacked with Infantry, by nationality and name (listed, not units).
    loose_sw: Counter[str]
    unknown: Counter[str]
    notes: tuple[str, ...]
    #: The VASL modules the counters were read from, and each that could not be read.
    modules: tuple[str, ...]
    module_problems: tuple[str, ...]
    #: Guns and vehicles whose counter no module holds ("name (image)" -> count).
    missing_counters: Counter[str]
    #: Art folders that are no VASL nationality folder aslgui knows -> counters drawn from them.
    unknown_folders: Counter[str]

    def lines(self) -> list[str]:
        """The report as text, a line a fact."""
        placed, oob = sum(self.on_map.values()), sum(self.off_map.values())
        by_side = ", ".join(f"{side} {n}" for side, n in sorted((self.on_map + self.off_map).items()))
        out = [
            f"boards: {', '.join(self.boards)}",
            f'units: {placed + oob} ({by_side}); {placed} on the map, {oob} in the order of battle ("hex": null)',
            NO_PLAYER_LINE,
        ]
        if self.skipped:
            out.append("skipped: " + ", ".join(f"{n} {what}" for what, n in sorted(self.skipped.items())))
        if self.loose_sw:
            loose = ", ".join(f"{n} {what}" for what, n in sorted(self.loose_sw.items()))
            out.append(f"support weapons not stacked with Infantry (on their hex, or in the order of battle; drag "
                       f"one onto a unit in Setup to give it): {loose}")
        if self.unknown:
            unknown = ", ".join(f"{n} x {name}" for name, n in sorted(self.unknown.items()))
            out.append(f"unknown counters, left out: {unknown}")
        if self.modules:
            out.append(f"counters read from: {', '.join(self.modules)}")
        out += [f"VASL module not read: {problem}" for problem in self.module_problems]
        if self.missing_counters:
            missing = ", ".join(f"{n} x {name}" for name, n in sorted(self.missing_counters.items()))
            if self.modules:  # its counter is not there, or holds no image the numbers are read from
                out.append(f"Guns and vehicles whose printed numbers the VASL module does not give (each one's note "
                           f"says why): {missing}")
            else:
                none = "none could be read" if self.module_problems else "none is set up"
                out.append(f"Guns and vehicles whose printed numbers need a VASL module ({none}): {missing}")
        if self.unknown_folders:
            folders = ", ".join(f"{folder!r} ({n} counters)" for folder, n in sorted(self.unknown_folders.items()))
            out.append(f"art folders that name no nationality aslgui knows (their units' nationality is blank and "
                       f"side unknown: set them): {folders}")
        out += [f"note: {note}" for note in self.notes]
        return out


class Imported(NamedTuple):
    """The scenario file's JSON object and the report of the import."""

    scenario: dict[str, Any]
    report: Report


def _nationality_and_side(counter: Classified, library: CounterLibrary) -> tuple[str, str]:
    """A counter's nationality: its art's, else its module PieceSlot's O/B palette's (VASL files
    some art in no folder, ``fi120MTR``); and its side: the nationality's, else the palette O/B's
    (Partisans are in both)."""
    found = library.find(counter.piece.gpid, "") if counter.piece.gpid else None
    folder = found.slot.folder if found is not None and found.slot is not None else ()
    nationality = counter.nationality or nationality_of_slot("", folder)
    return nationality, side_of(nationality, folder)


def _nationality_note(counter: Classified, nationality: str, side: str) -> str | None:
    """What the unit's ``unverified`` says of a nationality or side its counter does not give."""
    folders = [f for f in map(unknown_folder, (counter.piece.identity[1], counter.piece.visible_image)) if f]
    if not nationality:
        why = (f"its art's folder {folders[0]!r} is no VASL nationality folder aslgui knows" if folders
               else "the counter's art names no nationality")
        return f"nationality and side: {why}"
    if side == "unknown":
        return f"side: {nationality} counters are in both sides' orders of battle; set its side"
    return None


def _unit_keys(unit_id: str, counter: Classified, hex_name: str | None, library: CounterLibrary) -> dict[str, Any]:
    """The unit's keys: id, side, kind, name, hex, then its state words and arcs."""
    piece = counter.piece
    name = piece.identity[0].strip()
    nationality, side = _nationality_and_side(counter, library)
    keys: dict[str, Any] = {
        "id": unit_id,
        "side": side,
        "nationality": nationality,
        "kind": counter.kind,
        "name": name,
        "hex": hex_name,
    }
    unverified: list[str] = []
    note = _nationality_note(counter, nationality, side)
    if note is not None:
        unverified.append(note)
    for word in piece.modifiers:
        keys.update(MODIFIER_KEYS.get(word, {}))
    if is_elite(name):
        keys["elite"] = True
    if piece.hidden:
        keys.update(concealed=True, hip=True)
    if piece.concealed:
        keys["concealed"] = True
    spines = spines_of(piece)
    rotated = (UNROTATED_SPINE + piece.rotation) % 6 if piece.rotation is not None else None
    keys["vasl"] = {"gpid": piece.gpid, "image": image_stem(piece.visible_image)}
    wreck = counter.kind == "vehicle" and WRECK_NAME.search(name) is not None
    if wreck:
        keys["wreck"] = True  # a Hindrance only (D9): its numbers do not matter
        vca = spines.get("vca", rotated)
        if vca is not None:
            keys["vca"] = SPINE_NAMES[vca]
    elif counter.kind in ("gun", "vehicle"):
        _printed_keys(keys, piece, counter.kind, library, unverified)
    if counter.kind == "gun":
        gun_keys(keys, name, spines.get("ca", rotated), unverified)
    elif counter.kind == "vehicle" and not wreck:
        vehicle_keys(keys, name, spines.get("vca", rotated), spines.get("tca"), unverified)
    if unverified:
        keys["unverified"] = unverified
    return keys


def _printed_keys(keys: dict[str, Any], piece: Piece, kind: str, library: CounterLibrary,
                  unverified: list[str]) -> None:
    """A Gun's or vehicle's printed values from its counter in the player's module (DESIGN.md 11):
    its slot by gpid, its SVG by image stem; what the module lacks is said, never guessed."""
    image = image_stem(piece.identity[1] or piece.visible_image)
    found = library.find(piece.gpid, image)
    if found is None or found.values is None:
        keys["vasl"]["missing"] = True
        unverified.append(f"printed values: {library.why_missing(found, piece.identity[0].strip(), image)}")
    slot = found.slot if found is not None else None
    values = found.values if found is not None else None
    printed = counter_unit_keys(kind, slot, values, image, piece.info)  # the slot's info when it has none
    keys["vasl"].update({k: v for k, v in printed["vasl"].items() if k not in ("gpid", "image")})
    unverified.extend(printed.pop("unverified", ()))
    keys.update({k: v for k, v in printed.items() if k != "vasl"})


# -- the import -----------------------------------------------------------------------------
class _Builder:
    def __init__(self, game: SavedGame, layout: MapLayout, library: CounterLibrary) -> None:
        self.game = game
        self.layout = layout
        self.library = library
        self.units: list[dict[str, Any]] = []
        self.ids: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()
        self.loose_sw: Counter[str] = Counter()
        self.support_weapons: list[dict[str, Any]] = []
        self.smoke: dict[str, list[dict[str, Any]]] = {}
        self.unknown: Counter[str] = Counter()
        self.unknown_folders: Counter[str] = Counter()
        self.notes: list[str] = list(layout.notes)

    def new_id(self, kind: str) -> str:
        prefix = {"squad": "s", "halfsquad": "h", "crew": "c", "leader": "l", "gun": "g", "vehicle": "v"}[kind]
        self.ids[prefix] += 1
        return f"{prefix}{self.ids[prefix]}"

    def add_stack(self, stack: Stack | None, pieces: list[Piece]) -> None:
        anchor = stack if stack is not None else pieces[0]
        if anchor.map not in MAIN_MAPS:
            self.skipped[f"counters on other windows ({anchor.map})"] += len(pieces)
            return
        hex_name = self.layout.hex_name(anchor.x, anchor.y)
        counters = [classify(p) for p in pieces]
        for counter in counters:
            folder = unknown_folder(counter.piece.identity[1] or counter.piece.visible_image)
            if folder is not None and not counter.nationality and counter.role in ("unit", "sw"):
                self.unknown_folders[folder] += 1
        made: list[tuple[int, dict[str, Any]]] = []
        for index, counter in enumerate(counters):
            if counter.role == "unit":
                unit = _unit_keys(self.new_id(counter.kind), counter, hex_name, self.library)
                made.append((index, unit))
        for index, counter in enumerate(counters):
            under = [unit for i, unit in made if i < index]
            if counter.role == "marker":
                self._mark(under, MARKER_KEYS[counter.kind], counter.kind)
            elif counter.role == "concealment":
                if under:
                    for unit in under:
                        unit["concealed"] = True
                else:
                    self.skipped["? counters with no unit under them"] += 1
            elif counter.role == "sw":
                self._give_sw(counter, under, [u for i, u in made if i > index], hex_name)
            elif counter.role == "smoke":
                self._place_smoke(counter, hex_name)
            elif counter.role == "skip":
                self.skipped[counter.kind] += 1
            elif counter.role == "unknown":
                self.unknown[counter.kind] += 1
        self._man_guns([u for _, u in made])
        self.units += [u for _, u in made]

    def _place_smoke(self, counter: Classified, hex_name: str | None) -> None:
        """A SMOKE or WP counter on a hex goes to the scenario's ``smoke`` (A24); one off the boards
        is counted, never a unit."""
        marker = smoke_marker(counter.piece)
        if hex_name is None or marker is None:
            self.skipped["SMOKE and WP counters off the boards"] += 1
        else:
            self.smoke.setdefault(hex_name, []).append(marker)

    def _mark(self, units: list[dict[str, Any]], keys: dict[str, Any], name: str) -> None:
        if not units:
            self.skipped[f"markers with no unit under them ({name})"] += 1
        for unit in units:
            unit.update(keys)

    def _give_sw(self, counter: Classified, under: list[dict[str, Any]], over: list[dict[str, Any]],
                 hex_name: str | None) -> None:
        """A SW goes to the unit it sits on, else the one on it (A4.4's possession is not shown
        in VASL otherwise); a DC is the ``dc`` key, other SW a ``sw`` list on the unit.  A SW with
        no Infantry in its stack is listed on its own (``support_weapons``: its hex, or null in the
        order of battle), for a player to give it to a unit."""
        infantry = ("squad", "halfsquad", "crew", "leader")
        owner = next((u for u in reversed(under) if u["kind"] in infantry), None)
        owner = owner or next((u for u in over if u["kind"] in infantry), None)
        name = counter.kind
        words = [w for w in counter.piece.modifiers if w in ("broken", "Malf")]
        if owner is None:
            nationality, side = _nationality_and_side(counter, self.library)
            self.loose_sw[f"{nationality} {name}".strip()] += 1
            self.support_weapons.append({"id": f"w{len(self.support_weapons) + 1}", "name": name,
                                         "nationality": nationality, "side": side,
                                         "hex": hex_name, **({"state": words} if words else {}),
                                         "vasl": {"gpid": counter.piece.gpid,
                                                  "image": image_stem(counter.piece.visible_image)}})
            return
        if name == "DC" and owner.get("dc") is None:
            owner["dc"] = True
            return
        owner.setdefault("sw", []).append(name + (f" ({', '.join(words)})" if words else ""))

    @staticmethod
    def _man_guns(units: list[dict[str, Any]]) -> None:
        """A Gun stacked with a crew (else a half-squad) of its side is manned by it (``crew``), as a
        VASL player stacks them: each Gun in stack order takes the first such unit not yet manning
        one, a crew of its own nationality first (A21.13: other Infantry man it non-qualified)."""
        manning: set[str] = set()
        for gun in (u for u in units if u["kind"] == "gun" and "crew" not in u):
            free = [u for u in units if u["kind"] in MANNING_KINDS and u["side"] == gun["side"]
                    and u["id"] not in manning and not u.get("broken")]
            free.sort(key=lambda u: (u["kind"] != "crew", u["nationality"] != gun["nationality"]))
            if free:
                gun["crew"] = free[0]["id"]
                manning.add(free[0]["id"])
                if free[0]["kind"] != "crew":
                    gun.setdefault("unverified", []).append(
                        f"manned by half-squad {free[0]['id']} (no crew in its stack): it is taken as qualified; "
                        "set its qualified false for non-qualified use (A21.13, C5.8 Case H)")


def import_game(game: SavedGame, library: CounterLibrary | None = None) -> Imported:
    """The scenario a save shows, with the report of what was imported and left out; Guns' and
    vehicles' numbers from their counters in ``library`` (else the player's modules)."""
    library = library if library is not None else CounterLibrary.from_settings()
    layout = MapLayout(game)
    builder = _Builder(game, layout, library)
    for stack, pieces in stacks_of(game):
        builder.add_stack(stack, pieces)
    if game.unreadable:
        builder.skipped["VASSAL objects that are no counter (decks ...)"] += game.unreadable
    boards = [
        {"id": board_id, "col": board.col, "row": board.row, **({"rotated": True} if board.rotated else {})}
        for board, board_id in layout.boards
    ]
    if not boards:
        boards = [{"id": "1", "col": 0, "row": 0}]
        builder.notes.append("the save places no board; board 1 stands in (every counter is off the boards)")
    name = os.path.splitext(os.path.basename(game.file))[0]
    scenario = {
        "format": "aslgui-scenario",
        "version": 1,
        "name": name,
        "boards": boards,
        "terrain": {},
        "phase": "PFPh",
        "turn": 1,
        "player": "",
        "units": builder.units,
        **({"smoke": builder.smoke} if builder.smoke else {}),
        **({"support_weapons": builder.support_weapons} if builder.support_weapons else {}),
    }
    on_map = Counter(u["side"] for u in builder.units if u["hex"] is not None)
    off_map = Counter(u["side"] for u in builder.units if u["hex"] is None)
    guesses = Counter(f"{u['name']}: {note}" for u in builder.units for note in u.get("unverified", []))
    report = Report(
        file=game.file,
        boards=tuple(("r" if b.rotated else "") + b.name for b, _ in layout.boards) or ("none",),
        on_map=on_map,
        off_map=off_map,
        skipped=builder.skipped,
        loose_sw=builder.loose_sw,
        unknown=builder.unknown,
        notes=tuple(builder.notes) + tuple(f"unverified ({n} x) {g}" for g, n in sorted(guesses.items())),
        modules=tuple(module.path for module in library.modules),
        module_problems=tuple(f"{path}: {message}" for path, message in library.problems),
        missing_counters=library.missing,
        unknown_folders=builder.unknown_folders,
    )
    return Imported(scenario, report)


def import_vsav(path: str | os.PathLike[str], library: CounterLibrary | None = None) -> Imported:
    """Read a save and import it (VsavError naming the file when it cannot be read)."""
    return import_game(read_vsav(path), library)
