"""The record a quote is built in while the quote modules find it, join it and look for its speaker.

Kept apart so the modules for speech without marks and for dialogue turns can build and read candidates without
importing the quote pipeline that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Candidate:
    """A quote being built: mark span, inner parts (several when joined), and what we learn about it."""

    start: int
    end: int
    parts: list[tuple[int, int]]
    fragment: bool = False
    speaker: str | None = None
    kind: str = "none"
    pro_drop: bool = False
    extra: dict = field(default_factory=dict)


def strip_span(text: str, s: int, e: int) -> tuple[int, int]:
    """The span without the white space at either end."""
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e
