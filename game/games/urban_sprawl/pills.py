"""The pills under a seat's head (seat_panel.py): the AP left, each office held, the Extra
Favour, or "No office"; packed in lines, each pill its text on a rounded plate. And their
making ahead of time in pieces (`warm_pills`): a set of pills measured and rendered cold costs
0.15-0.25 ms, too much for the quiet frame that builds it ahead of the turn that shows it, so
it is built one text a frame (a measure or a render), then put together from the caches."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game.ui import theme
from game.ui.memory import art_cache
from game.ui.paint import fit_text

from . import sprites as sp
from .board import OFFICES
from .layout import PANEL_HEAD, PILL_GAP, PILL_H, PILL_PAD, PILLS_PER_LINE, SMALL, TALL_PANEL, t
from .panel_base import Item, blit_item

PillKey = tuple  # the pills' part of a seat body's key: (active, ap, over, offices, extra, words)


@art_cache(maxsize=512)
def key_pills(key: PillKey) -> list[tuple[str, str]]:
    """(text, style) of the pills a body's pill key shows (cached: the key holds the
    language, and translating a set's pills costs 0.03-0.04 ms cold; read it, never change
    it)."""
    active, ap, over, offices, extra, _ = key
    return pill_list(ap if active and ap and not over else None, offices, extra)


def warm_pills(panel: pygame.Rect, key: PillKey) -> Iterator[None]:
    """Measure, then render, the texts of the pills `key` shows in seat panel `panel`,
    pausing after each (a caller runs one step a frame); once it is done, `pill_item`s of
    this key find every text made (theme.text and art caches)."""
    pills = key_pills(key)
    yield  # (the translations: a step of their own)
    for text, _ in pills:
        pill_width(text)
        yield
    for text, style, rect in pill_layout(panel, pills):
        pill_words(text, style, rect.w)
        yield


@art_cache(maxsize=512)
def pill_width(text: str) -> int:
    """The width of a pill showing `text` before any narrowing (measuring it cold costs
    about what rendering it does)."""
    return theme.font(SMALL).size(text)[0] + 2 * PILL_PAD


def pill_list(ap: int | None, offices: tuple[bool, ...], extra: bool) -> list[tuple[str, str]]:
    """(text, style) of a seat's pills: the AP left (None: not shown), each office it holds
    (`offices`: held or not, in OFFICES order), the Extra Favour; "No office" when there is
    nothing to show."""
    found = [(t("ap_left", ap=ap), "ap")] if ap else []
    found += [(t(f"office.{office}"), "office")
              for office, held in zip(OFFICES, offices, strict=True) if held]
    if extra:
        found.append((t("extra_favour"), "favour"))
    return found or [(t("no_office"), "none")]


def pill_lines(panel: pygame.Rect, count: int) -> int:
    """Lines kept for `count` pills: one in a quarter panel, and in a tall one a second line
    past three pills (by count, not width: no language moves a card). A line too short for its
    pills narrows them."""
    return 2 if panel.h >= TALL_PANEL and count > PILLS_PER_LINE else 1


def pill_layout(panel: pygame.Rect, pills: list[tuple[str, str]]
                ) -> list[tuple[str, str, pygame.Rect]]:
    """The pills packed in lines under the head (two lines at most in a quarter panel, three
    in a tall one); a line still too long narrows its pills alike."""
    width = panel.w - 24
    most = pill_lines(panel, len(pills))
    lines: list[list[tuple[str, str, int]]] = [[]]
    for text, style in pills:
        w = pill_width(text)
        used = sum(pw + PILL_GAP for _, _, pw in lines[-1])
        if lines[-1] and used + w > width and len(lines) < most:
            lines.append([])
        lines[-1].append((text, style, w))
    placed = []
    for k, line in enumerate(lines):
        gaps = PILL_GAP * (len(line) - 1)
        scale = min(1.0, (width - gaps) / max(1, sum(w for _, _, w in line)))
        x, y = panel.x + 12, panel.y + PANEL_HEAD + 4 + k * (PILL_H + 6)
        for text, style, w in line:
            rect = pygame.Rect(x, y, max(2 * PILL_PAD, int(w * scale)), PILL_H)
            placed.append((text, style, rect))
            x = rect.right + PILL_GAP
    return placed


def pill_item(k: int, text: str, style: str, rect: pygame.Rect) -> Item:
    """One pill of a seat's status: the AP left in gold, an office, the Extra Favour in the
    event colour, or "No office" as plain dim text."""
    words = pill_words(text, style, rect.w)
    if style == "none":
        return blit_item(("pill", k), words, words.get_rect(topleft=rect.topleft))
    fill = {"ap": theme.ACCENT, "favour": sp.EVENT_RGB}.get(style, theme.PANEL_LIGHT)
    at = words.get_rect(center=rect.center)

    def draw(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, fill, rect, border_radius=PILL_H // 2)
        surf.blit(words, at)
    return Item(("pill", k), (style, words), rect.union(at), draw)


@art_cache(maxsize=512)
def pill_words(text: str, style: str, width: int) -> pygame.Surface:
    """A pill's text fitted to a pill `width` wide (cached: fitting a text that is too long
    measures it again at each shorter length)."""
    if style == "none":
        return fit_text(text, SMALL, width, theme.TEXT_DIM)
    ink = sp.INK if style == "ap" else theme.TEXT
    return fit_text(text, SMALL, width - 2 * PILL_PAD + 4, ink, style == "ap", 0.6)
