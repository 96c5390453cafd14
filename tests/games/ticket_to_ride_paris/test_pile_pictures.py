"""The market's piles are painted from pictures kept per caption (`MarketPanel._pile_base`):
whatever counts came before, each pile shows exactly what drawing it afresh shows."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.core import Config
from game.games.ticket_to_ride_paris import sprites as sp
from game.games.ticket_to_ride_paris.market_panel import t as market_text
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.ui import i18n, theme
from game.ui.paint import fit_text

from .test_ticket_cards import a_view


def drawn_afresh(renderer: TTRRenderer, name: str) -> pygame.Surface:
    """A pile drawn as it was before its pictures were kept: the background put back, its
    art, its count and its caption, each drawn now."""
    market, view = renderer.market, renderer.view
    rect = {"deck": market.deck_rect, "ticket_pile": market.tickets_rect,
            "discard": market.discard_rect}[name]
    canvas = renderer.layers.static.copy()
    if name == "deck":
        count, caption = view.deck_size, market_text("deck")
        canvas.blit(sp.card_back(42, 58), (rect.x + 14, rect.y + 6))
    elif name == "ticket_pile":
        count = view.ticket_deck_size
        caption = market_text("tickets", count=count)
        canvas.blit(sp.ticket_back(58, 40), (rect.x + 12, rect.y + 14))
    else:
        count, caption = sum(view.discard), market_text("discard")
        for k in range(3 if count else 1):
            r = pygame.Rect(rect.x + 14 + k * 6, rect.y + 10 - k * 3, 40, 54)
            pygame.draw.rect(canvas, theme.PANEL_LIGHT if count else theme.PANEL, r,
                             border_radius=8)
            pygame.draw.rect(canvas, theme.TEXT_DIM, r, 2, border_radius=8)
    num = theme.text(str(count), theme.HEADING_SIZE, theme.TEXT, True)
    canvas.blit(num, num.get_rect(midright=(rect.right - 14, rect.y + 34)))
    cap = fit_text(caption, theme.SMALL_SIZE, rect.w - 16, theme.TEXT_DIM)
    canvas.blit(cap, cap.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))
    return canvas.subsurface(rect).copy()


def shown(renderer: TTRRenderer, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(renderer.layers.surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_pile_shows_what_drawing_it_afresh_shows_whatever_came_before(rules, language):
    """Counts up and down, one ticket ("Ticket", not "Tickets"), an empty discard pile after a
    full one: one renderer (its pictures kept from view to view) against each drawn afresh."""
    view = a_view(rules)
    renderer = TTRRenderer(rules, Config(view.players), ["Ana", "Bruno"])
    i18n.set_language(language)
    try:
        no_discard = tuple(0 for _ in view.discard)
        some_discard = tuple(3 if k == 0 else 0 for k in range(len(view.discard)))
        for deck, tickets, discard in ((40, 5, some_discard), (39, 1, no_discard),
                                       (7, 0, some_discard), (40, 5, no_discard)):
            now = dataclasses.replace(view, deck_size=deck, ticket_deck_size=tickets,
                                      discard=discard)
            renderer.reset(now, 0)
            market = renderer.market
            for name, rect in (("deck", market.deck_rect), ("ticket_pile", market.tickets_rect),
                               ("discard", market.discard_rect)):
                expected = pygame.image.tobytes(drawn_afresh(renderer, name), "RGB")
                assert shown(renderer, rect) == expected, (name, deck, tickets, discard)
    finally:
        i18n.set_language("en")


def test_every_pile_picture_a_game_shows_is_composed_before_play(rules, monkeypatch):
    """Empty and not, one ticket or more: no frame of play composes a pile's picture."""
    view = a_view(rules)
    renderer = TTRRenderer(rules, Config(view.players), ["Ana", "Bruno"])
    composed = []
    monkeypatch.setattr(type(renderer.market), "_pile_base",
                        lambda self, *args: composed.append(args) or pygame.Surface((1, 1)))
    for deck, tickets, discard in ((40, 5, 3), (0, 1, 0), (1, 0, 1)):
        renderer.reset(dataclasses.replace(
            view, deck_size=deck, ticket_deck_size=tickets,
            discard=tuple(discard if k == 0 else 0 for k in range(len(view.discard)))), 0)
    assert composed == []
