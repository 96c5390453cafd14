"""Phone device ids, a leaf module: the scenes ask "is this seat on a phone?" without importing
the companion's bridge (which the app imports: that would close an import circle)."""

from __future__ import annotations

PHONE = "phone:"  # device ids of phones: "phone:<n>", one per seat secret handed out


def is_phone(device: str | None) -> bool:
    """True for a phone's device id."""
    return device is not None and device.startswith(PHONE)
