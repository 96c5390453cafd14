"""What every table mode shares: focus slots per prompt, moving and confirming the focus,
reclaiming an unplugged seat, and the bottom bar's message and hints.

A table mode is how people share the screen: one shared screen (shared.py), pass-the-screen with
hidden hands (curtain.py) or one map per person (split.py). GameScene picks one and delegates
input, drawing and the choice of whose prompt and hand are shown to it, and is seen by them
only through the `Seating` protocol (host.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pygame

from game.engine.capabilities import capability
from game.engine.core import Prompt, Target
from game.scenes.table.focus import FocusKey, FocusModel
from game.scenes.table.host import Seating, Slots
from game.ui.focus import hit, nearest
from game.ui.i18n import language, t
from game.ui.input import DIRECTIONS, Intent

BarPlacement = tuple[Hashable, Callable[[], dict[int, pygame.Rect]]]  # (inputs, place buttons)


class Table(ABC):
    """One way of seating people at the screen (see the module docstring)."""

    curtain: int | None = None  # pass-the-screen: the seat the screen waits for
    SPLIT = False  # one map per person (SplitTable): read where an isinstance would be slow
    hides_hands = False
    keeps_bot_pace = False  # after a bot's move the next bot answers without a new pause
    label_cap = 520  # widest bar button

    def __init__(self, game: Seating) -> None:
        self.game = game
        self._models: dict[int, FocusModel] = {}
        # (the match state, the seats and setting they were read for, the bar's hints): asked
        # several times a frame while a person decides, built again only when those change.
        self._hints: tuple[Any, tuple, list[tuple[str, str]]] | None = None
        self._plan: tuple[object, Any] | None = None  # (the draw under way, its `plan()`)
        self._idle_keys: dict[tuple, Hashable] = {}  # `idle_bar_key` by `_idle_speaker`

    # -- what each mode decides --------------------------------------------------------------
    @abstractmethod
    def sync(self) -> None:
        """Choose the active seat (and curtain and viewer) from the prompts waiting now."""

    @abstractmethod
    def resting_viewer(self) -> int | None:
        """Whose hand to show while no person is deciding."""

    @abstractmethod
    def handle(self, intent: Intent) -> bool:
        """A board intent (undo, moves, confirm, pointer); True if it was used."""

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """The board, the bar and whatever this mode lays over them."""

    @abstractmethod
    def targets(self, seat: int) -> Mapping[Target, Any]:
        """Where the renderer draws the targets this seat may focus."""

    @abstractmethod
    def bar_placement(self, seat: int, model: FocusModel) -> BarPlacement:
        """(what the bar layout depends on, a function placing the bar buttons by index)."""

    @abstractmethod
    def focus_seats(self) -> list[int]:
        """The seats whose prompt and focus are on screen now (a Help or Hint press is about
        one of them)."""

    def plan(self) -> Any:
        """What this mode shows now (whose prompt, its slots and focus...), read by `draw`."""
        return None

    def planned(self, canvas: Any) -> Any:
        """`plan()`, worked out once per App.draw: its damage report and every redraw pass
        (one per damaged rect) read the same (`canvas.frame`: the draw under way, None
        outside the app's, e.g. a screenshot)."""
        token = getattr(canvas, "frame", None)
        memo = self._plan
        if token is None:
            return self.plan()
        if memo is None or memo[0] is not token:
            memo = self._plan = token, self.plan()
        return memo[1]

    def waits_for_animation(self) -> bool:
        """True while an animation holds the whole table (no sync, no bots, no results)."""
        return self.game.renderer.busy()

    def seat_busy(self, seat: int) -> bool:
        """True while an animation holds this seat's input."""
        return self.game.renderer.busy()

    def bot_ready(self, seat: int) -> bool:
        """True if the bot on this seat may start thinking."""
        return True

    def bots_at_once(self) -> bool:
        """True if bots answer without the followable pause."""
        return False

    def hint_seats(self) -> list[int | None]:
        """The seats whose undo the bar's hints offer."""
        return [self.game.active]

    # -- focus ---------------------------------------------------------------------------------
    def model(self, seat: int) -> FocusModel | None:
        """The focus model of the seat's prompt (None without one), rebuilt only on change."""
        prompt = self.game.match.prompt_for(seat)
        if prompt is None:
            return None
        targets = self.targets(seat)
        model = self._models.get(seat)
        if model is None or not model.fits(prompt, targets):
            model = self._models[seat] = FocusModel(prompt, targets, self.label_cap)
        return model

    def slots(self, seat: int) -> Slots:
        """Focusable rects and their options for a seat's prompt: board targets, then bar."""
        model = self.model(seat)
        if model is None:
            return {}, {}
        return self.placed(seat, model), model.options

    def placed(self, seat: int, model: FocusModel) -> dict[FocusKey, pygame.Rect]:
        """The model's slot rects with the bar buttons where this mode puts them now."""
        return model.slots(*self.bar_placement(seat, model))

    def focus_of(self, seat: int) -> FocusKey | None:
        """The seat's focused slot (the first slot if the stored one is gone)."""
        return self._focus_in(seat, self.slots(seat)[0])

    def _focus_in(self, seat: int, rects: Mapping[FocusKey, pygame.Rect]) -> FocusKey | None:
        focus = self.game.focus.get(seat)
        return focus if focus in rects else next(iter(rects), None)

    def clickable(self, rects: dict[FocusKey, pygame.Rect]) -> dict[FocusKey, pygame.Rect]:
        """The slots a click may hit (a scrolled bar hides some)."""
        return rects

    # -- input -------------------------------------------------------------------------------
    def board_input(self, seat: int, intent: Intent) -> bool:
        """Move the seat's focus (d-pad, page keys, pointer) or confirm the focused option."""
        rects, options = self.slots(seat)
        if not rects:
            return False
        focus = self._focus_in(seat, rects)
        kind = intent.kind
        target = None
        if kind in DIRECTIONS:
            target = nearest(rects, focus, kind)
        elif kind in ("page_prev", "page_next", "alt"):
            keys = list(rects)
            step = -1 if kind == "page_prev" else 1
            target = keys[(keys.index(focus) + step) % len(keys)]
        elif kind in ("pointer", "click") and intent.pos:
            target = hit(self.clickable(rects), intent.pos)
        if target is not None:
            self.game.focus[seat] = target
            if target != focus and kind != "click":
                self.game.app.audio.play("tick")
        if kind == "click" and target is not None:
            self.choose(seat, options[target].action)
        elif kind == "confirm" and focus is not None:
            self.choose(seat, options[focus].action)
        return True

    def choose(self, seat: int, action: Any) -> None:
        """A person's choice: a click on success, a buzz if the rules refuse it."""
        if self.game.apply(seat, action):
            self.game.app.audio.play("confirm")
        else:
            self.refuse()

    def refuse(self) -> bool:
        """Buzz for a refused press; False, as the intent changed nothing."""
        self.game.app.audio.play("error")
        return False

    def undo(self, intent: Intent) -> bool:
        """Undo for the pressing device's seat (an animation in the way is dropped)."""
        return self.game.undo(intent.device) or self.refuse()

    def reclaim(self, intent: Intent) -> bool:
        """A free device pressing A takes over a seat whose controller was unplugged."""
        game = self.game
        if intent.kind not in ("confirm", "click"):
            return False
        lost = [i for i in game.humans() if game.disconnected(i)]
        if not lost or game.seat_of(intent.device) is not None:
            return False
        seat = game.active if game.active in lost else lost[0]
        game.seats[seat].device = intent.device
        return True

    # -- the bar -----------------------------------------------------------------------------
    def hints(self) -> list[tuple[str, str]]:
        """The bar's button hints: choose, undo (when one of `hint_seats` may), Hint (when the
        setting allows), Help, menu."""
        game = self.game
        state = game.match.state  # held by the memo: its identity marks the game's position
        asked = (tuple(self.hint_seats()), game.hint_desk.enabled())
        memo = self._hints
        if memo is None or memo[0] is not state or memo[1] != asked:
            memo = self._hints = state, asked, self._build_hints()
        return list(memo[2])

    def _build_hints(self) -> list[tuple[str, str]]:
        hints = [("confirm", "hint.choose")]
        if any(self.game.driver.can_undo(s) for s in self.hint_seats()):
            hints.append(("undo", "hint.undo"))
        if self.game.hint_desk.enabled():
            hints.append(("hint", "hint.hint"))
        if capability(self.game.renderer, "peek"):
            hints.append(("peek", "hint.peek"))
        hints += [("help", "hint.help"), ("menu", "hint.menu")]
        return hints

    def bar_message(self, seat: int | None, prompt: Prompt | None) -> tuple[str, int | None]:
        """The bar's text and whose colour dot goes with it."""
        game = self.game
        if game.match.is_over():
            return t("game.over"), None
        if prompt is not None and seat is not None:
            text = t(prompt.message, **dict(prompt.params))
            return f"{game.names[seat]}: {text}", seat
        waiting = game.match.prompts()
        return self._waiting_message(waiting[0].player if waiting else None)

    def _waiting_message(self, first: int | None) -> tuple[str, int | None]:
        """The bar's text while `first` (None: nobody) is the first seat asked and no person
        here is shown a prompt: a bot thinking, or whom the game waits for."""
        game = self.game
        if first is None:
            return "", None
        if first in game.driver.bots:
            return t("game.bot_thinking", name=game.names[first]), first
        return t("game.waiting_for", name=game.names[first]), first

    def prepare(self) -> None:
        """Make ahead (before the first frame) what the bar will show while bots play: a text
        rendered in the frame a bot's move lands cost that frame 0.05-0.1 ms (a mode that
        draws the bar otherwise overrides this)."""

    def idle_bar_key(self) -> Hashable:
        """What the bar and the seat strips show while no person here has a prompt: a bot's
        move that leaves it equal redraws neither (game_damage). ((message, speaker), over),
        made once per speaker (`_idle_speaker`): the frame a bot's move lands looks it up."""
        speaker = self._idle_speaker()
        key = self._idle_keys.get(speaker)
        if key is None:
            key = self._idle_keys[speaker] = self.bar_message(None, None), speaker[0]
        return key

    def _idle_speaker(self, first: int | None = None, asked: bool = True) -> tuple:
        """Everything the idle bar's message follows: the game's end, the first seat asked
        (`first` when not `asked` of the match), its name, whether a bot holds it, the
        language."""
        game = self.game
        over = game.match.is_over()
        if asked:
            waiting = () if over else game.match.prompts()
            first = waiting[0].player if waiting else None
        name = game.names[first] if first is not None else None
        return over, first, name, first in game.driver.bots, language()

    def bot_messages(self) -> list[tuple[str, int | None]]:
        """(message, seat) of each bot's "thinking" on the bar: what the bar says between
        people's turns, known before the game starts; their `idle_bar_key`s made ahead."""
        made = []
        for seat in sorted(self.game.driver.bots):
            message = self._waiting_message(seat)
            self._idle_keys[self._idle_speaker(seat, asked=False)] = message, False
            made.append(message)
        return made

    def idle_bar_rects(self, was: Hashable, now: Hashable) -> list[pygame.Rect] | None:
        """Where the bar changes from the idle bar `was` to `now` (`idle_bar_key`s): None for
        all of it, unless a mode knows where it writes the message."""
        return None
