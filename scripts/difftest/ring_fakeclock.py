"""Runs RiNG's CLI with its clock pinned to $RING_NOW (float Unix seconds).

Used only by difftest.py to compare RiNG 0.17.2 with ring-tmux on the same inputs.
"""
import os
import sys
import time

_now = float(os.environ["RING_NOW"])
time.time = lambda: _now

from ring.cli import main  # noqa: E402

sys.exit(main(sys.argv[1:]))
