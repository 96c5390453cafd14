"""What an ordinary animated frame reads from stored values (kept when a move lands or a tween
ends, not worked out again each frame) stays what working it out anew gives."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.core import event
from game.games.ticket_to_ride_paris.moves import MoveLog
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from tests.games.scene_match import scene_match, step


def played(players: int = 3, viewer: int | None = 0):
    """A renderer some moves into a match (seat `viewer`'s view), every tween run out."""
    pygame.init()
    match, bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), players, 5)
    for _ in range(10):
        step(match, bots, renderer)
    renderer.reset(match.view(viewer), viewer)
    return match, bots, renderer


def test_the_move_log_s_key_follows_every_change_of_its_moves():
    log = MoveLog({"louvre-opera": "Louvre – Opéra"})
    assert log.key() == ()
    log.note([event("route_claimed", 0, route="louvre-opera", points=2)], 3)
    assert log.key() == tuple(log.moves) and len(log.key()) == 1
    log.note([event("card_drawn", 1, source="deck", color="red")], 4)
    log.note([event("card_drawn", 1, source="faceup", color="blue")], 4)  # joins the first
    assert log.key() == tuple(log.moves) and len(log.key()) == 2
    kept = log.key()
    log.forget_after(4)  # nothing after turn 4: the same key, the same tuple
    assert log.key() is kept
    log.forget_after(3)
    assert log.key() == tuple(log.moves) and len(log.key()) == 1


def test_the_scores_shown_follow_the_view_and_the_points_counting_up():
    match, bots, renderer = played()
    fresh = [sum(b.values()) for b in renderer.rules.scores(renderer.view)]
    assert renderer.shown_scores() == fresh
    renderer.score_hold[1] = 3  # counting up: changed in place, as the seat rows' tests do
    assert renderer.shown_scores()[1] == fresh[1] - 3
    renderer.score_hold = [0.0] * renderer.players
    while renderer.rules.scores(match.view(0)) == renderer.rules.scores(renderer.view):
        step(match, bots)  # until a move changes a score
    renderer.reset(match.view(0), 0)
    assert renderer.shown_scores() == [sum(b.values()) for b in renderer.rules.scores(match.view(0))]


def test_whether_the_strip_shows_the_move_log_follows_the_viewer():
    match, _bots, renderer = played(viewer=0)
    assert not renderer.hand.log_shown  # seat 0's hand shows
    renderer.show(match.view(None), None)  # nobody's: the moves
    assert renderer.hand.log_shown == renderer.hand.shows_log() is True
    renderer.reset(match.view(1), 1)
    assert renderer.hand.log_shown == renderer.hand.shows_log() is False


def test_with_no_prompt_the_ticket_choice_alone_is_asked_and_drawn_when_up():
    pygame.init()
    match, _bots, renderer = scene_match(TTRRenderer, TicketToRideParis(), 3, 5)
    # the opening: seat 0 chooses its tickets, drawn over the map even with no prompt shown
    assert renderer.choice.offered()
    canvas = pygame.Surface((1920, 1080))
    renderer.draw(canvas, None, None)
    assert renderer.choice.drawn
    with_choice = pygame.image.tobytes(canvas, "RGB")
    renderer.reset(match.view(None), None)  # a spectator: no choice up
    renderer.choice.drawn = True  # as if it were up last frame
    renderer.draw(canvas, None, None)
    assert not renderer.choice.drawn  # noted as not drawn: a new view no longer damages it
    assert pygame.image.tobytes(canvas, "RGB") != with_choice


def test_rows_composed_ahead_are_composed_again_when_a_score_shown_changes():
    from tests.games.ticket_to_ride_paris.test_seat_rows import compose_all

    _match, _bots, renderer = played(viewer=None)
    seats, current = renderer.seats, renderer.view.current
    compose_all(renderer)
    assert not seats.compose_ahead()  # all composed: the one-comparison short cut
    renderer.score_hold[current] = 5  # the seat to play's score counts up meanwhile
    assert seats.compose_ahead()
    compose_all(renderer)
    assert seats._ready[current] == seats.row_key(current, False)
