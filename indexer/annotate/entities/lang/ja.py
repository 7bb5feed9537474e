"""Japanese: a full name in kanji before a title or honorific (its bare surname later joins it: scripts.py), and
Latin words read as in Chinese text."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import _HAN
from indexer.annotate.entities.lang.zh import HanText

NAME_BEFORE_TITLE = re.compile(rf"(?<![{_HAN}])[{_HAN}]{{3,5}}(?=氏|さん|社長|会長|教授|知事|市長|監督|議員|代表|准教授)")

RULES = HanText("ja")
