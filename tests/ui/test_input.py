"""The input layer: synthetic pygame events become device-tagged intents."""

from __future__ import annotations

import pygame
import pytest
from conftest import key, pad

from game.ui.focus import hit, nearest
from game.ui.input import REPEAT_DELAY, REPEAT_RATE, InputMapper


@pytest.fixture
def mapper():
    pygame.init()
    return InputMapper(lambda pos: (pos[0] * 2, pos[1] * 2))


def kinds(intents):
    return [(i.kind, i.device) for i in intents]


def feed(mapper, events):
    return [i for e in events for i in mapper.process(e)]


def test_keyboard_keys(mapper):
    table = {pygame.K_UP: "up", pygame.K_a: "left", pygame.K_RETURN: "confirm",
             pygame.K_SPACE: "confirm", pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "back",
             pygame.K_p: "menu", pygame.K_TAB: "alt", pygame.K_u: "undo", pygame.K_q: "page_prev",
             pygame.K_e: "page_next", pygame.K_F11: "fullscreen"}
    for k, kind in table.items():
        assert kinds(feed(mapper, key(k))) == [(kind, "keyboard")]
    assert kinds(feed(mapper, key(pygame.K_z, pygame.KMOD_LCTRL))) == [("undo", "keyboard")]
    assert mapper.last_kind == "keyboard"


def test_controller_buttons_are_tagged_with_instance_id(mapper):
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_A, 42))) == [("confirm", "pad:42")]
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_B, 43))) == [("back", "pad:43")]
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT, 42))) == [("left", "pad:42")]
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_START, 42))) == [("menu", "pad:42")]
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_Y, 42))) == [("undo", "pad:42")]
    assert mapper.last_kind == "gamepad"
    assert mapper.is_connected("pad:42") and mapper.number("pad:43") == 2


def test_back_plus_start_toggles_fullscreen(mapper):
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5,
                              button=pygame.CONTROLLER_BUTTON_BACK)
    start = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5,
                               button=pygame.CONTROLLER_BUTTON_START)
    assert kinds(feed(mapper, [down, start])) == [("fullscreen", "pad:5")]


def test_hot_plug_add_remove_never_crashes(mapper):
    bogus = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99)
    assert feed(mapper, [bogus]) == []  # no such device: a warning, not a crash
    assert feed(mapper, [pygame.event.Event(pygame.JOYDEVICEADDED, device_index=99)]) == []
    feed(mapper, pad(pygame.CONTROLLER_BUTTON_A, 7))
    removed = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7)
    assert kinds(feed(mapper, [removed])) == [("disconnected", "pad:7")]
    assert not mapper.is_connected("pad:7")
    assert feed(mapper, [removed]) == []  # twice is harmless
    gone = pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=1234)
    assert feed(mapper, [gone]) == []


def test_held_direction_repeats(mapper):
    down = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3,
                              button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert kinds(feed(mapper, [down])) == [("down", "pad:3")]
    assert mapper.update(REPEAT_DELAY / 2) == []
    repeats = mapper.update(REPEAT_DELAY / 2 + 0.001)
    assert [(i.kind, i.repeat) for i in repeats] == [("down", True)]
    assert len(mapper.update(REPEAT_RATE)) == 1
    up = pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=3,
                            button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    feed(mapper, [up])
    assert mapper.update(1.0) == []


def test_stick_deadzone_and_direction(mapper):
    def axis(a, v):
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=9, axis=a, value=v)

    x, y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
    assert feed(mapper, [axis(x, 8000)]) == []  # inside the deadzone
    assert kinds(feed(mapper, [axis(x, 30000)])) == [("right", "pad:9")]
    assert feed(mapper, [axis(x, 31000)]) == []  # still right: no new press
    assert feed(mapper, [axis(x, 15000)]) == []  # hysteresis keeps it
    assert feed(mapper, [axis(x, 0)]) == []  # released
    assert kinds(feed(mapper, [axis(y, -32000)])) == [("up", "pad:9")]
    assert feed(mapper, [axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32000)]) == []


def test_joystick_fallback(mapper):
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=11, hat=0, value=(0, 1))
    assert kinds(feed(mapper, [hat])) == [("up", "joy:11")]
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=11, button=0)
    assert kinds(feed(mapper, [button])) == [("confirm", "joy:11")]
    removed = pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=11)
    assert kinds(feed(mapper, [removed])) == [("disconnected", "joy:11")]


def test_mouse_goes_through_canvas_mapping(mapper):
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(5, 5), buttons=(0, 0, 0))
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(30, 40), button=1)
    out = feed(mapper, [move, click])
    assert [(i.kind, i.pos) for i in out] == [("pointer", (20, 40)), ("click", (60, 80))]
    assert mapper.last_kind == "mouse"


def test_letterbox_mapping(app):
    # 480x270 window: the canvas is scaled by 0.25 with no bars.
    assert app.to_canvas((240, 135)) == (960, 540)
    pygame.display.set_mode((600, 270), pygame.RESIZABLE)  # wider: bars left and right
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(600, 270), w=600, h=270)],
             present=False)
    assert app.letterbox().x == 60
    assert app.to_canvas((10, 100)) is None
    assert app.to_canvas((60, 0)) == (0, 0)


def test_nearest_and_hit():
    rects = {k: pygame.Rect(x, y, 50, 50) for k, x, y in
             [("a", 0, 0), ("b", 100, 0), ("c", 100, 200), ("d", 0, 100)]}
    assert nearest(rects, "a", "right") == "b"
    assert nearest(rects, "a", "down") == "d"
    assert nearest(rects, "b", "down") == "c"
    assert nearest(rects, "a", "up") is None
    assert nearest(rects, None, "up") == "a"
    assert hit(rects, (110, 210)) == "c" and hit(rects, (500, 500)) is None


# -- Help and Hint ------------------------------------------------------------------------------
def button(down: bool, button_id: int, iid: int = 5) -> pygame.event.Event:
    """One controller button going down or up."""
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, instance_id=iid, button=button_id)


def test_help_and_hint_keys(mapper):
    assert kinds(feed(mapper, key(pygame.K_h))) == [("help", "keyboard")]
    assert kinds(feed(mapper, key(pygame.K_F1))) == [("help", "keyboard")]
    assert kinds(feed(mapper, key(pygame.K_SLASH, pygame.KMOD_LSHIFT))) == [("hint", "keyboard")]
    assert kinds(feed(mapper, key(pygame.K_SLASH))) == []  # a plain / is no question mark
    question = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_COMMA, mod=pygame.KMOD_LSHIFT,
                                  unicode="?", scancode=0)  # a layout with ? elsewhere
    assert kinds(feed(mapper, [question])) == [("hint", "keyboard")]


def test_pad_x_is_hint_and_a_short_back_press_is_help(mapper):
    assert kinds(feed(mapper, pad(pygame.CONTROLLER_BUTTON_X, 5))) == [("hint", "pad:5")]
    back = pygame.CONTROLLER_BUTTON_BACK
    assert kinds(feed(mapper, [button(True, back)])) == []  # Help waits for the release
    assert kinds(feed(mapper, [button(False, back)])) == [("help", "pad:5")]


def test_back_with_start_is_never_help_and_the_leave_combo_still_works(mapper):
    back, start = pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START
    pressed = feed(mapper, [button(True, back), button(True, start)])
    assert kinds(pressed) == [("fullscreen", "pad:5")]
    assert [i.kind for i in mapper.update(1.0)] == []
    assert [i.kind for i in mapper.update(2.05)] == ["leave"]  # held 3 s
    released = feed(mapper, [button(False, start), button(False, back)])
    assert "help" not in [i.kind for i in released]
    # Start first, then Back: a pause press and the combo, still no Help on release.
    pressed = feed(mapper, [button(True, start), button(True, back)])
    released = feed(mapper, [button(False, back), button(False, start)])
    assert kinds(pressed) == [("menu", "pad:5")] and released == []


def test_plain_joystick_help_and_hint(mapper):
    down = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, button=2)
    up = pygame.event.Event(pygame.JOYBUTTONUP, instance_id=9, button=2)
    assert kinds(feed(mapper, [down, up])) == [("hint", "joy:9")]
    back_down = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, button=6)
    back_up = pygame.event.Event(pygame.JOYBUTTONUP, instance_id=9, button=6)
    assert kinds(feed(mapper, [back_down, back_up])) == [("help", "joy:9")]
