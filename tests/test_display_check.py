"""Issue 17.1: when Qt cannot open a window (no display, X11 libraries missing), aslgui names
what is missing and the packages that bring it, instead of Qt's abort naming the wrong one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aslgui.ui.display_check import (
    DESKTOP_LIBRARIES,
    NO_DISPLAY,
    display_problem,
    missing_libraries,
    missing_message,
    package_commands,
    uses_xcb,
    xcb_plugin,
)

README = Path(__file__).resolve().parents[1] / "README.md"
#: ``ldd`` on Qt's xcb plugin on the first user's machine: libxcb-cursor0 was there, these were not.
FIRST_USER_LDD = """\
\tlinux-vdso.so.1 (0x00007ffd5d5f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f0e1c000000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f0e1bf00000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0e1b000000)
"""
on_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb plugin is Linux only")


def test_issue17_1_the_message_names_each_missing_library_and_its_packages() -> None:
    missing = missing_libraries(FIRST_USER_LDD)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]  # each once, libxcb-cursor not among them
    message = missing_message(missing)
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in message
    assert "Debian/Ubuntu:  sudo apt install libxcb-icccm4 libxcb-keysyms1\n" in message
    assert "Fedora:         sudo dnf install xcb-util-wm xcb-util-keysyms\n" in message
    assert "cursor" not in message


def test_issue17_1_a_missing_qt_library_or_an_unknown_one_is_named_too() -> None:
    message = missing_message(["libQt6XcbQpa.so.6", "libweird.so.9"])
    assert "reinstall it (pip install --force-reinstall PySide6-Essentials)" in message
    assert "the packages that provide libweird.so.9" in message and "apt install" not in message


@on_linux
@pytest.mark.parametrize(("env", "xcb"), [
    ({}, True), ({"QT_QPA_PLATFORM": "xcb"}, True), ({"QT_QPA_PLATFORM": "offscreen"}, False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, False), ({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, True),
])
def test_issue17_1_only_an_x11_window_is_checked(env: dict[str, str], xcb: bool) -> None:
    assert uses_xcb(env) is xcb


@on_linux
def test_issue17_1_no_display_or_nobody_listening_is_said_plainly() -> None:
    assert display_problem({"QT_QPA_PLATFORM": "xcb"}) == NO_DISPLAY
    nobody = display_problem({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":997"})
    assert nobody is not None and "nothing answers on the X display :997" in nobody
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def plugin_copy(tmp_path: Path) -> Path:
    """The real xcb plugin copied away from PySide6's folder: the Qt library beside it that it
    loads (libQt6XcbQpa) is then really missing, as in a broken install."""
    plugin = xcb_plugin()
    if plugin is None or shutil.which("ldd") is None:
        pytest.skip("needs PySide6's xcb plugin and ldd")
    copy = tmp_path / plugin.name
    shutil.copy(plugin, copy)
    return copy


@on_linux
def test_issue17_1_a_plugin_that_cannot_load_is_checked_with_the_real_loader_and_ldd(tmp_path: Path) -> None:
    copy = plugin_copy(tmp_path)
    env = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": "somehost:0"}  # a remote display: only Qt could try it
    message = display_problem(env, copy)
    assert message is not None and "libQt6XcbQpa.so.6" in message and "reinstall" in message
    # What ldd lists is what the message names (here the first user's report stands in for ldd).
    named = display_problem(env, copy, ldd=lambda _plugin: FIRST_USER_LDD)
    assert named == missing_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])


@on_linux
def test_issue17_1_aslgui_without_a_display_says_so_and_exits_1_instead_of_aborting() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "xcb"
    done = subprocess.run([sys.executable, "-m", "aslgui"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip() == NO_DISPLAY


def test_issue17_1_the_readme_lists_the_packages_per_platform() -> None:
    text = README.read_text(encoding="utf-8")
    apt, dnf = package_commands(DESKTOP_LIBRARIES)
    assert f"Debian/Ubuntu:\n`{apt}`" in text and f"Fedora: `{dnf}`" in text
    assert "Windows and macOS: none" in text
    start = text.split("## Start", 1)[1].split("## What it does", 1)[0]
    assert start.count("```") == 4  # still exactly the two set-up commands; the packages are a note
