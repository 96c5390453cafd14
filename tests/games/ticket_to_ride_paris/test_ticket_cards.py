"""Every destination ticket of the level shows both names in full, never cut with an ellipsis:
on its chip in the hand strip and on its big card in the ticket choice, in English and Spanish."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.engine.match import Match
from game.games.ticket_to_ride_paris import sprites
from game.games.ticket_to_ride_paris.market_panel import MarketPanel
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.games.ticket_to_ride_paris.state import KEEP_TICKETS, TURN
from game.ui import i18n, paint, theme
from game.ui.board_api import CANVAS_SIZE


@pytest.fixture(params=i18n.LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture
def cut(monkeypatch) -> list[str]:
    """Texts the ticket art had to shorten: fit_text calls whose text is wider than allowed."""
    found: list[str] = []

    def recording(message, size, max_w, color, bold=False, squeeze=1.0):
        if theme.font(size, bold).size(message)[0] > max_w:
            found.append(message)
        return paint.fit_text(message, size, max_w, color, bold, squeeze)

    monkeypatch.setattr(sprites, "fit_text", recording)
    sprites.ticket_card.cache_clear()
    yield found
    sprites.ticket_card.cache_clear()


def a_view(rules, players: int = 2):
    """Seat 0's view at its first turn (the setup is played by forcing seat 0 to keep all)."""
    match = Match(rules, Config(players), 3)
    match.resolve_chance()
    while match.state.phase != TURN:
        for prompt in match.prompts():
            match.apply(prompt.player, prompt.options[-1].action)
        match.resolve_chance()
    return match.view(0)


def drawn(renderer: TTRRenderer, view) -> None:
    renderer.reset(view, 0)
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)


def test_every_ticket_chip_shows_both_names(rules, language, cut):
    view = a_view(rules)
    renderer = TTRRenderer(rules, view_config(view), ["Ana", "Bruno"])
    for ticket in range(len(rules.board.tickets)):
        held = dataclasses.replace(view, tickets=((ticket,),) + view.tickets[1:])
        drawn(renderer, held)
        strip = renderer.hand.strip_layout((ticket,))
        assert strip.chips[0] is not None and strip.more is None
    assert cut == []


def test_a_full_hand_of_tickets_shows_whole_chips_and_counts_the_rest(rules, language, cut):
    view = a_view(rules)
    renderer = TTRRenderer(rules, view_config(view), ["Ana", "Bruno"])
    every = tuple(range(len(rules.board.tickets)))
    drawn(renderer, dataclasses.replace(view, tickets=(every,) + view.tickets[1:]))
    strip = renderer.hand.strip_layout(every)
    shown = [rect for rect in strip.chips if rect is not None]
    assert len(shown) >= 4 and strip.hidden == len(every) - len(shown)
    assert strip.more is not None and renderer.hand.tickets_area.contains(strip.more)
    rects = shown + [strip.more]
    assert all(renderer.hand.tickets_area.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert cut == []


def test_every_ticket_in_the_choice_overlay_shows_both_names(rules, language, cut):
    view = a_view(rules)
    renderer = TTRRenderer(rules, view_config(view), ["Ana", "Bruno"])
    count = len(rules.board.tickets)
    for ticket in range(count):
        offer = (ticket, (ticket + 7) % count)
        choosing = dataclasses.replace(view, phase=KEEP_TICKETS,
                                       offered=(offer,) + view.offered[1:])
        drawn(renderer, choosing)
        assert renderer.choice.offered() == offer
    assert cut == []


def test_ticket_choices_of_three_and_four_are_rows_of_two_big_cards(rules):
    view = a_view(rules)
    renderer = TTRRenderer(rules, view_config(view), ["Ana", "Bruno"])
    for n in (3, 4):
        rects = renderer.choice.card_rects(n)
        assert len({r.y for r in rects}) == 2 and all(r.w >= 500 for r in rects)
        assert all(renderer.map_panel.rect.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def view_config(view) -> Config:
    return Config(view.players)


@pytest.mark.parametrize(("language", "one", "many"), [("en", "Ticket", "Tickets"),
                                                       ("es", "Billete", "Billetes")])
def test_the_ticket_pile_caption_agrees_with_its_count(rules, monkeypatch, language, one, many):
    """"1" over "Ticket", "5" over "Tickets": the pile's caption is a plural table of its count."""
    captions: dict[int, str] = {}
    original = MarketPanel._pile_parts

    def recording(self, name):
        parts = original(self, name)
        if name == "ticket_pile":
            captions[parts[1]] = parts[2]
        return parts

    monkeypatch.setattr(MarketPanel, "_pile_parts", recording)
    view = a_view(rules)
    renderer = TTRRenderer(rules, view_config(view), ["Ana", "Bruno"])
    i18n.set_language(language)
    try:
        for size in (1, 5):
            captions.clear()
            drawn(renderer, dataclasses.replace(view, ticket_deck_size=size))
            assert captions[size] == (one if size == 1 else many), captions
    finally:
        i18n.set_language("en")
