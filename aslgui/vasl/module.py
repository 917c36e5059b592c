"""A player's VASL module (``.vmod``) read in place into plain values (DESIGN.md 11).

A module is a zip: ``buildFile.xml`` (or ``buildFile``) at its root, VASSAL XML whose
``VASSAL.build.widget.PieceSlot`` elements carry each counter's ``entryName``, ``gpid`` and piece
definition, and its art under ``images/``.  A definition is VASSAL's ``+/id/type/state``: the type
nests one trait per level (the outermost first, VASSAL's basic piece ``piece;;;IMAGE;NAME``
innermost), each level's tabs escaped one backslash deeper (VASSAL's ``SequenceEncoder``).  From
the traits aslgui keeps the prototypes a slot uses, its ``info`` texts and the images of its
layers (``emb2``).  Current modules draw counters as SVG, whose printed values
``counter_svg`` reads and ``counter_text`` interprets.

The whole index is derived once per module file and cached per user, keyed by the file's hash
(``aslgui.vasl.cache``), and read once per process.  The module is the user's file: anything
wrong with it (not a file, not a zip, no buildFile, malformed or entity-laden XML) is an AslError
naming it; every read is bounded; a counter that cannot be read is listed, never fatal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple, TypeVar

from aslgui.collector import collector_paused
from aslgui.errors import AslError
from aslgui.limits import (
    INPUT_LIMIT,
    PIECE_SLOTS_LIMIT,
    PRINTED_TEXT_LIMIT,
    SVG_LIMIT,
    SVG_TOTAL_LIMIT,
    TRAIT_LEVELS_LIMIT,
    megabytes,
)
from aslgui.user_files import open_regular, open_zip, read_zip_member
from aslgui.vasl import cache as derived
from aslgui.vasl.counter_svg import read_counter
from aslgui.vasl.counter_text import CounterValues, MachineGun, Printed
from aslgui.vasl.pieces import decode_sequence, layer_levels, layer_shown, nested_levels
from aslgui.vasl.xml_reader import parse_xml

BUILD_FILES = ("buildFile.xml", "buildFile")
PIECE_SLOT = "VASSAL.build.widget.PieceSlot"
#: The cached index; the number changes whenever what it holds does.
PRODUCT = "module-v3.json"
#: VASL's image folders renamed since older modules (an image is found by its stem in either form).
RENAMED = (("br/vehicles/", "br/veh/"), ("br/guns/", "br/gun/"))
_Value = TypeVar("_Value")
_EXTENSION = re.compile(r"\.(svg|gif|png|jpe?g)$", re.IGNORECASE)


class Slot(NamedTuple):
    """One PieceSlot of the buildFile."""

    gpid: str
    name: str
    #: The stem of the image of its visible layer (``ge/veh/stgiiig``), None if it has none.
    image: str | None
    prototypes: tuple[str, ...]
    info: tuple[str, ...]
    #: The palette folders above it (``("VASL Counters", "German", "Vehicles")``).
    folder: tuple[str, ...]
    #: Every image its layers name, the basic piece's first, then layers innermost first.
    layers: tuple[str, ...]


@dataclass(frozen=True)
class Module:
    """What one module yields: its slots by gpid and its counters' printed values by image stem."""

    path: str
    digest: str
    version: str
    vassal_version: str
    slots: Mapping[str, Slot]
    counters: Mapping[str, CounterValues]
    #: Counter images that could not be read (``images/ge/veh/x.svg: why``).
    skipped: tuple[str, ...] = ()
    _by_key: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    def slot(self, gpid: str) -> Slot | None:
        return self.slots.get(str(gpid))

    def counter(self, image: str) -> CounterValues | None:
        """The counter of an image stem in either form (case, extension, ``br/vehicles``)."""
        if not self._by_key:
            self._by_key.update({stem_key(stem): stem for stem in self.counters})
        stem = self._by_key.get(stem_key(image))
        return self.counters[stem] if stem is not None else None


def image_stem(image: str) -> str:
    """An image's name as VASL's pieces name it: no extension, no ``images/`` folder, case kept."""
    return _EXTENSION.sub("", image.strip().replace("\\", "/").lstrip("/")).removeprefix("images/")


def stem_key(image: str) -> str:
    """How a stem is looked up: no ``images/`` or extension, VASL's renamed folders, any case."""
    key = image_stem(image).lower()
    for old, new in RENAMED:
        if key.startswith(old):
            key = new + key[len(old):]
    return key


# -- a PieceSlot's traits (VASSAL's piece definitions: ``aslgui.vasl.pieces``) ----------------------
def _layer_images(trait: str, state: str) -> tuple[list[str], str | None]:
    """(images, the one shown now or None) of a Layer trait."""
    images = [image.strip() for image in layer_levels(trait)[0]]
    shown = layer_shown(state)
    active = images[shown - 1] if 0 < shown <= len(images) and images[shown - 1] else None
    return [image for image in images if image], active


def decode_slot(gpid: str, name: str, folder: tuple[str, ...], definition: str) -> Slot:
    """A PieceSlot from its piece definition (a definition aslgui cannot decode yields no traits)."""
    parts = decode_sequence(definition.strip(), "/")
    types = nested_levels(parts[2])[:TRAIT_LEVELS_LIMIT] if len(parts) > 2 and parts[0] == "+" else []
    states = nested_levels(parts[3])[:TRAIT_LEVELS_LIMIT] if len(parts) > 3 else []
    prototypes: list[str] = []
    info: list[str] = []
    layers: list[tuple[list[str], str | None]] = []
    base: str | None = None
    for i, trait in enumerate(types):
        kind = trait.partition(";")[0]
        if kind == "prototype":
            prototypes.append(decode_sequence(trait, ";")[1] if ";" in trait else "")
        elif kind == "info":
            info.append(trait.partition(";")[2])
        elif kind in ("emb2", "emb"):
            layers.append(_layer_images(trait, states[i] if i < len(states) else ""))
        elif kind == "piece":
            fields = decode_sequence(trait, ";")
            base = fields[3].strip() if len(fields) > 3 and fields[3].strip() else None
    layers.reverse()  # innermost (drawn first) first
    shown = base or next((active for _, active in layers if active), None)
    every = [*([base] if base else []), *(image for images, _ in layers for image in images)]
    return Slot(gpid, name, _EXTENSION.sub("", shown) if shown else None, tuple(prototypes), tuple(info),
                folder, tuple(every))


# -- the zip and the buildFile ----------------------------------------------------------------
def _folder_name(element: Any) -> str:
    return str(element.get("entryName") or element.get("name") or "").strip()


def _slots(root: Any, what: str) -> Iterator[Slot]:
    """Every PieceSlot under ``root`` with the palette folders above it (no recursion; the parser
    bounded the nesting, so a folder's path is short), at most ``PIECE_SLOTS_LIMIT`` of them."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    count = 0
    while stack:
        element, folder = stack.pop()
        for child in reversed(list(element)):
            if child.tag == PIECE_SLOT:
                count += 1
                if count > PIECE_SLOTS_LIMIT:
                    raise AslError(f"cannot read {what}: it has over {PIECE_SLOTS_LIMIT:,} PieceSlots, the limit "
                                   "(PIECE_SLOTS_LIMIT)", "")
                yield decode_slot(str(child.get("gpid", "")), str(child.get("entryName", "")), folder,
                                  child.text or "")
            elif isinstance(child.tag, str):
                name = _folder_name(child)
                stack.append((child, (*folder, name) if name else folder))


def _build(path: str) -> dict[str, Any]:
    """The module's index as JSON values (what the cache stores)."""
    archive = open_zip(path, "VASL module")
    with archive:
        members = {info.filename: info for info in archive.infolist()}
        build = next((members[n] for n in BUILD_FILES if n in members), None)
        if build is None:
            shown = ", ".join(list(members)[:8]) or "nothing"
            raise AslError(f"cannot read VASL module {path!r}: it has no buildFile (it holds {shown})", "")
        what = f"the buildFile of VASL module {path!r}"
        root = parse_xml(read_zip_member(archive, build, what, INPUT_LIMIT, "INPUT_LIMIT"), what)
        slots = sorted(_slots(root, what), key=lambda s: s.gpid)
        folders: dict[tuple[str, ...], int] = {}
        counters: dict[str, Any] = {}
        skipped: list[str] = []
        budget = SVG_TOTAL_LIMIT
        for name, info in members.items():
            if not (name.startswith("images/") and name.lower().endswith(".svg")) or info.is_dir():
                continue
            stem = name[len("images/"):-len(".svg")]
            try:
                if info.file_size > budget:
                    raise AslError(f"the module's SVG counters are over {megabytes(SVG_TOTAL_LIMIT)} in all, the "
                                   "limit (SVG_TOTAL_LIMIT)", "")
                data = read_zip_member(archive, info, name, min(SVG_LIMIT, budget), "SVG_LIMIT")
                budget -= len(data)
                counters[stem] = _counter_json(_within_text_limit(read_counter(stem, data)))
            except AslError as error:
                skipped.append(f"{name}: {error.message}")
    return {"version": str(root.get("version", "")), "vassal_version": str(root.get("VassalVersion", "")),
            "slots": [[*_plain(slot[:5]), folders.setdefault(slot.folder, len(folders)), list(slot.layers)]
                      for slot in slots],
            "folders": [list(folder) for folder in folders], "counters": counters, "skipped": skipped}


def _within_text_limit(values: CounterValues) -> CounterValues:
    """The counter, unless it prints more text than the index keeps of one counter: an AslError
    naming ``PRINTED_TEXT_LIMIT`` (the index would otherwise hold all of a huge counter's text)."""
    size = sum(len(p.marked) + sum(map(len, p.markers)) for p in values.labels)
    if size > PRINTED_TEXT_LIMIT:
        raise AslError(f"its printed texts are {size:,} characters, over the {PRINTED_TEXT_LIMIT:,} one counter may "
                       "hold (PRINTED_TEXT_LIMIT)", "")
    return values


# -- JSON both ways, checked deeply -----------------------------------------------------------
# A warm read must cost tens of milliseconds for thousands of slots and counters, so the cached
# index is checked with type signatures compared in bulk, and each counter is made into its
# typed value only when it is first asked for.
_NONE = type(None)
_COUNTER_FIELDS = tuple(f for f in CounterValues.__dataclass_fields__ if f != "stem")
_KINDS: dict[str, frozenset[type]] = {
    "bool": frozenset({bool}), "str | None": frozenset({str, _NONE}), "int | None": frozenset({int, _NONE}),
    "float | None": frozenset({int, float, _NONE}), "tuple[MachineGun, ...] | None": frozenset({list, _NONE}),
    "dict[str, int]": frozenset({dict}),
}
#: The JSON types each cached counter field may have, in order.
_ROW_TYPES = tuple(_KINDS.get(CounterValues.__annotations__[f], frozenset({list})) for f in _COUNTER_FIELDS)
_AT = {name: i for i, name in enumerate(_COUNTER_FIELDS)}
_STR: frozenset[type] = frozenset({str})
_INT: frozenset[type] = frozenset({int})
_LIST: frozenset[type] = frozenset({list})
#: The JSON types of the columns of a cached label (Printed), MG and slot.
_PRINTED_TYPES = (_STR, _STR, _STR, _INT, _LIST, _LIST)
_GUN_TYPES = (_INT, _STR, _STR)
_SLOT_TYPES: tuple[frozenset[type], ...] = (_STR, _STR, frozenset({str, _NONE}), _LIST, _LIST, _INT, _LIST)


def _plain(value: Any) -> Any:
    """A value as JSON holds it: tuples (named or not) become lists."""
    return [_plain(v) for v in value] if isinstance(value, tuple | list) else value


def _counter_json(values: CounterValues) -> list[Any]:
    """A counter as a JSON row; a label's three flags as one number (red 1, overline 2, underline 4)."""
    row = [_plain(getattr(values, name)) for name in _COUNTER_FIELDS]
    row[_AT["labels"]] = [[p.label, p.text, p.marked, p.red | p.overline << 1 | p.underline << 2, list(p.markers),
                           list(p.shapes)] for p in values.labels]
    return row


def _only(kinds: frozenset[type], values: Any) -> bool:
    """Every value is of one of ``kinds`` (checked in bulk, without a Python call per value)."""
    return set(map(type, values)) <= kinds


def _texts(values: Any) -> bool:
    """Every value is a string (``join`` refuses anything else, faster than looking at each type)."""
    try:
        "".join(values)
    except TypeError:
        return False
    return True


def _table(rows: list[Any], columns: tuple[frozenset[type], ...]) -> bool:
    """Every row is a list of ``len(columns)`` values, each column of its types (the columns of the
    same types looked at in one pass)."""
    if not (_only(_LIST, rows) and set(map(len, rows)) <= {len(columns)}):
        return False
    groups: dict[frozenset[type], list[int]] = {}
    for i, kinds in enumerate(columns):
        groups.setdefault(kinds, []).append(i)
    columns_ok = (_texts if kinds == _STR else partial(_only, kinds) for kinds in groups)
    return all(ok(map(itemgetter(at[0]), rows) if len(at) == 1 else _fields(rows, *at))
               for ok, at in zip(columns_ok, groups.values(), strict=True))


def _fields(rows: list[Any], *fields: int) -> chain[Any]:
    """The values of the fields ``fields`` (two or more) of every row, as one stream."""
    return chain.from_iterable(map(itemgetter(*fields), rows))


def _counters_ok(rows: list[Any]) -> bool:
    """Every cached counter has every field of the right JSON type, down to its lists' items."""
    if not _table(rows, _ROW_TYPES):
        return False
    guns = list(chain.from_iterable(filter(None, map(itemgetter(_AT["mgs"]), rows))))
    labels = list(chain.from_iterable(map(itemgetter(_AT["labels"]), rows)))
    counts = chain.from_iterable(map(dict.values, _fields(rows, _AT["ammo"], _AT["devices"])))
    texts = chain.from_iterable(_fields(rows, _AT["ma_superscripts"], _AT["ammo_raw"], _AT["red"], _AT["unread"]))
    return (_texts(texts) and _only(_INT, counts) and _table(guns, _GUN_TYPES) and _table(labels, _PRINTED_TYPES)
            and _texts(chain.from_iterable(_fields(labels, 4, 5))))


def _valid(data: Any) -> bool:
    """The whole cached index has the shape ``_build`` writes (else it is rebuilt)."""
    keys = ("version", "vassal_version", "slots", "folders", "counters", "skipped")
    if not (type(data) is dict and tuple(map(type, map(data.get, keys))) == (str, str, list, list, dict, list)):
        return False
    slots, folders = data["slots"], data["folders"]
    return (_table(slots, _SLOT_TYPES) and _texts(chain.from_iterable(_fields(slots, 3, 4, 6)))
            and set(map(itemgetter(5), slots)) <= set(range(len(folders)))
            and _only(_LIST, folders) and _texts(chain.from_iterable(folders)) and _texts(data["skipped"])
            and _counters_ok(list(data["counters"].values())))


def _counter(stem: str, row: list[Any]) -> CounterValues:
    """A checked cached counter as its typed value."""
    values = dict(zip(_COUNTER_FIELDS, row, strict=True))
    for name in ("ma_superscripts", "ammo_raw", "red", "unread"):
        values[name] = tuple(values[name])
    if values["caliber"] is not None:
        values["caliber"] = float(values["caliber"])
    if values["mgs"] is not None:
        values["mgs"] = tuple(MachineGun(*gun) for gun in values["mgs"])
    values["labels"] = tuple(Printed(p[0], p[1], p[2], bool(p[3] & 1), bool(p[3] & 2), bool(p[3] & 4), tuple(p[4]),
                                     tuple(p[5])) for p in values["labels"])
    return CounterValues(stem, **values)


class _Lazy(Mapping[str, _Value]):
    """Values by key, each made from its checked JSON row when first asked for: a warm read then
    costs the JSON and its check, not thousands of objects nobody looks at."""

    def __init__(self, rows: dict[str, Any], make: Callable[[str, Any], _Value]) -> None:
        self._rows = rows
        self._make = make
        self._made: dict[str, _Value] = {}

    def __getitem__(self, key: str) -> _Value:
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._make(key, self._rows[key])
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def _module(path: str, digest: str, data: dict[str, Any]) -> Module:
    """The typed module from its (checked) JSON index."""
    folders = [tuple(f) for f in data["folders"]]

    def slot(gpid: str, s: list[Any]) -> Slot:
        return Slot(gpid, s[1], s[2], tuple(s[3]), tuple(s[4]), folders[s[5]], tuple(s[6]))

    return Module(path, digest, data["version"], data["vassal_version"], _Lazy({s[0]: s for s in data["slots"]}, slot),
                  _Lazy(data["counters"], _counter), tuple(data["skipped"]))


# -- reading a module -------------------------------------------------------------------------
_read: dict[tuple[str, int, int], Module] = {}


def read_module(path: str | os.PathLike[str]) -> Module:
    """The module at ``path``: from this process's memory, else the per-user cache, else read
    from the zip (AslError naming the file when it cannot be read)."""
    name = os.path.abspath(os.fspath(path))
    with open_regular(name, "VASL module") as handle:  # a file, before hashing reads it
        info = os.fstat(handle.fileno())
    key = (name, info.st_size, info.st_mtime_ns)
    if key in _read:
        return _read[key]
    try:
        digest = derived.file_digest(name)
    except OSError as error:
        raise AslError(f"cannot read VASL module {name!r}: {error.strerror or error}", "") from None
    with collector_paused():  # an index is ~10^5 acyclic objects: collections would double the time
        data = derived.cached_json(digest, PRODUCT, lambda: _build(name), _valid)
        module = _module(name, digest, data)
    _read[key] = module
    return module


def forget_modules() -> None:
    """Drop the modules read in this process (a test or benchmark measuring a fresh read)."""
    _read.clear()
