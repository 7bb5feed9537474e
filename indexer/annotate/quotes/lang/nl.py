"""Dutch (nl): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "nl"
    name_particles_lowercase = True
    verbs = word_list("""zei zegt zeiden verklaarde verklaart voegde voegt stelde stelt legde legt benadrukte benadrukt schreef
        schrijft vertelde vertelt meldde meldt waarschuwde waarschuwt antwoordde vroeg vraagt reageerde reageert
        liet_weten laat_weten aldus""")
    according = ("volgens",)
    naming_verb = re.compile(r"(?<!\w)(?:noemde|noemden|noemt|noemen|bestempelde|bestempelt)(?!\w)")
    after_only = ("aldus", "zo")
    person_pronouns = frozenset({"hij", "zij", "ze"})
    thing_pronouns = frozenset({"het"})
    # a verb of saying written around its subject: "laat X weten", "liet X weten"
    split_verb = re.compile(r"^(?:laat|liet|lieten|laten)\s+(\S.{0,60}?)\s+weten(?!\w)", re.IGNORECASE)
