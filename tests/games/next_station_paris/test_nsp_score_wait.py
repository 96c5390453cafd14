"""Next Station's score rows (and a seat's scoring) wait for a frame that asked no layer's key:
a check of the layers costs ~0.1 ms at 4 seats even when it repaints nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from tests.games.next_station_paris.test_damage import seated
from tests.games.next_station_paris.test_nsp_chunks import play_prompted


@pytest.mark.parametrize("players", [2, 4])
def test_no_frame_checks_the_layers_and_paints_score_rows(players):
    """Through a played game's strokes and round ends, no frame (one 60th of a second) both
    asks the layers and repaints score rows or works a score out; the rows still end up as
    the view says, and frames that checked layers painting none did come."""
    match, bots, renderer = seated(players, 4)
    board, room_refresh = renderer.scores, renderer.refresh
    log: list[str] = []

    def refresh(limit=None):
        painted = room_refresh(limit)
        if limit != 0:
            log.append("refresh" if painted else "checked")
        return painted

    def paint(budget, paint=board.paint):
        log.append("scores")
        paint(budget)

    renderer.refresh, board.paint = refresh, paint
    empty = 0
    for _ in range(40):
        if not match.prompts():
            break
        play_prompted(match, bots, renderer)
        for _ in range(80):
            log.clear()
            renderer.update(1 / 60)
            assert not ("scores" in log and {"refresh", "checked"} & set(log)), log
            empty += log == ["checked"]
    for _ in range(200):
        renderer.update(1 / 60)
    renderer.refresh, board.paint = room_refresh, paint.__defaults__[0]
    assert not board.due and empty > 0
    regions = [region for panel in renderer.score_panels for region in panel.regions]
    shown = [renderer.layers.shown_key(region) for region in regions]
    board.paint(None)  # every row painted now: none changes
    assert [renderer.layers.shown_key(region) for region in regions] == shown
