"""``python -m oddsengine``: the command line."""

from oddsengine.cli import console_main

console_main()
