"""The registry: rooms declare themselves and are discovered; lookups; every part resolves."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.core import Rules
from game.engine.registry import GameInfo, RoomError, discover

ROOT = Path(__file__).resolve().parents[2]
ALL_IDS = registry.game_ids(include_unlisted=True)


def test_game_ids_are_unique_and_match_their_entries() -> None:
    ids = registry.game_ids()
    assert ids and len(set(ids)) == len(ids)
    for game_id in ALL_IDS:
        info = registry.get_game(game_id)
        assert info.id == game_id and 1 <= info.min_players <= info.max_players


def test_unknown_game_id_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="unknown game id 'chess'"):
        registry.get_game("chess")


def test_every_room_package_declares_its_own_game() -> None:
    rooms = sorted(p.name for p in (ROOT / "game" / "games").iterdir()
                   if (p / "__init__.py").exists())
    assert sorted(ALL_IDS) == rooms
    for game_id in ALL_IDS:
        assert importlib.import_module(f"game.games.{game_id}").GAME is registry.get_game(game_id)


def test_menu_order_follows_the_declared_order_and_unlisted_rooms_stay_out() -> None:
    infos = [registry.get_game(g) for g in ALL_IDS]
    assert [(i.order, i.id) for i in infos] == sorted((i.order, i.id) for i in infos)
    assert registry.game_ids() == [i.id for i in infos if i.listed]
    assert registry.game_ids()[:3] == ["ticket_to_ride_paris", "next_station_paris",
                                       "french_quarter"]
    assert "example_dice" in ALL_IDS and "example_dice" not in registry.game_ids()
    assert registry.get_game("example_dice").make_rules().game_id == "example_dice"


def test_discovery_imports_no_pygame_and_no_room_module() -> None:
    code = ("import sys, json; from game.engine import registry; registry.game_ids(); "
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    loaded = json.loads(out.stdout)
    assert not [m for m in loaded if m.startswith("pygame")]
    assert not [m for m in loaded if m.startswith("game.games.") and m.count(".") > 2]
    assert not [m for m in loaded if m.startswith(("game.engine.levels", "game.engine.schema"))]


def write_rooms(tmp_path: Path, package: str, rooms: dict[str, str]) -> str:
    """A package of rooms on sys.path: room name -> the text of its __init__.py."""
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    for name, text in rooms.items():
        (tmp_path / package / name).mkdir()
        (tmp_path / package / name / "__init__.py").write_text(text)
    (tmp_path / package / "helper.py").write_text("")  # a plain module is not a room
    return package


def declaration(game_id: str, order: int = 100, listed: bool = True) -> str:
    """The __init__.py of a minimal room."""
    return (f"from game.engine.registry import GameInfo\n"
            f"GAME = GameInfo(id={game_id!r}, title_key='t', min_players=1, max_players=2, "
            f"rules_ref='m:R', scene_ref='m:S', heuristic_ref='m:h', order={order}, "
            f"listed={listed})\n")


def test_discover_orders_rooms_by_order_then_id(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_rooms(tmp_path, "rooms_ordered", {
        "zebra": declaration("zebra", 1), "apple": declaration("apple", 5),
        "mango": declaration("mango", 1), "hidden": declaration("hidden", 0, listed=False)})
    found = discover(package)
    assert list(found) == ["hidden", "mango", "zebra", "apple"]
    assert not found["hidden"].listed


@pytest.mark.parametrize(("text", "message"), [
    ("X = 1\n", "rooms_bad_.*.room: a room must define GAME = GameInfo"),
    (declaration("other"), "GAME.id is 'other', not the package name"),
])
def test_discover_rejects_a_room_that_does_not_declare_itself(tmp_path, monkeypatch, text,
                                                              message) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    package = write_rooms(tmp_path, f"rooms_bad_{len(text)}", {"room": text})
    with pytest.raises(RoomError, match=message):
        discover(package)


def test_game_info_rejects_unknown_capabilities_and_player_counts() -> None:
    fields = {"id": "x", "title_key": "t", "rules_ref": "m:R", "scene_ref": "m:S",
              "heuristic_ref": "m:h"}
    with pytest.raises(KeyError, match="unknown capability 'detail'"):
        GameInfo(min_players=1, max_players=2, capabilities=("detail",), **fields)
    with pytest.raises(RoomError, match="players 3..2"):
        GameInfo(min_players=3, max_players=2, **fields)
    info = GameInfo(min_players=1, max_players=2, capabilities=("details",), **fields)
    assert info.declares("details") and not info.declares("rating")


@pytest.mark.parametrize("game_id", ALL_IDS)
def test_rules_and_heuristic_resolve_and_agree_with_the_registry(game_id: str) -> None:
    info = registry.get_game(game_id)
    rules = info.make_rules()
    assert isinstance(rules, Rules)
    assert rules.game_id == game_id
    assert (rules.min_players, rules.max_players) == (info.min_players, info.max_players)
    assert callable(info.heuristic())


@pytest.mark.parametrize("game_id", registry.game_ids(include_unlisted=True, with_scene=True))
def test_board_renderer_resolves(game_id: str) -> None:
    renderer = registry.get_game(game_id).renderer_class()
    for method in ("reset", "animate", "busy", "update", "targets", "draw"):
        assert callable(getattr(renderer, method, None)), f"{game_id} renderer lacks {method}"


def test_an_engine_only_room_stays_unlisted_and_out_of_drawing_tests() -> None:
    fields = {"id": "x", "title_key": "t", "rules_ref": "m:R", "scene_ref": None,
              "heuristic_ref": "m:h", "min_players": 2, "max_players": 4}
    with pytest.raises(RoomError, match="listed room needs a scene_ref"):
        GameInfo(**fields)
    engine_only = GameInfo(listed=False, **fields)
    assert not engine_only.has_scene
    with pytest.raises(RoomError, match="no scene yet"):
        engine_only.renderer_class()
    drawn = registry.game_ids(include_unlisted=True, with_scene=True)
    assert all(registry.get_game(g).has_scene for g in drawn)
