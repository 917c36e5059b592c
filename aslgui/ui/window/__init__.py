"""The main window and what only it composes: docks and side panels, palette, preferences, order of
battle, the counter menu, autosave and the undo commands of edits."""
