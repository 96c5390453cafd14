"""Ticket to Ride: Paris move log: the table's latest moves, where a seat's hand would be.

With no seat whose hand may be shown (bots only, a spectator), the hand panel shows this instead:
the latest moves (moves.py), newest first, down two columns, each by its seat's emblem.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterator, Sequence
from functools import lru_cache
from itertools import chain

import pygame

from game.ui import i18n, theme
from game.ui.paint import draw_seat_emblem, fit_text
from game.ui.render_kit import translator

from .ahead import GLYPHS
from .moves import MoveLog

t = translator("ticket_to_ride_paris.scene.")

MOVE_ROWS, MOVE_STEP = 4, 31  # lines per column of the spectator's move log, and their step
MOVE_SIZE = 32  # the move log's text: 28 px lines, above the 24 px floor even in grey
# A part of the strip drawn ahead a frame (`prepare`): the plate, then each line's place on
# the strip (a line and its emblem; a move a part was up to ~0.19 ms in a frame with two
# lines, and the parts of moves that no longer fit drew nothing; the plate ~0.06).
COMPOSE_PARTS = 1 + 2 * MOVE_ROWS
# Widths measured per step of setting a move's text (`setting`): a measure is ~2 us run hot,
# ~25-30 us in a frame after a sleep; a whole wrap in one step was ~0.15-0.2 ms.
STEP_MEASURES = 2
WIDTHS_KEPT = 2048  # lines' widths kept (`_widths`): moves' texts share their openings
EMBLEM_KEY = (1, 254, 253)  # the see-through colour of the emblems drawn ahead (no seat's)
EMBLEM_BOX = 32  # px square around an emblem's centre its sprite keeps (24 px and its edge)
SEATS = 4  # the seats whose emblems are drawn ahead (the most the game seats)


class MoveLogStrip:
    """The latest moves set in two columns inside a rect."""

    def __init__(self, moves: MoveLog, rect: pygame.Rect) -> None:
        """Show `moves` inside `rect`."""
        self.moves = moves
        self.rect = rect
        self.col_w = (rect.w - 48) // 2
        self._made: set[tuple] = set()  # texts set into lines, and lines drawn in a colour
        # loaded now (~0.4 ms), and every glyph rendered once (measuring a move's words with
        # glyphs not met yet cost up to 0.9 ms), not in the frame setting a move (a cache key
        # as the text helpers pass it: `font(32)` would be another entry)
        theme.font(MOVE_SIZE, False).render(GLYPHS, True, theme.TEXT)
        self.ready: Hashable = None  # the moves' key when their text was last all made
        self._set: dict[str, tuple[str, ...]] = {}  # moves' texts set a step a frame
        self._setting: tuple[str, Generator] | None = None  # the text being set, its steps
        # Lines' widths measured by this strip, by font: kept from move to move, but never
        # shared between strips, so how many frames a move's text takes depends on this game
        # alone (a process-wide dict made it depend on the games played before).
        self._widths: dict[pygame.font.Font, dict[str, int]] = {}
        self._queue: list | None = None  # the pieces still to make: `_queue_for`
        # a number per queue of pieces, standing for its moves in its drawing-ahead pieces (a
        # piece's key is hashed at each look: the moves' would hash every move, in Python)
        self._queues_made = 0
        # The strip drawn ahead over its plate for the moves of a key (`composed`), a part a
        # frame like the text, so that the repaint that shows them is one blit.
        # (with the boxes of the lines drawn on it so far: `boxes`, as `paint` drew them)
        self._composing: tuple[Hashable, pygame.Surface, dict] | None = None
        self._composed: tuple[Hashable, pygame.Surface, dict] | None = None
        # Drawings no longer shown, drawn over in the next (a new strip-sized surface costs
        # 0.3-2 ms: its memory is fresh; a blit of the plate into one, ~0.05 ms): the two
        # a game needs made before play (`surfaces_ahead`), then passed round.
        self._spares: list[pygame.Surface] = []
        # each seat's emblem at each line's place on a drawing ahead, as drawn there (its
        # sprite, see-through where the drawing left the surface as it was; `surfaces_ahead`):
        # a blit, not two polygons, in each part of a drawing ahead
        self._emblems: dict[tuple[int, tuple[int, int]], tuple[pygame.Surface, tuple]] = {}

    def surfaces_ahead(self, plate: pygame.Surface) -> None:
        """Make the surfaces the strip is drawn ahead on now, before play, not in the
        frames of the first two moves (a copy of the plate each)."""
        while len(self._spares) < 2:
            self._spares.append(plate.copy())
        scratch = plate.copy()
        for col in range(2):
            for row in range(MOVE_ROWS):
                x, y = self._line_spot(col, row, (-self.rect.x, -self.rect.y))
                for seat in range(SEATS):
                    self._emblems[seat, (x + 11, y - 1)] = _emblem_sprite(
                        scratch, seat, (x + 11, y - 1))

    def prepare(self, names: Sequence[str], steps: int | None = 1,
                plate: Callable[[], pygame.Surface] | None = None) -> bool:
        """Make up to `steps` pieces of the text a repaint needs (one piece: a move's lines, or
        one line drawn in its colour; None: all), so that a new move's text is made a piece a
        frame, not all in the frame that repaints the strip; with a `plate` (the strip's
        backdrop), then draw the strip over a copy of it in COMPOSE_PARTS pieces (`composed`).
        True once all of it is made: `ready` is then the moves' key. Made a piece at a time,
        the last piece is made in a call of its own (False) and the next call says True: the
        frame that repaints the strip then makes no text."""
        if len(self._made) > 1024:  # a long game: start over (the text caches stay warm)
            self._made.clear()
            self._set.clear()
            self._queue = None
        made = False
        queue = self._queue_for(names, plate is not None and steps is not None)
        while True:
            piece, queue[2] = queue[2] or next(queue[1], None), None
            if piece is None:
                break
            if piece in self._made:
                continue
            if steps is not None:
                if steps <= 0:
                    queue[2] = piece  # the next call starts with it
                    return False
                steps -= 1
            made = True
            if piece[0] == "set" and not self._set_step(piece[1], steps is None) or (
                    piece[0] == "compose" and not self._compose(names, plate, *piece[1:])):
                # a step of its lines' setting made, more in the next; or a drawing ahead
                # begun again from the plate (an undo came back to these moves)
                queue[2] = piece
                return False
            self._made.add(piece)
            if piece[0] == "line":
                fit_text(piece[1], MOVE_SIZE, self.col_w - 56, piece[2])
        if made and steps is not None:
            return False
        self.ready = self.moves.key()
        return True

    def _queue_for(self, names: Sequence[str], compose: bool) -> list:
        """The pieces `prepare` goes through for these moves and names, as [key, the pieces
        still to look at, a piece looked at and still to make]: kept from call to call, so
        that a frame looks at the pieces after those made, not at all of them again."""
        key = (self.composed_key(names), compose)
        if self._queue is None or self._queue[0] != key:
            pieces = self._pieces(names)
            self._queues_made += 1
            if compose:
                token = self._queues_made
                pieces = chain(pieces, (("compose", token, k) for k in range(COMPOSE_PARTS)))
            self._queue = [key, pieces, None]
        return self._queue

    def _pieces(self, names: Sequence[str]) -> Iterator[tuple]:
        """The pieces of text `paint` draws, in order: each move's lines, then each line in the
        move's colour."""
        for i, (_, text) in enumerate(self.moves.lines(names)):
            yield ("set", text)
            color = theme.TEXT if i == 0 else theme.TEXT_DIM
            for line in self.lines(text):
                yield ("line", line, color)

    def composed_key(self, names: Sequence[str]) -> Hashable:
        """What the strip shows: the moves, in this language, by these names."""
        return self.moves.key(), i18n.language(), tuple(names)

    def composed(self, names: Sequence[str]) -> pygame.Surface | None:
        """The strip over its plate as `paint` draws it now, if drawn ahead (`prepare`)."""
        done = self._composed
        return done[1] if done is not None and done[0] == self.composed_key(names) else None

    def composed_boxes(self) -> dict[int, tuple[tuple, pygame.Rect]]:
        """The `boxes` of the lines on the strip drawn ahead last (`composed`), noted as its
        parts drew them (not worked out again in the frame that shows it)."""
        return self._composed[2] if self._composed is not None else {}

    def _compose(self, names: Sequence[str], plate: Callable[[], pygame.Surface] | None,
                 token: int, part: int) -> bool:
        """One part of drawing the strip ahead (`token`: the queue of pieces it belongs to):
        the plate copied, then each part's moves; True once this part is drawn (a later part
        finding another queue's drawing starts over)."""
        if part == 0 or self._composing is None or self._composing[0] != token:
            self._composing = (token, self._backdrop(plate()), {})  # type: ignore[misc]
            return part == 0
        _, surface, boxes = self._composing
        offset = (-self.rect.x, -self.rect.y)
        self.paint(surface, names, offset=offset, slots=range(part - 1, part), boxes=boxes)
        if part == COMPOSE_PARTS - 1:  # drawn for the moves of the queue it belongs to
            drawn = (self._queue[0][0], surface, boxes)  # type: ignore[index]
            shown, self._composed, self._composing = self._composed, drawn, None
            if shown is not None:
                self._spares.append(shown[1])
        return True

    def _backdrop(self, plate: pygame.Surface) -> pygame.Surface:
        """The plate on a surface to draw the strip on: a drawing given up or no longer shown,
        drawn over (never the one `composed` shows), or a copy of the plate."""
        if self._composing is not None:  # given up (another key): its surface is free
            surface, self._composing = self._composing[1], None
        else:
            surface = self._spares.pop() if self._spares else None
        if surface is None or surface.get_size() != plate.get_size():
            return plate.copy()
        surface.blit(plate, (0, 0))
        return surface

    def paint(self, canvas: pygame.Surface, names: Sequence[str],
              offset: tuple[int, int] = (0, 0), slots: range | None = None,
              boxes: dict | None = None) -> None:
        """The latest moves, newest first, down two columns, each by its seat's colour dot; a
        long move wraps onto a second line (`offset`: moved so, onto a surface of the strip
        alone; `slots`: only the lines at these places, slot // MOVE_ROWS the column, slot %
        MOVE_ROWS the row, a move's emblem with its first line; `boxes`: each line drawn
        noted there by its place, as (what it shows, the rect its pixels lie in on the
        board): see `changed_boxes`)."""
        if not self.moves.lines(names):
            if slots is not None and 0 not in slots:  # (drawn with the first line's place)
                return
            msg = theme.text(t("spectator"), theme.BODY_SIZE, theme.TEXT_DIM)
            canvas.blit(msg, msg.get_rect(center=self.rect.move(offset).center))
            return
        for slot, seat, line, color, (x, y) in self._placed(names, offset):
            if slots is not None and slot not in slots:
                continue
            if seat is not None:
                # as tall as the text; drawn ahead if on a drawing ahead
                sprite = self._emblems.get((seat, (x + 11, y - 1))) if offset != (0, 0) else None
                if sprite is None:
                    draw_seat_emblem(canvas, seat, (x + 11, y - 1), 24)
                else:
                    canvas.blit(*sprite)
            surf = fit_text(line, MOVE_SIZE, self.col_w - 56, color)
            text = surf.get_rect(midleft=(x + 30, y))
            canvas.blit(surf, text)
            if boxes is not None:  # (the emblem's box whether it has one or not)
                emblem = pygame.Rect(0, 0, EMBLEM_BOX, EMBLEM_BOX)
                emblem.center = (x + 11, y - 1)
                boxes[slot] = (seat, line, color), text.union(emblem).move(
                    -offset[0], -offset[1])

    def _placed(self, names: Sequence[str], offset: tuple[int, int] = (0, 0)
                ) -> Iterator[tuple[int, int | None, str, tuple, tuple[int, int]]]:
        """Each line `paint` draws: (its place, the seat whose emblem goes with it (a move's
        first line) or None, its text, its colour, where it starts (its emblem's left, its
        middle)), newest move first, a move never cut between columns."""
        slot = 0  # the next free line: column slot // MOVE_ROWS, row slot % MOVE_ROWS
        for i, (seat, text) in enumerate(self.moves.lines(names)):
            lines = self.lines(text)
            if slot % MOVE_ROWS + len(lines) > MOVE_ROWS:  # no room left in this column
                slot += MOVE_ROWS - slot % MOVE_ROWS
            if slot + len(lines) > 2 * MOVE_ROWS:
                return
            color = theme.TEXT if i == 0 else theme.TEXT_DIM
            for k, line in enumerate(lines):
                x, y = self._line_spot(*divmod(slot, MOVE_ROWS), offset)
                yield slot, (seat if k == 0 else None), line, color, (x, y)
                slot += 1

    def _line_spot(self, col: int, row: int, offset: tuple[int, int]) -> tuple[int, int]:
        """Where a line of the log starts (its emblem's left, its middle), moved by `offset`."""
        return (self.rect.x + offset[0] + 24 + col * self.col_w,
                self.rect.y + offset[1] + 10 + row * MOVE_STEP + MOVE_STEP // 2)

    def lines(self, text: str) -> tuple[str, ...]:
        """A move's text set for one column (`set_lines`)."""
        done = self._set.get(text)
        return done if done is not None else set_lines(text, self.col_w - 56)

    def _set_step(self, text: str, whole: bool) -> bool:
        """One step of the setting of a move's text (`setting`: STEP_MEASURES widths
        measured; all of it if `whole`). True once its lines are set."""
        if text in self._set:
            return True
        if self._setting is None or self._setting[0] != text:
            self._setting = (text, setting(text, self.col_w - 56, self._widths))
        try:
            next(self._setting[1])
            while whole:
                next(self._setting[1])
        except StopIteration as done:
            self._set[text] = done.value
            self._setting = None
            return True
        return False


def changed_boxes(was: dict[int, tuple[tuple, pygame.Rect]],
                  now: dict[int, tuple[tuple, pygame.Rect]]) -> list[pygame.Rect]:
    """Where two strips' pixels may differ (the boxes `MoveLogStrip.paint` noted of each):
    per column, the union of the rects of the lines whose place shows something else, before
    and after."""
    columns: dict[int, pygame.Rect] = {}
    for slot in was.keys() | now.keys():
        before, after = was.get(slot), now.get(slot)
        if before is not None and after is not None and before[0] == after[0]:
            continue
        for box in (before, after):
            if box is not None:
                col = slot // MOVE_ROWS
                columns[col] = box[1].union(columns[col]) if col in columns else box[1]
    return [columns[col] for col in sorted(columns)]


def _emblem_sprite(scratch: pygame.Surface, seat: int, center: tuple[int, int]
                   ) -> tuple[pygame.Surface, tuple[int, int]]:
    """A seat's emblem drawn at `center` of a surface like those the strip is drawn ahead
    on (`scratch`, drawn over), cut out around it with everything else see-through, and where
    it goes: blitted there, the pixels drawing the emblem there gives (drawn where it goes,
    not elsewhere and moved: its corners are worked out in floats)."""
    box = pygame.Rect(0, 0, EMBLEM_BOX, EMBLEM_BOX)
    box.center = center
    scratch.fill(EMBLEM_KEY, box)
    draw_seat_emblem(scratch, seat, center, 24)
    sprite = scratch.subsurface(box).copy()
    sprite.set_colorkey(EMBLEM_KEY)
    return sprite, box.topleft


@lru_cache(maxsize=256)  # the log repaints after every move; its older lines are set already
def set_lines(text: str, width: int) -> tuple[str, ...]:
    """A move's text on one line no wider than `width`, or on two of about the same width (so
    that "+2" is never left alone on the second)."""
    steps = setting(text, width, {})
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def setting(text: str, width: int, kept: dict[pygame.font.Font, dict[str, int]]
            ) -> Generator[None, None, tuple[str, ...]]:
    """`set_lines` a few measures at a time: it pauses (yields) before every STEP_MEASURES-th
    width it measures (each width measured once, and kept: the narrower wraps measure mostly
    the same lines, and moves' texts share their openings: in `kept`, by font), and returns
    the lines."""
    widths = _widths(kept, theme.font(MOVE_SIZE, False))
    budget = [STEP_MEASURES]  # measures left before the next pause
    lines = yield from _wrapping(text, width, widths, budget)
    if len(lines) > 2:
        return lines[0], " ".join(lines[1:])
    if len(lines) < 2:
        return tuple(lines)
    # the narrowest of width, width - 20, width - 40, ... still on two lines: a text never
    # takes fewer lines when narrower, so the steps are bisected (a few wraps, not a dozen)
    good, bad = 0, (width - 1) // 20 + 1  # steps known to keep two lines / to break them
    while bad - good > 1:
        mid = (good + bad) // 2
        narrower = yield from _wrapping(text, width - 20 * mid, widths, budget)
        if len(narrower) == 2:
            good, lines = mid, narrower
        else:
            bad = mid
    return tuple(lines)  # wrapped at the last good step


def _wrapping(text: str, max_w: int, widths: dict[str, int],
              budget: list[int]) -> Generator[None, None, list[str]]:
    """`paint.wrap` of the move log's text, a step at a time: the same lines (its words never
    cut, a newline starting a new line), each width looked up in `widths` or measured there,
    pausing before a measure once `budget[0]` measures were made since the last pause."""
    font = theme.font(MOVE_SIZE, False)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        for word in paragraph.split():
            if len(lines) > start:
                joined = lines[-1] + " " + word
                width = widths.get(joined)
                if width is None:
                    if budget[0] <= 0:
                        yield
                        budget[0] = STEP_MEASURES
                    budget[0] -= 1
                    width = widths[joined] = measure(font, joined)
                if width <= max_w:
                    lines[-1] = joined
                    continue
            lines.append(word)
        if len(lines) == start:
            lines.append("")
    return lines


def _widths(kept: dict[pygame.font.Font, dict[str, int]],
            font: pygame.font.Font) -> dict[str, int]:
    """The widths of lines measured in `font` so far (kept from move to move: "Bot 2 drew"
    opens many texts; started over past WIDTHS_KEPT)."""
    widths = kept.setdefault(font, {})
    if len(widths) > WIDTHS_KEPT:
        widths.clear()
    return widths


def measure(font: pygame.font.Font, text: str) -> int:
    """A line's width in `font` (a function of its own: tests count the measures)."""
    return font.size(text)[0]
