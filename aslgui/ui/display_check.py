"""Before Qt opens a window on Linux: is there a display, and are the system libraries of Qt's
X11 (xcb) plugin installed? Qt itself only names ``libxcb-cursor0`` and aborts, even when the
missing ones are others (``libxcb-icccm4``, ``libxcb-keysyms1``); this check names each missing
library and the package lines that install them. No Qt import: it runs before Qt loads anything.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping
from importlib.util import find_spec
from pathlib import Path

#: Library -> (Debian/Ubuntu package, Fedora package), for what Qt's xcb plugin loads. The
#: README's "If the window does not open" lines are the packages a bare desktop may lack.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
}
#: What a bare Linux desktop may lack for the window (the README's note): the xcb plugin's own
#: X11 libraries, EGL and fontconfig. Windows and macOS need nothing besides PySide6.
DESKTOP_LIBRARIES = (
    "libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-image.so.0", "libxcb-keysyms.so.1", "libxcb-render-util.so.0",
    "libxcb-shape.so.0", "libxcb-xkb.so.1", "libxkbcommon-x11.so.0", "libEGL.so.1", "libfontconfig.so.1",
)
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_CANNOT_OPEN = re.compile(r"(\S+\.so[.\d]*): cannot open shared object file")
README_NOTE = 'The README\'s "If the window does not open" lists all a desktop needs.'
NO_DISPLAY_NEEDED = "aslgui resolve and aslgui render work without a display."


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as ``not found``, each once, in its order."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def package_commands(libraries: list[str] | tuple[str, ...]) -> tuple[str, str]:
    """``sudo apt install ...`` and ``sudo dnf install ...`` for the libraries with a known package."""
    known = [PACKAGES[name] for name in libraries if name in PACKAGES]
    debian = " ".join(dict.fromkeys(deb for deb, _ in known))
    fedora = " ".join(dict.fromkeys(fed for _, fed in known))
    return f"sudo apt install {debian}", f"sudo dnf install {fedora}"


def install_lines(missing: list[str]) -> list[str]:
    """``Debian/Ubuntu: sudo apt install ...`` and ``Fedora: sudo dnf install ...`` for the
    libraries with a known package; a missing Qt library means PySide6 itself is incomplete."""
    lines = []
    if any(name in PACKAGES for name in missing):
        apt, dnf = package_commands(missing)
        lines += [f"  Debian/Ubuntu:  {apt}", f"  Fedora:         {dnf}"]
    if any(name.startswith("libQt6") for name in missing):
        lines.append("  PySide6 is incomplete: reinstall it (pip install --force-reinstall PySide6-Essentials)")
    others = [name for name in missing if name not in PACKAGES and not name.startswith("libQt6")]
    if others:
        lines.append(f"  and the packages that provide {', '.join(others)}")
    return lines


def missing_message(missing: list[str]) -> str:
    """What the player reads when the xcb plugin cannot load: which libraries, and how to get them."""
    return "\n".join([
        "aslgui cannot open its window: Qt's X11 (xcb) display plugin needs libraries this system lacks:",
        "  " + ", ".join(missing),
        "Install them, then start aslgui again:",
        *install_lines(missing),
        README_NOTE,
        NO_DISPLAY_NEEDED,
    ])


NO_DISPLAY = "\n".join([
    "aslgui cannot open its window: there is no display (DISPLAY is not set).",
    "Start it from a desktop session (or ssh -X); " + NO_DISPLAY_NEEDED,
])


def unreachable_display(display: str) -> str:
    return "\n".join([
        f"aslgui cannot open its window: nothing answers on the X display {display} (DISPLAY).",
        "Start it from a desktop session (or ssh -X); " + NO_DISPLAY_NEEDED,
    ])


_LOCAL_DISPLAY = re.compile(r"^(?:unix)?:(\d+)(?:\.\d+)?$")


def local_display_answers(display: str) -> bool | None:
    """Whether an X server listens on a local display such as ``:0`` (its socket, abstract or in
    /tmp/.X11-unix); None for a remote one, which only Qt can try."""
    match = _LOCAL_DISPLAY.match(display)
    if match is None:
        return None
    name = f"/tmp/.X11-unix/X{match.group(1)}"
    for address in ("\0" + name, name):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(1.0)
            try:
                probe.connect(address)
            except OSError:
                continue
            return True
    return False


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin inside the installed PySide6, if there is one."""
    spec = find_spec("PySide6")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def uses_xcb(env: Mapping[str, str]) -> bool:
    """Whether Qt will open its window through X11: on Linux, when the platform is xcb or not set
    outside a Wayland session (there Qt takes its Wayland plugin)."""
    if not sys.platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    return chosen.startswith("xcb") if chosen else not env.get("WAYLAND_DISPLAY")


def run_ldd(plugin: Path) -> str:
    """``ldd``'s report on the plugin ('' when there is no ldd)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    done = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=20, check=False)
    return done.stdout


def display_problem(env: Mapping[str, str] = os.environ, plugin: Path | None = None,
                    ldd: Callable[[Path], str] = run_ldd) -> str | None:
    """Why Qt could not open a window here (None: no problem found). Loading the plugin the way
    Qt will is quick when all is there; only when it fails does ``ldd`` list every missing one."""
    if not uses_xcb(env):
        return None
    display = env.get("DISPLAY", "")
    if not display:
        return NO_DISPLAY
    if local_display_answers(display) is False:
        return unreachable_display(display)
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return None  # not a PySide6 layout we know: let Qt speak for itself
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY)
    except OSError as error:
        first = _CANNOT_OPEN.search(str(error))
        missing = missing_libraries(ldd(plugin)) or ([first.group(1)] if first else [])
        return missing_message(missing) if missing else f"aslgui cannot load Qt's xcb plugin: {error}"
    return None
