"""In-game Help and Hints, headless, through the real input layer (synthetic pad and keys).

Help: every prompt kind a listed game's engine asks (collected from seeded bot games) has its
text in English and Spanish that fits the panel; the Help button opens the panel over the game,
changes neither the match nor the autosave, and any button closes it. Hints: the Hint button
moves the asking seat's focus to exactly the Normal bot's choice, counts it, and the count
survives the autosave; the setting switches the button off.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pygame
import pytest
from conftest import key, pad

from game.engine.bots import GreedyBot, seat_bots
from game.engine.capabilities import capability
from game.engine.core import Config
from game.engine.hints import ONLY_MOVE, TIED_MOVE, Advisor, Reason, Scored
from game.engine.match import Match
from game.engine.registry import game_ids, get_game
from game.scenes import game_paint
from game.scenes.game import GameScene
from game.scenes.help_panel import HelpPanel, body_fits, help_key
from game.scenes.results import ResultsScene
from game.scenes.seating import SeatSpec
from game.ui import settings as store
from game.ui.i18n import LANGUAGES, Translator, load_catalog, string_files, t

GAMES = game_ids(with_scene=True)
PAD_ID = 77
DEVICE = f"pad:{PAD_ID}"
X, A, BACK = (pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_A,
              pygame.CONTROLLER_BUTTON_BACK)
SEEDS = (1, 2)


@cache
def asked_kinds(game_id: str) -> frozenset[str]:
    """Every prompt kind seeded bot games ask: random bots at every player count and option
    subset (they wander into rare prompts), and one greedy game with every option on (it plays
    on into the late game)."""
    info = get_game(game_id)
    subsets = [c for r in range(len(info.options) + 1)
               for c in itertools.combinations(sorted(info.options), r)]
    shapes = [(players, options, seed, "random") for players, options, seed in itertools.product(
        range(info.min_players, info.max_players + 1), subsets, SEEDS)]
    shapes.append((max(2, info.min_players), tuple(sorted(info.options)), SEEDS[0], "greedy"))
    kinds: set[str] = set()
    for players, options, seed, bot_kind in shapes:
        kinds |= kinds_in_game(game_id, players, options, seed, bot_kind)
    return frozenset(kinds)


def kinds_in_game(game_id: str, players: int, options: tuple[str, ...], seed: int,
                  bot_kind: str) -> set[str]:
    """The prompt kinds one seeded bot game asks."""
    rules = get_game(game_id).make_rules()
    match = Match(rules, Config(players, tuple((o, True) for o in options)), seed)
    bots = seat_bots([bot_kind] * players, game_id, seed)
    kinds = set()
    while not match.is_over():
        match.resolve_chance()
        prompts = match.prompts()
        kinds.update(p.kind for p in prompts)
        if prompts:
            prompt = prompts[0]
            action = bots[prompt.player].choose(rules, match.view(prompt.player), prompt)
            match.apply(prompt.player, action)
    return kinds


# -- help texts ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_prompt_kind_has_help_in_both_languages_that_fits_the_panel(game_id):
    pygame.font.init()
    assert get_game(game_id).declares("prompt_help")
    strings = load_catalog(string_files())
    kinds = asked_kinds(game_id)
    assert len(kinds) >= 3, "the bot games asked too little to check anything"
    for lang in LANGUAGES:
        missing = [k for k in sorted(kinds) if f"{game_id}.help.{k}" not in strings[lang]]
        assert not missing, f"[{lang}] {game_id}: no help for prompt kinds {missing}"
        translator = Translator(strings, lang)
        long = [k for k in kinds if not body_fits(translator.t(f"{game_id}.help.{k}"))]
        assert not long, f"[{lang}] {game_id}: help too long for the panel: {long}"


def test_a_room_without_the_capability_gets_the_generic_help():
    match = Match(get_game("example_dice").make_rules(), Config(2), 1)
    match.resolve_chance()
    prompt = match.prompts()[0]
    assert not get_game("example_dice").declares("prompt_help")
    assert help_key("example_dice", prompt) == "help.generic"
    assert help_key("example_dice", None) == "help.no_prompt"


# -- a game on screen --------------------------------------------------------------------------
def show_game(app, game_id: str, seats: list[SeatSpec], seed: int) -> GameScene:
    """The game screen on top, with instant animations."""
    app.settings.animation_speed = "instant"
    game = GameScene(app, game_id, seats, seed)
    app.stack.reset(game)
    app.stack.apply()
    return game


def open_game(app, game_id: str, seed: int = 4) -> GameScene:
    """A person on pad PAD_ID against greedy bots, at the person's prompt."""
    players = max(2, get_game(game_id).min_players)
    seats = [SeatSpec("human", DEVICE)] + [SeatSpec("greedy") for _ in range(players - 1)]
    game = show_game(app, game_id, seats, seed)
    wait_for_turn(app, game)
    return game


def two_people(app, game_id: str, seed: int) -> GameScene:
    """Two people on pads 1 and 2."""
    return show_game(app, game_id, [SeatSpec("human", "pad:1"), SeatSpec("human", "pad:2")],
                     seed)


def step_until(app, done, what: str, frames: int = 3000) -> None:
    """Frames (a millisecond apart: the hint worker thinks on its own thread) until `done()`."""
    for _ in range(frames):
        if done():
            return
        app.step([], 1 / 60, present=False)
        pygame.time.wait(1)
    raise AssertionError(f"{what} never happened")


def wait_for_turn(app, game: GameScene) -> None:
    """Frames until seat 0 decides and its prompt is on screen."""
    step_until(app, lambda: 0 in game.table.focus_seats(), "seat 0's prompt")


def wait_for_hint(app, game: GameScene, seat: int = 0) -> None:
    """Frames until the hint worker's answer for the seat is shown."""
    step_until(app, lambda: game.hint_desk.current(seat) is not None, "the hint")


def autosave_bytes() -> bytes:
    return store.autosave_path().read_bytes()


@pytest.mark.parametrize("game_id", GAMES)
def test_help_button_explains_the_prompt_and_changes_nothing(app, game_id):
    game = open_game(app, game_id)
    prompt = game.match.prompt_for(0)
    presses = [pad(BACK, PAD_ID), key(pygame.K_h), key(pygame.K_F1)]
    for press, close in zip(presses, [pad(A, PAD_ID), key(pygame.K_ESCAPE), pad(X, PAD_ID)]):
        app.step(press, 1 / 60, present=False)
        panel = app.stack.top
        assert isinstance(panel, HelpPanel) and panel.prompt == prompt
        assert panel.text() == t(f"{game_id}.help.{prompt.kind}")
        history, saved = list(game.match.history), autosave_bytes()
        for _ in range(30):  # under the panel the game is frozen: no bot moves either
            app.step([], 1 / 60, present=False)
        app.step(close, 1 / 60, present=False)  # any button closes, and does nothing else
        assert app.stack.top is game
        assert game.match.history == history and autosave_bytes() == saved
        assert game.match.prompt_for(0) == prompt
    assert game.seats[0].hints == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_hint_button_focuses_the_greedy_bots_choice_and_counts_it(app, game_id):
    game = open_game(app, game_id)
    prompt = game.match.prompt_for(0)
    expected = GreedyBot(get_game(game_id).heuristic(), random.Random(game.match.seed)).choose(
        game.match.rules, game.match.view(0), prompt)
    app.step(pad(X, PAD_ID), 1 / 60, present=False)
    wait_for_hint(app, game)
    hint = game.hint_desk.current(0)
    assert hint.action == expected
    _, options = game.slots(0)
    assert options[game.focus_of(0)].action == expected  # the focus went to it
    assert game.seats[0].hints == 1
    assert ("hint", "hint.hint") in game.table.hints()
    app.step(key(pygame.K_SLASH, pygame.KMOD_LSHIFT), 1 / 60, present=False)  # asked again
    assert game.seats[0].hints == 1  # the same prompt's hint is counted once
    before = len(game.match.history)
    app.step(pad(A, PAD_ID), 1 / 60, present=False)  # confirm plays the hinted move
    assert tuple(game.match.history[before]) == (0, expected)
    assert game.hint_desk.current(0) is None  # spent once the seat has answered


def test_hint_count_survives_save_and_continue(app):
    game = open_game(app, "ticket_to_ride_paris")
    app.step(pad(X, PAD_ID), 1 / 60, present=False)
    wait_for_hint(app, game)
    match, seats = store.load_autosave()
    assert seats[0] == {"kind": "human", "hints": 1}
    assert match.history == game.match.history
    app.step(pad(A, PAD_ID), 1 / 60, present=False)  # the journal goes on after the new header
    assert store.load_autosave()[0].history == game.match.history
    specs = [SeatSpec.from_json(s) for s in seats]
    assert [s.hints for s in specs] == [1, 0]
    again = app.open("game", match.game_id, specs, match.seed, match=match)
    assert again.seats[0].hints == 1
    again.exit()
    results = ResultsScene(app, match.game_id, match, specs, ["Player 1", "Bot 2"])
    assert results.chart_name(0) == "Player 1 · 1 hint" and results.chart_name(1) == "Bot 2"


def test_a_damaged_hint_count_loads_as_zero():
    for bad in (-1, True, 2.0, "3", 10**9, None):
        assert SeatSpec.from_json({"kind": "human", "hints": bad}).hints == 0
    assert SeatSpec.from_json({"kind": "human", "hints": 4}).hints == 4


def test_hints_setting_off_disables_the_button_and_its_bar_hint(app):
    app.settings.hints = False
    game = open_game(app, "french_quarter")
    assert ("hint", "hint.hint") not in game.table.hints()
    assert ("help", "hint.help") in game.table.hints()
    app.step(pad(X, PAD_ID), 1 / 60, present=False)
    for _ in range(30):
        app.step([], 1 / 60, present=False)
    assert not game.hint_desk.worker.busy() and game.hint_desk.current(0) is None
    assert game.seats[0].hints == 0


def test_split_screen_hints_the_pressing_seat(app):
    game = two_people(app, "next_station_paris", 3)
    step_until(app, lambda: set(game.table.focus_seats()) == {0, 1}, "both prompts")
    app.step(pad(X, 2), 1 / 60, present=False)
    wait_for_hint(app, game, seat=1)
    assert game.hint_desk.current(0) is None
    assert [s.hints for s in game.seats] == [0, 1]


# -- the advisor ------------------------------------------------------------------------------
def test_advisor_reasons(app):
    match = Match(get_game("example_dice").make_rules(), Config(2), 1)
    match.resolve_chance()
    prompt = match.prompts()[0]
    n = len(prompt.options)
    assert n > 1

    def flat(rules, view, p):
        return [0.0] * len(p.options)

    def scored(rules, view, p):
        return Scored([float(i) for i in range(len(p.options))],
                      [Reason("why", (("i", i),)) for i in range(len(p.options))])

    view = match.view(prompt.player)
    tie = Advisor(flat, 1).choose(match.rules, view, prompt)
    assert tie.reason == Reason(TIED_MOVE, (("count", n),))
    best = Advisor(scored, 1).choose(match.rules, view, prompt)
    assert best.index == n - 1 and best.reason == Reason("why", (("i", n - 1),))
    single = prompt.__class__(prompt.player, prompt.kind, prompt.message, prompt.options[:1])
    assert Advisor(flat, 1).choose(match.rules, view, single).reason == Reason(ONLY_MOVE)

    def room(rules, view, p, index):  # the room's own reason for the chosen move wins
        return Reason("room", (("index", index),)) if index else None

    assert Advisor(scored, 1, room).choose(match.rules, view, prompt).reason == Reason(
        "room", (("index", n - 1),))
    assert Advisor(flat, 1, room).choose(match.rules, view, single).reason == Reason(ONLY_MOVE)
    with pytest.raises(ValueError):
        Scored([1.0, 2.0], [None])


def test_under_the_curtain_help_and_hint_reveal_nothing(app):
    game = two_people(app, "ticket_to_ride_paris", 5)
    step_until(app, lambda: game.curtain is not None, "the curtain")
    assert game.table.focus_seats() == []
    app.step(pad(X, 1), 1 / 60, present=False)
    assert not game.hint_desk.wanted and not game.hint_desk.worker.busy()
    app.step(pad(BACK, 1), 1 / 60, present=False)
    panel = app.stack.top
    assert isinstance(panel, HelpPanel) and panel.prompt is None
    assert panel.text() == t("help.no_prompt")


# -- where the reason goes ---------------------------------------------------------------------
def test_the_callout_goes_below_unless_that_covers_the_target_or_what_to_keep_clear():
    target = pygame.Rect(800, 400, 200, 100)
    below = game_paint.callout_box((300, 80), target)
    assert below.top == target.bottom + game_paint.CALLOUT_GAP
    under = pygame.Rect(700, 500, 400, 200)  # another choice just under the target
    above = game_paint.callout_box((300, 80), target, [under])
    assert above.bottom == target.top - game_paint.CALLOUT_GAP
    title = pygame.Rect(700, 250, 400, 120)  # and a title above it
    beside = game_paint.callout_box((300, 80), target, [under, title])
    assert not beside.colliderect(target) and not beside.collidelistall([under, title])
    column = pygame.Rect(1010, 0, 300, 1000)  # text to keep clear on the right: flush right
    flush = game_paint.callout_box((400, 80), target, [], [column])
    assert flush.right == target.right and flush.top > target.bottom
    low = pygame.Rect(800, 930, 200, 60)  # at the foot of the board: kept on it, above
    assert game_paint.callout_box((300, 80), low).bottom == low.top - game_paint.CALLOUT_GAP


@pytest.mark.parametrize("game_id, seed, room_for_all", [("ticket_to_ride_paris", 4, True),
                                                         ("explore_new_york", 4, False),
                                                         ("urban_sprawl", 4, False)])
def test_the_hint_reason_leaves_the_renderers_titles_and_other_choices_readable(
        app, game_id, seed, room_for_all):
    """Ticket to Ride's ticket choice keeps its title plate and the other tickets clear;
    Explore New York keeps its card column (its map is all choices: some cell is covered);
    Urban Sprawl's first building, in the city's corner, keeps the election track's offices."""
    game = open_game(app, game_id, seed)
    app.step(pad(X, PAD_ID), 1 / 60, present=False)
    wait_for_hint(app, game)
    hint = game.hint_desk.current(0)
    rects, _ = game.slots(0)
    target = rects[game.hint_desk.slot(0, hint)]
    box = game.hint_desk.callout_rect(0, hint, target)
    keep = capability(game.renderer, "keep_clear")()
    assert keep and not box.collidelistall(keep)
    assert not box.colliderect(target)
    if room_for_all:
        assert not box.collidelistall([r for r in rects.values() if r != target])
