"""Urban Sprawl's Hint reasons (capability move_reasons): every figure a reason gives about the
Normal bot's choice is checked against the position or against what the move really did in the
game the Advisor played, and every reason reads in both languages."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from game.engine.core import Config
from game.engine.hints import Hint
from game.engine.match import Match
from game.engine.registry import get_game
from game.games.urban_sprawl import bot, city, tuning
from game.games.urban_sprawl.board import card_name
from game.games.urban_sprawl.state import NOBODY, SOURCE_INDEX, total_prestige
from game.games.urban_sprawl.why import WHY
from tests.games.hint_reasons import Decision, advised_game, assert_reasons_read
from tests.games.plural_forms import plural_after_one

from .support import after_setup, at_act, contract, empty_city, pending_prompt, permit, with_seat

GAMES = ((2, 3), (3, 4), (4, 5), (3, 7))  # (players, seed)
NEIGHBOURHOOD, VOCATIONS = SOURCE_INDEX["neighbourhood"], SOURCE_INDEX["vocations"]
# The kinds of reason the seeded games must give (the rarer ones are checked when they occur).
EXPECTED = {"build_vocation", "build", "take_builds", "take_licences", "take_permit",
            "favour_short", "end", "invest_keep", "invest_low", "place_neighbours",
            "license_part", "split_low", "split_rich", "steal", "seat_self_office", "order",
            "harm_leader", "park", "marker_row", "marker_column", "draft", "purchase_spare",
            "disaster_pay", "decay_pay"}


@cache
def rules():
    return get_game("urban_sprawl").make_rules()


def game(players: int, seed: int) -> tuple[Decision, ...]:
    return advised_game("urban_sprawl", players, seed)


def reasoned(players: int, seed: int) -> list[tuple[int, Decision]]:
    return [(i, d) for i, d in enumerate(game(players, seed)) if d.why(WHY)]


def later(decisions: tuple[Decision, ...], index: int, wanted: Callable[[Decision], bool]):
    """The state before the first later decision that is `wanted`, else the game's end."""
    found = (d.before for d in decisions[index + 1:] if wanted(d))
    return next(found, decisions[-1].after)


def card_named(name: str) -> str:
    """The card whose name key (board.card_name) a reason names."""
    return next(c for c in rules().board.cards if card_name(c) == name)


def chosen_card(d: Decision) -> str:
    """The contract an act option takes (from the row, a deck top or the seat's Favours)."""
    _, where, at = d.hint.action
    return at if where == "favour" else (d.before.contract_row[at] if where == "row"
                                         else d.before.tops[at])


def apply_events(d: Decision) -> tuple:
    return rules().apply(d.before, d.seat, d.hint.action)[1]


def prestige_moves(d: Decision) -> list[int]:
    """The prestige the move itself gave (or took from) the seat, event by event."""
    return [e.get("amount") for e in apply_events(d) if e.kind == "prestige"
            and e.player == d.seat]


# -- the checks, one per kind of reason: (decisions, index, decision) -----------------------
def check_ap(decisions, i, d):
    """The AP the reason names (else the option's cost) are the AP the move spends."""
    named = dict(d.hint.reason.params).get("ap")
    cost = dict(d.hint.prompt.options[d.hint.index].params)["ap"]
    assert (cost if named is None else named) == cost == d.before.ap - d.after.ap, d.hint


def check_build_vocation(decisions, i, d):
    check_ap(decisions, i, d)
    contract = rules().board.cards[chosen_card(d)]
    name, value = contract.vocations[0]
    assert d.param("value") == value and d.param("vocation").endswith(name)
    index = rules().board.vocations.index(name)
    held = [v[index] for v in d.before.vocations]
    others = any(n for seat, n in enumerate(held) if seat != d.seat)
    gains = sum(held) < rules().board.vocation_copies or others
    turn_on = later(decisions, i, lambda e: e.hint.prompt.kind == "act")
    assert turn_on.vocations[d.seat][index] == held[d.seat] + gains


def check_build(decisions, i, d):
    check_ap(decisions, i, d)
    assert d.param("count") == rules().board.cards[chosen_card(d)].size


def check_build_gain(decisions, i, d):
    check_ap(decisions, i, d)
    gains = [r.params for r in rules().board.cards[chosen_card(d)].effects if r.kind == "gain"]
    assert d.param("amount") == gains[0]["amount"]


def check_take_builds(decisions, i, d):
    """The named contract is one the seat may build at its very next action prompt."""
    check_take(decisions, i, d)
    prompt = next_prompt(d.after)
    built = {chosen_card_of(d.after, o.action) for o in prompt.options if o.action[0] == "build"}
    assert card_named(d.param("name")) in built


def chosen_card_of(state, action):
    _, where, at = action
    return at if where == "favour" else state.contract_row[at] if where == "row" else state.tops[at]


def check_take_licences(decisions, i, d):
    check_take(decisions, i, d)
    contract = rules().board.cards[card_named(d.param("name"))]
    assert rules().held_licences(d.before, d.seat)[contract.zone] < contract.size
    assert rules().held_licences(d.after, d.seat)[contract.zone] >= contract.size


def check_take(decisions, i, d):
    check_ap(decisions, i, d)
    assert len(d.after.hands[d.seat]) == len(d.before.hands[d.seat]) + 1


def check_take_permit(decisions, i, d):
    check_take(decisions, i, d)
    taken = Counter(d.after.hands[d.seat]) - Counter(d.before.hands[d.seat])
    assert [rules().board.cards[c].licences for c in taken] == [d.param("count")]


def check_favour_short(decisions, i, d):
    """Not buildable now, and short of exactly that many licences."""
    card = chosen_card(d)
    contract = rules().board.cards[card]
    held = rules().held_licences(d.before, d.seat)[contract.zone]
    assert d.param("count") == contract.size - held > 0
    assert card in d.after.favours[d.seat]
    assert not any(o.action[0] == "build" and chosen_card_of(d.before, o.action) == card
                   for o in d.hint.prompt.options)


def check_favour(decisions, i, d):
    """Taken as a Favour with the licences for it in hand."""
    card = chosen_card(d)
    contract = rules().board.cards[card]
    assert rules().held_licences(d.before, d.seat)[contract.zone] >= contract.size
    assert card in d.after.favours[d.seat] and d.param("name") == card_name(card)


def check_end(decisions, i, d):
    assert d.param("count") == d.before.ap == dict(d.hint.prompt.params)["ap"]


def check_invest(decisions, i, d):
    assert d.param("wealth") == d.after.wealth[d.seat] - d.before.wealth[d.seat]
    assert d.param("have") == d.before.wealth[d.seat] < tuning.LOW_WEALTH


def check_invest_keep(decisions, i, d):
    assert d.param("have") == d.before.wealth[d.seat] >= tuning.LOW_WEALTH


def check_place_neighbours(decisions, i, d):
    """The wealth paid is the block's, the prestige is the neighbourhood bonus once built."""
    assert d.param("wealth") == d.before.wealth[d.seat] - d.after.wealth[d.seat]
    built = later(decisions, i, lambda e: e.hint.prompt.kind != "license")
    gained = built.prestige[d.seat][NEIGHBOURHOOD] - d.before.prestige[d.seat][NEIGHBOURHOOD]
    assert d.param("prestige") == gained >= d.param("count") > 0, d.hint


def check_place_value(decisions, i, d):
    assert d.param("value") == d.before.wealth[d.seat] - d.after.wealth[d.seat]


def check_place_office(decisions, i, d):
    check_place_value(decisions, i, d)
    zone = rules().board.cards[dict(d.hint.prompt.params)["card"]].zone
    rivals = [city.building_value(rules().board, d.after, bid)
              for bid, b in city.live_buildings(d.after)
              if b.zone == zone and b.owner not in (d.seat, NOBODY)]
    assert all(value < d.param("value") for value in rivals)


def check_place_lead(resource):
    def check(decisions, i, d):
        board = rules().board
        lots = d.hint.action[1]
        row, col = city.lines_of(board.block_of[lots[0]])
        printed = board.row_prestige[row] if resource == "prestige" else board.wealth_columns[col]
        assert d.param("value") == printed
        mask = rules().row_masks[board.printed_rows[(resource, printed)]]
        counts = [(a & mask).bit_count() for a in d.after.anchors]
        assert sorted(counts)[-2] < counts[d.seat] == max(counts)
    return check


def next_prompt(state):
    """The prompt the state waits on, None at a chance draw or the end."""
    pending = rules().pending(state)
    return pending[0] if isinstance(pending, tuple) and pending else None


def check_license(decisions, i, d):
    """The next licence prompt asks for what is left, or none follows once all is paid."""
    left = dict(d.hint.prompt.params)["left"]
    pays = rules().board.cards[d.hint.action[1]].licences
    following = next_prompt(d.after)
    still = (dict(following.params)["left"] if following is not None
             and following.kind == "license" else None)
    if d.why(WHY) == "license_all":
        assert d.param("count") == left <= pays and still is None
    else:
        assert d.param("count") == pays and d.param("left") == left and still == left - pays


def check_split(decisions, i, d):
    """The seat's wealth is what the reason says; the prestige it takes is what it gains."""
    assert d.param("have") == d.before.wealth[d.seat]
    gained = d.after.prestige[d.seat][VOCATIONS] - d.before.prestige[d.seat][VOCATIONS]
    if d.why(WHY) == "split_rich":
        assert d.param("prestige") == gained > 0
    else:
        assert gained == 0 and d.param("wealth") == dict(
            d.hint.prompt.options[d.hint.index].params)["wealth"]


def check_pay_split(decisions, i, d):
    assert d.param("have") == d.before.wealth[d.seat]
    if d.why(WHY) == "pay_split_rich":
        assert -sum(prestige_moves(d)) == d.param("prestige")


def check_steal(decisions, i, d):
    victim = d.hint.action[1]
    holders = [o.action[1] for o in d.hint.prompt.options]
    assert d.param("prestige") == total_prestige(d.before, victim) == max(
        total_prestige(d.before, s) for s in holders)
    assert sum(d.after.vocations[victim]) == sum(d.before.vocations[victim]) - 1


def check_seat_self_office(decisions, i, d):
    office = dict(d.hint.prompt.params)["purpose"]
    assert d.hint.action[1] == d.seat and d.param("name").endswith(office)
    assert d.after.offices[rules().office_index(office)] == d.seat


def check_least_prestige(decisions, i, d):
    """The chosen player has the least prestige of those the seat could choose (itself left
    out when it gives something away)."""
    seats = [o.action[1] for o in d.hint.prompt.options if o.action[1] != d.seat
             or d.hint.prompt.kind == "order"]
    chosen = d.hint.action[1]
    assert d.param("prestige") == total_prestige(d.before, chosen) == min(
        total_prestige(d.before, s) for s in seats)


def check_harm_leader(decisions, i, d):
    owners = {d.before.buildings[o.action[1]].owner for o in d.hint.prompt.options} - {d.seat}
    owner = d.before.buildings[d.hint.action[1]].owner
    assert d.param("prestige") == total_prestige(d.before, owner) == max(
        total_prestige(d.before, s) if s != NOBODY else 0 for s in owners)


def check_bonus_other(decisions, i, d):
    owners = {d.before.buildings[o.action[1]].owner for o in d.hint.prompt.options}
    owner = d.before.buildings[d.hint.action[1]].owner
    assert d.param("prestige") == total_prestige(d.before, owner) == min(
        total_prestige(d.before, s) for s in owners - {d.seat, NOBODY})


def check_bonus_own(decisions, i, d):
    assert d.before.buildings[d.hint.action[1]].owner == d.seat
    if d.param("resource").endswith("prestige"):
        assert prestige_moves(d)[:1] == [d.param("amount")]


def check_pays_prestige(decisions, i, d):
    """Keeping a building costs exactly the prestige named."""
    assert prestige_moves(d) == [-d.param("cost")]


def check_disaster_pay(decisions, i, d):
    check_pays_prestige(decisions, i, d)
    assert d.param("count") == len(d.hint.prompt.options) - 1 >= 1


def check_disaster_lose(decisions, i, d):
    bid = d.hint.action[1]
    assert d.after.buildings[bid] is None
    assert d.param("count") == len(d.before.buildings[bid].lots) == min(
        len(d.before.buildings[o.action[1]].lots) for o in d.hint.prompt.options
        if o.action[0] == "building")


def check_purchase(decisions, i, d):
    params = dict(d.hint.prompt.params)
    wealth = d.before.wealth[d.seat]
    if d.why(WHY) in ("purchase_spare", "purchase_keep"):
        assert d.param("cost") == params["cost"] and d.param("left") == wealth - params["cost"]
        assert (d.param("left") >= tuning.LOW_WEALTH) == (d.why(WHY) == "purchase_spare")
    else:
        assert d.param("have") == wealth
        assert (wealth < tuning.LOW_WEALTH) == (d.why(WHY) == "purchase_need")
    if d.hint.action == ("buy",):
        assert params["pay"] != "wealth" or d.after.wealth[d.seat] <= wealth - params["cost"] + (
            params["amount"] if params["get"] == "wealth" else 0)


def check_park(decisions, i, d):
    lot = d.hint.action[1]
    near = city.adjacent_buildings(rules().board, d.after, (lot,))
    assert d.param("count") == sum(d.after.buildings[bid].owner == d.seat for bid in near) > 0


def check_marker(decisions, i, d):
    """Each block of the line not also in the marker's old line gains the marker's value, and
    the seat has that many buildings in the line."""
    board = rules().board
    circle = d.hint.action[1]
    marker = dict(d.hint.prompt.params)["marker"]
    old = d.before.markers[board.markers.index(marker)]
    blocks = board.circle_blocks[circle] - (board.circle_blocks[old] if old != NOBODY else set())
    assert {d.after.values[b] - d.before.values[b] for b in blocks} == {d.param("value")}
    mine = sum(1 for b in d.after.buildings if b is not None and b.owner == d.seat
               and board.block_of[b.lots[0]] in board.circle_blocks[circle])
    assert d.param("count") == mine > 0


def check_draft(decisions, i, d):
    cost = d.before.wealth[d.seat] - d.after.wealth[d.seat]
    assert d.param("cost") == cost == min(dict(o.params)["cost"] for o in d.hint.prompt.options)
    assert d.param("left") == d.after.wealth[d.seat]


CHECKS = {
    "build_vocation": check_build_vocation, "build": check_build, "build_gain": check_build_gain,
    "take_builds": check_take_builds, "take_licences": check_take_licences,
    "take_permit": check_take_permit, "take_face_down": check_take, "take_renewal": check_take,
    "favour_short": check_favour_short, "favour": check_favour, "end": check_end,
    "invest_low": check_invest, "invest_spare": check_invest, "invest_keep": check_invest_keep,
    "place_neighbours": check_place_neighbours, "place_office": check_place_office,
    "place_lead_prestige": check_place_lead("prestige"),
    "place_lead_wealth": check_place_lead("wealth"), "place_block": check_place_value,
    "license_all": check_license, "license_part": check_license,
    "split_low": check_split, "split_rich": check_split,
    "pay_split_low": check_pay_split, "pay_split_rich": check_pay_split,
    "steal": check_steal, "seat_self_office": check_seat_self_office,
    "seat_trailing": check_least_prestige, "order": check_least_prestige,
    "harm_leader": check_harm_leader, "bonus_own": check_bonus_own,
    "bonus_other": check_bonus_other, "decay_pay": check_pays_prestige,
    "disaster_pay": check_disaster_pay, "disaster_lose": check_disaster_lose,
    "disaster_smallest": check_disaster_lose,
    "purchase_spare": check_purchase, "purchase_keep": check_purchase,
    "purchase_need": check_purchase, "purchase_enough": check_purchase,
    "park": check_park, "marker_row": check_marker, "marker_column": check_marker,
    "draft": check_draft,
}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_figure_of_a_reason_is_true_of_the_position_or_the_move(players, seed):
    decisions = game(players, seed)
    unchecked = Counter()
    for i, d in reasoned(players, seed):
        check = CHECKS.get(d.why(WHY))
        if check is None:
            unchecked[d.why(WHY)] += 1
            continue
        check(decisions, i, d)
    assert not unchecked, f"reasons with no check: {unchecked}"


def test_reasons_cover_every_kind_of_decision_and_read_in_both_languages():
    decisions = [d for players, seed in GAMES for _, d in reasoned(players, seed)]
    kinds = Counter(d.why(WHY) for d in decisions)
    assert EXPECTED <= kinds.keys(), EXPECTED - kinds.keys()
    assert_reasons_read(decisions)


# -- crafted positions for the reasons the seeded games above rarely give --------------------
def hinted(state):
    """The Normal bot's choice at the state's prompt, its reason, and the state after it."""
    r = rules()
    prompt = pending_prompt(r, state)
    scores = bot.evaluate(r, r.view(state, prompt.player), prompt)
    index = scores.index(max(scores))
    why = bot.reason(r, r.view(state, prompt.player), prompt, index)
    after, _ = r.apply(state, prompt.player, prompt.options[index].action)
    return prompt.options[index].action, why, after


def params(why) -> dict:
    return dict(why.params)


def test_a_surplus_of_permits_is_invested_for_the_wealth_it_names():
    hand = tuple(sorted(c for c, card in rules().board.cards.items()
                        if type(card).__name__ == "Permit")[:tuning.HAND_LIMIT + 1])
    state = after_setup(2)
    state = dataclasses.replace(state, tasks=(("invest",), ("act",)), active=0,
                                hands=with_seat(state.hands, 0, hand),
                                wealth=with_seat(state.wealth, 0, 30))
    _, why, after = hinted(state)
    assert why.key == WHY + "invest_spare"
    assert params(why)["wealth"] == after.wealth[0] - 30 > 0
    assert params(why)["count"] == len(hand) == len(after.hands[0]) + 1


def test_a_contract_the_seat_cannot_afford_yet_is_kept_as_a_favour():
    card = contract("CIV", 1)
    state = after_setup(2)
    state = at_act(state, ap=6, active=0, contract_row=(card, None, None, None, None),
                   planning_row=(None,) * 4, planning_top=None, tops=(None,) * 3,
                   hands=with_seat(state.hands, 0, (permit("CIV", 1),)),
                   wealth=with_seat(state.wealth, 0, 0))
    action, why, after = hinted(state)
    assert action == ("favour", "row", 0) and after.favours[0] == (card,)
    assert why.key == WHY + "favour" and params(why)["name"] == card_name(card)


def test_a_building_too_dear_to_save_is_let_go():
    state = empty_city(after_setup(2), [("RES", ((0, 0),), 0)])
    state = dataclasses.replace(state, prestige=with_seat(state.prestige, 0, (9,) + (0,) * 6),
                                tasks=(("decay_save", 0, 0, 5),))
    action, why, after = hinted(state)
    assert action == ("lose",) and why.key == WHY + "decay_lose"
    assert params(why)["cost"] == 5 and after.buildings[0] is None


def test_a_poor_seat_pays_a_zone_charge_in_wealth_as_the_reason_says():
    state = empty_city(after_setup(2), [("COM", ((0, 0),), 0), ("COM", ((4, 4),), 0)])
    state = dataclasses.replace(state, wealth=with_seat(state.wealth, 0, 8),
                                prestige=with_seat(state.prestige, 0, (9,) + (0,) * 6),
                                tasks=(("pay_split", 0, "COM", 2),))
    _, why, after = hinted(state)
    assert why.key == WHY + "pay_split_low" and params(why)["have"] == 8
    assert params(why)["wealth"] == 8 - after.wealth[0] == 4
    assert after.prestige[0] == state.prestige[0]


def test_a_tied_seat_that_breaks_the_media_tie_takes_the_vocation_itself():
    state = after_setup(3)
    media = rules().board.vocations.index("media")
    held = state.vocations[1][media]
    state = dataclasses.replace(state, tasks=(("choose_seat", 1, ("media",), (0, 1)),))
    action, why, after = hinted(state)
    assert action == ("seat", 1) and why.key == WHY + "seat_self_vocation"
    assert params(why)["name"].endswith("vocation.media")
    assert after.vocations[1][media] == held + 1


def random_prompts(players: int, seed: int, options: tuple):
    """Each prompt of a seeded game of random moves, with its seat's view."""
    match, rng = Match(rules(), Config(players, options), seed), random.Random(seed)
    while True:
        match.resolve_chance()
        if match.is_over():
            return
        prompt = match.prompts()[0]
        yield prompt, match.view(prompt.player)
        match.apply(prompt.player, rng.choice(prompt.options).action)


def test_any_option_of_any_prompt_of_random_games_gets_a_reason_that_reads_or_none():
    """Random play wanders into every prompt kind and rare positions: asked about each option
    (not only the bot's), reason never fails, and what it gives has its text filled in."""
    given = {}
    for game_args in ((2, 1, ()), (3, 2, (("short", True),)), (4, 3, (("long", True),))):
        for prompt, view in random_prompts(*game_args):
            for index, option in enumerate(prompt.options):
                why = bot.reason(rules(), view, prompt, index)
                if why is not None:
                    given.setdefault((why.key, why.params), Hint(prompt, index, option.action, why))
    decisions = [Decision(hint, None, None) for hint in given.values()]
    assert len({d.hint.reason.key for d in decisions}) >= 30
    assert_reasons_read(decisions)


# "Value {value}" and "the prestige {value} rows" name a value, not a count; a part of the
# licences is only paid while 2 or more are left (else the reason is license_all)
NOT_COUNTS = {"hint.why.place_office", "hint.why.place_lead_prestige", "hint.why.license_part"}


def test_no_string_puts_a_plural_after_one():
    """"1 permits are more than you need", "1 pendientes": every count shown before a word that
    agrees with it goes through plural forms."""
    assert plural_after_one("urban_sprawl", NOT_COUNTS) == []
