"""Urban Sprawl rules put right by the rulebook audit of issue 26, each a forced scenario."""

from __future__ import annotations

import dataclasses

from game.engine.core import Chance, Config
from game.games.urban_sprawl import city
from game.games.urban_sprawl.board import Permit, lot_of
from game.games.urban_sprawl.state import NOBODY, SOURCES, Deck

from .support import (
    after_setup,
    at_act,
    empty_city,
    make_contract,
    pending_prompt,
    permit,
    play,
    rules,
    rules_with,
    run_tasks,
    settle,
)

R = rules()


def _ballot_permit(state, value: int) -> str:
    """A permit still in the planning deck with a ballot icon and wealth payout `value`."""
    return next(c for c in state.planning_deck.cards if isinstance(R.board.cards[c], Permit)
                and R.board.cards[c].ballot and R.board.cards[c].payout == value)


def test_the_election_comes_before_the_payout_of_the_same_card() -> None:
    """Rulebook: the payout comes "después de cualquier elección activada por la misma carta".
    Column 6 holds 2/2/1 buildings (seats 0, 1, 2: 9 shared by two, 1 for the third); seat 2
    wins the Mayor's election, and its park in that column makes a three-way tie of 10."""
    state = empty_city(after_setup(4), [
        ("COM", ((0, 10),), 0), ("RES", ((4, 11),), 0),
        ("IND", ((8, 10),), 1), ("CIV", ((11, 11),), 1),
        ("COM", ((2, 10),), 2)])
    state = dataclasses.replace(state, wealth=(0,) * 4, election_pos=4, planning_top=None,
                                vocations=((0,) * 6, (0,) * 6, (1,) + (0,) * 5, (0,) * 6))
    card = _ballot_permit(state, 6)
    state, _ = run_tasks(state, ("reveal", "planning", ("top",), True))
    state, _ = R.apply(state, None, card)
    park = pending_prompt(R, state)
    assert (park.kind, park.player) == ("place_park", 2)  # the election, before any payout
    assert state.wealth == (0,) * 4
    state, _ = play(R, state, ("lot", lot_of(6, 10)))
    assert state.wealth == (3, 3, 3, 0)


def test_these_rows_are_the_rows_payouts_pay() -> None:
    """Rulebook: "una fila siempre está compuesta por 6 o 12 bloques". A building's "these
    rows" (a card's effect) and the prestige payouts read the same rows: the new CIV in block
    row 0 counts the RES in block row 1 of another column (both in prestige row 3, 12 blocks),
    and a payout of prestige row 3 counts both too."""
    crafted = make_contract("X1", "CIV", 1, effects=[(
        "gain_per_building", {"resource": "prestige", "amount": 1, "zone": "RES", "size": 0,
                              "scope": "rows"})])
    r = rules_with(crafted)
    state = empty_city(after_setup(3), [("RES", ((2, 0),), 1), ("RES", ((11, 11),), 1)])
    state = dataclasses.replace(state, hands=((permit("CIV", 1),), (), ()),
                                contract_row=("X1", *state.contract_row[1:]), wealth=(50,) * 3)
    state = at_act(state)
    state, _ = play(r, state, ("build", "row", 0), ("lots", (lot_of(0, 6),)),
                    ("permit", permit("CIV", 1)))
    assert state.prestige[0][SOURCES.index("cards")] == 1  # the RES of block (1, 0) only
    across, _ = R.board.rows_of_block[0]
    assert across == R.board.printed_rows[("prestige", 3)] and len(across) == 12
    paid, _ = run_tasks(dataclasses.replace(state, tasks=()),
                        ("payout", "prestige", 3, "payouts"))
    # Seats 0 and 1 have one building each in that row: they share 4 + 2 (3 players).
    assert paid.prestige[1][SOURCES.index("payouts")] == 3


def test_the_media_tie_break_decides_a_drafted_tie() -> None:
    """Setup: Media to the wealthiest, ties to whoever controls more "edificios residenciales
    (púrpura) de valor 4". Two players draft 32 wealth of buildings each; seat 1 holds both
    value-4 RES, so Media goes to seat 1 with no one asked to break the tie."""
    r = R
    state = settle(r.initial_state(Config(2)))
    fours = [bid for bid, b in enumerate(state.buildings) if b.zone == "RES"
             and city.building_value(r.board, state, bid) == 4]
    assert len(fours) == 2
    rest = sorted((b for b in range(12) if b not in fours),
                  key=lambda b: city.building_value(r.board, state, b))
    picks = _equal_split(r, state, fours, rest)
    for seat0, seat1 in zip(*picks):
        state, _ = r.apply(state, 0, ("building", seat0))
        state, _ = r.apply(settle(state), 1, ("building", seat1))
        state = settle(state)
    assert state.wealth[0] == state.wealth[1]
    media = r.board.vocations.index("media")
    assert [v[media] for v in state.vocations] == [0, 1]
    assert pending_prompt(r, state).kind in ("invest", "act")


def _equal_split(r, state, fours: list[int], rest: list[int]) -> tuple[list[int], list[int]]:
    """Six buildings for each seat of equal total value, seat 1's holding `fours`."""
    from itertools import combinations

    value = {b: city.building_value(r.board, state, b) for b in range(12)}
    half = sum(value.values()) // 2
    for extra in combinations(rest, 4):
        if sum(value[b] for b in (*fours, *extra)) == half:
            return [b for b in rest if b not in extra], [*fours, *extra]
    raise AssertionError("no equal split")


def _card(name: str):
    """The card of that reference name."""
    return next(c for c in R.board.cards.values() if getattr(c, "name", "") == name)


def test_contract_decks_hold_typed_events_shuffled_with_their_contracts() -> None:
    """"Los tres mazos de contrato también contienen cartas de evento": each contract deck's
    36 other cards hold typed events, shuffled in (the first draw may be one) while the named
    event stays in its window; 165 cards in all."""
    assert len(R.board.cards) == 165
    state = after_setup(3)
    for k, deck in enumerate(("town", "city", "metropolis")):
        ids = R.board.decks[deck]
        typed = [c for c in ids if c in R.board.events and c not in R.board.stacked]
        assert len(ids) == 37 and len(typed) == 3
        fresh = Deck(tuple(sorted(ids)), 0, state.decks[k].window)
        fresh = dataclasses.replace(state, decks=tuple(
            fresh if j == k else d for j, d in enumerate(state.decks)))
        draw, _ = run_tasks(fresh, ("reveal", deck, ("top", k), True))
        outcomes = {card for card, _ in R.pending(draw).outcomes}
        assert set(typed) <= outcomes and not outcomes & R.board.stacked


def test_business_relocation_comes_from_the_city_deck_and_leaves_the_game() -> None:
    """The rulebook's example: Business Relocation revealed from the City deck; the Media
    holder gains 1 wealth and 1 prestige, the Treasurer takes a COM's cube off, "el evento se
    retira de la partida" and the next City card is revealed."""
    event = _card("Business Relocation")
    assert event.deck == "city"
    assert event.id not in R.board.decks["planning"] and event.id in R.board.decks["city"]
    state = empty_city(after_setup(3), [("COM", ((4, 4),), 2)])
    media = R.board.vocations.index("media")
    state = dataclasses.replace(
        state, tasks=(("act",),), active_decks=2, politicians_in_play=True, tops=(None,) * 3,
        vocations=tuple(tuple(int(s == 1 and i == media) for i in range(6)) for s in range(3)),
        offices=(NOBODY, NOBODY, 0, NOBODY, NOBODY, NOBODY), wealth=(5,) * 3)
    state, _ = run_tasks(state, ("reveal", "city", ("top", 1), True))
    state, _ = R.apply(state, None, event.id)
    choose = pending_prompt(R, state)
    assert choose.kind == "choose_building" and choose.player == 0  # the Treasurer
    state, _ = play(R, state, choose.options[0].action)
    assert state.wealth[1] == 6 and sum(state.prestige[1]) == 1
    assert state.buildings[0].owner == NOBODY
    assert event.id not in (*state.discard, *state.decks[1].cards)
    assert isinstance(R.pending(state), Chance)  # the next City card


def test_flood_fire_and_earthquake() -> None:
    """The rulebook's three disasters ("perder o no un edificio con la Inundación, Incendio o
    Terremoto"): Flood the water edge, Fire the forest edge, Earthquake anywhere."""
    areas = {name: _card(name).effects[0].params["area"]
             for name in ("Flood", "Fire", "Earthquake")}
    assert areas == {"Flood": "water", "Fire": "forest", "Earthquake": "anywhere"}
    state = empty_city(after_setup(3), [("COM", ((0, 5),), 0), ("RES", ((11, 5),), 1),
                                        ("IND", ((6, 6),), 2)])
    state = dataclasses.replace(state, tasks=(("act",),))
    for name, hit in (("Flood", [0]), ("Fire", [1]), ("Earthquake", [0, 1, 2])):
        card = _card(name)
        after, _ = run_tasks(state, ("event", card.id, card.deck))
        asked = pending_prompt(R, after)
        if len(hit) > 1:  # several seats: the active player orders them
            assert asked.kind == "order" and sorted(
                o.action[1] for o in asked.options) == hit
        else:
            assert (asked.kind, asked.player) == ("disaster", hit[0])


def test_the_cards_the_rulebook_describes() -> None:
    """High School builds a 2-lot CIV; Corporate HQ is FINANZAS-6, 4 wealth per 4-lot COM in
    the game to the builder, then 3 wealth per 3-lot COM to each owner; the Warehouse grants the
    Extra Favour; the Marina makes everyone pay per residence."""
    school = _card("High School")
    assert (school.zone, school.size) == ("CIV", 2)
    hq = _card("Corporate HQ")
    assert hq.vocations == (("finance", 6),)
    assert [(e.kind, e.params["amount"], e.params["zone"], e.params["size"])
            for e in hq.effects] == [("gain_per_building", 4, "COM", 4),
                                     ("owners_gain_per_building", 3, "COM", 3)]
    assert [e.kind for e in _card("Warehouse").effects] == ["extra_favour"]
    assert "pay_per_building" in [e.kind for e in _card("Marina").effects]


def test_few_contracts_grant_the_extra_favour() -> None:
    """One tile, one card the rulebook names (the Warehouse): one contract per deck grants it
    (effects.extra_favour's docstring says why three)."""
    granting = {c.deck: c.name for c in R.board.cards.values()
                if any(e.kind == "extra_favour" for e in getattr(c, "effects", ()))
                and c.id not in R.board.events}
    assert len(granting) == 3 and granting["city"] == "Warehouse"
    assert sum(1 for c in R.board.cards.values() if type(c).__name__ == "Contract"
               and any(e.kind == "extra_favour" for e in c.effects)) == 3


def test_results_lines_name_their_terms_and_add_up() -> None:
    """Results that explain: each source broken into its terms (which contract's neighbours,
    which vocation, which row, which card, which office), in both languages, never a line
    that only repeats its heading, every line's points adding up to its source, and every
    equation shown equal to its points."""
    from game.engine.bots import play_out, seat_bots
    from game.engine.match import Match
    from game.ui.i18n import set_language, t
    from tests.ui.test_displayed_sums import evaluate

    match = play_out(Match(R, Config(4), 5), seat_bots(["greedy"] * 4, "urban_sprawl", 5))
    details = R.details(match.state)
    try:
        for language in ("en", "es"):
            set_language(language)
            for seat, lines in enumerate(details):
                for line in lines:
                    text = t(line.label, **dict(line.params))
                    assert "urban_sprawl." not in text, text  # every key and name translated
                    assert text != t(f"urban_sprawl.score.{line.category}")
                    value = evaluate(text)
                    assert value is None or value == line.points, text
                totals = dict.fromkeys(SOURCES, 0)
                for line in lines:
                    totals[line.category] += line.points
                assert totals == R.scores(match.state)[seat]
    finally:
        set_language("en")
    categories = {line.category for lines in details for line in lines}
    assert {"neighbourhood", "vocations", "payouts", "final_payout"} <= categories
    assert all(line.label != "urban_sprawl.detail.card" or dict(line.params)["card"] !=
               "urban_sprawl.card." for lines in details for line in lines)


def test_a_town_event_dealt_at_setup_leaves_the_game_doing_nothing() -> None:
    """The rulebook deals the decks (steps H-J) before any wealth, building or vocation is
    handed out (steps T-V): a typed Town event dealt then has nothing to act on, so it leaves
    the game and the slot is dealt again (rules.py's docstring)."""
    road = _card("Road Repairs")  # everyone loses 2 wealth, were it run
    seen = []

    def road_first(pending):
        outcomes = [card for card, _ in pending.outcomes]
        if road.id in outcomes and not seen:
            seen.append(road.id)
            return road.id
        return outcomes[-1]

    state = settle(R.initial_state(Config(3)), road_first)
    assert seen and pending_prompt(R, state).kind == "draft"
    assert state.wealth == (27,) * 3
    assert road.id not in (*state.decks[0].cards, *state.contract_row, *state.tops)
    assert None not in state.contract_row and state.tops[0] is not None
