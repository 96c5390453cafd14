"""The companion web server: an aiohttp app on its own thread with its own event loop.

It serves the phone page (static files shipped in game/companion/static, nothing fetched from
the internet) and one WebSocket per phone. It is a careful pipe, not a judge of moves: every
text frame is checked for size, rate and JSON shape here, refused with a message to that phone
and a warning in console.log when bad, and only then queued for the frame loop (hub.Inbound).
Whether the sender holds the seat it names, and whether the move is legal, is decided there.

Opening and closing a connection reach the frame loop as the messages {"t": "_open"} and
{"t": "_close"}; a phone cannot send those itself (types starting with "_" are refused).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any

from game.companion.hub import Hub, Inbound

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC_FILES = {"app.js": "text/javascript", "style.css": "text/css"}
MAX_TEXT = 2048  # characters in one message; longer ones are refused (the page sends < 200)
MAX_FRAME = 16 * 1024  # bytes: aiohttp closes the socket on a frame larger than this
MAX_CONNECTIONS = 16  # phones at once; more are turned away with 503
RATE, BURST = 8.0, 16.0  # messages per second a phone may keep up, and its burst allowance
FLOOD_CLOSE = 200  # messages dropped for rate before the connection is closed
MESSAGE_TYPES = frozenset({"hello", "join", "choose", "leave", "ping"})
DEFAULT_PORT = 8765


class Bucket:
    """A token bucket: `take()` is False when a client sends faster than RATE, BURST allows."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def parse_message(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """(the message, None) or (None, the reason it is refused): size, JSON, shape."""
    if len(text) > MAX_TEXT:
        return None, "too_long"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None, "bad_json"
    if not isinstance(data, dict) or data.get("t") not in MESSAGE_TYPES:
        return None, "bad_message"
    return data, None


def lan_address() -> str:
    """This machine's address on the local network, as phones will reach it (loopback if
    there is no network: connecting a UDP socket sends nothing, it only picks a route)."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class CompanionServer:
    """Runs the aiohttp app on a daemon thread; `start` returns once it listens."""

    def __init__(self, hub: Hub, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.hub = hub
        self.host, self.port = host, port
        self.strings: dict[str, str] = {}  # the page's words, set by the frame loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._conns: dict[int, asyncio.Queue[dict[str, Any] | None]] = {}
        # Messages from the frame loop wait here; one wake-up of the event loop takes them all
        # (each wake-up writes to a socket, about a millisecond of the frame on a busy machine).
        self._outbox: list[tuple[int, dict[str, Any] | None]] = []
        self._outbox_lock = threading.Lock()
        self._next_conn = 1
        self._runner: Any = None

    # -- life --------------------------------------------------------------------------------
    def start(self, timeout: float = 5.0) -> int:
        """Listen (on `port`; 0 picks a free one) and return the port; raises OSError."""
        self._thread = threading.Thread(target=self._run, name="companion", daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        if self._error is not None:
            raise OSError(f"companion server did not start: {self._error}")
        if not self._ready.is_set():
            raise OSError("companion server did not start in time")
        self.hub.attach(self._deliver)
        return self.port

    def stop(self) -> None:
        """Stop listening, close every phone and end the thread."""
        loop = self._loop
        if loop is None or self._thread is None:
            return
        fut = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        with contextlib.suppress(Exception):
            fut.result(timeout=5)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(timeout=5)
        self._loop = None

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except (OSError, RuntimeError, ImportError) as exc:  # reported to start()
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _listen(self) -> None:
        from aiohttp import web

        app = web.Application(client_max_size=MAX_FRAME)
        app.router.add_get("/", self._page)
        app.router.add_get("/strings.json", self._strings)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/ws", self._socket)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def _shutdown(self) -> None:
        for queue in self._conns.values():
            queue.put_nowait(None)
        await asyncio.sleep(0)
        if self._runner is not None:
            await self._runner.cleanup()

    # -- pages -------------------------------------------------------------------------------
    async def _page(self, request: Any) -> Any:
        from aiohttp import web

        return web.FileResponse(STATIC_DIR / "index.html",
                                headers={"Cache-Control": "no-store"})

    async def _strings(self, request: Any) -> Any:
        from aiohttp import web

        return web.json_response(self.strings, headers={"Cache-Control": "no-store"})

    async def _static(self, request: Any) -> Any:
        from aiohttp import web

        name = request.match_info["name"]
        if name not in STATIC_FILES:  # only the page's own files, never a path of the caller's
            raise web.HTTPNotFound()
        return web.FileResponse(STATIC_DIR / name, headers={"Content-Type": STATIC_FILES[name],
                                                            "Cache-Control": "no-store"})

    # -- phones ------------------------------------------------------------------------------
    def _deliver(self, conn: int, message: dict[str, Any] | None) -> None:
        """From any thread: queue `message` for connection `conn` (None hangs up). The event
        loop is woken only when the outbox was empty: one wake-up per batch, not per message."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with self._outbox_lock:
            wake = not self._outbox
            self._outbox.append((conn, message))
        if wake:
            loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        """On the loop: hand every waiting message to its connection's writer."""
        with self._outbox_lock:
            waiting, self._outbox = self._outbox, []
        for conn, message in waiting:
            self._put(conn, message)

    def _put(self, conn: int, message: dict[str, Any] | None) -> None:
        queue = self._conns.get(conn)
        if queue is not None:
            queue.put_nowait(message)

    async def _socket(self, request: Any) -> Any:
        from aiohttp import web

        address = request.remote or "?"
        if len(self._conns) >= MAX_CONNECTIONS:
            log.warning("companion: %s turned away: %d phones already connected", address,
                        MAX_CONNECTIONS)
            raise web.HTTPServiceUnavailable()
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=20)
        await ws.prepare(request)
        conn = self._next_conn
        self._next_conn += 1
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._conns[conn] = queue
        writer = asyncio.ensure_future(self._write(ws, queue))
        self.hub.inbox.put(Inbound(conn, {"t": "_open"}, address))
        try:
            await self._read(ws, conn, address)
        finally:
            self._conns.pop(conn, None)
            writer.cancel()
            self.hub.inbox.put(Inbound(conn, {"t": "_close"}, address))
        return ws

    async def _write(self, ws: Any, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        while True:
            message = await queue.get()
            if message is None:
                await ws.close()
                return
            # Encoded here, on the server's thread: a view is the largest message and the
            # frame loop only builds it.
            text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.send_str(text)

    async def _read(self, ws: Any, conn: int, address: str) -> None:
        from aiohttp import WSMsgType

        bucket, dropped, told = Bucket(), 0, 0.0
        async for msg in ws:
            if msg.type == WSMsgType.ERROR:
                log.warning("companion: phone %d (%s) closed: %s", conn, address,
                            ws.exception())
                return
            if msg.type != WSMsgType.TEXT:
                self._refuse(ws, conn, address, "bad_message")
                continue
            if not bucket.take():
                dropped += 1
                if time.monotonic() - told >= 1.0:  # one line and one notice a second
                    told = time.monotonic()
                    self._refuse(ws, conn, address, "too_fast")
                if dropped >= FLOOD_CLOSE:
                    log.warning("companion: phone %d (%s) closed for flooding", conn, address)
                    await ws.close()
                    return
                continue
            data, reason = parse_message(msg.data)
            if reason is not None:
                self._refuse(ws, conn, address, reason)
                continue
            self.hub.inbox.put(Inbound(conn, data, address))
        if ws.close_code not in (None, 1000, 1001):
            log.warning("companion: phone %d (%s) closed with code %s", conn, address,
                        ws.close_code)

    def _refuse(self, ws: Any, conn: int, address: str, reason: str) -> None:
        log.warning("companion: refused a message from phone %d (%s): %s", conn, address,
                    reason)
        self._put(conn, {"t": "refused", "reason": reason})
