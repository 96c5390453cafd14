"""The rooms' UI tests (a whole game from the title, a room's scene in the shell) use the shell's
headless fixtures: one definition, in tests/ui/fixtures.py."""

from tests.ui.fixtures import app, broken_levels, fake_game, home  # noqa: F401  (found by name)
