"""Next Station's cheaper frames draw the same pixels as the plain way: the card turning over
fills its backdrop only around the squeezed card (the same picture as a whole fill under it)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math
import random

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.games.next_station_paris.board import COLORS
from game.games.next_station_paris.column_panels import lay, t
from game.games.next_station_paris.map_marks import Inked
from game.games.next_station_paris.notes import Scribe
from game.ui import theme
from game.ui.board_api import CANVAS_SIZE
from game.ui.geometry import Stroke
from tests.games.damage_watch import outside
from tests.games.next_station_paris.test_damage import bots_answer, seated
from tests.games.next_station_paris.test_nsp_score_rows import score_rows


def _noise(size: tuple[int, int], seed: int) -> pygame.Surface:
    """A canvas of random colours (whatever a fill forgot shows)."""
    rng = random.Random(seed)
    surface = pygame.Surface(size)
    for x in range(0, size[0], 8):
        surface.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                     (x, 0, 8, size[1]))
    return surface


def _whole_fill_flip(back: pygame.Surface, face: pygame.Surface, rect: pygame.Rect,
                     lift: float, backdrop: tuple, canvas: pygame.Surface, p: float) -> None:
    """The flip as it was painted before: the whole backdrop, then the squeezed card."""
    width = max(2, int(rect.w * abs(math.cos(math.pi * p))))
    rise = int(lift * math.sin(math.pi * p))
    pygame.draw.rect(canvas, backdrop, rect.inflate(8, 8))
    img = pygame.transform.scale(back if p < 0.5 else face, (width, rect.h))
    canvas.blit(img, img.get_rect(center=(rect.centerx, rect.centery - rise)))


@pytest.mark.parametrize("players", [1, 3])
def test_the_card_flip_fills_around_the_card_the_picture_of_a_whole_fill(players):
    _, _, renderer = seated(players, 2)
    panel = renderer.panels["card"]
    back, face = panel.on_plate(None, False), panel.on_plate("square", False)
    rect = panel.card
    paint = sp.card_flip(back, face, rect, 18, theme.PANEL)
    base = _noise(CANVAS_SIZE, players)
    clips = [None, rect.inflate(8, 8).move(0, 40).clip(rect.inflate(40, 40)),
             pygame.Rect(rect.centerx, rect.y - 30, 50, 60)]
    for step in range(61):
        p = step / 60
        for clip in clips:
            new, old = base.copy(), base.copy()
            new.set_clip(clip)
            old.set_clip(clip)
            paint(new, p)
            _whole_fill_flip(back, face, rect, 18, theme.PANEL, old, p)
            assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), (p, clip)


def test_around_covers_the_area_less_the_hole_once():
    area = pygame.Rect(10, 20, 100, 80)
    for hole in (pygame.Rect(40, 10, 30, 80), pygame.Rect(40, 30, 30, 20),
                 pygame.Rect(0, 0, 200, 200), pygame.Rect(200, 0, 5, 5),
                 pygame.Rect(10, 20, 100, 80), pygame.Rect(5, 90, 50, 40)):
        mask = pygame.Mask((300, 300))
        for part in sp.around(area, hole):
            assert area.contains(part) and not part.colliderect(hole)
            piece = pygame.Mask(part.size, fill=True)
            assert mask.overlap_area(piece, part.topleft) == 0  # no pixel twice
            mask.draw(piece, part.topleft)
        whole = pygame.Mask(area.size, fill=True)
        cut = hole.clip(area)
        assert mask.count() == area.w * area.h - cut.w * cut.h
        assert mask.overlap_area(whole, area.topleft) == mask.count()


def test_a_seat_s_score_is_worked_out_again_when_its_sheet_changed():
    """Each seat's score as the zone shows it is kept until that seat's sheet changes: after
    every move and every frame of a played game, it equals one worked out anew."""
    match, bots, renderer = seated(3, 8)
    scores = renderer.scores
    checked = 0
    while match.prompts() and checked < 300:
        for prompt in match.prompts():
            action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
            events = match.apply(prompt.player, action) + match.resolve_chance()
            renderer.animate(events, match.view(None), None)
            view = renderer.view
            for seat in range(3):
                assert scores.seat_score(view, seat) == scores._seat_score(view, seat)
                checked += 1
        for _ in range(3):
            renderer.update(1 / 60)
    assert checked >= 300


@pytest.mark.parametrize("players", [2, 4])
def test_a_frame_that_works_a_seat_s_score_out_paints_no_score_row(players, monkeypatch):
    """A budgeted repaint of the score rows works a seat's score out (the rules' scoring) in
    a frame of its own, its rows from the next frame on: in a played game no frame does both,
    and scores were worked out in frames of their own (seats still drawing among them)."""
    match, bots, renderer = seated(players, 9)
    scores, worked, frames = renderer.scores, [], 0
    work = scores._seat_score
    monkeypatch.setattr(scores, "_seat_score", lambda view, seat: worked.append(seat) or
                        work(view, seat))
    regions = {region for panel in renderer.score_panels for region in panel.regions}
    painted: list[str] = []
    paint_region = renderer.layers.paint_region
    monkeypatch.setattr(renderer.layers, "paint_region", lambda name, *a, **k: (
        painted.append(name), paint_region(name, *a, **k)))
    alone = 0
    while match.prompts() and frames < 1500:
        bots_answer(match, bots, renderer)
        worked.clear()
        while renderer.busy():
            painted.clear()
            renderer.update(1 / 60)
            frames += 1
            assert not (worked and regions.intersection(painted)), frames
            alone += len(worked)
            worked.clear()
    assert alone >= 20


@pytest.mark.parametrize("players", [1, 3])
def test_the_deck_composed_before_play_equals_the_deck_painted_from_nothing(players):
    """The round's deck panel, laid from its picture composed before play (every card unseen)
    with the veils of the cards seen, has the pixels of the panel painted from nothing, at
    every frame of a played game, across rounds; and its heading is noted."""
    match, bots, renderer = seated(players, 5)
    deck = renderer.panels["deck"]
    rounds, frames = set(), 0
    while match.prompts() and frames < 2000:
        for prompt in match.prompts():
            action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
            events = match.apply(prompt.player, action) + match.resolve_chance()
            renderer.animate(events, match.view(None), None)
        while renderer.busy():
            renderer.update(1 / 60)
            frames += 1
            if renderer.layers.shown_key(deck.name) != deck.key():
                continue  # left for a later frame
            scratch = renderer.layers.static.copy()
            scratch.set_clip(deck.rect)
            deck._paint_unseen(scratch, Scribe())
            w, h = deck.card_size()
            for k in deck.seen():
                scratch.blit(sp.seen_veil(w, h), deck.spots()[k])
            assert (pygame.image.tobytes(scratch.subsurface(deck.rect), "RGB")
                    == pygame.image.tobytes(renderer.layers.surface.subsurface(deck.rect), "RGB"))
            assert [n.text for n in renderer.written["deck"]] == [t("deck_panel")]
            rounds.add(renderer.view.round)
    assert len(rounds) >= 3


def _rows_shown(renderer) -> list[tuple[str, pygame.Rect]] | None:
    """Every score row (region, band) when all of them show what they should; else None."""
    rows = list(score_rows(renderer))
    if any(renderer.layers.shown_key(region) != key for region, _, key in rows):
        return None
    return [(region, rect) for region, rect, _ in rows]


@pytest.mark.parametrize(("players", "humans", "options"), [
    (1, (0,), ()), (3, (), (("gates", True), ("objectives", True))), (2, (1,), ())])
def test_score_rows_painted_from_what_changed_equal_rows_painted_from_nothing(
        players, humans, options):
    """A score row whose numbers alone changed repaints just those numbers (a total, a box
    of the line's sum, a bonus): at every frame of a played game whose rows are all up to
    date, the layer and the texts noted equal every row painted anew from nothing; and rows
    did take that path (rects smaller than their row), checked in the frame they did."""
    match, bots, renderer = seated(players, players + 1, humans, options)
    partial = checked = frames = 0
    while match.prompts() and checked < 150:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.layers.take_painted()
            renderer.update(1 / 60)
            rows = _rows_shown(renderer)
            painted = renderer.layers.take_painted() or []
            if rows is None or renderer.layers.pending:
                continue
            bands = [rect for _, rect in rows]
            partly = any(band.contains(r) and r != band for r in painted for band in bands)
            partial += partly
            frames += 1
            if not partly and frames % 10:
                continue  # a check paints every row from nothing: the next would not be partial
            drawn = renderer.layers.surface.copy()
            noted = {region: renderer.written.get(region) for region, _ in rows}
            ahead = renderer.panels["card"].face_ahead  # a face laid under its flip
            laid = [renderer.panels["card"].card] if ahead and ahead[2] else []
            renderer.layers.invalidate()
            renderer.refresh()
            renderer.scores.paint(None)  # every row from nothing
            assert not outside(drawn, renderer.layers.surface, laid)
            assert noted == {region: renderer.written.get(region) for region, _ in rows}
            checked += 1
    assert checked >= 50 and partial >= 20


@pytest.mark.parametrize("players", [1, 4])
def test_the_pips_composed_before_play_equal_the_pips_painted_from_nothing(players):
    """Each count of Metro cards turned is laid from a picture composed before play: the
    pixels and the noted word of the pips painted from nothing over their plate."""
    _, _, renderer = seated(players, 3)
    pips = renderer.panels["pips"]
    for metros in range(pips.need() + 1):
        scratch = renderer.layers.static.copy()
        scratch.set_clip(pips.rect)
        scribe = Scribe()
        scribe.begin(pips.name)
        pips._paint_pips(metros, scratch, scribe)
        laid = renderer.layers.static.copy()
        renderer.scribe.begin("other")
        lay(pips, laid, pips.picture(metros))
        assert (pygame.image.tobytes(scratch.subsurface(pips.rect), "RGB")
                == pygame.image.tobytes(laid.subsurface(pips.rect), "RGB")), metros
        assert renderer.written[pips.name] == scribe.written[pips.name] != []


@pytest.mark.parametrize("players", [2, 4])
def test_frames_that_skip_the_layers_leave_none_out_of_date(players):
    """A frame whose timeline moved on without changing the view or the holds (a count-up)
    skips working every layer's key out: after every frame of a played game, across round
    ends, each layer shows its key unless the budget left layers for a later frame; and
    frames did skip."""
    match, bots, renderer = seated(players, 6)
    layers = renderer.layers
    skipped = frames = 0
    while match.prompts() and frames < 2500:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            settled = renderer._settled() and not layers.pending and not renderer._landed
            renderer.update(1 / 60)
            frames += 1
            skipped += settled
            if not layers.pending:  # the layers were painted with the timeline's holds
                assert renderer.holds == renderer.timeline.holds()
                assert all(layers.shown_key(layer.name) == layer.key()
                           for layer in layers._layers.values()), frames
    assert frames >= 1000 and skipped >= 50


def _fresh_strokes(panel) -> list[Stroke]:
    """A map's pencil segments made anew (what `strokes` gave before it kept them)."""
    out = []
    for color, links in panel.shown_links():
        for lk in links:
            link = panel.board.links[lk]
            out.append(Stroke(f"seat {panel.seat} {COLORS[color]} line",
                              (panel.station_center(link.a), panel.station_center(link.b)),
                              panel.pencil_width()))
    return out


@pytest.mark.parametrize(("players", "humans", "seed"), [(2, (0, 1), 4), (3, (), 4), (1, (0,), 8)])
def test_a_map_s_kept_segments_and_interchanges_equal_fresh_ones(players, humans, seed):
    """The segments a map keeps (made once each) and its interchanges (worked out once per
    shown links) equal those made anew after every frame of a played game, strokes in
    flight held back; so do its numbers' places, kept from stroke to stroke while no new
    stroke crosses one (`_badges_after`), on a layer up to date."""
    match, bots, renderer = seated(players, seed, humans)
    crossings = badges = 0
    while match.prompts():
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
            for panel in renderer.map_panels.values():
                assert panel.strokes() == _fresh_strokes(panel)
                assert panel._interchanges_shown() == panel._count_interchanges()
                crossings += len(panel._count_interchanges())
                if renderer.layers.shown_key(panel.name) == panel.key():
                    assert panel.badges == panel._badge_spots()
                    badges += len(panel.badges)
    assert crossings >= 100  # lines met at interchanges
    assert badges >= 100 or players > 1  # numbers placed (a solo sheet's big map has room)


def test_a_new_stroke_over_a_number_moves_it_as_a_fresh_search_would():
    """The numbers kept from stroke to stroke (`_badges_after`) are placed anew when a new
    stroke crosses one: the same places as the full search gives (the stroke is made up,
    straight through a number: the bots' strokes seldom cross one)."""
    match, bots, renderer = seated(1, 8, (0,))
    panel = renderer.map_panels[0]
    while not panel.badges:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
    since, old = panel.shown_links(), panel.badges
    drawn = {lk for _, links in since for lk in links}
    color, new = since[-1][0], next(lk for lk in range(len(panel.board.links)) if lk not in drawn)
    spot = old[0][2]
    stroke = Stroke("made up", ((spot.x - 20, spot.centery), (spot.right + 20, spot.centery)), 6)
    panel._segments[color, new] = (stroke, spot.inflate(48, 8))
    shown = (*since[:-1], (color, (*since[-1][1], new)))
    panel.shown_links = lambda: shown  # the new stroke on screen
    kept = panel._badges_after(since, shown)
    assert kept == panel._badge_spots()
    assert kept[0][2] != spot  # the crossed number moved


@pytest.mark.parametrize("players", [1, 4])
def test_the_header_laid_band_by_band_equals_the_header_painted_from_nothing(players):
    """The header lays only the band whose number changed (the round's title, the cards
    left), each from a picture composed before play: at every frame of a played game across
    rounds, its pixels and noted texts equal the whole header painted from nothing; and the
    count band alone was laid in frames a card turned over."""
    match, bots, renderer = seated(players, 7)
    header = renderer.panels["header"]
    rounds, alone, frames = set(), 0, 0
    while match.prompts() and frames < 2000:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.layers.take_painted()
            renderer.update(1 / 60)
            frames += 1
            painted = renderer.layers.take_painted() or []
            alone += header.count_band in painted and header.title_band not in painted
            if renderer.layers.shown_key(header.name) != header.key():
                continue  # left for a later frame
            scratch = renderer.layers.static.copy()
            scratch.set_clip(header.rect)
            scribe = Scribe()
            scribe.begin(header.name)
            rnd, left = header.key()
            header._paint_title(rnd, scratch, scribe)
            header._paint_count(left, scratch, scribe)
            assert (pygame.image.tobytes(scratch.subsurface(header.rect), "RGB") == pygame.image
                    .tobytes(renderer.layers.surface.subsurface(header.rect), "RGB")), frames
            assert renderer.written[header.name] == scribe.written[header.name]
            rounds.add(rnd)
    assert len(rounds) >= 3 and alone >= 10


@pytest.mark.parametrize(("players", "humans"), [(1, (0,)), (3, (0, 2)), (4, ())])
def test_a_landed_stroke_is_inked_first_and_its_marks_drawn_again_after(players, humans):
    """In the frame a stroke lands its map gets just the pencil line (`ink_landed`: the
    tween's last picture, the line over the marks), its key an `Inked` one; at the map's
    next repaint the marks are drawn again over it: the map then equals one painted from
    nothing. A line whose ink reaches no mark (`MarkSites`) takes the map's key at once: the
    map must equal one painted from nothing right then. Checked at every frame of a played
    game; maps were inked first many times, both ways."""
    match, bots, renderer = seated(players, 11, humans)
    maps = list(renderer.map_panels.values())
    inks: list[int] = []
    for panel in maps:
        ink = panel.ink_landed
        panel.ink_landed = lambda surface, ink=ink, seat=panel.seat: (inks.append(seat),
                                                                       ink(surface))[1]
    inked = checked = frames = alone = 0
    while match.prompts() and frames < 1500:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            inks.clear()
            renderer.update(1 / 60)
            frames += 1
            for panel in maps:
                shown = renderer.layers.shown_key(panel.name)
                inked += isinstance(shown, Inked)
                alone += panel.seat in inks and shown == panel.key()  # no marks pass due
                if shown != panel.key():
                    continue
                drawn = renderer.layers.surface.subsurface(panel.rect).copy()
                whole = renderer.layers.static.copy()
                renderer.scribe.begin("other")
                whole.set_clip(panel.rect)
                layers = renderer.layers
                layers.surface, kept = whole, layers.surface
                layers._shown.pop(panel.name)
                panel.paint(whole)
                layers.surface = kept
                layers._shown[panel.name] = shown
                assert (pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(
                    whole.subsurface(panel.rect), "RGB")), (panel.seat, frames)
                checked += 1
    assert inked >= 5 and alone >= 10 and checked >= 200


def test_strokes_inked_already_are_not_drawn_again(monkeypatch):
    """A map's repaint after `ink_landed` counts the inked strokes as added (their marks are
    drawn again) but draws none of them again."""
    match, bots, renderer = seated(2, 11, (0, 1))
    for _ in range(12):
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
    panel = renderer.map_panels[0]
    links = panel.key()[0]
    drawn = []
    monkeypatch.setattr(sp, "pencil_stroke", lambda *args: drawn.append(args))
    scratch = renderer.layers.static.copy()
    _, added = panel._ink(scratch, (), links)
    assert drawn == [] and len(added) == sum(len(ls) for _, ls in links) >= 3
    panel._ink(scratch, (), None)
    assert len(drawn) == len(added)


def test_a_map_with_no_interchange_places_no_number_without_gathering_its_segments():
    """Before any line meets another the number search answers at once: no segment of the
    map is gathered (each repaint of a big map after a stroke searched them all)."""
    match, bots, renderer = seated(1, 8, (0,))
    panel = renderer.map_panels[0]
    gathered = []
    segments = panel._shown_segments
    panel._shown_segments = lambda: gathered.append(1) or segments()
    searched = crossed = 0
    while not crossed:
        bots_answer(match, bots, renderer)
        while renderer.busy():
            renderer.update(1 / 60)
        crossed = len(panel._interchanges_shown())
        before = len(gathered)
        spots = panel._badge_spots()
        searched += not crossed
        assert (len(gathered) > before) == bool(crossed), crossed
    assert searched >= 2 and spots  # strokes before the first crossing; then numbers placed
