"""The legibility audit (game.legibility, issue 28) over every screen of the console, both
languages: the shell's screens, every guide page, each room at every table size, early, mid-game
and at the results (`python -m game.legibility --full` looks at the same and writes the contact
sheets). The screens are audited in groups (the shell's menus, its guide pages, each room), each
drawn once per test process, so that test processes share the sweep.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame
import pytest

from game.legibility import checks
from game.legibility.audit import Screen, run
from game.legibility.screens import SHELL, Shot, rooms, shots
from game.legibility.trace import textless, tracing
from game.ui import theme
from game.ui.i18n import LANGUAGES, PLURAL_FORMS, load_catalog, string_files

DEJAVU_SANS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # Debian's, Ubuntu's
GUIDES = "guides"  # the shell's guide pages, a group of their own (a third of the sweep)
GROUPS = (SHELL, GUIDES, *(info.id for info in rooms()))


def group_of(shot: Shot) -> str:
    """The group a screen is audited in."""
    if shot.owner == SHELL and shot.name.startswith("guide_"):
        return GUIDES
    return shot.owner


@functools.cache
def audited(group: str) -> tuple[Screen, ...]:
    """Every screen of a group in both languages (drawn once per test process)."""
    screens = run([shot for shot in shots(True) if group_of(shot) == group], LANGUAGES)
    pygame.display.quit()
    return tuple(screens)


def failures(screens) -> list[str]:
    """'[lang] screen: finding' for every finding that fails a screen."""
    return [f"[{s.language}] {s.name}: {f.line()}" for s in screens for f in s.failures]


@pytest.mark.parametrize("group", GROUPS)
def test_every_screen_is_drawn_in_both_languages_and_passes(group):
    screens = audited(group)
    for language in LANGUAGES:
        drawn = [s for s in screens if s.language == language]
        assert drawn and all(s.marks for s in drawn), [s.name for s in drawn if not s.marks]
    assert not failures(screens), "\n".join(failures(screens))


def test_the_spanish_screens_are_in_spanish():
    spanish = {m.text for s in audited(SHELL) if s.language == "es" for m in s.marks}
    assert "Elige un juego" in spanish or "Ajustes" in spanish


# == the audit can fail ==========================================================================
def traced_screen(draw) -> list[checks.Finding]:
    """The findings on a 1920x1080 canvas after `draw(canvas)`."""
    pygame.display.init()
    pygame.font.init()
    with tracing() as tracer:
        canvas = pygame.Surface((1920, 1080))
        canvas.fill(theme.BACKGROUND)
        draw(canvas)
        return checks.findings(tracer.marks(canvas), tracer.frames(canvas))


def kinds(found: list[checks.Finding]) -> set[str]:
    return {f.kind for f in found}


def test_a_14_px_text_fails():
    size = 16  # pygame's default font at size 16 gives lines 13-14 px high
    found = traced_screen(lambda c: c.blit(theme.text("Score", size), (100, 100)))
    assert kinds(found) == {"small"}
    assert found[0].text == "Score"
    assert traced_screen(lambda c: c.blit(theme.text("Score", theme.SMALL_SIZE), (100, 100))) == []


def test_a_clipped_word_fails_wherever_it_is_cut():
    def by_area(canvas):  # "Madeleine" blitted with its first letter left out
        text = theme.text("Madeleine", theme.BODY_SIZE)
        canvas.blit(text, (100, 100), pygame.Rect(12, 0, text.get_width(), text.get_height()))

    def by_layer(canvas):  # on a panel too narrow for it, the panel then on the canvas
        panel = pygame.Surface((120, 60))
        panel.blit(theme.text("Metrópolis", theme.BODY_SIZE), (10, 10))
        canvas.blit(panel, (300, 300))

    def by_ellipsis(canvas):
        from game.ui.paint import fit_text
        canvas.blit(fit_text("Blue numbers on the map", theme.BODY_SIZE, 200, theme.TEXT),
                    (100, 500))

    assert kinds(traced_screen(by_area)) == {"clipped"}
    assert kinds(traced_screen(by_layer)) == {"clipped"}
    assert kinds(traced_screen(by_ellipsis)) == {"cut"}


def test_overlapping_texts_a_focus_frame_through_a_text_and_a_raw_key_fail():
    from game.ui.widgets import focus_ring

    def overlap(canvas):
        canvas.blit(theme.text("Player 1", theme.BODY_SIZE), (100, 100))
        canvas.blit(theme.text("Bot 2", theme.BODY_SIZE), (130, 110))

    def framed(canvas):
        canvas.blit(theme.text("Start the game", theme.BODY_SIZE), (100, 100))
        focus_ring(canvas, pygame.Rect(160, 60, 300, 100))

    def raw(canvas):
        canvas.blit(theme.text("results.points", theme.BODY_SIZE), (100, 100))

    assert kinds(traced_screen(overlap)) == {"overlap"}
    assert kinds(traced_screen(framed)) == {"focus"}
    assert kinds(traced_screen(raw)) == {"raw_key"}


def test_a_text_scaled_down_or_turned_is_measured_as_shown():
    def shrunk(canvas):
        board = pygame.Surface((400, 200))
        board.blit(theme.text("Opéra", theme.BODY_SIZE), (10, 10))
        canvas.blit(pygame.transform.smoothscale(board, (200, 100)), (0, 0))

    def turned(canvas):
        canvas.blit(pygame.transform.rotate(theme.text("Routes", theme.BODY_SIZE), 45), (0, 0))

    def tilted(canvas):  # a die's face, tilted a little
        canvas.blit(pygame.transform.rotate(theme.text("6", theme.BODY_SIZE), -8), (0, 0))

    assert kinds(traced_screen(shrunk)) == {"small"}
    assert kinds(traced_screen(turned)) == {"rotated"}
    assert traced_screen(tilted) == []


def test_fine_print_passes_up_to_its_share_only():
    def fine(count: int, big: int):
        def draw(canvas):
            for n in range(big):
                canvas.blit(theme.text(f"line {n}", theme.SMALL_SIZE), (100, 40 * n))
            for n in range(count):
                canvas.blit(theme.text(f"note {n}", theme.FINE_PRINT_SIZE), (900, 40 * n))
        return draw

    assert traced_screen(fine(1, 20)) == []
    assert kinds(traced_screen(fine(3, 20))) == {"fine_print"}


def test_a_text_hidden_under_a_panel_is_not_on_the_screen_and_a_half_hidden_one_is_noted():
    def hidden(canvas):
        canvas.blit(theme.text("Under", theme.BODY_SIZE), (100, 100))
        canvas.fill((0, 0, 0), pygame.Rect(50, 50, 400, 200))

    def half(canvas):
        canvas.blit(theme.text("Underneath", theme.BODY_SIZE), (100, 100))
        pygame.draw.rect(canvas, (0, 0, 0), pygame.Rect(160, 50, 400, 200))

    assert traced_screen(hidden) == []
    found = traced_screen(half)
    assert kinds(found) == {"covered"} and not found[0].fails  # a note for a person to judge


# == words and numbers ===========================================================================
def counted_without_plurals(keys_of) -> list[str]:
    """Keys whose template shows a {count} but has no plural forms (one/other)."""
    out = []
    for path in keys_of:
        catalog = load_catalog([path])
        for lang in LANGUAGES:
            out += [f"{path.parent.name}/{path.name} [{lang}] {key}"
                    for key, template in catalog[lang].items()
                    if "{count}" in template
                    and not key.endswith(tuple(f".{form}" for form in PLURAL_FORMS))]
    return out


def test_every_count_the_shell_shows_has_plural_forms():
    shell = [p for p in string_files() if p.parent.name == "ui"]
    assert shell and not counted_without_plurals(shell)


# == what "24 px" measures =======================================================================
def ink_height(font: pygame.font.Font, letters: str) -> int:
    return font.render(letters, True, (255, 255, 255)).get_bounding_rect(1).h


def test_a_24_px_line_is_a_24_px_em_with_the_ink_of_a_common_ui_font_at_24_px():
    pygame.font.init()
    smallest = theme.font(theme.SMALL_SIZE)
    assert smallest.get_height() == checks.SMALLEST  # the smallest text is exactly at the rule
    for size in range(theme.FINE_PRINT_SIZE, theme.TITLE_SIZE + 1):
        font = theme.font(size)
        assert font.get_height() == font.get_point_size()  # line height = em size, every size
    assert (ink_height(smallest, "H"), ink_height(smallest, "x")) == (17, 13)
    if DEJAVU_SANS.exists():  # DejaVu Sans at a 24 px em: capitals a pixel taller, same x-height
        common = pygame.font.Font(DEJAVU_SANS, 24)
        assert ink_height(common, "H") - ink_height(smallest, "H") <= 1
        assert ink_height(common, "x") <= ink_height(smallest, "x")


# == a picture drawn without its words ===========================================================
def test_a_picture_drawn_without_words_shows_none_and_leaves_nothing_behind():
    from game.games.french_quarter.map_layout import value_ink  # a memo of a text's ink

    pygame.display.init()
    pygame.font.init()
    shown = pygame.image.tobytes(theme.text("Madeleine", theme.SMALL_SIZE), "RGBA")
    truth = value_ink(theme.SMALL_SIZE)
    value_ink.cache_clear()
    canvas = pygame.Surface((300, 60))
    canvas.fill((20, 20, 20))
    with textless():
        canvas.blit(theme.text("Madeleine", theme.SMALL_SIZE, (255, 255, 255)), (10, 10))
        value_ink(theme.SMALL_SIZE)  # learnt from blank ink, inside
    colours = {canvas.get_at((x, y))[:3] for x in range(300) for y in range(60)}
    assert all(max(abs(c - 20) for c in colour) <= 1 for colour in colours)  # no word shows
    assert pygame.image.tobytes(theme.text("Madeleine", theme.SMALL_SIZE), "RGBA") == shown
    assert value_ink(theme.SMALL_SIZE) == truth  # nothing learnt inside outlives the block
