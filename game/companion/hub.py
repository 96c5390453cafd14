"""The mailbox between the server thread and the frame loop (no aiohttp, no pygame here).

Phones' messages go into `inbox` (a thread-safe queue the frame loop drains once a frame); the
console's answers go out through `send`, which hands them to the server's event loop with
`call_soon_threadsafe`, the only safe way to touch an asyncio loop from another thread. They go
as dicts and are JSON-encoded there, off the frame loop: a message, once sent, is the server's
(the frame loop builds a new one for every send and never touches it again).
"""

from __future__ import annotations

import queue
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CODE_LETTERS = "".join(c for c in string.ascii_uppercase if c not in "IO")  # no 1/0 look-alikes


def room_code() -> str:
    """Four random capital letters, the code a phone shows to prove it saw this TV."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(4))


@dataclass(frozen=True, slots=True)
class Inbound:
    """One message from a phone: which connection sent it and its parsed JSON object."""

    conn: int
    data: dict[str, Any]
    address: str = ""


class Hub:
    """Connections, the inbox and the way out; shared by the two threads."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self._deliver: Callable[[int, dict[str, Any] | None], None] | None = None

    def attach(self, deliver: Callable[[int, dict[str, Any] | None], None]) -> None:
        """The server's thread-safe way to hand a message to connection `conn` (None closes
        it)."""
        self._deliver = deliver

    def send(self, conn: int, message: dict[str, Any]) -> None:
        """Queue a message to one phone (dropped if the server has stopped); `message` is the
        server's from now on."""
        if self._deliver is not None:
            self._deliver(conn, message)

    def close(self, conn: int) -> None:
        """Hang up on one phone."""
        if self._deliver is not None:
            self._deliver(conn, None)

    def drain(self, limit: int = 256) -> list[Inbound]:
        """The messages waiting now (at most `limit`, so a burst cannot stall a frame)."""
        out: list[Inbound] = []
        while len(out) < limit:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                break
        return out
