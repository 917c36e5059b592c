"""aslgui: an Advanced Squad Leader hex map that knows the rules."""

__version__ = "0.1.0"
