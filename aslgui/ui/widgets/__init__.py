"""Small widgets and modal dialogs every part of the window uses (message boxes, file dialogs,
the wheel guard)."""
