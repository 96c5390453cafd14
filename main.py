"""City Board Console: the title screen, headless bot games, screenshots and the game list.

    python main.py [--fullscreen | --windowed 1280x720] [--kiosk | --no-kiosk]
                   [--phones | --no-phones]
    python main.py --list-games
    python main.py --headless --game ID --players N [--bots easy,normal,hard,random] [--seed S]
    python main.py --screenshot OUT.png --game ID --players N [--seed S] [--actions K]
    (both take --options KEY,KEY: a game's on/off options, e.g. mayor,tourism)

Start-up stays lean: only the standard library's argparse, os and sys load before the command is
known; each branch imports what it needs, and the headless path never imports pygame at all.
Usage errors (bad arguments, unknown games, unreadable files) print one line and exit 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

EXIT_USAGE = 2
IMAGE_SUFFIXES = (".png", ".bmp", ".jpg", ".jpeg", ".tga")  # what pygame.image.save writes
MIN_WINDOW, MAX_WINDOW = (320, 180), (16384, 16384)


class UsageError(Exception):
    """A bad argument or unreadable file: reported as one line on stderr with exit code 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports errors as one line (not usage + error) so scripts can parse them."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing the usage block and exiting."""
        raise UsageError(message)


def window_size(text: str) -> tuple[int, int]:
    """Parse WxH, e.g. 1280x720."""
    width, sep, height = text.lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"expected WxH such as 1280x720, got {text!r}")
    size = (int(width), int(height))
    if not all(lo <= v <= hi for v, lo, hi in zip(size, MIN_WINDOW, MAX_WINDOW)):
        raise argparse.ArgumentTypeError(f"{text} is outside 320x180..16384x16384")
    return size


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = OneLineParser(
        prog="main.py",
        description="A couch board-game console. Without options: the title screen.",
        epilog="Exit codes: 0 success, 2 bad arguments or unreadable files.",
        allow_abbrev=False,  # a fixed contract: `--head` must not silently mean --headless
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--list-games", action="store_true", help="print the game ids, one a line")
    mode.add_argument("--headless", action="store_true", help="play a bot-only game, print JSON")
    mode.add_argument(
        "--screenshot", metavar="OUT.png", help="render one frame of a game to a file"
    )
    window = parser.add_mutually_exclusive_group()
    window.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    window.add_argument("--windowed", metavar="WxH", type=window_size, help="window size")
    parser.add_argument("--game", metavar="ID", help="game id (see --list-games)")
    parser.add_argument(
        "--players", metavar="N", type=int, help="number of seats (default: the game's minimum)"
    )
    parser.add_argument("--bots", metavar="KINDS",
                        help="bot level per seat: easy,normal,hard,random,...")
    parser.add_argument("--seed", metavar="S", type=int, help="random seed (default: random)")
    parser.add_argument(
        "--options", metavar="KEYS", help="game options to switch on, e.g. mayor,tourism"
    )
    parser.add_argument(
        "--actions", metavar="K", type=int, help="bot actions before a screenshot (default: 40)"
    )
    parser.add_argument(
        "--kiosk", action=argparse.BooleanOptionalAction, default=None,
        help="kiosk mode: fullscreen, no Quit, leave by holding Back+Start or Ctrl+Shift+Q "
        "for 3 s (--no-kiosk: this run without it, to switch the setting off)",
    )
    parser.add_argument(
        "--phones", action=argparse.BooleanOptionalAction, default=None,
        help="phones as controllers: serve the phone page and show its QR code "
        "(--no-phones: this run without it; a kiosk forbids it)",
    )
    parser.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    return parser


def check_combinations(args: argparse.Namespace) -> None:
    """Refuse options that the chosen mode would silently ignore."""
    game_mode = args.headless or args.screenshot is not None
    given = {
        name
        for name in ("game", "players", "bots", "seed", "actions", "options")
        if getattr(args, name) is not None
    }
    if given and not game_mode:
        raise UsageError(f"--{min(given)} needs --headless or --screenshot")
    if game_mode and args.game is None:
        raise UsageError("--game ID is required (see --list-games)")
    if args.bots is not None and not args.headless:
        raise UsageError("--bots only applies to --headless")
    if args.actions is not None and args.screenshot is None:
        raise UsageError("--actions only applies to --screenshot")
    window_opts = (args.fullscreen or args.windowed is not None or args.first_frame_exit
                   or args.kiosk is not None or args.phones is not None)
    if window_opts and (game_mode or args.list_games):
        raise UsageError(
            "--fullscreen, --windowed, --kiosk, --phones and --first-frame-exit only apply to "
            "the title screen"
        )


def game_and_players(args: argparse.Namespace) -> tuple[Any, int]:
    """The registry entry of --game and a player count within its range.

    Headless games take every registered room, an unlisted or engine-only one too (a room's
    engine plays headless before its scene exists); a screenshot needs a scene.
    """
    from game.engine.registry import game_ids, get_game

    known = game_ids(include_unlisted=args.headless, with_scene=not args.headless)
    if args.game not in known:
        raise UsageError(f"--game: unknown game id {args.game!r} (known: {', '.join(known)})")
    info = get_game(args.game)
    players = info.min_players if args.players is None else args.players
    if not info.min_players <= players <= info.max_players:
        raise UsageError(
            f"--players {players}: {info.id} takes {info.min_players}-{info.max_players} players"
        )
    return info, players


def game_options(text: str | None, info: Any) -> tuple[tuple[str, bool], ...]:
    """The Config options of --options: each named on/off option of the game switched on."""
    if text is None:
        return ()
    keys = [k.strip() for k in text.split(",")]
    for key in keys:
        if key not in info.options:
            known = ", ".join(info.options) or "none"
            raise UsageError(f"--options: {info.id} has no option {key!r} (known: {known})")
    return tuple(sorted((key, True) for key in set(keys)))


def random_seed() -> int:
    """A fresh seed, printed with the result so the game can be replayed."""
    import random

    return random.SystemRandom().randrange(2**31)


def bot_kinds(text: str | None, players: int) -> list[str]:
    """One bot kind per seat from --bots (a single kind applies to every seat)."""
    from game.engine.bots import BOT_KINDS

    kinds = [k.strip() for k in (text or "greedy").split(",")]
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise UsageError(
                f"--bots: unknown bot kind {kind!r} (choose from {', '.join(BOT_KINDS)})"
            )
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise UsageError(f"--bots: {len(kinds)} kinds for {players} players (give 1 or {players})")
    return kinds


def headless(args: argparse.Namespace) -> int:
    """Play a bot-only game to the end and print one JSON object with the result."""
    import json

    from game.engine.bots import play_out, result_summary, seat_bots
    from game.engine.core import Config
    from game.engine.match import Match

    info, players = game_and_players(args)
    kinds = bot_kinds(args.bots, players)
    seed = random_seed() if args.seed is None else args.seed
    rules = info.make_rules()
    bots = seat_bots(kinds, info.id, seed)  # seeded as the console seats them: one seed, one game
    config = Config(players, game_options(args.options, info))
    match = play_out(Match(rules, config, seed), bots)
    print(json.dumps(result_summary(match, kinds)))
    return 0


def output_path(text: str) -> Path:
    """Check that a screenshot can be written there before spending time rendering it."""
    path = Path(text)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise UsageError(f"--screenshot {text}: use a {'/'.join(IMAGE_SUFFIXES)} file name")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"--screenshot {text}: folder {str(folder)!r} does not exist")
    if path.is_dir():
        raise UsageError(f"--screenshot {text}: is a folder")
    writable = os.access(path, os.W_OK) if path.exists() else os.access(folder, os.W_OK)
    if not writable:
        raise UsageError(f"--screenshot {text}: permission denied")
    return path


def has_display() -> bool:
    """Whether a window could open (Windows and macOS always have one)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def screenshot(args: argparse.Namespace) -> int:
    """Play K bot actions and save one 1920x1080 frame of the board."""
    info, players = game_and_players(args)
    options = game_options(args.options, info)
    out = output_path(args.screenshot)
    actions = 40 if args.actions is None else args.actions
    if actions < 0:
        raise UsageError(f"--actions {actions}: must be 0 or more")
    seed = random_seed() if args.seed is None else args.seed
    if not has_display():
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.scenes.snapshot import render_screenshot

    info.make_rules()  # level errors surface here, as a usage error, before pygame starts
    try:
        render_screenshot(info.id, players, seed, actions, str(out), options)
    except OSError as exc:
        raise UsageError(f"--screenshot {out}: {exc.strerror or exc}") from None
    print(f"{out} ({info.id}, {players} players, seed {seed}, {actions} actions)")
    return 0


def list_games() -> int:
    """Print every registered game id, one a line."""
    from game.engine.registry import game_ids

    print("\n".join(game_ids()))
    return 0


def title_screen(args: argparse.Namespace) -> int:
    """Open the app on the title screen."""
    from game.scenes import scene_registry
    from game.ui.app import run

    code = run(
        scene_registry(),
        fullscreen=args.fullscreen,
        windowed=args.windowed,
        exit_after_first_frame=args.first_frame_exit,
        kiosk=args.kiosk,
        phones=args.phones,
    )
    return code or 0


def dispatch(args: argparse.Namespace) -> int:
    """Run the chosen mode."""
    check_combinations(args)
    if args.list_games:
        return list_games()
    if args.headless:
        return headless(args)
    if args.screenshot is not None:
        return screenshot(args)
    return title_screen(args)


def is_level_error(exc: BaseException) -> bool:
    """A LevelError, checked without importing the engine on the fast path."""
    levels = sys.modules.get("game.engine.levels")
    return levels is not None and isinstance(exc, levels.LevelError)


def one_line(message: object) -> str:
    """Collapse a message onto one line."""
    return " ".join(str(message).split())


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it; returns the exit code."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for our own output
    try:
        return dispatch(build_parser().parse_args(argv))
    except UsageError as exc:
        print(f"main.py: error: {one_line(exc)}", file=sys.stderr)
    except OSError as exc:  # an unreadable file anywhere (levels, assets, saves)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"main.py: error: {where}{one_line(exc.strerror or exc)}", file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl+C in a terminal: quit quietly, no traceback
        return 130
    except Exception as exc:
        if not is_level_error(exc):
            raise
        print(f"main.py: error: {one_line(exc)}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
