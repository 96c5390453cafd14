"""The odds of Urban Sprawl's next card and the chance node that draws it.

A deck's events lie in a window where the setup stacked them (rulebook "Eventos"), so the next
card is not a plain uniform draw: `draw_weights` works out each card's weight at a position,
`DeckDraw` is the chance node over the deck's multiset (state.Deck), and `pick_card` the fast
path's draw over the same running sums. Apart from decks.py, which holds the turn kit's
handlers of draws, reveals and the end-of-turn row steps, and asks these for the odds.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate, chain, repeat

from game.engine.core import Chance

_SET_LABEL = Chance.__dict__["label"].__set__


@lru_cache(maxsize=4096)  # a pure function of numbers; the same few recur every game
def running_weights(event_weight: float, events: int, other_weight: float, others: int
                    ) -> list[float]:
    """The running sums `match.sample` builds over a DeckDraw's outcomes (read-only)."""
    return list(accumulate(chain(repeat(event_weight, events), repeat(other_weight, others))))


@lru_cache(maxsize=4096)  # a pure function of numbers; the same few recur every game
def draw_weights(events: int, others: int, position: int, window: tuple[int, int]
                 ) -> tuple[bool, float, bool, float, list[float]]:
    """How the next card of a deck holding `events` events and `others` other cards is drawn
    at 1-based `position`, events lying in `window` (DeckMixin._ask_reveal): whether events
    may come out and each one's weight, the same for the other cards, and the running sums
    of those weights (read-only). The odds of the stacked deck: each event slot left in the
    window equally likely."""
    low, high = window
    if not events or not others:
        p_event = 1.0 if events else 0.0
    elif position < low:
        p_event = 0.0
    elif position > high:
        p_event = events / (events + others)
    else:
        p_event = min(1.0, events / (high - position + 1))
    events = events if p_event > 0 else 0
    others = others if p_event < 1 else 0
    event_weight = p_event / events if events else 0.0
    other_weight = (1 - p_event) / others if others else 0.0
    return (events > 0, event_weight, others > 0, other_weight,
            running_weights(event_weight, events, other_weight, others))


_new_chance = object.__new__


class DeckDraw(Chance):
    """The next card of a deck: each of `events` at `event_weight`, each of `others` at
    `other_weight` (either tuple may be empty). Its `outcomes` are built only when asked
    for (apply's check, Match, the UI): the fast path draws with `pick`, over running sums
    shared by every draw with the same weights (game.engine.flow)."""

    __slots__ = ("built", "event_weight", "events", "other_weight", "others", "running")

    def __reduce__(self) -> tuple:  # copies and pickles: the slots' way would set `outcomes`
        return deck_draw, (self.events, self.event_weight, self.others, self.other_weight,
                           self.label)

    @property
    def outcomes(self) -> tuple[tuple[str, float], ...]:  # type: ignore[override]
        """(card, weight) pairs, events first."""
        built = self.built
        if built is None:
            built = (*zip(self.events, repeat(self.event_weight)),
                     *zip(self.others, repeat(self.other_weight)))
            _SET_BUILT(self, built)
        return built

    def pick(self, random: Callable[[], float]) -> str:
        """The card `match.sample` draws with this `random` (one call, none for one card)."""
        return pick_card(self.events, self.others, self.running, random)


def pick_card(events: tuple[str, ...], others: tuple[str, ...], running: list[float],
              random: Callable[[], float]) -> str:
    """DeckDraw.pick of a draw with these events and other cards and their running weights."""
    last = len(events) + len(others) - 1
    if not last:
        return (events or others)[0]
    index = bisect(running, random() * (running[-1] + 0.0), 0, last)
    return events[index] if index < len(events) else others[index - len(events)]


(_SET_BUILT, _SET_EVENT_WEIGHT, _SET_EVENTS, _SET_OTHER_WEIGHT, _SET_OTHERS, _SET_RUNNING) = (
    DeckDraw.__dict__[name].__set__ for name in DeckDraw.__slots__)


def deck_draw(events: tuple[str, ...], event_weight: float, others: tuple[str, ...],
              other_weight: float, label: str, running: list[float] | None = None
              ) -> DeckDraw:
    """A DeckDraw, its slots filled through their descriptors (one per card revealed);
    `running`: its running weights, when the caller has them (running_weights)."""
    made = _new_chance(DeckDraw)
    _SET_LABEL(made, label)
    _SET_EVENTS(made, events)
    _SET_EVENT_WEIGHT(made, event_weight)
    _SET_OTHERS(made, others)
    _SET_OTHER_WEIGHT(made, other_weight)
    _SET_BUILT(made, None)
    _SET_RUNNING(made, running or running_weights(event_weight, len(events), other_weight,
                                                   len(others)))
    return made
