"""`python -m game.legibility [--full] [--out DIR] [--lang en] [--only PATTERN] [--frames]`: draw every
screen in both languages, trace every text, print the findings (failures and notes) per screen and owner, and write
DIR/report.json and DIR/contact_sheet_<lang>.png. Exit 1 when any screen fails."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from fnmatch import fnmatchcase
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.i18n import LANGUAGES

from .audit import run, summary, write_report
from .checks import NOTES
from .screens import shots


def main(argv: list[str] | None = None) -> int:
    """Run the audit; print findings; write the report and contact sheets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true",
                        help="every table size and phase of every room (default: a sample)")
    parser.add_argument("--out", type=Path,
                        default=Path(tempfile.gettempdir()) / "legibility")
    parser.add_argument("--lang", choices=LANGUAGES, action="append",
                        help="only this language (repeatable; default both)")
    parser.add_argument("--only", default="*", help="screens whose name matches (fnmatch)")
    parser.add_argument("--frames", action="store_true",
                        help="also save each screen full size under OUT/frames")
    args = parser.parse_args(argv)
    chosen = [s for s in shots(args.full) if fnmatchcase(s.name, args.only)]
    frames = args.out / "frames" if args.frames else None
    screens = run(chosen, args.lang or LANGUAGES, thumbs=True, frames=frames)
    for screen in screens:
        for finding in screen.findings:
            note = "" if finding.fails else " (note)"
            print(f"[{screen.language}] {screen.name}: {finding.line()}{note}")
    for owner, counts in sorted(summary(screens).items()):
        failed = {k: n for k, n in counts.items() if k not in NOTES}
        noted = sum(n for k, n in counts.items() if k in NOTES)
        kinds = ", ".join(f"{k} {n}" for k, n in failed.items())
        print(f"{owner}: {sum(failed.values())} failures{' (' + kinds + ')' if kinds else ''}, "
              f"{noted} notes")
    for path in write_report(screens, args.out):
        print(f"wrote {path}")
    return 1 if any(s.failures for s in screens) else 0


if __name__ == "__main__":
    sys.exit(main())
