"""The Explore New York screen tests (test_eny_*) run a real App like the shell's tests: they
reuse tests/ui's fixtures (`home`: a private settings folder) and helpers (split_game's pads),
imported from there rather than copied."""

from __future__ import annotations

import sys
from pathlib import Path

UI_TESTS = Path(__file__).resolve().parents[2] / "ui"
if str(UI_TESTS) not in sys.path:  # tests/ui is no package: its modules import each other
    sys.path.insert(0, str(UI_TESTS))  # by plain name (split_game does `from conftest import`)

from conftest import home  # noqa: F401  (it also sets the dummy SDL drivers)
