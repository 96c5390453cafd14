"""The closed vocabulary of card effects and construction restrictions.

A card in levels/urban_sprawl/cards.toml names a kind and its parameters; board.py checks them
against the tables declared here, so an unknown kind or a bad parameter fails on load. Each kind
is one function:

- an effect runs as a task of the turn kit's stack (`("effect", card, index, origin)`):
  `(rules, d, params, origin) -> None` edits the draft and may push decision tasks (a park to
  place, a building to choose...) that rules.py answers. `d.active` is the active player;
  `origin` is the new building's id for a contract's effect, NOBODY for an event.
- a restriction says whether lots may take the contract: `(board, s, lots, params) -> bool`.

Rulebook: "Efectos de los edificios", "Restricciones a las construcciones", "Eventos",
"Pagos incompletos y pérdidas", "El jugador activo controla...".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.engine.schema import Choice, Int, Spec, Str
from game.engine.trails import bits

from . import city
from .city import ANY, PARK
from .state import NOBODY, can_pay, gain, lose, seats_from

RESOURCE = Choice(("wealth", "prestige"))
ZONE_OR_ANY = Choice(("CIV", "COM", "IND", "RES", PARK, ANY))
SIZE = Int(0, 4)  # 0: any size
POLITICIAN = Choice(("mayor", "district_attorney", "treasurer", "police_chief", "union_boss"))
MARKER = Choice(("w7", "w8", "w9", "w10", "w11", "w12", "p4", "p5", "p6"))


@dataclass(frozen=True)
class Vocabulary:
    """One kind of the vocabulary: its parameter table and its function."""

    params: Mapping[str, Spec]
    fn: Callable


def kind(name: str, **params: Spec) -> Callable:
    """Declare a function as the kind `name` of the vocabulary, with its parameter table."""
    def mark(fn: Callable) -> Callable:
        fn.kind = (name, MappingProxyType(params))
        return fn
    return mark


def vocabulary(*fns: Callable) -> Mapping[str, Vocabulary]:
    """The read-only table kind -> Vocabulary of functions declared with `kind`."""
    return MappingProxyType({fn.kind[0]: Vocabulary(fn.kind[1], fn) for fn in fns})


def _count(board: Any, s: Any, params: Mapping, origin: int, owner: int | None) -> int:
    """Buildings matching zone and size in the effect's scope (the whole game, the new
    building's two rows as board.rulebook_row reads them, or next to it), controlled by
    `owner` when one is given."""
    scope = params["scope"]
    if scope != "game" and origin == NOBODY:
        return 0  # an event has no building of its own: "these rows" and "next to it" are empty
    buildings, zone, size = s.buildings, params["zone"], params["size"]
    if scope == "game" and owner is not None and owner != NOBODY:
        # The owner's buildings of the zone, by their first lots (no pass over every building)
        firsts = s.anchors[owner] & city.zone_mask(s, zone)
        if not size:
            return firsts.bit_count()
        grid = s.lots
        return sum(1 for lot in bits(firsts) if len(buildings[grid[lot]].lots) == size)
    if scope == "adjacent":
        found = [buildings[bid] for bid in city.adjacent_buildings(board, s,
                                                                   buildings[origin].lots)]
    elif scope == "rows":  # "estas filas": both rulebook rows through its block
        block_of = board.block_of
        across, down = board.rows_of_block[block_of[buildings[origin].lots[0]]]
        found = [b for b in buildings if b is not None
                 and ((block := block_of[b.lots[0]]) in across or block in down)]
    else:
        found = [b for b in buildings if b is not None]
    return sum(1 for b in found if (owner is None or b.owner == owner)
               and (b.zone != PARK if zone == ANY else b.zone == zone)
               and (size == 0 or len(b.lots) == size))


# -- contract effects -------------------------------------------------------------------------
@kind("gain", resource=RESOURCE, amount=Int(1, 30))
def gain_flat(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player gains a fixed amount."""
    gain(d, d.active, params["resource"], params["amount"], "cards")


SCOPE = Choice(("game", "rows", "adjacent"))


@kind("gain_per_building", resource=RESOURCE, amount=Int(1, 10), zone=ZONE_OR_ANY, size=SIZE,
         scope=SCOPE)
def gain_per_building(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player gains per matching building in scope, whoever controls it."""
    n = _count(rules.board, d, params, origin, None)
    gain(d, d.active, params["resource"], n * params["amount"], "cards")


@kind("owners_gain_per_building", resource=RESOURCE, amount=Int(1, 10), zone=ZONE_OR_ANY,
         size=SIZE, scope=SCOPE)
def owners_gain_per_building(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every player gains per matching building in scope that they control."""
    for seat in seats_from(d, d.active):
        n = _count(rules.board, d, params, origin, seat)
        gain(d, seat, params["resource"], n * params["amount"], "cards")


@kind("gain_per_vocation", resource=RESOURCE, amount=Int(1, 10), vocation=Str(blank=False))
def gain_per_vocation(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player gains per vocation marker they hold (of one name, or "any")."""
    held = d.vocations[d.active]
    name = params["vocation"]
    n = sum(held) if name == "any" else held[rules.board.vocations.index(name)]
    gain(d, d.active, params["resource"], n * params["amount"], "cards")


@kind("place_park", scope=Choice(("adjacent", "anywhere")))
def place_park(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player places a 1-lot park they control on an empty lot (next to the new
    building when the scope says so); placed buildings ignore zone restrictions."""
    d.push(("place_park", d.active, params["scope"], origin))


@kind("place_marker", marker=MARKER)
def place_marker(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """A wealth/prestige marker enters play on (or moves to) an empty grey circle the active
    player picks; ignored when every circle is full (rulebook "Marcadores de riqueza")."""
    if NOBODY in d.markers:
        d.push(("place_marker", d.active, params["marker"]))


@kind("extra_favour")
def extra_favour(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player takes the Extra Favour tile: they may hold two Favours.

    How many cards grant it (ours, NOTES-style): the components list "1 loseta de Favor
    Extra", and the rulebook names one card that grants it, "el Almacén (Warehouse), que
    permite a un jugador poseer dos Favores a la vez" (La regla dorada). The tile is one
    player's at a time and moves to whoever builds the next such card, so a handful of cards
    is enough for it to change hands; twelve of 108 contracts made it come up in most turns
    of the late game. So one contract per deck grants it: the Courthouse (Town), the
    Warehouse (City, the rulebook's) and the Tech Campus (Metropolis), 3 of 99 contracts
    (tests/games/urban_sprawl/test_rulebook_audit.py counts them)."""
    d.extra_favour = d.active
    d.emit("extra_favour", d.active)


@kind("others_lose", resource=RESOURCE, amount=Int(1, 20))
def others_lose(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every opponent loses an amount (a mandatory loss: what they can)."""
    for seat in seats_from(d, d.active)[1:]:
        lose(d, seat, params["resource"], params["amount"], "cards")


# -- events -----------------------------------------------------------------------------------
@kind("vocation_bonus", vocation=Str(blank=False), wealth=Int(0, 20), prestige=Int(0, 20))
def vocation_bonus(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every holder of the vocation gains the wealth and the prestige (once per holder)."""
    index = rules.board.vocations.index(params["vocation"])
    for seat in seats_from(d, d.active):
        if d.vocations[seat][index]:
            gain(d, seat, "wealth", params["wealth"], "cards")
            gain(d, seat, "prestige", params["prestige"], "cards")


@kind("remove_control", politician=POLITICIAN, zone=ZONE_OR_ANY)
def remove_control(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The politician's holder takes the control cube off a building of the zone (skipped when
    the office is vacant or no such building is controlled)."""
    holder = d.offices[rules.office_index(params["politician"])]
    candidates = city.controlled_of_zone(d, params["zone"])
    if holder != NOBODY and candidates:
        d.push(("choose_building", holder, ("uncontrol",), candidates))


@kind("all_lose", resource=RESOURCE, amount=Int(1, 20))
def all_lose(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every player loses an amount (mandatory: what they can)."""
    for seat in seats_from(d, d.active):
        lose(d, seat, params["resource"], params["amount"], "cards")


@kind("optional_purchase", cost_resource=RESOURCE, cost=Int(1, 20), gain_resource=RESOURCE,
         gain=Int(1, 20))
def optional_purchase(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Each player, in the active player's order, may pay the whole cost to gain the reward."""
    offer = (params["cost_resource"], params["cost"], params["gain_resource"], params["gain"])
    seats = [seat for seat in seats_from(d, d.active) if can_pay(d, seat, offer[0], offer[1])]
    rules.in_order(d, ("purchase", offer), seats)


@kind("pay_per_building", zone=ZONE_OR_ANY, amount=Int(1, 10))
def pay_per_building(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every player pays the amount per building of the zone they control, building by building
    in wealth or in prestige as they choose (mandatory: what they can), in the active player's
    order (the rulebook's Marina example)."""
    zone = params["zone"]
    seats = [seat for seat in seats_from(d, d.active) if city.owned(d, seat, zone)]
    rules.in_order(d, ("pay_split", zone, params["amount"]), seats)


AREA = Choice(("water", "forest", "anywhere"))


@kind("disaster", area=AREA, prestige=Int(1, 20))
def disaster(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Every player controlling a building in the area (touching the water or forest edge, or
    anywhere) loses one of them, their choice, unless they pay the prestige (an optional
    payment), in the active player's order (the rulebook's Flood, Fire, Earthquake)."""
    area = params["area"]
    owners = area_owners(rules.board, d, area)
    seats = [seat for seat in seats_from(d, d.active) if seat in owners]
    rules.in_order(d, ("disaster", area, params["prestige"]), seats)


def area_owners(board: Any, s: Any, area: str) -> set[int]:
    """The seats with a building in a disaster's area (those area_buildings finds some for):
    read off the lots along its edge, or the seats' anchors for "anywhere"."""
    edge = {"water": board.water_mask, "forest": board.forest_mask}.get(area)
    if edge is None:
        return {seat for seat, anchors in enumerate(s.anchors) if anchors}
    grid, buildings = s.lots, s.buildings
    owners = {buildings[grid[lot]].owner for lot in bits(edge & ~city.free_lots(s))}
    owners.discard(NOBODY)
    return owners


def area_buildings(board: Any, s: Any, seat: int, area: str) -> tuple[int, ...]:
    """Ids of the seat's buildings in a disaster's area."""
    edge = {"water": board.water_lots, "forest": board.forest_lots}.get(area)
    owned = city.controlled(s, seat)
    if edge is None:
        return tuple(owned)
    buildings = s.buildings
    return tuple(bid for bid in owned if not edge.isdisjoint(buildings[bid].lots))


@kind("highest_value_bonus", resource=RESOURCE, amount=Int(1, 20), zone=ZONE_OR_ANY)
def highest_value_bonus(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The controller of the highest-valued controlled building of the zone gains; the active
    player breaks a tie between buildings."""
    best = _extreme_buildings(rules.board, d, params["zone"], max)
    if best:
        purpose = ("bonus", params["resource"], params["amount"])
        d.push(("choose_building", d.active, purpose, best))


@kind("decay", prestige=Int(1, 20))
def decay(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The lowest-valued controlled building (active player breaks ties) is demolished unless
    its controller pays the prestige (an optional payment)."""
    worst = _extreme_buildings(rules.board, d, ANY, min)
    if worst:
        d.push(("choose_building", d.active, ("decay", params["prestige"]), worst))


@kind("election", politician=POLITICIAN)
def election(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """An election for the politician (only once it is in play)."""
    rules.call_election(d, params["politician"])


@kind("appoint", politician=POLITICIAN)
def appoint(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The active player takes the politician without an election (golden rule: the rulebook's
    Municipal Court example), once that politician is in play."""
    if params["politician"] == "mayor" or d.politicians_in_play:
        d.push(("appoint", params["politician"], d.active))


@kind("payout", resource=RESOURCE, value=Int(1, 12))
def payout(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """A payout of the named wealth or prestige row."""
    d.push(("payout", params["resource"], params["value"], "payouts"))


@kind("activate", what=Choice(("politicians", "contractor", "city", "metropolis")))
def activate(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """Bring something into play: the four zone politicians, the Contractor, or a deck."""
    what = params["what"]
    if what == "politicians":
        d.politicians_in_play = True
    elif what == "contractor":
        d.contractor_in_play = True
    else:
        d.active_decks = max(d.active_decks, 2 if what == "city" else 3)
    d.emit("activated", None, what=what)


@kind("end_game")
def end_game(rules: Any, d: Any, params: Mapping, origin: int) -> None:
    """The game stops at once: only the final scoring is left."""
    d.tasks = (("final",),)


def _extreme_buildings(board: Any, s: Any, zone: str, pick: Callable) -> tuple[int, ...]:
    """Ids of the controlled buildings of `zone` whose value is the max (or min), ascending."""
    block_of, values, grid = board.block_of, s.values, s.lots
    # A building's value is its first lot's block's: no pass through the buildings.
    valued = [(values[block_of[lot]], grid[lot]) for lot in bits(city.controlled_firsts(s, zone))]
    if not valued:
        return ()
    target = pick(valued)[0]
    return tuple(sorted([bid for v, bid in valued if v == target]))


# -- construction restrictions -----------------------------------------------------------------
@kind("near_edge", edge=Choice(("water", "forest")))
def near_edge(board: Any, s: Any, lots: tuple[int, ...], params: Mapping) -> bool:
    """The building must touch the water (or forest) edge."""
    edge = board.water_mask if params["edge"] == "water" else board.forest_mask
    return bool(city.lot_mask(lots) & edge)


@kind("near_zone", zone=ZONE_OR_ANY)
def near_zone(board: Any, s: Any, lots: tuple[int, ...], params: Mapping) -> bool:
    """The building must be next to a building of the zone (or a park)."""
    return bool(board.ring_masks[lots] & city.zone_mask(s, params["zone"]))


@kind("block_value_at_most", value=Int(1, 40))
def block_value_at_most(board: Any, s: Any, lots: tuple[int, ...], params: Mapping) -> bool:
    """Only on a block worth at most the value."""
    return city.block_value(board, s, board.block_of[lots[0]]) <= params["value"]


@kind("block_value_at_least", value=Int(1, 40))
def block_value_at_least(board: Any, s: Any, lots: tuple[int, ...], params: Mapping) -> bool:
    """Only on a block worth at least the value."""
    return city.block_value(board, s, board.block_of[lots[0]]) >= params["value"]


NO_LIMIT = 1 << 30  # a block value no block reaches
ANY_LOTS = -1  # a lot mask every ring and every lot set touches (neither is ever empty)


def restriction_filter(board: Any, s: Any, rule: Any) -> tuple[int, int, int, int]:
    """A restriction (or None) as the placement search's filters: (the lowest and highest block
    value allowed, a mask the lot set's ring must touch, a mask its lots must touch). The same
    test as its function above, on every lot set (tests/games/urban_sprawl/test_turn.py checks
    that), but a few integer operations where a call per lot set was the search's main cost."""
    if rule is None:
        return 0, NO_LIMIT, ANY_LOTS, ANY_LOTS
    params = rule.params
    if rule.kind == "near_edge":
        edge = board.water_mask if params["edge"] == "water" else board.forest_mask
        return 0, NO_LIMIT, ANY_LOTS, edge
    if rule.kind == "near_zone":
        return 0, NO_LIMIT, city.zone_mask(s, params["zone"]), ANY_LOTS
    if rule.kind == "block_value_at_most":
        return 0, params["value"], ANY_LOTS, ANY_LOTS
    if rule.kind == "block_value_at_least":
        return params["value"], NO_LIMIT, ANY_LOTS, ANY_LOTS
    raise ValueError(f"restriction {rule.kind!r} has no placement filter")


EFFECTS = vocabulary(
    gain_flat, gain_per_building, owners_gain_per_building, gain_per_vocation, place_park,
    place_marker, extra_favour, others_lose, vocation_bonus, remove_control, all_lose,
    optional_purchase, pay_per_building, disaster, highest_value_bonus, decay, election,
    appoint, payout, activate, end_game)
RESTRICTIONS = vocabulary(near_edge, near_zone, block_value_at_most, block_value_at_least)
