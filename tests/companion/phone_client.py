"""A test phone: a WebSocket client on its own asyncio thread with blocking send/receive, so a
test can step the console's frames in between (the console drains phones once a frame)."""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from typing import Any

import aiohttp


class PhoneClient:
    """One phone connected to the companion server at `url` (ws://host:port/ws)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.ws: Any = None
        self.session: Any = None
        self.closed = threading.Event()
        self._call(self._open())

    def _call(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _open(self) -> None:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.url, max_msg_size=0)
        asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.inbox.put(json.loads(msg.data))
        self.closed.set()

    def send_text(self, text: str) -> None:
        """Send raw text (a forged or malformed message)."""
        self._call(self.ws.send_str(text))

    def send_bytes(self, data: bytes) -> None:
        """Send a binary frame."""
        self._call(self.ws.send_bytes(data))

    def send(self, message: dict) -> None:
        """Send a JSON message."""
        self.send_text(json.dumps(message))

    def next_message(self) -> dict | None:
        """The oldest message received and not yet read (None if there is none now)."""
        try:
            return self.inbox.get_nowait()
        except queue.Empty:
            return None

    def close(self) -> None:
        """Hang up and end the thread."""
        async def shut() -> None:
            await self.ws.close()
            await self.session.close()

        self._call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
