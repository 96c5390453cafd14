"""The rooms' tie-break notes speak of "1 point", not "1 points" (issue 12): their messages are
plural tables chosen by the tied total, which tie_note passes as `count`."""

from __future__ import annotations

import pytest

from game.engine.core import tie_note
from game.ui.i18n import Translator, load_catalog, string_files

NOTES = [("ticket_to_ride_paris.tiebreak.tickets", ("tickets", 3)),
         ("ticket_to_ride_paris.tiebreak.shared", ("tickets", 3)),
         ("french_quarter.tiebreak.second_line", ("line", 7)),
         ("french_quarter.tiebreak.shared", ("line", 7)),
         ("next_station_paris.tiebreak.line", ("line", 9)),
         ("next_station_paris.tiebreak.shared", ("line", 9))]
ONE = {"en": "1 point ", "es": "1 punto "}
MANY = {"en": "12 points ", "es": "12 puntos "}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("key,detail", NOTES)
def test_a_tie_on_one_point_says_point_and_on_more_says_points(key, detail, language):
    translator = Translator(load_catalog(string_files()), language)
    for total, words in ((1, ONE), (12, MANY)):
        decided = tie_note([total, total], [0], key, key, detail)
        shared = tie_note([total, total], [0, 1], key, key, detail)
        for _, params in (decided, shared):
            text = translator.t(key, **{**dict(params), "player": "Ana", "players": "Ana, Bea"})
            assert words[language] in text and str(detail[1]) in text, text
