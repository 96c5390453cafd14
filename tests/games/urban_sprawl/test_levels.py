"""Urban Sprawl level data: the shipped files hold every card, broken copies name file and field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.engine.levels import LEVELS_DIR, LevelError
from game.games.urban_sprawl.board import (
    GAME_ID,
    Contract,
    EventCard,
    Permit,
    Renewal,
    load_board,
    lot_of,
)
from game.games.urban_sprawl.effects import EFFECTS, RESTRICTIONS

from .support import rules


def copy_with(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A levels folder whose `name` file has one text replacement."""
    shutil.copytree(LEVELS_DIR / GAME_ID, tmp_path / GAME_ID)
    path = tmp_path / GAME_ID / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_every_card_of_the_notes_counts() -> None:
    cards = rules().board.cards.values()
    assert len(cards) == 165
    kinds = Counter(type(c).__name__ for c in cards)
    assert kinds == {"Permit": 36, "Renewal": 4, "EventCard": 26, "Contract": 99}
    events = Counter(c.deck for c in cards if isinstance(c, EventCard))
    assert events == {"planning": 14, "town": 4, "city": 4, "metropolis": 4}
    decks = rules().board.decks
    assert {name: len(ids) for name, ids in decks.items()} == {
        "planning": 50, "town": 37, "city": 37, "metropolis": 37}


def test_contract_decks_end_with_their_rulebook_events() -> None:
    cards = rules().board.cards
    named = {c.deck: c.name for c in cards.values() if c.id in rules().board.stacked
             and c.deck != "planning"}
    assert named == {"town": "Airport", "city": "Sports Team", "metropolis": "Olympic Games"}


def test_effect_kinds_the_cards_use() -> None:
    """The closed vocabulary: every kind is used by some card, and how many there are."""
    cards = rules().board.cards.values()
    used = {rule.kind for c in cards if isinstance(c, Contract | EventCard) for rule in c.effects}
    restrictions = {c.restriction.kind for c in cards if isinstance(c, Contract) and c.restriction}
    assert used == set(EFFECTS) and len(EFFECTS) == 21
    assert restrictions == set(RESTRICTIONS) and len(RESTRICTIONS) == 4


def test_board_geometry_and_the_rulebook_block_value() -> None:
    board = rules().board
    assert len(board.block_of) == 144 and board.row_prestige == (3, 3, 2, 2, 1, 1)
    assert sorted(zone for zone, _ in board.starting) == ["CIV"] * 2 + ["COM"] * 4 + \
        ["IND"] * 2 + ["RES"] * 4
    assert len(board.neighbours[lot_of(0, 0)]) == 3 and len(board.neighbours[lot_of(5, 5)]) == 8
    # lots across a street are adjacent: (1, 1) and (2, 2) lie in different blocks
    assert lot_of(2, 2) in board.neighbours[lot_of(1, 1)]
    assert [len(board.placements[size][0]) for size in (1, 2, 3, 4)] == [4, 4, 4, 1]
    assert lot_of(0, 0) in board.water_lots and lot_of(11, 0) in board.forest_lots


def test_permits_and_renewals_are_well_formed() -> None:
    cards = rules().board.cards.values()
    permits = [c for c in cards if isinstance(c, Permit)]
    assert Counter(p.licences for p in permits) == {1: 12, 2: 12, 3: 8, 4: 4}
    assert sum(isinstance(c, Renewal) for c in cards) == 4


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("cards.toml", '{ kind = "gain", resource = "wealth"', '{ kind = "gian", resource = "wealth"',
     "cards.toml: contracts[8].effects[0].kind: unknown 'gian'"),
    ("cards.toml", 'kind = "gain", resource = "wealth", amount = ',
     'kind = "gain", resource = "money", amount = ',
     "resource: unknown 'money'"),
    ("cards.toml", 'kind = "extra_favour" }', 'kind = "extra_favour", amount = 2 }',
     "amount: unknown field"),
    ("cards.toml", 'kind = "place_park", scope = "', 'kind = "place_park", size = 2, scope = "',
     "size: unknown field"),
    ("cards.toml", 'deck = "metropolis"\nname = "Olympic Games"',
     'deck = "city"\nname = "Olympic Games"',
     "events: the metropolis deck needs exactly one Olympic Games event"),
    ("cards.toml", 'deck = "city"\nname = "Business Relocation"',
     'deck = "town"\nname = "Business Relocation"', "the town deck needs 37 cards"),
    ("cards.toml", 'deck = "planning"\nname = "Fire"', 'deck = "city"\nname = "Fire"',
     "the planning deck needs 14 events, not 13"),
    ("board.toml", "vocation_copies = 4", "vocation_copies = 3",
     "vocation_copies: 24 vocation markers in all, not 18"),
    ("board.toml", "action_points = 6", "action_points = 7", "action_points: the rulebook's 6"),
    ("cards.toml", 'vocations = [{ name = "', 'vocations = [{ name = "x', "unknown vocation"),
    ("cards.toml", "licences = 1", "licences = 5", "permits[0].licences: 5 is outside 1..4"),
    ("board.toml", "lot = [0, 1]", "lot = [5, 1]", "starting_buildings[1].lot: lot used twice"),
    ("board.toml", "rows = [4, 5]", "rows = [3, 4]", "row 3 is in two bands"),
    ("board.toml", "rows = [4, 5]", "rows = [3, 5]", "must be neighbours"),
    ("board.toml", "lot = [8, 5]", "lot = [9, 6]", "two RES buildings of value 4"),
    ("board.toml", '{ zone = "RES", lot = [8, 5] }', '{ zone = "COM", lot = [8, 5] }',
     "starting_buildings: needs 4 RES buildings, not 3"),
    ("board.toml", 'line = "row", index = 2', 'line = "row", index = 1',
     "circles[7].index: two circles on the same row"),
    ("board.toml", "wealth_columns = [1, 2, 3, 4, 5, 6]", "wealth_columns = [1, 2, 3]",
     "wealth_columns: must have 6 entries, not 3"),
])
def test_broken_copies_name_file_and_field(tmp_path, name, old, new, message) -> None:
    with pytest.raises(LevelError) as err:
        load_board(copy_with(tmp_path, name, old, new))
    assert f"urban_sprawl/{name}: " in str(err.value)
    assert message in str(err.value)
