"""Every arithmetic line the results screen shows adds up to the engine's points (issue 12,
item 2: Next Station showed "5 × 5 + 3 = 31" with monuments worth 2 each)."""

from __future__ import annotations

import re

import pytest

from game.engine.bots import play_out, seat_bots
from game.engine.capabilities import capability
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import game_ids, get_game, rules_for
from game.ui.i18n import set_language, t

TERM = re.compile(r"(\d+)(?:[^\d×+]*×\s*(\d+))?")


def evaluate(text: str) -> int | None:
    """The sum written after a label's last colon ("5 districts × 6 stations + 3 monuments × 2"
    -> 36), or None when that part holds no product."""
    tail = text.rsplit(":", 1)[-1]
    if "×" not in tail:
        return None
    total = 0
    for term in tail.split("+"):
        numbers = [int(n) for n in re.findall(r"\d+", term)]
        product = 1
        for n in numbers:
            product *= n
        total += product if numbers else 0
    return total


def test_evaluate_reads_products_and_sums():
    assert evaluate("Orange line: 5 districts × 6 stations + 3 monuments × 2") == 36
    assert evaluate("Length 3: 1 × 4 pt") == 4
    assert evaluate("Food B: 8 small buildings mapped") is None


# Games whose results lines are plain amounts, so the check must find none there and at least
# one everywhere else (Urban Sprawl's terms show one since issue 26: a District Attorney's
# doubled neighbourhood bonus, "3 neighbours of its zone × 2").
NO_EQUATIONS: set[str] = set()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", game_ids())
def test_every_displayed_equation_equals_its_points(game, language):
    rules = rules_for(game)
    details = capability(rules, "details")
    if details is None:
        pytest.skip("no per-line details")
    options = tuple((o, True) for o in get_game(game).options)
    set_language(language)
    try:
        checked = 0
        for seed in range(6):
            players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
            config = Config(players, options if seed % 2 else ())
            match = play_out(Match(rules, config, seed),
                             seat_bots(["greedy"] * players, game, seed))
            for lines in details(match.state):
                for d in lines:
                    value = evaluate(t(d.label, **dict(d.params)))
                    if value is not None:
                        assert value == d.points, (t(d.label, **dict(d.params)), d.points)
                        checked += 1
        assert bool(checked) != (game in NO_EQUATIONS), f"{checked} equations shown"
    finally:
        set_language("en")
