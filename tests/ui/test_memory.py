"""Giving memory back between demos: every art cache empties, the heap is trimmed, and demos
in a row hold no more surfaces than the first."""

from __future__ import annotations

import functools
import gc
import platform
import threading
import weakref

import pygame
import pytest

from game.engine import registry
from game.engine.bots import BOT_KINDS
from game.scenes.game import GameScene
from game.scenes.seating import SeatSpec
from game.ui import memory, paint, theme


def test_release_between_demos_forgets_rendered_text():
    pygame.font.init()
    theme.text("a score nobody shows any more: 188", theme.SMALL_SIZE)
    assert theme.text.cache_info().currsize > 0
    memory.release_between_demos()
    assert theme.text.cache_info().currsize == 0


TEXT_BUDGET = 8 * 1024 * 1024  # bytes of rendered text a long match may keep


def test_a_long_match_keeps_a_bounded_amount_of_rendered_text():
    """In play nothing empties the cache between demos: every score and prompt ever drawn
    must not stay (issue 16)."""
    pygame.font.init()
    memory.release_between_demos()
    for score in range(3000):  # a long match's changing scores, each drawn for a while
        theme.text(f"{score} pts", theme.SMALL_SIZE)
    held = [ref for generation in theme.text.generations  # normal and blank-words art
            for ref in gc.get_referents(generation) if isinstance(ref, pygame.Surface)]
    assert held, "the text cache's surfaces are out of the collector's sight"
    held_bytes = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in held)
    assert held_bytes <= TEXT_BUDGET, held_bytes


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_the_heap_is_trimmed_with_glibc():
    assert memory.trim_heap()


# -- demos in a row ------------------------------------------------------------------------------
DEMO_OPENING_SECONDS = 20.0  # enough fake time for the deal and a few bot turns of any game
TICK = 0.1


def live_surfaces() -> int:
    """Surfaces any Python object holds (a module, a cache, a scene), counted once each."""
    gc.collect()
    held = {id(ref) for holder in gc.get_objects() for ref in gc.get_referents(holder)
            if isinstance(ref, pygame.Surface)}
    return len(held)


def memo_entries() -> int:
    """Entries in the game's functools caches of more than a fixed few (found through the
    collector, not through `memory`, so one that memory misses still counts)."""
    return sum(cached.cache_info().currsize for cached in gc.get_objects()
               if isinstance(cached, functools._lru_cache_wrapper)
               and cached.__module__.startswith("game")
               and (cached.cache_parameters()["maxsize"] or 0) > memory.FIXED_FEW)


def play_demo_opening(app, game_id: str, seed: int) -> None:
    """A bot demo of `game_id` shown for a while, then left as attract mode leaves it."""
    info = registry.get_game(game_id)
    seats = [SeatSpec(BOT_KINDS[0]) for _ in range(info.max_players)]
    app.stack.reset(GameScene(app, game_id, seats, seed, demo=True))
    for _ in range(round(DEMO_OPENING_SECONDS / TICK)):
        app.step([], TICK, present=False)
    app.stack.reset(app.open("title"))
    app.stack.apply()
    memory.release_between_demos()


@pytest.mark.parametrize("game_id", registry.game_ids(with_scene=True))
def test_demos_of_a_game_in_a_row_hold_no_more_than_the_first(app, game_id):
    """Each demo draws other cards, values and angles and offers other options: whatever it
    cached must go with it, or a kiosk's memory climbs demo after demo (issue 16)."""
    surfaces, memos = [], []
    for seed in range(3):
        play_demo_opening(app, game_id, seed)
        surfaces.append(live_surfaces())
        memos.append(memo_entries())
    assert surfaces[1] <= surfaces[0] and surfaces[2] <= surfaces[0], surfaces
    assert memos[1] <= memos[0] and memos[2] <= memos[0], memos


def test_every_art_cache_is_empty_after_a_release():
    pygame.font.init()
    theme.text("a score", theme.SMALL_SIZE)
    paint.veil((40, 30), 120)
    assert memory.cached_art() >= 2
    rss = memory.release_between_demos()
    assert memory.cached_art() == 0
    assert all(cached.cache_info().currsize == 0 for cached in memory.art_caches())
    assert rss > 10 * 1024 * 1024


def settle_closed_bots() -> None:
    """A decision in flight when an earlier test closed its game finishes in the background
    (BotWorker.close) and may fill the rules' memos after a release: wait for those threads
    (a closed worker's thread ends after its last decision)."""
    for thread in threading.enumerate():
        if thread.name == "bot":
            thread.join(timeout=2)


def test_the_engines_growing_memos_empty_but_a_handful_stays():
    from game.games.ticket_to_ride_paris import labels
    from game.games.urban_sprawl import prompts

    settle_closed_bots()
    prompts.option(("build", 3), ("cell", 1, 2), "build", cost=2)
    memory.release_between_demos()
    assert prompts.option.cache_info().currsize == 0
    caches = memory.memo_caches()
    assert prompts.option in caches
    assert labels._layout not in caches  # a map's label layout: a few entries, slow to redo
    from game.engine.memos import owned_memos

    scanned = [cached for cached in caches if cached not in owned_memos()]
    assert all(cached.__module__.startswith("game.") for cached in scanned)


def test_a_memo_an_engine_object_owns_empties_and_goes_with_its_owner():
    from game.engine.memos import owned_memo, owned_memos

    class Planner:
        def __init__(self) -> None:
            self.plan = owned_memo(self._plan, 64)
            self.few = owned_memo(self._plan, memory.FIXED_FEW)

        def _plan(self, n: int) -> int:
            return n * n

    before = len(owned_memos())
    owner = Planner()
    assert len(owned_memos()) == before + 2
    assert owner.plan(3) == 9 and owner.few(3) == 9
    caches = memory.memo_caches()
    assert owner.plan in caches and owner.few not in caches  # a fixed few stay, as at module level
    memory.release_between_demos()
    assert owner.plan.cache_info().currsize == 0 and owner.few.cache_info().currsize == 1
    del owner, caches  # the tuple held the memos, and each memo its owner
    gc.collect()
    assert len(owned_memos()) == before


def test_urban_sprawls_memos_on_its_rules_are_emptied_between_demos():
    rules = registry.rules_for("urban_sprawl")
    assert rules.invest_choices in memory.memo_caches()
    assert rules.hand_licences in memory.memo_caches()


# -- the heap settled as a table opens ------------------------------------------------------------
class Node:
    """An object in a cycle of its own: only a collection frees it."""

    def __init__(self) -> None:
        self.me = self


def open_table(app) -> GameScene:
    """A table of two bots made the app's scene (its `enter` runs)."""
    table = GameScene(app, "ticket_to_ride_paris", [SeatSpec(BOT_KINDS[0])] * 2, seed=3)
    app.stack.reset(table)
    app.stack.apply()
    return table


def test_a_table_opening_collects_every_cycle_and_freezes_what_survives(app):
    """No full collection walks the session's objects in play (one took 38 ms, GIL held)."""
    gone = Node()
    gone_ref = weakref.ref(gone)
    del gone
    gc.freeze()  # frozen before: a table's opening still collects it
    table = open_table(app)
    try:
        assert gone_ref() is None
        assert gc.get_freeze_count() > 0
        assert all(seen is not table for seen in gc.get_objects())  # frozen: out of sight
    finally:
        table.exit()
        gc.unfreeze()


def test_what_a_table_froze_and_dropped_goes_at_the_release(app):
    kept = Node()
    kept_ref = weakref.ref(kept)
    table = open_table(app)
    table.exit()
    del kept  # frozen while alive: no collection sees it until the release unfreezes it
    gc.collect()
    assert kept_ref() is not None
    memory.release_between_demos()
    assert kept_ref() is None
    assert gc.get_freeze_count() == 0
