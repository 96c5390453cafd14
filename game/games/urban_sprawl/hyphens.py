"""Urban Sprawl's card names fitted to their lines: split where they read best, a word too
wide even narrowed hyphenated between syllables (Spanish rules), never cut."""

from __future__ import annotations

from collections.abc import Callable

from game.ui import theme

SQUEEZE = 0.6  # a line up to 1/SQUEEZE too wide is narrowed rather than cut (paint.fit_text)


def fit_lines(text: str, size: int, width: int, limit: int) -> list[str]:
    """`text` in at most `limit` lines: the fewest that fit, else as even as they come (the
    widest line as narrow as it can be); a word too wide for a line even narrowed is split where it hyphenates ("Ayunta-" /
    "miento"): long names (our Spanish ones) are narrowed, never cut."""
    font = theme.font(size)
    words = []
    for word in text.split():
        words += hyphenated(word, lambda part: font.size(part)[0] * SQUEEZE <= width)
    def cost(lines: list[str]) -> tuple[int, int]:
        """How far the widest line runs over, then how many lines (fewer when all fit)."""
        return max(0, max(font.size(line)[0] for line in lines) - width), len(lines)
    return min(_splits(words, limit), key=cost)


def _splits(words: list[str], limit: int) -> list[list[str]]:
    """Every way to cut `words` into at most `limit` lines, in order (a name has few words);
    the two parts of a hyphenated word join again on one line."""
    if limit == 1 or len(words) <= 1:
        return [[_joined(words)]]
    found = [[_joined(words)]]
    for cut in range(1, len(words)):
        head = _joined(words[:cut]).replace(SOFT_HYPHEN, "-")
        found += [[head, *rest] for rest in _splits(words[cut:], limit - 1)]
    return found


def _joined(words: list[str]) -> str:
    return " ".join(words).replace(SOFT_HYPHEN + " ", "")


SOFT_HYPHEN = "\u00ad"  # ends the first part of a hyphenated word (a "-" at a line's end)
VOWELS = set("aeiouáéíóúü")
CLUSTERS = {"bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "tr", "ch", "ll",
            "rr", "qu"}  # two consonants that start a syllable together (Spanish)


def hyphenated(word: str, fits: Callable[[str], bool]) -> list[str]:
    """`word` whole if it fits, else in two parts split before a syllable (a consonant before
    a vowel, never inside ch, ll, rr or a consonant with l or r), the split nearest its middle
    whose parts both fit; whole when there is none. The first part ends in SOFT_HYPHEN."""
    if fits(word):
        return [word]
    low = word.lower()
    cuts = [i for i in range(2, len(word) - 2)
            if low[i] not in VOWELS and low[i + 1] in VOWELS and low[i - 1:i + 1] not in CLUSTERS
            and (low[i - 1] in VOWELS or low[i - 2] in VOWELS)]
    for i in sorted(cuts, key=lambda i: abs(i - len(word) / 2)):
        if low[i - 1] not in VOWELS and low[i - 1:i + 1] in CLUSTERS:
            continue
        if fits(word[:i] + "-") and fits(word[i:]):
            return [word[:i] + SOFT_HYPHEN, word[i:]]
    return [word]
