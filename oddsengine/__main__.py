"""``python -m oddsengine``: the command line."""

import sys

from oddsengine.cli import main

sys.exit(main())
