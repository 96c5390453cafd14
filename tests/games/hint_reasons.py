"""Shared by the rooms' Hint reason tests (capability move_reasons): seeded games played by the
Advisor (the Normal bot's moves, each with its reason), and the check that reasons read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from game.engine.core import Config
from game.engine.hints import Advisor, Hint
from game.engine.match import Match
from game.engine.registry import get_game
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files


@dataclass(frozen=True)
class Decision:
    """One decision of an advised game: the hint, and the full state before and after it."""

    hint: Hint
    before: Any
    after: Any

    @property
    def seat(self) -> int:
        return self.hint.prompt.player

    def why(self, prefix: str) -> str | None:
        """The reason's key without the room's prefix, None for another reason (or none)."""
        reason = self.hint.reason
        return reason.key.removeprefix(prefix) if reason and reason.key.startswith(prefix) else None

    def param(self, name: str) -> Any:
        return dict(self.hint.reason.params)[name]


@cache
def advised_game(game_id: str, players: int, seed: int) -> tuple[Decision, ...]:
    """Every decision of a seeded game whose seats all play the Advisor's move."""
    info = get_game(game_id)
    rules = info.make_rules()
    advisor = Advisor(info.heuristic(), seed, info.move_reason())
    match, seen = Match(rules, Config(players), seed), []
    while True:
        match.resolve_chance()
        if match.is_over():
            return tuple(seen)
        prompt = match.prompts()[0]
        before = match.state
        hint = advisor.choose(rules, match.view(prompt.player), prompt)
        match.apply(prompt.player, hint.action)
        seen.append(Decision(hint, before, match.state))


def assert_reasons_read(decisions: list[Decision]) -> None:
    """Every reason has its text in every language, its params all filled in."""
    catalog = load_catalog(string_files())
    for language in LANGUAGES:
        translator = Translator(catalog, language)
        for d in decisions:
            text = translator.t(d.hint.reason.key, **dict(d.hint.reason.params))
            assert text and "{" not in text, (language, d.hint.reason)
