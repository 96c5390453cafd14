"""Guide scripts (game.engine.guide): states reached by legal actions only, pages found by the
room's declared capability, and scripts that fail loudly when their moment never comes."""

from __future__ import annotations

import importlib.util

import pytest

from game.engine import capabilities, registry
from game.engine.core import Option, Prompt
from game.engine.guide import (
    GuideError,
    Script,
    first_option,
    guide_pages,
    illustration,
    kind_is,
    prompt_page,
    targets_of,
)
from game.engine.match import Match

DICE = "example_dice"
MIN_PAGES, MAX_PAGES = 5, 8


@pytest.mark.parametrize("game_id", sorted(registry.catalog()))
def test_each_room_offers_a_guide_exactly_when_it_declares_one(game_id: str) -> None:
    info = registry.get_game(game_id)
    found = importlib.util.find_spec(f"{registry.ROOMS_PACKAGE}.{game_id}.guide")
    module = importlib.import_module(found.name) if found else object()
    assert capabilities.problems(module, capabilities.GUIDE, info.capabilities) == []


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_listed_game_has_a_guide_of_five_to_eight_pages(game_id: str) -> None:
    pages = guide_pages(registry.get_game(game_id))
    assert pages is not None, f"{game_id} declares no guide"
    assert MIN_PAGES <= len(pages) <= MAX_PAGES


def test_a_room_without_the_capability_has_no_pages() -> None:
    assert guide_pages(registry.get_game(DICE)) is None


def test_a_page_s_state_is_played_once_per_rules_engine() -> None:
    info = registry.get_game("ticket_to_ride_paris")
    key = next(iter(guide_pages(info)))
    first = illustration(info, key)
    assert illustration(info, key) is first  # turning back to a page plays no bot again
    registry.rules_for.cache_clear()  # levels reloaded: the page is played on the new rules
    again = illustration(info, key)
    assert again is not first and again.match.rules is registry.rules_for(info.id)
    assert again.match.history == first.match.history


def test_until_stops_before_the_prompt_it_looks_for_and_replays_legally() -> None:
    script = Script(DICE, 2, seed=3)
    prompt = script.until(lambda p: p.player == 1)
    match = script.match
    assert match.prompt_for(1) == prompt  # nobody answered it yet
    replayed = Match.replay(match.rules, match.config, match.seed, list(match.history))
    assert replayed.state == match.state


def test_the_same_script_reaches_the_same_state() -> None:
    def six_steps_in(seed: int) -> list:
        script = Script(DICE, 3, seed)
        script.until(lambda p: len(script.match.history) >= 6)
        return script.match.history

    assert six_steps_in(8) == six_steps_in(8)


def test_a_moment_that_never_comes_is_an_error() -> None:
    script = Script(DICE, 2, seed=1)
    with pytest.raises(GuideError, match="never came"):
        script.until(lambda p: False)


def test_a_page_must_highlight_something() -> None:
    with pytest.raises(GuideError, match="highlight"):
        Script(DICE, 2, seed=1).shows(0)


def test_prompt_page_fails_for_a_prompt_kind_the_game_never_asks() -> None:
    with pytest.raises(GuideError):
        prompt_page(DICE, 2, 1, "no_such_prompt")()


PROMPT = Prompt(0, "turn", "m", (Option(("deck",), ("deck",)), Option(("route", "a"), ("route", "a")),
                                 Option(("route", "b"), ("route", "b")), Option(("pass",), None),
                                 Option(("faceup", 0), ("deck",))))


def test_option_helpers_pick_by_action_kind_and_skip_missing_targets() -> None:
    assert first_option(PROMPT, kind_is("route")).action == ("route", "a")
    assert targets_of(PROMPT, kind_is("route", "pass")) == (("route", "a"), ("route", "b"))
    assert targets_of(PROMPT, kind_is("deck", "faceup")) == (("deck",),)  # no repeats
    with pytest.raises(GuideError):
        first_option(PROMPT, kind_is("tickets"))
