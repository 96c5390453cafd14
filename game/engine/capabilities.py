"""Optional capabilities: what a game's rules or renderer may offer beyond the required protocols.

The required parts are `core.Rules` (rules) and `ui.board_api.BoardRenderer` (renderer). Anything
else a room offers is one of the capabilities below, declared in its `GameInfo.capabilities`, so
that the shell reads it through `capability()` / `supports()` instead of guessing with getattr,
and the conformance suite can hold each room to what it declares (`problems()`): every declared
capability is there with the documented call shape, and nothing undeclared is.

Rules capabilities (methods on the rules class):
- `details(state) -> tuple[tuple[Detail, ...], ...]`: per seat, the lines that explain `scores`
  (each ticket, route groups, bonuses...). For every seat and category, the details' points add
  up to that category of `scores(state)`. The results screen lists them per player.
- `tiebreak(state) -> Note | None`: at the end, why tied leaders were separated (or that they
  share the victory); None when the best total alone decided.
- `rating(state) -> Note | None`: a solo game's rating from the rulebook ("Well done!"), None in
  a game with several seats. Shown where a tie-break would be.
- `randomize_hidden(state, player, rng) -> state`: the state with everything `player` may not see
  re-dealt at random (others' hands, deck order, unrevealed bets); `view(state, player)` must not
  change. Search bots can sample hidden information with it; the conformance suite checks views.

Search capability (a function of the room's `search` module, game/games/<id>/search.py):
- `search_hooks`: `hooks() -> game.engine.search.SearchHooks`, what the Hard bot needs to know
  about the game: `determinize(rules, view, player, rng) -> state` (a full state that `view`
  could have come from, its hidden parts sampled: `view(state, player)` gives `view` back),
  a fast rollout policy, and optionally a depth cap with a position evaluation. Without it the
  search treats a view as a state (right only when nothing is hidden) and rolls out at random.

Seat-valued params of a `Detail` or `Note` use the names "player" (one seat) and "players" (a
tuple of seats) so the UI can show player names instead of numbers.

Renderer capabilities (on the renderer class):
- `category_colors`: `CATEGORY_COLORS: Mapping[str, RGB]`, score category -> colour, so the
  results chart colours each category as the board does; others take the shared palette.
- `sound_cues`: `SOUND_CUES: Mapping[str, CueEntry]`, event kind -> sound timed to this room's
  animations (see game.ui.audio); kinds left out fall back to the shared defaults.
- `split_screen`: the `SplitRenderer` methods of game.ui.board_api (set_humans, seat_targets,
  seat_bar, seat_busy, draw_seats): one map, cursor and prompt strip per human seat, for a
  simultaneous game where nothing is secret (so its GameInfo has `hidden_hands=False`).
- `board_geometry`: `board_geometry() -> game.ui.geometry.BoardGeometry`, the labels, strokes
  and icons of the board as last shown (after `reset`), so a test can check that no label hides
  a route, an icon or another label (tests/ui/test_board_geometry.py).
- `keep_clear`: `keep_clear() -> Sequence[Rect]`, canvas rects of text the renderer shows over
  its board right now (a choice overlay's title) that the shell's own boxes, such as the Hint's
  reason callout, must not cover; empty when nothing is up.
- `result_picture`: `result_picture(state, seat, size) -> Surface`, a picture of one seat's
  result at the end (Explore New York: its final route on its map over its scoring boxes) that
  the results screen shows in that seat's detail panel, `size` (w, h) pixels, instead of the
  detail lines.
- `peek`: `peek(seat) -> bool`, the Peek button (keyboard R, the pad's right-stick click; see
  game.ui.input) pressed for that seat: switch the room's extra view of the seat's board on or
  off (Explore New York: the best route its map allows now, drawn faintly); True if it did.
  The bar's hints name the button in a game whose renderer has it.

Room capabilities (files of the room package, no class member):
- `prompt_help`: `strings_help.toml` ([en] and [es]) holds `<id>.help.<kind>`, 2-4 sentences for
  every prompt kind the rules can ask (what the highlighted choices mean and the rule behind
  them; the in-game Help panel shows it), and may hold `<id>.hint.<kind>`, the Hint button's
  reason for the Normal bot's choice when its heuristic gives none. tests/ui/test_help_hints.py
  collects the kinds from seeded bot games and checks both languages and the panel fit.

Bot capability (the room's bot module, the one `GameInfo.heuristic_ref` names):
- `move_reasons`: `reason(rules, view, prompt, index) -> game.engine.hints.Reason | None`, why the
  Normal bot chose option `index` of `prompt`, for this very move (the points the route reaches,
  the building mapped...), in the room's strings; None when it has nothing to add to the room's
  text for the prompt kind. Asked once per Hint press, never by bots, so it may be slow-ish.

Guide capability (the room's guide module):
- `guide`: `game/games/<id>/guide.py` has `PAGES: Mapping[str, PageBuilder]`, page key -> a
  builder of the page's `game.engine.guide.Illustration` (a state reached by legal actions and
  the targets to highlight), 5 to 8 pages in order; the shell's How to play screen draws them
  with the room's renderer and the strings `<id>.guide.<key>.title` / `.text`.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

RULES, RENDERER, ROOM, GUIDE, SEARCH, BOT = "rules", "renderer", "room", "guide", "search", "bot"


@dataclass(frozen=True)
class Member:
    """One attribute of a capability: a method with its parameters (after self), or data."""

    name: str
    params: tuple[str, ...] | None = None  # None: a class attribute holding a mapping


@dataclass(frozen=True)
class Capability:
    """A named optional feature of a rules or renderer class: all of its members, or none."""

    name: str
    owner: str  # RULES, RENDERER, GUIDE, SEARCH, BOT (modules of the room) or ROOM (files only)
    members: tuple[Member, ...]


def _method(owner: str, name: str, *params: str) -> Capability:
    return Capability(name, owner, (Member(name, params),))


CAPABILITIES: Mapping[str, Capability] = MappingProxyType({
    c.name: c for c in (
        _method(RULES, "details", "state"),
        _method(RULES, "tiebreak", "state"),
        _method(RULES, "rating", "state"),
        _method(RULES, "randomize_hidden", "state", "player", "rng"),
        Capability("category_colors", RENDERER, (Member("CATEGORY_COLORS"),)),
        Capability("sound_cues", RENDERER, (Member("SOUND_CUES"),)),
        Capability("split_screen", RENDERER, (
            Member("set_humans", ("humans",)),
            Member("seat_targets", ("seat",)),
            Member("seat_bar", ("seat",)),
            Member("seat_busy", ("seat",)),
            Member("draw_seats", ("canvas", "focus_by_seat", "prompts")),
        )),
        _method(RENDERER, "board_geometry"),
        _method(RENDERER, "keep_clear"),
        _method(RENDERER, "result_picture", "state", "seat", "size"),
        _method(RENDERER, "peek", "seat"),
        Capability("prompt_help", ROOM, ()),
        Capability("guide", GUIDE, (Member("PAGES"),)),
        Capability("search_hooks", SEARCH, (Member("hooks", ()),)),
        Capability("move_reasons", BOT, (Member("reason", ("rules", "view", "prompt", "index")),)),
    )
})


def _known(name: str) -> Capability:
    try:
        return CAPABILITIES[name]
    except KeyError:
        raise KeyError(f"unknown capability {name!r} (known: {', '.join(CAPABILITIES)})") from None


def _has(obj: Any, member: Member) -> bool:
    value = getattr(obj, member.name, None)
    return isinstance(value, Mapping) if member.params is None else callable(value)


def _on_a_class(name: str) -> Capability:
    cap = _known(name)
    if cap.owner == ROOM:
        raise ValueError(f"{name!r} is a room's files, not a member: ask GameInfo.declares")
    return cap


def supports(obj: Any, name: str) -> bool:
    """True if a rules or renderer object (or class) has every member of the capability."""
    return all(_has(obj, m) for m in _on_a_class(name).members)


def capability(obj: Any, name: str) -> Any:
    """The member of a one-member capability (a bound method, or a mapping), or None if absent.

    E.g. `details = capability(rules, "details"); lines = details(state) if details else ()`.
    """
    members = _on_a_class(name).members
    if len(members) != 1:
        raise ValueError(f"{name!r} has several members: ask supports(obj, {name!r})")
    return getattr(obj, members[0].name) if _has(obj, members[0]) else None


def check_names(names: Iterable[str]) -> None:
    """KeyError naming any capability that does not exist (a typo in a GameInfo)."""
    for name in names:
        _known(name)


def problems(cls: Any, owner: str, declared: Iterable[str]) -> list[str]:
    """What is wrong with a class (or, for SEARCH and BOT, the room's search or bot module;
    None when it has none) against its declared capabilities (empty when it conforms)."""
    declared = set(declared)
    check_names(declared)
    found = []
    for cap in CAPABILITIES.values():
        if cap.owner != owner:
            continue
        present = [m for m in cap.members if getattr(cls, m.name, None) is not None]
        if cap.name not in declared:
            found += [f"{m.name} is there but {cap.name!r} is not declared" for m in present]
            continue
        for member in cap.members:
            found += _member_problems(cls, cap.name, member)
    return found


def _member_problems(cls: type, capability_name: str, member: Member) -> list[str]:
    value = getattr(cls, member.name, None)
    where = f"{capability_name!r} declared but {member.name}"
    if member.params is None:
        return [] if isinstance(value, Mapping) else [f"{where} is not a mapping"]
    if not callable(value):
        return [f"{where} is missing"]
    try:
        # Bound on a class: self comes first, then the documented parameters.
        bound_self = () if inspect.ismodule(cls) or cls is None else (None,)
        inspect.signature(value).bind(*bound_self, *member.params)
    except TypeError:
        return [f"{where} does not take ({', '.join(member.params)})"]
    return []
