"""The score rows repainted a few a frame end up as a full repaint would paint them: a seat
whose score as shown did not change is skipped without laying its rows out, and never one
whose rows are out of date (a round's end, the count-ups, every seat's strokes)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game.games.next_station_paris import scene
from game.games.next_station_paris.column_panels import AHEAD_STRIPS
from game.games.next_station_paris.state import OVER
from tests.games.next_station_paris.test_damage import bots_answer, seated


def score_rows(renderer) -> Iterator[tuple[str, pygame.Rect, tuple]]:
    """Every score row the view asks for now: (its region, its band, its key)."""
    scores, view = renderer.scores, renderer.view
    current = view.round if view.phase != OVER else -1
    objectives = "objectives" in view.modules
    for panel in renderer.score_panels:
        score = scores.shown_score(panel.seat, scores.seat_score(view, panel.seat))
        for n, (rect, key, _) in enumerate(panel.rows(score, current, objectives)):
            yield f"score{panel.seat}.{n}", rect, key


def stale_rows(renderer) -> list[str]:
    """The score regions whose painted key differs from the row the view asks for now."""
    return [region for region, _, key in score_rows(renderer)
            if renderer.layers.shown_key(region) != key]


@pytest.mark.parametrize(("players", "humans"), [(4, ()), (3, (0,))])
def test_budgeted_score_rows_catch_up_with_every_change(players, humans):
    match, bots, renderer = seated(players, 6, humans)
    skipped = 0
    laid_out = type(renderer.score_panels[0]).rows
    calls = []

    def counted(panel, *args):
        calls.append(panel.seat)
        return laid_out(panel, *args)

    for panel in renderer.score_panels:  # count the rows laid out, per seat
        panel.rows = counted.__get__(panel)
    for _ in range(30):  # past a round's end: its count-ups
        if not match.prompts():
            break
        bots_answer(match, bots, renderer)
        while renderer.busy():
            before = len(calls)
            renderer.update(1 / 60)
            skipped += renderer.scores.due is False and len(calls) == before
        assert stale_rows(renderer) == []
    assert match.view(None).round >= 1  # a round ended on the way
    assert skipped


def test_a_long_name_s_header_repaints_just_the_total_where_the_name_stays():
    """A name too long for a narrow score zone is shortened to the room its total leaves:
    a new total that leaves the shortened name as it was repaints just the total (the name
    is kept, not measured again), one that does not repaints the header; either way the
    pixels and the texts noted equal the header painted from nothing."""
    _, _, renderer = seated(4, 3, humans=(0, 1, 2, 3))
    renderer.names = ["Maximiliana Featherstonehaugh"] * 4
    panel = renderer.score_panels[3]
    band = panel._lay_bands()[0]
    layers, scribe = renderer.layers, renderer.scribe
    partly = 0
    for was, now in ((7, 8), (9, 10), (10, 11), (99, 100), (100, 104), (12, 3)):
        scribe.begin("head")
        panel._header(band, 3, was, layers.surface)
        scribe.begin("head")
        changed = panel._header(band, 3, now, layers.surface, before=(renderer.names[3], was))
        partly += changed is not None
        stepped, noted = layers.surface.subsurface(band).copy(), scribe.written["head"]
        scribe.begin("head")
        panel._header(band, 3, now, layers.surface)
        assert (pygame.image.tobytes(stepped, "RGB")
                == pygame.image.tobytes(layers.surface.subsurface(band), "RGB")), (was, now)
        assert noted == scribe.written["head"] and noted[-1].text == renderer.names[3]
    assert partly >= 3


@pytest.mark.parametrize(("players", "humans"), [(4, (0, 1, 2, 3)), (3, (0,))])
def test_no_frame_paints_two_score_rows_from_nothing(players, humans):
    """A score row painted from nothing (a round's end moves the lit round) takes a frame's
    budget: in a played game past round ends, no frame paints two whole rows, and whole rows
    were painted (each reports its whole band)."""
    match, bots, renderer = seated(players, 6, humans)
    bands = []
    for panel in renderer.score_panels:
        if panel.area.mini:
            bands.append(panel.area.score)
        else:
            head, rounds, bonus = panel._lay_bands()
            bands += [head, *rounds, bonus]
    whole_rows = 0
    while match.prompts() and match.view(None).round < 2:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.layers.take_painted()
            renderer.update(1 / 60)
            whole = {tuple(r) for r in renderer.layers.take_painted() or [] if r in bands}
            assert len(whole) <= 1, whole
            whole_rows += len(whole)
    assert whole_rows >= 10


@pytest.mark.parametrize(("players", "width"), [(1, None), (4, None), (1, 0.0)])
def test_score_rows_wait_while_a_card_turning_over_is_wide(players, width, monkeypatch):
    """No score row is repainted in a frame whose card turning over is wider than
    SCORE_FLIP_WIDTH of its width (its heaviest frames); rows are repainted in its narrow
    frames or after it, every row catches up, and the card's face is still laid ahead under
    it meanwhile (the frame it lands lays no face; rows held through the whole flip too)."""
    if width is not None:
        monkeypatch.setattr(scene, "SCORE_FLIP_WIDTH", width)
    match, bots, renderer = seated(players, 6)
    card, layers = renderer.panels["card"], renderer.layers
    painted = []
    paint_region = layers.paint_region

    def noted(name, *args, **kwargs):
        painted.append(name)
        return paint_region(name, *args, **kwargs)

    layers.paint_region = noted
    held = beside = 0
    for _ in range(12):
        if not match.prompts():
            break
        bots_answer(match, bots, renderer)
        while renderer.busy():
            painted.clear()
            ahead = card.face_ahead  # (flip, face, strips laid)
            renderer.update(1 / 60)
            rows = [name for name in painted if name.startswith("score")]
            wide = card.turning_wider(scene.SCORE_FLIP_WIDTH)
            assert not (wide and rows), rows
            held += wide and renderer.scores.due
            beside += bool(rows) and any(tw in renderer.timeline.tweens for tw in card.flips)
            if "card" in painted and ahead and ahead[0] not in renderer.timeline.tweens:
                assert ahead[2] == AHEAD_STRIPS  # landed over its face laid whole
        assert stale_rows(renderer) == []
    assert held >= 3 and (beside >= 1 or width == 0.0), (held, beside)
