"""What a French Quarter player reads: every string fits its place in English and Spanish, no
text is under 24 px, the artist codes and the map's blue values are explained, scores read as
points, the boxes a player marks are large enough to see, and no map label hides anything."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import RandomBot
from game.engine.core import Config
from game.engine.match import Match
from game.games.french_quarter import (
    cards_panel,
    layout,
    map_layout,
    map_panel,
    marks,
    scene,
    sheet_art,
    sheet_panel,
    sprites,
)
from game.games.french_quarter.board import ACTIVITIES, ARTISTS
from game.games.french_quarter.rules import FrenchQuarter
from game.games.french_quarter.scene import FQRenderer
from game.games.french_quarter.sheet_panel import points
from game.ui import i18n, paint, theme
from game.ui.board_api import BOARD_RECT, CANVAS_SIZE
from game.ui.geometry import outside, overlaps
from tests.games.plural_forms import abbreviated_points, plural_after_one

BOTH = (("mayor", True), ("tourism", True))
# (players, options): solo, the widest card row (3-4 players and the Mayor card), Tourism
CONFIGS = ((1, BOTH), (2, (("tourism", True),)), (3, (("mayor", True),)), (4, BOTH))
FLOOR = 24  # px: the smallest line of text a player must read at 1080p


def seat_names(players: int) -> list[str]:
    """The app's names for human seats ("Player 4", "Jugador 4": longer than the bots')."""
    return [i18n.t("seat.player", n=i + 1) for i in range(players)]


@pytest.fixture(scope="module")
def rules() -> FrenchQuarter:
    pygame.init()
    return FrenchQuarter()


@contextmanager
def language(lang: str) -> Iterator[None]:
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n.set_language("en")


@contextmanager
def recording(monkeypatch) -> Iterator[dict]:
    """Record every text drawn (theme.text), every fitted text that had to be cut (layout.fit)
    and the height of every font asked for; caches are emptied first so nothing is skipped."""
    seen: dict = {"texts": set(), "cut": set(), "heights": set()}
    for module in (theme, paint, sprites, scene, map_layout, marks):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    font, text, fit = theme.font, theme.text, layout.fit

    def font_hook(size: int, bold: bool = False) -> pygame.font.Font:
        made = font(size, bold)
        seen["heights"].add((made.get_height(), size))
        return made

    def text_hook(message: str, *args, **kwargs) -> pygame.Surface:
        seen["texts"].add(message)
        return text(message, *args, **kwargs)

    def fit_hook(message: str, size: int, max_w: int, color, bold: bool = False):
        if theme.font(size, bold).size(message)[0] * layout.SQUEEZE > max_w:
            seen["cut"].add((message, max_w))
        return fit(message, size, max_w, color, bold)

    monkeypatch.setattr(theme, "font", font_hook)
    monkeypatch.setattr(theme, "text", text_hook)
    for module in (layout, map_panel, cards_panel, sheet_art, sheet_panel):  # all that fit
        monkeypatch.setattr(module, "fit", fit_hook)
    yield seen


def shown_states(rules, players: int, options: tuple, seed: int = 3, every: int = 9):
    """A renderer showing a random game at its start, every few steps and at its end, seen by
    each seat in turn (each gets the large sheet and the panels of the others)."""
    match = Match(rules, Config(players, options), seed)
    renderer = FQRenderer(rules, match.config, seat_names(players))
    bots = {i: RandomBot(random.Random(seed * 10 + i)) for i in range(players)}
    canvas = pygame.Surface(CANVAS_SIZE)
    steps = 0
    while True:
        match.resolve_chance()
        if steps % every == 0 or match.is_over():
            viewer = steps % players
            renderer.reset(match.view(viewer), viewer)
            renderer.refresh()
            renderer.draw(canvas, None, None)
            yield renderer, match
        if match.is_over():
            return
        prompt = match.prompts()[0]
        view = match.view(prompt.player)
        match.apply(prompt.player, bots[prompt.player].choose(rules, view, prompt))
        steps += 1


def draw_everything(rules, monkeypatch, lang: str) -> dict:
    """Every config's game drawn in one language, recording what was drawn."""
    with language(lang), recording(monkeypatch) as seen:
        for players, options in CONFIGS:
            for _ in shown_states(rules, players, options):
                pass
    return seen


@pytest.fixture(scope="module", params=["en", "es"])
def drawn(rules, request) -> tuple[str, dict]:
    with pytest.MonkeyPatch.context() as monkeypatch:
        return request.param, draw_everything(rules, monkeypatch, request.param)


def test_every_string_fits_its_place(drawn):
    lang, seen = drawn
    assert not seen["cut"], f"{lang}: cut to fit: {sorted(seen['cut'])}"


def test_no_text_is_under_24_px(drawn):
    lang, seen = drawn
    small = sorted((h, size) for h, size in seen["heights"] if h < FLOOR)
    assert not small, f"{lang}: lines under {FLOOR} px (height, size): {small}"
    assert FLOOR in {h for h, _ in seen["heights"]}  # the floor is used: the hook sees it all


def test_the_artist_codes_have_a_key_on_the_sheet(drawn):
    lang, seen = drawn
    with language(lang):
        for artist in ARTISTS:
            assert i18n.t(f"french_quarter.option.artist.{artist}") in seen["texts"], artist
            assert i18n.t(f"french_quarter.scene.abbr.{artist}") in seen["texts"], artist


def test_the_blue_numbers_on_the_map_are_explained(drawn):
    lang, seen = drawn
    with language(lang):
        notes = {i18n.t("french_quarter.scene.map_values", name=n) for n in seat_names(4)}
    assert notes & seen["texts"]


def test_the_blue_w_on_a_building_is_explained(drawn):
    lang, seen = drawn
    with language(lang):
        start = i18n.t("french_quarter.scene.map_values", name="")[:12]
    notes = [text for text in seen["texts"] if text.startswith(start)]
    assert notes and all("W" in note for note in notes)


def test_the_sheet_symbols_have_a_key(drawn):
    """B, ×, B× on the meters and the artist meter's M and points boxes: each has its meaning
    written under the artists' key."""
    lang, seen = drawn
    with language(lang):
        meanings = {i18n.t(f"french_quarter.scene.key.{k}")
                    for k in ("bonus", "mult", "either", "map", "points")}
    assert all("." not in m for m in meanings)  # real words, not raw keys
    assert meanings <= seen["texts"]


def test_the_multipliers_are_in_body_text(rules, monkeypatch):
    """The ×0 … ×5 a meter reached (what its street's buildings are multiplied by) are body
    text: at the 28 px floor their × and digits were ~18 px of ink."""
    match = Match(rules, Config(2), 4)
    match.resolve_chance()
    renderer = FQRenderer(rules, match.config, seat_names(2))
    sizes, real = [], theme.text

    def recording(message: str, size: int = theme.BODY_SIZE, *args, **kwargs):
        if re.fullmatch(r"×\d", message):
            sizes.append(size)
        return real(message, size, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    sheet = match.state.sheets[0]
    for a in range(len(ACTIVITIES)):
        renderer.sheet.art.extra_pieces(a, sheet.crossed, sheet.mults[a], sheet.bonuses[a])
    assert len(sizes) == len(ACTIVITIES)
    assert min(theme.font(size, True).get_height() for size in sizes) >= 30


def test_the_artist_meter_rewards_are_as_wide_as_their_boxes(rules, monkeypatch):
    """An activity or umbrella reward on the artist meter is an icon 30 px or more across (it
    was 24 px, its glyph ~14 px)."""
    asked: set[tuple[str, int]] = set()
    real = sprites.icon

    def recording(name: str, size: int) -> pygame.Surface:
        asked.add((name, size))
        return real(name, size)

    renderer = FQRenderer(rules, Config(2), seat_names(2))
    monkeypatch.setattr(sprites, "icon", recording)
    renderer.sheet.rebuild()
    rewards = {r for r in rules.board.artist_meter if r in (*ACTIVITIES, "umbrella")}
    assert rewards
    for reward in rewards:
        assert max(size for name, size in asked if name == reward) >= 30, reward


def test_vacation_cards_are_named_in_the_players_language(rules):
    board = rules.board
    with language("es"):
        names = [i18n.t(f"french_quarter.vacation.{v.id}") for v in board.vacations]
        key = f"french_quarter.vacation.{board.vacations[1].id}"
        shown = i18n.t("french_quarter.detail.vacation", card=key)  # as the results show it
    assert not any(n.startswith("french_quarter.") for n in names)
    assert board.vacations[1].name not in shown and names[1] in shown


def test_riverwalk_reads_in_spanish():
    with language("es"):
        assert "Riverwalk" not in scene.t("riverwalk", count=1)


@pytest.mark.parametrize("lang,one,two", [("en", "1 point", "2 points"),
                                           ("es", "1 punto", "2 puntos")])
def test_a_score_reads_as_points_in_the_singular_and_the_plural(lang, one, two):
    with language(lang):
        assert (points(1), points(2)) == (one, two)


def test_a_panel_score_reads_as_points(rules, monkeypatch):
    with recording(monkeypatch) as seen:
        for renderer, _ in shown_states(rules, 3, (), seed=5, every=25):
            others = [s for s in range(3) if s != renderer.large]
            for seat in others:  # "23 points", never a bare "23" (nor the cut "23 ptos")
                assert points(renderer.totals[seat]) in seen["texts"]


def test_the_boxes_a_player_marks_are_large_enough_to_see(rules):
    for players, options in CONFIGS:
        renderer = FQRenderer(rules, Config(players, options), seat_names(players))
        for rect in renderer.sheet.art.umb_rects + renderer.sheet.art.line_rects + renderer.sheet.art.art_meter:
            assert min(rect.size) >= 30  # a tick seen from the sofa (26 px boxes read as ~20)
        rows = [renderer.sheet.art.umb_rects, renderer.sheet.art.line_rects, renderer.sheet.art.art_meter]
        for boxes in rows:  # apart from each other and inside the sheet
            assert all(renderer.sheet.sheet_rect.contains(r) for r in boxes)
            assert all(a.collidelist(boxes[k + 1:]) < 0 for k, a in enumerate(boxes))


def test_the_sheet_draws_the_box_counts_its_level_gives(rules):
    board = rules.board
    renderer = FQRenderer(rules, Config(2, ()), seat_names(2))
    assert len(renderer.sheet.art.umb_rects) == board.umbrella_boxes
    assert len(renderer.sheet.art.line_rects) == board.line_boxes
    assert len(renderer.sheet.art.art_meter) == len(board.artist_meter)
    assert [len(r) for r in renderer.sheet.art.box_rects] == [len(m.boxes) for m in board.meters]
    legend_bottom = renderer.sheet.art.legend_y + 4 * layout.LEGEND_STEP  # artists (2), symbols, footer
    assert legend_bottom <= renderer.sheet.sheet_rect.bottom - 2  # the keys and the footer fit


@pytest.mark.parametrize("seed", range(1, 9))
def test_no_map_label_hides_anything_over_whole_games(rules, seed):
    players = 1 + seed % 4
    options = (("mayor", seed % 2 == 0), ("tourism", seed % 3 != 0))
    problems = set()
    for renderer, _ in shown_states(rules, players, options, seed=seed, every=5):
        found = renderer.board_geometry()
        problems |= set(overlaps(found) + outside(found, BOARD_RECT))
    assert not problems, sorted(problems)


def test_no_string_puts_a_plural_after_one():
    """"1 points", "1 recuadros", "1 mapeados": every count goes through plural forms, and
    points are words ("pts" and "ptos" were cut abbreviations)."""
    # the ratings above the lowest start at 75 points; "1 paraguas" is Spanish's singular
    two_or_more = {f"solo_rating.{band}" for band in range(1, 7)} | {"hint.why.umbrellas"}
    assert plural_after_one("french_quarter", two_or_more) == []
    assert abbreviated_points("french_quarter") == []


def test_the_largest_multiplier_and_every_bonus_letter_end_inside_the_sheet(rules):
    """Party at ×5 with A, B, C and D: the 36 px multiplier and the letters after it stay
    inside the sheet's frame and apart from the boxes and each other."""
    renderer = FQRenderer(rules, Config(4), seat_names(4))
    inside = renderer.sheet.sheet_rect.inflate(-8, -8)
    for a, meter in enumerate(rules.board.meters):
        letters = "ABCD"[:len(meter.bonuses)]
        tail = [rect for _, rect in renderer.sheet.art.meter_tail(a, max(meter.multipliers), letters)]
        assert len(tail) == 2 and all(inside.contains(rect) for rect in tail), (a, tail)
        assert tail[0].left > renderer.sheet.art.box_rects[a][-1].right
        assert not tail[0].colliderect(tail[1])
