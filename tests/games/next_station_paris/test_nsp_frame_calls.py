"""Next Station's ordinary frames call less and still draw and report the same: a stroke in
flight is painted and bounded by one function each (what its frames share worked out once, as
the plain helpers would work it out), a frame that only moves the clock asks nothing else, and
the score rows of a seat still drawing are checked when its stroke ends, not every frame."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.games.next_station_paris.map_marks import box
from tests.games.next_station_paris.test_damage import bots_answer, seated
from tests.games.next_station_paris.test_nsp_score_rows import stale_rows

# (a, b) canvas ends of strokes in every direction, on and off whole pixels
STROKES = (((300.0, 300.0), (420.5, 300.0)), ((300.0, 300.0), (180.25, 215.75)),
           ((512.3, 400.9), (512.3, 250.1)), ((640.0, 500.0), (701.7, 618.2)))
PROGRESS = [k / 24 for k in range(25)] + [0.0, 0.013, 0.5001, 0.999]


def _plain_where(a, b, p: float, reach: int, size: float, mini: bool) -> pygame.Rect:
    """Where a stroke paints at progress p, from the plain helpers (its line so far grown by
    `reach`, the pencil's box at its tip)."""
    q = max(0.02, p)
    line = box(a, (a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q))
    line.inflate_ip(2 * reach, 2 * reach)
    if mini or p >= 1.0:
        return line
    tip = (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
    return line.union(sp.pencil_box(tip, sp.pencil_lean(a, b), size))


@pytest.mark.parametrize("humans", [(0,), ()])  # a person's big map, a bot's compact one
def test_a_stroke_s_path_is_the_plain_helpers_rect(humans):
    _, _, renderer = seated(2, 1, humans)
    panel = renderer.map_panels[0]
    reach = panel.pencil_width() + 4
    for size in (sp.pencil_size(panel.geom.spacing), 40.0):
        for a, b in STROKES:
            where = panel._stroke_path(a, b, size)
            for p in PROGRESS:
                assert where(p) == _plain_where(a, b, p, reach, size, panel.area.mini), (a, b, p)


@pytest.mark.parametrize("mini", [False, True])
def test_a_stroke_in_flight_paints_what_the_plain_helpers_paint(mini):
    color, width, seed, size = sp.pencil_rgb("blue"), 7, 45, 30.0
    for a, b in STROKES:
        paint = sp.stroke_painter(color, a, b, width, seed, size, mini)
        for p in PROGRESS:
            fast, plain = pygame.Surface((900, 700)), pygame.Surface((900, 700))
            fast.fill(sp.PAPER)
            plain.fill(sp.PAPER)
            paint(fast, p)
            sp.pencil_stroke(plain, color, a, b, width, seed, max(0.02, p))
            if not mini and p < 1.0:  # the pencil's tip on the nearest whole pixel
                tip = (round(a[0] + (b[0] - a[0]) * p), round(a[1] + (b[1] - a[1]) * p))
                sp.pencil_tip(plain, color, tip, sp.stroke_lean(a, b), size)
            assert (pygame.image.tobytes(fast, "RGB")
                    == pygame.image.tobytes(plain, "RGB")), (a, b, p)


def test_strokes_in_flight_leave_the_score_rows_alone_until_they_end():
    """While only strokes run, the score rows are not checked frame after frame (the seats
    drawing would be gathered and compared each time): they are checked again when a stroke
    ends, and every row is up to date once the board is still."""
    match, bots, renderer = seated(3, 5)
    scores = renderer.scores
    checks = []
    paint = type(scores).paint
    scores.paint = lambda budget: (checks.append(budget), paint(scores, budget))[1]
    stroke_frames = checked = 0
    for _ in range(8):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            clock = renderer.timeline.clock
            ends = {tw.end for tw in renderer.timeline}
            before = len(checks)
            renderer.update(1 / 60)
            quiet = (not renderer.layers.pending and not any(clock < e <= clock + 1 / 60
                                                              for e in ends))
            if quiet and renderer.timeline.tweens and not scores.hold:
                stroke_frames += 1
                checked += len(checks) > before
        assert stale_rows(renderer) == []
    assert stroke_frames > 40 and checked < stroke_frames // 4


def test_a_frame_that_only_moves_the_clock_asks_nothing_and_the_rest_catch_up():
    """A frame in which no tween ends or starts holding and nothing waits repaints nothing
    and asks for no layer or score row; the frames in which something waits still catch up
    (every layer and score row as a full refresh would leave them)."""
    match, bots, renderer = seated(2, 3)
    asked = []
    refresh, paint = renderer.refresh, renderer.scores.paint
    renderer.refresh = lambda *a: asked.append("refresh") or refresh(*a)
    renderer.scores.paint = lambda *a: asked.append("scores") or paint(*a)
    quiet = 0
    for _ in range(6):
        bots_answer(match, bots, renderer)
        for _ in range(600):  # a frame skipped that had work waiting would never end
            if not renderer.busy():
                break
            line = renderer.timeline
            still = (line.clock + 1 / 60 < line.quiet_until() and not renderer.layers.pending
                     and not renderer.scores.due and not renderer._landed
                     and not renderer._holds_due)
            before, time = len(asked), renderer.time
            renderer.update(1 / 60)
            assert renderer.time == pytest.approx(time + 1 / 60)
            if still:
                quiet += 1
                assert len(asked) == before
        assert not renderer.busy()
        assert stale_rows(renderer) == []
        assert all(renderer.layers.shown_key(p.name) == p.key()
                   for p in renderer.panels.values() if p.LAYERED)
    assert quiet > 40


def test_the_card_s_key_kept_per_view_and_holds_is_the_one_worked_out_afresh():
    """The card's key, kept while the view and the holds stay the same objects, is at every
    frame the one its parts give now (a flip ending, a new card, a new round)."""
    match, bots, renderer = seated(2, 4)
    panel = renderer.panels["card"]
    keys = set()
    for _ in range(12):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
            assert panel.key() == (panel.shown_card(), panel.branch_shown())
            keys.add(panel.key())
    assert len(keys) >= 3


def test_settled_compares_the_holds_by_their_counts_not_by_the_object():
    """The last clean refresh's holds and the timeline's now: the same counts (another
    Counter) are settled, other counts (one more stroke held, one fewer) are not."""
    _, _, renderer = seated(2, 2)
    renderer.refresh(None)
    view, holds = renderer._clean
    assert renderer._settled()
    renderer._clean = (view, Counter(holds))  # equal counts, another object
    assert renderer._settled()
    renderer._clean = (view, Counter({**holds, ("link", 0, 0, 1): 1}))
    assert not renderer._settled()
    renderer._clean = (object(), holds)  # another view
    assert not renderer._settled()
