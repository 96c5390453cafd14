"""Next Station's heaviest pieces of a frame made smaller draw the same pixels: the card turning
over squeezes its face straight onto the canvas and keeps its back's widths."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.next_station_paris import sprites as sp
from game.games.next_station_paris.column_panels import AHEAD_STRIPS, LAY_FROM, t
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.i18n import set_language
from tests.games.next_station_paris.test_damage import seated
from tests.games.next_station_paris.test_nsp_frame_work import _noise, _whole_fill_flip


def _scales(monkeypatch) -> list[bool]:
    """Spy on pygame.transform.scale: one entry per call, True if it scaled into a surface
    given (straight onto the canvas)."""
    calls: list[bool] = []
    scale = pygame.transform.scale
    monkeypatch.setattr(pygame.transform, "scale",
                        lambda *args: calls.append(len(args) > 2) or scale(*args))
    return calls


@pytest.mark.parametrize("alpha", [False, True])
def test_a_face_squeezed_onto_the_canvas_is_the_picture_scaled_then_blitted(alpha, monkeypatch):
    """Unclipped, on a canvas of the picture's format, the face is scaled straight into the
    canvas; clipped, or on another format, it is scaled then blitted: the same pixels each
    way, nothing outside the clip."""
    _, _, renderer = seated(1, 2)
    panel = renderer.panels["card"]
    face, rect = panel.on_plate("square", False), panel.card
    base = _noise(CANVAS_SIZE, 5)
    if alpha:  # another pixel format than the picture's
        noise, base = base, pygame.Surface(CANVAS_SIZE, pygame.SRCALPHA)
        base.blit(noise, (0, 0))
    calls = _scales(monkeypatch)
    for clip in (None, rect.move(40, 10), pygame.Rect(rect.centerx, rect.y, 30, 40)):
        for width in (2, rect.w // 3, rect.w):
            card = pygame.Rect(0, 0, width, rect.h)
            card.center = rect.center
            new, old = base.copy(), base.copy()
            new.set_clip(clip)
            old.set_clip(clip)
            calls.clear()
            sp.squeeze_onto(new, face, card)
            old.blit(pygame.transform.scale(face, card.size), card)
            assert pygame.image.tobytes(new, "RGBA") == pygame.image.tobytes(old, "RGBA")
            assert calls[0] is (clip is None and not alpha), (clip, width)


def test_a_flip_meets_its_back_s_widths_kept_from_an_earlier_flip(monkeypatch):
    """The back squeezed to a width is kept: a second flip at the same steps scales no back
    again (its face it does), and paints what a whole fill and a fresh scale paint."""
    _, _, renderer = seated(3, 2)
    panel = renderer.panels["card"]
    back, face, rect = panel.on_plate(None, False), panel.on_plate("square", False), panel.card
    steps = [k / 25 for k in range(26)]
    first = sp.card_flip(back, face, rect, 18, theme.PANEL)
    canvas = _noise(CANVAS_SIZE, 1)
    for p in steps:
        first(canvas, p)
    calls = _scales(monkeypatch)
    again, scaled = sp.card_flip(back, face, rect, 18, theme.PANEL), 0
    for p in steps:
        new, old = canvas.copy(), canvas.copy()
        calls.clear()
        again(new, p)
        scaled += len(calls)
        _whole_fill_flip(back, face, rect, 18, theme.PANEL, old, p)
        assert pygame.image.tobytes(new, "RGB") == pygame.image.tobytes(old, "RGB"), p
    assert scaled == sum(p >= 0.5 for p in steps)  # the face's: every back width kept


@pytest.mark.parametrize(("players", "humans"), [(2, ()), (3, (0,))])
def test_no_stroke_works_its_grain_out_in_play(players, humans):
    """Every stroke's grain (each colour on each link, at each map's pencil width) is worked
    out when the layout is built: a played game, its strokes drawn frame by frame and inked
    on their maps, finds every one kept."""
    match, bots, renderer = seated(players, 4, humans)
    canvas = pygame.Surface(CANVAS_SIZE)
    grains = sp.pencil_grain.cache_info().misses
    strokes = 0
    for _ in range(12):
        for prompt in match.prompts():
            action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
            events = match.apply(prompt.player, action) + match.resolve_chance()
            strokes += sum(ev.kind == "segment_drawn" for ev in events)
            renderer.animate(events, match.view(None), None)
        for _ in range(30):
            renderer.update(1 / 60)
            renderer.draw(canvas, None, None)
    assert strokes >= 6
    assert sp.pencil_grain.cache_info().misses == grains


def _card_band(renderer) -> bytes:
    panel, board = renderer.panels["card"], renderer.layers.surface
    return pygame.image.tobytes(board.subsurface(panel.rect.move(-BOARD_RECT.x, -BOARD_RECT.y)),
                                "RGB")


def play_prompted(match, bots, renderer) -> None:
    """Every prompted seat's bot moves once, each move animated on `renderer`."""
    for prompt in match.prompts():
        action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
        renderer.animate(match.apply(prompt.player, action) + match.resolve_chance(),
                         match.view(None), None)


def test_the_card_painted_over_its_last_picture_is_the_card_painted_whole():
    """Through a game's cards, the branch card tucked in and taken away, the card's band as
    repainted over its last picture (the branch's corner alone restored) is the band painted
    from nothing."""
    match, bots, renderer = seated(2, 6)
    panel, layers = renderer.panels["card"], renderer.layers
    seen, shown = set(), layers.shown_key("card")
    while match.prompts() and len(seen) < 4:
        play_prompted(match, bots, renderer)
        for _ in range(40):
            renderer.update(1 / 60)
            key = layers.shown_key("card")
            if key == shown:
                continue
            seen.add((shown[1], key[1]))
            shown, painted = key, _card_band(renderer)
            del layers._shown["card"]  # painted from nothing, as at the first paint
            layers.paint_region("card", panel.rect, key, panel.paint, panel.RESTORE, panel.CLIP)
            assert _card_band(renderer) == painted, key
    assert {(False, True), (True, False)} <= seen  # the branch came and went


def test_the_branch_card_s_name_plate_is_laid_out_again_in_another_language():
    """The branch card's spots are kept per language: its name's plate fits the name as the
    language at hand writes it."""
    _, _, renderer = seated(1, 2)
    panel = renderer.panels["card"]
    try:
        for language in ("en", "es", "en"):
            set_language(language)
            label = theme.text(t("branch"), theme.SMALL_SIZE, theme.TEXT, True)
            assert panel._branch_spots()[2].w == label.get_width() + 12, language
    finally:
        set_language("en")


def _drawn(renderer) -> bytes:
    canvas = pygame.Surface(CANVAS_SIZE)
    renderer.draw(canvas, None, None)
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("players", [1, 3])
def test_a_face_laid_ahead_under_its_flip_never_shows_before_it_lands(players):
    """While a card turns over, its face is laid on the layer a strip a frame (frames that do
    nothing else); the flip covers it: every such frame draws what it draws over the card's
    layer painted whole from its key. The frame it lands lays no face again (the name alone)
    and its band is the band painted from nothing."""
    match, bots, renderer = seated(players, 3)
    panel, layers = renderer.panels["card"], renderer.layers
    laid = skipped = 0
    for _ in range(8):
        play_prompted(match, bots, renderer)
        for _ in range(60):
            shown, ahead = layers.shown_key("card"), panel.face_ahead
            renderer.update(1 / 60)
            if panel.face_ahead is not None and panel.face_ahead[2] > (ahead or (0, 0, 0))[2]:
                laid += 1
                drawn, saved, kept = _drawn(renderer), layers.surface.copy(), panel.face_ahead
                del layers._shown["card"]  # the card of its key painted from nothing
                layers.paint_region("card", panel.rect, shown, panel.paint, panel.RESTORE,
                                    panel.CLIP)
                assert _drawn(renderer) == drawn
                layers.surface.blit(saved, (0, 0))
                panel.face_ahead = kept
            elif layers.shown_key("card") != shown and ahead and ahead[2] >= AHEAD_STRIPS:
                skipped += panel.face_ahead is None  # landed over its face laid whole
                band, key = _card_band(renderer), layers.shown_key("card")
                del layers._shown["card"]
                layers.paint_region("card", panel.rect, key, panel.paint, panel.RESTORE,
                                    panel.CLIP)
                assert _card_band(renderer) == band, key
    assert laid >= 8 and skipped >= 1, (laid, skipped)


def test_a_new_round_s_deck_over_the_last_one_is_the_deck_painted_whole(monkeypatch):
    """At a new round the deck's cards seen last round are laid unseen again and the newly
    seen veiled, over the last round's picture (not the whole panel): after every repaint of
    a played game the panel is the panel painted from nothing, and rounds did begin so."""
    match, bots, renderer = seated(2, 5)
    panel, layers = renderer.panels["deck"], renderer.layers
    unveiled = []
    unveil = panel._unveil
    monkeypatch.setattr(panel, "_unveil", lambda *args: unveiled.append(1) or unveil(*args))
    shown = layers.shown_key("deck")
    while match.prompts() and len(unveiled) < 2:
        play_prompted(match, bots, renderer)
        for _ in range(40):
            renderer.update(1 / 60)
            key = layers.shown_key("deck")
            if key == shown:
                continue
            shown = key
            area = panel.rect.move(-BOARD_RECT.x, -BOARD_RECT.y)
            painted = pygame.image.tobytes(layers.surface.subsurface(area), "RGB")
            del layers._shown["deck"]  # painted from nothing
            layers.paint_region("deck", panel.rect, key, panel.paint, panel.RESTORE, panel.CLIP)
            assert pygame.image.tobytes(layers.surface.subsurface(area), "RGB") == painted, key
    assert len(unveiled) >= 2


@pytest.mark.parametrize("players", [1, 4])
def test_a_face_is_laid_ahead_while_its_card_is_narrow_and_before_it_lands(players):
    """The strips of a face laid under its flip wait until the card has turned LAY_FROM of
    its way (the flip's lightest frames), and are all laid before it lands: the landing
    frame lays no face (its key shows the card with the face laid whole)."""
    match, bots, renderer = seated(players, 3)
    panel, timeline = renderer.panels["card"], renderer.timeline
    turned, landed = [], 0
    for _ in range(8):
        play_prompted(match, bots, renderer)
        for _ in range(90):
            ahead = panel.face_ahead
            renderer.update(1 / 60)
            now = panel.face_ahead
            if ahead is not None and now is not None and now[2] > ahead[2]:
                turned.append((timeline.clock - now[0].start) / now[0].dur)
            landed += ahead is not None and ahead[2] >= AHEAD_STRIPS and now is None
    assert len(turned) >= 8 and landed >= 2, (len(turned), landed)
    assert min(turned) >= LAY_FROM - 1e-9, turned
