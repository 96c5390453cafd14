"""French Quarter invariants the shared conformance suite cannot know (it runs every option
subset of every game; see tests/engine/test_conformance.py): the game lasts 8 rounds, the
sheet never overflows, one seat decides at a time, and prompt messages are the game's own."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.bots import random_playout
from game.engine.core import TERMINAL, Chance, Config, IllegalAction
from game.engine.match import sample
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.sheet import can_map, legal_values
from game.games.french_quarter.state import OVER, W

MAX_STEPS = 20_000


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    """The rules, loaded once."""
    return FrenchQuarter()


def config(i: int) -> Config:
    """Cycle through 1-4 players and the Mayor / Tourism options."""
    return Config(1 + i % 4, (("mayor", i % 3 == 1), ("tourism", i % 2 == 0)))


def test_games_last_eight_rounds_and_sheets_never_overflow(rules) -> None:
    for i in range(60):
        state, _ = random_playout(rules, config(i), random.Random(i), max_steps=MAX_STEPS)
        assert rules.pending(state) is TERMINAL and state.phase == OVER
        assert state.round == 8
        for sheet in state.sheets:
            assert sheet.umbrellas <= 30 and sheet.line <= 60 and sheet.art <= 16
            assert all(m <= 14 for m in sheet.meters)
        assert all(v >= 0 for breakdown in rules.scores(state) for v in breakdown.values())


def clashes(board, sheet) -> list[tuple[str, str]]:
    """Orthogonal neighbours whose written numbers differ by more than 1 (Acción de mapear)."""
    out = []
    for b, v in enumerate(sheet.mapped):
        for n in board.adjacency[b]:
            m = sheet.mapped[n]
            if b < n and v and m and W not in (v, m) and abs(v - m) > 1:
                out.append((board.buildings[b].id, board.buildings[n].id))
    return out


def test_every_mapping_of_whole_games_keeps_the_adjacency_rule(rules) -> None:
    """Turn mappings, Cultura B and every bonus mapping all obey the rule, game after game."""
    blank = rules.initial_state(Config(2)).sheets[0]
    a, b = 0, rules.board.adjacency[0][0]
    row = [0] * len(blank.mapped)
    row[a], row[b] = 1, 6
    assert clashes(rules.board, dataclasses.replace(blank, mapped=tuple(row))) != []
    for i in range(24):
        state, _ = random_playout(rules, config(i), random.Random(100 + i), max_steps=MAX_STEPS)
        assert sum(any(sh.mapped) for sh in state.sheets) == state.players
        for sheet in state.sheets:
            assert clashes(rules.board, sheet) == []


def test_one_seat_decides_at_a_time_with_the_games_own_messages(rules) -> None:
    for i in range(8):
        rng = random.Random(i)
        state = rules.initial_state(config(i))
        while (pending := rules.pending(state)) is not TERMINAL:
            if isinstance(pending, Chance):
                state, _ = rules.apply(state, None, sample(pending, rng))
                continue
            assert len(pending) == 1  # French Quarter is never simultaneous
            prompt = pending[0]
            assert prompt.message.startswith("french_quarter.prompt.")
            state, _ = rules.apply(state, prompt.player, rng.choice(prompt.options).action)


def test_a_view_cannot_be_applied(rules) -> None:
    state = rules.initial_state(Config(2))
    with pytest.raises(IllegalAction):
        rules.apply(rules.view(state, 0), None, 3)


def test_legal_values_follow_the_adjacency_rule_on_random_rows(rules) -> None:
    """sheet.legal_values and can_map (used by the rules and the bot) against the rule itself:
    a value is legal when it is within 1 of every mapped neighbour that is not a W."""
    board, rng = rules.board, random.Random(7)
    blank = rules.initial_state(Config(2)).sheets[0]
    for _ in range(200):
        row = tuple(rng.choice((0, 0, 0, 1, 2, 3, 4, 5, 6, W)) for _ in blank.mapped)
        sheet = dataclasses.replace(blank, mapped=row)
        for b in range(len(row)):
            near = [row[n] for n in board.adjacency[b] if row[n] not in (0, W)]
            want = () if row[b] else tuple(v for v in range(1, 7)
                                           if all(abs(v - m) <= 1 for m in near))
            assert legal_values(board, sheet, b) == want
            assert [can_map(board, sheet, b, v) for v in range(1, 7)] == [
                v in want for v in range(1, 7)]
            assert can_map(board, sheet, b, W) == (not row[b])


def test_the_prompt_cached_by_apply_equals_a_fresh_computation(rules) -> None:
    """apply builds the next pending answer from its Draft and keeps it in the new state's
    memo; a second engine must find the same from the frozen state."""
    fresh = FrenchQuarter()
    for i in range(8):  # 1-4 players, with and without Mayor and Tourism
        rng = random.Random(i)
        state = rules.initial_state(config(i))
        while state.phase != OVER:
            pending = fresh.pending(state)
            action = (sample(pending, rng) if isinstance(pending, Chance)
                      else rng.choice(pending[0].options).action)
            player = None if isinstance(pending, Chance) else pending[0].player
            state, _ = rules.apply(state, player, action)
            assert state.memo is not None
            assert state.memo == fresh.find_pending(state)
