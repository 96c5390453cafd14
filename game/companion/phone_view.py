"""What a phone is sent: its seat's prompt (the same option labels the TV's bar would show)
and its seat's private information, read from the engine's `view(state, seat)`, never from
another seat's view or from the renderer.

A game's private sections come from a reader in PRIVATE_READERS (game id -> function of the
rules and the seat's view); a game without one shows the prompt only, which is all it hides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.scenes.table.focus import option_label
from game.ui.i18n import t

if TYPE_CHECKING:
    from game.scenes.game import GameScene

Section = dict[str, Any]  # {"title": str, "items": [str, ...]}
TTR = "ticket_to_ride_paris"


def phone_state(scene: GameScene, seat: int, live: bool) -> dict[str, Any]:
    """The message a seat's phone shows: its prompt's options (when the game is live) and the
    private sections of its own view."""
    match = scene.match
    prompt = match.prompt_for(seat) if live and not scene.finished else None
    if prompt is not None:
        message = t(prompt.message, **dict(prompt.params))
        options = [option_label(o) for o in prompt.options]
    else:
        message, options = _waiting(scene, live), []
    reader = PRIVATE_READERS.get(scene.info.id)
    sections = reader(match.rules, match.view(seat)) if reader is not None else []
    return {"t": "state", "seat": seat, "name": scene.names[seat], "message": message,
            "options": options, "sections": sections, "over": match.is_over()}


def _waiting(scene: GameScene, live: bool) -> str:
    if scene.finished or scene.match.is_over():
        return t("game.over")
    if not live:
        return t("phone.paused")
    waiting = [p.player for p in scene.match.prompts()]
    if waiting:
        return t("game.waiting_for", name=scene.names[waiting[0]])
    return t("phone.waiting")


# -- Ticket to Ride: Paris -------------------------------------------------------------------
def ttr_private(rules: Any, view: Any) -> list[Section]:
    """The seat's transport cards (count per colour) and its kept destination tickets."""
    from game.games.ticket_to_ride_paris.board import COLORS

    seat = view.viewer
    hand = view.hands[seat] or ()
    cards = [f"{t(f'{TTR}.color.{COLORS[c]}')} × {n}" for c, n in enumerate(hand) if n]
    tickets = [t(f"{TTR}.detail.ticket", **dict(rules.ticket_params(i))) + f" ({_points(rules, i)})"
               for i in (view.tickets[seat] or ())]
    return [{"title": t("phone.ttr.cards"), "items": cards or [t("phone.none")]},
            {"title": t("phone.ttr.tickets"), "items": tickets or [t("phone.none")]}]


def _points(rules: Any, ticket: int) -> int:
    return rules.board.tickets[ticket].points


PRIVATE_READERS: dict[str, Callable[[Any, Any], list[Section]]] = {TTR: ttr_private}
