"""What an Urban Sprawl card says, readable: the row cards show a contract's whole name, and
the zoom panel spells out every card of the level (effects, restrictions, what a reveal does)
in English and Spanish, each line inside its column and the whole panel inside the board."""

from __future__ import annotations

import pygame
import pytest

from game.engine.core import Config
from game.engine.registry import rules_for
from game.games.urban_sprawl import sprites as sp
from game.games.urban_sprawl.board import Contract, EventCard, Permit, Renewal, Rule, card_name
from game.games.urban_sprawl.card_text import card_lines, rule_sentence
from game.games.urban_sprawl.layout import CARD, RIGHT_X
from game.games.urban_sprawl.scene import USRenderer
from game.ui import theme
from game.ui.board_api import BOARD_RECT
from game.ui.i18n import set_language, t
from game.ui.paint import wrap
from game.ui.render_kit import translator
from tests.ui.string_fit import Widget, overflow

US = "urban_sprawl"
words = translator("urban_sprawl.scene.")


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()


@pytest.fixture(params=["en", "es"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_a_row_card_shows_a_contracts_whole_name_narrowed_at_most(language):
    """In both languages: the name the card shows is its strings.toml one (board.card_name)."""
    width = CARD[0] - 10
    for card in rules_for(US).board.cards.values():
        if isinstance(card, Contract):
            name = t(card_name(card.id))
            assert name != card_name(card.id), (language, card.id)
            lines = wrap(name, sp.TEXT_SIZE, width)
            assert len(lines) <= sp.NAME_LINES, (language, card.id, name)
            widest = max(theme.font(sp.TEXT_SIZE).size(line)[0] for line in lines)
            assert widest * sp.SQUEEZE <= width, (language, card.id, name)  # narrowed, never cut


@pytest.mark.parametrize("name, lines", [
    ("Ayuntamiento", ["Ayunta-", "miento"]),  # one word too wide even narrowed: hyphenated
    ("Concesionario", ["Conce-", "sionario"]),
    ("Residencia de Estudiantes", ["Residencia de", "Estudiantes"]),
    ("Puerto de Contenedores", ["Puerto de", "Contenedores"]),
    ("Post Office", ["Post", "Office"]),
    ("Hotel", ["Hotel"]),
])
def test_a_long_name_is_split_evenly_and_hyphenated_never_cut(name, lines):
    """A name in a card's two lines: the fewest lines that fit, else the split whose widest
    line is narrowest, a word too wide
    for a line split where it hyphenates; every line narrowed at most to NAME_SQUEEZE."""
    pygame.init()
    width = CARD[0] - 10
    assert sp.fit_lines(name, sp.TEXT_SIZE, width, sp.NAME_LINES) == lines
    for line in lines:
        assert theme.font(sp.TEXT_SIZE).size(line)[0] * sp.NAME_SQUEEZE <= width


def test_every_card_is_put_into_words_without_a_missing_key(language):
    missing = []

    def strict(key: str, **params) -> str:
        """The room's words, noting every key the strings lack (card_text falls back to
        generic text for those: this test keeps the level's cards from needing it)."""
        text = words(key, **params)
        if text == "urban_sprawl.scene." + key:
            missing.append(key)
        return text
    for card in rules_for(US).board.cards.values():
        lines = card_lines(card, strict)
        assert lines, card.id
        for line in lines:
            assert "urban_sprawl." not in line and "{" not in line, (language, card.id, line)
    assert not missing, (language, sorted(set(missing)))


@pytest.mark.parametrize(("rule", "english"), [
    (Rule("volcano", {"prestige": 2}), "A special effect: volcano."),
    (Rule("disaster", {"area": "lava_field", "prestige": 2}),
     "Every player with a building lava field loses one, or pays 2 prestige to keep all."),
])
def test_a_kind_or_name_the_strings_lack_reads_as_generic_words_not_a_key(rule, english):
    """An engine ahead of the scene's strings (a new disaster, a new effect) still reads."""
    assert rule_sentence(rule, words) == english


def test_the_zoom_text_fits_its_column_and_the_panel_fits_the_board(language):
    rules = rules_for(US)
    renderer = USRenderer(rules, Config(2), ["Player 1", "Player 2"])
    column = Widget(sp.TEXT_SIZE, sp.ZOOM_TEXT_W, lines=99)
    for card_id, card in rules.board.cards.items():
        misfits = [line for line in card_lines(card, words) if overflow(line, column)]
        assert not misfits, (language, card_id, misfits)
        panel = renderer.faces.zoom_panel(card_id)
        assert panel.get_width() <= RIGHT_X - 32, card_id  # over the city, left of the rows
        assert panel.get_height() <= BOARD_RECT.h - 32, card_id


def test_the_zoom_names_what_each_card_does():
    board = rules_for(US).board
    renewal = next(c for c in board.cards.values() if isinstance(c, Renewal))
    assert card_lines(renewal, words)[0] == words("renewal_text")
    permit = next(c for c in board.cards.values() if isinstance(c, Permit) and c.licences == 1)
    assert "1 licence for" in card_lines(permit, words)[0]
    event = next(c for c in board.cards.values() if isinstance(c, EventCard))
    assert len(card_lines(event, words)) == 1 + len(event.effects)
    built = [c for c in board.cards.values() if isinstance(c, Contract) and c.restriction]
    assert built and all(rule_sentence(c.restriction, words) in card_lines(c, words)
                         for c in built)


@pytest.mark.parametrize(("rule", "english"), [
    (Rule("gain_per_building", {"resource": "wealth", "amount": 2, "zone": "PARK", "size": 1,
                                "scope": "rows"}),
     "You gain 2 wealth per Park building of size 1 in this building's rows."),
    (Rule("gain_per_vocation", {"resource": "wealth", "amount": 1, "vocation": "any"}),
     "You gain 1 wealth per vocation you hold."),
    (Rule("place_marker", {"marker": "p5"}), "Put the prestige 5 marker on an empty circle."),
    (Rule("activate", {"what": "city"}), "The City deck enters play."),
    (Rule("near_edge", {"edge": "water"}), "Build it only touching the water."),
])
def test_a_rule_reads_as_a_sentence_with_its_parameters_in_words(rule, english):
    assert rule_sentence(rule, words) == english
