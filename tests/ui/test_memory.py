"""Giving memory back between demos: the rendered-text cache empties, the heap is trimmed."""

from __future__ import annotations

import platform

import pygame
import pytest

from game.ui import memory, theme


def test_release_between_demos_forgets_rendered_text():
    pygame.font.init()
    theme.text("a score nobody shows any more: 188", theme.SMALL_SIZE)
    assert theme.text.cache_info().currsize > 0
    memory.release_between_demos()
    assert theme.text.cache_info().currsize == 0


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_the_heap_is_trimmed_with_glibc():
    assert memory.trim_heap()
