"""The phone page in a real browser: headless Chromium (Debian's package, with its chromedriver)
driven by Selenium over loopback, the console's frames stepped by the test in between.

Skips, saying why, where no browser is installed; .ci/run installs Debian's chromium and
chromium-driver when they are missing, so CI runs these.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from .conftest import TTR, open_game

NSP, ENY = "next_station_paris", "explore_new_york"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

NO_BROWSER = ("browser tests need Debian's chromium and chromium-driver "
              "(apt-get install chromium chromium-driver; .ci/run installs them)")
if (CHROMIUM is None or CHROMEDRIVER is None) and os.environ.get("CI") == "true":
    raise RuntimeError(NO_BROWSER)  # CI must run them: .ci/run failed to install the browser
pytestmark = pytest.mark.skipif(CHROMIUM is None or CHROMEDRIVER is None, reason=NO_BROWSER)


def browser() -> Any:
    """A headless Chromium on a phone-sized window, with the system's own driver (nothing
    downloaded)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=390,844", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


@pytest.fixture
def phones(console) -> Iterator[Callable[[], Any]]:
    """Open phone browsers on the console's page (each closed afterwards)."""
    opened: list[Any] = []

    def open_phone() -> Any:
        driver = browser()
        opened.append(driver)
        driver.get(f"http://127.0.0.1:{console.companion.port}/?room={console.companion.code}")
        return driver

    yield open_phone
    for driver in opened:
        driver.quit()


def wait(app: Any, condition: Callable[[], Any], frames: int = 900) -> Any:
    """Step the console until `condition()` is truthy; its value."""
    for _ in range(frames):
        app.step([], 1 / 60, present=False)
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("the page never reached the state waited for")


def count(driver: Any, css: str) -> int:
    """How many enabled elements match `css` on the page now."""
    return driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(b => !b.disabled).length",
        css)


def tap(driver: Any, css: str) -> bool:
    """Tap the first enabled element matching `css` (found and tapped in one step: the page
    redraws its buttons whenever the console sends a view); False if there is none."""
    return driver.execute_script(
        "const b = [...document.querySelectorAll(arguments[0])].find(b => !b.disabled);"
        "if (!b) return false; b.click(); return true;", css)


def take_seat(app: Any, driver: Any, seat: int) -> None:
    """Tap the seat's button in the lobby and wait until the console gives the phone the seat."""
    wait(app, lambda: tap(driver, f'button.seat[data-seat="{seat}"]'))
    wait(app, lambda: any(h.seat == seat for h in app.companion.holders.values()))


def tap_first_option(app: Any, driver: Any) -> bool:
    """Tap the first option the page offers now; False if it offers none."""
    return tap(driver, "button.option")


def private_items(driver: Any) -> list[str]:
    """The texts of the page's private sections."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#private li')].map(li => li.textContent)")


def test_two_phones_play_a_ttr_turn_each_with_hands_hidden_from_the_tv(console, phones):
    game = open_game(console, TTR, seats=2)
    first, second = phones(), phones()
    take_seat(console, first, 0)
    take_seat(console, second, 1)
    # Each phone lists its own cards from its own view; the TV shows nobody's hand.
    for seat, driver in ((0, first), (1, second)):
        hand = game.match.view(seat).hands[seat]
        wait(console, lambda d=driver, h=hand: len(private_items(d)) >= sum(1 for n in h if n))
    assert game.viewer is None and game.curtain is None
    turn_takers = set()  # seats that answered a turn prompt (not just the setup tickets)
    while game.match.state.turn < 3:  # turns 1 and 2 played: one for each seat
        prompts = game.match.prompts()
        assert prompts, "the game stopped"
        seat, kind = prompts[0].player, prompts[0].kind
        driver = first if seat == 0 else second
        played = len(game.match.history)
        wait(console, lambda d=driver: tap_first_option(console, d))
        wait(console, lambda p=played: len(game.match.history) > p)
        assert game.match.history[played][0] == seat  # the tap played that phone's own seat
        if kind == "turn":
            turn_takers.add(seat)
        assert game.viewer is None and not game.human_prompts()  # never on the TV
    assert turn_takers == {0, 1}


def tap_target(driver: Any, scripted: bool = False) -> bool:
    """A real tap (Selenium's pointer click at its centre) on the first live target of the
    seat's sheet; False if the sheet offers none (or it was redrawn under the finger).
    `scripted`: a click event sent by the page's script (lighter on a loaded machine)."""
    if scripted:
        return driver.execute_script(
            "const h = document.querySelector('#sheet .target:not(.spent) .hit');"
            "if (!h) return false;"
            "h.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true;")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By

    try:
        hits = driver.find_elements(By.CSS_SELECTOR, "#sheet .target:not(.spent) .hit")
    except WebDriverException:
        return False
    for hit in hits[:12]:  # a target whose centre another one covers is passed over
        try:
            hit.click()
            return True
        except WebDriverException:
            continue
    return False


def tap_sheet_or_button(driver: Any, scripted: bool = False) -> str | None:
    """Tap a target on the sheet if it has one ("sheet"), else the first button ("button")."""
    if tap_target(driver, scripted):
        return "sheet"
    return "button" if tap(driver, "button.option") else None


def test_two_phones_play_a_next_station_round_by_tapping_their_sheets(console, phones):
    game = open_game(console, NSP, seats=2)
    first, second = phones(), phones()
    take_seat(console, first, 0)
    take_seat(console, second, 1)
    start_round = game.match.state.round
    moves = {0: 0, 1: 0}
    taps = {"sheet": 0, "button": 0}
    for _ in range(400):
        if game.match.is_over() or game.match.state.round != start_round:
            break
        waiting = {p.player for p in game.match.prompts()}
        played = len(game.match.history)
        for seat, driver in ((0, first), (1, second)):
            if seat in waiting:
                how = wait(console, lambda d=driver: tap_sheet_or_button(d))
                taps[how] += 1
        wait(console, lambda p=played: len(game.match.history) > p)
        for player, _ in game.match.history[played:]:
            if player is not None:
                moves[player] += 1
    assert game.match.state.round != start_round or game.match.is_over()
    assert moves[0] > 3 and moves[1] > 3  # both sheets were played from the phones
    assert taps["sheet"] > 4  # segments drawn by tapping stations, not by buttons
    for seat, driver in ((0, first), (1, second)):  # each phone draws its own lines only
        drawn = sum(len(line.links) for line in game.match.view(seat).lines[seat])
        wait(console, lambda d=driver, n=drawn: d.execute_script(
            "return document.querySelectorAll('#sheetsvg path[stroke-width=\"1.8\"]').length")
            == n)


def test_an_eny_phone_plays_a_turn_by_tapping_its_map(console, phones):
    game = open_game(console, ENY, seats=2)
    first, second = phones(), phones()
    take_seat(console, first, 0)
    take_seat(console, second, 1)
    drivers = {0: first, 1: second}
    kinds: dict[str, str] = {}  # prompt kind -> how seat 0 answered it
    while game.match.state.turn < 1:
        prompts = game.match.prompts()
        assert prompts, "the game stopped"
        played = len(game.match.history)
        for prompt in prompts:
            how = wait(console, lambda d=drivers[prompt.player]: tap_sheet_or_button(d, True))
            if prompt.player == 0:
                kinds[prompt.kind] = how
        wait(console, lambda p=played: len(game.match.history) > p)
    assert kinds.get("block") == "sheet" and kinds.get("link") == "sheet"
    assert game.match.view(0).sheets[0].links  # seat 0 drew on its map from the phone
    if os.path.isdir("/tmp/phones2"):  # for a person to look at (not part of the test)
        first.save_screenshot("/tmp/phones2/eny_phone.png")


def refused_after(app: Any, driver: Any, script: str) -> str:
    """Run `script` in the page; the text of the refusal the console shows for it."""
    driver.execute_script(f"document.getElementById('toast').hidden = true; {script};")
    wait(app, lambda: driver.execute_script("return !document.getElementById('toast').hidden"))
    return driver.execute_script("return document.getElementById('toast').textContent")


def test_a_hostile_page_is_refused_and_the_game_goes_on(console, phones):
    game = open_game(console, TTR, seats=2)
    honest, hostile = phones(), phones()
    take_seat(console, honest, 0)
    take_seat(console, hostile, 1)
    wait(console, lambda: count(hostile, "button.option"))
    before = list(game.match.history)
    send = "socket.send(JSON.stringify({t: 'choose', n: nonce(), version: 1, option: 0, "
    attacks = {
        "socket.send('{not json')": "could not be read",
        send + "seat: 0, token: token}))": "your own seat",  # another seat's action
        send + "seat: 1, token: 'forged'}))": "does not hold that seat",  # a forged secret
        "socket.send('x'.repeat(4000))": "too long",
    }
    for attack, words in attacks.items():
        assert words in refused_after(console, hostile, attack)
    assert game.match.history == before  # nothing of that was played
    # A real tap, then the very same message again: the replay is refused.
    hostile.execute_script("const real = socket.send.bind(socket);"
                           "socket.send = (m) => { window.lastSent = m; real(m); };")
    wait(console, lambda: tap_first_option(console, hostile))
    wait(console, lambda: len(game.match.history) > len(before))
    assert "already used" in refused_after(console, hostile, "socket.send(window.lastSent)")
    assert len(game.match.history) == len(before) + 1
    # A flood: slowed, then cut off; the page reconnects to its seat with its secret.
    assert "slow down" in refused_after(
        console, hostile, "for (let i = 0; i < 400; i++) socket.send('{\"t\": \"ping\"}')")
    wait(console, lambda: hostile.execute_script("return socket.readyState") == 1
         and len(console.companion.phones) == 2 and all(
             p.token for p in console.companion.phones.values()))
    # The honest phone plays on.
    played = len(game.match.history)
    wait(console, lambda: tap_first_option(console, honest))
    wait(console, lambda: len(game.match.history) > played)
    assert game.match.history[played][0] == 0  # (a chance outcome may follow it)
