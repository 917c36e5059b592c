"""A VASL save as an aslgui scenario (DESIGN.md section 8): boards, units, markers, the OOB.

Where a counter is: VASL's Main Map has a 400 px margin around the boards; a board is
1800 x 645 px (VASL's ``bdNN.gif``), boards lie side by side and stacked in their grid, a
board turned 180° (``r``) has its own coordinates reversed.  A counter on a board lies in the
hex of the board's own grid there; a counter in the margin is a unit with ``"hex": null`` (a
set-up file keeps the order of battle there).

What a counter is: its name and art (``ru/ru447S`` "4-4-7 1sq", ``ge/gun/geAT75L``
"75L AT PaK 40", ``ge/veh/...``), its nationality from the art's folder.  Layers on it say
broken, BU/CE, limbered and its CA: VASL names a counter's CA ``ca``/``vca``/``tca`` 1-6, and
VASL's own code fixes the numbering: its Turreted trait takes an unrotated, whole-rotating
vehicle counter's CA to be 3 and offsets the TCA marker for 1-6 clockwise from the upper right,
3 at the lower right, so 1 is N/NE and 3 is SE/S, where unrotated art points; every 60° turn
clockwise adds one (VASSAL's rotator turns clockwise with its index).  Marker counters
(Pin, Prep Fire, Motion ...) and ``?`` counters in a stack apply to the units under them.
Support weapons go to the unit they sit on.  Labels, set-up outlines, turn/CVP/phase markers
and fortifications are no units: they are counted in the report, never guessed at.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any, NamedTuple

from aslgui.geometry import SPINE_NAMES, BoardPlacement, MapGrid
from aslgui.geometry.mapgrid import BOARD_PIXEL_HEIGHT, BOARD_PIXEL_WIDTH
from aslgui.model.vsav import Board, Piece, SavedGame, Stack, VsavError, read_vsav, stacks_of
from aslgui.resource_files import load_json

#: VASL's Main Map margin around the boards (pixels).
MAP_MARGIN = 400
#: The maps that hold the boards; counters elsewhere (Casualties ...) are not on them.
MAIN_MAPS = frozenset({"Main Map", "Map0"})
#: The art folder of a counter -> its nationality, and each nationality's side.
NATIONALITIES = {
    "ge": "german",
    "ru": "russian",
    "am": "american",
    "br": "british",
    "fr": "french",
    "it": "italian",
    "ja": "japanese",
    "fi": "finnish",
    "ch": "chinese",
    "ax": "axis minor",
    "al": "allied minor",
}
AXIS = frozenset({"german", "italian", "japanese", "finnish", "axis minor"})
#: VASL's hexspine number (1-6, clockwise from N/NE) of an unrotated counter: SE/S.
UNROTATED_SPINE = 2
#: Marker counters and the unit keys they set on the units under them.
MARKER_KEYS: dict[str, dict[str, Any]] = {
    "Pin": {"pinned": True},
    "CX": {"cx": True},
    "Prep Fire": {"fired": True},
    "First Fire": {"fired": True},
    "Final Fire": {"fired": True},
    "Intensive Fire": {"intensive_fired": True},
    "Bounding Fire": {"bounding_fired": True},
    "Motion": {"motion": True, "stopped": False},
    "TI": {"ti": True},
    "No Move": {"no_move": True},
    "Low Ammo": {"low_ammo": True},
    "BU": {"bu": True},
    "CE": {"ce": True},
}
#: Words VASL's Layers add to a unit's name, and the keys they set.
MODIFIER_KEYS: dict[str, dict[str, Any]] = {
    "broken": {"broken": True},
    "BU": {"bu": True},
    "CE": {"ce": True},
    "Lmbd": {"limbered": True},
    "Malf": {"malfunctioned": True},
    "Wnd": {"wounded": True},
    "Berserk": {"berserk": True},
    "Fanatic": {"fanatic": True},
    "Heroic": {"heroic": True},
}
_SPINE_WORD = re.compile(r"^(ca|vca|tca)([1-6])$")
_SQUAD = re.compile(r"^\d+-\d+-\d+\*?\s*([A-Z12])?(sq|hs)\b", re.IGNORECASE)
_LEADER = re.compile(r"^\d{1,2}[-+]\d$")
_GUN_NAME = re.compile(r"^(\d+)(\*|LL|L)?\s+(AT|INF|ART|AA|MTR|RCL|IG|OBA)\b")
_SW = re.compile(r"^(LMG|MMG|HMG|\.50cal|ATR|PSK|BAZ|PIAT|FT|DC|LATW|ATMM|PF|MOL)\b|^\d+\*? MTR$")
#: Counters that are no unit, by what they are (the report's words) and how to spot them.
_NOT_UNITS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("labels", re.compile(r"^User-Labeled$|^Label")),
    ("set-up outlines", re.compile(r"perimeter$|^Setup", re.IGNORECASE)),
    ("turn, phase and CVP markers", re.compile(r"Turn|Track|CVP|Phase|Casualt", re.IGNORECASE)),
    (
        "fortifications",
        re.compile(r"^(Foxhole|Trench|Wire|Minefield|Mines|Roadblock|Pillbox|Sangar|A-T Ditch|Panji|Tetrahedron|Cave)"),
    ),
    ("environment and reinforcement markers", re.compile(r"^(EC|Wind|No Wind|Reinf|Gusts|Sniper)|Sniper$")),
)


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
            out.append(f"support weapons not stacked with Infantry (not imported): {loose}")
        if self.unknown:
            unknown = ", ".join(f"{n} x {name}" for name, n in sorted(self.unknown.items()))
            out.append(f"unknown counters, left out: {unknown}")
        out += [f"note: {note}" for note in self.notes]
        return out


class Imported(NamedTuple):
    """The scenario file's JSON object and the report of the import."""

    scenario: dict[str, Any]
    report: Report


# -- where -----------------------------------------------------------------------------------
class _Layout:
    """The boards' pixel rectangles on VASL's Main Map, and hex names of points on them."""

    def __init__(self, game: SavedGame) -> None:
        self.file = game.file
        self.notes: list[str] = []
        self.boards: list[tuple[Board, str]] = []
        taken: dict[tuple[int, int], str] = {}
        for board in game.boards:
            board_id = scenario_board_id(game.file, board.name)
            if (board.col, board.row) in taken:
                self.notes.append(f"board {board.name} at {board.col},{board.row} shares its place; left out")
                continue
            taken[board.col, board.row] = board_id
            self.boards.append((board, board_id))
            if board.crop != (0, 0, -1, -1):
                self.notes.append(f"board {board.name} is cropped in VASL; the whole board is used")
        self._origins = self._place()
        #: The scenario's map of these boards: it names the hexes (a turned board's own names,
        #: a joined hex by its upper/left board, DESIGN.md sections 3 and 7).
        self.grid = (
            MapGrid([BoardPlacement(board_id, b.col, b.row, b.rotated) for b, board_id in self.boards])
            if self.boards
            else None
        )

    @staticmethod
    def size(board: Board) -> tuple[float, float]:
        """The board's size on VASL's map: its cropped part, magnified."""
        _, _, width, height = board.crop
        w = width if width > 0 else BOARD_PIXEL_WIDTH
        h = height if height > 0 else BOARD_PIXEL_HEIGHT
        return w * board.zoom, h * board.zoom

    def _place(self) -> list[tuple[float, float]]:
        """Each board's top-left pixel: after the margin, the widths of the boards to its left in
        its row and the heights of the boards above it in its column (VASSAL's Map layout)."""
        sizes = {(b.col, b.row): self.size(b) for b, _ in self.boards}
        origins = []
        for board, _ in self.boards:
            x = MAP_MARGIN + sum(sizes.get((c, board.row), (BOARD_PIXEL_WIDTH, 0))[0] for c in range(board.col))
            y = MAP_MARGIN + sum(sizes.get((board.col, r), (0, BOARD_PIXEL_HEIGHT))[1] for r in range(board.row))
            origins.append((x, y))
        return origins

    def hex_name(self, x: int, y: int) -> str | None:
        """The hex a counter at VASL map pixel (x, y) is in, or None off the boards."""
        for (board, _), (ox, oy) in zip(self.boards, self._origins, strict=True):
            width, height = self.size(board)
            if self.grid is not None and ox <= x <= ox + width and oy <= y <= oy + height:
                h = MapGrid.hex_at(*map_pixel(board, (x - ox, y - oy)))
                return self.grid.name(h) if h in self.grid else None
        return None


def map_pixel(board: Board, point: tuple[float, float]) -> tuple[float, float]:
    """Where ``point`` (pixels from the board's top-left on VASL's map) lies on aslgui's map of
    whole, unmagnified boards: VASL's board coordinates undo the turn and the zoom and add the
    crop offset (its ``localCoordinates``); aslgui's map turns a rotated board back in its place."""
    px, py = point
    width, height = _Layout.size(board)
    if board.rotated:
        px, py = width - px, height - py
    px, py = px / board.zoom + board.crop[0], py / board.zoom + board.crop[1]
    if board.rotated:
        px, py = BOARD_PIXEL_WIDTH - px, BOARD_PIXEL_HEIGHT - py
    return board.col * BOARD_PIXEL_WIDTH + px, board.row * BOARD_PIXEL_HEIGHT + py


def scenario_board_id(file: str, vasl_name: str) -> str:
    """The scenario's id of a VASL board: ``"01"`` -> ``"1"`` (hex names read ``1E5``), others as
    VASL names them."""
    if vasl_name.isdigit():
        return str(int(vasl_name))
    if not re.fullmatch(r"[0-9A-Za-z]+", vasl_name):
        raise VsavError(file, f"board {vasl_name!r} has a name aslgui cannot use as a board id", "bd")
    return vasl_name


# -- what -----------------------------------------------------------------------------------
class _Counter(NamedTuple):
    """A piece as the import sees it: what it is and who it belongs to."""

    piece: Piece
    role: str  # unit, sw, marker, concealment, skip, unknown
    kind: str  # the unit kind, the marker's name, or the skipped category
    nationality: str


def _nationality(piece: Piece) -> str:
    images = [piece.identity[1], piece.basic_image, *(layer.image for layer in piece.layers)]
    for image in images:
        prefix = image.split("/", 1)[0]
        if "/" in image and prefix in NATIONALITIES:
            return NATIONALITIES[prefix]
    return ""


def classify(piece: Piece) -> _Counter:
    """What a counter is, from its name and art (never from guesses beyond them)."""
    name, image = piece.identity
    name = name.strip()
    nationality = _nationality(piece)
    folders = image.split("/")
    if piece.is_concealment:
        return _Counter(piece, "concealment", "?", nationality)
    if name in MARKER_KEYS:
        return _Counter(piece, "marker", name, nationality)
    if "veh" in folders or "vehicles" in folders:
        return _Counter(piece, "unit", "vehicle", nationality)
    if "gun" in folders or "guns" in folders or _GUN_NAME.match(name):
        return _Counter(piece, "unit", "gun", nationality)
    squad = _SQUAD.match(name)
    if squad:
        return _Counter(piece, "unit", "squad" if squad.group(2).lower() == "sq" else "halfsquad", nationality)
    if re.search(r"\bcrew\b", name, re.IGNORECASE):
        return _Counter(piece, "unit", "crew", nationality)
    if _LEADER.match(name):
        return _Counter(piece, "unit", "leader", nationality)
    if _SW.match(name):
        return _Counter(piece, "sw", name, nationality)
    if image.startswith("DO/LabelMe"):
        return _Counter(piece, "skip", "labels", nationality)
    for what, pattern in _NOT_UNITS:
        if pattern.search(name) or image.startswith("tables/"):
            return _Counter(piece, "skip", what if not image.startswith("tables/") else _NOT_UNITS[2][0], nationality)
    return _Counter(piece, "unknown", piece.name.strip() or image or "(unnamed)", nationality)


def _spines(piece: Piece) -> dict[str, int]:
    """CA/VCA/TCA from VASL's own CA Layers (``vca3`` ...), else from the counter's rotation."""
    spines: dict[str, int] = {}
    for word in piece.modifiers:
        match = _SPINE_WORD.match(word)
        if match:
            spines[match.group(1)] = int(match.group(2)) - 1
    return spines


def _unit_keys(unit_id: str, counter: _Counter, hex_name: str | None) -> dict[str, Any]:
    """The unit's keys: id, side, kind, name, hex, then its state words and arcs."""
    piece = counter.piece
    name = piece.identity[0].strip()
    nationality = counter.nationality
    keys: dict[str, Any] = {
        "id": unit_id,
        "side": ("axis" if nationality in AXIS else "allied") if nationality else "unknown",
        "nationality": nationality,
        "kind": counter.kind,
        "name": name,
        "hex": hex_name,
    }
    unverified: list[str] = []
    if not nationality:
        unverified.append("nationality and side: the counter's art names no nationality")
    for word in piece.modifiers:
        keys.update(MODIFIER_KEYS.get(word, {}))
    squad = _SQUAD.match(name)
    if squad and (squad.group(1) or "").upper() == "E":
        keys["elite"] = True
    if piece.hidden:
        keys.update(concealed=True, hip=True)
    if piece.concealed:
        keys["concealed"] = True
    spines = _spines(piece)
    rotated = (UNROTATED_SPINE + piece.rotation) % 6 if piece.rotation is not None else None
    if counter.kind == "gun":
        _gun_keys(keys, name, spines.get("ca", rotated), unverified)
    elif counter.kind == "vehicle":
        _vehicle_keys(keys, name, spines.get("vca", rotated), spines.get("tca"), unverified)
    if unverified:
        keys["unverified"] = unverified
    return keys


def _gun_keys(keys: dict[str, Any], name: str, spine: int | None, unverified: list[str]) -> None:
    if spine is not None:
        keys["ca"] = SPINE_NAMES[spine]
    match = _GUN_NAME.match(name)
    if match is None:
        unverified.append("caliber: the counter's name states none; give the Gun a caliber")
        return
    keys["caliber"] = int(match.group(1))
    if match.group(2):
        keys["barrel"] = match.group(2)
    keys["type"] = match.group(3)
    entry_name = f"{match.group(1)}{match.group(2) or ''} {match.group(3)}"
    entry = _roster().get(entry_name)
    if entry is not None and entry["nationality"] == keys["nationality"] and entry["kind"] == "gun":
        filled = [k for k in ("mount", "rof", "breakdown", "manhandling") if entry.get(k) is not None]
        keys.update({k: entry[k] for k in filled})
        unverified.append(f"{', '.join(filled)} from the roster's {entry_name!r}, matched by caliber and type")


def _vehicle_keys(keys: dict[str, Any], name: str, vca: int | None, tca: int | None, unverified: list[str]) -> None:
    if vca is not None:
        keys["vca"] = SPINE_NAMES[vca]
    entry_name = _roster_vehicle(name)
    entry = _roster().get(entry_name) if entry_name else None
    if entry is not None:
        if entry.get("turret"):
            keys["turret"] = entry["turret"]
        keys["ma"] = {"caliber": entry["caliber"], **({"barrel": entry["barrel"]} if entry.get("barrel") else {})}
        filled = ["turret" if entry.get("turret") else "", "ma"]
        for key in ("mp", "towing", "pp", "gyro", "stabilized"):
            if entry.get(key) not in (None, False):
                keys[key] = entry[key]
                filled.append(key)
        if entry.get("tracked") is False:
            keys["tracked"] = False
        how = "its name" if entry_name == name else f"VASL's name {name!r}"
        unverified.append(f"{', '.join(f for f in filled if f)} from the roster's {entry_name!r}, matched by {how}")
    if tca is not None:
        keys["tca"] = SPINE_NAMES[tca]
        if "turret" not in keys:
            keys["turret"] = "T"
            unverified.append("turret: VASL shows a TCA, so a turret; its traverse (T or ST) is assumed T")
    if entry is None:
        unverified.append("not in the roster: give it ma, mp and the rest before firing or moving it")


def _roster() -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = load_json("data", "roster.json")["entries"]
    return entries


def _squash(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower().replace("pzkw", "pzkpfw"))


def _roster_vehicle(name: str) -> str | None:
    """The roster vehicle a VASL name means (``PzKw IVH`` is ``PzKpfw IVH``), if any."""
    wanted = _squash(name)
    return next((n for n, e in _roster().items() if e["kind"] == "vehicle" and _squash(n) == wanted), None)


# -- the import -----------------------------------------------------------------------------
class _Builder:
    def __init__(self, game: SavedGame, layout: _Layout) -> None:
        self.game = game
        self.layout = layout
        self.units: list[dict[str, Any]] = []
        self.ids: Counter[str] = Counter()
        self.skipped: Counter[str] = Counter()
        self.loose_sw: Counter[str] = Counter()
        self.unknown: Counter[str] = Counter()
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
        made: list[tuple[int, dict[str, Any]]] = []
        for index, counter in enumerate(counters):
            if counter.role == "unit":
                unit = _unit_keys(self.new_id(counter.kind), counter, hex_name)
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
                self._give_sw(counter, under, [u for i, u in made if i > index])
            elif counter.role == "skip":
                self.skipped[counter.kind] += 1
            elif counter.role == "unknown":
                self.unknown[counter.kind] += 1
        self._man_guns([u for _, u in made])
        self.units += [u for _, u in made]

    def _mark(self, units: list[dict[str, Any]], keys: dict[str, Any], name: str) -> None:
        if not units:
            self.skipped[f"markers with no unit under them ({name})"] += 1
        for unit in units:
            unit.update(keys)

    def _give_sw(self, counter: _Counter, under: list[dict[str, Any]], over: list[dict[str, Any]]) -> None:
        """A SW goes to the unit it sits on, else the one on it (A4.4's possession is not shown
        in VASL otherwise); a DC is the ``dc`` key, other SW a ``sw`` list on the unit."""
        infantry = ("squad", "halfsquad", "crew", "leader")
        owner = next((u for u in reversed(under) if u["kind"] in infantry), None)
        owner = owner or next((u for u in over if u["kind"] in infantry), None)
        name = counter.kind
        if owner is None:
            self.loose_sw[f"{counter.nationality} {name}".strip()] += 1
            return
        if name == "DC" and owner.get("dc") is None:
            owner["dc"] = True
            return
        words = [w for w in counter.piece.modifiers if w in ("broken", "Malf")]
        owner.setdefault("sw", []).append(name + (f" ({', '.join(words)})" if words else ""))

    @staticmethod
    def _man_guns(units: list[dict[str, Any]]) -> None:
        """A Gun stacked with one crew of its nationality is manned by it (``crew``)."""
        for gun in (u for u in units if u["kind"] == "gun"):
            crews = [u for u in units if u["kind"] == "crew" and u["nationality"] == gun["nationality"]]
            if len(crews) == 1:
                gun["crew"] = crews[0]["id"]


def import_game(game: SavedGame) -> Imported:
    """The scenario a save shows, with the report of what was imported and left out."""
    layout = _Layout(game)
    builder = _Builder(game, layout)
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
    )
    return Imported(scenario, report)


def import_vsav(path: str | os.PathLike[str]) -> Imported:
    """Read a save and import it (VsavError naming the file when it cannot be read)."""
    return import_game(read_vsav(path))
