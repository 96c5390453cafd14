"""Who sits where: a human (bound to an input device) or a bot kind, per seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.bots import BOT_KINDS, NORMAL, canonical_kind
from game.ui.i18n import t

HUMAN = "human"
MAX_HINTS = 100_000  # a saved hint count above this is a damaged file, not a long game


@dataclass
class SeatSpec:
    """One seat: kind is 'human' or a bot kind; device is the bound input device (humans);
    hints: how many hints the seat has been shown this match."""

    kind: str
    device: str | None = None
    hints: int = 0

    @property
    def human(self) -> bool:
        """True for a seat a person plays."""
        return self.kind == HUMAN

    def to_json(self) -> dict:
        """JSON for the autosave's seat file (devices are not kept: they change between runs)."""
        return {"kind": self.kind, "hints": self.hints} if self.hints else {"kind": self.kind}

    @staticmethod
    def from_json(data: Any) -> SeatSpec:
        """Inverse of to_json; a former kind name reads as its level ("greedy" is Normal),
        anything unknown becomes a Normal bot, and a bad hint count 0."""
        data = data if isinstance(data, dict) else {}
        kind, hints = data.get("kind"), data.get("hints", 0)
        if not (type(hints) is int and 0 <= hints <= MAX_HINTS):  # a JSON true is no count
            hints = 0
        if kind != HUMAN:
            kind = canonical_kind(kind) if kind in BOT_KINDS else NORMAL
        return SeatSpec(kind, hints=hints)


def seat_name(seats: list[SeatSpec], seat: int) -> str:
    """The display name of a seat: 'Player 2' or 'Bot 2'."""
    key = "seat.player" if seats[seat].human else "seat.bot"
    return t(key, n=seat + 1)
