"""Split screen (board_api.SplitRenderer): one map, one cursor and one prompt strip per person.

Everyone decides at once and nothing is secret (Next Station), so there is no curtain: each
device drives only its own seat while that seat decides, a seat's own animation (its pencil
stroke, the card flip) holds only that seat's cursor, bots answer without the followable pause,
and every map shows the public view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import pygame

from game.engine.core import Prompt, Target
from game.scenes import game_paint as paint
from game.scenes.table.base import BarPlacement, Table
from game.scenes.table.focus import FocusKey, FocusModel
from game.scenes.table.host import Seating
from game.ui import theme
from game.ui.board_api import BAR_RECT, BOARD_RECT
from game.ui.focus import hit
from game.ui.i18n import language, t
from game.ui.input import Intent
from game.ui.paint import wrap
from game.ui.widgets import draw_text

STRIP_BUTTON_MIN_W = 60  # bar buttons shrink to share a strip, never below this
STRIP_EMBLEM = 28  # the seat's emblem at the start of its strip, as in the shared bar
STRIP_TEXT_X = 18 + STRIP_EMBLEM + 12  # the strip's message starts after the emblem
BARS_KEPT = 6  # shared bars kept drawn (0.6 MB each): a speaker per seat, waiting, game over


def render_seat_strip(size: tuple[int, int], seat: int, message: str, live: bool,
                      buttons: tuple) -> pygame.Surface:
    """A seat's strip (game_paint.render_strip's frame and buttons) led by the seat's emblem,
    like the single-focus bar's speaker, then its message: on as many lines as the
    strip's height holds when one is too short for it (a narrow sheet's strip)."""
    image = paint.render_strip(size, seat, "", live, buttons)
    cy = size[1] // 2
    paint.draw_seat_emblem(image, seat, (18 + STRIP_EMBLEM // 2, cy), STRIP_EMBLEM)
    room = min((r.x for _, r, _ in buttons), default=size[0]) - 16 - STRIP_TEXT_X
    step = theme.font(theme.SMALL_SIZE).get_height() + 2
    most = max(1, (size[1] - 8) // step)  # the lines a strip this tall holds
    lines = wrap(message, theme.SMALL_SIZE, room)
    if len(lines) > most:  # the rest on the last line, cut only if still too long
        lines = [*lines[:most - 1], " ".join(lines[most - 1:])]
    top = cy - step * (len(lines) - 1) // 2
    for k, line in enumerate(lines):
        draw_text(image, paint.fit_cached(line, theme.SMALL_SIZE, room),
                  (STRIP_TEXT_X, top + k * step), theme.SMALL_SIZE,
                  theme.TEXT if live else theme.TEXT_DIM, "midleft")
    return image


class SeatShown(NamedTuple):
    """One person's seat as the split table draws it in a frame."""

    strip: pygame.Rect  # where its message and bar buttons go
    model: FocusModel | None  # its prompt's slots (None: no prompt, or its animation holds it)
    rects: dict[FocusKey, pygame.Rect]  # the model's slots, bar buttons placed in the strip
    focus: FocusKey | None
    message: str
    buttons: tuple  # (label, rect in the strip, focused) per bar button
    disconnected: bool  # its controller is unplugged: a notice over the strip

    def board_focus(self) -> Target | None:
        """The focused target on the seat's map (None: none, or a bar button)."""
        focus = self.focus
        return focus[1] if focus is not None and focus[0] == "board" else None

    def prompt(self) -> Prompt | None:
        """The prompt whose options the seat's map highlights (None: none)."""
        return self.model.prompt if self.model is not None else None

    def ring(self) -> pygame.Rect | None:
        """Where the focus ring on the seat's map is (None: none)."""
        focus = self.focus
        return self.rects.get(focus) if focus is not None and focus[0] == "board" else None

    def strip_key(self, seat: int) -> tuple:
        """Everything the strip's picture shows."""
        return self.strip.size, seat, self.message, self.model is not None, self.buttons


class SplitPlan(NamedTuple):
    """What the split table draws in a frame (SplitTable.plan)."""

    waiting: dict[int, Prompt]  # every person's prompt, held by an animation or not
    seats: dict[int, SeatShown]  # every person's seat
    deciding: list[int]  # the seats whose prompt shows
    focus_by_seat: dict[int, Target | None]  # of the deciding seats, for the renderer
    prompts: dict[int, Prompt]  # of the deciding seats, for the renderer


class SplitTable(Table):
    """One map per person, all live at once."""

    SPLIT = True
    keeps_bot_pace = True
    label_cap = 360

    def __init__(self, game: Seating) -> None:
        super().__init__(game)
        self._strips: dict[int, tuple[tuple, pygame.Surface]] = {}  # drawn strips per seat
        # The shared bar as drawn for each of its last keys (`bar_key` and the language): bots
        # passing the turn round the table name the same few speakers again and again, and a
        # bar costs ~0.1-0.4 ms to render (Next Station at 4 seats: 36 renders in 600 frames).
        self._bars: dict[tuple, pygame.Surface] = {}
        self.bar_drawn: tuple | None = None  # the key of the shared bar last drawn

    # -- flow --------------------------------------------------------------------------------
    def sync(self) -> None:
        """Keep the active seat (for undo from a free device) while it decides; no hand shows:
        every map is the public view (a new viewer would also reset running tweens)."""
        game = self.game
        prompts = game.human_prompts()
        if game.active not in prompts:
            game.active = min(prompts, default=None)
        game.show_hand(None)

    def resting_viewer(self) -> int | None:
        """Every map shows the public view, whoever decides."""
        return None

    def waits_for_animation(self) -> bool:
        """Seats animate on their own; only the end of the game waits for every animation."""
        return self.game.renderer.busy() and self.game.match.is_over()

    def seat_busy(self, seat: int) -> bool:
        """True while an animation that seat must watch runs."""
        return self.game.renderer.seat_busy(seat)  # part of the split_screen capability

    def bot_ready(self, seat: int) -> bool:
        """A bot waits for its own stroke and the card flip, never for other seats (`seat_busy`,
        inline: asked for each waiting bot, every frame)."""
        return not self.game.renderer.seat_busy(seat)

    def bots_at_once(self) -> bool:
        """People decide at the same time, so bots answer at once (no fake pause)."""
        return bool(self.game.human_prompts())

    def focus_seats(self) -> list[int]:
        """Every person deciding whose cursor no animation holds."""
        return [s for s in self.game.human_prompts() if not self.seat_busy(s)]

    def hint_seats(self) -> list[int | None]:
        """Every person may undo their own step."""
        return list(self.game.humans())

    # -- input -------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Each device drives its own seat's map; one seat's animation never blocks another."""
        if intent.kind == "undo":
            return self.undo(intent)
        if self.reclaim(intent):
            return True
        seat = self._route(intent)
        game = self.game
        if seat is None or game.disconnected(seat) or self.seat_busy(seat):
            return False
        return self.board_input(seat, intent)

    def _route(self, intent: Intent) -> int | None:
        """The seat a device drives: only its own, and only while it decides."""
        prompts = self.game.human_prompts()
        bound = self.game.seat_of(intent.device)
        if bound is not None:
            return bound if bound in prompts else None
        # A free device (the mouse, a spare pad) helps the seat under the pointer, else the first.
        if intent.pos is not None:
            for seat in sorted(prompts):
                if hit(self.slots(seat)[0], intent.pos) is not None:
                    return seat
        return min(prompts, default=None)

    # -- focus -------------------------------------------------------------------------------
    def targets(self, seat: int) -> Mapping[Target, Any]:
        """The targets on that seat's own map."""
        return self.game.renderer.seat_targets(seat)

    def bar_placement(self, seat: int, model: FocusModel) -> BarPlacement:
        """The seat's bar buttons, right-aligned in its own strip (they shrink to share the
        strip, so all of them stay visible and clickable)."""
        strip = pygame.Rect(self.game.renderer.seat_bar(seat))
        return tuple(strip), lambda: self._place_bar(model, strip)

    @staticmethod
    def _place_bar(model: FocusModel, strip: pygame.Rect) -> dict[int, pygame.Rect]:
        widths = model.widths
        room = strip.w * 2 // 3  # the seat's message keeps the rest
        need = paint.row_width(widths)
        if need > room:
            widths = [max(STRIP_BUTTON_MIN_W, w * room // need) for w in widths]
        h = min(paint.BAR_BUTTON_H, strip.h - 8)
        x = strip.right - 8 - paint.row_width(widths)
        return dict(zip(model.bar, paint.row_of_buttons(widths, x, strip.centery, h)))

    # -- drawing -----------------------------------------------------------------------------
    def plan(self) -> SplitPlan:
        """Every person's seat as drawn now: whose prompt shows, its slots, focus and strip."""
        game = self.game
        waiting = game.human_prompts()
        humans = game.seat_facts()[0]  # (not `humans()`: no list made, every frame)
        if not humans:  # bots alone (a demo, the bench): no seat, prompt or focus to show
            return SplitPlan(waiting, {}, [], {}, {})
        seats: dict[int, SeatShown] = {}
        for seat in humans:
            # a busy seat's cursor waits for its own animation
            model = self.model(seat) if seat in waiting and not self.seat_busy(seat) else None
            rects = self.placed(seat, model) if model is not None else {}
            focus = self._focus_in(seat, rects) if model is not None else None
            strip = pygame.Rect(game.renderer.seat_bar(seat))
            buttons: tuple = ()
            if model is not None:
                buttons = tuple((model.labels[k[1]], r.move(-strip.x, -strip.y), k == focus)
                                for k, r in rects.items() if k[0] == "bar")
            seats[seat] = SeatShown(strip, model, rects, focus,
                                    self._strip_message(seat, model, waiting), buttons,
                                    game.disconnected(seat))
        # the renderer draws the seats' highlights in the prompts' order
        shown = {seat: seats[seat] for seat in waiting
                 if seat in seats and seats[seat].model is not None}
        return SplitPlan(waiting, seats, sorted(shown),
                         {seat: s.board_focus() for seat, s in shown.items()},
                         {seat: s.model.prompt for seat, s in shown.items()})

    def draw(self, surface: pygame.Surface) -> None:
        """Every map with its own options and cursor, a strip per seat, the shared bar."""
        memo = self._plan  # (`planned`, its memo read inline: every redraw pass)
        plan = (memo[1] if memo is not None and memo[0] is getattr(surface, "frame", None)
                else self.planned(surface))
        focus = plan.focus_by_seat
        shown = bool(plan.prompts) or bool(focus) and any(f is not None for f in focus.values())
        if shown or surface.get_clip().colliderect(BOARD_RECT):  # (as SharedTable.draw)
            self.game.renderer.draw_seats(surface, focus, plan.prompts)
        for seat, seen in plan.seats.items():
            self._draw_strip(surface, seat, seen)
        self._draw_bar(surface, plan)
        if plan.seats:  # (bots alone: no notice)
            self.draw_disconnected(surface, plan)

    def draw_disconnected(self, surface: pygame.Surface, plan: SplitPlan | None = None) -> None:
        """A red notice over the strip of each seat whose controller was unplugged, in that
        seat's own area (a banner across the top would lie over the other players' maps);
        `plan`: this pass's (None: the draw's)."""
        for seat, shown in (plan or self.planned(surface)).seats.items():
            if shown.disconnected:
                paint.paint_seat_disconnected(surface, shown.strip, self.game.names[seat])

    def _draw_strip(self, surface: pygame.Surface, seat: int, shown: SeatShown) -> None:
        """One seat's message and bar buttons in its own strip (drawn again only when they
        change); its focus ring."""
        strip, focus, rects = shown.strip, shown.focus, shown.rects
        if surface.get_clip().colliderect(strip):  # else the frame redraws none of it
            key = shown.strip_key(seat)
            cached = self._strips.get(seat)
            if cached is None or cached[0] != key:  # four strips a frame: each only on change
                cached = key, render_seat_strip(strip.size, seat, shown.message,
                                                shown.model is not None, shown.buttons)
                self._strips[seat] = cached
            surface.blit(cached[1], strip)
        if focus is not None and focus in rects:
            if focus[0] == "bar":
                paint.bar_focus_ring(surface, rects[focus])
            else:
                paint.board_focus(surface, rects[focus], self.game.clock)

    def _strip_message(self, seat: int, model: FocusModel | None,
                       waiting: dict[int, Prompt]) -> str:
        if model is not None:
            return model.message
        if self.game.match.is_over():
            return t("game.over")
        if seat in waiting:
            return ""  # its prompt waits for its own animation (the card flip, a stroke)
        if waiting:
            return t("game.seat_done")  # answered: the cursor waits for the others
        return ""

    def bar_key(self, plan: SplitPlan) -> tuple:
        """What the shared bar shows: (message, hints, input kind, the seats it is about):
        who is still deciding (the waiting seats no animation holds) and the button hints."""
        game = self.game
        deciding = plan.deciding
        kind = game.app.input.last_kind
        if not deciding and not plan.waiting:  # nobody here asked: made once per speaker
            (message, speaker), _ = self.idle_bar_key()  # (a thinking bot's colour dot leads)
            return message, (), kind, (speaker,) if speaker is not None else ()
        if game.match.is_over():
            message = t("game.over")
        elif deciding:
            message = t("game.waiting_for", name=", ".join(game.names[s] for s in deciding))
        else:
            message = ""  # every person's prompt waits for an animation (the card flip)
        hints = tuple(self.hints()) if deciding else ()
        who = tuple(deciding) if not game.match.is_over() else ()
        return message, hints, kind, who

    def prepare(self) -> None:
        """The shared bar of each bot's "thinking", rendered (and its message measured) as
        `bar_key` will ask for it while bots play (at most BARS_KEPT - 2: room for others)."""
        kind = self.game.app.input.last_kind
        for message, seat in self.bot_messages()[:BARS_KEPT - 2]:
            self.bar_image((message, (), kind, (seat,)))
            paint.bar_message_area(message, (seat,), paint.split_bar_right((), kind))

    @staticmethod
    def bar_rects(was: tuple | None, now: tuple) -> list[pygame.Rect]:
        """Where the shared bar changes from `was` to `now` (`bar_key`s): where the message
        was and is when the hints stay (the plain backdrop between is the same), else all of
        it."""
        if was is None or was[1:3] != now[1:3]:
            return [paint.BAR_REACH.copy()]
        return [paint.bar_message_area(message, who, paint.split_bar_right(hints, kind))
                for message, hints, kind, who in (was, now)]

    def _draw_bar(self, surface: pygame.Surface, plan: SplitPlan) -> None:
        """The shared bar (`bar_key`: worked out only when the frame redraws some of it)."""
        if not surface.get_clip().colliderect(BAR_RECT):
            return
        self.bar_drawn = self.bar_key(plan)
        surface.blit(self.bar_image(self.bar_drawn), BAR_RECT)

    def bar_image(self, key: tuple) -> pygame.Surface:
        """The shared bar for `key` (`bar_key`), rendered once per key and language while at
        most BARS_KEPT keys are kept (read it, never change it)."""
        kept = (*key, language())  # hints are translated when rendered
        image = self._bars.get(kept)
        if image is None:
            if len(self._bars) >= BARS_KEPT:
                self._bars.pop(next(iter(self._bars)))  # the oldest
            image = self._bars[kept] = paint.render_bar(*key)
        return image
