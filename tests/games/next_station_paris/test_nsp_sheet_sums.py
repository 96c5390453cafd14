"""Next Station: Paris in-game sheet: every line's sum as painted adds up to the engine's points
(issue 12, item 2: the sheet showed "5×5+3 = 31", monuments worth 2 each, and left the city
gate bonuses out: "4×4+2 = 24").

The renderer notes each text it paints (`NSPRenderer.written`, per layer or score region), so
this test reads the sheet as painted, piece by piece, for seeded games of every player count
and layout, with and without the advanced modules, mid-game and at the end.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.bots import bot_step, play_out, seat_bots
from game.engine.core import Config
from game.engine.match import Match
from game.games.next_station_paris.rules import NextStationParis
from game.games.next_station_paris.scene import NSPRenderer
from game.games.next_station_paris.score_panel import ROUNDS

OPTIONS = [(), (("gates", True),), (("objectives", True),),
           (("gates", True), ("objectives", True))]


def sum_value(text: str) -> tuple[int, int]:
    """(left side, right side) of a painted sum such as "5×4+3×2=26"."""
    left, right = text.split("=")
    total = 0
    for term in left.split("+"):
        product = 1
        for factor in term.split("×"):
            product *= int(factor)
        total += product
    return total, int(right)


def test_sum_value_reads_products_and_sums():
    assert sum_value("5×4+3×2=26") == (26, 26)
    assert sum_value("7×5+3×2=41") == (41, 41)
    assert sum_value("4×5+3=26") == (23, 26)  # the old sheet's sum does not add up


def painted_sums(renderer: NSPRenderer, seat: int) -> list[str | None]:
    """Each round's sum as painted on a seat's full sheet (None: its boxes are still empty)."""
    out = []
    for r in range(ROUNDS):
        texts = [w.text for w in renderer.written.get(f"score{seat}.{r + 1}", [])]
        out.append("".join(texts) if len(texts) > 4 else None)
    return out


@pytest.fixture(scope="module")
def rules() -> NextStationParis:
    pygame.init()
    return NextStationParis()


def check_sheets(rules: NextStationParis, match: Match, humans: tuple[int, ...]) -> int:
    """Every full sheet's painted sums equal the engine's line points; returns how many."""
    state = match.state
    renderer = NSPRenderer(rules, match.config, [f"P{i + 1}" for i in range(state.players)])
    renderer.set_humans(humans)
    renderer.reset(match.view(None), None)
    checked = 0
    for seat, area in renderer.layout.seats.items():
        if area.mini:
            continue
        scores = rules.line_scores(state, seat)
        for r, text in enumerate(painted_sums(renderer, seat)):
            if text is None:
                assert r >= len(scores) or len(state.lines[seat][r].stations) == 1, (seat, r)
                continue
            assert re.fullmatch(r"\d+×\d+\+\d+×\d+=\d+", text), text
            left, right = sum_value(text)
            assert left == right == scores[r].points, (seat, r, text, scores[r])
            checked += 1
        total = renderer.written[f"score{seat}.0"][0].text
        assert int(total) == sum(rules.scores(state)[seat].values())
    return checked


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "+".join(k for k, _ in o) or "base")
def test_every_painted_line_sum_equals_the_engine_points(rules, options):
    checked = gated = 0
    for players in range(1, 5):
        for humans in {tuple(range(players)), (0,)}:
            seed = players * 7 + len(humans)
            match = Match(rules, Config(players, options), seed)
            bots = seat_bots(["greedy"] * players, "next_station_paris", seed)
            for _ in range(25):  # mid-game: a line being drawn shows its sum too
                bot_step(match, bots)
            checked += check_sheets(rules, match, humans)
            checked += check_sheets(rules, play_out(match, bots), humans)
            gated += sum(s.gate_districts + s.gate_stations > 0 for seat in range(players)
                         for s in rules.line_scores(match.state, seat))
    assert checked >= 40
    if any(k == "gates" for k, _ in options):
        assert gated, "no seeded game used a city gate bonus: the gate terms went unchecked"
