"""French Quarter level data: the shipped files match NOTES.md, broken copies name file+field."""

from __future__ import annotations

import shutil
from collections import deque
from pathlib import Path

import pytest

from game.engine.levels import LEVELS_DIR, LevelError
from game.games.french_quarter.board import ACTIVITIES, DECKS, load_board

GAME = "french_quarter"


@pytest.fixture(scope="module")
def board():
    """The shipped board."""
    return load_board()


def test_map_has_the_rulebook_structure(board) -> None:
    small = [b for b in board.buildings if b.small]
    assert len(small) == 10 and all(len(b.streets) == 3 for b in small)
    assert all(len(b.streets) == 4 for b in board.buildings if not b.small)
    specials = [b.special for b in board.buildings]
    assert specials.count("courtyard") == 4 and specials.count("gift_shop") == 2
    assert specials.count("riverwalk") == specials.count("police") == 1
    assert board.buildings[board.start].name == "Hotel Ama House"
    names = {b.name for b in board.buildings}
    for name in ("Bayou Oyster Bar", "Three Sisters Courtyard", "DHM Speakeasy",
                 "LJ's Public House", "Ben's Spectral Gems", "Two Brothers Courtyard",
                 "Cajun Jewelers", "Roux the Day Tavern", "Brush & Brew Pub", "Beignet Café",
                 "Coop's Bead Emporium", "Bloody Mary's", "French Market",
                 "Riverwalk Shopping & Aquarium", "Police Station"):
        assert name in names
    streets = {s.id for s in board.streets}
    assert {"decatur", "st_peter", "conti", "st_ann", "bourbon", "dauphine", "n_front"} <= streets
    assert [board.streets[m.street].id for m in board.meters] == [
        "decatur", "st_peter", "conti", "st_ann", "bourbon"]


def test_small_pairs_share_an_alley_and_are_adjacent(board) -> None:
    small = [b for b in board.buildings if b.small]
    for b in small:
        twin = [o for o in small if o.block == b.block and o.index != b.index]
        assert len(twin) == 1 and twin[0].index in board.adjacency[b.index]


def test_rulebook_examples_fit_the_map(board) -> None:
    i = board.building_index
    # Movement example: Hotel Ama House to Bayou Oyster Bar is 2 spaces.
    assert board.distance[i("hotel_ama_house")][i("bayou_oyster_bar")] == 2
    # Mapping example: LJ's touches Ben's and Two Brothers, not Cajun Jewelers.
    lj = set(board.adjacency[i("ljs_public_house")])
    assert {i("bens_spectral_gems"), i("two_brothers_courtyard")} <= lj
    assert i("cajun_jewelers") not in lj
    # Boat example: Three Sisters Courtyard is on N Front St; Beignet Café on St Ann St.
    assert i("three_sisters_courtyard") in board.boat
    assert board.street_index("st_ann") in board.buildings[i("beignet_cafe")].streets
    assert board.buildings[i("dhm_speakeasy")].icons == ("party", "unicycle")
    # Second Line example: Bourbon x St Peter going east reaches Bourbon x St Ann.
    bourbon, peter, ann = (board.streets[board.street_index(s)] for s in
                           ("bourbon", "st_peter", "st_ann"))
    start = board.intersections.index((peter.line, bourbon.line))
    end = board.seg_end[(start, "e")]
    assert board.intersections[end] == (ann.line, bourbon.line)


def test_adjacency_is_symmetric_and_the_map_connected(board) -> None:
    for b, nbs in enumerate(board.adjacency):
        assert b not in nbs and all(b in board.adjacency[n] for n in nbs)
    seen, queue = {0}, deque([0])
    while queue:
        for n in board.adjacency[queue.popleft()]:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    assert len(seen) == len(board.buildings)


def test_second_line_never_runs_in_an_alley(board) -> None:
    # Segments join grid intersections; alleys run mid-block, so no segment can be one.
    for a, b, street in board.segments:
        (xa, ya), (xb, yb) = board.intersections[a], board.intersections[b]
        assert abs(xa - xb) + abs(ya - yb) == 1
        s = board.streets[street]
        assert (s.axis == "h" and ya == yb == s.line) or (s.axis == "v" and xa == xb == s.line)
    assert len(board.line_starts) == 6 and board.personal_starts


def test_decks_sheets_and_cards(board) -> None:
    assert set(board.decks) == set(DECKS) and all(len(c) == 8 for c in board.decks.values())
    assert len(board.mayor) == 12 and len(board.vacations) == 12
    for m in board.meters:
        assert len(m.boxes) == 14
        assert m.multipliers[-1] == (5 if m.activity == "party" else 4)
        assert len(m.bonuses) == (4 if m.activity == "party" else 3)
    party = board.meters[ACTIVITIES.index("party")]
    assert "BM" not in party.boxes  # harmful bonuses are never a choice
    assert board.umbrella_boxes == 30 and board.wild_every == 3
    assert board.line_boxes == 60 and len(board.artist_meter) == 16
    assert board.artist_scores[1] == 0 and board.artist_scores[6] == 14
    assert {n: len(p) for n, p in board.dice.items()} == {1: 5, 2: 5, 3: 7, 4: 9}
    mardi = next(v for v in board.vacations if v.name == "Mardi Gras")
    assert {board.buildings[b].name for b in mardi.buildings} == {
        "Coop's Bead Emporium", "DHM Speakeasy", "Bloody Mary's", "French Market"}


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the levels with one text replacement in one file."""
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / GAME, root / GAME)
    path = root / GAME / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("map.toml", 'streets = ["border_n", "dauphine", "border_w", "conti"]',
     'streets = ["border_n", "royal", "border_w", "conti"]', "buildings[0].streets: must be"),
    ("map.toml", 'streets = ["border_n", "dauphine", "border_w", "conti"]',
     'streets = ["border_n", "Royal", "border_w", "conti"]', "buildings[0].streets[1]: unknown"),
    ("map.toml", 'block = [0, 1]', 'block = [0, 0]', "buildings[7].block: overlaps 'hotel"),
    ("map.toml", 'half = "w"\nicons', 'half = "x"\nicons', "buildings[1].half: unknown 'x'"),
    ("map.toml", 'icons = ["shopping"]', 'icons = ["shoes"]', "buildings[1].icons[0]"),
    ("map.toml", '[6, 2]]', '[9, 9]]', "second_line_starts[5]"),
    ("map.toml", 'special = "police"', 'special = ""', "must have 1 'police'"),
    ("cards.toml", 'walk = [\n    ["food", "culture"]', 'walk = [\n    ["food", "beer"]',
     "decks.walk[0][1]: unknown 'beer'"),
    ("cards.toml", 'street = "bourbon"', 'street = "canal"', "mayor[0].street: unknown"),
    ("cards.toml", 'condition = "equal"', 'condition = "odd"', "condition: unknown 'odd'"),
    ("cards.toml", '"coops_bead_emporium", "dhm', '"coops_bead_emporium", "dhm_x',
     "vacation[0].buildings[1]"),
    ("sheets.toml", 'multipliers = [1, 2, 3, 4, 5]', 'multipliers = [1, 2, 3, 4, 6]',
     "activities.party.multipliers"),
    ("sheets.toml", 'boxes = ["sq", "sq", "sq", "M", "sq", "B"', 'boxes = ["sq", "M", "sq", "B"',
     "activities.food.boxes: must have 14"),
    ("sheets.toml", 'row_scores = [0, 0, 1, 3, 6, 10, 14', 'row_scores = [0, 0, 1, 3, 6, 10, 15',
     "artists.row_scores"),
    ("sheets.toml", '"map:st_peter"', '"map:canal"', "artists.meter[3]: unknown"),
    ("game.toml", '3 = ["walk", "walk",', '3 = ["walk",', "dice.3: must have 7 entries, not 6"),
    ("game.toml", '2 = ["walk", "carriage", "streetcar"', '2 = ["walk", "taxi", "streetcar"',
     "dice.2: the Taxi deck is out"),
    # counts the rulebook fixes (issue 25)
    ("game.toml", "picks_per_player = 2", "picks_per_player = 3",
     "game.toml: picks_per_player: must be 2, not 3"),
    ("sheets.toml", "boxes = 60", "boxes = 50", "sheets.toml: second_line.boxes: must be 60, not 50"),
    ("game.toml", '4 = ["walk", "walk", "carriage", "carriage", "taxi", "taxi"',
     '4 = ["walk", "walk", "walk", "carriage", "taxi", "taxi"',
     "game.toml: dice.4: must be 2 walk, 2 carriage, 2 taxi, 1 streetcar, 1 boat, 1 socialize"),
    ("game.toml", '3 = ["walk", "walk", "carriage"', '3 = ["walk", "boat", "carriage"',
     "game.toml: dice.3: must be 2 walk, 1 carriage, 1 streetcar, 1 boat, 1 socialize, 1 taxi"),
    ("game.toml", '2 = ["walk", "carriage", "streetcar"', '2 = ["walk", "walk", "streetcar"',
     "game.toml: dice.2: must be 1 walk, 1 carriage, 1 streetcar, 1 boat, 1 socialize"),
])
def test_broken_files_name_file_and_field(tmp_path, name, old, new, message) -> None:
    root = broken(tmp_path, name, old, new)
    with pytest.raises(LevelError) as err:
        load_board(root)
    text = str(err.value)
    assert name in text and message in text, text


def test_missing_file_is_named(tmp_path) -> None:
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR / GAME, root / GAME)
    (root / GAME / "cards.toml").unlink()
    with pytest.raises(LevelError, match="cards.toml: file not found"):
        load_board(root)


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    # unknown keys
    ("map.toml", "columns = 6", "columns = 6\ncolumn = 6", "map.toml: column: unknown field"),
    ("map.toml", 'id = "hotel_ama_house"', 'id = "hotel_ama_house"\nstars = 3',
     "buildings[0].stars: unknown field"),
    ("game.toml", "vacation_points = 8", "vacation_points = 8\nbonus = 1",
     "game.toml: scoring.bonus: unknown field"),
    ("sheets.toml", "wild_every = 3", "wild_every = 3\nevery = 3", "umbrella.every: unknown field"),
    ("cards.toml", 'street = "bourbon"', 'street = "bourbon"\nbus = true',
     "cards.toml: mayor[0].bus: unknown field"),
    # duplicate ids
    ("map.toml", 'id = "conti"', 'id = "border_w"', "map.toml: streets[1].id: duplicate 'border_w'"),
    ("map.toml", 'id = "dauphine_gift_shop"', 'id = "hotel_ama_house"',
     "buildings[1].id: duplicate 'hotel_ama_house'"),
    ("cards.toml", 'id = "jazz_weekend"', 'id = "mardi_gras"',
     "cards.toml: vacation[1].id: duplicate 'mardi_gras'"),
    # bad references
    ("map.toml", 'start = "hotel_ama_house"', 'start = "hotel"', "map.toml: start: unknown 'hotel'"),
    ("map.toml", 'boat = ["decatur", "n_front"]', 'boat = ["decatur", "canal"]',
     "map.toml: boat[1]: unknown 'canal'"),
    ("sheets.toml", 'street = "decatur"', 'street = "canal"',
     "sheets.toml: activities.food.street: unknown 'canal'"),
    ("game.toml", '1 = ["walk", "carriage"', '1 = ["walk", "bike"', "game.toml: dice.1[1]: unknown"),
    # values out of range
    ("map.toml", "columns = 6", "columns = 13", "map.toml: columns: 13 is outside 2..12"),
    ("map.toml", "line = 0\nborder = true", "line = 7\nborder = true",
     "map.toml: streets[0].line: 7 is outside 0..6"),
    ("game.toml", "rounds = 8", "rounds = 21", "game.toml: rounds: must be 8, not 21"),
    ("game.toml", "carriage = [1, 3]", "carriage = [3, 1]",
     "game.toml: movement.carriage: must be [min, max] with min <= max"),
    ("game.toml", "carriage = [1, 3]", "carriage = [1, 7]",
     "game.toml: movement.carriage[1]: 7 is outside 1..6"),
    ("sheets.toml", "boxes = 30", "boxes = 0", "sheets.toml: umbrella.boxes: must be 30, not 0"),
    ("sheets.toml", "multipliers = [1, 2, 3, 4]\nbonuses = [\"food", 
     "multipliers = [2, 3, 4]\nbonuses = [\"food", "activities.food.multipliers: must rise from x1"),
    ("cards.toml", '["food", "culture"], ["shopping"', '["food", "culture", "party"], ["shopping"',
     "cards.toml: decks.walk[0]: must have 1-2 entries, not 3"),
])
def test_each_file_kind_rejects_what_its_schema_forbids(tmp_path, name, old, new, message) -> None:
    with pytest.raises(LevelError) as err:
        load_board(broken(tmp_path, name, old, new))
    assert message in str(err.value), str(err.value)
