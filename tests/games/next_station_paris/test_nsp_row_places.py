"""A round row's line sum laid out once per band (`ScorePanel._row_places`) and the notes of
its pieces kept from its last paint (`_row_notes`): a row whose numbers alone changed,
painted over them, equals the row painted from nothing, pixels and notes, whatever the
notes kept say (one kept for another text is measured again)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.next_station_paris.notes import Written
from game.games.next_station_paris.score_panel import RoundRow
from game.games.next_station_paris.scoring import LineScore
from tests.games.next_station_paris.test_damage import seated


def _score(districts: int, stations: int, monuments: int) -> LineScore:
    points = districts * stations + 2 * monuments
    return LineScore(districts, stations, monuments, points, points)


def _paint(renderer, panel, band, row, before) -> tuple[bytes, list]:
    """The row painted over the layer (with `before` as the key it shows: None, from
    nothing): its band's pixels and the texts noted."""
    region = "test.row"
    renderer.layers.paint_region(region, band, (row, True), renderer.scribe.painting(
        region, lambda surface: panel._round_row(band, row, True, surface, before=before)),
        restore=False, clip=True)
    picture = renderer.layers.surface.subsurface(band)
    return pygame.image.tobytes(picture, "RGB"), list(renderer.written[region])


@pytest.mark.parametrize("players", [1, 4])
def test_a_row_painted_over_its_kept_places_and_notes_equals_it_painted_whole(players):
    _, _, renderer = seated(players, 5)
    panel = renderer.score_panels[0]
    band = panel._lay_bands()[1][0]
    old = RoundRow(0, _score(2, 3, 1), 8, live=True)
    new = RoundRow(0, _score(2, 4, 1), 10, live=True)
    _paint(renderer, panel, band, old, None)
    # notes kept for other texts (as from another row): never taken for this row's pieces
    kept = panel._row_notes[band.x, band.y]
    panel._row_notes[band.x, band.y] = [
        note if note is None else Written(note.text + "9", note.rect.move(5, 5), note.size)
        for note in kept]
    partly = _paint(renderer, panel, band, new, (old, True))
    whole = _paint(renderer, panel, band, new, None)
    assert partly == whole
    again = _paint(renderer, panel, band, new, (old, True))  # over the notes it kept
    assert again == whole
    laid = [key for key in panel._places if key[:4] == tuple(band)]
    assert len(laid) == 1  # laid out once for this band and its operators
