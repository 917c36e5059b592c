"""The counter library: the VASL modules aslgui reads counters from (DESIGN.md 11).

Modules are searched in order: every path in ``$ASLGUI_VASL_MODULE`` (one ``.vmod`` or several,
``os.pathsep``-separated), then the modules saved in aslgui's settings file (the one the board
library keeps, ``aslgui.vasl.library.settings_path``) under ``vasl_modules``, which the GUI's
*File > Add VASL module...* and Preferences change.  Each module is read once per process
(``aslgui.vasl.module.read_module``); a module that cannot be read is reported with its reason,
never fatal, so one broken file cannot hide the counters of the others.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from aslgui.errors import AslError
from aslgui.vasl.counter_text import CounterValues
from aslgui.vasl.library import read_settings, write_settings
from aslgui.vasl.module import Module, Slot, read_module

MODULE_ENV = "ASLGUI_VASL_MODULE"
_MODULES_KEY = "vasl_modules"
#: What a Gun's limbered or malfunctioned side adds to its front's image stem (``amAR105-l``, ``amAR105-lb``,
#: ``huAT47b``).
_BACK_SIDE = re.compile(r"(-l)?b?$")


class Found(NamedTuple):
    """A counter found in the library: its slot (found by gpid) and its printed values (found by
    image stem), each with the path of the module it came from; either may come from a different
    module (a 2020 module knows the gpid, a later one draws the SVG)."""

    slot: Slot | None
    slot_module: str | None
    values: CounterValues | None
    values_module: str | None


def _normal(path: str | os.PathLike[str]) -> str:
    return os.path.normpath(os.path.abspath(os.path.expanduser(os.fspath(path))))


def saved_modules() -> list[str]:
    """The modules saved in the settings, in search order."""
    paths = read_settings().get(_MODULES_KEY, [])
    return [p for p in paths if isinstance(p, str) and p] if isinstance(paths, list) else []


def _save(paths: list[str]) -> list[str]:
    """Write the saved modules, keeping every other setting in the file."""
    data = read_settings()
    data[_MODULES_KEY] = paths
    write_settings(data)
    return paths


def add_module(path: str | os.PathLike[str]) -> list[str]:
    """Save a module (made absolute) at the end of the saved ones, once; returns them all."""
    paths = saved_modules()
    wanted = _normal(path)
    return _save(paths if wanted in paths else [*paths, wanted])


def remove_module(path: str | os.PathLike[str]) -> list[str]:
    """Forget a saved module (as given or normalised); returns the ones left."""
    raw = os.fspath(path)
    return _save([p for p in saved_modules() if p not in (raw, _normal(raw))])


def module_paths() -> tuple[str, ...]:
    """Every module searched, in order: ``$ASLGUI_VASL_MODULE``, then the saved ones, normalised,
    each once."""
    listed = [p for p in os.environ.get(MODULE_ENV, "").split(os.pathsep) if p.strip()]
    seen: dict[str, None] = {}
    for path in [*listed, *saved_modules()]:
        seen.setdefault(_normal(path))
    return tuple(seen)


def loaded_modules() -> tuple[list[Module], list[tuple[str, str]]]:
    """(modules, problems): every module of the library that reads, in order, and (path, message)
    for each that does not, for the GUI or CLI to show."""
    modules: list[Module] = []
    problems: list[tuple[str, str]] = []
    for path in module_paths():
        try:
            modules.append(read_module(path))
        except AslError as error:
            problems.append((path, error.message))
    return modules, problems


def counter_for(gpid: str | None = None, image: str | None = None,
                modules: Sequence[Module] | None = None) -> Found | None:
    """The counter of a gpid and/or image stem: the first slot with that gpid, then the first printed
    values of ``image`` (else of that slot's image), each searched in library order (``modules``,
    else the library's); None when no module knows either."""
    modules = loaded_modules()[0] if modules is None else modules
    slot, slot_module = next(((m.slot(gpid), m.path) for m in modules if gpid and m.slot(gpid)), (None, None))
    stem = image or (slot.image if slot else None)
    values, values_module = _printed(stem, modules)
    if values is not None and values.side and stem:
        # A limbered or malfunctioned Gun shows a side that prints only its M# (and repair numbers):
        # its values are on its front, another layer of its slot or the same image without ``-l``/``b``
        # (``amAR105-l``, ``huAT47b``).
        fronts = [*(slot.layers if slot else ()), _BACK_SIDE.sub("", stem)]
        values, values_module = next((found for found in map(partial(_printed, modules=modules), fronts)
                                      if found[0] is not None and not found[0].side), (values, values_module))
    return Found(slot, slot_module, values, values_module) if slot or values else None


def _printed(stem: str | None, modules: Sequence[Module]) -> tuple[CounterValues | None, str | None]:
    """The printed values of an image stem and the module they come from, first in library order."""
    return next(((m.counter(stem), m.path) for m in modules if stem and m.counter(stem)), (None, None))
