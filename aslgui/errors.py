"""The one error type users see: bad input named by its JSON path, never a traceback."""

from __future__ import annotations


class AslError(ValueError):
    """Bad input (a broken file, an unknown hex or unit, a malformed action).

    ``path`` names where the problem is, e.g. ``units[2].hex`` or ``action.firer``, so a
    message can point the user at the field to fix.
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message

    def to_json(self) -> dict[str, str]:
        """The ``{"error", "path"}`` object ``aslgui resolve`` prints on stderr (DESIGN.md 4)."""
        return {"error": self.message, "path": self.path}
