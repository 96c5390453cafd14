"""What the audit fails a screen on, from the texts (`trace.Mark`) and focus frames it shows.

- small: a line under 24 px high on the 1920x1080 canvas, wherever it is (a picture of a board
  shown smaller than 1:1 is drawn without its words: `trace.textless`). Declared fine print
  (`theme.FINE_PRINT_SIZE`, 21 px lines) is the one exception, for at most 5% of a screen's
  texts; more is "fine_print".
- clipped: part of a text's ink cut off by a blit area, a clip rect or a surface's edge; cut:
  a text shortened with an ellipsis ("Metrópo…"), unless the ellipsis is its string's own.
- covered: something drawn later hides part of a text (15% to 90% of it; more hides it). A
  note, not a failure: an overlay a player calls up (a Hint's callout, a tooltip) may lie over
  a board's labels for as long as it is asked for; the report lists them for a person to judge.
- overlap: two different texts' ink boxes cross; focus: a text crosses a focus frame's stroke.
- raw_key: a string key ("results.points") or a template's placeholder ("{count}") shown.
- rotated: a text that does not read horizontally (tilted more than 15°).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import pygame

from game.ui import theme
from game.ui.i18n import LANGUAGES, load_catalog, string_files

from .trace import Frame, Mark

# px: the line height a player on a sofa still reads at 1080p. For our font the line height IS
# the em size a designer means by "24 px text": theme.font(28) asks pygame-ce for its default
# font at int(28 * 1.3) = 36, which pygame-ce scales by .6875 (src_c/font.c, font_init: the
# default font's `fontsize = (int)(fontsize * .6875)`, in 2.5.8 as on main) to a 24 px em, and
# FreeSansBold's line (ascent + descent) equals its em at every size. Its ink: capitals 17 px,
# x-height 13 px, against DejaVu Sans at a 24 px em: capitals 18 px, x-height 13 px (whose
# line is 28 px; measured in tests/ui/test_legibility.py). So the issue's "~18 px" is a
# capital's ink of 24 px text, and measuring lines at 24 is not more lenient than a common UI
# font's 24 px.
SMALLEST = 24
FINE_PRINT_SMALLEST = 20  # px: declared fine print may go this low...
FINE_PRINT_SHARE = 0.05  # ...for at most this share of a screen's texts
COVERED_FROM = 0.15  # share of a text hidden by later drawing that counts as covered
LEVEL_ENOUGH = 15  # degrees: a die's face tilted this little still reads as level
OVERLAP_PX = 3  # ink boxes crossing by less than this (both ways) only touch
ELLIPSES = ("…", "...")
KEY_LIKE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
KINDS = ("small", "fine_print", "clipped", "cut", "covered", "overlap", "focus", "raw_key",
         "rotated")
NOTES = frozenset({"covered"})  # reported, not failed (see above)


@dataclass(frozen=True, slots=True)
class Finding:
    """One failure on one screen: its kind, the text and what is wrong with it."""

    kind: str
    text: str
    detail: str
    box: tuple[int, int, int, int]

    @property
    def fails(self) -> bool:
        """True for a failure (False for a note)."""
        return self.kind not in NOTES

    def line(self) -> str:
        """'kind: "text" (detail)'."""
        return f"{self.kind}: {self.text!r} ({self.detail})"


def findings(marks: Sequence[Mark], frames: Sequence[Frame] = ()) -> list[Finding]:
    """Everything wrong with one screen's texts."""
    out = _sizes(marks)
    for mark in marks:
        out += _cut(mark)
    out += _overlaps(marks)
    out += _focus(marks, frames)
    return out


def _found(kind: str, mark: Mark, detail: str) -> Finding:
    return Finding(kind, mark.text, detail, tuple(mark.shown))


def _sizes(marks: Sequence[Mark]) -> list[Finding]:
    """Lines under 24 px, and fine print beyond its share."""
    out, fine = [], []
    for mark in marks:
        height = round(mark.height)
        if height >= SMALLEST:
            continue
        if mark.size == theme.FINE_PRINT_SIZE and height >= FINE_PRINT_SMALLEST:
            fine.append(mark)
        else:
            out.append(_found("small", mark, f"{height} px line, size {mark.size}"))
    if len(fine) > FINE_PRINT_SHARE * len(marks):
        out += [_found("fine_print", m, f"{len(fine)} of {len(marks)} texts are fine print")
                for m in fine]
    return out


def _cut(mark: Mark) -> list[Finding]:
    """Clipped, shortened, covered, raw or turned: what one text alone can get wrong."""
    out = []
    lost_w, lost_h = mark.ink.w - mark.shown.w, mark.ink.h - mark.shown.h
    if lost_w > 1 or lost_h > 1:
        out.append(_found("clipped", mark, f"{lost_w} x {lost_h} px of its ink cut off"))
    if mark.text.rstrip().endswith(ELLIPSES) and not _own_ellipsis(mark.text):
        out.append(_found("cut", mark, "shortened with an ellipsis"))
    if mark.covered >= COVERED_FROM:
        out.append(_found("covered", mark, f"{mark.covered:.0%} hidden by later drawing"))
    if KEY_LIKE.match(mark.text.strip()) or PLACEHOLDER.search(mark.text):
        out.append(_found("raw_key", mark, "a string key or placeholder shown raw"))
    tilt = min(mark.angle % 360, 360 - mark.angle % 360)
    if tilt > LEVEL_ENOUGH:
        out.append(_found("rotated", mark, f"turned {mark.angle:.0f}°"))
    return out


@cache
def _ellipsis_strings() -> tuple[re.Pattern, ...]:
    """The catalog's strings that end in an ellipsis of their own ("Thinking…")."""
    catalog = load_catalog(string_files())
    ends = {v for lang in LANGUAGES for v in catalog[lang].values()
            if v.rstrip().endswith(ELLIPSES)}
    return tuple(re.compile(PLACEHOLDER.sub(".*", re.escape(v).replace(r"\{", "{")
                                            .replace(r"\}", "}"))) for v in sorted(ends))


def _own_ellipsis(text: str) -> bool:
    return any(p.fullmatch(text.strip()) for p in _ellipsis_strings())


def _overlaps(marks: Sequence[Mark]) -> list[Finding]:
    """Pairs of different texts whose ink crosses (a text's own halo or shadow, the same
    words a few pixels off, is not an overlap)."""
    out = []
    for i, a in enumerate(marks):
        for b in marks[i + 1:]:
            cross = a.shown.clip(b.shown)
            if cross.w < OVERLAP_PX or cross.h < OVERLAP_PX or _same_words(a, b) \
                    or max(a.covered, b.covered) >= COVERED_FROM:  # one's plate over the other:
                continue  # a note already ("covered"), not two inks in each other
            out.append(Finding("overlap", a.text, f"crosses {b.text!r} by {cross.w}x{cross.h}"
                               " px", tuple(cross)))
    return out


def _same_words(a: Mark, b: Mark) -> bool:
    return a.text == b.text and abs(a.ink.x - b.ink.x) <= 4 and abs(a.ink.y - b.ink.y) <= 4


def _focus(marks: Iterable[Mark], frames: Iterable[Frame]) -> list[Finding]:
    """Texts a focus frame's stroke runs through."""
    out = []
    for frame in frames:
        inner = frame.rect.inflate(-2 * frame.width, -2 * frame.width)
        for mark in marks:
            if mark.shown.colliderect(frame.rect) and not inner.contains(mark.shown) \
                    and not _outside(mark.shown, frame.rect):
                out.append(_found("focus", mark, f"a focus frame at {tuple(frame.rect)}"
                                  " runs through it"))
    return out


def _outside(rect: pygame.Rect, frame: pygame.Rect) -> bool:
    """True when the text only grazes the frame's outer edge (by under 3 px)."""
    cross = rect.clip(frame)
    return cross.w < OVERLAP_PX or cross.h < OVERLAP_PX
