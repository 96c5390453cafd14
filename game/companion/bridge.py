"""The companion's authority, run by the frame loop: room code, seat secrets, moves, views.

Each frame `pump` drains the phones' messages (hub.Inbound) and answers them against the screen
on top: on the seat screen a phone claims a seat as the seat screen's own `claim` does for a pad;
in a game a phone answers its seat's prompt with the same `GameScene.apply` a pad's confirm
reaches, so the engine checks a phone's move exactly as it checks a pad's. Then every joined
phone whose seat's picture changed is sent its seat's view, and only its own (phone_view.py).

Who may do what: joining gives a phone a secret (per game: the secrets are forgotten when no
seat screen or game is open any more). A choice must carry its seat's secret, a nonce larger
than any before it (a replayed message is refused) and the version of the view it answers (a
tap on a stale screen is refused, not applied to the next prompt). Every refusal is a message to
that phone and a warning line in console.log; the game goes on.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from game.companion.devices import PHONE, is_phone
from game.companion.hub import Hub, Inbound, room_code
from game.ui.i18n import language, t

log = logging.getLogger(__name__)
MAX_NONCE = 2 ** 53  # what a phone's JavaScript number can count to exactly
VIEWS_PER_FRAME = 1  # phones' views built and sent per frame
SERVER_REFUSALS = ("too_long", "bad_json", "bad_message", "too_fast")  # server.py's reasons


@dataclass
class Phone:
    """One open connection: where from, and the seat secret it proved (if any)."""

    address: str
    token: str | None = None
    sent: Any = None  # the key of the last view sent, to send again only on change


@dataclass
class Holder:
    """A seat secret: the seat, its device id and the last nonce it used."""

    seat: int
    device: str
    nonce: int = 0
    deferred: list[Inbound] = field(default_factory=list)  # a choice waiting for an animation


class Companion:
    """The phones' side of the console: server life, seats held by phones, messages, views."""

    def __init__(self, app: Any, port: int | None = None, host: str = "0.0.0.0") -> None:
        # `app` is the game.ui.app.App (not imported here: the app imports this module)
        self.app = app
        self.host = host
        self.port = port
        self.hub: Hub | None = None
        self.server: Any = None
        self.code = room_code()
        self.address = "127.0.0.1"
        self.phones: dict[int, Phone] = {}
        self.holders: dict[str, Holder] = {}  # secret -> seat held
        self.devices = 0
        self.version = 0  # bumped whenever what a seat may answer changes
        self._scene_key: Any = None
        self._moved = False  # a phone's move was applied in this frame's pump

    # -- life --------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while the server listens."""
        return self.server is not None

    def forbidden(self) -> bool:
        """A kiosk forbids phones unless its settings file allows them (`phones_in_kiosk`)."""
        return self.app.kiosk and not self.app.settings.phones_in_kiosk

    def start(self) -> bool:
        """Listen for phones; False (and a log line) when forbidden or the port is taken."""
        if self.running:
            return True
        if self.forbidden():
            log.warning("companion: phones are forbidden in kiosk mode")
            return False
        from game.companion.server import DEFAULT_PORT, CompanionServer, lan_address

        self.hub = Hub()
        server = CompanionServer(self.hub, self.host, DEFAULT_PORT if self.port is None
                                 else self.port)
        server.strings = page_strings()
        try:
            self.port = server.start()
        except OSError as exc:
            log.warning("companion: %s", exc)
            self.hub = None
            return False
        self.server = server
        self.address = "127.0.0.1" if self.host.startswith("127.") else lan_address()
        log.info("companion: listening on %s, room %s", self.url(), self.code)
        return True

    def stop(self) -> None:
        """Stop listening; phones are hung up and their seats go back to any device."""
        if self.server is not None:
            self.server.stop()
        self.server, self.hub = None, None
        for phone in self.phones.values():
            self._mark(phone, False)
        self.phones.clear()

    def set_enabled(self, on: bool) -> bool:
        """Follow the *phones* setting; True if the server now runs as asked."""
        if on:
            return self.start()
        self.stop()
        return True

    def url(self) -> str:
        """The address a phone opens (the QR code's text)."""
        return f"http://{self.address}:{self.port}/?room={self.code}"

    # -- the frame ---------------------------------------------------------------------------
    def pump(self) -> None:
        """Answer the phones' messages, then send each joined phone its view if it changed
        (from the next frame on when this one applied a phone's move: that frame repaints the
        TV's panels and must not build a view as well)."""
        if self.hub is None:
            return
        table = self._table()  # the stack changes between frames, never during the pump
        self._forget_secrets_between_games(table)
        self._follow_devices(table)
        self._moved = False
        messages = self.hub.drain()
        if getattr(self.app, "sleep", None) is not None and (messages or self._deferred()):
            self.app.wake()  # a phone's move reaches a table whose clocks caught up (ui.sleep)
        for message in messages:
            self._receive(message)
        self._retry_deferred()
        self._follow_version(table)
        if not self._moved:
            self._publish(table)

    def _forget_secrets_between_games(self, table: Any) -> None:
        """Seat secrets last one game: none is open (title, game picker) -> all forgotten."""
        if self.holders and table is None:
            self.holders.clear()
            for phone in self.phones.values():
                phone.token, phone.sent = None, None

    def _follow_devices(self, table: Any) -> None:
        """A secret follows its device: the seat screen's empty rows are dropped when the game
        starts, so a phone's seat 3 there may be the game's seat 2."""
        if table is None or not self.holders:
            return
        where = {getattr(spec, "device", None): i for i, spec in enumerate(table.seats)}
        for holder in self.holders.values():
            seat = where.get(holder.device)
            if seat is not None and seat != holder.seat:
                holder.seat = seat
                for phone in self.phones.values():
                    if self.holders.get(phone.token) is holder:
                        phone.sent = None  # its view (and seat number) must be sent again

    def _table(self) -> Any:
        """The open seat screen or game scene (whichever is highest in the stack), or None."""
        from game.scenes.game import GameScene
        from game.scenes.seats import SeatSetupScene

        for scene in reversed(self.app.stack.scenes):
            if isinstance(scene, GameScene | SeatSetupScene):
                return scene
        return None

    # -- messages ----------------------------------------------------------------------------
    def _receive(self, message: Inbound) -> None:
        kind = message.data.get("t")
        if kind == "_open":
            self.phones[message.conn] = Phone(message.address)
            return
        phone = self.phones.get(message.conn)
        if phone is None:
            return
        if kind == "_close":
            self._mark(phone, False)
            del self.phones[message.conn]
            return
        handler = {"hello": self._hello, "join": self._join, "choose": self._choose,
                   "leave": self._leave, "ping": self._ping}[kind]
        handler(message, phone)

    def refuse(self, message: Inbound, reason: str) -> None:
        """Tell the phone no, and write why in console.log."""
        log.warning("companion: refused %s from phone %d (%s): %s", message.data.get("t"),
                    message.conn, message.address, reason)
        self._send(message.conn, {"t": "refused", "reason": reason,
                                  "text": t(f"phone.refused.{reason}")})

    def _send(self, conn: int, data: dict[str, Any]) -> None:
        if self.hub is not None:
            self.hub.send(conn, data)

    def _room_ok(self, message: Inbound) -> bool:
        if message.data.get("room") == self.code:
            return True
        self.refuse(message, "wrong_room")
        return False

    def _hello(self, message: Inbound, phone: Phone) -> None:
        """A page opened: back into its seat if it holds a secret, else the seat list."""
        if not self._room_ok(message):
            return
        token = message.data.get("token")
        holder = self.holders.get(token) if isinstance(token, str) else None
        if holder is not None and self._seat_count() > holder.seat:
            self._bind(message.conn, phone, token, holder)
            return
        self._send(message.conn, self._lobby())

    def _join(self, message: Inbound, phone: Phone) -> None:
        """Take a free seat: the phone gets the seat's secret for this game."""
        if not self._room_ok(message):
            return
        seat = message.data.get("seat")
        table = self._table()
        if table is None:
            self.refuse(message, "no_game")
            return
        if type(seat) is not int or seat not in self._free_seats(table):
            self.refuse(message, "seat_taken")
            return
        self.devices += 1
        token = secrets.token_urlsafe(18)
        holder = self.holders[token] = Holder(seat, f"{PHONE}{self.devices}")
        self._seat_phone(table, seat, holder.device)
        self._bind(message.conn, phone, token, holder)
        log.info("companion: phone %d (%s) took seat %d", message.conn, message.address, seat + 1)

    def _bind(self, conn: int, phone: Phone, token: str, holder: Holder) -> None:
        phone.token, phone.sent = token, None
        self._mark(phone, True)
        self._send(conn, {"t": "joined", "seat": holder.seat, "token": token,
                          "name": self._seat_name(holder.seat)})

    def _leave(self, message: Inbound, phone: Phone) -> None:
        """The phone gives its seat back (any device may take it)."""
        holder = self._holder_of(message, phone)
        if holder is None:
            return
        table = self._table()
        if table is not None and holder.seat < self._seat_count():
            spec = table.seats[holder.seat]
            if spec is not None and spec.device == holder.device:
                spec.device = None
        self._mark(phone, False)
        del self.holders[phone.token]
        phone.token, phone.sent = None, None
        self._send(message.conn, self._lobby())

    def _ping(self, message: Inbound, phone: Phone) -> None:
        self._send(message.conn, {"t": "pong"})

    def _holder_of(self, message: Inbound, phone: Phone) -> Holder | None:
        """The seat this message may act for: its secret must be the one this phone joined
        with, and name the seat the message names."""
        token, seat = message.data.get("token"), message.data.get("seat")
        holder = self.holders.get(token) if isinstance(token, str) else None
        if holder is None or phone.token != token:
            self.refuse(message, "bad_secret")
            return None
        if seat != holder.seat:
            self.refuse(message, "not_your_seat")
            return None
        return holder

    def _choose(self, message: Inbound, phone: Phone) -> None:
        """A tap on one of the seat's options: checked, then applied like a pad's confirm."""
        holder = self._holder_of(message, phone)
        if holder is None:
            return
        nonce = message.data.get("n")
        if type(nonce) is not int or not holder.nonce < nonce <= MAX_NONCE:
            self.refuse(message, "replayed")
            return
        holder.nonce = nonce
        if message.data.get("version") != self.version:
            self.refuse(message, "stale")
            return
        self._apply_choice(message, holder)

    def _apply_choice(self, message: Inbound, holder: Holder) -> None:
        from game.scenes.game import GameScene

        scene = self.app.stack.top
        if not isinstance(scene, GameScene) or scene.finished:
            self.refuse(message, "paused")
            return
        prompt = scene.match.prompt_for(holder.seat)
        index = message.data.get("option")
        if prompt is None or type(index) is not int or not 0 <= index < len(prompt.options):
            self.refuse(message, "bad_option")
            return
        if scene.seat_busy(holder.seat):
            holder.deferred[:] = [message]  # the board is still moving: answer once it rests
            return
        if scene.apply(holder.seat, prompt.options[index].action):
            self._moved = True
            self._follow_version(self._table())  # a later tap in this drain is on the old view
            self.app.audio.play("confirm")
        else:
            self.refuse(message, "illegal")

    def _deferred(self) -> bool:
        """True if a phone's tap waits for the board to rest (`_retry_deferred`)."""
        return any(holder.deferred for holder in self.holders.values())

    def _retry_deferred(self) -> None:
        for holder in self.holders.values():
            if holder.deferred:
                from game.scenes.game import GameScene

                scene = self.app.stack.top
                if isinstance(scene, GameScene) and scene.seat_busy(holder.seat):
                    continue
                message = holder.deferred.pop()
                if message.data.get("version") == self.version:
                    self._apply_choice(message, holder)

    # -- seats -------------------------------------------------------------------------------
    def _seat_count(self) -> int:
        table = self._table()
        return len(table.seats) if table is not None else 0

    def _seat_name(self, seat: int) -> str:
        return t("seat.player", n=seat + 1)

    def _free_seats(self, table: Any) -> list[int]:
        """Seats a phone may take: on the seat screen an empty, bot or device-less seat; in a
        game a person's seat nobody's device holds (a phone gone is free again)."""
        from game.scenes.game import GameScene

        held = {h.device for h in self.holders.values()}
        free = []
        for i, spec in enumerate(table.seats):
            if isinstance(table, GameScene):
                if spec.human and (spec.device is None or table.disconnected(i)):
                    free.append(i)
            elif spec is None or not spec.human or spec.device is None:
                free.append(i)  # empty, a bot, or a person with no device yet
            elif is_phone(spec.device) and spec.device not in held:
                free.append(i)  # a phone whose secret was given up
        return free

    def _seat_phone(self, table: Any, seat: int, device: str) -> None:
        from game.scenes.game import GameScene

        if isinstance(table, GameScene):
            table.seats[seat].device = device
        else:
            table.claim(seat, device)

    def _mark(self, phone: Phone, connected: bool) -> None:
        """Tell the input layer a phone's device came or went (the TV's 'disconnected' banner
        and the reclaim-a-seat press read it as they do for a pad)."""
        holder = self.holders.get(phone.token) if phone.token else None
        if holder is None:
            return
        others = any(p is not phone and p.token == phone.token for p in self.phones.values())
        if connected or not others:  # the seat stays connected while another page holds it
            self.app.input.set_connected(holder.device, connected)

    def _lobby(self) -> dict[str, Any]:
        table = self._table()
        seats = []
        if table is not None:
            free = set(self._free_seats(table))
            seats = [{"seat": i, "name": self._seat_name(i), "free": i in free}
                     for i in range(len(table.seats))]
        return {"t": "lobby", "seats": seats, "game": self._game_name(table)}

    def _game_name(self, table: Any) -> str:
        info = getattr(table, "info", None)
        return t(f"game.{info.id}") if info is not None else ""

    # -- views -------------------------------------------------------------------------------
    def _follow_version(self, table: Any) -> None:
        """Bump the version when what may be answered changed: the game, its state, or whether
        it is live (a choice made on another version is stale). Every frame, views sent or not,
        so a tap on the view before a move is refused from the frame after it on."""
        scene_key = (id(table), id(getattr(getattr(table, "match", None), "state", None)),
                     table is self.app.stack.top)
        if scene_key != self._scene_key:
            self._scene_key = scene_key
            self.version += 1

    def _publish(self, table: Any) -> None:
        """Send each joined phone its seat's view when anything it shows may have changed (a
        new language only re-sends labels)."""
        from game.companion.phone_view import phone_state
        from game.scenes.game import GameScene

        sent = (self.version, language())
        if self.server is not None and self.server.strings.get("lang") != language():
            self.server.strings = page_strings()  # the language changed: a reload reads it
        due = [(conn, phone) for conn, phone in self.phones.items()
               if phone.token in self.holders and phone.sent != sent]
        # One view a frame, a seat that must answer first: four phones' views after a move
        # would otherwise all be built in the frame that draws it.
        due.sort(key=lambda item: self._waits(self.holders[item[1].token].seat, table))
        for conn, phone in due[:VIEWS_PER_FRAME]:
            holder = self.holders[phone.token]
            phone.sent = sent
            if isinstance(table, GameScene):
                state = phone_state(table, holder.seat, table is self.app.stack.top)
            else:
                state = {"t": "state", "seat": holder.seat, "waiting": t("phone.waiting_start"),
                         "options": [], "sections": []}
            state["version"] = self.version
            self._send(conn, state)

    def _waits(self, seat: int, table: Any) -> int:
        """0 if the seat has a prompt now, else 1 (the order views are sent in)."""
        match = getattr(table, "match", None)
        return 0 if match is not None and match.prompt_for(seat) is not None else 1


def page_strings() -> dict[str, str]:
    """The phone page's own words in the console's language (the page shows no other text)."""
    keys = ("title", "room", "pick_seat", "taken", "your_seat", "waiting", "leave",
            "reconnecting", "zoom", "whole", "tap_map", "tap_zoom")
    keys += tuple(f"refused.{reason}" for reason in SERVER_REFUSALS)
    return {key: t(f"phone.{key}") for key in keys} | {"lang": language()}
