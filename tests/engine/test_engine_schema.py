"""Level schemas: each spec accepts what it declares and names file and field for anything else."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.levels import LevelError
from game.engine.schema import (
    Bool,
    Choice,
    Default,
    Either,
    Exactly,
    Id,
    Int,
    List,
    Number,
    Ref,
    Str,
    Table,
    field_name,
    load_level,
    read_level,
)

FILE = Path("/somewhere/map.toml")
ROUTE = Table({
    "id": Id("routes"), "a": Ref("places"), "color": Choice(("red", "blue")),
    "length": Int(1, 3), "twin": Default(Ref("routes")), "flag": Default(Bool(), False),
})
MAP = Table({
    "places": List(Table({"id": Id("places"), "x": Number(0, 10)}), size=(1, None)),
    "routes": List(ROUTE),
})
PLACES = [{"id": "opera", "x": 1}, {"id": "louvre", "x": 2.5}]


def error(data, schema: Table = MAP, known=None) -> str:
    """The one-line message for data that breaks the schema."""
    with pytest.raises(LevelError) as info:
        read_level(data, FILE, schema, known)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{FILE}: ")
    return message[len(f"{FILE}: "):]


def route(**changes) -> dict:
    """A valid route with some fields changed (None removes one)."""
    item = {"id": "r1", "a": "opera", "color": "red", "length": 2}
    item.update(changes)
    return {k: v for k, v in item.items() if v is not None}


def test_valid_data_comes_back_with_defaults_and_ids_by_position() -> None:
    level = read_level({"places": PLACES, "routes": [route(), route(id="r2", twin="r1")]},
                       FILE, MAP)
    assert level.data["routes"][0] == {"id": "r1", "a": "opera", "color": "red", "length": 2,
                                       "twin": None, "flag": False}
    assert level.data["routes"][1]["twin"] == "r1"
    assert level.ids == {"places": {"opera": 0, "louvre": 1}, "routes": {"r1": 0, "r2": 1}}
    assert list(level.data) == ["places", "routes"]  # declaration order


def test_field_names_read_like_toml_paths() -> None:
    assert field_name(("routes", 12, "color")) == "routes[12].color"
    assert field_name(("decks", "walk", 0, 1)) == "decks.walk[0][1]"
    assert field_name(("cards", "pink")) == "cards.pink"


def test_missing_and_mistyped_fields() -> None:
    assert error({"places": PLACES, "routes": [route(color=None)]}) == "routes[0].color: missing"
    assert error({"places": PLACES, "routes": [route(length="3")]}) == (
        "routes[0].length: must be int, not str")
    assert error({"places": PLACES, "routes": [route(length=True)]}) == (
        "routes[0].length: must be int, not True")
    assert error({"places": [{"id": "x", "x": True}], "routes": []}) == (
        "places[0].x: must be int/float, not True")
    assert error({"places": PLACES, "routes": [route(flag=1)]}) == (
        "routes[0].flag: must be bool, not int")
    assert error({"places": PLACES, "routes": [route(), 3]}) == (
        "routes[1]: must be a table, not int")
    assert error({"places": PLACES, "routes": {}}) == "routes: must be list, not table"


def test_unknown_keys_are_rejected_with_the_known_ones() -> None:
    assert error({"places": PLACES, "routes": [route(colour="red")]}) == (
        "routes[0].colour: unknown field (expected one of: id, a, color, length, twin, flag)")
    assert error({"places": PLACES, "routes": [], "extra": 1}).startswith("extra: unknown field")


def test_closed_vocabularies_and_ranges() -> None:
    assert error({"places": PLACES, "routes": [route(color="pink")]}) == (
        "routes[0].color: unknown 'pink'")
    assert error({"places": PLACES, "routes": [route(length=4)]}) == (
        "routes[0].length: 4 is outside 1..3")
    assert error({"places": [{"id": "x", "x": 10.5}], "routes": []}) == (
        "places[0].x: 10.5 is outside 0..10")
    one_sided = Table({"low": Default(Int(low=1)), "high": Default(Int(high=5))})
    assert error({"low": 0}, one_sided) == "low: 0 is below 1"
    assert error({"high": 6}, one_sided) == "high: 6 is above 5"
    assert error({"name": "  "}, Table({"name": Str(blank=False)})) == "name: empty"


def test_duplicate_ids_and_unknown_references() -> None:
    assert error({"places": PLACES, "routes": [route(), route()]}) == (
        "routes[1].id: duplicate 'r1'")
    assert error({"places": PLACES, "routes": [route(a="atlantis")]}) == (
        "routes[0].a: unknown 'atlantis'")
    assert error({"places": PLACES, "routes": [route(id="")]}) == "routes[0].id: empty"


def test_references_may_point_further_down_the_file() -> None:
    level = read_level({"places": PLACES, "routes": [route(twin="r2"), route(id="r2")]},
                       FILE, MAP)
    assert level.data["routes"][0]["twin"] == "r2"
    assert error({"places": PLACES, "routes": [route(twin="r9"), route(id="r2")]}) == (
        "routes[0].twin: unknown 'r9'")


def test_references_to_ids_of_another_file() -> None:
    tickets = Table({"tickets": List(Table({"to": Ref("places")}))})
    known = {"places": {"opera": 0}}
    assert read_level({"tickets": [{"to": "opera"}]}, FILE, tickets, known).ids == known
    assert error({"tickets": [{"to": "louvre"}]}, tickets, known) == "tickets[0].to: unknown 'louvre'"
    blank = Table({"street": Ref("places", blank=True)})
    assert read_level({"street": ""}, FILE, blank).data == {"street": ""}


def test_list_sizes_and_repeats() -> None:
    assert error({"places": [], "routes": []}) == "places: empty"
    pair = Table({"pair": List(Int(), size=2), "few": Default(List(Str(), size=(1, 2)))})
    assert error({"pair": [1, 2, 3]}, pair) == "pair: must have 2 entries, not 3"
    assert error({"pair": [1, 2], "few": ["a", "b", "c"]}, pair) == (
        "few: must have 1-2 entries, not 3")
    at_least = Table({"many": List(Int(), size=(3, None))})
    assert error({"many": [1]}, at_least) == "many: must have at least 3 entries, not 1"
    distinct = Table({"order": List(Choice(("a", "b", "c")), distinct=True)})
    assert error({"order": ["a", "b", "a"]}, distinct) == "order[2]: duplicate 'a'"


def test_exact_values_and_either_by_type() -> None:
    fixed = Table({"decks": Exactly(["walk", "boat"])})
    assert read_level({"decks": ["walk", "boat"]}, FILE, fixed).data == {"decks": ["walk", "boat"]}
    assert error({"decks": ["boat", "walk"]}, fixed) == "decks: must be ['walk', 'boat']"
    move = Table({"move": Either(((list, List(Int(1, 6), size=2)), (str, Choice(("boat",)))))})
    assert read_level({"move": [1, 3]}, FILE, move).data == {"move": [1, 3]}
    assert read_level({"move": "boat"}, FILE, move).data == {"move": "boat"}
    assert error({"move": "car"}, move) == "move: unknown 'car'"
    assert error({"move": [0, 3]}, move) == "move[0]: 0 is outside 1..6"
    assert error({"move": 3}, move) == "move: must be list/str, not int"


def test_level_fail_names_file_and_field_for_rules_beyond_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "map.toml"
    path.write_text('[[places]]\nid = "opera"\nx = 1\n', encoding="utf-8")
    level = load_level(path, Table({"places": MAP.fields["places"]}))
    assert str(level.fail("places[0].x", "too far west")) == (
        f"{path}: places[0].x: too far west")
    assert str(level.fail(("places", 0), "alone")) == f"{path}: places[0]: alone"
