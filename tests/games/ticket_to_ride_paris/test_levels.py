"""Ticket to Ride: Paris level data: the shipped files are sound, broken copies name file+field."""

from __future__ import annotations

import heapq
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from game.engine.levels import LEVELS_DIR, LevelError
from game.games.ticket_to_ride_paris.board import COLORS, MAP_X, MAP_Y, load_board
from game.games.ticket_to_ride_paris.rules import TicketToRideParis

GAME = "ticket_to_ride_paris"


@pytest.fixture(scope="module")
def board():
    """The shipped board."""
    return load_board()


def dump(data: dict) -> str:
    """A minimal TOML writer for our level files: tables and arrays of flat tables."""

    def value(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return str(v)

    out: list[str] = []
    for key, v in data.items():
        if isinstance(v, list):
            for item in v:
                out.append(f"[[{key}]]")
                out += [f'"{k}" = {value(x)}' for k, x in item.items()]
        else:
            out.append(f"[{key}]")
            out += [f'"{k}" = {value(x)}' for k, x in v.items()]
    return "\n".join(out) + "\n"


@pytest.fixture
def levels(tmp_path: Path):
    """A writable copy of the levels folder; `broken(file, change)` edits it, returns the error."""
    shutil.copytree(LEVELS_DIR / GAME, tmp_path / GAME)

    def broken(name: str, change) -> str:
        path = tmp_path / GAME / name
        data = tomllib.loads(path.read_text("utf-8"))
        change(data)
        path.write_text(dump(data), "utf-8")
        with pytest.raises(LevelError) as info:
            TicketToRideParis(tmp_path)
        return str(info.value)

    broken.root = tmp_path
    return broken


# -- the shipped data ---------------------------------------------------------------------------
def test_map_has_paris_landmarks_inside_the_board_region(board) -> None:
    assert 22 <= len(board.locations) <= 26
    names = {loc.name for loc in board.locations}
    assert {"Tour Eiffel", "Louvre", "Notre-Dame", "Arc de Triomphe", "Opéra"} <= names
    for loc in board.locations:
        assert MAP_X[0] <= loc.x <= MAP_X[1] and MAP_Y[0] <= loc.y <= MAP_Y[1]
    positions = [(loc.x, loc.y) for loc in board.locations]
    for i, (x, y) in enumerate(positions):  # far enough apart to draw and to click
        for x2, y2 in positions[i + 1:]:
            assert (x - x2) ** 2 + (y - y2) ** 2 >= 90**2


def test_routes_follow_the_colour_and_length_rules(board) -> None:
    assert all(1 <= r.length <= 3 for r in board.routes)
    assert all(r.length == 1 for r in board.routes if COLORS[r.color] == "blue")
    assert all(r.length == 2 for r in board.routes if COLORS[r.color] == "yellow")
    assert {COLORS[r.color] for r in board.routes} == set(COLORS) - {"wild"}
    assert sum(r.length for r in board.routes) > 4 * 15  # buses can never fill the map
    assert len({r.id for r in board.routes}) == len(board.routes)


def test_double_routes_are_symmetric_twins_between_the_same_locations(board) -> None:
    twins = [r for r in board.routes if r.twin >= 0]
    assert len(twins) >= 6
    for r in twins:
        other = board.routes[r.twin]
        assert other.twin == r.index and {other.a, other.b} == {r.a, r.b}
        assert other.color != r.color


def test_deck_has_46_cards_with_the_public_counts(board) -> None:
    assert dict(zip(COLORS, board.deck)) == {
        "blue": 6, "red": 6, "white": 8, "yellow": 6, "green": 6, "purple": 6, "wild": 8}
    assert board.route_points == {1: 1, 2: 2, 3: 4}


def test_twenty_tickets_worth_about_their_shortest_path(board) -> None:
    assert len(board.tickets) == 20 and len({t.id for t in board.tickets}) == 20
    for t in board.tickets:
        dist = {t.a: 0}
        heap = [(0, t.a)]
        while heap:
            d, n = heapq.heappop(heap)
            for r, other in board.adjacency[n]:
                nd = d + board.routes[r].length
                if nd < dist.get(other, 99):
                    dist[other] = nd
                    heapq.heappush(heap, (nd, other))
        assert t.b in dist, t.id
        assert 4 <= t.points <= 12 and dist[t.b] <= t.points <= dist[t.b] + 2, t.id


# -- broken copies name the file and the field --------------------------------------------------
def test_unknown_route_colour(levels) -> None:
    def change(d):
        d["routes"][12]["color"] = "pink"

    assert re.search(r"map\.toml: routes\[12\]\.color: unknown 'pink'", levels("map.toml", change))


def test_route_to_unknown_location(levels) -> None:
    def change(d):
        d["routes"][3]["b"] = "nowhere"

    assert re.search(r"map\.toml: routes\[3\]\.b: unknown 'nowhere'", levels("map.toml", change))


def test_route_length_out_of_range_or_wrong_type(levels) -> None:
    def change(d):
        d["routes"][7]["length"] = 4

    assert "map.toml: routes[7].length: 4 is outside 1..3" in levels("map.toml", change)

    def change2(d):
        d["routes"][7]["length"] = "3"

    assert "map.toml: routes[7].length: must be int, not str" in levels("map.toml", change2)


def test_blue_and_yellow_length_rules(levels) -> None:
    def blue(d):
        d["routes"][2]["color"] = "blue"  # a length-2 route

    assert "routes[2].length: blue routes must have length 1" in levels("map.toml", blue)

    def yellow(d):
        d["routes"][0]["color"] = "yellow"  # a length-1 route

    assert "routes[0].length: yellow routes must have length 2" in levels("map.toml", yellow)


def test_duplicate_ids(levels) -> None:
    def route(d):
        d["routes"][5]["id"] = d["routes"][4]["id"]

    assert "map.toml: routes[5].id: duplicate 'trocadero-eiffel'" in levels("map.toml", route)

    def location(d):
        d["locations"][1]["id"] = "monceau"

    assert "map.toml: locations[1].id: duplicate 'monceau'" in levels("map.toml", location)


def test_location_outside_the_board_region(levels) -> None:
    def change(d):
        d["locations"][0]["x"] = 1500

    assert "map.toml: locations[0].x: 1500 is outside 40..1380" in levels("map.toml", change)


def test_bad_double_route_links(levels) -> None:
    def unknown(d):
        d["routes"][1]["double_of"] = "ghost"

    assert "routes[1].double_of: unknown 'ghost'" in levels("map.toml", unknown)


def test_double_route_must_join_the_same_locations(levels) -> None:
    def elsewhere(d):
        d["routes"][1]["double_of"] = "arc-monceau"

    assert "routes[1].double_of: 'arc-monceau' joins other locations" in levels(
        "map.toml", elsewhere)


def test_too_few_route_spaces(levels) -> None:
    def few(d):
        for r in d["routes"]:
            r["color"], r["length"] = "blue", 1

    assert "map.toml: routes: 49 spaces: 4 players' buses could fill the map" in levels(
        "map.toml", few)


def test_disconnected_map(levels) -> None:
    def island(d):
        d["routes"] = [r for r in d["routes"] if "pere_lachaise" not in (r["a"], r["b"])]

    assert "map.toml: routes: locations not connected to the rest: pere_lachaise" in levels(
        "map.toml", island)


def test_ticket_naming_an_unknown_location(levels) -> None:
    def change(d):
        d["tickets"][3]["b"] = "atlantis"

    assert re.search(r"tickets\.toml: tickets\[3\]\.b: unknown 'atlantis'",
                     levels("tickets.toml", change))


def test_ticket_count_and_points(levels) -> None:
    def points(d):
        d["tickets"][0]["points"] = 0

    assert "tickets.toml: tickets[0].points: 0 is outside 1..30" in levels("tickets.toml", points)


def test_deck_counts_are_the_rulebooks_colour_by_colour(levels) -> None:
    """46 cards: 8 multicolour, 8 white, 6 of each other colour (rulebook, Componentes); two
    counts swapped still sum to 46 but are refused."""
    def change(d):
        d["cards"]["white"] = 7

    assert "deck.toml: cards.white: must be 8, not 7" in levels("deck.toml", change)

    def swapped(d):
        d["cards"]["white"], d["cards"]["blue"] = 6, 8

    assert "deck.toml: cards.blue: must be 6, not 8" in levels("deck.toml", swapped)

    def buses(d):
        d["cards"].update(white=8, blue=6)  # the edits above stay in the copy: undo them
        d["rules"]["buses"] = 16

    assert "deck.toml: rules.buses: must be 15, not 16" in levels("deck.toml", buses)

    def pink(d):
        d["cards"]["pink"] = 1

    assert "deck.toml: cards.pink: unknown field (expected one of: blue," in levels("deck.toml", pink)


def test_missing_file(levels) -> None:
    (levels.root / GAME / "tickets.toml").unlink()
    with pytest.raises(LevelError, match=r"tickets\.toml: file not found"):
        TicketToRideParis(levels.root)


def test_unchanged_copy_loads(levels) -> None:
    assert len(TicketToRideParis(levels.root).board.routes) == len(load_board().routes)


# -- every file kind: unknown keys, duplicate ids, bad references, values out of range ----------
def _set(*path_and_value):
    """A change that sets data[path...] = value."""
    *path, key, value = path_and_value

    def change(d):
        for part in path:
            d = d[part]
        d[key] = value

    return change


def _drop_last_ticket(d):
    d["tickets"].pop()


@pytest.mark.parametrize(("name", "change", "message"), [
    ("deck.toml", _set("rules", "bus", 3), "deck.toml: rules.bus: unknown field"),
    ("deck.toml", _set("rules", "faceup", 0), "deck.toml: rules.faceup: 0 is outside 1..99"),
    ("deck.toml", _set("route_points", "3", 100),
     "deck.toml: route_points.3: 100 is outside 0..99"),
    ("deck.toml", _set("route_points", "4", 7), "deck.toml: route_points.4: unknown field"),
    ("map.toml", _set("routes", 0, "colour", "red"), "map.toml: routes[0].colour: unknown field"),
    ("map.toml", _set("locations", 2, "z", 1), "map.toml: locations[2].z: unknown field"),
    ("map.toml", _set("routes", 0, "double_of", "no-such-route"),
     "map.toml: routes[0].double_of: unknown 'no-such-route'"),
    ("map.toml", _set("locations", 3, "y", 20), "map.toml: locations[3].y: 20 is outside 60..960"),
    ("map.toml", _set("locations", 3, "name", " "), "map.toml: locations[3].name: empty"),
    ("tickets.toml", _set("tickets", 0, "value", 3), "tickets.toml: tickets[0].value: unknown"),
    ("tickets.toml", _set("tickets", 1, "id", "arc-notre_dame"),
     "tickets.toml: tickets[1].id: duplicate 'arc-notre_dame'"),
    ("tickets.toml", _set("tickets", 2, "a", "louvre "), "tickets[2].a: unknown 'louvre '"),
    ("tickets.toml", _set("tickets", 4, "points", 31), "tickets[4].points: 31 is outside 1..30"),
    ("tickets.toml", _drop_last_ticket, "tickets.toml: tickets: must have 20 entries, not 19"),
])
def test_each_file_kind_rejects_what_its_schema_forbids(levels, name, change, message) -> None:
    assert message in levels(name, change)
