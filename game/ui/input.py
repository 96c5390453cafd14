"""The one place that turns keyboard, mouse and gamepad events into device-tagged intents.

Devices: "keyboard" (keyboard and mouse together: one person at the computer), "pad:<id>" for
SDL GameControllers (named buttons; SDL applies SDL_GAMECONTROLLERCONFIG_FILE itself when the
subsystem starts, so we never add mappings of our own) and "joy:<id>" for joysticks SDL does not
know as controllers. Ids are SDL instance ids, which stay unique across hot-plugs.

Help and Hint: keyboard H or F1 and a short press of the pad's Back (released before Start joins
it: Back+Start is the fullscreen toggle and the held leave combo) ask for "help"; keyboard ?
and the pad's X ask for "hint".

Peek: keyboard R and a click of the pad's right stick ask a room to show something extra on the
asking seat's board, on or off (Explore New York: the best route its map allows now). A toggle,
not a hold: the right thumb that clicks the stick also presses A, so it cannot hold one while
choosing with the other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import pygame

log = logging.getLogger(__name__)

KEYBOARD = "keyboard"
DIRECTIONS = ("up", "down", "left", "right")
REPEAT_DELAY = 0.38  # seconds before a held direction starts repeating
REPEAT_RATE = 0.11  # seconds between repeats
DEADZONE = 0.55  # stick deflection that counts as a d-pad press
RELEASE_ZONE = 0.35  # below this the stick is back to centre (hysteresis avoids flicker)
COMBO_HOLD = 3.0  # seconds the leave combo (pad Back+Start, Ctrl+Shift+Q) must be held
COMBO_KEYS = frozenset({pygame.K_q, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT,
                        pygame.K_RSHIFT})  # releasing any of them breaks the keyboard combo

KEYS = {
    pygame.K_UP: "up", pygame.K_w: "up", pygame.K_DOWN: "down", pygame.K_s: "down",
    pygame.K_LEFT: "left", pygame.K_a: "left", pygame.K_RIGHT: "right", pygame.K_d: "right",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back", pygame.K_p: "menu",
    pygame.K_TAB: "alt", pygame.K_x: "alt", pygame.K_u: "undo",
    pygame.K_q: "page_prev", pygame.K_PAGEUP: "page_prev",
    pygame.K_e: "page_next", pygame.K_PAGEDOWN: "page_next", pygame.K_F11: "fullscreen",
    pygame.K_h: "help", pygame.K_F1: "help", pygame.K_QUESTION: "hint",
    pygame.K_g: "guide",  # a game's how-to-play guide (the game picker)
    pygame.K_r: "peek",  # a room's extra view on or off (see the module docstring)
}
PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "hint", pygame.CONTROLLER_BUTTON_Y: "undo",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "page_prev",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "page_next",
    pygame.CONTROLLER_BUTTON_START: "menu", pygame.CONTROLLER_BUTTON_RIGHTSTICK: "peek",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
# Plain joysticks have no names for their buttons; this is the common XInput-like layout.
JOY_BUTTONS = {0: "confirm", 1: "back", 2: "hint", 3: "undo", 4: "page_prev", 5: "page_next",
               7: "menu", 9: "peek"}  # 8 and 9: the stick clicks, left and right
JOY_BACK, JOY_START = 6, 7
PAD_COMBO = frozenset({pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START})
JOY_COMBO = frozenset({JOY_BACK, JOY_START})


@dataclass(frozen=True, slots=True)
class Intent:
    """What a player wants, and the device that said it; pos is in canvas coordinates."""

    kind: str
    device: str
    pos: tuple[int, int] | None = None
    repeat: bool = False


def pad_device(instance_id: int) -> str:
    """Device id of a game controller."""
    return f"pad:{instance_id}"


def joy_device(instance_id: int) -> str:
    """Device id of a plain joystick."""
    return f"joy:{instance_id}"


def _stick_direction(x: float, y: float, current: str | None) -> str | None:
    strength = max(abs(x), abs(y))
    if strength < RELEASE_ZONE:
        return None
    if strength < DEADZONE:
        return current
    if abs(x) >= abs(y):
        return "right" if x > 0 else "left"
    return "down" if y > 0 else "up"


class InputMapper:
    """Turns pygame events into intents; tracks devices, held directions and the last device."""

    def __init__(self, to_canvas: Callable[[tuple[int, int]], tuple[int, int] | None]) -> None:
        self.to_canvas = to_canvas
        self.last_kind = "keyboard"  # "keyboard" | "mouse" | "gamepad": which hints to draw
        self._controllers: dict[int, object] = {}
        self._joysticks: dict[int, object] = {}
        self._connected: set[str] = {KEYBOARD}
        self._numbers: dict[str, int] = {}
        self._held: dict[tuple[str, str], float] = {}
        self._sticks: dict[str, list[float]] = {}
        self._stick_dir: dict[str, str | None] = {}
        self._buttons: dict[str, set[int]] = {}
        self._combos: dict[str, float] = {}  # device -> seconds the leave combo has been held
        self._help_armed: set[str] = set()  # pads whose Back is down alone: Help on release

    # -- devices -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the joystick and controller subsystems (devices arrive as ADDED events)."""
        try:
            pygame.joystick.init()
            from pygame._sdl2 import controller

            controller.init()
        except (pygame.error, ImportError) as exc:
            log.warning("gamepads unavailable: %s", exc)

    def is_connected(self, device: str) -> bool:
        """True while the device is plugged in (the keyboard always is)."""
        return device in self._connected

    def set_connected(self, device: str, connected: bool) -> None:
        """A device outside SDL (a phone, game.companion) came or went."""
        if connected:
            self._seen(device)
        else:
            self._connected.discard(device)

    def number(self, device: str) -> int:
        """A stable 1-based number for a gamepad, for labels like 'Gamepad 2'."""
        if device not in self._numbers:
            self._numbers[device] = len(self._numbers) + 1
        return self._numbers[device]

    def _seen(self, device: str) -> None:
        # A device that sends input is connected, even if we missed its ADDED event.
        self._connected.add(device)
        self.number(device)

    def _add_controller(self, index: int) -> list[Intent]:
        try:
            from pygame._sdl2 import controller

            pad = controller.Controller(index)
            iid = pad.as_joystick().get_instance_id()
        except (pygame.error, ImportError, IndexError, ValueError, TypeError) as exc:
            log.warning("controller %s could not be opened: %s", index, exc)
            return []
        self._controllers[iid] = pad
        self._seen(pad_device(iid))
        return [Intent("connected", pad_device(iid))]

    def _add_joystick(self, index: int) -> list[Intent]:
        try:
            from pygame._sdl2 import controller

            if controller.get_init() and controller.is_controller(index):
                return []  # handled by CONTROLLERDEVICEADDED
            joy = pygame.joystick.Joystick(index)
            iid = joy.get_instance_id()
        except (pygame.error, ImportError, IndexError, ValueError, TypeError) as exc:
            log.warning("joystick %s could not be opened: %s", index, exc)
            return []
        self._joysticks[iid] = joy
        self._seen(joy_device(iid))
        return [Intent("connected", joy_device(iid))]

    def _remove(self, device: str) -> list[Intent]:
        if device not in self._connected:
            return []
        self._connected.discard(device)
        for key in [k for k in self._held if k[0] == device]:
            del self._held[key]
        self._sticks.pop(device, None)
        self._stick_dir.pop(device, None)
        self._buttons.pop(device, None)
        self._combos.pop(device, None)
        self._help_armed.discard(device)
        return [Intent("disconnected", device)]

    # -- events ------------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> list[Intent]:
        """The intents one pygame event means (often none)."""
        handler = self._handlers().get(event.type)
        return handler(event) if handler else []

    def _handlers(self) -> dict[int, Callable[[pygame.event.Event], list[Intent]]]:
        return {
            pygame.KEYDOWN: self._key_down, pygame.KEYUP: self._key_up,
            pygame.MOUSEMOTION: self._mouse_motion, pygame.MOUSEBUTTONDOWN: self._mouse_down,
            pygame.CONTROLLERDEVICEADDED: lambda e: self._add_controller(e.device_index),
            pygame.CONTROLLERDEVICEREMOVED: self._controller_removed,
            pygame.CONTROLLERBUTTONDOWN: self._pad_down, pygame.CONTROLLERBUTTONUP: self._pad_up,
            pygame.CONTROLLERAXISMOTION: self._pad_axis,
            pygame.JOYDEVICEADDED: lambda e: self._add_joystick(e.device_index),
            pygame.JOYDEVICEREMOVED: self._joy_removed,
            pygame.JOYBUTTONDOWN: self._joy_down, pygame.JOYBUTTONUP: self._joy_up,
            pygame.JOYHATMOTION: self._joy_hat, pygame.JOYAXISMOTION: self._joy_axis,
        }

    def _press(self, device: str, kind: str, pos: tuple[int, int] | None = None) -> list[Intent]:
        if kind in DIRECTIONS:
            self._held[(device, kind)] = REPEAT_DELAY
        return [Intent(kind, device, pos)]

    def _release(self, device: str, kind: str) -> list[Intent]:
        self._held.pop((device, kind), None)
        return []

    def _key_down(self, event: pygame.event.Event) -> list[Intent]:
        self.last_kind = "keyboard"
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            return self._press(KEYBOARD, "undo")
        if event.key == pygame.K_RETURN and mods & pygame.KMOD_ALT:
            return self._press(KEYBOARD, "fullscreen")
        if event.key == pygame.K_q and mods & pygame.KMOD_CTRL and mods & pygame.KMOD_SHIFT:
            self._combos.setdefault(KEYBOARD, 0.0)  # the leave combo, not a page turn
            return []
        if getattr(event, "unicode", "") == "?" or (event.key == pygame.K_SLASH
                                                     and mods & pygame.KMOD_SHIFT):
            return self._press(KEYBOARD, "hint")  # "?" wherever the layout puts it
        kind = KEYS.get(event.key)
        return self._press(KEYBOARD, kind) if kind else []

    def _key_up(self, event: pygame.event.Event) -> list[Intent]:
        if event.key in COMBO_KEYS:
            self._combos.pop(KEYBOARD, None)
        kind = KEYS.get(event.key)
        return self._release(KEYBOARD, kind) if kind else []

    def _mouse_motion(self, event: pygame.event.Event) -> list[Intent]:
        pos = self.to_canvas(event.pos)
        if pos is None:
            return []
        rel = getattr(event, "rel", (9, 9))
        if abs(rel[0]) + abs(rel[1]) > 3:  # a nudged mouse should not flip the hints
            self.last_kind = "mouse"
        return [Intent("pointer", KEYBOARD, pos)]

    def _mouse_down(self, event: pygame.event.Event) -> list[Intent]:
        pos = self.to_canvas(event.pos)
        if pos is None or getattr(event, "touch", False):
            return []
        self.last_kind = "mouse"
        if event.button == 1:
            return [Intent("click", KEYBOARD, pos)]
        return [Intent("back", KEYBOARD, pos)] if event.button == 3 else []

    def _controller_removed(self, event: pygame.event.Event) -> list[Intent]:
        self._controllers.pop(event.instance_id, None)
        return self._remove(pad_device(event.instance_id))

    def _pad_down(self, event: pygame.event.Event) -> list[Intent]:
        device = pad_device(event.instance_id)
        self._seen(device)
        self.last_kind = "gamepad"
        held = self._buttons.setdefault(device, set())
        held.add(event.button)
        self._follow_combo(device, PAD_COMBO)
        self._follow_help(device, event.button, held, pygame.CONTROLLER_BUTTON_BACK)
        if event.button == pygame.CONTROLLER_BUTTON_START and pygame.CONTROLLER_BUTTON_BACK in held:
            return self._press(device, "fullscreen")  # Back+Start, Back held first
        kind = PAD_BUTTONS.get(event.button)
        return self._press(device, kind) if kind else []

    def _pad_up(self, event: pygame.event.Event) -> list[Intent]:
        device = pad_device(event.instance_id)
        self._buttons.get(device, set()).discard(event.button)
        self._follow_combo(device, PAD_COMBO)
        if event.button == pygame.CONTROLLER_BUTTON_BACK:
            return self._back_released(device)
        kind = PAD_BUTTONS.get(event.button)
        return self._release(device, kind) if kind else []

    def _pad_axis(self, event: pygame.event.Event) -> list[Intent]:
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        device = pad_device(event.instance_id)
        self._seen(device)
        return self._stick(device, event.axis == pygame.CONTROLLER_AXIS_LEFTY, event.value / 32767)

    def _stick(self, device: str, vertical: bool, value: float) -> list[Intent]:
        axes = self._sticks.setdefault(device, [0.0, 0.0])
        axes[1 if vertical else 0] = max(-1.0, min(1.0, value))
        old = self._stick_dir.get(device)
        new = _stick_direction(axes[0], axes[1], old)
        if new == old:
            return []
        self._stick_dir[device] = new
        if old:
            self._release(device, old)
        if not new:
            return []
        self.last_kind = "gamepad"
        return self._press(device, new)

    def _joy_removed(self, event: pygame.event.Event) -> list[Intent]:
        if event.instance_id in self._controllers:
            return []  # the controller's own REMOVED event covers it
        self._joysticks.pop(event.instance_id, None)
        return self._remove(joy_device(event.instance_id))

    def _is_controller(self, instance_id: int) -> bool:
        # SDL also reports a controller's raw joystick events: use only the named ones.
        return instance_id in self._controllers

    def _joy_down(self, event: pygame.event.Event) -> list[Intent]:
        if self._is_controller(event.instance_id):
            return []
        device = joy_device(event.instance_id)
        self._seen(device)
        self.last_kind = "gamepad"
        held = self._buttons.setdefault(device, set())
        held.add(event.button)
        self._follow_combo(device, JOY_COMBO)
        self._follow_help(device, event.button, held, JOY_BACK)
        if event.button == JOY_START and JOY_BACK in held:
            return self._press(device, "fullscreen")
        kind = JOY_BUTTONS.get(event.button)
        return self._press(device, kind) if kind else []

    def _joy_up(self, event: pygame.event.Event) -> list[Intent]:
        device = joy_device(event.instance_id)
        self._buttons.get(device, set()).discard(event.button)
        self._follow_combo(device, JOY_COMBO)
        return self._back_released(device) if event.button == JOY_BACK else []

    def _joy_hat(self, event: pygame.event.Event) -> list[Intent]:
        if self._is_controller(event.instance_id):
            return []
        device = joy_device(event.instance_id)
        self._seen(device)
        x, y = event.value
        for kind in DIRECTIONS:
            self._release(device, kind)
        kind = {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}.get((x, y))
        if kind is None:
            return []
        self.last_kind = "gamepad"
        return self._press(device, kind)

    def _joy_axis(self, event: pygame.event.Event) -> list[Intent]:
        if self._is_controller(event.instance_id) or event.axis > 1:
            return []
        device = joy_device(event.instance_id)
        self._seen(device)
        return self._stick(device, event.axis == 1, event.value)

    # -- Back: Help on a press of its own --------------------------------------------------------
    def _follow_help(self, device: str, button: int, held: set[int], back: int) -> None:
        """Arm Help when Back goes down alone; any other button joining it disarms it (Back+Start
        is fullscreen and the leave combo, never Help)."""
        if button == back and held == {back}:
            self._help_armed.add(device)
        else:
            self._help_armed.discard(device)

    def _back_released(self, device: str) -> list[Intent]:
        """Back released: Help if it was pressed on its own."""
        if device not in self._help_armed:
            return []
        self._help_armed.discard(device)
        return [Intent("help", device)]

    # -- the leave combo -----------------------------------------------------------------------
    def _follow_combo(self, device: str, combo: frozenset[int]) -> None:
        """Start timing when every combo button is down; stop when one comes up."""
        if combo <= self._buttons.get(device, set()):
            self._combos.setdefault(device, 0.0)
        else:
            self._combos.pop(device, None)

    def combo_progress(self) -> float:
        """How far (0..1) the longest-held leave combo is towards COMBO_HOLD."""
        return min(1.0, max(self._combos.values(), default=0.0) / COMBO_HOLD)

    def _combo_intents(self, dt: float) -> list[Intent]:
        """A "leave" intent for a combo that has just been held COMBO_HOLD seconds."""
        out = []
        for device, held in self._combos.items():
            if held < COMBO_HOLD <= held + dt:
                out.append(Intent("leave", device))
            self._combos[device] = held + dt
        return out

    # -- repeat ------------------------------------------------------------------------------
    def update(self, dt: float) -> list[Intent]:
        """Repeat intents for directions held down long enough; the held leave combo."""
        if not self._combos and not self._held:
            return []  # nothing held: the usual frame
        out = self._combo_intents(dt)
        for key, left in list(self._held.items()):
            left -= dt
            if left <= 0:
                out.append(Intent(key[1], key[0], repeat=True))
                left += REPEAT_RATE
                left = max(left, REPEAT_RATE / 2)  # a long frame must not burst many repeats
            self._held[key] = left
        return out

    def stop_repeats(self) -> None:
        """Held directions stop repeating until pressed again (the combo stays held)."""
        self._held.clear()

    def release_all(self) -> None:
        """Forget held keys (the window lost focus: their KEYUP will never come)."""
        self._held.clear()
        self._stick_dir.clear()
        self._sticks.clear()
        self._buttons.clear()
        self._combos.clear()
        self._help_armed.clear()
