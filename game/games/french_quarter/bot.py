"""GreedyBot heuristic for French Quarter: one score per option, from a view only.

Each option is applied to the view (made playable: the only hidden parts, other seats' Vacation
cards, do not affect the acting seat's rules) and the resulting sheet is valued as the points it
scores now plus the promise of its progress: meter boxes (closer to circles), multipliers
weighed by the buildings already mapped on their street, umbrellas (wilds), mapped buildings
(Second Line and street scoring), artists, one-use bonuses kept, and (Tourism) the seat's own
Vacation card (`vacation`).

Where the option leads to the seat's own movement this turn (a die pick, a card swap, a wild
or bonus resolved before moving, a Cultura A boost), the state is seen through that move: the
seat's own prompts on the way are answered greedily and the move is the best destination. A
die is worth what it lets the tourist reach and map, not only its card's icons.
"""

from __future__ import annotations

import dataclasses
from itertools import compress

from game.engine.core import IllegalAction, Prompt
from game.engine.hints import Reason

from . import scoring
from .board import Board
from .rules import FrenchQuarter
from .sheet import legal_values, w_left
from .state import OVER, Sheet, State, W

MAPPED = 1.2  # a mapped building: street points later, Second Line boxes every advance
METER_BOX = 0.6  # an activity box: the next circle comes closer
UMBRELLA = 0.35  # every third umbrella is a wild
ARTIST = 1.0
SPARE_ONE_USE = 1.5  # an unspent one-use bonus (W, boost, card swap) keeps options open
LINE_TOUCH = 0.8  # a mapped building next to the public Second Line scores again

# Vacation card (Tourism): its points are weighed by how likely the missing buildings are.
VAC_WEIGHT = 1.0  # how much the bot cares for the card's points (1: at face value)
VAC_TURN = 0.08  # chance that a given building gets mapped in one of the seat's turns
VAC_FLEX = 3  # fewer usable values than this and a building gets harder (die must match)
VAC_NEAR = 0.5  # share of the next building's gain for standing within reach of it
NEAR = {0: 0.3, 1: 1.0, 2: 1.0, 3: 0.6, 4: 0.3}  # move distance -> reachable next turn
ON_LINE = 0.5  # a Streetcar/Boat stop is reachable from anywhere, with the right die

LOOK_CHAIN = 6  # own prompts answered greedily on the way to the move (wild, circle, bonus...)
FAILED = -1e9


def value(board: Board, s: State, seat: int) -> float:
    """How good `seat`'s sheet looks: points now (scoring.sheet_points, the very sums of
    FrenchQuarter.scores) plus weighted progress."""
    sh: Sheet = s.sheets[seat]
    mapped, on_meter_street = _census(board, sh)
    v = float(scoring.sheet_points(board, sh, on_meter_street))
    v += MAPPED * len(mapped)
    v += METER_BOX * sum(sh.meters) + UMBRELLA * sh.umbrellas
    v += ARTIST * _artists(sh)
    v += SPARE_ONE_USE * (w_left(sh) + (not sh.boost_used and sh.bonuses[1] >= 1)
                          + (not sh.swap_used and sh.bonuses[1] >= 3))
    if s.line_segs:
        segs = s.line_segs
        v += LINE_TOUCH * sum(1 for b in mapped if not segs.isdisjoint(board.buildings[b].sides))
    for a, meter in enumerate(board.meters):
        # A multiplier is worth more where buildings are already mapped on its street.
        if sh.mults[a] < len(meter.multipliers):
            v += 0.15 * on_meter_street[a] * sh.meters[a]
    return v + vacation(board, s, seat)


def _census(board: Board, sh: Sheet) -> tuple[list[int], list[int]]:
    """Mapped buildings, and how many of them touch each activity meter's street."""
    row = sh.mapped
    return list(compress(range(len(row)), row)), scoring.street_counts(board, sh)


# -- Vacation card --------------------------------------------------------------------------
def vacation(board: Board, s: State, seat: int) -> float:
    """The seat's own Vacation card: its points times a rough chance of completing it.

    Each building still to map has a chance 1-(1-VAC_TURN)^turns left of being mapped (a
    lower per-turn chance when few values still fit it and the card's condition); the card's
    chance is their product, so every building mapped raises the value more than the last,
    and more so as turns run out. A broken condition or a building no value can fit any more
    is worth nothing; a finished card is worth its points. Standing within reach of a missing
    building adds part of what mapping it would add (the next turn may take it).
    """
    sh = s.sheets[seat]
    if sh.vacation < 0:  # no Tourism, or (never for the acting seat) hidden
        return 0.0
    card = board.vacations[sh.vacation]
    pts = VAC_WEIGHT * board.vacation_points
    if scoring.vacation_done(board, sh):
        return float(pts)
    done = [sh.mapped[b] for b in card.buildings if sh.mapped[b]]
    if not _condition_holds(card.condition, done):
        return 0.0
    todo = [b for b in card.buildings if not sh.mapped[b]]
    left = turns_left(board, s, seat)
    if left < len(todo):
        return 0.0
    usable = [_usable_values(board, sh, b, card.condition, done) for b in todo]
    if not _fits_jointly(card.condition, usable):
        return 0.0
    if card.condition == "equal":  # every building must take a value they all still allow
        usable = [set.intersection(*usable)] * len(usable)
    chance, odds = 1.0, []
    for values in usable:
        per_turn = VAC_TURN * min(1.0, (len(values) + VAC_FLEX) / (2 * VAC_FLEX))
        odds.append(1 - (1 - per_turn) ** left)
        chance *= odds[-1]
    near = max(_reach(board, sh.pos, b) * (1 / p - 1) for b, p in zip(todo, odds))
    return pts * chance * (1 + VAC_NEAR * near)


def _condition_holds(condition: str, values: list[int]) -> bool:
    """Whether the values mapped so far can still meet the card's condition."""
    if condition == "equal":
        return W not in values and len(set(values)) <= 1
    if condition == "different":
        return W not in values and len(set(values)) == len(values)
    return True


def _usable_values(board: Board, sh: Sheet, b: int, condition: str,
                   done: list[int]) -> set[int]:
    """Values (W included) building b may still take that keep the card's condition."""
    legal = legal_values(board, sh, b)
    if condition == "equal":
        return {v for v in legal if not done or v == done[0]}
    if condition == "different":
        return {v for v in legal if v not in done}
    return {*legal, W} if w_left(sh) > 0 else set(legal)


def _fits_jointly(condition: str, usable: list[set[int]]) -> bool:
    """Whether the missing buildings can still take values together: one value common to
    all ("equal"), enough distinct values ("different", a quick necessary check), or any."""
    if not all(usable):
        return False
    if condition == "equal":
        return bool(set.intersection(*usable))
    if condition == "different":
        return len(set.union(*usable)) >= len(usable)
    return True


def _reach(board: Board, pos: int, b: int) -> float:
    """How likely the tourist at `pos` can move onto building b next turn."""
    near = NEAR.get(board.distance[pos][b], 0.0)
    if b in board.streetcar or b in board.boat:
        return max(near, ON_LINE)
    return near


def turns_left(board: Board, s: State, seat: int) -> int:
    """The seat's own turns still to come (dice not yet picked this round and later rounds)."""
    if s.phase == OVER:
        return 0
    taken = sum(1 for _, _, taker in s.dice if taker == seat)
    return (board.rounds - s.round) * board.picks + board.picks - taken


# -- option scoring -------------------------------------------------------------------------
def evaluate(rules: FrenchQuarter, view: State, prompt: Prompt) -> list[float]:
    """One score per option of `prompt`: the value right after it, seen through own move."""
    seat = prompt.player
    state = dataclasses.replace(view, viewer=None)
    out = []
    for option in prompt.options:
        after = _try(rules, state, seat, option.action)
        out.append(FAILED if after is None else _worth(rules, after, seat, 2))
    return out


def _try(rules: FrenchQuarter, state: State, seat: int, action) -> State | None:
    """The state after the action, or None when the rules refuse it (any other error is a
    bug in the rules or the bot and must surface, not read as a bad option)."""
    try:
        return rules.apply(state, seat, action)[0]
    except IllegalAction:
        return None


def _worth(rules: FrenchQuarter, s: State, seat: int, depth: int) -> float:
    """The state's value once the seat's own prompts up to its move are answered."""
    return _through(rules, s, seat, depth)[0]


def _through(rules: FrenchQuarter, s: State, seat: int, depth: int) -> tuple[float, State]:
    """The state once the seat's own prompts up to its move are answered, each the best,
    with its value.

    `depth` bounds the lookahead: a move prompt is expanded (best destination) while depth
    is left, and each destination is then seen one level shallower; other own prompts on the
    way (wild, circle, bonus mapping, W...) take their greedy best without looking further.
    """
    board = rules.board
    if depth <= 0:
        return value(board, s, seat), s
    for _ in range(LOOK_CHAIN):
        pending = rules.pending(s)
        if not isinstance(pending, tuple) or pending[0].player != seat:
            break
        prompt = pending[0]
        if prompt.kind == "move":
            return max((_through(rules, after, seat, depth - 1)
                        for after in _afters(rules, s, seat, prompt)), key=lambda end: end[0])
        if prompt.kind == "pick":
            break  # the next turn (solo): a new die, beyond this lookahead
        s = max(_afters(rules, s, seat, prompt), key=lambda x: value(board, x, seat))
    return value(board, s, seat), s


def _afters(rules: FrenchQuarter, s: State, seat: int, prompt: Prompt) -> list[State]:
    """The states after each option of the prompt (the state itself if none applies)."""
    out = [a for o in prompt.options if (a := _try(rules, s, seat, o.action)) is not None]
    return out or [s]


# -- the Hint's reason (capability move_reasons) --------------------------------------------
WHY = "french_quarter.hint.why."


def reason(rules: FrenchQuarter, view: State, prompt: Prompt, index: int) -> Reason | None:
    """What the Normal bot's choice does to the seat's sheet, seen through the seat's own move
    as the bot sees it: the points it adds, else the progress it makes (None: no change to
    tell; the room's text for the prompt kind says it)."""
    seat, board = prompt.player, rules.board
    state = dataclasses.replace(view, viewer=None)
    after = _try(rules, state, seat, prompt.options[index].action)
    if after is None:
        return None
    old, new = state.sheets[seat], _through(rules, after, seat, 2)[1].sheets[seat]
    now, then = scoring.sheet_points(board, old), scoring.sheet_points(board, new)
    if then > now:
        return Reason(WHY + "points", (("now", now), ("then", then), ("count", then)))  # plural
    mapped = sum(map(bool, new.mapped)) - sum(map(bool, old.mapped))
    progress = (("mapped", mapped), ("boxes", sum(new.meters) - sum(old.meters)),
                ("artists", _artists(new) - _artists(old)),
                ("umbrellas", new.umbrellas - old.umbrellas))
    return next((Reason(WHY + kind, (("count", count),)) for kind, count in progress
                 if count > 0), None)


def _artists(sheet: Sheet) -> int:
    """Artists marked in both rows."""
    return sheet.top.bit_count() + sheet.bottom.bit_count()
