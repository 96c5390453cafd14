"""The shell's tests use the shared headless fixtures (tests/ui/fixtures.py); `from conftest
import key, pad` keeps working for them."""

from tests.ui.fixtures import (  # noqa: F401  (fixtures are found by name in a conftest)
    BROKEN,
    FAKE_INFO,
    VOTE_INFO,
    app,
    broken_levels,
    fake_game,
    home,
    key,
    pad,
    waited_worker,
)
