"""Ticket to Ride: Paris tests' shared fixture: the rules engine, loaded once per module."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.ticket_to_ride_paris.rules import TicketToRideParis


@pytest.fixture(scope="module")
def rules() -> TicketToRideParis:
    """The rules engine, loaded once (pygame started: the room's UI tests draw with it)."""
    pygame.init()
    return TicketToRideParis()
