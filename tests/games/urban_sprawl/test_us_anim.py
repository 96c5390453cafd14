"""Urban Sprawl's animations hold back what they move until it lands: an election turns its
office's square over, control cubes change hands, prestige and wealth count up as they fly to
the panels, cards slide along the rows; at instant speed (a reset right after) nothing waits."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.urban_sprawl.anim import gain_label
from game.games.urban_sprawl.rows_panel import STAND_GAP, FaceUp, Standing
from game.games.urban_sprawl.scene import USRenderer
from game.games.urban_sprawl.state import HIDDEN_CARD, NOBODY
from game.ui import theme
from game.ui.paint import INK

US = "urban_sprawl"


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()


def batch_with(wanted, players: int = 4, seed: int = 3):
    """(renderer showing the view before, events, view after) of the first batch of a seeded
    random game for which `wanted(events, before, after)` is true."""
    rules = rules_for(US)
    match = Match(rules, Config(players), seed)
    renderer = USRenderer(rules, match.config, [f"P{i + 1}" for i in range(players)])
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    events = list(match.resolve_chance())
    while not match.is_over():
        before = match.view(0)
        prompt = match.prompts()[0]
        events = list(match.apply(prompt.player, bots[prompt.player].choose(
            rules, match.view(prompt.player), prompt)))
        events += match.resolve_chance()
        if wanted(events, before, match.view(0)):
            renderer.reset(before, 0)
            return renderer, events, match.view(0)
    pytest.fail("no such batch in the seeded game")


def kinds(events) -> set[str]:
    return {e.kind for e in events}


def finish(renderer: USRenderer) -> None:
    while renderer.busy() or renderer.layers.pending:
        renderer.update(0.05)


def repaint(renderer: USRenderer) -> None:
    """Let the layers a move left dirty repaint (one a frame: REPAINT_BUDGET), the clock
    standing still."""
    while renderer.layers.pending:
        renderer.update(0)


def test_an_election_turns_the_office_square_over_to_the_new_holder():
    renderer, events, after = batch_with(lambda ev, b, a: "elected" in kinds(ev))
    office = next(e for e in events if e.kind == "elected").get("office")
    renderer.animate(events, after, 0)
    repaint(renderer)
    assert ("office", office) in renderer.holds  # the ballot turns: the track leaves it
    assert ("office", office) in renderer.layers.shown_key("track")[2]
    finish(renderer)
    assert not renderer.holds and renderer.layers.shown_key("track")[2] == ()


def test_a_control_cube_changes_hands_after_it_flies():
    def changed(events, before, after):
        return any(e.kind == "control_changed" and before.buildings[e.get("building")]
                   is not None for e in events if e.get("building") < len(before.buildings))
    renderer, events, after = batch_with(changed, seed=4)
    bid = next(e.get("building") for e in events if e.kind == "control_changed")
    renderer.animate(events, after, 0)
    assert ("cube", bid) in renderer.holds
    assert renderer.shown_buildings()[bid].owner == NOBODY  # no cube while they fly
    finish(renderer)
    assert renderer.shown_buildings()[bid].owner == after.buildings[bid].owner


def test_prestige_and_wealth_count_up_as_they_land():
    def gains(events, before, after):
        return any(e.kind == "prestige" and e.get("amount") > 0 for e in events) and any(
            a > b for a, b in zip(after.wealth, before.wealth))
    renderer, events, after = batch_with(gains)
    seat = next(e.player for e in events if e.kind == "prestige" and e.get("amount") > 0)
    richer = next(s for s in range(4) if after.wealth[s] > renderer.view.wealth[s])
    renderer.animate(events, after, 0)
    assert renderer.counting(seat) > 0  # the panel still shows the old prestige
    assert renderer.counting(richer, "wealth") > 0
    finish(renderer)
    assert renderer.counting(seat) == 0 and renderer.counting(richer, "wealth") == 0


def counted_afresh(renderer: USRenderer, seat: int, what: str) -> int:
    """What `counting` sums, walked through the timeline again."""
    return sum(round(amount * left) for (kind, who, amount), left in renderer.timeline.counting()
               if who == seat and kind == what)


def test_the_figures_still_counting_are_the_timelines_at_every_frame():
    """`counting` sums every seat at once per clock and tweens: at every frame of the batches
    of a played game (and right after each is queued, the clock standing still) it equals
    the timeline's tagged tweens walked afresh."""
    rules = rules_for(US)
    match = Match(rules, Config(4), 5)
    renderer = USRenderer(rules, match.config, ["A", "B", "C", "D"])
    bots = {i: RandomBot(random.Random(50 + i)) for i in range(4)}
    match.resolve_chance()
    renderer.reset(match.view(0), 0)
    counted = 0
    for _ in range(60):
        prompt = match.prompts()[0]
        events = match.apply(prompt.player, bots[prompt.player].choose(
            rules, match.view(prompt.player), prompt)) + match.resolve_chance()
        renderer.counting(0)  # asked before the batch is queued: the memo must not stay
        renderer.animate(events, match.view(0), 0)
        while True:
            for seat in range(4):
                for what in ("prestige", "wealth"):
                    assert renderer.counting(seat, what) == counted_afresh(renderer, seat, what)
                    counted += renderer.counting(seat, what) != 0
            if not renderer.busy():
                break
            renderer.update(1 / 60)
    assert counted > 50


def test_cards_left_in_a_row_slide_to_their_new_slot():
    def slid(events, before, after):
        return any(card not in (None, HIDDEN_CARD) and card in before.contract_row
                   and before.contract_row.index(card) != j
                   for j, card in enumerate(after.contract_row))
    renderer, events, after = batch_with(slid)
    card = next(c for j, c in enumerate(after.contract_row) if c in renderer.view.contract_row
                and renderer.view.contract_row.index(c) != j)
    renderer.animate(events, after, 0)
    assert ("card", card) in renderer.holds  # painted by its slide, not in its new slot yet
    finish(renderer)
    assert ("card", card) not in renderer.holds


def test_instant_speed_shows_the_end_at_once():
    renderer, events, after = batch_with(lambda ev, b, a: "elected" in kinds(ev))
    renderer.animate(events, after, 0)
    renderer.reset(after, 0)  # what the shell does at instant speed
    assert not renderer.busy() and not renderer.holds


def test_a_discarded_contract_sinks_out_of_its_slot_before_the_row_slides():
    """The stalled-offer rule (rules.py) sends the cheapest contract out of the game: it is
    painted leaving its slot (held off the row), then nothing is left over."""
    from tests.games.urban_sprawl.test_way_forward import discarded, full_city, pass_turn, settle

    players = 2
    state = settle(full_city(players))
    rules = rules_for(US)
    for _ in range(players - 1):
        state, _ = pass_turn(state)
    before = rules.view(state, 0)
    state, events = pass_turn(state)
    card = discarded(events)[0]
    renderer = USRenderer(rules, Config(players), ["P1", "P2"])
    renderer.reset(before, 0)
    renderer.animate(events, rules.view(state, 0), 0)
    assert ("card", card) in renderer.holds
    renderer.update(0.01)
    canvas = pygame.Surface((1920, 1080))
    renderer.draw(canvas, None, None)  # paints the sinking card
    finish(renderer)
    assert ("card", card) not in renderer.holds


def test_a_revealed_face_is_drawn_at_mid_turn_unless_the_whole_board_is_redrawn_anyway():
    """A card turning over draws its face at mid-turn (the reveals of one batch in the frames
    they turn, not all in the frame the move lands), but at once when the next frame redraws
    everything anyway (the opening deal, animated before the first frame)."""
    def reveals(events, before, after):
        return sum(e.kind == "revealed" for e in events) >= 2
    renderer, events, after = batch_with(reveals)
    before = renderer.view
    renderer.animate(events, after, 0)  # right after the reset: nothing drawn yet
    turns = [tw.paint for tw in renderer.timeline if isinstance(tw.paint, FaceUp)]
    assert len(turns) >= 2 and all(turn.face_up for turn in turns)
    renderer.reset(before, 0)
    renderer.damage(False)  # a frame was drawn: the next one redraws only what changed
    renderer.animate(events, after, 0)
    turns = [tw for tw in renderer.timeline if isinstance(tw.paint, FaceUp)]
    assert len(turns) >= 2 and not any(tw.paint.face_up for tw in turns)
    canvas = pygame.Surface((1920, 1080))
    first = min(turns, key=lambda tw: tw.start)
    while renderer.timeline.clock < first.start + first.dur * 0.6:
        renderer.update(1 / 60)
        renderer.draw(canvas, None, None)
    assert first.paint.face_up  # past mid-turn: its face is up ...
    assert not all(tw.paint.face_up for tw in turns)  # ... the later ones still wait


def opening_deal():
    """A renderer that has just animated, right after its reset, a batch turning several
    cards over (as the opening deal: nothing drawn yet), and the view after it."""
    def reveals(events, before, after):
        return sum(e.kind == "revealed" for e in events) >= 3
    renderer, events, after = batch_with(reveals)
    renderer.animate(events, after, 0)
    return renderer, after


def test_the_opening_deal_lets_its_cards_go_one_at_a_time_once_the_last_has_turned():
    """In the opening deal a card is held by a tween that only holds, from its turn until
    the last card has turned, then they are let go in deal order one STAND_GAP apart, the
    first STAND_GAP after the last turn (the rows repaint one slot a frame once nothing turns); its flip holds nothing (its end
    changes no holds), and from its end to its release the card stands drawn face up."""
    renderer, _ = opening_deal()
    tweens = list(renderer.timeline)
    turns = sorted((tw for tw in tweens if isinstance(tw.paint, FaceUp)), key=lambda tw: tw.start)
    stands = sorted((tw for tw in tweens if isinstance(tw.paint, Standing)),
                    key=lambda tw: tw.start)
    assert len(turns) >= 3 and len(stands) == len(turns)
    assert all(turn.holds == () for turn in turns)
    last = turns[-1].end
    for k, (turn, stand) in enumerate(zip(turns, stands, strict=True)):
        holds = [tw for tw in tweens if tw.paint is None and tw.holds == (("card", turn.paint.card),)]
        assert len(holds) == 1 and holds[0].start == turn.start
        assert stand.start == pytest.approx(turn.end)
        assert stand.end == pytest.approx(last + (k + 1) * STAND_GAP)
        assert holds[0].end == pytest.approx(stand.end)


def test_a_card_standing_after_its_turn_shows_the_pixels_the_rows_paint_once_it_is_let_go():
    """A card of the opening deal standing face up (turned, not yet let go) looks as the rows
    show it once every tween is over."""
    renderer, _ = opening_deal()
    first = min((tw for tw in renderer.timeline if isinstance(tw.paint, Standing)),
                key=lambda tw: tw.start)
    canvas = pygame.Surface((1920, 1080))
    while renderer.timeline.clock < first.start + 0.01:
        renderer.update(1 / 60)
    assert first in renderer.timeline.tweens  # standing: its card is still held
    renderer.draw(canvas, None, None)
    standing = canvas.subsurface(first.paint.rect).copy()
    finish(renderer)
    renderer.draw(canvas, None, None)
    shown = canvas.subsurface(first.paint.rect)
    assert pygame.image.tobytes(standing, "RGB") == pygame.image.tobytes(shown, "RGB")


def test_the_usual_gains_popups_and_sprites_are_drawn_before_the_first_frame():
    """A new renderer has drawn each seat's cube, the flying star and coin and the popups of
    the usual gains (their text and outline), so the frame a move's gains start in finds them
    made (anim.draw_ahead)."""
    pygame.init()
    match = Match(rules_for("urban_sprawl"), Config(3), 1)
    theme.text.cache_clear()
    USRenderer(match.rules, match.config, ["Ana", "Bruno", "Carmen"])
    made = theme.text.cache_info().misses
    for what, amount in (("wealth", 7), ("wealth", -3), ("prestige", 2)):
        label, rgb = gain_label(what, amount)
        theme.text(label, theme.BODY_SIZE, rgb, True)
        theme.text(label, theme.BODY_SIZE, INK, True)
    assert theme.text.cache_info().misses == made


def test_every_cards_face_is_drawn_before_the_first_frame(monkeypatch):
    """A new renderer has drawn every card's face at the rows' size and its chip at a seat
    panel's full chip size (faces.draw_faces), so a card revealed or taken in a game draws
    none in the frame it turns over or lands."""
    from game.games.urban_sprawl import sprites
    from game.games.urban_sprawl.faces import FULL_CHIP

    match = Match(rules_for(US), Config(2), 1)
    renderer = USRenderer(match.rules, match.config, ["Ana", "Bruno"])

    def drawn_late(*args, **kwargs):
        raise AssertionError("a card face drawn after the renderer was made")
    monkeypatch.setattr(sprites, "card_face", drawn_late)
    monkeypatch.setattr(sprites, "card_chip", drawn_late)
    for card_id in match.rules.board.cards:
        renderer.faces.face(card_id)
        renderer.faces.face(card_id, FULL_CHIP, chip=True)
