"""The test session keeps Qt's settings (window geometry, docks, remembered folders) out of the
developer's home: ``QSettings("aslgui", "aslgui")`` is the native format, whose path the root
conftest moves with the INI one."""

from pathlib import Path

from PySide6.QtCore import QSettings


def test_the_windows_settings_file_is_not_in_the_developers_home() -> None:
    file_name = Path(QSettings("aslgui", "aslgui").fileName())
    assert file_name.name == "aslgui.conf"
    assert Path.home() not in file_name.parents
