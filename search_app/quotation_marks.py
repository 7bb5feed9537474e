"""Quotation marks as a language prints them: a German quote is shown „so“, a French one « ainsi », a Japanese
one 「こう」. The table follows the Unicode CLDR's main quotation delimiters for each language (Babel ships no
delimiters); French sets its guillemets off with a narrow no-break space, as French typography does. A language
not listed gets English marks."""

from __future__ import annotations

from markupsafe import Markup, escape

NNBSP = "\u202f"

MARKS: dict[str, tuple[str, str]] = {
    "en": ("“", "”"), "pt": ("“", "”"), "tr": ("“", "”"), "zh": ("“", "”"), "ko": ("“", "”"), "hi": ("“", "”"),
    "da": ("“", "”"), "id": ("“", "”"),
    "de": ("„", "“"), "cs": ("„", "“"), "sk": ("„", "“"), "bg": ("„", "“"), "hr": ("„", "“"), "sr": ("„", "“"),
    "sl": ("„", "“"), "lt": ("„", "“"), "is": ("„", "“"),
    "pl": ("„", "”"), "hu": ("„", "”"), "ro": ("„", "”"),
    "fr": ("«" + NNBSP, NNBSP + "»"),
    "es": ("«", "»"), "it": ("«", "»"), "ru": ("«", "»"), "uk": ("«", "»"), "el": ("«", "»"), "ar": ("«", "»"),
    "fa": ("«", "»"), "no": ("«", "»"), "nb": ("«", "»"), "be": ("«", "»"), "ca": ("«", "»"),
    "nl": ("‘", "’"),
    "sv": ("”", "”"), "fi": ("”", "”"), "he": ("”", "”"),
    "ja": ("「", "」"),
}


def marks(language: str | None) -> tuple[str, str]:
    """Opening and closing mark for a language code ("de", "pt-BR"); English marks when unknown."""
    return MARKS.get((language or "").split("-")[0].lower(), MARKS["en"])


def quoted(text: str, language: str | None) -> Markup:
    """The text, escaped, between its language's marks (a Jinja filter: {{ qt.text|quoted(qt.language) }})."""
    start, end = marks(language)
    return Markup(start) + escape(text) + Markup(end)
