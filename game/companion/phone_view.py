"""What a phone is sent: its seat's prompt (the same option labels the TV's bar would show)
and its seat's private information, read from the engine's `view(state, seat)`, never from
another seat's view or from the renderer.

A game's private sections come from a reader in PRIVATE_READERS (game id -> function of the
rules and the seat's view); a game without one shows the prompt only, which is all it hides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.companion.sheets import phone_sheet
from game.scenes.table.focus import option_label
from game.ui.i18n import t

if TYPE_CHECKING:
    from game.scenes.game import GameScene

Section = dict[str, Any]  # {"title": str, "items": [str, ...]}
TTR, FQ, US = "ticket_to_ride_paris", "french_quarter", "urban_sprawl"


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
    view = match.view(seat)
    reader = PRIVATE_READERS.get(scene.info.id)
    sections = reader(match.rules, view) if reader is not None else []
    state = {"t": "state", "seat": seat, "name": scene.names[seat], "message": message,
             "options": options, "sections": sections, "over": match.is_over()}
    sheet = phone_sheet(scene.info.id, match.rules, view, prompt)
    if sheet is not None:
        state["sheet"] = sheet
    return state


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


# -- French Quarter (Tourism): the secret Vacation card ----------------------------------------
def fq_private(rules: Any, view: Any) -> list[Section]:
    """The seat's Vacation card: its name and its four buildings, each ticked once mapped."""
    sheet = view.sheets[view.viewer]
    if not getattr(view, "tourism", False) or sheet.vacation < 0:
        return []
    card = rules.board.vacations[sheet.vacation]
    buildings = rules.board.buildings
    items = [t(f"{FQ}.vacation.{card.id}")]
    items += [("✓ " if sheet.mapped[b] else "○ ") + buildings[b].name for b in card.buildings]
    return [{"title": t("phone.fq.vacation"), "items": items}]


# -- Urban Sprawl: the planning cards in front of the seat -------------------------------------
def us_private(rules: Any, view: Any) -> list[Section]:
    """The seat's planning cards, each with its text (public, but read more easily here)."""
    from game.games.urban_sprawl.board import card_name
    from game.games.urban_sprawl.card_text import card_lines
    from game.games.urban_sprawl.layout import t as words

    items = []
    for card_id in view.hands[view.viewer]:
        card = rules.board.cards[card_id]
        items.append(" — ".join([_us_title(card_id, card, card_name)] + card_lines(card, words)))
    return [{"title": t("phone.us.planning"), "items": items or [t("phone.none")]}]


def _us_title(card_id: str, card: Any, card_name: Callable[[str], str]) -> str:
    from game.games.urban_sprawl.board import Contract, EventCard, Renewal
    from game.games.urban_sprawl.layout import t as words

    if isinstance(card, Contract | EventCard):
        return t(card_name(card_id))
    return words("renewal_title" if isinstance(card, Renewal) else "permit_title")


PRIVATE_READERS: dict[str, Callable[[Any, Any], list[Section]]] = {
    TTR: ttr_private, FQ: fq_private, US: us_private}
