"""Turkish rules: the case suffix written after an apostrophe on every proper name ("Ankara'da", "Erdoğan'ın",
"AB'nin"), and titles that follow the office they hold and come before the name ("Dışişleri Bakanı Hakan Fidan",
"Merkez Bankası Başkanı Fatih Karahan").
"""

from __future__ import annotations

import re

from indexer.annotate.entities.core import Mention, _Tok
from indexer.annotate.entities.gazetteer import has_org_word, place_for
from indexer.annotate.entities.lang import Rules

# "Washington'a", "İstanbul’da", "AB'nin": a name, an apostrophe, a lower-case suffix
_SUFFIXED = re.compile(r"(?P<stem>[^\W\d_][\w.\-]*?)(?P<suffix>['’][a-zçğıöşü]+)")
# titles that stand between an office or institution and the holder's name
_TITLES = frozenset("""
bakan bakanı başbakan başkan başkanı başkanvekili büyükelçi büyükelçisi cumhurbaşkanı genelsekreteri kaymakam
kaymakamı komutanı milletvekili müdürü müsteşarı rektörü sekreteri sözcüsü vali valisi yardımcısı
""".split())


class Turkish(Rules):
    def tokens(self, toks: list, paragraph: str, offset: int) -> list:
        """A name's case suffix as a token of its own: the name ends before it ("Hakan Fidan'ın")."""
        out: list[_Tok] = []
        for t in toks:
            found = _SUFFIXED.fullmatch(t.text)
            if found and t.text[:1].isupper():
                out.append(_Tok(found["stem"], t.sent_start, t.index))
                out.append(_Tok(found["suffix"], False, t.index + len(found["stem"])))
            else:
                out.append(t)
        for i, t in enumerate(out):
            t.pos = i
        return out

    def breaks_run(self, toks: list, j: int) -> bool:
        """A place with a case suffix after a person's name is a name of its own: "Hakan Fidan Washington'a gitti"
        (to Washington), "… New York'ta" (in New York); the whole place's name, not its last word."""
        for k in range(j, min(j + 3, len(toks) - 1)):
            if not toks[k].text[:1].isupper():
                return False
            if toks[k + 1].text[:1] in "'’":
                words = [t.text for t in toks[j : k + 1]]
                return place_for(" ".join(words), "tr") is not None and place_for(
                    " ".join([toks[j - 1].text, *words]), "tr") is None
        return False

    def split_portfolio(self, words: list, toks: list, mentions: list, headline: bool) -> list:
        """The holder's name after a title: "Dışişleri Bakanı Hakan Fidan" is Hakan Fidan; an institution before the
        title is named too ("Merkez Bankası Başkanı Fatih Karahan": the central bank and its governor)."""
        at = max((i for i, w in enumerate(words[:-1]) if w.text.casefold() in _TITLES), default=None)
        if at is None or not words[at + 1].text[:1].isupper():
            return words
        office = words[:at]
        if office and has_org_word([w.text for w in office]):
            mentions.append(Mention(" ".join(w.text for w in office), "organization", office[0].index, weak=headline))
        return words[at + 1 :]


RULES = Turkish("tr")
