"""Table modes and the focus model: which mode a game gets, switching open hands mid-game, and
focus slots built once per prompt rather than on every frame and press."""

from __future__ import annotations

import pygame
from conftest import pad

from game.engine.bots import BOT_KINDS
from game.engine.core import Option, Prompt
from game.scenes.game import GameScene
from game.scenes.hinting import HintDesk
from game.scenes.seating import SeatSpec
from game.scenes.table import CurtainTable, SharedTable, SplitTable, base
from game.scenes.table.focus import FocusModel
from game.scenes.table.host import HintHost, Seating
from game.ui.i18n import set_language

RIGHT, LEFT, A = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                  pygame.CONTROLLER_BUTTON_A)
CELL_TARGETS = {("cell", n): pygame.Rect(100 * n, 300, 80, 80) for n in range(1, 5)}


def race(app, *seats: SeatSpec) -> GameScene:
    """The fake race game on the stack, its pads seen (plugged in), run to a person's turn."""
    for spec in seats:
        if spec.device:
            app.step(pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, int(spec.device[4:])), present=False)
    game = GameScene(app, "fake_race", list(seats), seed=3)
    app.stack.reset(game)
    for _ in range(200):
        app.step([], present=False)
        if not game.renderer.busy() and game.human_prompts():
            break
    return game


class Only:
    """The game screen seen through one protocol: any other member read or set fails, so a
    table mode or hint desk built on this proxy uses nothing of the scene the protocol omits."""

    def __init__(self, target: GameScene, protocol: type) -> None:
        names = set()
        for cls in protocol.__mro__:
            if cls.__module__ == "game.scenes.table.host":
                names |= set(cls.__annotations__) | {n for n in vars(cls) if not n.startswith("_")}
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_names", names)

    def __getattr__(self, name: str):
        if name not in self._names:
            raise AttributeError(f"{name} is not in the protocol")
        return getattr(self._target, name)

    def __setattr__(self, name: str, value) -> None:
        if name not in self._names:
            raise AttributeError(f"{name} is not in the protocol")
        setattr(self._target, name, value)


def prompt_of(*options: Option) -> Prompt:
    return Prompt(0, "pick", "fake.prompt", options)


def test_each_way_of_sharing_the_screen_gets_its_table(app, fake_game):
    solo = race(app, SeatSpec("human", "pad:77"), SeatSpec("greedy"))
    assert type(solo.table) is SharedTable
    couple = race(app, SeatSpec("human", "pad:77"), SeatSpec("human", "pad:88"))
    assert type(couple.table) is CurtainTable
    app.settings.open_hands = True
    assert type(race(app, SeatSpec("human", "pad:77"), SeatSpec("human", "pad:88")).table) is (
        SharedTable)
    maps = GameScene(app, "next_station_paris", [SeatSpec("human"), SeatSpec("human")], seed=1)
    assert type(maps.table) is SplitTable and maps.curtain is None


def test_the_game_screen_is_what_table_modes_and_the_hint_desk_ask_for(app, fake_game):
    game = race(app, SeatSpec("human", "pad:77"), SeatSpec("greedy"))
    assert isinstance(game, Seating) and isinstance(game, HintHost)
    assert not isinstance(object(), Seating)


def test_table_modes_use_only_the_seating_protocol(app, fake_game):
    """Curtain, shared screen and split screen play, draw and undo through the protocol alone."""
    surface = pygame.Surface((1920, 1080))
    couple = race(app, SeatSpec("human", "pad:77"), SeatSpec("human", "pad:88"))
    couple.table = CurtainTable(Only(couple, Seating))
    couple.table.sync()
    assert couple.curtain is not None
    app.step(pad(A, 77 if couple.curtain == 0 else 88), present=False)  # lift the curtain
    assert couple.curtain is None
    for button in (RIGHT, LEFT, pygame.CONTROLLER_BUTTON_B, A):
        app.step(pad(button, 77 if couple.active == 0 else 88), present=False)
        couple.draw(surface)
    solo = race(app, SeatSpec("human", "pad:77"), SeatSpec("greedy"))
    solo.table = SharedTable(Only(solo, Seating))
    for button in (RIGHT, A, LEFT, A):
        app.step(pad(button, 77), present=False)
        solo.draw(surface)
    maps = GameScene(app, "next_station_paris", [SeatSpec("human", "pad:77"),
                                                  SeatSpec("human", "pad:88")], seed=1)
    app.stack.reset(maps)
    maps.table = SplitTable(Only(maps, Seating))
    for button in (RIGHT, A, LEFT, A):
        app.step(pad(button, 77) + pad(button, 88), present=False)
        maps.draw(surface)
    assert maps.match.history  # the split maps took answers through the protocol


def test_the_hint_desk_uses_only_its_protocol(app, fake_game):
    game = race(app, SeatSpec("human", "pad:77"), SeatSpec("greedy"))
    game.hint_desk.close()
    game.hint_desk = HintDesk(Only(game, HintHost))
    assert game.hint_desk.request(0)
    for _ in range(600):
        app.step([], present=False)
        if game.hint_desk.current(0) is not None:
            break
    assert game.hint_desk.current(0) is not None and game.seats[0].hints == 1
    game.draw(pygame.Surface((1920, 1080)))


def test_switching_open_hands_mid_game_lifts_or_drops_the_curtain(app, fake_game):
    game = race(app, SeatSpec("human", "pad:77"), SeatSpec("human", "pad:88"))
    assert game.curtain is not None and game.viewer is None
    app.settings.open_hands = True
    app.step([], present=False)
    assert type(game.table) is SharedTable and game.curtain is None
    assert game.viewer == game.active is not None  # the hand shows without a curtain
    app.settings.open_hands = False
    app.step([], present=False)
    assert type(game.table) is CurtainTable and game.curtain == game.active
    assert game.viewer is None


def test_the_focus_model_is_built_once_per_prompt(app, fake_game, monkeypatch):
    built: list[Prompt] = []

    class CountingModel(FocusModel):
        def __init__(self, prompt, targets, label_cap):
            built.append(prompt)
            super().__init__(prompt, targets, label_cap)

    monkeypatch.setattr(base, "FocusModel", CountingModel)
    game = race(app, SeatSpec("human", "pad:77"), SeatSpec("greedy"))
    prompt = game.match.prompt_for(0)
    assert prompt is not None
    for button in (RIGHT, RIGHT, LEFT, RIGHT, LEFT, LEFT) * 3:  # 18 presses, 54 frames
        app.step(pad(button), present=False)
        app.step([], present=False)
        app.step([], present=False)
    assert game.match.prompt_for(0) is prompt and game.focus[0] is not None
    assert sum(p is prompt for p in built) == 1
    app.step(pad(A), present=False)
    assert game.match.prompt_for(0) is not prompt


def test_options_with_a_target_of_their_own_are_board_slots_the_rest_bar_buttons(app):
    shared_target = ("cell", 3)
    prompt = prompt_of(Option(1, ("cell", 1), "pause.resume"), Option(2, ("cell", 9)),
                       Option(3, shared_target), Option(4, shared_target), Option(5, None))
    model = FocusModel(prompt, CELL_TARGETS, 520)
    assert list(model.board) == [("board", ("cell", 1))]
    assert model.bar == [1, 2, 3, 4]  # not drawn, shared (twice), no target
    assert list(model.options) == [("board", ("cell", 1)), ("bar", 1), ("bar", 2), ("bar", 3),
                                   ("bar", 4)]
    assert model.labels[1] == "2" and model.options[("bar", 4)].action == 5


def test_a_model_fits_until_the_prompt_the_layout_or_the_language_changes(app):
    prompt = prompt_of(Option(1, ("cell", 1)), Option(2, None, "pause.resume"))
    model = FocusModel(prompt, CELL_TARGETS, 520)
    assert model.fits(prompt, dict(CELL_TARGETS)) and model.labels[1] == "Resume"
    assert not model.fits(prompt_of(*prompt.options), CELL_TARGETS)  # an equal, newer prompt
    moved = {**CELL_TARGETS, ("cell", 1): pygame.Rect(0, 0, 10, 10)}
    assert not model.fits(prompt, moved)
    assert model.fits(prompt, {**CELL_TARGETS, ("cell", 4): pygame.Rect(0, 0, 1, 1)})
    try:
        set_language("es")
        assert not model.fits(prompt, CELL_TARGETS)
        assert FocusModel(prompt, CELL_TARGETS, 520).labels[1] == "Continuar"
    finally:
        set_language("en")


def test_bar_placement_is_computed_once_per_placement(app):
    model = FocusModel(prompt_of(Option(1, None, "pause.resume")), CELL_TARGETS, 520)
    placed = []

    def place():
        placed.append(1)
        return {0: pygame.Rect(5, 5, 50, 20)}

    first = model.slots(("zone", None), place)
    assert model.slots(("zone", None), place) is first and len(placed) == 1
    assert model.slots(("zone", 0), place)[("bar", 0)] == pygame.Rect(5, 5, 50, 20)
    assert len(placed) == 2


def test_seats_are_looked_at_once_per_draw_and_again_in_the_next(app, fake_game):
    """Who plays here is worked out once per App.draw (its damage report and passes ask several
    times; nothing changes hands while it draws): a seat taken over between two draws, or
    outside any, is seen at once."""
    game = race(app, SeatSpec("human", "pad:77"), SeatSpec(BOT_KINDS[0]))
    app.canvas.frame = object()  # a draw under way
    assert game.humans() == [0]
    game.seats[1] = SeatSpec("human", "pad:88")
    assert game.humans() == [0]  # the same draw: as it began
    app.canvas.frame = object()  # the next draw
    assert game.humans() == [0, 1]
    app.canvas.frame = None  # between draws: every question looks
    assert game.humans() == [0, 1]
    game.seats[0] = SeatSpec(BOT_KINDS[0])
    assert game.humans() == [1]


def test_only_the_split_table_says_it_is_one():
    """The damage report tells a split table by its SPLIT flag (an isinstance on the Table ABC
    is slow, and asked every frame): the flag must be what the class is."""
    for mode in (SharedTable, CurtainTable, SplitTable, base.Table):
        assert mode.SPLIT is issubclass(mode, SplitTable), mode.__name__
