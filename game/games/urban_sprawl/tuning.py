"""The Normal bot's figures and the scorers its Hint reasons repeat (bot.py, why.py)."""

from __future__ import annotations

from typing import Any

from game.engine.core import Option, Prompt

from . import city
from .state import NOBODY, State

LOW_WEALTH = 12  # below this the bot invests permits and takes vocation payouts as wealth
HAND_LIMIT = 6  # permits beyond this are invested
END_TURN = 0.5  # what ending the turn is worth: anything better is done first
FACE_DOWN_WORTH = 2.0  # a face-down planning card: some permit, about an average one's use
# A dearer block costs its value in wealth but wins zone elections and rows: a slight net plus.
VALUE_WEIGHT = 0.05
OFFICE_EDGE = 1.5  # placing where the building would out-value every rival of its zone


def office_edge(rules: Any, view: State, seat: int, zone: str, value: int) -> float:
    """Contest the zone's election: a building worth more than any opponent's of that zone
    would win its office (the most valuable building decides)."""
    rival = max((city.building_value(rules.board, view, bid) for bid, b in
                 city.live_buildings(view) if b.zone == zone and b.owner not in (seat, NOBODY)),
                default=0)
    return OFFICE_EDGE if value > rival else 0.0


def park_worth(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    """The seat's buildings around the lot of a park."""
    lot, seat = option.action[1], prompt.player
    return sum(1 for bid in city.adjacent_buildings(rules.board, view, (lot,))
               if view.buildings[bid].owner == seat)


def marker_worth(rules: Any, view: State, prompt: Prompt, option: Option) -> float:
    """The seat's buildings in the circle's row (6 or 12 blocks: board.rulebook_row)."""
    blocks, block_of = rules.board.circle_blocks[option.action[1]], rules.board.block_of
    return sum(1 for b in view.buildings
               if b is not None and b.owner == prompt.player and block_of[b.lots[0]] in blocks)
