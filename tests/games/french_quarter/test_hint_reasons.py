"""French Quarter's Hint reasons (capability move_reasons): what a reason says about the Normal
bot's choice comes true when the seat plays its turn, and every reason reads in both languages."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from game.engine.core import Config
from game.engine.hints import Advisor, Hint
from game.engine.match import Match
from game.engine.registry import get_game
from game.games.french_quarter import bot, scoring
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files

SEEDS = (3, 4)


@dataclass(frozen=True)
class Hinted:
    """One decision: the hint, the seat's sheet before it and at the end of the seat's turn
    (played out by the Advisor: its next prompt is a die pick, or it has none)."""

    hint: Hint
    before: Any
    after: Any


@cache
def hinted(seed: int, players: int) -> tuple[Hinted, ...]:
    """Every decision of a seeded game played by the Advisor (the Normal bot's moves)."""
    rules = get_game("french_quarter").make_rules()
    advisor = Advisor(bot.evaluate, seed, bot.reason)
    match, open_, done = Match(rules, Config(players), seed), [], []
    while True:
        match.resolve_chance()
        prompts = () if match.is_over() else match.prompts()
        busy = {p.player for p in prompts if p.kind != "pick"}  # seats inside their turn
        for hint, before in [o for o in open_ if o[0].prompt.player not in busy]:
            done.append(Hinted(hint, before, match.state.sheets[hint.prompt.player]))
        open_ = [o for o in open_ if o[0].prompt.player in busy]
        if not prompts:
            return tuple(done)
        prompt = prompts[0]
        hint = advisor.choose(rules, match.view(prompt.player), prompt)
        open_.append((hint, match.state.sheets[prompt.player]))
        match.apply(prompt.player, hint.action)


def own(decisions) -> list[Hinted]:
    return [d for d in decisions if d.hint.reason and d.hint.reason.key.startswith(bot.WHY)]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_move_reason_comes_true_when_the_seat_plays_it(seed):
    board = get_game("french_quarter").make_rules().board
    checked = 0
    for d in own(hinted(seed, 1)):
        if d.hint.prompt.kind != "move":
            continue
        params = dict(d.hint.reason.params)
        kind = d.hint.reason.key.removeprefix(bot.WHY)
        if kind == "points":
            assert params["now"] == scoring.sheet_points(board, d.before) < params["then"]
            # at least: the end of the turn may add more (a Second Line advance)
            assert scoring.sheet_points(board, d.after) >= params["then"], d.hint
        elif kind == "mapped":
            assert sum(map(bool, d.after.mapped)) - sum(map(bool, d.before.mapped)) >= 1
        elif kind == "boxes":
            assert sum(d.after.meters) - sum(d.before.meters) == params["count"]
        checked += 1
    assert checked, "no move got a reason: the check proved nothing"


def test_reasons_cover_points_and_progress_and_read_in_both_languages():
    decisions = [d for seed in SEEDS for players in (1, 3) for d in own(hinted(seed, players))]
    keys = Counter(d.hint.reason.key.removeprefix(bot.WHY) for d in decisions)
    assert "points" in keys and keys.keys() & {"mapped", "boxes", "artists", "umbrellas"}, keys
    catalog = load_catalog(string_files())
    for language in LANGUAGES:
        translator = Translator(catalog, language)
        for d in decisions:
            text = translator.t(d.hint.reason.key, **dict(d.hint.reason.params))
            assert text and "{" not in text, (language, d.hint.reason)
