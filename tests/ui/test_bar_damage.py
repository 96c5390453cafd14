"""A new message on the bar redraws where the old and the new message are, not the whole bar:
those rects hold every pixel that differs between the two bars."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import game_paint as paint
from game.scenes.table.split import SplitTable
from game.ui.board_api import BAR_RECT, CANVAS_SIZE

MESSAGES = [  # (message, the seats whose emblems lead it)
    ("Bot 2 is thinking...", (1,)),
    ("Bot 3 is thinking...", (2,)),
    ("A much longer message that runs far along the bar " * 3, (0,)),
    ("", ()),
    ("Game over", ()),
    ("Waiting for Ana, Bea, Carl", (0, 1, 3)),
]
PAIRS = [(a, b) for a in MESSAGES for b in MESSAGES if a != b]


def changed(before: pygame.Surface, after: pygame.Surface) -> list[tuple[int, int]]:
    """The canvas pixels of the bar that differ between two canvases."""
    return [(x, y) for y in range(BAR_RECT.top - 1, BAR_RECT.bottom)
            for x in range(BAR_RECT.left, BAR_RECT.right)
            if before.get_at((x, y)) != after.get_at((x, y))]


def covered(pixels: list[tuple[int, int]], rects: list[pygame.Rect]) -> bool:
    """True if every pixel lies in one of the rects."""
    return all(any(rect.collidepoint(p) for rect in rects) for p in pixels)


@pytest.fixture(scope="module")
def canvases():
    """Two canvases in the display's format."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield pygame.Surface(CANVAS_SIZE).convert(), pygame.Surface(CANVAS_SIZE).convert()
    pygame.display.quit()


@pytest.mark.parametrize("old, new", PAIRS[::3])
def test_the_shared_bar_s_idle_message_changes_only_inside_its_areas(canvases, old, new):
    """`paint_bar` with one speaker (or none): old and new areas hold every changed pixel."""
    before, after = canvases
    right = 1400
    for surface, (message, who) in ((before, old), (after, new)):
        paint.paint_bar(surface, message, who[0] if who else None, right)
    pixels = changed(before, after)
    assert pixels  # the two bars differ
    areas = [paint.bar_message_area(message, who[:1], right) for message, who in (old, new)]
    assert covered(pixels, areas)


@pytest.mark.parametrize("old, new", PAIRS[1::3])
def test_the_split_bar_s_message_changes_only_inside_its_areas(canvases, old, new):
    """`render_bar` with the same hints: `SplitTable.bar_rects` holds every changed pixel."""
    before, after = canvases
    hints = (("confirm", "hint.choose"), ("menu", "hint.menu"))
    for surface, (message, who) in ((before, old), (after, new)):
        surface.blit(paint.render_bar(message, hints, "keyboard", who), BAR_RECT)
    pixels = changed(before, after)
    assert pixels
    keys = [(message, hints, "keyboard", who) for message, who in (old, new)]
    rects = SplitTable.bar_rects(*keys)
    assert all(not rect.contains(BAR_RECT) for rect in rects)  # not the whole bar
    assert covered(pixels, rects)


def test_the_split_bar_is_redrawn_whole_when_its_hints_change():
    """Other hints (or input kind) move the message's right end: the whole bar."""
    was = ("Bot 2 is thinking...", (), "keyboard", (1,))
    now = ("Waiting for Ana", (("confirm", "hint.choose"),), "keyboard", (0,))
    assert SplitTable.bar_rects(was, now) == [paint.BAR_REACH]
    assert SplitTable.bar_rects(None, now) == [paint.BAR_REACH]


def test_bots_moves_redraw_only_the_bar_s_messages_and_equal_a_full_redraw(home):
    """Bots alone: a move naming another speaker redraws the old and new message (the bar's
    pass never calls the renderer, which draws on the board only); frames equal full redraws."""
    from test_damage import full_redraw, playing, same_pixels

    from game.engine.bots import BOT_KINDS
    from game.scenes.seating import SeatSpec

    app, scene = playing("ticket_to_ride_paris", [SeatSpec(BOT_KINDS[0]) for _ in range(3)], 4)
    renderer, calls = scene.renderer, []
    draw = renderer.draw
    renderer.draw = lambda canvas, *args: (calls.append(canvas.get_clip()), draw(canvas, *args))
    bar_passes = 0
    try:
        for frame in range(900):
            calls.clear()
            app.step([], 1 / 60)
            during = list(calls)
            assert same_pixels(app.canvas, full_redraw(app)), f"frame {frame} differs"
            drawn = app.drawn or []
            in_bar = [rect for rect in drawn if rect.top >= BAR_RECT.top]
            if in_bar:
                bar_passes += 1
                assert not any(rect.contains(BAR_RECT) for rect in in_bar)  # the messages
                assert all(clip.top < BAR_RECT.top for clip in during)  # board passes only
                assert len(during) == len(drawn) - len(in_bar)
            if scene.finished or bar_passes >= 3:
                break
    finally:
        pygame.display.quit()
    assert bar_passes >= 3


def test_the_split_bar_is_rendered_once_per_key_and_language_and_equals_a_fresh_render(canvases):
    """`SplitTable.bar_image` keeps the last BARS_KEPT bars: each one it gives equals a bar
    rendered now for that key, a key seen again is not rendered again, the hints follow the
    language, and no more bars than that are kept."""
    from game.scenes.table.split import BARS_KEPT
    from game.ui.i18n import language, set_language

    table = SplitTable(None)  # the bar needs nothing of the game
    hints = (("confirm", "hint.choose"), ("menu", "hint.menu"))
    keys = [(message, hints if n % 2 else (), "keyboard", who)
            for n, (message, who) in enumerate(MESSAGES)]
    message, who = MESSAGES[0]  # one message with other hints, input kind, speakers
    keys += [(message, hints, "keyboard", who), (message, hints, "pad", who),
             (message, (), "keyboard", (2,))]
    was = language()
    try:
        for lang in ("en", "es", "en"):
            set_language(lang)
            for key in keys + keys[::-1]:
                image = table.bar_image(key)
                fresh = paint.render_bar(*key)
                assert pygame.image.tobytes(image, "RGB") == pygame.image.tobytes(fresh, "RGB")
            assert len(table._bars) <= BARS_KEPT
        again = table.bar_image(keys[-1])
        assert table.bar_image(keys[-1]) is again  # kept, not rendered anew
    finally:
        set_language(was)
