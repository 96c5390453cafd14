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


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


def browser() -> Any:
    """A headless Chromium showing pages as a 390 x 844 phone does (a window cannot be made
    narrower than 500 pixels), with the system's own driver (nothing downloaded)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=390,844", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    return driver


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
        # On the latest view, tapped again if a tap went nowhere (a loaded machine once let a
        # tap land on a view one version old: refused as stale, and never tapped again)
        play_one_move(console, driver)
        assert game.match.history[played][0] == seat  # the tap played that phone's own seat
        if kind == "turn":
            turn_takers.add(seat)
        assert game.viewer is None and not game.human_prompts()  # never on the TV
    assert turn_takers == {0, 1}


# Where a real finger would land on the sheet's first live target (a bright one before a faint
# one): the middle of its hit shape in the page's pixels, if that point is inside the sheet and
# nothing else covers it there. `anywhere`: skip the cover check (a busy sheet's targets do not
# take taps until it is zoomed, the sheet itself does).
TARGET_POINT = """
const box = document.getElementById('sheetbox').getBoundingClientRect();
const live = [...document.querySelectorAll('#sheet .target:not(.spent):not(.faint) .hit'),
              ...document.querySelectorAll('#sheet .target.faint:not(.spent) .hit')];
for (const hit of live) {
  let p;
  if (hit.tagName === 'path') p = hit.getPointAtLength(hit.getTotalLength() / 2);
  else { const b = hit.getBBox(); p = {x: b.x + b.width / 2, y: b.y + b.height / 2}; }
  const m = hit.getScreenCTM();
  const x = m.a * p.x + m.c * p.y + m.e, y = m.b * p.x + m.d * p.y + m.f;
  if (x < box.left + 2 || x > box.right - 2 || y < box.top + 2 || y > box.bottom - 2) continue;
  const top = document.elementFromPoint(x, y);
  if (arguments[0] || (top && top.closest('.target') === hit.closest('.target')))
    return [Math.round(x), Math.round(y)];
}
return null;
"""


def pointer_tap(driver: Any, x: int, y: int) -> None:
    """A real pointer click (move, press, release) at page pixel (x, y)."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(x, y).click()
    actions.perform()


def tap_target(driver: Any) -> bool:
    """A real pointer tap on the sheet's first live target; a busy sheet (too many links to
    tell apart) is first tapped where that target is, which zooms in there. False when the
    sheet offers no target a finger can reach now."""
    if driver.execute_script("return document.querySelector('#sheetbox.dense:not(.zoomed)') "
                             "!== null"):
        point = driver.execute_script(TARGET_POINT, True)
        if point is None:
            return False
        pointer_tap(driver, *point)  # zooms in around the target
        if not driver.execute_script("return document.querySelector('#sheetbox.zoomed') "
                                     "!== null"):
            return False
    point = driver.execute_script(TARGET_POINT, False)
    if point is None:
        return False
    pointer_tap(driver, *point)
    return True


def tap_button(driver: Any) -> bool:
    """A real pointer tap on the first enabled option button; False if there is none."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "button.option")
               if b.is_enabled()]
    if not buttons:
        return False
    try:
        driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", buttons[0])
        ActionChains(driver).move_to_element(buttons[0]).click().perform()
    except WebDriverException:  # redrawn under the finger (a new view arrived): try again
        return False
    return True


def showing_latest(app: Any, driver: Any) -> bool:
    """True when the page shows the console's current view and has not been tapped since."""
    shown = driver.execute_script("return document.body.dataset.version")
    ready = "#sheet .target:not(.spent), button.option:enabled"
    return shown == str(app.companion.version) and count(driver, ready) > 0


def play_one_move(app: Any, driver: Any) -> str:
    """Tap (a real pointer) until the console applied a move; how: "sheet" or "button". The
    page must show the latest view first, and a tap that went nowhere (the page redrawn under
    it, a refusal, a loaded machine dropping an event) is simply tapped again."""
    from selenium.common.exceptions import WebDriverException

    played = len(app.stack.top.match.history)
    how = ""

    def moved() -> bool:
        nonlocal how
        if len(app.stack.top.match.history) > played:
            return True
        try:
            if showing_latest(app, driver):
                how = "sheet" if tap_target(driver) else "button" if tap_button(driver) else how
        except WebDriverException:
            pass  # the next frame looks again
        return False

    wait(app, moved, frames=1800)
    return how


def test_two_phones_play_a_next_station_round_by_tapping_their_sheets(console, phones):
    game = open_game(console, NSP, seats=2)
    first, second = phones(), phones()
    take_seat(console, first, 0)
    take_seat(console, second, 1)
    start_round = game.match.state.round
    moves = {0: 0, 1: 0}
    taps = {"sheet": 0, "button": 0}
    drivers = {0: first, 1: second}
    for _ in range(400):
        if game.match.is_over() or game.match.state.round != start_round:
            break
        seat = game.match.prompts()[0].player
        taps[play_one_move(console, drivers[seat])] += 1
        moves[seat] += 1
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
    faint = 0  # link targets seat 0's sheet showed dim (allowed, not pointed at)
    while game.match.state.turn < 1:
        prompts = game.match.prompts()
        assert prompts, "the game stopped"
        prompt = prompts[0]
        if prompt.player == 0 and prompt.kind == "link":
            wait(console, lambda: showing_latest(console, first))
            faint = max(faint, count(first, "#sheet .target.faint"))
        how = play_one_move(console, drivers[prompt.player])
        if prompt.player == 0:
            kinds.setdefault(prompt.kind, how)
    assert kinds.get("block") == "sheet" and kinds.get("link") == "sheet"
    assert faint > 0  # the first link: the block's sides bright, the rest of the roads dim
    assert game.match.view(0).sheets[0].links  # seat 0 drew on its map from the phone
    if os.path.isdir("/tmp/phones2"):  # for a person to look at (not part of the test)
        first.save_screenshot("/tmp/phones2/eny_phone.png")


def test_a_busy_sheet_zooms_in_where_it_is_tapped_and_then_a_tap_chooses(console, phones):
    from game.companion.phone_view import phone_state
    from game.companion.sheets import eny_sheet

    game = open_game(console, ENY, seats=2)
    driver = phones()
    take_seat(console, driver, 0)
    wait(console, lambda: driver.execute_script("return document.body.dataset.version")
         == str(console.companion.version))
    # A link anywhere: every one of the 80 roads is a target (the page alone is tested here:
    # what it sends is kept, not sent).
    state = phone_state(game, 0, True)
    _shapes, place = eny_sheet(game.match.rules, game.match.view(0))
    links = len(game.match.rules.board.links)
    state["options"] = [f"link {i}" for i in range(links)]
    state["sheet"]["targets"] = [{"o": i, **place(("link", i))} for i in range(links)]
    driver.execute_script("window.sent = []; socket.send = (m) => window.sent.push(JSON.parse(m));"
                          "showState(arguments[0]);", state)
    assert driver.execute_script("return document.querySelector('#sheetbox.dense') !== null")
    x, y = driver.execute_script(TARGET_POINT, True)
    pointer_tap(driver, x, y)  # zooms in there; chooses nothing
    assert driver.execute_script("return document.querySelector('#sheetbox.zoomed') !== null")
    assert driver.execute_script("return window.sent") == []
    x, y = driver.execute_script(TARGET_POINT, False)
    under = driver.execute_script(
        "return +document.elementFromPoint(arguments[0], arguments[1]).closest('.target')"
        ".dataset.option", x, y)
    pointer_tap(driver, x, y)
    sent = driver.execute_script("return window.sent")
    assert [(m["t"], m["option"]) for m in sent] == [("choose", under)]
    wait(console, lambda: tap(driver, "#zoom"))  # "Whole sheet"
    assert driver.execute_script("return document.querySelector('#sheetbox.zoomed') === null")


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
