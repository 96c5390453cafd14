"""The phone's sheet (game/companion/sheets.py): which targets glow and which stay dim."""

from __future__ import annotations

from game.companion.sheets import ENY, phone_sheet
from game.engine.core import Config
from game.engine.match import Match
from game.engine.registry import rules_for


def _eny_until(kind: str, seed: int = 3, limit: int = 400) -> Match:
    """An Explore New York match played until seat 0 is asked a `kind` prompt ("link": the
    first of a pair, along its block or anywhere; "extra": a link anywhere)."""
    match = Match(rules_for(ENY), Config(2, ()), seed)
    match.resolve_chance()
    for _ in range(limit):
        prompt = match.prompt_for(0)
        queue = match.view(0).queues[0]
        if prompt is not None and prompt.kind == kind and (kind != "link" or queue[0][1]):
            return match
        first = match.prompts()[0]
        match.apply(first.player, first.actions()[-1])  # the last option: varied turns
        match.resolve_chance()
    raise AssertionError(f"seat 0 was never asked a {kind} prompt")


def test_the_first_link_lights_the_blocks_sides_and_dims_the_other_roads():
    match = _eny_until("link")
    view, prompt = match.view(0), match.prompt_for(0)
    sheet = phone_sheet(ENY, match.rules, view, prompt)
    sides = set(match.rules.board.blocks[view.sheets[0].block].sides)
    bright = {prompt.options[t["o"]].action[1] for t in sheet["targets"] if not t.get("f")}
    assert bright == sides and len(sheet["targets"]) == len(prompt.options)
    faint = [t.get("f", 0) for t in sheet["targets"]]
    assert faint == sorted(faint, reverse=True)  # dim ones first: bright ones drawn on top


def test_a_link_anywhere_lights_every_road_alike():
    match = _eny_until("extra")
    prompt = match.prompt_for(0)
    sheet = phone_sheet(ENY, match.rules, match.view(0), prompt)
    assert len(sheet["targets"]) == len(prompt.options) > 12
    assert not any(t.get("f") for t in sheet["targets"])
