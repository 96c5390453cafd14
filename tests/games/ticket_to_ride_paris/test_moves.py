"""The spectator's move log (moves.py) and where it shows: the hand strip of a bots-only table."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config, event
from game.engine.match import Match
from game.games.ticket_to_ride_paris import log_strip
from game.games.ticket_to_ride_paris.log_strip import MOVE_SIZE, STEP_MEASURES, set_lines
from game.games.ticket_to_ride_paris.moves import KEPT, MoveLog
from game.games.ticket_to_ride_paris.rules import TicketToRideParis
from game.games.ticket_to_ride_paris.scene import TTRRenderer
from game.ui import theme
from game.ui.i18n import set_language
from game.ui.paint import wrap
from tests.games.plural_forms import abbreviated_points, plural_after_one

ROOM = "ticket_to_ride_paris"
NAMES = ["Ana", "Bruno", "Carmen", "Dmitri"]
ROUTES = {"louvre-opera": "Louvre – Opéra"}


@pytest.fixture
def spanish():
    set_language("es")
    yield
    set_language("en")


def bots_table(players: int, seed: int) -> tuple[Match, dict, TTRRenderer]:
    """A bots-only table: the match, a random bot per seat, its renderer showing no hand."""
    rules = TicketToRideParis()
    match = Match(rules, Config(players), seed)
    renderer = TTRRenderer(rules, match.config, NAMES[:players])
    renderer.reset(match.view(None), None)
    return match, {i: RandomBot(random.Random(i)) for i in range(players)}, renderer


def bots_move(match: Match, bots: dict, renderer: TTRRenderer) -> None:
    """One random bot's move (chance before and after), animated for a bots-only table."""
    events = match.resolve_chance()
    prompt = match.prompts()[0]
    events += match.apply(prompt.player, bots[prompt.player].choose(
        match.rules, match.view(prompt.player), prompt))
    renderer.animate(events + match.resolve_chance(), match.view(None), None)

def test_the_two_cards_of_a_draw_are_one_line_and_a_blind_card_keeps_its_colour_secret():
    log = MoveLog(ROUTES)
    log.note([event("card_drawn", 1, source="deck", color="red", visible_to=1)], turn=4)
    log.note([event("deck_reshuffled", size=20),
              event("card_drawn", 1, source="faceup", slot=2, color="blue"),
              event("turn_started", 2, turn=5)], turn=4)
    lines = log.lines(NAMES)
    assert lines[1] == (1, "Bruno drew the face-up blue card + a card from the deck")
    assert lines[0] == (None, "The discard pile was shuffled into a new deck")
    log.note([event("card_drawn", 2, source="deck", color="red"),
              event("card_drawn", 2, source="deck", color="white")], turn=5)
    assert log.lines(NAMES)[0] == (2, "Carmen drew 2 cards from the deck")
    assert not any("red" in text.lower() or "white" in text.lower() for _, text in log.lines(NAMES))


@pytest.mark.parametrize("language, blue, mixed", [
    ("en", "Ana drew 2 face-up blue cards",
     "Ana drew the face-up red card + a card from the deck"),
    ("es", "Ana roba 2 cartas azules bocarriba",
     "Ana roba la carta roja bocarriba + una carta del mazo")])
def test_two_face_up_cards_of_one_colour_are_counted_not_listed_twice(language, blue, mixed):
    """"drew 2 face-up blue cards", never "the face-up blue card + the face-up blue card"."""
    log = MoveLog(ROUTES)
    log.note([event("card_drawn", 0, source="faceup", color="blue"),
              event("card_drawn", 0, source="faceup", color="blue")], turn=1)
    log.note([event("card_drawn", 0, source="faceup", color="red"),
              event("card_drawn", 0, source="deck", color="red", visible_to=0)], turn=3)
    set_language(language)
    try:
        assert [text for _, text in log.lines(NAMES)] == [mixed, blue]
    finally:
        set_language("en")


def test_claims_flags_and_tickets_read_in_both_languages(spanish):
    log = MoveLog(ROUTES)
    log.note([event("route_claimed", 0, route="louvre-opera", cards=("blue",), points=1),
              event("flag_completed", 0, points=4),
              event("tickets_kept", 3, kept=("t1",), count=1, returned=1),
              event("tickets_kept", 2, kept=("t9",), count=1, returned=0)], turn=7)
    assert [text for _, text in log.lines(NAMES)] == [
        "Carmen roba el último Billete de Destino",
        "Dmitri roba 2 Billetes de Destino y se queda 1",
        "Ana completa una bandera francesa: +4",
        "Ana cubre Louvre – Opéra: +1",
    ]
    set_language("en")
    assert log.lines(NAMES)[1] == (3, "Dmitri drew 2 destination tickets and kept 1")


def test_the_log_keeps_the_newest_moves_and_forgets_undone_turns():
    log = MoveLog(ROUTES)
    for turn in range(KEPT + 3):
        log.note([event("passed", turn % 2)], turn=turn)
    assert len(log.lines(NAMES)) == KEPT
    assert [m.turn for m in log.moves] == list(range(KEPT + 2, 2, -1))
    log.forget_after(6)
    assert [m.turn for m in log.moves] == [6, 5, 4, 3]


def test_a_bots_only_table_shows_the_latest_moves_where_a_hand_would_be():
    pygame.init()
    match, bots, renderer = bots_table(3, 8)
    empty = renderer.layers.surface.subsurface(renderer.hand.rect).copy()
    while not [m for m in renderer.moves.moves if m.key == "event.route_claimed"]:
        bots_move(match, bots, renderer)
        while renderer.busy():
            renderer.update(0.2)
    strip = renderer.layers.surface.subsurface(renderer.hand.rect)
    changed = sum(1 for x in range(0, strip.get_width(), 4) for y in range(0, strip.get_height(), 4)
                  if strip.get_at((x, y)) != empty.get_at((x, y)))
    assert changed > 200  # lines of text where the "hands are hidden" notice was
    assert any("claimed" in text for _, text in renderer.moves.lines(renderer.names))


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_long_move_wraps_whole_onto_two_lines_of_its_column(language):
    pygame.init()
    set_language(language)
    try:
        rules = TicketToRideParis()
        renderer = TTRRenderer(rules, Config(4), ["Bot 1", "Bot 2", "Bot 3", "Bot 4"])
        longest = max((r for r in rules.board.routes), key=lambda r: len(rules.route_name(r)))
        renderer.moves.note([event("route_claimed", 3, route=longest.id, points=4)], turn=1)
        renderer.moves.note([event("card_drawn", 2, source="faceup", color="yellow"),
                             event("card_drawn", 2, source="faceup", color="white")], turn=2)
        room = renderer.hand.log.col_w - 56
        for _, text in renderer.moves.lines(renderer.names):
            lines = renderer.hand.log.lines(text)
            assert len(lines) <= 2, text
            assert all(theme.font(MOVE_SIZE).size(line)[0] <= room for line in lines)
    finally:
        set_language("en")


def narrowed_step_by_step(text: str, width: int) -> tuple[str, ...]:
    """`set_lines` as it was first written: two lines narrowed 20 px at a time."""
    lines = wrap(text, MOVE_SIZE, width)
    if len(lines) > 2:
        return lines[0], " ".join(lines[1:])
    while len(lines) == 2 and len(narrower := wrap(text, MOVE_SIZE, width - 20)) == 2:
        lines, width = narrower, width - 20
    return tuple(lines)


@pytest.mark.parametrize("language", ["en", "es"])
def test_bisecting_the_narrowest_two_lines_sets_every_claim_as_narrowing_step_by_step(language):
    pygame.init()
    set_language(language)
    try:
        rules = TicketToRideParis()
        renderer = TTRRenderer(rules, Config(4), ["Bot 1", "Bot 2", "Bot 3", "Bot 4"])
        log = MoveLog({r.id: rules.route_name(r) for r in rules.board.routes})
        for route in rules.board.routes:
            log.note([event("route_claimed", 3, route=route.id, points=10)], turn=1)
            log.note([event("card_drawn", 2, source="faceup", color="yellow"),
                      event("card_drawn", 2, source="faceup", color="white")], turn=2)
            for _, text in log.lines(renderer.names):
                for width in (renderer.hand.log.col_w - 56, 300, 217):
                    assert set_lines(text, width) == narrowed_step_by_step(text, width), text
    finally:
        set_language("en")


def test_a_move_is_set_a_few_measures_a_frame_into_the_lines_set_all_at_once(monkeypatch):
    """The log strip sets a new move's text piece by piece (`prepare`, a step a frame): each
    step measures at most STEP_MEASURES widths, none measured twice, and the lines it ends
    with are `set_lines`' own."""
    pygame.init()
    rules = TicketToRideParis()
    renderer = TTRRenderer(rules, Config(4), ["Bot 1", "Bot 2", "Bot 3", "Bot 4"])
    strip, log = renderer.hand.log, renderer.moves
    measures = []
    monkeypatch.setattr(log_strip, "measure",
                        lambda font, text: measures.append(text) or font.size(text)[0])
    set_over_steps, measured = 0, []
    for route in rules.board.routes[:12]:
        log.note([event("route_claimed", 3, route=route.id, points=10)], turn=1)
        log.note([event("card_drawn", 2, source="faceup", color="yellow"),
                  event("card_drawn", 2, source="faceup", color="white")], turn=2)
        steps = 0
        while True:
            measures.clear()
            done = strip.prepare(renderer.names)
            assert len(measures) <= STEP_MEASURES  # a few measures in a frame
            measured += measures
            if done:
                break
            steps += 1
        for _, text in log.lines(renderer.names):
            assert strip.lines(text) == set_lines(text, strip.col_w - 56), text
        set_over_steps += steps > 4
    assert set_over_steps  # two-line moves took several frames
    assert len(set(measured)) == len(measured)  # each width measured once, kept for later moves


# Strings only ever shown with a count of 2 or more (the code picks another string for 1), and
# the tie-break notes, whose wording the shared results-screen test pins ("Tied on 2 points").
TWO_OR_MORE = {"event.tickets_kept", "tiebreak.shared", "tiebreak.tickets"}


def test_no_string_puts_a_plural_after_one():
    """"1 pts", "1 tickets", "1 hechos": a number 1 followed by a plural word."""
    assert plural_after_one(ROOM, TWO_OR_MORE) == []
    assert abbreviated_points(ROOM) == []


def test_a_new_move_s_text_is_made_a_piece_a_frame_and_the_strip_at_rest_is_painted_whole():
    """Bots only: a move's new text (its lines, each line's picture) is made over the frames
    after it, at most one piece a frame, not all in the frame that repaints the strip; at rest
    the strip shows every move, as a board painted whole from scratch does."""
    pygame.init()
    match, bots, renderer = bots_table(4, 5)
    log, staged = renderer.hand.log, 0
    for _ in range(25):
        events = match.resolve_chance()
        prompt = match.prompts()[0]
        events += match.apply(prompt.player, bots[prompt.player].choose(match.rules, match.view(
            prompt.player), prompt))
        made = len(log._made)
        renderer.animate(events + match.resolve_chance(), match.view(None), None)
        assert len(log._made) == made  # the frame a move lands in makes none of its text
        # a move without an animation still waits for its new text (LOG_TIME)
        assert renderer.busy() or log.ready == renderer.moves.key()
        while renderer.busy() or renderer.layers.pending:
            made = len(log._made)
            renderer.update(1 / 60)
            assert len(log._made) - made <= 1 or not renderer.busy()
            staged += renderer.busy() and len(log._made) > made
        renderer.update(1 / 60)
        assert log.ready == renderer.moves.key()
        piecewise = pygame.image.tobytes(renderer.layers.surface, "RGB")
        renderer.layers.invalidate()
        renderer.refresh()
        assert pygame.image.tobytes(renderer.layers.surface, "RGB") == piecewise
    assert staged > 25  # most moves' text was made while their animation ran


def test_the_strip_shows_a_new_move_by_repainting_only_the_lines_that_changed():
    """Bots only, while the animation runs: the strip drawn ahead is laid over the one shown
    only where a line's place shows something else (before or after: a line grown shorter
    leaves no pixel behind); the board then is the board painted whole from scratch, and
    early in a game the rects repainted are a part of the strip."""
    pygame.init()
    match, bots, renderer = bots_table(4, 5)
    hand, parts = renderer.hand, []
    paint = hand._paint_log
    hand._paint_log = lambda canvas: parts.append(paint(canvas)) or parts[-1]
    for _ in range(12):
        bots_move(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
            shown = pygame.image.tobytes(renderer.layers.surface.subsurface(hand.rect), "RGB")
            whole = renderer.layers.surface.copy()
            whole.set_clip(hand.rect)
            whole.blit(hand.log_plate(), hand.rect)
            hand.log.paint(whole, renderer.names)
            if hand.log.ready == renderer.moves.key() == renderer.layers.shown_key("hand")[1]:
                assert shown == pygame.image.tobytes(whole.subsurface(hand.rect), "RGB")
    repainted = [sum(r.w * r.h for r in rects) for rects in parts if rects is not None]
    assert len(repainted) > 6
    assert min(repainted) < hand.rect.w * hand.rect.h // 2


def test_the_strip_shows_the_text_all_made_by_repainting_its_layer_alone():
    """Bots only: the frame the move log's text is all made repaints the strip's layer
    alone (`_repaint_log`), no refresh of the layers after it in that frame, and the strip
    then shows the moves made."""
    pygame.init()
    match, bots, renderer = bots_table(3, 5)
    calls: list[str] = []
    prepare, refresh = renderer.hand.prepare_log, renderer.refresh

    def prepared() -> bool:
        done = prepare()
        calls.append(f"prepared {done}")
        return done

    renderer.hand.prepare_log = prepared
    renderer.refresh = lambda limit=None: calls.append("refresh") or refresh(limit)
    shown = 0
    for _ in range(15):
        bots_move(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            calls.clear()
            renderer.update(1 / 60)
            if "prepared True" in calls:
                shown += 1
                assert calls[-1] == "prepared True"  # no refresh after it
                assert renderer.layers.shown_key("hand") == renderer.hand.key()
                assert renderer.hand.log.ready == renderer.moves.key()
    assert shown > 8


def test_the_lines_follow_the_moves_the_names_and_the_language():
    """`lines` is kept from ask to ask (`MoveLog._written`): a new move, other names and
    another language each write them again."""
    log = MoveLog(ROUTES)
    log.note([event("passed", 0)], turn=1)
    first = log.lines(NAMES)
    assert first == [(0, "Ana cannot act and passes")]
    log.note([event("passed", 1)], turn=2)
    assert len(log.lines(NAMES)) == 2 and log.lines(NAMES)[1] == first[0]
    renamed = log.lines(["Zoe", *NAMES[1:]])
    assert renamed[1][1].startswith("Zoe") and log.lines(NAMES)[1] == first[0]
    english = log.lines(NAMES)
    set_language("es")
    try:
        assert log.lines(NAMES) != english
    finally:
        set_language("en")
    assert log.lines(NAMES) == english


def test_a_new_move_writes_its_own_line_alone(monkeypatch):
    """The moves kept from the lines last written keep their lines: a new move writes one
    text (a card joining its draw's move rewrites that move's); other names write them all."""
    from game.games.ticket_to_ride_paris import moves

    written = []
    text = moves._text
    monkeypatch.setattr(moves, "_text", lambda *args: written.append(args[0]) or text(*args))
    log = MoveLog(ROUTES)
    for seat in range(3):
        log.note([event("passed", seat)], turn=seat + 1)
        log.lines(NAMES)
    assert len(written) == 3
    log.note([event("card_drawn", 0, color="red", source="faceup")], turn=4)
    log.note([event("card_drawn", 0, color="blue", source="faceup")], turn=4)
    lines = log.lines(NAMES)
    assert len(written) == 4 and written[-1] is log.current[0] and len(lines) == 4
    assert lines == [(m.seat, text(m, tuple(NAMES), "en")) for m in log.current]
    log.lines(["Zoe", *NAMES[1:]])
    assert len(written) == 8


def test_the_strip_drawn_ahead_is_the_strip_the_moves_paint_now():
    """Bots only: after each move, the strip drawn ahead a part a frame (its parts keyed by the
    queue they belong to, its emblems blitted from sprites) shows exactly what painting the
    moves afresh on the board shows."""
    pygame.init()
    match, bots, renderer = bots_table(4, 7)
    strip, checked = renderer.hand.log, 0
    for _ in range(30):
        bots_move(match, bots, renderer)
        while renderer.busy() or renderer.layers.pending:
            renderer.update(1 / 60)
        composed = strip.composed(renderer.names)
        if composed is None:
            continue
        # painted afresh where the strip is on the board (each emblem drawn, not blitted)
        board = renderer.layers.static.copy()
        board.blit(renderer.hand.log_plate(), strip.rect)
        strip.paint(board, renderer.names)
        afresh = board.subsurface(strip.rect)
        assert pygame.image.tobytes(composed, "RGB") == pygame.image.tobytes(afresh, "RGB")
        checked += 1
    assert checked > 10


def test_each_part_of_the_strip_drawn_ahead_draws_one_line_place(monkeypatch):
    """The strip drawn ahead a line's place a part (log_strip.COMPOSE_PARTS): each part sets
    one line at most (a two-line move's lines in two parts), and the parts together draw what
    painting the strip at once draws."""
    pygame.init()
    log = MoveLog(ROUTES)
    for turn in range(6):  # claims wrap onto two lines; passes take one
        log.note([event("route_claimed", turn % 4, route="louvre-opera", color="blue",
                        length=4, paid={"blue": 4})] if turn % 2 else
                 [event("passed", turn % 4)], turn=turn)
    strip = log_strip.MoveLogStrip(log, pygame.Rect(0, 0, 640, 136))  # narrow: claims wrap
    assert any(len(strip.lines(text)) == 2 for _, text in log.lines(NAMES))
    whole = pygame.Surface(strip.rect.size)
    strip.paint(whole, NAMES)
    parts = pygame.Surface(strip.rect.size)
    drawn = []
    fit = log_strip.fit_text
    monkeypatch.setattr(log_strip, "fit_text", lambda *a: drawn.append(a) or fit(*a))
    for part in range(1, log_strip.COMPOSE_PARTS):
        before = len(drawn)
        strip.paint(parts, NAMES, slots=range(part - 1, part))
        assert len(drawn) - before <= 1
    assert pygame.image.tobytes(parts, "RGB") == pygame.image.tobytes(whole, "RGB")
