"""Who sits where: a human (bound to an input device) or a bot kind, per seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.bots import BOT_KINDS, NORMAL, canonical_kind
from game.ui.i18n import t

HUMAN = "human"


@dataclass
class SeatSpec:
    """One seat: kind is 'human' or a bot kind; device is the bound input device (humans)."""

    kind: str
    device: str | None = None

    @property
    def human(self) -> bool:
        """True for a seat a person plays."""
        return self.kind == HUMAN

    def to_json(self) -> dict:
        """JSON for the autosave's seat file (devices are not kept: they change between runs)."""
        return {"kind": self.kind}

    @staticmethod
    def from_json(data: Any) -> SeatSpec:
        """Inverse of to_json; a former kind name reads as its level ("greedy" is Normal), and
        anything unknown becomes a Normal bot."""
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind == HUMAN:
            return SeatSpec(HUMAN)
        return SeatSpec(canonical_kind(kind) if kind in BOT_KINDS else NORMAL)


def seat_name(seats: list[SeatSpec], seat: int) -> str:
    """The display name of a seat: 'Player 2' or 'Bot 2'."""
    key = "seat.player" if seats[seat].human else "seat.bot"
    return t(key, n=seat + 1)
