"""Example dice board renderer on the renderer kit (game/ui/render_kit.py): the smallest room.

The shell draws the bottom bar (prompt message, confirm and bet buttons, hints) and owns focus;
this renderer draws the board, animates the rules' events and says where each option's target
is. What the kit asks of a room, in the order of this file:
- layout, fixed for the match: seat panels, secret cards, the die and its choice buttons;
- one layer, "table" (seat panels and the die), repainted only when what it shows changes;
- `place_targets`: a rect for every option target (the die's choices, each secret card);
- `@on_event` handlers, each with its sound: the die tumbles on "rolled", banked points pop up
  and count up on "banked"; other events simply show the new view;
- `draw_options` (the offered choices, under the tweens) and `draw_focus` (the ring, above).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import pygame
import pytweening

from game.engine.core import Config, Event, Option, Prompt, Target
from game.ui import i18n, theme
from game.ui.audio import Cue, EventSound
from game.ui.board_api import BOARD_RECT
from game.ui.paint import fit_text, popup, ring, seat_color
from game.ui.render_kit import Batch, Layers, RoomRenderer, on_event, translator
from game.ui.widgets import draw_text, focus_ring, panel

from .rules import DiceGame, DiceState

t = translator("example_dice.board.")

ROLL_SECONDS = 0.4  # how long the die tumbles after a roll
TUMBLE_FACES = 16  # faces the die shows while it tumbles: quicker than the eye can follow
BANK_SECONDS = 0.6  # how long banked points rise while the bank counts up
SEAT_W, SEAT_H, SEAT_Y, SEAT_GAP = 520, 300, 60, 40
DIE_RECT = pygame.Rect(860, 420, 200, 200)
CHOICES: tuple[Target, ...] = (("die", "add"), ("die", "double"), ("reroll",))  # left to right


class DiceRenderer(RoomRenderer):
    """Draws each seat's bank, bets and secret card, and the die with its choices."""

    view: DiceState | None
    # Kinds the board shows at its next refresh, without an animation, and their sounds (every
    # kind the rules emit is animated by a handler below or listed here: the renderer
    # conformance test holds every room to that).
    SOUNDS = MappingProxyType({"bet_placed": "clunk", **{kind: None for kind in (
        "dealt", "chose", "reroll", "secret_shown", "secrets_revealed", "bets_revealed")}})

    def __init__(self, rules: DiceGame, config: Config, seat_names: Sequence[str]) -> None:
        """Lay out seats and choices; declare the one layer over a plain background."""
        super().__init__(rules, config, seat_names)
        left = (BOARD_RECT.width - self.players * (SEAT_W + SEAT_GAP) + SEAT_GAP) // 2
        self.seat_rects = [pygame.Rect(left + p * (SEAT_W + SEAT_GAP), SEAT_Y, SEAT_W, SEAT_H)
                           for p in range(self.players)]
        self.secret_rects = {("secret", p): pygame.Rect(box.right - 150, box.y + 90, 120, 170)
                             for p, box in enumerate(self.seat_rects)}
        self.choice_rects = {target: pygame.Rect(440 + 360 * i, 700, 320, 110)
                             for i, target in enumerate(CHOICES)}
        self.places = {**self.choice_rects, **self.secret_rects}
        static = pygame.Surface(BOARD_RECT.size)
        static.fill(theme.BACKGROUND)
        self.layers = Layers(static)
        self.layers.add("table", static.get_rect(), self._table_key, self._paint_table)

    # == the kit's hooks ==========================================================================
    def place_targets(self, view: DiceState) -> dict[Target, pygame.Rect]:
        """The die's choices and every seat's secret card (highlighted only when offered)."""
        return self.places

    def draw_options(self, canvas: pygame.Surface, focus: Target | None,
                     prompt: Prompt | None) -> None:
        """Offered die choices as labelled buttons; a breathing outline on a card to show."""
        for option in self._offered(prompt):
            rect = self.places[option.target]
            if option.target in self.choice_rects:
                panel(canvas, rect, theme.PANEL_LIGHT)
                label = i18n.t(option.label, **dict(option.params))
                text = fit_text(label, theme.BODY_SIZE, rect.w - 32, theme.TEXT)
                canvas.blit(text, text.get_rect(center=rect.center))
            else:
                ring(canvas, rect.inflate(12, 12), theme.TEXT, 4, self.pulse(), radius=14)

    def draw_focus(self, canvas: pygame.Surface, focus: Target | None,
                   prompt: Prompt | None) -> None:
        """The focus ring, when it rests on an offered target of the board."""
        if any(option.target == focus for option in self._offered(prompt)):
            focus_ring(canvas, self.places[focus])

    def _offered(self, prompt: Prompt | None) -> list[Option]:
        """The prompt's options that have a place on the board."""
        return [o for o in (prompt.options if prompt else ()) if o.target in self.places]

    # == event animations =========================================================================
    @on_event("rolled", sound=EventSound((Cue("shuffle"),), ROLL_SECONDS))
    def _rolled(self, ev: Event, at: float, batch: Batch) -> float:
        """The die tumbles through random-looking faces; the layer holds the new face back."""
        faces = self.rules.board.die_faces

        def tumble(canvas: pygame.Surface, p: float) -> None:
            paint_die(canvas, 1 + int(p * TUMBLE_FACES) % faces)

        self.timeline.add(at, ROLL_SECONDS, tumble, pytweening.linear, ("die",))
        return at + ROLL_SECONDS

    @on_event("banked", sound=EventSound((Cue("clunk"),), BANK_SECONDS))
    def _banked(self, ev: Event, at: float, batch: Batch) -> float:
        """"+N" rises beside the seat's bank, which counts up meanwhile (a tagged tween)."""
        seat, gain = ev.player, ev.get("gain")
        box = self.seat_rects[seat]
        rise = popup(f"+{gain}", (box.x + 300, box.y + 118), seat_color(seat), lift=0, rise=20)
        self.timeline.add(at, BANK_SECONDS, rise, pytweening.easeOutQuad, tag=(seat, gain))
        return at + BANK_SECONDS

    # == the table layer ==========================================================================
    def _table_key(self) -> tuple:
        """Everything the table layer shows: it is repainted only when this changes."""
        view = self.view
        return (self._active_seat(), self._shown_banks(), view.bet_points, view.secrets,
                self._shown_die())

    def _active_seat(self) -> int | None:
        """The seat whose turn it is (its panel is outlined), None between turns."""
        view = self.view
        return view.turn if view.phase in ("roll", "choose", "confirm") else None

    def _shown_banks(self) -> tuple[int, ...]:
        """Each bank as shown: points of a running or queued "banked" tween are still to come."""
        banks = list(self.view.banked)
        for (seat, gain), still_to_come in self.timeline.counting():
            banks[seat] -= round(gain * still_to_come)
        return tuple(banks)

    def _shown_die(self) -> int:
        """The die's face, or 0 (a blank die) while a tumble holds the new face back."""
        return 0 if self.holds["die"] else self.view.die

    def _paint_table(self, surface: pygame.Surface) -> None:
        """Every seat's panel, then the die."""
        banks = self._shown_banks()
        for seat in range(self.players):
            self._paint_seat(surface, seat, banks[seat])
        paint_die(surface, self._shown_die())

    def _paint_seat(self, surface: pygame.Surface, seat: int, bank: int) -> None:
        """Name, bank, bet points and the secret card ("?" until it may be seen)."""
        box, card = self.seat_rects[seat], self.secret_rects[("secret", seat)]
        color = seat_color(seat)
        panel(surface, box, theme.PANEL, color if seat == self._active_seat() else None)
        surface.blit(fit_text(self.names[seat], theme.BODY_SIZE, box.w - 48, color, bold=True),
                     (box.x + 24, box.y + 20))
        draw_text(surface, t("banked", points=bank), (box.x + 24, box.y + 100))
        draw_text(surface, t("bets", points=self.view.bet_points[seat]), (box.x + 24, box.y + 160))
        secret = self.view.secrets[seat] if seat < len(self.view.secrets) else 0
        panel(surface, card, theme.ACCENT if secret else theme.PANEL_LIGHT, radius=12)
        draw_text(surface, str(secret) if secret else "?", card.center, theme.HEADING_SIZE,
                  theme.BACKGROUND if secret else theme.TEXT, "center", bold=True)


def paint_die(surface: pygame.Surface, face: int) -> None:
    """The die showing `face` (0: blank, between turns or while a roll waits to tumble)."""
    panel(surface, DIE_RECT, theme.TEXT, radius=30)
    draw_text(surface, str(face) if face else "-", DIE_RECT.center, theme.TITLE_SIZE,
              theme.BACKGROUND, "center", bold=True)
