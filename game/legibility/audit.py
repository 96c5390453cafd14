"""Running the legibility audit: each screen drawn once per language while every text is
traced, its findings, a JSON report and a contact sheet per language."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import pygame

from game.ui.i18n import LANGUAGES, set_language

from .checks import Finding, findings
from .screens import Shot
from .trace import Mark, Tracer, tracing

THUMB = (384, 216)  # one screen on the contact sheet
LABEL_H = 30
COLUMNS = 6
FLAG = (255, 40, 60)


@dataclass
class Screen:
    """One screen in one language: what it shows and what is wrong with it."""

    name: str
    owner: str
    language: str
    marks: list[Mark]
    findings: list[Finding]
    thumb: pygame.Surface | None = None

    @property
    def failures(self) -> list[Finding]:
        """The findings that fail the screen (not the notes)."""
        return [f for f in self.findings if f.fails]

    def to_json(self) -> dict:
        """The screen's texts and findings as plain JSON."""
        return {"name": self.name, "owner": self.owner, "language": self.language,
                "texts": [{"text": m.text, "size": m.size, "height": round(m.height, 1),
                           "box": list(m.box), "shown": list(m.shown), "angle": m.angle,
                           "covered": round(m.covered, 2)} for m in self.marks],
                "findings": [asdict(f) for f in self.findings]}


def headless_app():
    """An App on the dummy driver that writes nothing, in a settings home of its own."""
    os.environ.setdefault("CITY_BOARD_CONSOLE_HOME", tempfile.mkdtemp(prefix="legibility-"))
    from game.scenes import scene_registry
    from game.ui.app import App
    from game.ui.settings import Settings

    return App(scene_registry(), windowed=(480, 270), settings=Settings(), persist=False)


def look(app, tracer: Tracer, shot: Shot, language: str, thumbs: bool,
         frames: Path | None = None) -> Screen:
    """Put one screen up, draw one more frame from scratch and read what it shows (and save
    it full size under `frames`, if given)."""
    shot.stage(app)
    tracer.clear(app.canvas)
    app.step([], 1 / 60, present=False)
    if frames is not None:
        frames.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.canvas, str(frames / f"{shot.name}_{language}.png"))
    marks = list(tracer.marks(app.canvas))
    found = findings(marks, tracer.frames(app.canvas))
    thumb = _thumbnail(app.canvas, found) if thumbs else None
    return Screen(shot.name, shot.owner, language, marks, found, thumb)


def run(shots: Sequence[Shot], languages: Sequence[str] = LANGUAGES,
        thumbs: bool = False, frames: Path | None = None) -> list[Screen]:
    """Every shot in every language, traced (each saved full size under `frames`)."""
    screens = []
    with tracing() as tracer:
        app = headless_app()
        try:
            for language in languages:
                set_language(language)
                app.settings.language = language
                for shot in shots:
                    screens.append(look(app, tracer, shot, language, thumbs, frames))
        finally:
            app.stack.reset(app.open("title"))
            app.stack.apply()
            set_language("en")
    return screens


def _thumbnail(canvas: pygame.Surface, found: Sequence[Finding]) -> pygame.Surface:
    """The screen small, each finding's text boxed in red."""
    real = pygame.Surface  # not traced: the sheet is not a screen
    thumb = real(THUMB)
    pygame.transform.smoothscale(canvas, THUMB, thumb)
    k = THUMB[0] / canvas.get_width()
    for finding in (f for f in found if f.fails):
        x, y, w, h = finding.box
        pygame.draw.rect(thumb, FLAG, (x * k - 2, y * k - 2, w * k + 4, h * k + 4), 2)
    return thumb


def contact_sheet(screens: Sequence[Screen], path: Path) -> None:
    """One PNG with every screen of one language, named, its findings counted."""
    from game.ui import theme

    rows = -(-len(screens) // COLUMNS)
    cell = (THUMB[0] + 8, THUMB[1] + LABEL_H + 8)
    sheet = pygame.Surface((COLUMNS * cell[0], rows * cell[1]))
    sheet.fill(theme.BACKGROUND)
    for n, screen in enumerate(screens):
        x, y = (n % COLUMNS) * cell[0] + 4, (n // COLUMNS) * cell[1] + 4
        if screen.thumb is not None:
            sheet.blit(screen.thumb, (x, y + LABEL_H))
        count = len(screen.failures)
        label = f"{screen.name}  {count} failure{'s' * (count != 1)}" if count else screen.name
        color = FLAG if count else theme.TEXT
        sheet.blit(theme.font(20).render(label, True, color), (x, y + 4))
    pygame.image.save(sheet, str(path))


def summary(screens: Sequence[Screen]) -> dict[str, Counter]:
    """{owner: Counter of finding kinds} over every screen and language."""
    out: dict[str, Counter] = {}
    for screen in screens:
        counts = out.setdefault(screen.owner, Counter())
        counts.update(f.kind for f in screen.findings)
    return out


def write_report(screens: Sequence[Screen], out: Path) -> list[Path]:
    """report.json and a contact sheet per language under `out`; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    report = out / "report.json"
    report.write_text(json.dumps([s.to_json() for s in screens], ensure_ascii=False, indent=1),
                      encoding="utf-8")
    written = [report]
    for language in sorted({s.language for s in screens}):
        sheet = out / f"contact_sheet_{language}.png"
        contact_sheet([s for s in screens if s.language == language], sheet)
        written.append(sheet)
    return written
