"""``python -m oddsengine``: the command line."""

from oddsengine.cli import console_main

if __name__ == "__main__":  # imported (by the documentation's API pages), it runs nothing
    console_main()
