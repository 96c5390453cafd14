"""What a board draws where, as shapes, so tests can check that no label hides anything.

A renderer that offers `board_geometry()` returns a `BoardGeometry`: the rectangles of the
text labels it draws on the board, and the shapes a label must never cover (route strokes,
icons, tokens). `overlaps()` lists every collision in words, so a failing test names the
label and what it hides. Shapes are in canvas coordinates at the logical 1920x1080 size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise

import pygame


@dataclass(frozen=True)
class Label:
    """A piece of text drawn on the board, by its drawn rectangle."""

    text: str
    rect: pygame.Rect


@dataclass(frozen=True)
class Stroke:
    """A line drawn on the board (a route, a street, a path) of a given width in pixels."""

    name: str
    points: tuple[tuple[float, float], ...]
    width: float


@dataclass(frozen=True)
class Icon:
    """A symbol, token or picture that a label must leave visible."""

    name: str
    rect: pygame.Rect


@dataclass
class BoardGeometry:
    """Everything a board draws that can collide: labels, strokes and icons."""

    labels: list[Label] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    icons: list[Icon] = field(default_factory=list)


def stroke_hits(stroke: Stroke, rect: pygame.Rect) -> bool:
    """True if the stroke, with its width, passes through the rectangle."""
    grown = rect.inflate(round(stroke.width), round(stroke.width))
    return any(grown.clipline(a, b) for a, b in pairwise(stroke.points))


def overlaps(geometry: BoardGeometry, margin: int = 0) -> list[str]:
    """Every label that touches another label, a stroke or an icon, described in words.

    `margin` grows each label first: a label that clears a route by one pixel still reads as
    sitting on it.
    """
    found: list[str] = []
    boxes = [(label, label.rect.inflate(2 * margin, 2 * margin)) for label in geometry.labels]
    for (a, box_a), (b, _) in combinations(boxes, 2):
        if box_a.colliderect(b.rect):
            found.append(f"label {a.text!r} overlaps label {b.text!r}")
    for label, box in boxes:
        found += [f"label {label.text!r} covers {s.name}" for s in geometry.strokes
                  if stroke_hits(s, box)]
        found += [f"label {label.text!r} covers {i.name}" for i in geometry.icons
                  if box.colliderect(i.rect)]
    return found


def outside(geometry: BoardGeometry, area: pygame.Rect) -> list[str]:
    """Labels not wholly inside `area` (cut off by the board's edge)."""
    return [f"label {label.text!r} leaves the board" for label in geometry.labels
            if not area.contains(label.rect)]


def labels_from(texts: Sequence[tuple[str, pygame.Rect]]) -> list[Label]:
    """Labels from (text, rect) pairs, the form renderers usually keep their layout in."""
    return [Label(text, pygame.Rect(rect)) for text, rect in texts]
