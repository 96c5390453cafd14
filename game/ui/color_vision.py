"""How far apart two colours look, for people with full colour vision and for the three kinds of
dichromacy: the seat colours are chosen (and tested) with these.

Simulation: Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6), 2009: their severity-1.0 matrices (protanopia,
deuteranopia, tritanopia), applied to linear-light sRGB. Distance: CIEDE2000 (Sharma, Wu and
Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes", 2005) between CIELAB
colours under the D65 white point. Pure Python: no pygame, no numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

RGB = Sequence[int]
Matrix = tuple[tuple[float, float, float], ...]

# Machado et al. 2009, Table 1 at severity 1.0 (linear RGB in, linear RGB out).
MACHADO_2009: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)  # every way of seeing the tests check
# sRGB (D65) linear RGB to CIE XYZ, and the D65 reference white.
SRGB_TO_XYZ: Matrix = ((0.4124564, 0.3575761, 0.1804375),
                       (0.2126729, 0.7151522, 0.0721750),
                       (0.0193339, 0.1191920, 0.9503041))
D65 = (0.95047, 1.0, 1.08883)


def _to_linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(linear: float) -> int:
    c = min(1.0, max(0.0, linear))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def _times(matrix: Matrix, vector: Sequence[float]) -> tuple[float, float, float]:
    return tuple(sum(m * v for m, v in zip(row, vector)) for row in matrix)  # type: ignore[return-value]


def simulate(rgb: RGB, vision: str) -> tuple[int, int, int]:
    """The colour as a dichromat sees it ('normal' returns it unchanged)."""
    if vision == "normal":
        return tuple(rgb)  # type: ignore[return-value]
    linear = _times(MACHADO_2009[vision], [_to_linear(c) for c in rgb])
    return tuple(_to_srgb(c) for c in linear)  # type: ignore[return-value]


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    xyz = _times(SRGB_TO_XYZ, [_to_linear(c) for c in rgb])

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, D65))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh += -360 if dh > 180 else 360 if dh < -180 else 0
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    h_bar = h1p + h2p
    if c1p * c2p:
        h_bar = (h_bar + (360 if h_bar < 360 else -360)) / 2 if abs(h1p - h2p) > 180 else h_bar / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6))
         - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    r_t = -math.sin(math.radians(2 * 30 * math.exp(-(((h_bar - 275) / 25) ** 2)))) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2
                     + r_t * (dc / s_c) * (big_dh / s_h))


def difference(rgb1: RGB, rgb2: RGB, vision: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen with `vision`."""
    return ciede2000(lab(simulate(rgb1, vision)), lab(simulate(rgb2, vision)))


def closest_pair(colors: Sequence[RGB], vision: str = "normal") -> tuple[float, int, int]:
    """(difference, i, j) of the two colours of a set that look most alike."""
    return min((difference(colors[i], colors[j], vision), i, j)
               for i, j in combinations(range(len(colors)), 2))


def closest_to(colors: Sequence[RGB], others: Sequence[RGB],
               vision: str = "normal") -> tuple[float, int, int]:
    """(difference, i, j): the colour of `colors` nearest to one of `others` (index j)."""
    return min((difference(c, o, vision), i, j)
               for i, c in enumerate(colors) for j, o in enumerate(others))
