"""Urban Sprawl builds ahead in pieces of one text at most (a measure or a render): a seat
body's pills one text a call (pills.warm_pills), then put together from the caches, and a call
that had to work out the body's key anew doing nothing else; no timing, text operations
counted through the font."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.registry import rules_for
from game.games.urban_sprawl import key_panel, pills
from game.games.urban_sprawl.board import OFFICES
from game.games.urban_sprawl.scene import USRenderer
from game.games.urban_sprawl.state import total_prestige
from game.ui import memory, theme
from game.ui.i18n import set_language
from tests.games.scene_match import scene_match, step


class CountingFont:
    """A font that counts what it measures and renders (each a text operation)."""

    def __init__(self, font: pygame.font.Font, counts: list[int]) -> None:
        self.font, self.counts = font, counts

    def render(self, *args):
        self.counts.append("render")
        return self.font.render(*args)

    def size(self, text: str):
        self.counts.append("size")
        return self.font.size(text)

    def __getattr__(self, name: str):
        return getattr(self.font, name)


@pytest.fixture
def text_ops(monkeypatch) -> list[int]:
    """One entry per text measured or rendered from now on, with every art cache empty."""
    counts: list[int] = []
    plain = theme.font
    monkeypatch.setattr(theme, "font", lambda size, bold=False: CountingFont(plain(size, bold),
                                                                             counts))
    for cached in memory.art_caches():
        cached.cache_clear()
    return counts


def played(players: int, seed: int, moves: int):
    """A renderer `moves` bot moves into a game, every tween run out."""
    match, bots, renderer = scene_match(USRenderer, rules_for("urban_sprawl"), players, seed)
    for _ in range(moves):
        step(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
    return match, bots, renderer


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 4)])
def test_a_seat_body_builds_ahead_one_text_at_most_a_call(text_ops, players, seed):
    """Each call of a body's `prepare_ahead` measures or renders one text at most, from
    cold caches to all built (a set of pills built in one call did two to six)."""
    pygame.init()
    _, _, renderer = played(players, seed, 8)
    sets = 0
    for body in renderer.bodies:
        body._prepared, body._foot_memo, body.remembered, body._warming = None, {}, {}, None
        for cached in memory.art_caches():
            cached.cache_clear()
        calls = 0
        while True:
            text_ops.clear()
            if not body.prepare_ahead():
                break
            calls += 1
            assert len(text_ops) <= 1, (body.name, calls)
        assert calls > 8
        sets += len(body.remembered.get("pills", ()))
    assert sets

def test_warmed_pills_are_put_together_without_a_text_operation(text_ops):
    """Once `warm_pills` has run out for a key, that key's pills measure and render nothing."""
    pygame.init()
    _, _, renderer = played(3, 5, 6)
    body = renderer.bodies[0]
    offices = tuple(k % 2 == 0 for k in range(len(OFFICES)))
    key = (True, 2, False, offices, True, "en")
    steps = sum(1 for _ in pills.warm_pills(body.whole, key))
    assert steps > 3 and text_ops
    text_ops.clear()
    body.pill_items(key)
    assert text_ops == []


def test_a_call_that_works_out_a_bodys_key_builds_nothing_else(text_ops):
    """A call that has to work out a body's key anew (what it reads changed since it was
    last asked) stops there (True: a piece done), building no foot entry or pills; the next
    call builds."""
    pygame.init()
    _, _, renderer = played(2, 6, 4)
    for body in renderer.bodies:
        body.key_memo, body._prepared = None, None
        body._foot_memo.clear()
        text_ops.clear()
        assert body.prepare_ahead()
        assert text_ops == [] and not body._foot_memo
        while body.prepare_ahead() and not body._foot_memo:
            pass
        assert body._foot_memo


def test_a_foot_entry_is_built_ahead_in_two_calls(text_ops):
    """A foot entry built ahead takes two calls: its picture and words (no text rendered, the
    pair not yet made), then its count rendered and the pair put together."""
    pygame.init()
    _, _, renderer = played(2, 6, 4)
    body = renderer.bodies[0]
    body._prepared = body._entry_ahead = None
    body._foot_memo.clear()
    assert body.prepare_ahead()  # (its key, made at its last refresh: the first entry)
    assert body._entry_ahead is not None and not body._foot_memo
    for cached in memory.art_caches():
        cached.cache_clear()
    text_ops.clear()
    assert body.prepare_ahead()
    assert body._entry_ahead is None and len(body._foot_memo) == 1
    assert text_ops == ["render"]


def test_the_key_renders_ahead_the_piles_line_after_a_card_drawn_or_discarded(text_ops):
    """Once the key has built all it would ahead, its piles' line for a card less in the
    planning deck or a card more in the discard renders nothing."""
    pygame.init()
    _, _, renderer = played(3, 7, 5)
    key, view = renderer.panels["key"], renderer.view
    while key.prepare_ahead():
        pass
    deck, discard = len(view.planning_deck.cards), len(view.discard)
    text_ops.clear()
    for soon in ((deck - 1, discard), (deck, discard + 1)):
        key_panel.piles_text(*soon)
    assert text_ops == []
    key_panel.piles_text(deck + 5, discard + 5)
    assert text_ops


def test_the_key_builds_ahead_one_text_at_most_a_call(text_ops):
    """Each call of the key's `prepare_ahead` renders one text at most, from cold caches to
    all built (a turn line built in one call rendered its AP figure and whose turn)."""
    pygame.init()
    _, _, renderer = played(3, 10, 6)
    key = renderer.panels["key"]
    key.remembered, key._made = {}, set()
    for cached in memory.art_caches():
        cached.cache_clear()
    calls = 0
    while True:
        text_ops.clear()
        if not key.prepare_ahead():
            break
        calls += 1
        assert len([op for op in text_ops if op == "render"]) <= 1, calls
    assert calls >= 4 and key.remembered["turn"]


def test_the_first_refresh_after_a_move_works_out_the_keys_and_paints_nothing(monkeypatch):
    """After a move shown with a repaint budget, the next frame's refresh works out every
    layer's key and paints none (the layers stay pending: the table is not at rest); the
    frame after repaints, and the layers end equal to them painted afresh."""
    pygame.init()
    match, bots, renderer = played(3, 11, 3)
    painted: list[str] = []
    layers = renderer.layers
    plain = layers.paint_region
    monkeypatch.setattr(layers, "paint_region", lambda name, *args: painted.append(name)
                        or plain(name, *args))
    checked = 0
    for _ in range(12):
        renderer.damage()  # (as the shell does each frame: else the whole board is due)
        step(match, bots, renderer)
        painted.clear()
        renderer.update(1 / 60)
        assert painted == [] and layers.pending and not renderer.at_rest()
        renderer.update(1 / 60)
        checked += bool(painted)
        while renderer.busy() or layers.pending:
            renderer.update(1 / 60)
            renderer.damage()
    assert checked > 5
    kept = pygame.image.tobytes(layers.surface, "RGB")
    layers.invalidate()
    renderer.refresh()
    assert kept == pygame.image.tobytes(layers.surface, "RGB")


def test_a_pill_keys_pills_are_its_pills_in_its_language_and_stay_so():
    """`key_pills` (cached per key, which holds the language) gives what `pill_list` gives in
    that language, and building a set's items from it leaves it unchanged."""
    pygame.init()
    _, _, renderer = played(2, 12, 2)
    offices = tuple(k == 1 for k in range(len(OFFICES)))
    try:
        for words in ("en", "es", "en"):
            set_language(words)
            key = (True, 2, False, offices, True, words)
            assert pills.key_pills(key) == pills.pill_list(2, offices, True)
            renderer.bodies[0].pill_items(key)
            assert pills.key_pills(key) == pills.pill_list(2, offices, True)
    finally:
        set_language("en")


def test_a_count_ups_figure_items_are_built_ahead_and_its_frames_build_few():
    """While a gain flies in, the frames that build ahead make the figures' items of each
    step the head will count through (`SeatHead.figure_items`), so that the count-up's
    frames mostly find them made: at least one count-up seen, and fewer builds in its frames
    than steps."""
    pygame.init()
    match, bots, renderer = played(3, 5, 0)
    renderer.damage()
    counted = steps = built_in_frames = 0
    for _ in range(80):
        step(match, bots, renderer)
        renderer.update(1 / 60)
        shown = [(h, total_prestige(renderer.view, h.seat) - renderer.counting(h.seat),
                  renderer.view.wealth[h.seat] - renderer.counting(h.seat, "wealth"))
                 for h in renderer.heads]
        moving = [h for h, p, w in shown if (p, w) != (total_prestige(renderer.view, h.seat),
                                                       renderer.view.wealth[h.seat])]
        if not moving:
            while renderer.busy() or renderer.layers.pending:
                renderer.update(1 / 60)
            continue
        while renderer.prepare_ahead():
            pass
        counted += 1
        for head in moving:
            before = len(head._figures)
            while renderer.busy() or renderer.layers.pending:
                renderer.update(1 / 60)
                head.items()
                steps += 1
            built_in_frames += len(head._figures) - before
    assert counted > 2 and built_in_frames < counted


def test_a_heads_kept_figure_items_are_those_built_afresh():
    """The figures' items a head keeps per figures and language are, for each, those built
    afresh: the same names, looks and places."""
    pygame.init()
    _, _, renderer = played(2, 13, 4)
    head = renderer.heads[0]
    for prestige, wealth in ((3, 10), (3, 11), (4, 11), (3, 10), (12, 9)):
        kept = head.figure_items(prestige, wealth)
        fresh = head.build_figure_items(prestige, wealth)
        assert [(i.name, i.look, i.rect) for i in kept] == [(i.name, i.look, i.rect)
                                                            for i in fresh]
