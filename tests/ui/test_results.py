"""The results screen: table, chart, and the per-seat detail panel picked with the d-pad.

Finished Ticket to Ride: Paris matches come from seeded greedy bot games; the tie and the long
ticket list are crafted end states (`dataclasses.replace`). Input goes through the real App as
synthetic gamepad, keyboard and mouse events.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from conftest import key, pad

from game.engine.bots import make_bot, play_out
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for
from game.games.ticket_to_ride_paris.state import EMPTY
from game.scenes import results as results_module
from game.scenes import results_chart, results_detail
from game.scenes.game import GameScene
from game.scenes.results import FULL, SPLIT, ResultsScene
from game.scenes.results_detail import DETAIL
from game.scenes.seating import SeatSpec
from game.scenes.title import TitleScene
from game.ui import theme
from game.ui.i18n import set_language, t
from game.ui.widgets import glyph

TTR = "ticket_to_ride_paris"
A, LB, RB = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
             pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
UP, DOWN = pygame.CONTROLLER_BUTTON_DPAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
NAMES = ["Ana", "Bruno", "Carmen", "Dmitri"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def finished(players: int, seed: int) -> Match:
    """A TTR match played to the end by greedy bots."""
    m = Match(rules_for(TTR), Config(players), seed)
    play_out(m, {p: make_bot("greedy", TTR, seed + p) for p in range(players)})
    return m


@pytest.fixture(scope="module")
def two() -> Match:
    """A finished 2-player game."""
    return finished(2, 5)


@pytest.fixture(scope="module")
def four() -> Match:
    """A finished 4-player game."""
    return finished(4, 9)


def crafted(base: Match, **changes) -> Match:
    """A match whose (finished) state is `base`'s with some fields replaced."""
    m = Match(base.rules, base.config, base.seed)
    m.state = dataclasses.replace(base.state, **changes)
    return m


def tied(base: Match) -> Match:
    """4 players, no tickets: seats 0 and 1 one length-2 route each, the others a length-1."""
    routes = base.rules.board.routes
    twos = [r.index for r in routes if r.length == 2]
    ones = [r.index for r in routes if r.length == 1]
    owners = [EMPTY] * len(routes)
    for seat, r in enumerate((twos[0], twos[5], ones[0], ones[7])):
        owners[r] = seat
    return crafted(base, owners=tuple(owners), route_points=(2, 2, 1, 1), tickets=((),) * 4,
                   flags=(0,) * 4, front=((0, 0, 0),) * 4)


def show(app, match: Match, game_id: str = TTR) -> ResultsScene:
    """Put a results scene for `match` on the app's stack."""
    players = match.config.players
    seats = [SeatSpec("greedy", None) for _ in range(players)]
    scene = ResultsScene(app, game_id, match, seats, NAMES[:players])
    app.stack.reset(scene)
    app.stack.apply()
    return scene


def frame(app, events=()) -> None:
    """One frame with these events."""
    app.step(list(events), present=False)


def mouse_to(app, canvas_pos: tuple[int, int]) -> list[pygame.event.Event]:
    """A mouse motion to a canvas position (the test window is a quarter of the canvas)."""
    box = app.letterbox()
    pos = (box.x + canvas_pos[0] * box.w // 1920, box.y + canvas_pos[1] * box.h // 1080)
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def texts(monkeypatch, scene: ResultsScene, surface: pygame.Surface) -> list[tuple]:
    """Draw the scene, recording every line of text the results modules draw: (text, rect, size)."""
    drawn: list[tuple] = []
    real = results_module.draw_text

    def spy(surf, message, pos, size=theme.BODY_SIZE, *args, **kwargs):
        rect = real(surf, message, pos, size, *args, **kwargs)
        drawn.append((message, rect, size))
        return rect

    for module in (results_module, results_chart, results_detail):
        monkeypatch.setattr(module, "draw_text", spy)
    scene.draw(surface)
    monkeypatch.undo()
    return drawn


def test_dpad_picks_the_seat_whose_details_the_panel_shows(app, four):
    scene = show(app, four)
    assert scene.layout is SPLIT and scene.panel is not None
    assert scene.panel.selected == min(scene.winners)
    start = scene.panel.selected
    frame(app, pad(DOWN))
    assert scene.panel.selected == (start + 1) % 4
    frame(app, pad(UP))
    frame(app, pad(UP))
    assert scene.panel.selected == (start - 1) % 4
    frame(app, key(pygame.K_DOWN))
    assert scene.panel.selected == start
    assert scene.menu.focused_key == "again"  # up/down never moved the buttons' focus
    seat = (start + 2) % 4
    frame(app, mouse_to(app, scene.row_rects()[seat].center))
    assert scene.panel.selected == seat
    rows = scene.panel.detail_rows(seat)
    tickets = [d for kind, d in rows if kind == "item" and d.category == "tickets"]
    assert len(tickets) == len(four.state.tickets[seat])
    app.draw()
    # The panel is outlined in the selected seat's colour.
    assert app.canvas.get_at((DETAIL.x + 2, DETAIL.centery))[:3] == theme.PLAYER_COLORS[seat]


def test_panel_lists_each_ticket_with_check_or_cross_and_signed_points(app, two):
    scene = show(app, two)
    rules = two.rules
    for seat in range(2):
        scene.panel.select(seat)
        items = [d for kind, d in scene.panel.detail_rows(seat) if kind == "item"]
        ids = two.state.tickets[seat]
        tickets = [d for d in items if d.category == "tickets"]
        assert [dict(d.params)["points"] for d in tickets] == [
            rules.board.tickets[t].points for t in ids]
        assert all(d.points == (1 if d.ok else -1) * dict(d.params)["points"] for d in tickets)
        rows = scene.panel.detail_rows(seat)
        heads = {row[1][0]: row[1][1] for row in rows if row[0] == "head"}
        assert heads == {c: v for c, v in scene.breakdowns[seat].items() if c in heads}
        assert set(heads) == {"routes", "tickets", "flags"}


def test_buttons_still_work_by_gamepad(app, two):
    scene = show(app, two)
    frame(app, pad(DOWN))
    frame(app, pad(RIGHT))
    assert scene.menu.focused_key == "menu"
    frame(app, pad(A))
    assert isinstance(app.stack.top, TitleScene)
    show(app, two)
    frame(app, pad(A))
    assert isinstance(app.stack.top, GameScene)


def test_tie_note_names_the_players_sharing_the_victory(app, four):
    m = tied(four)
    scene = show(app, m)
    assert scene.winners == {0, 1}
    assert scene.note_text() == ("Tied on 2 points and on completed tickets (0 each): "
                                 "Ana and Bruno share the victory")
    set_language("es")
    assert scene.note_text().endswith("Ana y Bruno comparten la victoria")
    set_language("en")
    scene.note = ("ticket_to_ride_paris.tiebreak.tickets",
                  (("player", 1), ("players", (0, 1, 2)), ("points", 5), ("count", 5),
                   ("tickets", 2)))
    assert scene.note_text() == ("Tied on 5 points between Ana, Bruno and Carmen: "
                                 "Bruno wins by completing more tickets (2)")
    box = scene.note_rect()
    menu_top = min(r.top for r in scene.menu.rects().values())
    assert scene.legend_y() + 36 <= box.top and box.bottom <= menu_top and box.right < DETAIL.x


def test_long_detail_lists_scroll_with_the_shoulder_buttons(app, two):
    everything = tuple(range(len(two.rules.board.tickets)))
    m = crafted(two, tickets=(everything[:14], everything[14:]))
    scene = show(app, m)
    scene.panel.select(0)
    assert scene.panel.can_scroll()
    rows = scene.panel.detail_rows(0)
    frame(app, pad(RB))
    assert scene.panel.scroll > 0
    for _ in range(5):
        if scene.panel.scroll == scene.panel.max_scroll(rows):
            break
        frame(app, pad(RB))
    assert scene.panel.scroll == scene.panel.max_scroll(rows)
    assert scene.panel.visible_rows(rows, scene.panel.scroll)[-1] == rows[-1]
    frame(app, pad(RB))  # past the end: back to the top, so RB alone reads everything
    assert scene.panel.scroll == 0
    frame(app, pad(LB))  # and LB from the top goes to the end
    assert scene.panel.scroll == scene.panel.max_scroll(rows)
    while scene.panel.scroll:
        frame(app, pad(LB))
    frame(app, pad(DOWN))
    assert scene.panel.selected == 1 and scene.panel.scroll == 0


@pytest.fixture(scope="module")
def fq_four() -> Match:
    """A finished 4-player French Quarter game with Tourism: nine score categories."""
    m = Match(rules_for("french_quarter"), Config(4, (("tourism", True),)), 2)
    play_out(m, {p: make_bot("greedy", "french_quarter", p) for p in range(4)})
    return m


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("which", ["two", "four", "tied", "long", "fq_four"])
def test_text_is_large_inside_the_canvas_and_never_overlaps(app, monkeypatch, request, which,
                                                            language):
    base = request.getfixturevalue(which if which in ("four", "fq_four") else
                                   "four" if which == "tied" else "two")
    match = {"tied": tied, "long": lambda b: crafted(b, tickets=(tuple(range(14)), ()))}.get(
        which, lambda b: b)(base)
    set_language(language)
    game_id = "french_quarter" if which == "fq_four" else TTR
    scene = show(app, match, game_id)
    if which == "fq_four":  # nine categories: staggered names over colour bars, no legend needed
        assert len(scene.categories) == 9 and scene.headers_staggered()
        assert scene.legend_slots() == []
    for seat in range(match.config.players):
        scene.panel.select(seat)
        drawn = texts(monkeypatch, scene, app.canvas)
        canvas = app.canvas.get_rect()
        assert min(size for _, _, size in drawn) >= theme.SMALL_SIZE
        for message, rect, _ in drawn:
            assert canvas.contains(rect), message
            inside = DETAIL.contains(rect)
            assert inside or not DETAIL.colliderect(rect), message
        rects = [(m, r) for m, r, _ in drawn]
        for i, (m1, r1) in enumerate(rects):
            for m2, r2 in rects[i + 1:]:
                assert not r1.colliderect(r2), (m1, m2)


def test_results_screens_render_to_png(app, two, four, tmp_path):
    for name, match in (("two", two), ("four", four), ("tied", tied(four))):
        for language in ("en", "es"):
            set_language(language)
            show(app, match)
            app.draw()
            path = tmp_path / f"results_{name}_{language}.png"
            pygame.image.save(app.canvas, str(path))
            assert path.stat().st_size > 10_000


def test_games_without_details_keep_the_plain_screen(app, fake_game):
    rules = fake_game.make_rules()
    m = Match(rules, Config(2), seed=1)
    play_out(m, {p: make_bot("random", fake_game.id, p) for p in range(2)})
    scene = show(app, m, fake_game.id)
    assert scene.panel is None and scene.note is None and scene.layout is FULL
    frame(app, pad(DOWN))
    scene.select(1)  # nothing to select without a panel
    assert scene.menu.focused_key == "again"  # no panel: down stays on the buttons
    app.draw()
    frame(app, pad(A))
    assert isinstance(app.stack.top, GameScene)


def test_play_again_keeps_the_game_options(app):
    nsp = "next_station_paris"
    options = (("gates", True), ("objectives", True))
    match = Match(rules_for(nsp), Config(1, options), 3)
    play_out(match, {0: make_bot("greedy", nsp, 3)})
    show(app, match, nsp)
    frame(app, pad(A))  # "Play again" has the focus
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.match.config.options == options and game.match.seed == 4


@pytest.mark.parametrize("game_id", ["french_quarter", "next_station_paris"])
def test_a_solo_game_shows_the_rulebooks_rating_of_the_score(app, monkeypatch, game_id):
    m = Match(rules_for(game_id), Config(1), seed=3)
    play_out(m, {0: make_bot("greedy", game_id, 3)})
    scene = show(app, m, game_id)
    key, params = m.rules.rating(m.state)
    assert scene.note == (key, params) and dict(params)["points"] == scene.totals[0]
    assert scene.note_text() == t(key, **dict(params)) and scene.note_lines()
    drawn = [message for message, _, _ in texts(monkeypatch, scene, app.canvas)]
    assert any(line in drawn for line in scene.note_lines())
    unfinished = Match(rules_for(game_id), Config(1), seed=3)
    assert unfinished.rules.rating(unfinished.state) is None


def test_categories_take_the_games_own_colours_else_the_shared_palette(fake_game):
    from game.games.french_quarter.sprites import ACTIVITY_RGB

    categories = ["food", "culture", "shopping", "mysticism", "party", "second_line",
                  "buildings", "artists", "vacation"]
    colors = results_module.category_colors("french_quarter", categories)
    assert colors[:5] == [ACTIVITY_RGB[c] for c in categories[:5]]  # as on the sheet
    assert len(set(colors)) == len(categories)  # every category tells apart in the chart
    plain = results_module.category_colors(fake_game.id, ["laps", "bonus"])
    assert plain == results_module.PALETTE[:2]  # a renderer without colours: the palette


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("which", ["two", "fq_four"])
def test_every_column_is_headed_by_its_whole_name_over_its_chart_colour(app, request, which,
                                                                        language):
    set_language(language)
    game_id = "french_quarter" if which == "fq_four" else TTR
    scene = show(app, request.getfixturevalue(which), game_id)
    labels = scene.header_labels()
    if scene.headers_staggered():  # level lines, at least one per category (its whole name)
        assert len(labels) >= len(scene.categories)
    words = [scene.category_name(c).split() for c in scene.categories]
    assert sum(len(w) for w in words) >= len(labels)  # upright names wrap at spaces only
    app.canvas.fill((0, 0, 0))
    scene.draw(app.canvas)
    top_row = min(r.top for r in scene.row_rects().values())
    masks = [pygame.mask.from_surface(image) for image, _ in labels]
    for i, (image, rect) in enumerate(labels):
        assert image.get_height() >= 24 and rect.top >= scene.layout.table.y
        assert rect.bottom <= scene.key_y() <= top_row - results_module.KEY_H
        for j in range(i + 1, len(labels)):  # names never touch, even staggered
            offset = (labels[j][1].x - rect.x, labels[j][1].y - rect.y)
            assert not masks[i].overlap(masks[j], offset), (i, j)
    cols = scene._columns()[1:-1]
    for (_, x, w), color in zip(cols, scene.colors):  # the colour bar keys the chart
        assert app.canvas.get_at((x + w // 2, scene.key_y() + results_module.KEY_H // 2))[:3] \
            == color


def test_scroll_hint_shows_both_page_buttons(app, two):
    everything = tuple(range(len(two.rules.board.tickets)))
    scene = show(app, crafted(two, tickets=(everything[:14], everything[14:])))
    scene.panel.select(0)
    assert scene.panel.can_scroll() and ("page", "hint.scroll") in scene._hints()
    for kind in ("gamepad", "keyboard"):  # LB and RB, or Q and E, side by side
        both = glyph(pygame.Surface((300, 80)), "page", kind, (10, 40))
        first = glyph(pygame.Surface((300, 80)), "page_prev", kind, (10, 40))
        second = glyph(pygame.Surface((300, 80)), "page_next", kind, (0, 0))
        assert both.w == first.w + 6 + second.w and both.h == first.h, kind


def test_short_detail_lists_are_written_large_and_long_ones_compact(app, two, four):
    scene = show(app, two)
    details = scene.panel
    assert details.style is results_detail.LARGE
    for seat in range(2):  # every seat's list fits without scrolling at the large size
        assert details.shows_rest(details.detail_rows(seat), 0) and not details.can_scroll()
    everything = tuple(range(len(two.rules.board.tickets)))
    long = show(app, crafted(two, tickets=(everything[:14], everything[14:])))
    assert long.panel.style is results_detail.COMPACT
    assert results_detail.LARGE.size > results_detail.COMPACT.size >= theme.SMALL_SIZE


@pytest.mark.parametrize("which", ["two", "four", "fq_four"])
def test_the_score_progress_chart_shows_at_two_and_at_four_seats(app, request, which):
    game_id = "french_quarter" if which == "fq_four" else TTR
    scene = show(app, request.getfixturevalue(which), game_id)
    box = scene.progress_rect()
    assert box is not None and box.h >= results_module.PROGRESS_MIN_H
    menu_top = min(r.top for r in scene.menu.rects().values())
    assert scene.chart_top() + len(scene.totals) * scene.bar_pitch() <= box.top < box.bottom \
        < menu_top
