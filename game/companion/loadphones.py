"""Simulated phones in a process of their own, for the benchmark (game.companion.bench).

`python -m game.companion.loadphones PORT ROOM SEATS` connects one WebSocket per seat to the
console on 127.0.0.1:PORT, takes seats 0..SEATS-1, then relays: every message a phone receives
is printed as one JSON line {"seat": s, "msg": {...}}; every JSON line read on stdin,
{"seat": s, "msg": {...}}, is sent by that seat's phone (its secret and a fresh nonce filled
in). Being another process, the phones' own memory and CPU are not counted as the console's.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any


async def phone(url: str, room: str, seat: int, sockets: dict[int, Any],
                secrets: dict[int, str]) -> None:
    """One phone: join `seat`, then print what it receives."""
    import aiohttp

    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        sockets[seat] = ws
        await ws.send_str(json.dumps({"t": "hello", "room": room, "token": None}))
        await ws.send_str(json.dumps({"t": "join", "room": room, "seat": seat}))
        async for msg in ws:
            data = json.loads(msg.data)
            if data.get("t") == "joined":
                secrets[seat] = data["token"]
            print(json.dumps({"seat": seat, "msg": data}), flush=True)


async def relay(sockets: dict[int, Any], secrets: dict[int, str]) -> None:
    """Send what stdin asks, seat by seat (EOF ends the run)."""
    loop = asyncio.get_running_loop()
    nonce = 0
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        order = json.loads(line)
        seat, msg = order["seat"], order["msg"]
        nonce += 1
        msg |= {"seat": seat, "token": secrets.get(seat), "n": nonce}
        await sockets[seat].send_str(json.dumps(msg))


async def main(port: int, room: str, seats: int) -> None:
    """Connect the phones and relay until stdin closes."""
    url = f"http://127.0.0.1:{port}/ws"
    sockets: dict[int, Any] = {}
    secrets: dict[int, str] = {}
    tasks = [asyncio.ensure_future(phone(url, room, s, sockets, secrets)) for s in range(seats)]
    await relay(sockets, secrets)
    for task in tasks:
        task.cancel()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3])))
