"""A guide page's picture: the game's own renderer drawing the page's state, framed on the move.

The renderer draws the whole 1920x1000 board as in play (the viewer's options glowing, the
explained target focused); the picture then shows a frame-sized window of it around the
highlighted targets at 1:1, so the board's words read as in play (its edges moved so that no word
is cut; targets spread wider than the frame: the first and those that fit with it), or, when the
page asks for the whole board, the whole board shrunk into the frame and drawn without its
words, which would be under 24 px (issue 28). It dims everything but the highlighted targets (a spotlight) and rings each of
them, thick enough to see from a sofa.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.capabilities import supports
from game.engine.core import Target
from game.engine.guide import Illustration
from game.engine.registry import get_game
from game.legibility.trace import textless, tracing
from game.ui import theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.i18n import t

RING_ROOM = 40  # px kept around the highlighted targets in a 1:1 window (their rings)
GLOW = (255, 220, 90)
SPOT_MARGIN = 12  # the undimmed margin around a highlighted target, in frame pixels
DIM_ALPHA = 120


def render_state(game_id: str, picture: Illustration) -> tuple[pygame.Surface,
                                                                dict[Target, pygame.Rect]]:
    """The board canvas as the room's renderer draws the page's state, and its target rects
    (inside `trace.textless`, the same without its words)."""
    match, viewer = picture.match, picture.viewer
    names = [t("seat.player", n=seat + 1) for seat in range(match.config.players)]
    renderer = get_game(game_id).renderer_class()(match.rules, match.config, names)
    split = supports(renderer, "split_screen")
    if split:
        renderer.set_humans((viewer,))
    renderer.reset(match.view(viewer), viewer)
    canvas = pygame.Surface(CANVAS_SIZE)
    canvas.fill(theme.BACKGROUND)
    # the renderer's own focus (ring, tooltip) marks the move when the page is about a choice
    prompt = picture.prompt()
    focus = picture.highlight[0] if picture.options_shown else None
    if split:
        prompts = {viewer: prompt} if prompt is not None else {}
        renderer.draw_seats(canvas, {viewer: focus}, prompts)
        rects = renderer.seat_targets(viewer)
    else:
        renderer.draw(canvas, focus, prompt)
        rects = renderer.targets()
    return canvas.subsurface(BOARD_RECT).copy(), dict(rects)


def render_words(game_id: str, picture: Illustration) -> tuple[pygame.Surface,
                                                                dict[Target, pygame.Rect],
                                                                list[pygame.Rect]]:
    """`render_state`, and where each word the board writes lies (board coordinates): drawn
    while the legibility audit's tracer follows the texts, so the crop can leave words whole."""
    with tracing() as tracer:
        board, rects = render_state(game_id, picture)
        words = [m.shown for m in tracer.marks(board)]
    return board, rects, words


def clear_of_words(shown: pygame.Rect, words: Sequence[pygame.Rect],
                   keep: pygame.Rect) -> pygame.Rect:
    """The largest part of `shown` found (edges only moved inwards, never past `keep`, the
    highlighted targets) whose edges cut no word: a picture shows "Madeleine" whole or not at
    all, never "adeleine". A word still cut when no move is left is the audit's to report."""
    rect = shown.copy()
    while True:
        cut = [w for w in words if rect.colliderect(w) and not rect.contains(w)]
        moves = [m for w in cut for m in _excluding(rect, w, keep)]
        if not cut or not moves:
            return rect
        rect = max(moves, key=lambda m: m.w * m.h)


def _excluding(rect: pygame.Rect, word: pygame.Rect, keep: pygame.Rect) -> list[pygame.Rect]:
    """`rect` with one edge moved inwards just past `word`, for each edge that can go there
    without cutting into `keep`."""
    left, top, right, bottom = rect.left, rect.top, rect.right, rect.bottom
    edges = [(word.right, top, right, bottom, word.right <= keep.left),
             (left, top, word.left, bottom, word.left >= keep.right),
             (left, word.bottom, right, bottom, word.bottom <= keep.top),
             (left, top, right, word.top, word.top >= keep.bottom)]
    return [pygame.Rect(a, b, c - a, d - b) for a, b, c, d, fine in edges
            if fine and c > a and d > b and rect.contains(pygame.Rect(a, b, c - a, d - b))]


def window(rects: Sequence[pygame.Rect], frame: pygame.Rect) -> pygame.Rect:
    """The frame-sized part of the board (1:1, inside the board) around the highlighted rects:
    all of them when they fit, else the first (the move explained) and those that fit with it."""
    board = pygame.Rect(0, 0, *BOARD_RECT.size)
    shown = pygame.Rect(0, 0, min(frame.w, board.w), min(frame.h, board.h))
    union = rects[0].inflate(2 * RING_ROOM, 2 * RING_ROOM)
    for rect in rects[1:]:
        wider = union.union(rect.inflate(2 * RING_ROOM, 2 * RING_ROOM))
        if wider.w <= shown.w and wider.h <= shown.h:
            union = wider
    shown.center = union.center
    return shown.clamp(board)


def fit(area: pygame.Rect, frame: pygame.Rect) -> tuple[float, pygame.Rect]:
    """The scale that fits `area` into `frame`, and where it lands (centred)."""
    scale = min(1.0, frame.w / area.w, frame.h / area.h)  # never enlarged: never blurry
    placed = pygame.Rect(0, 0, round(area.w * scale), round(area.h * scale))
    placed.center = frame.center
    return scale, placed


def spotlight(image: pygame.Surface, lit: Sequence[pygame.Rect]) -> pygame.Surface:
    """The image dimmed except around the `lit` rects (in image coordinates)."""
    shaded = image.copy()
    veil = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    veil.fill((8, 10, 16, DIM_ALPHA))
    shaded.blit(veil, (0, 0))
    for rect in lit:
        area = rect.inflate(2 * SPOT_MARGIN, 2 * SPOT_MARGIN).clip(image.get_rect())
        shaded.blit(image, area, area)
    return shaded


def _inside(rects: Sequence[pygame.Rect], shown: pygame.Rect) -> pygame.Rect:
    """The union of the rects the window shows whole (the first one's part if none is)."""
    whole = [r for r in rects if shown.contains(r)]
    return whole[0].unionall(whole[1:]) if whole else rects[0].clip(shown)


class Picture:
    """One page's framed picture: the cropped board and where each highlight lands."""

    def __init__(self, game_id: str, illustration: Illustration, frame: pygame.Rect) -> None:
        board, rects, words = render_words(game_id, illustration)
        missing = [tg for tg in illustration.highlight if tg not in rects]
        if missing:
            raise KeyError(f"{game_id}: the board shows no target {missing}")
        self.targets = rects
        lit = [rects[tg] for tg in illustration.highlight]
        whole = BOARD_RECT.move(-BOARD_RECT.x, -BOARD_RECT.y)
        shown = whole if illustration.whole_board else window(lit, frame)
        scale, self.placed = fit(shown, frame)
        if scale < 1.0:  # shrunk: its words would be too small to read, so it shows none
            with textless():
                board, _ = render_state(game_id, illustration)
        else:  # 1:1: the board's words as in play, none of them cut by the window's edges
            keep = _inside(lit, shown)
            shown = clear_of_words(shown, words, keep)
            scale, self.placed = fit(shown, frame)
        self.rings = [self._onto(rects[tg], shown, scale) for tg in illustration.highlight]
        self.image = spotlight(pygame.transform.smoothscale(board.subsurface(shown),
                                                            self.placed.size),
                               [r.move(-self.placed.x, -self.placed.y) for r in self.rings])

    def _onto(self, rect: pygame.Rect, shown: pygame.Rect, scale: float) -> pygame.Rect:
        """A board rect in frame coordinates."""
        return pygame.Rect(round(self.placed.x + (rect.x - shown.x) * scale),
                           round(self.placed.y + (rect.y - shown.y) * scale),
                           max(1, round(rect.w * scale)), max(1, round(rect.h * scale)))

    def draw(self, surface: pygame.Surface, breath: float) -> None:
        """The picture with a breathing ring around every highlighted target."""
        surface.blit(self.image, self.placed)
        clip = surface.get_clip()
        surface.set_clip(self.placed)
        grow = 14 + round(6 * breath)
        for rect in self.rings:
            pygame.draw.rect(surface, (20, 16, 8), rect.inflate(grow + 8, grow + 8), 4,
                             border_radius=14)
            pygame.draw.rect(surface, GLOW, rect.inflate(grow, grow), 5, border_radius=12)
        surface.set_clip(clip)
