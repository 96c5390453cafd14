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


def _tally_boxes(shapes: list[dict]) -> list[tuple[float, float, float, float]]:
    """Where each tally (a count beside its tourist symbol) reaches: x0, y0, x1, y1 in sheet
    units (a bold digit is about 0.62 of its size wide; the symbol is a circle of radius r)."""
    boxes = []
    for shape in shapes:
        x, y = shape["p"][:2]
        if shape["k"] == "text":
            boxes.append((x, y - 0.75 * shape["r"], x + 0.62 * shape["r"] * len(shape["t"]), y))
        elif shape["k"] == "mark" and shape["c"] == "#1d2230":  # tourists are drawn in ink
            boxes.append((x - shape["r"], y - shape["r"], x + shape["r"], y + shape["r"]))
    return boxes


def test_full_tallies_stay_inside_their_blocks_and_clear_of_the_corner_roads():
    import dataclasses

    from game.companion import sheets

    match = _eny_until("link")
    view = match.view(0)
    board = match.rules.board
    full = tuple((9, 9, 9) for _ in board.blocks)  # every tourist kind in every block
    own = dataclasses.replace(view.sheets[0], tourists=full)
    view = dataclasses.replace(view, sheets=(own, *view.sheets[1:]))
    curves = [shape["p"] for shape in phone_sheet(ENY, match.rules, view, None)["shapes"]
              if shape["k"] == "curve"]
    assert len(curves) == 4
    road = [((1 - t) ** 2 * p[0] + 2 * t * (1 - t) * p[2] + t * t * p[4],
             (1 - t) ** 2 * p[1] + 2 * t * (1 - t) * p[3] + t * t * p[5])
            for p in curves for t in (k / 60 for k in range(61))]
    for index, block in enumerate(board.blocks):
        x, y, w, h = sheets._eny_block_box(block.x, block.y)
        shapes = sheets._eny_block(index, block, own, ("circle", "square", "triangle"))
        tallies = _tally_boxes(shapes)
        assert len(tallies) == 6
        for x0, y0, x1, y1 in tallies:
            assert x <= x0 and x1 <= x + w and y <= y0 and y1 <= y + h, (block, (x0, y0, x1, y1))
            # the road drawn over the map's rounded corners (stroke 1.8 wide) misses them
            assert not any(x0 - 0.9 <= rx <= x1 + 0.9 and y0 - 0.9 <= ry <= y1 + 0.9
                           for rx, ry in road), block
    digits = [s["r"] for s in sheets._eny_block(0, board.blocks[0], own, ("circle",) * 3)
              if s["k"] == "text"]
    assert min(digits) >= 4.0  # ~15 px on a 390 px phone: the old counts were 3.2 (~12 px)
