"""The map's free-spot search (a tourist's spot, a value's) tries a few corners only: it must
give what ranking every corner of the room gives."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import random

import pygame

from game.games.french_quarter.map_layout import nearest_free


def every_corner(room: pygame.Rect, size: tuple[int, int], prefer: tuple[float, float],
                 blocked: list[pygame.Rect], step: int = 2) -> pygame.Rect | None:
    """The reference: every top-left corner ranked by distance, then leftmost, then topmost."""
    if size[0] > room.w or size[1] > room.h:
        return None
    xs = [*range(room.x, room.right - size[0], step), room.right - size[0]]
    ys = [*range(room.y, room.bottom - size[1], step), room.bottom - size[1]]
    cx, cy = prefer[0] - size[0] / 2, prefer[1] - size[1] / 2
    for _, x, y in sorted(((x - cx) ** 2 + (y - cy) ** 2, x, y) for x in xs for y in ys):
        rect = pygame.Rect(x, y, *size)
        if rect.collidelist(blocked) < 0:
            return rect
    return None


def test_the_spot_found_is_the_nearest_free_corner_of_the_room():
    rng = random.Random(29)
    found = 0
    for _ in range(1500):
        room = pygame.Rect(rng.randint(0, 40), rng.randint(0, 40), rng.randint(30, 170),
                           rng.randint(30, 170))
        size = (rng.randint(20, 60), rng.randint(20, 60))
        prefer = rng.choice([room.topleft, room.bottomright, room.center,
                             (room.right - 30, room.centery), (room.centerx + 0.5, room.y)])
        blocked = [pygame.Rect(rng.randint(room.x - 20, room.right), rng.randint(room.y - 20,
                   room.bottom), rng.randint(4, 70), rng.randint(4, 70))
                   for _ in range(rng.randint(0, 7))]
        want = every_corner(room, size, prefer, blocked)
        assert nearest_free(room, size, prefer, blocked) == want, (room, size, prefer, blocked)
        found += want is not None
    assert 500 < found < 1500  # crowded rooms with and without a free spot both came up
