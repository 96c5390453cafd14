"""The results screen's words: score category names, and seats in messages as player names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ui.i18n import t


class ResultWords:
    """How one game's results name its categories and its players."""

    def __init__(self, game_id: str, names: list[str]) -> None:
        self.game_id, self.names = game_id, names

    def category_name(self, category: str) -> str:
        """The translated name of a score category."""
        return t(f"{self.game_id}.score.{category}")

    def named_params(self, params: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
        """Params with seats ("player", "players") replaced by player names."""
        out = dict(params)
        if isinstance(out.get("player"), int):
            out["player"] = self.names[out["player"]]
        if isinstance(out.get("players"), tuple):
            out["players"] = self.name_list(out["players"])
        return out

    def name_list(self, seats: Sequence[int]) -> str:
        """'Ana, Bea and Carlos' in the current language."""
        names = [self.names[s] for s in seats]
        if len(names) < 2:
            return "".join(names)
        return t("results.list", rest=", ".join(names[:-1]), last=names[-1])
