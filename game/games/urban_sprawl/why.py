"""Urban Sprawl's Hint reasons (capability move_reasons, re-exported by bot.py).

Asked once per Hint press, never by the bots: each reason reads the position the way the
scorers of bot.py do and puts the figures behind the chosen option into words
(strings_help.toml)."""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Prompt
from game.engine.hints import Reason

from . import city
from .board import Contract, Permit, card_name
from .state import HIDDEN_CARD, NOBODY, State, total_prestige
from .tuning import LOW_WEALTH, marker_worth, office_edge, park_worth

WHY = "urban_sprawl.hint.why."
SCENE = "urban_sprawl.scene."  # zone, office, vocation and resource names (strings_scene.toml)


def reason(rules: Any, view: State, prompt: Prompt, index: int) -> Reason | None:
    """Why the Normal bot chose option `index` of `prompt`, with the figures behind it (None:
    the room's text for the prompt kind says it)."""
    why = REASONS.get(prompt.kind)
    return why(rules, view, prompt, prompt.options[index]) if why else None


def _why(kind: str, **params: Any) -> Reason:
    return Reason(WHY + kind, tuple(params.items()))


def _zone(zone: str) -> str:
    return f"{SCENE}zone.{zone}"


def _offer(rules: Any, view: State, seat: int) -> list[tuple[str, int]]:
    """(contract, AP to build it) of every contract the seat may build from: the row, the
    deck tops in play, its Favours."""
    board = rules.board
    places = [*zip(view.contract_row, board.contract_costs),
              *((card, board.contract_deck_cost) for card in view.tops[:view.active_decks]),
              *((card, 0) for card in view.favours[seat])]
    return [(card, cost) for card, cost in places if card is not None]


def _why_act(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason | None:
    action, seat = option.action, prompt.player
    ap = dict(option.params).get("ap", 0)
    if action[0] == "end":
        return _why("end", count=view.ap)
    if action[0] == "take":
        card = view.planning_row[action[2]] if action[1] == "row" else view.planning_top
        return _why_take(rules, view, seat, card, ap)
    card = (action[2] if action[1] == "favour" else view.contract_row[action[2]]
            if action[1] == "row" else view.tops[action[2]])
    contract = rules.board.cards[card]
    if action[0] == "favour":
        short = contract.size - rules.held_licences(view, seat)[contract.zone]
        return (_why("favour_short", name=card_name(contract.id), count=short) if short > 0
                else _why("favour", name=card_name(contract.id)))
    return _why_build(contract, ap)


def _why_build(contract: Contract, ap: int) -> Reason:
    """A build: the vocation it brings, else the flat gain of its effect, else its size."""
    if contract.vocations:
        name, value = contract.vocations[0]
        return _why("build_vocation", name=card_name(contract.id), ap=ap,
                    vocation=f"{SCENE}vocation.{name}", value=value)
    gains = [rule.params for rule in contract.effects if rule.kind == "gain"]
    if gains:
        return _why("build_gain", name=card_name(contract.id), ap=ap, amount=gains[0]["amount"],
                    resource=f"{SCENE}res.{gains[0]['resource']}")
    return _why("build", name=card_name(contract.id), ap=ap, count=contract.size)


def _why_take(rules: Any, view: State, seat: int, card: str, ap: int) -> Reason:
    """A planning card: the contract its licences let the seat build (this turn if the AP
    left allow), else the licences it adds."""
    if card == HIDDEN_CARD:
        return _why("take_face_down", ap=ap)
    permit = rules.board.cards[card]
    if not isinstance(permit, Permit):
        return _why("take_renewal")
    held = rules.held_licences(view, seat)
    after = rules.hand_licences(tuple(sorted((*view.hands[seat], card))))
    unlocked = [(c, cost) for c, cost in _offer(rules, view, seat)
                if held[(contract := rules.board.cards[c]).zone] < contract.size
                <= after[contract.zone]]
    for c, cost in unlocked:
        if cost <= view.ap - ap and rules.can_build(view, seat, c, after):
            return _why("take_builds", name=card_name(c))
    if unlocked:
        return _why("take_licences", name=card_name(unlocked[0][0]))
    return _why("take_permit", count=permit.licences, ap=ap)


def _why_invest(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    seat = prompt.player
    wealth = view.wealth[seat]
    if option.action[0] == "done":
        return _why("invest_keep", have=wealth)
    gained = rules.board.cards[option.action[1]].invest
    if wealth < LOW_WEALTH:
        return _why("invest_low", wealth=gained, have=wealth)
    permits = sum(isinstance(rules.board.cards[c], Permit) for c in view.hands[seat])
    return _why("invest_spare", wealth=gained, count=permits)


def _why_place(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    """The neighbourhood bonus the lots earn, else the election the building's value wins,
    else the payout row it leads, else what the block costs."""
    lots, seat, board = option.action[1], prompt.player, rules.board
    contract = board.cards[dict(prompt.params)["card"]]
    block = board.block_of[lots[0]]
    value = city.block_value(board, view, block)
    razed = rules.covered(view, lots)
    same = sum(1 for bid in city.adjacent_buildings(board, view, lots, razed)
               if view.buildings[bid].zone == contract.zone)
    if same:
        attorney = view.offices[rules.office_index("district_attorney")]
        doubled = view.builds == 0 and attorney == seat
        return _why("place_neighbours", count=same, zone=_zone(contract.zone), wealth=value,
                    prestige=same * (2 if doubled else 1))
    if office_edge(rules, view, seat, contract.zone, value):
        return _why("place_office", value=value, zone=_zone(contract.zone))
    lead = _payout_lead(rules, view, seat, lots, razed)
    if lead is not None:
        resource, row = lead
        return _why(f"place_lead_{resource}", value=row)
    return _why("place_block", value=value)


def _payout_lead(rules: Any, view: State, seat: int, lots: tuple[int, ...],
                 razed: tuple[int, ...]) -> tuple[str, int] | None:
    """(resource, printed value) of the block's payout row or column that the new building
    puts the seat alone at the top of (it was not before), or None."""
    board = rules.board
    anchors = list(view.anchors)
    for bid in razed:
        owner = view.buildings[bid].owner
        if owner != NOBODY:
            anchors[owner] &= ~(1 << view.buildings[bid].lots[0])
    anchors[seat] |= 1 << lots[0]
    row, col = city.lines_of(board.block_of[lots[0]])
    for resource, printed in (("prestige", board.row_prestige[row]),
                              ("wealth", board.wealth_columns[col])):
        mask = rules.row_masks[board.printed_rows[(resource, printed)]]
        if _sole_leader(view.anchors, mask) != seat == _sole_leader(anchors, mask):
            return resource, printed
    return None


def _sole_leader(anchors: Any, mask: int) -> int:
    """The seat with the most buildings in the row (by their first lots), NOBODY on a tie."""
    counts = [(a & mask).bit_count() for a in anchors]
    top = max(counts)
    return counts.index(top) if top and counts.count(top) == 1 else NOBODY


def _why_license(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    left = dict(prompt.params)["left"]
    licences = rules.board.cards[option.action[1]].licences
    if licences >= left:
        return _why("license_all", count=left)
    return _why("license_part", count=licences, left=left)


def _why_split(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    """Which of wealth and prestige the seat lacks: what it takes, or pays with."""
    params, wealth = dict(option.params), view.wealth[prompt.player]
    low = wealth < LOW_WEALTH
    verb = "split" if prompt.kind == "split" else "pay_split"
    if low:
        return _why(f"{verb}_low", have=wealth, wealth=params["wealth"], low=LOW_WEALTH)
    return _why(f"{verb}_rich", have=wealth, prestige=params["prestige"], low=LOW_WEALTH)


def _why_steal(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    return _why("steal", prestige=total_prestige(view, option.action[1]))


def _why_seat(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    """A tie broken: for the seat itself when it is tied, else for the trailing player."""
    chosen, purpose = option.action[1], dict(prompt.params)["purpose"]
    if chosen == prompt.player:
        what = "vocation" if purpose == "media" else "office"
        return _why(f"seat_self_{what}", name=f"{SCENE}{what}.{purpose}")
    return _why("seat_trailing", prestige=total_prestige(view, chosen))


def _why_order(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    return _why("order", prestige=total_prestige(view, option.action[1]))


def _why_building(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason | None:
    """A card's effect aimed at a building: the bonus to the seat's own, else the harm to the
    prestige leader (the bonus to the player furthest behind)."""
    seat, owner = prompt.player, view.buildings[option.action[1]].owner
    purpose = view.tasks[0][2]
    if purpose[0] == "bonus" and owner == seat:
        return _why("bonus_own", amount=purpose[2], resource=f"{SCENE}res.{purpose[1]}")
    if owner in (seat, NOBODY):
        return None
    return _why("bonus_other" if purpose[0] == "bonus" else "harm_leader",
                prestige=total_prestige(view, owner))


def _why_decay(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    cost = dict(prompt.params)["prestige"]
    return _why("decay_pay" if option.action == ("pay",) else "decay_lose", cost=cost)


def _why_disaster(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    cost = dict(prompt.params)["prestige"]
    if option.action == ("pay",):
        return _why("disaster_pay", cost=cost, count=len(prompt.options) - 1)
    size = len(view.buildings[option.action[1]].lots)
    payable = prompt.options[-1].action == ("pay",)
    return _why("disaster_lose" if payable else "disaster_smallest", count=size, cost=cost)


def _why_purchase(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason | None:
    params, wealth = dict(prompt.params), view.wealth[prompt.player]
    if params["pay"] == "wealth":
        left = wealth - params["cost"]
        return _why("purchase_spare" if option.action == ("buy",) else "purchase_keep",
                    cost=params["cost"], left=left, low=LOW_WEALTH)
    if params["get"] == "wealth":
        return _why("purchase_need" if option.action == ("buy",) else "purchase_enough",
                    have=wealth, low=LOW_WEALTH)
    return None


def _why_park(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason | None:
    count = park_worth(rules, view, prompt, option)
    return _why("park", count=int(count)) if count else None


def _why_marker(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason | None:
    line, _ = rules.board.circles[option.action[1]]
    count = int(marker_worth(rules, view, prompt, option))
    marker = city.marker_value(dict(prompt.params)["marker"])
    return _why(f"marker_{line}", count=count, value=marker) if count else None


def _why_draft(rules: Any, view: State, prompt: Prompt, option: Option) -> Reason:
    """The cheapest start (the scorer's price outweighs the Residential nudge by itself)."""
    cost = dict(option.params)["cost"]
    return _why("draft", cost=cost, left=view.wealth[prompt.player] - cost)


REASONS = {
    "act": _why_act, "place": _why_place, "license": _why_license, "invest": _why_invest,
    "split": _why_split, "pay_split": _why_split, "steal": _why_steal, "choose_seat": _why_seat,
    "order": _why_order, "choose_building": _why_building, "decay_save": _why_decay,
    "disaster": _why_disaster, "purchase": _why_purchase, "place_park": _why_park,
    "place_marker": _why_marker, "draft": _why_draft,
}
