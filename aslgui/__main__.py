import sys

from aslgui.cli import main

sys.exit(main())
