"""Optional capabilities: the shell's lookups, and the check that holds a room to its declaration."""

from __future__ import annotations

from typing import ClassVar

import pytest

from game.engine.capabilities import (
    BOT,
    CAPABILITIES,
    GUIDE,
    RENDERER,
    ROOM,
    RULES,
    SEARCH,
    capability,
    problems,
    supports,
)


class PlainRules:
    """Rules with no optional method."""


class RichRules:
    """Rules offering details and a re-deal."""

    def details(self, state):
        """Per-seat lines."""
        return (("line", state),)

    def randomize_hidden(self, state, player, rng):
        """Re-deal."""
        return state


class WrongShape:
    """A tiebreak that takes the wrong arguments."""

    def tiebreak(self, state, extra):
        """Two arguments where one is documented."""


class Renderer:
    """A renderer with colours and half of the split-screen methods."""

    CATEGORY_COLORS: ClassVar[dict] = {"food": (200, 40, 40)}
    SOUND_CUES = ("not", "a", "mapping")

    def seat_targets(self, seat):
        """Rects."""

    def seat_bar(self, seat):
        """Strip."""


def test_capability_returns_the_bound_member_or_none() -> None:
    rules = RichRules()
    assert capability(rules, "details")(7) == (("line", 7),)
    assert capability(PlainRules(), "details") is None
    assert capability(Renderer, "category_colors") == {"food": (200, 40, 40)}
    assert capability(Renderer, "sound_cues") is None  # not a mapping: not the capability


def test_supports_needs_every_member_of_a_group() -> None:
    assert supports(RichRules, "randomize_hidden") and not supports(PlainRules, "rating")
    assert not supports(Renderer, "split_screen")  # only two of its five methods
    with pytest.raises(ValueError, match="several members"):
        capability(Renderer, "split_screen")


def test_unknown_capability_names_are_errors() -> None:
    with pytest.raises(KeyError, match="unknown capability 'detail'"):
        capability(RichRules(), "detail")
    with pytest.raises(KeyError, match="unknown capability 'ratings'"):
        problems(RichRules, RULES, ("ratings",))


def test_a_class_matching_its_declaration_has_no_problems() -> None:
    assert problems(RichRules, RULES, ("details", "randomize_hidden")) == []
    assert problems(PlainRules, RULES, ()) == []


def test_problems_name_undeclared_missing_and_misshapen_members() -> None:
    assert problems(RichRules, RULES, ("details",)) == [
        "randomize_hidden is there but 'randomize_hidden' is not declared"]
    assert problems(PlainRules, RULES, ("rating",)) == ["'rating' declared but rating is missing"]
    assert problems(WrongShape, RULES, ("tiebreak",)) == [
        "'tiebreak' declared but tiebreak does not take (state)"]
    found = problems(Renderer, RENDERER, ("category_colors", "sound_cues"))
    assert found == ["'sound_cues' declared but SOUND_CUES is not a mapping",
                     "seat_targets is there but 'split_screen' is not declared",
                     "seat_bar is there but 'split_screen' is not declared"]


def test_every_capability_has_an_owner_and_members() -> None:
    assert {c.owner for c in CAPABILITIES.values()} == {RULES, RENDERER, ROOM, GUIDE, SEARCH,
                                                         BOT}
    assert all(c.members for c in CAPABILITIES.values() if c.owner != ROOM)
    assert set(CAPABILITIES) == {"details", "tiebreak", "rating", "randomize_hidden",
                                 "category_colors", "sound_cues", "split_screen", "board_geometry",
                                 "keep_clear", "result_picture", "peek",
                                 "prompt_help", "guide", "search_hooks", "move_reasons"}


def test_a_room_capability_is_asked_of_the_room_not_of_a_class() -> None:
    assert problems(PlainRules, RULES, ("prompt_help",)) == []  # files, not members
    with pytest.raises(ValueError, match="GameInfo.declares"):
        supports(PlainRules, "prompt_help")
    with pytest.raises(ValueError, match="GameInfo.declares"):
        capability(PlainRules, "prompt_help")


def test_a_guide_module_is_held_to_its_declaration() -> None:
    from types import SimpleNamespace

    pages = SimpleNamespace(PAGES={"goal": lambda: None})
    assert problems(pages, GUIDE, ("guide",)) == []
    assert problems(SimpleNamespace(), GUIDE, ()) == []
    assert problems(SimpleNamespace(PAGES=[]), GUIDE, ("guide",)) == [
        "'guide' declared but PAGES is not a mapping"]
    assert problems(pages, GUIDE, ()) == ["PAGES is there but 'guide' is not declared"]
