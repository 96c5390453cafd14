"""The suite's one switch for its long run: `LONG_RUN=1 make test`.

The default run must stay well inside CI's time on two cores, so its slowest checks sample:
fewer seeds, fewer steps, a budget of work. The long run lifts those samples (the same checks,
more cases) for a release or a change to a rule, a save format or the search.
"""

from __future__ import annotations

import os

LONG_RUN = os.environ.get("LONG_RUN", "0") not in ("", "0")


def quick_or_long(quick, long):
    """`long` in the long run, else `quick`."""
    return long if LONG_RUN else quick
