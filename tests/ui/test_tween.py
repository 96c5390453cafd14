"""The shared animation timeline: queueing, holds, painting order and the clock's reset."""

from __future__ import annotations

import pygame
import pytweening

from game.ui.tween import Timeline


def test_progress_is_eased_and_clamped() -> None:
    line = Timeline()
    tween = line.add(1.0, 2.0, ease=pytweening.linear)
    assert tween.progress(0.0) == 0.0 and tween.progress(2.0) == 0.5 and tween.progress(9) == 1.0
    assert line.add(0.0, 0.0).progress(0.0) == 1.0  # an instant tween is already over


def test_tweens_queue_one_after_another_and_the_clock_restarts_when_idle() -> None:
    line = Timeline()
    first = line.add(line.tail(), 0.5)
    line.add(line.tail(), 0.25)
    assert line.tail() == first.end + 0.25 and line
    assert line.update(0.6) and len(line.tweens) == 1 and line.clock == 0.6
    assert line.update(0.2) and not line and line.clock == 0.0
    assert not line.update(0.1)  # nothing running: nothing to do


def test_holds_count_every_tween_and_late_ones_only_once_started() -> None:
    line = Timeline()
    line.add(0.0, 1.0, holds=("card",))
    line.add(0.0, 2.0, holds=("card", "hand"))
    line.add(0.5, 1.0, holds=("flip",), late=True)
    assert line.holds() == {"card": 2, "hand": 1}
    line.update(0.6)
    assert line.holds() == {"card": 2, "hand": 1, "flip": 1}
    line.update(0.5)
    assert line.holds() == {"card": 1, "hand": 1, "flip": 1}


def test_paint_skips_queued_tweens_unless_early_and_filters_by_seat() -> None:
    line = Timeline()
    painted: list[tuple[str, float]] = []

    def painter(name: str):
        return lambda canvas, p: painted.append((name, round(p, 2)))

    line.add(0.0, 1.0, painter("shared"), pytweening.linear)
    line.add(0.0, 1.0, painter("seat1"), pytweening.linear, seat=1)
    line.add(0.5, 1.0, painter("queued"), pytweening.linear)
    line.add(0.5, 1.0, painter("early"), pytweening.linear, early=True)
    canvas = pygame.Surface((4, 4))
    line.update(0.25)
    line.paint(canvas, seat=0)
    assert painted == [("shared", 0.25), ("early", 0.0)]
    painted.clear()
    line.paint(canvas)
    assert [name for name, _ in painted] == ["shared", "seat1", "early"]
    line.add(2.0, 1.0, seat=1)  # a seat's own queue runs on without the others
    assert line.tail(seat=0) == 1.5 and line.tail(seat=1) == line.tail() == 3.0


def test_shared_tail_waits_for_the_shared_tweens_alone() -> None:
    line = Timeline()
    assert line.shared_tail() == 0.0  # nothing queued: now
    line.add(0.0, 1.0)
    line.add(0.0, 3.0, seat=0)  # a seat's own stroke never delays a shared tween
    assert line.shared_tail() == 1.0 and line.tail() == 3.0
    line.update(2.0)
    assert line.shared_tail() == line.clock == 2.0  # the shared ones are over: now


def test_advance_says_when_the_shown_view_may_change() -> None:
    line = Timeline()
    assert not line.advance(0.1)  # idle
    line.add(0.0, 1.0, holds=("card",))
    line.add(0.5, 1.0, holds=("flip",), late=True)
    assert not line.advance(0.2)  # nothing ended or started holding
    assert line.advance(0.4)  # the late tween starts holding at 0.5
    assert not line.advance(0.2)
    assert line.advance(0.3)  # the first tween ends at 1.0
    assert line.advance(1.0) and not line  # the last one ends: idle again
    line.add(0.5, 1.0, tag=("seat", 3))
    assert not line.advance(0.2)  # a count that has not started shows its start value
    assert line.advance(0.4) and line.advance(0.1)  # a running count changes every frame


def test_a_tween_that_only_paints_changes_no_layer_as_it_ends_or_starts() -> None:
    """A tween with no holds and no tag (a card flying, a wait drawing an animation out)
    is dropped as it ends, yet `advance` reports nothing: no layer shows it (a refresh then
    asked every layer's key and found nothing to repaint)."""
    line = Timeline()
    line.add(0.0, 0.5)
    line.add(0.2, 0.5, late=True)  # late, holding nothing
    line.add(0.0, 2.0, holds=("hand",))
    assert not line.advance(0.3)  # the late one started: it holds nothing
    assert not line.advance(0.3) and len(line.tweens) == 2  # the first ended: dropped
    assert not line.advance(0.2) and len(line.tweens) == 1
    assert line.advance(1.5) and not line  # the one holding the hand ends


def test_the_last_tween_ending_is_a_change_even_if_it_only_paints() -> None:
    """Once no tween runs a layer may show otherwise (one reads whether tweens run: Ticket
    to Ride's move log makes its text whole at rest), so the last tween ending is reported,
    whatever it held."""
    line = Timeline()
    line.add(0.0, 0.5)
    assert not line.advance(0.3)
    assert line.advance(0.3) and not line


def test_counting_yields_each_tag_with_the_fraction_still_to_come() -> None:
    line = Timeline()
    line.add(0.0, 1.0, ease=pytweening.linear, tag=(0, 10))
    line.add(1.0, 1.0, ease=pytweening.linear, tag=(1, 4))
    line.add(0.0, 1.0, holds=("x",))
    line.update(0.25)
    assert list(line.counting()) == [((0, 10), 0.75), ((1, 4), 1.0)]


def test_holds_and_quiet_spells_follow_every_change_of_the_queue() -> None:
    """`holds()` and `advance` keep what they work out from the queue between its changes:
    a tween added, a late one starting, one ending or a clear must each be seen at once."""
    line = Timeline()
    line.add(0.0, 2.0, holds=("card",))
    assert line.holds() == {"card": 1} and line.holds() is line.holds()  # kept while unchanged
    assert not line.advance(0.1)
    line.add(0.0, 0.3, holds=("hand",))  # ends before anything queued so far
    assert line.holds() == {"card": 1, "hand": 1}
    assert line.advance(0.25)  # the new tween's end is seen, not the old quiet spell's
    assert line.holds() == {"card": 1}
    line.add(0.6, 1.0, holds=("flip",), late=True)
    assert line.holds() == {"card": 1}
    assert not line.advance(0.1)
    assert line.advance(0.2) and line.holds() == {"card": 1, "flip": 1}  # started holding
    line.add(line.clock + 0.1, 1.0, tag=("seat", 1))
    assert not line.advance(0.05) and line.advance(0.1)  # a count starts changing the view
    line.clear()
    assert line.holds() == {} and not line.advance(0.1)
    line.add(0.0, 0.5, holds=("die",))
    assert line.holds() == {"die": 1} and line.advance(0.6) and not line


def test_a_seat_watches_its_own_and_the_shared_tweens_while_they_are_queued():
    """`watched_by` follows the queue: a tween added, ended or cleared is seen at once."""
    line = Timeline()
    assert not line.watched_by(0)
    line.add(0.0, 1.0, seat=1)
    assert line.watched_by(1) and not line.watched_by(0)
    line.add(0.5, 1.0)  # a shared one, still waiting: everyone watches it
    assert line.watched_by(0)
    line.update(1.2)  # seat 1's ends
    assert line.watched_by(0) and line.watched_by(1)
    line.update(0.5)
    assert not line.watched_by(1)
    line.add(0.0, 1.0, seat=0)
    assert line.watched_by(0) and not line.watched_by(1)
    line.clear()
    assert not line.watched_by(0)


def test_paint_gives_the_progress_at_the_clock_now_not_the_one_asked_before() -> None:
    timeline = Timeline()
    seen: list[float] = []
    tween = timeline.add(0.0, 1.0, lambda canvas, p: seen.append(p), ease=lambda p: p)
    canvas = pygame.Surface((10, 10))
    timeline.update(0.25)
    assert tween.progress(timeline.clock) == 0.25  # asked first (the damage does), kept
    timeline.paint(canvas)
    timeline.update(0.25)  # the next frame: painted at its own progress
    timeline.paint(canvas)
    assert seen == [0.25, 0.5]
