"""Explore New York's benchmark rows: the route-search maps and the report row's shape (no
timing assertions: timing lives only in game.bench)."""

from __future__ import annotations

import pytest

from game.bench import QUICK, benched_ids, room_rows
from game.bench_report import table
from game.games.explore_new_york.rules import ExploreNewYork
from game.games.explore_new_york.stress import (
    MAX_LINKS,
    TOURIST_BLOCKS,
    bot_game_sheets,
    constructed_sheets,
    time_routes,
)

from .support import reference_rules


@pytest.fixture(scope="module")
def rules() -> ExploreNewYork:
    return reference_rules()


def test_constructed_maps_are_dense_connected_networks_of_one_games_links(rules):
    sheets = list(constructed_sheets(rules, 20))
    assert len(sheets) == 20
    for sheet in sheets:
        assert MAX_LINKS - 1 <= sheet.links.bit_count() <= MAX_LINKS  # a corner grid has 23
        assert sheet.filled.bit_count() == TOURIST_BLOCKS
        links = [k for k in range(80) if sheet.links >> k & 1]
        reached, todo = {links[0]}, [links[0]]
        while todo:  # connected: every link reached from the first through touching links
            here = todo.pop()
            for k in links:
                if k not in reached and rules.board.touching[here] >> k & 1:
                    reached.add(k)
                    todo.append(k)
        assert len(reached) == len(links)


def test_bot_game_maps_are_final_maps(rules):
    sheets = bot_game_sheets(rules, 1, players=2)
    assert len(sheets) == 2 and all(sheet.links for sheet in sheets)
    timed = time_routes(rules, sheets)
    assert [sheet for _, sheet in timed] == sheets and all(ms >= 0 for ms, _ in timed)


ROUTES_KEY = "explore_new_york (final routes)"


def test_the_route_row_of_the_report(rules):
    assert "explore_new_york" in benched_ids()  # engine-only rooms are benchmarked too
    rows = room_rows("explore_new_york", QUICK)
    assert set(rows) == {ROUTES_KEY}
    row = rows[ROUTES_KEY]
    assert set(row) == {"route_ms", "slowest_ms", "slowest_links", "line"}
    f = row["route_ms"]
    assert 0 <= f["p50"] <= f["p95"] <= f["max"] and row["slowest_links"] <= MAX_LINKS
    bot = {"p50": 1.0, "p95": 2.0}
    engine_row = {"frame_ms": None, "frame_cpu_ms": None, "frame_x_fill": None,
                  "playouts_per_s": 1.0, "playouts_per_cpu_s": 1.0, "playouts_per_ref": 0.01,
                  "bot_ms": bot, "bot_cpu_ms": bot, "bot_x_ref": bot}
    reference = {"loop_cpu_ms": 10.0, "loop_cpu_ms_range": [9.0, 11.0], "fill_blit_ms": 1.0,
                 "fill_blit_cpu_ms": 1.0, "paced_fill_blit_cpu_ms": 1.0}  # the yardsticks
    report = {"explore_new_york": engine_row, ROUTES_KEY: row, "reference": reference,
              "startup_s": 0.1, "peak_rss_mb": 1.0}
    _, engine_only, cpu, routes, *_ = table(report, QUICK.startup_runs).splitlines()
    assert cpu.split()[:3] == ["cpu:", "frame", "-"]  # the row's CPU times follow it
    assert engine_only.split()[:2] == ["explore_new_york", "-"]  # no frames without a scene
    assert routes.startswith(ROUTES_KEY) and "slowest constructed map (" in routes
