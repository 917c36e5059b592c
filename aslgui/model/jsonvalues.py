"""Typed JSON <-> record (NamedTuple) conversion, driven by the records' own annotations.

One mechanism serves every record of the scenario file (units, MA, MGs), so each key is
validated the same way and every error names its JSON path.  A field annotated
``Annotated[int | None, SPINE]`` is a hexspine, spelled by name in the file.
"""

from __future__ import annotations

import math
import types
from typing import Annotated, Any, Literal, NamedTuple, Union, get_args, get_origin, get_type_hints

from aslgui.errors import AslError, cut, shown
from aslgui.geometry import SPINE_NAMES, Hex, MapGrid, parse_spine
from aslgui.model.units import SPINE, Bounds


class _Field(NamedTuple):
    type: Any
    is_spine: bool
    bounds: Bounds | None


_FIELDS: dict[type, dict[str, _Field]] = {}


def _fields(cls: type) -> dict[str, _Field]:
    """Each field's resolved type and whether it is a hexspine, computed once per record class."""
    if cls not in _FIELDS:
        fields = {}
        for name, hint in get_type_hints(cls, include_extras=True).items():
            marks = hint.__metadata__ if get_origin(hint) is Annotated else ()
            bounds = next((mark for mark in marks if isinstance(mark, Bounds)), None)
            fields[name] = _Field(get_args(hint)[0] if marks else hint, SPINE in marks, bounds)
        _FIELDS[cls] = fields
    return _FIELDS[cls]


def is_record(tp: Any) -> bool:
    """A record class of the model: a NamedTuple class (Hex, a board coordinate, is a value)."""
    return isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields") and tp is not Hex


def describe(tp: Any) -> str:
    """Human words for a type, for 'expected ...' messages."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return " or ".join(describe(arg) for arg in get_args(tp))
    if origin is Literal:
        return " or ".join(repr(a) if not isinstance(a, bool) else str(a).lower() for a in get_args(tp))
    if origin is tuple:
        return f"a list of {describe(get_args(tp)[0])}"
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
    return f"an object ({getattr(tp, '__name__', tp)})" if is_record(tp) else str(tp)


def convert(value: Any, tp: Any, path: str, grid: MapGrid) -> Any:
    """``value`` from JSON as type ``tp``, or AslError naming ``path``."""
    origin = get_origin(tp)
    if tp is Any:
        return value
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
    elif tp is Hex and isinstance(value, str):
        return grid.parse(value, path)
    elif is_record(tp) and isinstance(value, dict):
        return from_json(tp, value, path, grid)
    elif tp is type(None) and value is None:
        return None
    elif isinstance(value, bool):
        if tp is bool:
            return value
    elif _plain_match(value, tp, origin):
        return value
    raise AslError(f"expected {describe(tp)}, got {shown(value)}", path)


def _plain_match(value: Any, tp: Any, origin: Any) -> bool:
    """A non-bool JSON scalar/object that already is the wanted type (an int is a number too)."""
    if tp is float:
        return isinstance(value, (int, float))
    if tp in (int, str):
        return isinstance(value, tp)
    return origin is dict and isinstance(value, dict)


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


def refuse_non_finite(value: Any, path: str) -> None:
    """DESIGN.md section 9: no NaN or Infinity anywhere in ``value``.  A file cannot hold them
    (strict parsing); this keeps an in-process caller's out of what is saved or answered, both
    strict JSON.  For the values no field type checks: unknown keys, actions."""
    if isinstance(value, float) and not math.isfinite(value):
        raise AslError(f"expected a finite number, got {value}", path)
    if isinstance(value, dict):
        for key, item in value.items():
            refuse_non_finite(item, f"{path}.{cut(str(key))}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            refuse_non_finite(item, f"{path}[{i}]")


def from_json(cls: type[Any], data: Any, path: str, grid: MapGrid) -> Any:
    """A ``cls`` record from a JSON object; unknown keys go to its ``extra`` field."""
    if not isinstance(data, dict):
        raise AslError(f"expected an object, got {shown(data)}", path)
    fields = _fields(cls)
    values: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, raw in data.items():
        field = fields.get(key)
        if field is None or key == "extra":
            refuse_non_finite(raw, f"{path}.{key}")
            extra[key] = raw
        elif field.is_spine:
            values[key] = _spine(raw, f"{path}.{key}")
        else:
            values[key] = _within(convert(raw, field.type, f"{path}.{key}", grid), field.bounds, f"{path}.{key}")
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
