"""Urban Sprawl bot heuristic: GreedyBot scores every option of a prompt and takes the best.

One-step judgement, no search: build whenever a contract is affordable (bigger buildings,
vocations and same-zone neighbours first, on valuable blocks that win zone elections), take the
permits that fit the contracts on offer, invest only when short of wealth, and in every
decision aimed at a building hit the prestige leader rather than itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.core import Option, Prompt

from . import city
from .board import Contract, Permit
from .state import HIDDEN_CARD, NOBODY, State, total_prestige
from .tuning import (
    END_TURN,
    FACE_DOWN_WORTH,
    HAND_LIMIT,
    LOW_WEALTH,
    VALUE_WEIGHT,
    marker_worth,
    office_edge,
    park_worth,
)
from .why import reason

__all__ = ["evaluate", "reason"]  # the heuristic, and its Hint's reason (capability move_reasons)


def evaluate(rules: Any, view: State, prompt: Prompt) -> list[float]:
    """One score per option of the prompt."""
    scorer = SCORERS.get(prompt.kind)
    if scorer is None:
        return [0.0] * len(prompt.options)
    return [scorer(rules, view, prompt, o) for o in prompt.options]


def _act(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    action, seat = option.action, prompt.player
    cost = dict(option.params).get("ap", 0)
    if action[0] == "end":
        return END_TURN
    if action[0] == "take":
        card = view.planning_row[action[2]] if action[1] == "row" else view.planning_top
        return _card_worth(rules, view, seat, card) - 0.6 * cost
    card = (action[2] if action[1] == "favour" else view.contract_row[action[2]]
            if action[1] == "row" else view.tops[action[2]])
    contract = rules.board.cards[card]
    worth = 4 + 2 * contract.size + sum(v for _, v in contract.vocations)
    if action[0] == "build":
        return 6 + worth - 0.4 * cost
    return 0.3 * worth - 0.6 * cost  # a Favour: keep it for later


def _card_worth(rules: Any, view: State, seat: int, card: str) -> float:
    """A planning card's use: licences for the zones of contracts on offer."""
    if card == HIDDEN_CARD:
        return FACE_DOWN_WORTH
    found = rules.board.cards[card]
    if not isinstance(found, Permit):
        return 1.5  # Urban Renewal
    wanted = {rules.board.cards[c].zone for c in (*view.contract_row, *view.tops,
                                                   *view.favours[seat]) if c is not None}
    return 1 + found.licences * (1.5 if found.zones & wanted else 0.5)


def _place(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    lots, seat = option.action[1], prompt.player
    contract = rules.board.cards[dict(prompt.params)["card"]]
    if not isinstance(contract, Contract):  # pragma: no cover - the place prompt names one
        return 0.0
    value = city.block_value(rules.board, view, rules.board.block_of[lots[0]])
    near = city.adjacent_buildings(rules.board, view, lots)
    same = sum(1 for bid in near if view.buildings[bid].zone == contract.zone)
    razed = sum(2 if view.buildings[bid].owner == seat else -0.5
                for bid in {view.lots[lot] for lot in lots} - {NOBODY})
    return 2 * same + VALUE_WEIGHT * value - razed + office_edge(rules, view, seat,
                                                                  contract.zone, value)


def _license(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    permit = rules.board.cards[option.action[1]]
    return -permit.licences - 0.2 * len(permit.zones)  # spend the smallest, narrowest first


def _invest(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    if option.action[0] == "done":
        return 0.0
    permits = sum(isinstance(rules.board.cards[c], Permit) for c in view.hands[prompt.player])
    # Short of wealth, or hoarding more permits than it can build with (which would also dry
    # up the planning deck for everyone): cash one in.
    wanted = view.wealth[prompt.player] < LOW_WEALTH or permits > HAND_LIMIT
    return rules.board.cards[option.action[1]].invest / 10 if wanted else -1.0


def _split(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    taken = option.action[1]
    return -taken if view.wealth[prompt.player] < LOW_WEALTH else taken


def _leader_harm(view: State, seat: int, owner: int) -> float:
    """How good it is to hurt `owner`: the prestige leader most, never ourselves."""
    if owner == seat:
        return -100.0
    return 0.0 if owner == NOBODY else total_prestige(view, owner) / 10


def _choose_building(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    bid, seat = option.action[1], prompt.player
    owner = view.buildings[bid].owner
    if dict(prompt.params)["purpose"] == "bonus":
        return 1.0 if owner == seat else -_leader_harm(view, seat, owner)
    return _leader_harm(view, seat, owner)


def _choose_seat(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    chosen = option.action[1]
    if dict(prompt.params)["purpose"] == "office" or chosen == prompt.player:
        return 100.0 if chosen == prompt.player else -total_prestige(view, chosen)
    return -total_prestige(view, chosen)


def _steal(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    return total_prestige(view, option.action[1])


def _yes_if(test: Callable[[Any, State, Prompt], bool], yes: str) -> Callable:
    def score(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
        return float((option.action[0] == yes) == test(rules, view, prompt))
    return score


def _buy(rules: Any, view: State, prompt: Prompt) -> bool:
    p = dict(prompt.params)
    if p["pay"] == "wealth":
        return view.wealth[prompt.player] - p["cost"] >= LOW_WEALTH
    return p["get"] == "wealth" and view.wealth[prompt.player] < LOW_WEALTH


def _keep(rules: Any, view: State, prompt: Prompt) -> bool:
    return dict(prompt.params)["prestige"] <= 3


def _order(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    return -total_prestige(view, option.action[1])  # the trailing players decide first


def _pay_split(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    return _split(rules, view, prompt, option)


def _disaster(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    if option.action == ("pay",):
        return -float(dict(prompt.params)["prestige"])
    return -3.0 * len(view.buildings[option.action[1]].lots)  # losing a small one hurts least


def _draft(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    bid = option.action[1]
    cost = dict(option.params)["cost"]
    return 0.4 * cost - cost + (0.5 if view.buildings[bid].zone == "RES" else 0)


SCORERS = {
    "act": _act, "place": _place, "license": _license, "invest": _invest, "split": _split,
    "choose_building": _choose_building, "choose_seat": _choose_seat, "steal": _steal,
    "place_park": park_worth, "place_marker": marker_worth, "draft": _draft, "order": _order,
    "pay_split": _pay_split, "disaster": _disaster,
    "purchase": _yes_if(_buy, "buy"), "decay_save": _yes_if(_keep, "pay"),
}
