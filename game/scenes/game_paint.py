"""Painting for the game screen's table modes (table/): the bottom bar, split-screen seat
strips, the focus ring, the hint's glow and reason, the pass-the-screen curtain and the
unplugged-controller banner.

Pure drawing from explicit arguments: the scene decides what to show, these decide how it looks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.board_api import BAR_RECT
from game.ui.damage import note_clock
from game.ui.i18n import t
from game.ui.memory import art_cache
from game.ui.paint import draw_seat_emblem, fast, seat_color
from game.ui.widgets import dim, draw_hints, draw_text, fit, hints_width, note_frame, panel, wrap

BAR_GAP = 14  # between two bar buttons
BAR_BUTTON_H = 60
MESSAGE_W = 640  # the bar message keeps at least this much room; buttons scroll instead
BAR_EMBLEM = 40  # the speaker's emblem in the bar
FOCUS_REACH = 36  # the pulsing board focus ring stays inside its target grown by this
GLOW_REACH = 120  # the hint's glow stays inside its target grown by this
CURSOR_EMBLEM = 30  # the emblem on another decider's cursor
# Every pixel the bar paints: its rect and the row above it (the 3 px top line is centred on
# the bar's top edge).
BAR_REACH = pygame.Rect(BAR_RECT.x, BAR_RECT.y - 1, BAR_RECT.w, BAR_RECT.h + 1)

# Shortening a label measures it once per removed character: remember the results, as bars
# redraw the same labels every frame (four seat strips in split screen).
fit_cached = lru_cache(maxsize=1024)(fit)

Button = tuple[str, pygame.Rect, bool]  # label, rect, focused


def label_width(label: str, cap: int) -> int:
    """A bar button's width for this label (padding included), at most cap."""
    return min(theme.font(theme.SMALL_SIZE).size(label)[0] + 44, cap)


def row_of_buttons(widths: Sequence[int], x: int, centery: int, h: int) -> list[pygame.Rect]:
    """Button rects side by side from x, BAR_GAP apart."""
    rects = []
    for w in widths:
        rects.append(pygame.Rect(x, centery - h // 2, w, h))
        x += w + BAR_GAP
    return rects


def row_width(widths: Sequence[int]) -> int:
    """Total width of a row of buttons."""
    return sum(widths) + BAR_GAP * max(0, len(widths) - 1)


def paint_button(surface: pygame.Surface, label: str, rect: pygame.Rect, focused: bool) -> None:
    """One bar button: a rounded panel with its label."""
    panel(surface, rect, theme.PANEL_LIGHT if focused else theme.BACKGROUND, theme.TEXT_DIM, 2,
          14)
    draw_text(surface, fit_cached(label, theme.SMALL_SIZE, rect.w - 24), rect.center,
              theme.SMALL_SIZE, theme.TEXT, "center")


def bar_focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring of a bar button."""
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), 5, border_radius=16)
    note_frame(surface, rect.inflate(8, 8), 5)


def board_focus(surface: pygame.Surface, rect: pygame.Rect, clock: float) -> None:
    """A pulsing two-tone ring: the renderer highlights every option, this marks THE one."""
    grow = 14 + int(5 * (1 + math.sin(clock * 6)))  # 14..24, and the outer line 8 more
    note_clock(surface, rect.inflate(FOCUS_REACH, FOCUS_REACH))
    ring = rect.inflate(grow, grow)
    pygame.draw.rect(surface, (20, 20, 28), ring.inflate(8, 8), 6, border_radius=16)
    pygame.draw.rect(surface, theme.FOCUS, ring, 6, border_radius=14)
    note_frame(surface, ring.inflate(8, 8), 10)


def other_focus(surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """Another decider's cursor (simultaneous play), ringed in that seat's colour with its
    emblem on the top-left corner (so it never reads as the yellow focus ring)."""
    ring = pygame.Rect(rect).inflate(10, 10)
    pygame.draw.rect(surface, seat_color(seat), ring, 5, border_radius=12)
    draw_seat_emblem(surface, seat, ring.topleft, CURSOR_EMBLEM)


def render_strip(size: tuple[int, int], seat: int, message: str, live: bool,
                 buttons: Sequence[Button]) -> pygame.Surface:
    """A split-screen seat strip as one surface: frame in the seat colour, message, buttons."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    box = image.get_rect()
    panel(image, box, theme.PANEL, seat_color(seat), 3, 14)
    right = min((r.x for _, r, _ in buttons), default=box.right) - 16
    text_x = 18
    # The seat's emblem leads the message when both fit (the frame's colour marks it anyway):
    # a prompt is never cut short to make room for it.
    if theme.font(theme.SMALL_SIZE).size(message)[0] <= right - 24 - BAR_EMBLEM - 10:
        draw_seat_emblem(image, seat, (14 + BAR_EMBLEM // 2, box.centery), BAR_EMBLEM)
        text_x += BAR_EMBLEM + 10
    draw_text(image, fit_cached(message, theme.SMALL_SIZE, right - 6 - text_x),
              (text_x, box.centery),
              theme.SMALL_SIZE, theme.TEXT if live else theme.TEXT_DIM, "midleft")
    for label, rect, focused in buttons:
        paint_button(image, label, rect, focused)
    return image


def bar_line(who: Sequence[int], message: str, right: int
             ) -> tuple[list[tuple[int, int]], str, int]:
    """How a bar lays out its message (canvas x): (seat, emblem centre x) for each seat of
    `who`, the text fitted to end by `right`, and where the text starts."""
    x = BAR_RECT.x + 24
    emblems = []
    for seat in who:
        emblems.append((seat, x + BAR_EMBLEM // 2))
        x += BAR_EMBLEM + 10
    x += 2 if who else 0
    return emblems, fit_cached(message, theme.SMALL_SIZE, right - x), x


def bar_message_area(message: str, who: Sequence[int], right: int) -> pygame.Rect:
    """Every canvas pixel a bar's message (`bar_line`) paints over the bar's plain backdrop:
    a new message on the same bar redraws these rects of the old and the new one alone (a
    copy of the measure kept for each message: bots' moves ask for the same few)."""
    return _message_area(message, tuple(who), right).copy()


@art_cache(maxsize=32)
def _message_area(message: str, who: tuple[int, ...], right: int) -> pygame.Rect:
    emblems, text, x = bar_line(who, message, right)
    y = BAR_RECT.centery
    # (bold given as draw_text gives it: the same cached surface, not a second render)
    area = theme.text(text, theme.SMALL_SIZE, theme.TEXT, False).get_rect(midleft=(x, y))
    for _, center in emblems:
        area.union_ip(pygame.Rect(center - BAR_EMBLEM // 2, y - BAR_EMBLEM // 2, BAR_EMBLEM,
                                  BAR_EMBLEM))
    return area.inflate(8, 8)  # outlines and antialiasing a pixel or two past the boxes


def split_bar_right(hints: Sequence[tuple[str, str]], kind: str) -> int:
    """Where the split-screen bar's message must end (canvas x): before the hints."""
    return BAR_RECT.right - 60 - (hints_width(list(hints), kind) if hints else 0)


def render_bar(message: str, hints: Sequence[tuple[str, str]], kind: str,
               who: Sequence[int] = ()) -> pygame.Surface:
    """The split-screen shared bar as one surface (it changes only when someone answers): the
    emblems of the seats the message is about (`who`: those still deciding, a thinking bot),
    the message and the hints."""
    image = pygame.Surface(BAR_RECT.size)
    image.fill(theme.PANEL)
    pygame.draw.line(image, theme.PANEL_LIGHT, (0, 0), (BAR_RECT.w, 0), 3)
    emblems, text, x = bar_line(who, message, split_bar_right(hints, kind))
    for seat, center in emblems:
        draw_seat_emblem(image, seat, (center - BAR_RECT.x, BAR_RECT.h // 2), BAR_EMBLEM)
    draw_text(image, text, (x - BAR_RECT.x, BAR_RECT.h // 2), theme.SMALL_SIZE, theme.TEXT,
              "midleft")
    if hints:
        draw_hints(image, list(hints), kind, (BAR_RECT.w - 24, BAR_RECT.h // 2))
    return image


def paint_bar(surface: pygame.Surface, message: str, who: int | None, message_right: int) -> None:
    """The bottom bar's background and message (after the speaker's seat emblem)."""
    pygame.draw.rect(surface, theme.PANEL, BAR_RECT)
    pygame.draw.line(surface, theme.PANEL_LIGHT, BAR_RECT.topleft, BAR_RECT.topright, 3)
    emblems, text, x = bar_line(() if who is None else (who,), message, message_right)
    for seat, center in emblems:
        draw_seat_emblem(surface, seat, (center, BAR_RECT.centery), BAR_EMBLEM)
    draw_text(surface, text, (x, BAR_RECT.centery), theme.SMALL_SIZE, theme.TEXT, "midleft")


def paint_idle_bar(surface: pygame.Surface, message: str, who: int | None, right: int) -> None:
    """`paint_bar`, the same pixels from a picture made once per message (`idle_bar_image`):
    the bar a bot's move writes, drawn in the frame the move lands with one blit."""
    surface.blit(idle_bar_image(message, who, right), BAR_RECT)
    # (the top line reaches a row above the bar: drawn on the canvas, as paint_bar draws it)
    pygame.draw.line(surface, theme.PANEL_LIGHT, BAR_RECT.topleft, BAR_RECT.topright, 3)


@art_cache(maxsize=8)
def idle_bar_image(message: str, who: int | None, right: int) -> pygame.Surface:
    """The bar's backdrop, speaker's emblem and message as `paint_bar` paints them (without
    the top line), in a surface of the bar's size (0.6 MB: a bot per seat and a few more)."""
    image = fast(pygame.Surface(BAR_RECT.size), alpha=False)
    image.fill(theme.PANEL)
    emblems, text, x = bar_line(() if who is None else (who,), message, right)
    cy = BAR_RECT.h // 2
    for seat, center in emblems:
        draw_seat_emblem(image, seat, (center - BAR_RECT.x, cy), BAR_EMBLEM)
    draw_text(image, text, (x - BAR_RECT.x, cy), theme.SMALL_SIZE, theme.TEXT, "midleft")
    return image


def paint_disconnected(surface: pygame.Surface, names: Sequence[str]) -> None:
    """One red banner per seat whose controller was unplugged."""
    for n, name in enumerate(names):
        box = pygame.Rect(260, 40 + n * 110, 1400, 90)
        panel(surface, box, theme.BAD, (255, 255, 255), 3)
        draw_text(surface, fit(t("game.disconnected", name=name), theme.BODY_SIZE, box.w - 40),
                  box.center, theme.BODY_SIZE, (255, 255, 255), "center", True)


def seat_notice(strip: pygame.Rect, name: str) -> tuple[pygame.Rect, list[str]]:
    """Where the unplugged-controller notice of a split-screen seat goes (its strip, grown
    upwards into the seat's own map when the words need more lines) and its lines."""
    step = theme.font(theme.SMALL_SIZE).get_height() + 2
    lines = wrap(t("game.disconnected", name=name), theme.SMALL_SIZE, strip.w - 40)
    box = pygame.Rect(strip.x, 0, strip.w, max(strip.h, len(lines) * step + 16))
    box.bottom = strip.bottom
    return box, lines


def paint_seat_disconnected(surface: pygame.Surface, strip: pygame.Rect, name: str) -> None:
    """The unplugged-controller notice of one seat of a split screen, over its own strip
    (`seat_notice`)."""
    step = theme.font(theme.SMALL_SIZE).get_height() + 2
    box, lines = seat_notice(strip, name)
    panel(surface, box, theme.BAD, (255, 255, 255), 3, 12)
    top = box.centery - step * len(lines) // 2
    for k, line in enumerate(lines):
        draw_text(surface, line, (box.centerx, top + k * step), theme.SMALL_SIZE,
                  (255, 255, 255), "midtop")


def paint_curtain(surface: pygame.Surface, seat: int, name: str, kind: str) -> None:
    """The pass-the-screen curtain: the board hidden until that player is ready."""
    dim(surface, 235)
    color = seat_color(seat)
    box = pygame.Rect(360, 330, 1200, 360)
    panel(surface, box, theme.PANEL, color, 8, 28)
    title = draw_text(surface, t("game.pass_to", name=name), (1000, 440), theme.HEADING_SIZE,
                      color, "center", True)
    draw_seat_emblem(surface, seat, (title.x - 50, title.centery), 64)
    draw_hints(surface, [("confirm", "game.ready")], kind, (1180, 580), theme.BODY_SIZE)


HINT_GLOW = (120, 230, 255)  # cyan: apart from the yellow focus ring and every seat colour
HINT_EDGE = (10, 70, 110)  # the glow's dark rim, so it reads on light boards too
CALLOUT_W = 560  # the hint's reason box, at most
CALLOUT_PAD = 16
CALLOUT_EMBLEM = 44  # the asking seat's emblem, before the text
CALLOUT_TEXT_W = CALLOUT_W - 2 * CALLOUT_PAD - CALLOUT_EMBLEM
CALLOUT_LINES = 3  # a reason is short: the strings fit test holds it to this


def hint_glow(surface: pygame.Surface, rect: pygame.Rect, clock: float) -> None:
    """The hinted option's glow: soft breathing halos around the target, outside the focus ring
    (which pulses up to 16 px out) so both stay visible."""
    strength = 0.6 + 0.4 * math.sin(clock * 4)
    note_clock(surface, rect.inflate(GLOW_REACH, GLOW_REACH))
    glow = pygame.Surface((rect.w + GLOW_REACH, rect.h + GLOW_REACH), pygame.SRCALPHA)
    center = glow.get_rect().center
    for i, grow in enumerate((50, 38, 26)):
        alpha = int(strength * (70 + 60 * i))
        ring = pygame.Rect(0, 0, rect.w + 2 * grow, rect.h + 2 * grow)
        ring.center = center
        pygame.draw.rect(glow, (*HINT_GLOW, alpha), ring, 10, border_radius=18 + grow // 2)
    rim = pygame.Rect(0, 0, rect.w + 116, rect.h + 116)
    rim.center = center
    pygame.draw.rect(glow, (*HINT_EDGE, 230), rim, 5, border_radius=46)
    surface.blit(glow, glow.get_rect(center=rect.center))


def callout_lines(reason: str) -> list[str]:
    """The reason's lines as the callout writes them."""
    return wrap(reason, theme.SMALL_SIZE, CALLOUT_TEXT_W)


CALLOUT_GAP = 28  # from the target's edge to the callout (inside the glow's halo)
CALLOUT_AREA = pygame.Rect(8, 8, 1904, BAR_RECT.top - 16)


def callout_box(size: tuple[int, int], rect: pygame.Rect, avoid: Sequence[pygame.Rect] = (),
                keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a callout of `size` goes beside the target `rect`: below, above, right or left of
    it (centred on it, else flush with one of its edges), kept on screen. The place that covers
    least wins; covering `keep_clear` (a renderer's titles, text every seat reads) costs most,
    then the target, then `avoid` (the prompt's other choices); below and centred first on a tie.
    """
    w, h = size
    gap = CALLOUT_GAP
    below, above = rect.bottom + gap, rect.top - gap - h
    right, left = rect.right + gap, rect.left - gap - w
    xs = (rect.centerx - w // 2, rect.left, rect.right - w)
    ys = (rect.centery - h // 2, rect.top, rect.bottom - h)
    spots = ([(x, below) for x in xs] + [(x, above) for x in xs]
             + [(right, y) for y in ys] + [(left, y) for y in ys])
    best, best_cost = None, None
    for x, y in spots:
        candidate = pygame.Rect(x, y, w, h).clamp(CALLOUT_AREA)
        cost = (16 * sum(_covered(candidate, r) for r in keep_clear) + 4 * _covered(candidate, rect)
                + sum(_covered(candidate, r) for r in avoid))
        if best_cost is None or cost < best_cost:
            best, best_cost = candidate, cost
    return best


def _covered(box: pygame.Rect, rect: pygame.Rect) -> int:
    clip = box.clip(rect)
    return clip.w * clip.h


def callout_size(reason: str) -> tuple[int, int]:
    """The size of the hint callout that writes `reason`."""
    lines = callout_lines(reason)
    step = theme.font(theme.SMALL_SIZE).get_height() + 2
    width = max(theme.font(theme.SMALL_SIZE).size(line)[0] for line in lines)
    return width + 2 * CALLOUT_PAD + CALLOUT_EMBLEM, len(lines) * step + 2 * CALLOUT_PAD


def hint_callout(surface: pygame.Surface, box: pygame.Rect, reason: str, seat: int) -> None:
    """The hint's reason in `box` (placed by `callout_box`), with the asking seat's emblem."""
    lines = callout_lines(reason)
    step = theme.font(theme.SMALL_SIZE).get_height() + 2
    panel(surface, box, theme.PANEL, HINT_GLOW, 3, 14)
    draw_seat_emblem(surface, seat, (box.x + CALLOUT_PAD + 14, box.y + CALLOUT_PAD + step // 2),
                     28)
    for k, line in enumerate(lines):
        draw_text(surface, line, (box.x + CALLOUT_PAD + CALLOUT_EMBLEM,
                                  box.y + CALLOUT_PAD + k * step),
                  theme.SMALL_SIZE, theme.TEXT)
