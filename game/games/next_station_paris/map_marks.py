"""Next Station: Paris map marks: where a map's interchange numbers go, and which marks a
new stroke changed (what a stroke landing must redraw and present, not the whole reach of
its marks), and the keys of a map layer inked first (`Inked`). Functions of a `MapPanel`
(map_panel.py), which keeps them as methods.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, NamedTuple

import pygame

from game.ui import theme
from game.ui.geometry import stroke_hits

from .scoring import overpass_uses
from .state import NONE

# How far (in lattice spacings) the marks of a segment reach past its line: an interchange's
# ring at its ends (0.41), an overpass on it (0.35), a gate's dotted ring (0.47).
MARK_REACH = 0.6
BADGE_MIN_SPACING = 80  # px between stations a map needs to carry interchange numbers
BADGE_CORNERS = ((1, -1), (-1, -1), (1, 1), (-1, 1))  # a number's spots: the cells around

Badge = tuple[int, int, pygame.Rect]  # station, lines through it, where its number is


def marks_changed(panel: Any, since: tuple, counts: dict[int, int]) -> list[pygame.Rect]:
    """Where the rings and bridges the new strokes changed lie: an interchange whose count
    of lines changed since `counts` (those of the links `since`), an overpass used once
    more or less than with those links (the gate marks: `MapPanel._marks_added`)."""
    now, ring = panel._interchanges_shown(), panel.geom.radius * 1.25 + 2
    out = [mark_box(panel.station_center(st), ring)
           for st in now.keys() | counts.keys() if now.get(st) != counts.get(st)]
    before, after = link_bits(since), link_bits(panel.shown_links())
    if before == after:
        return out
    geom, (ox, oy) = panel.geom, panel.area.map.topleft
    bridge = geom.spacing * 0.2 * 1.15 * 1.5  # sprites.draw_overpass: rails, flared ends
    for o, was, is_ in zip(panel.board.overpasses, overpass_uses(panel.board, before),
                           overpass_uses(panel.board, after)):
        if was != is_:
            x, y = geom.point(o.col, o.row)
            out.append(mark_box((ox + x, oy + y), bridge))
    return out


def mark_box(center: tuple[float, float], half: float) -> pygame.Rect:
    """A square of `half` (and a margin) each side of a canvas point."""
    reach = math.ceil(half) + 3
    x, y = math.floor(center[0]), math.floor(center[1])
    return pygame.Rect(x - reach, y - reach, 2 * reach + 2, 2 * reach + 2)


def badges_after(panel: Any, since: tuple | None, shown: tuple) -> tuple[Badge, ...]:
    """The interchange numbers for the links `shown`; with `since` (the links the layer
    shows, each line's a prefix of `shown`'s) the numbers already placed are kept, their
    counts brought up to date, when the same stations carry them and no new stroke
    crosses one: a corner blocked before stays blocked (strokes are only added), so the
    full search (`badge_spots`, ~0.1 ms cold on a big map) would place them alike."""
    old = panel.badges
    if since is None or not old:
        return badge_spots(panel)
    counts = panel._interchanges_shown()
    if len(counts) != len(old) or any(st not in counts for st, _, _ in old):
        return badge_spots(panel)
    for r, (color, links) in enumerate(shown):
        done = len(since[r][1]) if r < len(since) else 0
        for lk in links[done:]:
            stroke, bounds = panel._segment(color, lk)
            for _, _, rect in old:
                if bounds.colliderect(rect) and stroke_hits(stroke, rect):
                    return badge_spots(panel)
    return tuple((st, counts[st], rect) for st, _, rect in old)


def badge_spots(panel: Any) -> tuple[Badge, ...]:
    """Each interchange's number: in the first corner beside the station that no pencil
    line, station, overpass or other number covers (none free: the ring alone tells). Only
    maps with room for a readable number carry them."""
    geom, area = panel.geom, panel.area
    if area.mini or geom.spacing < BADGE_MIN_SPACING:
        return ()
    crossings = panel._interchanges_shown()
    if not crossings:  # (before any line meets another: no segment need be gathered)
        return ()
    segments = panel._shown_segments()
    strokes = [stroke for stroke, _ in segments]
    reach = [box for _, box in segments]  # a cheap first test before the exact one
    taken = [icon.rect for icon in panel.icons()]
    size = theme.font(theme.SMALL_SIZE, True).get_height() + 4
    out = []
    for st, n in sorted(crossings.items()):
        x, y = panel.station_center(st)
        for dx, dy in BADGE_CORNERS:
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(x + dx * geom.spacing / 2), round(y + dy * geom.spacing / 2))
            if (area.map.contains(rect) and rect.collidelist(taken) < 0
                    and not any(stroke_hits(strokes[k], rect)
                                for k in rect.collidelistall(reach))):
                out.append((st, n, rect))
                taken.append(rect)
                break
    return tuple(out)


def ink_box(a: tuple[float, float], b: tuple[float, float], width: int) -> pygame.Rect:
    """Every pixel `sprites.pencil_stroke` paints from a to b at this width: its line, the
    grain inside it and the round ends (half the width each side, and a margin)."""
    reach = width // 2 + 3
    return box(a, b).inflate(2 * reach, 2 * reach)


def link_bits(shown: tuple) -> int:
    """The links of (colour, links) pairs as a bit set."""
    bits = 0
    for _, links in shown:
        for lk in links:
            bits |= 1 << lk
    return bits


def box(a: tuple[float, float], b: tuple[float, float]) -> pygame.Rect:
    """The pixels between two canvas points (both included)."""
    return pygame.Rect(math.floor(min(a[0], b[0])), math.floor(min(a[1], b[1])),
                       math.ceil(abs(a[0] - b[0])) + 1, math.ceil(abs(a[1] - b[1])) + 1)


class Inked(NamedTuple):
    """A map layer's key after `ink_landed`: the picture of `before` with the strokes of
    `links` (its shown links) inked over it, their marks not yet drawn again."""

    before: tuple
    links: tuple


def links_of(key: Any) -> tuple:
    """The shown links (per line: colour, links) a map layer's key stands for."""
    return key.links if isinstance(key, Inked) else key[0]


def landed(before: Any, key: tuple) -> bool:
    """True if the map painted with key `before` lacks strokes `key` shows: one landed (its
    tween just ended), so its repaint may not wait (the finished stroke would vanish for a
    frame)."""
    if before is None:
        return True
    return sum([len(ls) for _, ls in links_of(before)]) != sum([len(ls) for _, ls in key[0]])


def can_ink(before: Any, key: tuple) -> bool:
    """True if the strokes of `key` only add to those painted (`before`): then
    `MapPanel.ink_landed` may draw just them first."""
    return before is not None and grown(links_of(before), key[0])


def grown(old: tuple, new: tuple) -> bool:
    """True if `new` only adds lines or strokes after those of `old` (per line, a prefix)."""
    if len(new) < len(old):
        return False
    return all(c0 == c1 and l1[:len(l0)] == l0 for (c0, l0), (c1, l1) in zip(old, new))


def marked(old: tuple, new: tuple) -> bool:
    """True if `new` only adds gate marks (a circled station, a doubled corner) to `old`."""
    return len(new) >= len(old) and all(
        n == o or (o[0] in (n[0], NONE) and o[1] in (n[1], NONE)) for o, n in zip(old, new))


class MarkSites:
    """Per link of one map: the stations and overpasses whose marks (rings, bridges, gate and
    bonus circles) could overlap that link's ink (`ink_box`), as bit sets, worked out once
    before play. `clear` tells from them, in a few bit operations, that a landed stroke's ink
    touches no mark: then the marks pass after `MapPanel.ink_landed` (each mark in reach drawn
    again over itself, ~0.15-0.25 ms of bookkeeping in a frame of its own) would change no
    pixel, and the ink alone is the map's new picture."""

    def __init__(self, panel: Any) -> None:
        """The sites of every link of `panel`'s map (squares as `MapPanel._reaches` tests)."""
        board, geom = panel.board, panel.geom
        ox, oy = panel.area.map.topleft
        half = math.ceil(MARK_REACH * geom.spacing) + 2
        stations = [_square(panel.station_center(s.index), half) for s in board.stations]
        bridges = [_square((ox + geom.point(o.col, o.row)[0], oy + geom.point(o.col, o.row)[1]),
                           half) for o in board.overpasses]
        width = panel.pencil_width()
        self.stations: list[int] = []  # per link: the stations whose marks may reach its ink
        self.bridges: list[int] = []  # per link: the links of the overpasses that may
        for link in board.links:
            ink = ink_box(panel.station_center(link.a), panel.station_center(link.b), width)
            self.stations.append(_bits(ink.collidelistall(stations)))
            self.bridges.append(_bits(lk for k in ink.collidelistall(bridges)
                                      for lk in board.overpasses[k].links))
        self.gates = _bits(board.gate_corners)
        self.corner = {d.index: d.stations[0] for d in board.districts if d.stations}

    def clear(self, view: Any, seat: int, links: Iterable[int]) -> bool:
        """True if no mark the seat's sheet may show (counted from its whole lines, strokes
        in flight too: a superset of those on screen after the strokes land) lies where the
        ink of `links` reaches."""
        shared = seen = bonus = 0
        for line in view.lines[seat]:
            shared |= seen & line.mask  # stations on two lines or more: interchange rings
            seen |= line.mask
            if line.double_station != NONE:
                bonus |= 1 << line.double_station
            if line.double_district != NONE and line.double_district in self.corner:
                bonus |= 1 << self.corner[line.double_district]
        if "gates" in view.modules:
            bonus |= self.gates
        marked, used = shared | bonus, view.used[seat]
        return not any(self.stations[lk] & marked or self.bridges[lk] & used for lk in links)


def _square(center: tuple[float, float], half: int) -> pygame.Rect:
    """The square a mark centred there may paint in (`MapPanel._reaches`)."""
    return pygame.Rect(math.floor(center[0]) - half, math.floor(center[1]) - half,
                       2 * half + 1, 2 * half + 1)


def _bits(indices: Iterable[int]) -> int:
    """These indices as a bit set."""
    out = 0
    for k in indices:
        out |= 1 << k
    return out


def added_links(before: tuple, now: tuple) -> list[int]:
    """The links `now` (per line: colour, links) shows beyond `before` (each line's a prefix)."""
    out: list[int] = []
    for r, (_, links) in enumerate(now):
        out += links[len(before[r][1]) if r < len(before) else 0:]
    return out
