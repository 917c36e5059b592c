"""Typed JSON <-> record (NamedTuple) conversion, driven by the records' own annotations.

One mechanism serves every record of the scenario file (units, MA, MGs), so each key is
validated the same way and every error names its JSON path.  A field annotated
``Annotated[int | None, SPINE]`` is a hexspine, spelled by name in the file.
"""

import math
import types
from typing import Annotated, Any, Literal, NamedTuple, Union, get_args, get_origin, get_type_hints

from aslgui.errors import AslError, cut, shown
from aslgui.geometry import SPINE_NAMES, Hex, MapGrid, parse_spine
from aslgui.model.units import KEPT_KEYS, RECORD_WORDS, SPINE, Bounds


class _Field(NamedTuple):
    #: The annotation as written, ``Annotated`` marks included (``convert`` reads them).
    type: Any
    is_spine: bool


_FIELDS: dict[type, dict[str, _Field]] = {}


def _fields(cls: type) -> dict[str, _Field]:
    """Each field's annotation and whether it is a hexspine, computed once per record class."""
    if cls not in _FIELDS:
        hints = get_type_hints(cls, include_extras=True)
        _FIELDS[cls] = {name: _Field(hint, SPINE in getattr(hint, "__metadata__", ())) for name, hint in hints.items()}
    return _FIELDS[cls]


def _kept(cls: type) -> dict[str, _Field]:
    """The declared keys a record keeps in ``extra`` (``KEPT_KEYS``), none for most records."""
    declaration = KEPT_KEYS.get(cls)
    return _fields(declaration) if declaration is not None else {}


def is_record(tp: Any) -> bool:
    """A record class of the model: a NamedTuple class (Hex, a board coordinate, is a value)."""
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields") and tp is not Hex


def describe(tp: Any) -> str:
    """Human words for a type, for 'expected ...' messages."""
    origin = get_origin(tp)
    if origin is Annotated:
        return describe(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return " or ".join(describe(arg) for arg in get_args(tp))
    if origin is Literal:
        return " or ".join(repr(a) if not isinstance(a, bool) else str(a).lower() for a in get_args(tp))
    if origin is tuple:
        item = get_args(tp)[0]
        if item in RECORD_WORDS:
            _, several, example = RECORD_WORDS[item]
            return f"a list of {several} such as {example}"
        return f"a list, each item {describe(item)}"
    if origin is dict:
        return f"an object, each value {describe(get_args(tp)[1])}"
    names = {
        bool: "true/false",
        int: "an integer",
        float: "a number",
        str: "a string",
        type(None): "null",
        Hex: "a hex name",
    }
    if tp in names:
        return names[tp]
    if tp in RECORD_WORDS:
        one, _, example = RECORD_WORDS[tp]
        return f"{one} such as {example}"
    return "an object" if is_record(tp) else str(tp)


def convert(value: Any, tp: Any, path: str, grid: MapGrid) -> Any:
    """``value`` from JSON as type ``tp``, or AslError naming ``path``."""
    origin = get_origin(tp)
    if tp is Any:
        return value
    if origin is Annotated:  # a hexspine spelled by name, or a number with its domain
        inner, *marks = get_args(tp)
        if SPINE in marks:
            return _spine(value, path)
        bounds = next((mark for mark in marks if isinstance(mark, Bounds)), None)
        return _within(convert(value, inner, path, grid), bounds, path)
    if origin in (Union, types.UnionType):
        for arg in get_args(tp):
            try:
                return convert(value, arg, path, grid)
            except AslError as error:
                if (arg is Hex and isinstance(value, str)) or (is_record(arg) and isinstance(value, dict)):
                    raise error  # the specific message is more useful than "expected ..."
        raise AslError(f"expected {describe(tp)}, got {shown(value)}", path)
    if origin is Literal:
        if any(value == a and type(value) is type(a) for a in get_args(tp)):
            return value
    elif origin is tuple and isinstance(value, list):
        item_type = get_args(tp)[0]
        return tuple(convert(item, item_type, f"{path}[{i}]", grid) for i, item in enumerate(value))
    elif origin is dict and isinstance(value, dict):
        key_type, item_type = get_args(tp)
        if get_origin(key_type) is Literal:
            allowed = get_args(key_type)
            for key in value:
                if key not in allowed:
                    raise AslError(f"unknown key {shown(key)}; expected one of: {', '.join(allowed)}",
                                   f"{path}.{cut(key)}")
        return {key: convert(item, item_type, f"{path}.{cut(key)}", grid) for key, item in value.items()}
    elif tp is Hex and isinstance(value, str):
        return grid.parse(value, path)
    elif is_record(tp) and isinstance(value, dict):
        return from_json(tp, value, path, grid)
    elif tp is type(None) and value is None:
        return None
    elif isinstance(value, bool):
        if tp is bool:
            return value
    elif _plain_match(value, tp):
        return value
    raise AslError(f"expected {describe(tp)}, got {shown(value)}", path)


def _plain_match(value: Any, tp: Any) -> bool:
    """A non-bool JSON scalar that already is the wanted type (an int is a number too)."""
    if tp is float:
        return isinstance(value, (int, float))
    return tp in (int, str) and isinstance(value, tp)


def _spine(value: Any, path: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise AslError(f"expected a hexspine name such as {SPINE_NAMES[3]!r}, got {shown(value)}", path)
    try:
        return parse_spine(value)
    except ValueError as error:
        raise AslError(str(error), path) from None


def _within(value: Any, bounds: Bounds | None, path: str) -> Any:
    """A number inside its field's domain (DESIGN.md section 9), else AslError naming ``path``."""
    if bounds is None or not isinstance(value, (int, float)) or isinstance(value, bool):
        return value
    if not bounds.low <= value <= bounds.high:
        raise AslError(f"expected a number from {bounds.low:g} to {bounds.high:g}, got {shown(value)}", path)
    return value


def key_path(path: str, key: Any) -> str:
    """The JSON path of ``key`` inside the object at ``path`` (``""`` is the document itself):
    ``units[0]`` + ``caliber`` is ``units[0].caliber``; a key ``""`` is spelled ``""``."""
    name = cut(str(key)) or '""'
    return f"{path}.{name}" if path else name


def refuse_non_finite(value: Any, path: str) -> None:
    """DESIGN.md section 9: no NaN or Infinity anywhere in ``value``, else AslError naming the
    path of the number (``path`` is ``value``'s own, ``""`` for a whole document).  The strict
    JSON reader calls it when a document spelled one (``NaN``, ``1e999``); it also keeps an
    in-process caller's out of what is saved or answered, both strict JSON."""
    if isinstance(value, dict):
        for key, item in value.items():
            if type(item) not in _FINITE:  # the path is spelled only where it may be needed
                refuse_non_finite(item, key_path(path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if type(item) not in _FINITE:
                refuse_non_finite(item, f"{path}[{i}]")
    elif isinstance(value, float) and not math.isfinite(value):
        spelled = value.spelled if isinstance(value, Spelled) else str(value)
        raise AslError(f"expected a finite number, got {spelled} (JSON has no NaN or Infinity; DESIGN.md section 9)",
                       path)


#: The JSON values that hold no number that may not be finite (asked by exact type: ``type(x)
#: in`` a set is a few times cheaper than ``isinstance`` with a tuple that does not match).
_FINITE = frozenset({str, int, bool, type(None)})


class Spelled(float):
    """A number the JSON reader could not take as finite, with its spelling in the document
    (``NaN``, ``1e999``), so the error that names its path can quote it."""

    spelled: str

    def __new__(cls, spelled: str) -> "Spelled":
        number = super().__new__(cls, spelled)  # float() reads NaN, Infinity and 1e999 alike
        number.spelled = spelled
        return number


def from_json(cls: type[Any], data: Any, path: str, grid: MapGrid) -> Any:
    """A ``cls`` record from a JSON object; other keys go to its ``extra`` field as they are, the
    declared ones (``KEPT_KEYS``) checked first like fields."""
    if not isinstance(data, dict):
        raise AslError(f"expected an object, got {shown(data)}", path)
    fields = _fields(cls)
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, raw in data.items():
        field = fields.get(key)
        where = key_path(path, key)
        if field is None or key == "extra":
            refuse_non_finite(raw, where)
            if (kept := _kept(cls).get(key)) is not None:
                convert(raw, kept.type, where, grid)
            extra[key] = raw
        else:
            values[key] = convert(raw, field.type, where, grid)
    for name, field in fields.items():
        if name not in cls._field_defaults and name not in values:
            raise AslError(f"missing required key {shown(name)} ({describe(field.type)})", f"{path}.{name}")
    return cls(**values, extra=extra)


def to_json(record: Any, grid: MapGrid) -> dict[str, Any]:
    """The JSON object of a record: required keys, keys that differ from their default, extras."""
    defaults = record._field_defaults
    out: dict[str, Any] = {}
    for name, field in _fields(type(record)).items():
        value = getattr(record, name)
        if name == "extra" or (name in defaults and value == defaults[name]):
            continue
        out[name] = _plain(value, field.is_spine, grid)
    out.update(record.extra)
    return out


def _plain(value: Any, is_spine: bool, grid: MapGrid) -> Any:
    if is_spine:
        return SPINE_NAMES[value]
    if isinstance(value, Hex):
        return grid.name(value)
    if is_record(type(value)):
        return to_json(value, grid)
    if isinstance(value, tuple):
        return [_plain(item, False, grid) for item in value]
    return value
