import sys

from aslgui.cli import command

sys.exit(command())
