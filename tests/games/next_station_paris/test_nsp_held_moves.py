"""What Next Station keeps to make frames cheaper is right: a move whose every change a tween
holds back (a stroke: HELD_KINDS) skips asking the layers
in the frame after it (only right if no layer's key changed with it); a score zone's bands
are laid out once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from tests.games.next_station_paris.test_damage import seated


# (seats, options, fewest skips): alone, a stroke mostly comes with the next card (checked);
# with the modules no move skips (a stroke may meet an objective the panel shows at once)
@pytest.mark.parametrize(("players", "options", "fewest"), [
    (1, (), 1), (3, (), 20), (4, (), 20),
    (4, (("gates", True), ("objectives", True)), 0)])
def test_a_move_that_skips_the_layer_check_changes_no_layer(players, options, fewest):
    match, bots, renderer = seated(players, players + 5, options=options)
    skipped = checked = 0
    for _ in range(400):
        prompts = match.prompts()
        if not prompts:
            break
        prompt = prompts[0]
        action = bots[prompt.player].choose(match.rules, match.view(prompt.player), prompt)
        events = match.apply(prompt.player, action) + match.resolve_chance()
        assert not renderer._landed  # the frames before checked the last move
        renderer.holds = renderer.timeline.holds()
        renderer.layers.refresh()  # the layers left for later frames (REPAINT_BUDGET) too
        renderer.animate(events, match.view(None), None)
        if not renderer._landed:  # the check was skipped: every key must be as shown
            renderer.holds = renderer.timeline.holds()  # what the next frame's refresh reads
            assert renderer.layers.refresh() == 0, [ev.kind for ev in events]
            skipped += 1
        else:
            checked += 1
        for _ in range(3):  # a few frames between answers: some tweens end
            renderer.update(1 / 60)
    assert skipped >= fewest and checked > 2
    if not fewest:
        assert not skipped


@pytest.mark.parametrize(("players", "humans"), [(1, (0,)), (2, (0, 1)), (3, (0,)), (4, ())])
def test_a_score_zone_s_kept_bands_are_its_own_and_lie_in_it(players, humans):
    """The bands a full sheet's score rows lie in are laid out once per panel: after rows of
    every seat were asked (and again after a new layout), each row's rect is the one laid out
    anew for that panel, inside its own score zone, and no two rows overlap."""
    match, _, renderer = seated(players, 3, humans)
    for layout in range(2):
        scores, view = renderer.scores, match.view(None)
        for _ in range(2):  # the second time from the kept bands
            for panel in renderer.score_panels:
                score = scores.seat_score(view, panel.seat)
                rects = [rect for rect, _, _ in panel.rows(score, 0, False)]
                if panel.area.mini:
                    assert rects == [panel.area.score]
                    continue
                panel._bands = None
                assert rects == [rect for rect, _, _ in panel.rows(score, 0, False)]
                assert all(panel.area.score.contains(rect) for rect in rects)
                assert not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:])
        renderer.set_humans(humans[:1] if layout == 0 else humans)
