"""The registry: ids, lookups, and every registered game's parts actually resolve."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.core import Rules


def test_game_ids_are_unique_and_match_their_entries() -> None:
    ids = registry.game_ids()
    assert ids and len(set(ids)) == len(ids)
    for game_id in ids:
        info = registry.get_game(game_id)
        assert info.id == game_id and 1 <= info.min_players <= info.max_players


def test_unknown_game_id_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="unknown game id 'chess'"):
        registry.get_game("chess")


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_rules_and_heuristic_resolve_and_agree_with_the_registry(game_id: str) -> None:
    info = registry.get_game(game_id)
    rules = info.make_rules()
    assert isinstance(rules, Rules)
    assert rules.game_id == game_id
    assert (rules.min_players, rules.max_players) == (info.min_players, info.max_players)
    assert callable(info.heuristic())


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_board_renderer_resolves(game_id: str) -> None:
    renderer = registry.get_game(game_id).renderer_class()
    for method in ("reset", "animate", "busy", "update", "targets", "draw"):
        assert callable(getattr(renderer, method, None)), f"{game_id} renderer lacks {method}"
