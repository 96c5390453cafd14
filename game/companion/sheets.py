"""A seat's own sheet for its phone (Next Station: Paris, Explore New York): a drawing the page
makes from shapes in a 100 x 100 box, plus tap targets that name the prompt's options.

The shapes come from the room's board module (station and block positions, symbols, links) and
from the seat's own view (`match.view(seat)`: its lines, links, tourists), never from another
seat's view. A target is an option of the seat's prompt drawn where its `Option.target` sits on
the map; a tap sends that option's index, the same message its button sends, so the bridge
and the engine judge it exactly as they judge a button. Options whose target the sheet does not
draw (pass, stop, a card to discard) stay buttons.

Shapes (plain JSON, all the page needs to draw):
    {"k": "line", "p": [x1, y1, x2, y2], "c": colour, "w": width, "d": dashed}
    {"k": "curve", "p": [x1, y1, cx, cy, x2, y2], "c": colour, "w": width}
    {"k": "rect", "p": [x, y, w, h], "c": fill}
    {"k": "mark", "p": [x, y], "s": symbol, "r": size, "c": fill}
    {"k": "text", "p": [x, y], "t": text, "r": size, "c": colour}
Targets: {"o": option index, "k": "dot" | "line" | "curve" | "rect", "p": [...], "f": 1}.
"f" (faint) marks an option the prompt allows but does not point at, as the TV leaves it plain:
Explore New York's first link may be drawn anywhere, but the turn's block is what it is about,
so the links along the block glow and the other 76 stay dim (still tappable; faint targets come
first, so a bright one is on top where two meet). The page zooms a sheet whose bright link
targets are too many to tell apart under a finger (static/app.js).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NS, ENY = "next_station_paris", "explore_new_york"
Shape = dict[str, Any]
PENCILS = ("#f08a24", "#34a853", "#9b59d0", "#2f7bff")  # orange, green, purple, blue
LINK_GREY, INK, PAPER, FAINT = "#8a93a6", "#1d2230", "#f2efe4", "#d9d3c0"


def phone_sheet(game_id: str, rules: Any, view: Any, prompt: Any) -> dict[str, Any] | None:
    """The seat's sheet and its prompt's targets, or None for a game drawn without one."""
    drawer = SHEETS.get(game_id)
    if drawer is None:
        return None
    shapes, places = drawer(rules, view)
    pointer = POINTERS.get(game_id)
    near = pointer(rules, view, prompt) if pointer is not None and prompt is not None else None
    targets = []
    for index, option in enumerate(prompt.options if prompt is not None else ()):
        place = places(option.target) if option.target is not None else None
        if place is not None:
            faint = near is not None and option.target not in near
            targets.append({"o": index, **place, **({"f": 1} if faint else {})})
    targets.sort(key=lambda target: -target.get("f", 0))  # bright ones drawn last, on top
    return {"shapes": shapes, "targets": targets}


def _r(value: float) -> float:
    return round(value, 2)


# -- Next Station: Paris -----------------------------------------------------------------------
NS_STEP, NS_EDGE = 10.0, 5.0  # lattice points 0..9 -> 5..95


def _ns_xy(station: Any) -> list[float]:
    return [_r(NS_EDGE + station.col * NS_STEP), _r(NS_EDGE + station.row * NS_STEP)]


def ns_sheet(rules: Any, view: Any) -> tuple[list[Shape], Callable[[Any], Shape | None]]:
    """Districts, the grey links, the seat's lines in its pencils, then the stations."""
    board, seat = rules.board, view.viewer
    shapes: list[Shape] = [_ns_district(d) for d in board.districts if d.main]
    used = view.used[seat]
    for link in board.links:
        if not used >> link.index & 1:
            a, b = board.stations[link.a], board.stations[link.b]
            shapes.append({"k": "line", "p": _ns_xy(a) + _ns_xy(b), "c": LINK_GREY, "w": 0.5,
                           "d": 1})
    for line in view.lines[seat]:
        for index in line.links:
            link = board.links[index]
            a, b = board.stations[link.a], board.stations[link.b]
            shapes.append({"k": "line", "p": _ns_xy(a) + _ns_xy(b), "c": PENCILS[line.color],
                           "w": 1.8})
    shapes += [_ns_station(s) for s in board.stations]

    def place(target: Any) -> Shape | None:
        if target[0] == "station":
            return {"k": "dot", "p": _ns_xy(board.stations[target[1]])}
        return None
    return shapes, place


def _ns_district(district: Any) -> Shape:
    (c0, c1), (r0, r1) = district.cols, district.rows
    x, y = NS_EDGE + (c0 - 0.5) * NS_STEP, NS_EDGE + (r0 - 0.5) * NS_STEP
    return {"k": "rect", "p": [_r(x), _r(y), _r((c1 - c0 + 1) * NS_STEP),
                               _r((r1 - r0 + 1) * NS_STEP)], "c": FAINT}


def _ns_station(station: Any) -> Shape:
    if station.monument:
        symbol = "monument"
    elif station.platform:
        symbol = "platform"
    else:
        symbol = station.shape
    colour = PENCILS[station.departure] if station.departure >= 0 else INK
    return {"k": "mark", "p": _ns_xy(station), "s": symbol, "r": 2.6, "c": colour}


# -- Explore New York --------------------------------------------------------------------------
ENY_STEP, ENY_EDGE = 15.0, 5.0  # intersections 0..6 -> 5..95
ENY_ROAD, ENY_CAFE = "#c0392b", "#8e5b2c"


def _eny_xy(point: tuple[int, int]) -> list[float]:
    return [_r(ENY_EDGE + point[0] * ENY_STEP), _r(ENY_EDGE + point[1] * ENY_STEP)]


def eny_sheet(rules: Any, view: Any) -> tuple[list[Shape], Callable[[Any], Shape | None]]:
    """Blocks with their attraction and tourists, the grey roads, the seat's drawn links in
    red, and the cafés (filled once used)."""
    from game.games.explore_new_york.board import CORNERS, TOURISTS

    board = rules.board
    sheet = view.sheets[view.viewer]
    shapes: list[Shape] = []
    for index, block in enumerate(board.blocks):
        shapes += _eny_block(index, block, sheet, TOURISTS)
    for index, link in enumerate(board.links):
        drawn = sheet.links >> index & 1
        shape = _eny_link(link, CORNERS)
        shape.update({"c": ENY_ROAD, "w": 1.8} if drawn else {"c": LINK_GREY, "w": 0.5, "d": 1})
        shapes.append(shape)
    for index, cafe in enumerate(board.cafes):
        used = sheet.cafes >> index & 1
        shapes.append({"k": "mark", "p": _eny_xy(cafe.at), "s": "cafe" if used else "cafe_open",
                       "r": 2.4, "c": ENY_CAFE})

    def place(target: Any) -> Shape | None:
        if target[0] == "block":
            x, y = target[1], target[2]
            return {"k": "rect", "p": _eny_block_box(x, y)}
        if target[0] == "link":
            shape = _eny_link(board.links[target[1]], CORNERS)
            return {"k": "curve" if shape["k"] == "curve" else "line", "p": shape["p"]}
        return None
    return shapes, place


def eny_near(rules: Any, view: Any, prompt: Any) -> set[Any] | None:
    """The first link of a pair: the links along the seat's block (the TV dots the same ones);
    None (all alike) for any other prompt."""
    queue = view.queues[view.viewer]
    block = view.sheets[view.viewer].block
    if prompt.kind != "link" or not queue or not queue[0][1] or block < 0:
        return None
    return {("link", side) for side in rules.board.blocks[block].sides}


def _eny_block_box(x: int, y: int) -> list[float]:
    inset = 1.2
    left, top = _eny_xy((x - 1, y - 1))
    return [_r(left + inset), _r(top + inset), ENY_STEP - 2 * inset, ENY_STEP - 2 * inset]


def _eny_block(index: int, block: Any, sheet: Any, tourists: tuple[str, ...]) -> list[Shape]:
    """The block's paper (darker once it holds tourists, outlined if it is this turn's), its
    attraction in a corner and its tourists by type."""
    box = _eny_block_box(block.x, block.y)
    filled = sheet.filled >> index & 1
    shapes: list[Shape] = [{"k": "rect", "p": box, "c": FAINT if filled else PAPER}]
    if sheet.block == index:
        shapes.append({"k": "rect", "p": box, "c": "none", "o": ENY_ROAD})
    if block.attraction != "white":
        shapes.append({"k": "mark", "p": [_r(box[0] + 2.6), _r(box[1] + 2.6)],
                       "s": block.attraction, "r": 1.6, "c": "#6b6457"})
    counts = [(name, n) for name, n in zip(tourists, sheet.tourists[index], strict=True) if n]
    return shapes + _eny_tallies(box, block, counts)


# A block's tallies: one row per tourist kind (at most three), a symbol and its count, right of
# the attraction's corner. Sized to the box (12.6 units, ~48 px on a phone): the digits ~16 px,
# the third row still inside the box, clear of the roads drawn over its edges.
TALLY_PITCH, TALLY_DIGIT = 3.9, 4.4
TALLY_AT = (6.4, 2.6)  # the first symbol's centre from the box's top-left corner
# The map's rounded corner roads cut through the four corner blocks: there the column sits
# where the curve leaves room (the test checks the road misses every tally; our map puts no
# attraction in a corner block).
TALLY_AT_CORNER = {"nw": (7.5, 3.1), "ne": (1.6, 3.2), "sw": (7.7, 1.8), "se": (1.7, 1.8)}


def _eny_tally_at(block: Any) -> tuple[float, float]:
    """Where the block's first tally symbol goes, from its box's top-left corner."""
    from game.games.explore_new_york.board import CORNERS

    for name, (x, y) in CORNERS.items():
        # a block spans the intersections x-1..x, y-1..y
        if block.x - 1 <= x <= block.x and block.y - 1 <= y <= block.y:
            return TALLY_AT_CORNER[name]
    return TALLY_AT


def _eny_tallies(box: list[float], block: Any, counts: list[tuple[str, int]]) -> list[Shape]:
    dx, dy = _eny_tally_at(block)
    shapes: list[Shape] = []
    for row, (name, count) in enumerate(counts):
        x, y = box[0] + dx, box[1] + dy + row * TALLY_PITCH
        shapes += [{"k": "mark", "p": [_r(x), _r(y)], "s": name, "r": 1.5, "c": INK},
                   {"k": "text", "p": [_r(x + 2.0), _r(y + 1.5)], "t": str(count),
                    "r": TALLY_DIGIT, "c": INK}]
    return shapes


def _eny_link(link: Any, corners: dict[str, tuple[int, int]]) -> Shape:
    a, b = _eny_xy(link.ends[0]), _eny_xy(link.ends[1])
    if link.corner:
        return {"k": "curve", "p": a + _eny_xy(corners[link.corner]) + b}
    return {"k": "line", "p": a + b}


SHEETS: dict[str, Callable[[Any, Any], tuple[list[Shape], Callable[[Any], Shape | None]]]] = {
    NS: ns_sheet, ENY: eny_sheet}
# Which of a prompt's targets it points at (the rest are faint), per game; None: all alike.
POINTERS: dict[str, Callable[[Any, Any, Any], set[Any] | None]] = {ENY: eny_near}
