"""Phones as controllers: a small web server inside the console (issue 31).

server.py is the transport: an aiohttp app on its own thread and event loop that serves the
phone page and a WebSocket per phone, refusing oversized, flooding and malformed messages. It
decides nothing about the game. bridge.py is the authority, run by the frame loop: it owns the
room code, the per-game seat secrets and nonces, turns a phone's choice into the same engine
call a pad's confirm makes, and sends each phone only its own seat's view (phone_view.py).
"""
