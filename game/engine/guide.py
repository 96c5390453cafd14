"""How-to-play guides: each page's picture is a real game state reached by legal actions.

A room that declares the `guide` capability has a module `game/games/<id>/guide.py` whose
`PAGES` maps a page key to a builder: `build() -> Illustration`. The builder starts a seeded
`Script`, lets greedy bots play (or applies chosen options and forced chance outcomes) until the
moment the page explains, and names the targets to highlight. Because every step goes through
the rules, a rules change breaks the guide's test instead of silently the picture. The page's
words are the strings `<id>.guide.<key>.title` and `<id>.guide.<key>.text` (the room's
strings_guide.toml). This module never imports pygame: the shell's guide scene draws the state
with the room's own renderer.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .bots import make_bot
from .capabilities import capability
from .core import Chance, Config, Option, Prompt, Target
from .match import Match
from .registry import ROOMS_PACKAGE, GameInfo, rules_for

MAX_STEPS = 2000  # a script that has not found its moment by then never will


class GuideError(Exception):
    """A guide page's script cannot reach its moment (the rules or the levels changed)."""


@dataclass(frozen=True)
class Illustration:
    """What a guide page shows: the match at the moment explained, seen by `viewer`, with the
    targets of the move being explained highlighted."""

    match: Match
    viewer: int
    highlight: tuple[Target, ...]
    options_shown: bool = True  # False when the page is about the board, not the choice now
    whole_board: bool = False  # True: show all of it rather than frame the highlight

    def prompt(self) -> Prompt | None:
        """The viewer's pending prompt if its options glow as in play, else None."""
        return self.match.prompt_for(self.viewer) if self.options_shown else None


PageBuilder = Callable[[], Illustration]


def guide_pages(info: GameInfo) -> Mapping[str, PageBuilder] | None:
    """A room's guide pages in order (its `guide` module's PAGES), None if it declares none."""
    if not info.declares("guide"):
        return None
    return capability(guide_module(info.id), "guide")


_BUILT: dict[tuple[str, str], Illustration] = {}


def illustration(info: GameInfo, key: str) -> Illustration:
    """Page `key`'s picture state, its script played once per rules engine (a script lets bots
    play to its moment, up to half a second; the state is the same in every language, and
    nobody changes a match once it is a picture). New rules (levels reloaded) play it again."""
    built = _BUILT.get((info.id, key))
    if built is None or built.match.rules is not rules_for(info.id):
        built = _BUILT[info.id, key] = guide_pages(info)[key]()
    return built


def guide_module(game_id: str) -> Any:
    """The room's guide module (import it only for a room that declares `guide`)."""
    return importlib.import_module(f"{ROOMS_PACKAGE}.{game_id}.guide")


class Script:
    """A seeded match moved forward by legal actions only, to the moment a page explains."""

    def __init__(self, game_id: str, players: int, seed: int,
                 options: tuple[tuple[str, Any], ...] = ()) -> None:
        rules = rules_for(game_id)
        self.match = Match(rules, Config(players, tuple(sorted(options))), seed)
        self.bots = {p: make_bot("greedy", game_id, seed + p) for p in range(players)}

    def until(self, found: Callable[[Prompt], bool]) -> Prompt:
        """Let the bots play (chance sampled from the seed) until a prompt satisfies `found`;
        returns that prompt, with the match stopped before anyone answers it."""
        for _ in range(MAX_STEPS):
            pending = self.match.pending()
            if isinstance(pending, Chance):
                self.match.resolve_chance()
                continue
            prompts = self.match.prompts()
            if not prompts:
                break
            hit = next((p for p in prompts if found(p)), None)
            if hit is not None:
                return hit
            prompt = prompts[0]
            bot = self.bots[prompt.player]
            self.match.apply(prompt.player, bot.choose(self.match.rules,
                                                       self.match.view(prompt.player), prompt))
        raise GuideError(f"{self.match.game_id}: the scripted moment never came")

    def choose(self, prompt: Prompt, where: Callable[[Option], bool]) -> Option:
        """Answer `prompt` with its first option satisfying `where`; returns that option."""
        option = first_option(prompt, where)
        self.match.apply(prompt.player, option.action)
        return option

    def force(self, outcome: Any) -> None:
        """Force the pending chance outcome (IllegalAction if it is not possible now)."""
        self.match.apply_chance(outcome)

    def shows(self, viewer: int, *highlight: Target, options: bool = True,
              whole_board: bool = False) -> Illustration:
        """The page's picture: this match as `viewer` sees it, with these targets highlighted
        (and the options of the viewer's prompt glowing, unless `options` is False)."""
        if not highlight:
            raise GuideError(f"{self.match.game_id}: a guide page must highlight something")
        return Illustration(self.match, viewer, tuple(highlight), options, whole_board)


def first_option(prompt: Prompt, where: Callable[[Option], bool]) -> Option:
    """The first option of a prompt satisfying `where`; GuideError if there is none."""
    option = next((o for o in prompt.options if where(o)), None)
    if option is None:
        raise GuideError(f"no option of {prompt.kind!r} fits the guide's script")
    return option


def kind_is(*kinds: str) -> Callable[[Option], bool]:
    """An option test: its action is a tuple whose first item is one of `kinds`."""
    return lambda o: isinstance(o.action, tuple) and bool(o.action) and o.action[0] in kinds


def targets_of(prompt: Prompt, where: Callable[[Option], bool]) -> tuple[Target, ...]:
    """The distinct targets of a prompt's options satisfying `where`, in option order."""
    return tuple(dict.fromkeys(o.target for o in prompt.options
                               if where(o) and o.target is not None))


def any_option(option: Option) -> bool:
    """An option test every option passes."""
    return True


def prompt_page(game_id: str, players: int, seed: int, kind: str,
                where: Callable[[Option], bool] = any_option, viewer: int | None = 0,
                options: tuple[tuple[str, Any], ...] = (),
                first: bool = False) -> PageBuilder:
    """The most common page: the bots play until `viewer` (None: whoever it is, then seen by
    them) must answer a prompt of `kind`, and the targets of its options that satisfy `where`
    (only the first of them if `first`) are highlighted."""
    def build() -> Illustration:
        script = Script(game_id, players, seed, options)
        prompt = script.until(lambda p: viewer in (None, p.player) and p.kind == kind
                              and bool(targets_of(p, where)))
        shown = targets_of(prompt, where)
        return script.shows(prompt.player, *(shown[:1] if first else shown))
    return build
