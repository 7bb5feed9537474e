"""A quote's speaker as the facets name it: a person or organisation the recogniser accepted in the article, or
nobody.

The finder reads a speaker phrase beside each quote ("BDZV-Hauptgeschäftsführer Dietmar Wolff", "the president",
"one GOP operative"). Here that phrase is matched against the article's people and organisations by any surface
form the recogniser saw (the name, a surname alone, an inflected form). A phrase that names no entity is either

- a description of a source: a definite one ("the president", "Der US-Präsident", "el funcionario") stands for the
  entity the article gives that title ("President Barack Obama", "US-Präsident Donald Trump") or, failing that, for
  the one person or body the nearby text is about; an indefinite one ("a dispatcher", "una fuente de los
  servicios") names nobody. Either way, one that stays unresolved is kept as the quote's `speaker_description`;
- or words that name nobody ("Namen", "a la vez que", "Insbesondere Südostasien"): no speaker at all.

A capital standing for its government ("Moscow said") may speak: a place entity is a speaker when the phrase is
its name and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from indexer.annotate.quotes.attribution import (
    CONJUNCTIONS,
    PREPOSITIONS,
    SUBORDINATORS,
    looks_like_verb,
    verb_pattern,
)
from indexer.annotate.quotes.lang import rules_for, soft_eq
from indexer.annotate.quotes.speaker_words import INDEFINITE, ORG_WORDS, PERSON_ROLES, TIME_WORDS, TITLES
from indexer.models import Entity, Quote

PARA_SEP = "\n\n"
_GENERATION = frozenset("jr sr ii iii iv".split())  # written after a name, often left out beside a quote
SPEAKING = ("person", "organization")
DEFINITE = frozenset("""the der die das dem den des le la les l' el los las il lo gli o os as de het""".split())
_GENERIC_NOUNS = frozenset("""man people person persons woman women men someone source sources anyone everyone
    leute mensch menschen gente persona personas personne gens""".split())
NOT_DESCRIPTIVE = CONJUNCTIONS | PREPOSITIONS | SUBORDINATORS | frozenset("""man es er sie wir ich it he she they we
    i you vez que there here""".split())


def fold_word(word: str) -> str:
    """A word as compared: case, soft hyphens, apostrophes and hyphens folded ("US-Präsident" -> "uspräsident").
    Accents stay: the phrase and the forms it is matched against come from the same article."""
    return _NOT_ALNUM.sub("", word.casefold())


_NOT_ALNUM = re.compile(r"[\W_]+")


def fold_words(phrase: str) -> list[str]:
    return [w for w in (fold_word(t) for t in phrase.split()) if w]


@dataclass
class _Known:
    """One entity that may speak, with its surface forms as word lists and where the article names it."""

    entity: Entity
    forms: list[list[str]]
    positions: list[int] = field(default_factory=list)
    titles: set[str] = field(default_factory=set)  # folded words the article writes before or beside its name


class ArticleSpeakers:
    """The people and organisations of one article, searchable by any form of their names, with where each is
    named and the titles written beside the name."""

    def __init__(self, entities: Sequence[Entity], text: str, language: str):
        self.text = text
        self.language = (language or "und")[:2]
        self.known: list[_Known] = []
        self.places: dict[str, Entity] = {}
        for e in entities:
            forms = {tuple(fold_words(f)) for f in (e.name, *e.aliases) if f and fold_words(f)}
            forms |= {f[:-1] for f in forms if len(f) > 2 and f[-1] in _GENERATION}  # "Emanuel Cleaver II"
            forms = sorted(forms, key=len, reverse=True)
            if e.type in SPEAKING:
                self.known.append(_Known(e, [list(f) for f in forms]))
            elif e.type == "place":
                for f in forms:
                    self.places.setdefault(" ".join(f), e)
        self._located = False

    def _ensure_located(self) -> None:
        """Where each entity is named is read only when a description asks for it."""
        if not self._located:
            self._located = True
            self._locate()

    # ---- where each entity is named, and with which titles

    def _locate(self) -> None:
        tokens = [(m.start(), fold_word(m.group(0)), m.group(0)) for m in re.finditer(r"\S+", self.text)]
        self._tokens = tokens
        words = [t[1] for t in tokens]
        owners: dict[tuple[str, ...], set[int]] = {}
        for n, k in enumerate(self.known):
            for f in k.forms:
                owners.setdefault(tuple(f), set()).add(n)
        first: dict[str, list[list[str]]] = {}
        for f, who in owners.items():
            if len(who) == 1:  # (a surname two people share is nobody's mention)
                first.setdefault(f[0], []).append(list(f))
        for forms in first.values():
            forms.sort(key=len, reverse=True)
        for i, w in enumerate(words):
            for f in first.get(w, ()):
                if words[i : i + len(f)] == f or self._inflected(words[i : i + len(f)], f):
                    k = self.known[next(iter(owners[tuple(f)]))]
                    k.positions.append(tokens[i][0])
                    k.titles |= self._titles_around(i, i + len(f))
                    break

    def _inflected(self, seen: list[str], form: list[str]) -> bool:
        return len(seen) == len(form) and len(form) > 1 and all(soft_eq(a, b) for a, b in zip(seen, form, strict=True))

    def _titles_around(self, i: int, j: int) -> set[str]:
        """'US-Präsident Donald Trump', 'el ministro de Gobierno, Eduardo del Castillo', 'Skaik, the director of
        …': the words of the title written right before the name or in the apposition right after it."""
        tokens = self._tokens
        found: set[str] = set()
        k = i - 1
        appositive = k >= 0 and tokens[k][2].endswith(",")  # "el ministro de Gobierno, Eduardo del Castillo"
        while k >= 0 and i - k <= (5 if appositive else 3):
            raw, low = tokens[k][2], tokens[k][1]
            if low in DEFINITE or low in INDEFINITE or k < i - 1 and raw.endswith((",", ".", ";", ":", "!", "?")):
                break
            function_word = low in PREPOSITIONS or low in CONJUNCTIONS or low in _LINKS
            if not appositive and (function_word or not (raw[:1].isupper() or low in _OFFICES)):
                break
            if not function_word:
                found.add(low)
            k -= 1
        if appositive and (k < 0 or tokens[k][1] not in DEFINITE | INDEFINITE):
            found = set()  # no article opened that segment: a clause of its own, not a title
        if j - 1 < len(tokens) and tokens[j - 1][2].endswith(","):
            k = j
            while k < len(tokens) and k - j < 4:
                raw = tokens[k][2]
                if tokens[k][1] in PREPOSITIONS or tokens[k][1] in ("of", "de", "der", "des", "del", "du"):
                    break
                if tokens[k][1] not in DEFINITE and tokens[k][1] not in INDEFINITE:
                    found.add(tokens[k][1])
                if raw.endswith((",", ".", ";", ":")):
                    break
                k += 1
        return {t for t in found if len(t) > 2 and not t.isdigit()}

    # ---- matching a phrase to an entity

    def entity_for(self, phrase: str) -> Entity | None:
        """The entity a speaker phrase names: one of its forms is the phrase, or ends it ("BDZV-Hauptgeschäftsführer
        Dietmar Wolff", "Forscher um Afelt"), or opens it before lowercase words ("Netanyahu strongly"); not a name
        owning the head ("The Obama administration’s first comments")."""
        words = fold_words(phrase)
        if not words:
            return None
        raw = phrase.split()
        best: tuple[int, int, _Known] | None = None
        for k in self.known:
            for f in k.forms:
                at = _find(words, f)
                if at < 0:
                    continue
                end = at + len(f)
                owned = end <= len(raw) and re.search(r"[’']s?$", raw[end - 1]) is not None and end < len(words)
                linked = at and words[at - 1] in _COMPLEMENT_LINKS and not (at == 1 and words[0] in DEFINITE)
                if owned or linked:
                    continue  # "The Obama administration’s comments"; "La enviada especial de la ONU" is no UN
                fits = end == len(words) or (at == 0 and all(w[:1].islower() for w in raw[end:]))
                if fits and (best is None or len(f) > best[0]):
                    best = (len(f), -at, k)
        if best:
            return best[2].entity
        if len(words) == 1:
            return self._by_one_word(words[0])
        return self._by_inflection(words)

    def _by_one_word(self, word: str) -> Entity | None:
        """A surname alone ("Kiessling", "Zimmermanns") that ends exactly one entity's name. A given name alone is
        someone only where the recogniser saw it as a form of that person ("Rick" for Rick Terrill): "Friedrich"
        is not "Friedrich Wilhelm"."""
        found = {id(k): k for k in self.known for f in k.forms if f[-1:] == [word] or soft_eq(word, f[-1])}
        return next(iter(found.values())).entity if len(found) == 1 else None

    def _by_inflection(self, words: list[str]) -> Entity | None:
        """'Declana Rice' (a Czech accusative) for 'Declan Rice': the same words allowing case endings."""
        tail = words[-2:]
        found = {id(k): k for k in self.known for f in k.forms if len(f) >= 2 and self._inflected(tail, f[-2:])}
        return next(iter(found.values())).entity if len(found) == 1 else None

    def place_for(self, phrase: str) -> Entity | None:
        """'Moscow said', 'Berlin lehnt ab': a one-word place named alone stands for its government."""
        words = fold_words(phrase)
        return self.places.get(words[0]) if len(words) == 1 else None

    # ---- descriptions

    def coreferent(self, description: str, at: int, seen: dict | None = None) -> Entity | None:
        """The entity a definite description of a source stands for: the one the article gives that title, named
        nearest before `at` (or after it); else, for "der Landwirt", "el funcionario", "das Unternehmen", the one
        person (or body) named in the paragraph before `at`, or in the two before it the one named most; `seen`
        remembers that choice, so the same description stands for the same one all through the article. An
        indefinite one stands for nobody, though someone named bears its title ("one user" is not the user named),
        but for the name it is written beside as an apposition."""
        head = _head(description)
        if not head:
            return None
        if description.split()[0].lower() in INDEFINITE:  # "one user wrote": someone the article leaves unnamed,
            return self._apposed(description)  # unless it is a name's apposition ("the CEPR, a think tank,")
        self._ensure_located()
        titled = [k for k in self.known if head in k.titles] or [
            k for k in self.known if any(_same_title(head, t) for t in k.titles)]
        if titled:
            return _nearest(titled, at).entity
        if not _definite_singular(description, self.language):
            return None
        seen = {} if seen is None else seen
        if seen.get(head) is None:
            seen[head] = self._named_nearby(head, at)
        return seen[head]

    def _apposed(self, description: str) -> Entity | None:
        """The one entity whose name the article writes right before the description, set off by a comma."""
        found = {id(k): k.entity for k in self.known for form in (k.entity.name, *k.entity.aliases)
                 if f"{form}, {description}" in self.text}
        return next(iter(found.values())) if len(found) == 1 else None

    def _named_nearby(self, head: str, at: int) -> Entity | None:
        """The person (or body, by the head noun) named in the paragraph before `at`, the most named first; else in
        the two paragraphs before it."""
        if head.endswith(_ABSTRACT):
            return None  # "die Erklärung", "la declaración": words, not who said them
        want = "organization" if _body_word(head) else "person"
        para_start = max(0, self.text.rfind(PARA_SEP, 0, at))
        window_start = para_start
        for _ in range(2):
            near = [k for k in self.known if k.entity.type == want
                    and any(window_start <= p < at for p in k.positions) and not _other_office(k, head)
                    and (want == "person" or head in _COMPANY_WORDS or _names_its_kind(k, head))]
            if near:
                return max(near, key=lambda k: (len(k.positions), max(p for p in k.positions if p < at))).entity
            for _ in range(2):  # then the two paragraphs before
                window_start = max(0, self.text.rfind(PARA_SEP, 0, max(0, window_start - 1)))
        return None


def _initial(tok: str) -> bool:
    return len(tok) == 2 and tok.endswith(".")


def _find(words: list[str], form: list[str]) -> int:
    n = len(form)
    for i in range(len(words) - n + 1):
        if words[i : i + n] == form:
            return i
    return -1


def _nearest(cands: list[_Known], at: int) -> _Known:
    def distance(k: _Known) -> tuple[int, int]:
        before = [at - p for p in k.positions if p <= at]
        return (0, min(before)) if before else (1, min((p - at for p in k.positions), default=1 << 30))

    return min(cands, key=distance)


def _head(description: str) -> str:
    """The noun a description turns on: "the director of the hospital" -> "director", "Der US-Präsident" ->
    "uspräsident"."""
    return fold_word(_head_as_written(description))


def _head_as_written(description: str) -> str:
    toks = description.split()
    kept: list[str] = []
    for t in toks:
        low = t.lower().strip(",.")
        if kept and (low in PREPOSITIONS or low in ("of", "de", "del", "der", "des", "du", "di", "da", "aus", "um")):
            break
        if low in DEFINITE or low in INDEFINITE:
            continue
        kept.append(t)
    return kept[-1] if kept else ""


def _named_head(description: str, language: str) -> bool:
    """'the CDC', 'the Times': a head written as a name (an acronym; a capital where nouns are lowercase) that is
    no office or kind of body is a name the recogniser did not accept, not a description of a source."""
    raw = _head_as_written(description).strip(",.;:")
    head = fold_word(raw)
    if len(raw) > 1 and raw.isupper():
        return True
    return raw[:1].isupper() and not rules_for(language).nouns_capitalised and head not in _OFFICES and not _body_word(
        head)


def _same_title(head: str, title: str) -> bool:
    """'president' for 'President', 'ministerin' for 'Landwirtschaftsministerin', 'usprasident' for
    'US-Präsident' (German compounds end in their head)."""
    if head == title:
        return True
    short, long_ = sorted((head, title), key=len)
    return len(short) >= 5 and long_.endswith(short)


def _names_its_kind(k: _Known, head: str) -> bool:
    """'El Ministerio' is a body whose name says it is a ministry ('Ministerio para la Transición Ecológica',
    'Vereinigungsministerium')."""
    return any(any(_same_title(head, w) for w in f) for f in k.forms)


def _body_word(head: str) -> bool:
    """'das Unternehmen', 'the company', 'das Präsidialamt' (German compounds end in their head)."""
    return head in _BODY_HEADS or any(head.endswith(w) and len(w) >= 3 for w in _BODY_HEADS)


# endings of abstract nouns: a description ending so names a statement or a thing, not a person
_ABSTRACT = tuple("""ung heit keit schaft tum ment tion sion ity ción sión dad miento mento ção dade""".split())


# a company is spoken of by a word its name seldom holds ("das Unternehmen" for Facebook); other bodies by the kind
# of body their name says ("the ministry" for the Ministry of Health, "das Präsidialamt")
_COMPANY_WORDS = frozenset(fold_word(w) for w in """unternehmen konzern firma company firm empresa compañía entreprise
    société companhia azienda società bedrijf spółka firmy""".split())
_BODY_HEADS = frozenset(fold_word(w) for w in ORG_WORDS | {
    "ministerium", "behörde", "sender", "nachrichtensender", "zeitung", "verband", "agency"}) | _COMPANY_WORDS


def _other_office(k: _Known, head: str) -> bool:
    """The article gives this person an office, and not the one the description names: 'the coach' is not the
    president named before."""
    offices = {t for t in k.titles if t in _OFFICES}
    return bool(offices) and head in _OFFICES and not any(_same_title(head, t) for t in offices)


_ABBREVIATED_TITLES = frozenset(w for w in TITLES if w.endswith("."))  # "Dr. Feel": the capitals after are a name
_LINKS = frozenset("of de del der des du di da von vom van".split())
# a name after these is the complement of the head noun before it: "the envoy of the UN", "Sprecher der Bahn"
_COMPLEMENT_LINKS = frozenset("of for de del della dei des du di da do dos das der den von vom la le el the".split())
_OFFICES = frozenset(fold_word(w) for w in PERSON_ROLES | TITLES if len(w) > 3 and not w.endswith("."))


def _definite_singular(description: str, language: str) -> bool:
    """'the president', 'der Landwirt', 'el funcionario', 'die Ministerin': one person (or body) the reader
    already knows, as the language's articles tell."""
    toks = description.split()
    return len(toks) >= 2 and rules_for(language).names_one_known(toks[0].lower(), _head(description))


def is_description(phrase: str, language: str) -> bool:
    """A phrase that describes a source without naming it: 'one GOP operative', 'a dispatcher', 'the president',
    'Der US-Präsident', 'una fuente de los servicios', 'the company'. Not function words read as a subject ('a la
    vez que', 'den man den Behörden') and not a capitalised word that names nothing ('Namen', 'Seit')."""
    toks = phrase.split()
    if not toks or len(toks) > 8 or any(ch.isdigit() for ch in phrase):
        return False
    low = [t.lower().strip(",.;:") for t in toks]
    if any(w in NOT_DESCRIPTIVE for w in low[1:3]) or low[0] in NOT_DESCRIPTIVE and low[0] not in DEFINITE | INDEFINITE:
        return False  # "a la vez que", "I hurriedly"
    if len(toks) > 1 and looks_like_verb(toks[-1]):
        return False  # "The certification comes": the subject of another verb, not a source
    if low[0] in DEFINITE or low[0] in INDEFINITE:
        head = _head(phrase)
        return bool(head) and head not in _GENERIC_NOUNS and not rules_for(language).pronoun(head) and not _named_head(
            phrase, language)
    head = _head(phrase)
    rules = rules_for(language)
    if rules.caseless:
        return not rules.pronoun(phrase)  # no capitals to tell a name by: the finder read it as a role (ある証券アナリスト)
    if rules.no_articles and (len(toks) > 1 or toks[0].islower()) and len(toks) <= 4 and all(t.isalpha() and t[1:].islower() for t in toks) and all(
            t.islower() for t in toks[1:]):
        return not set(low) & NOT_DESCRIPTIVE and not rules.pronoun(low[0])  # "mladá anglická superstar", "režisér"
    lowercase_head = toks[-1][:1].islower() or rules.nouns_capitalised
    return lowercase_head and (head in _OFFICES or head in _BODY_HEADS)


# object pronouns a speaker phrase can run into before its verb ("una fuente de los servicios lo resumió")
_CLITICS = frozenset("lo la le los las les se me te nos os il elle en y es sie er ihn ihm ihr".split())
# what may follow a description and still describe the source: "a spokesman for the harbour authority"
_COMPLEMENT = re.compile(r"\s+(?:(?:for|of|from|at|in|with|de|del|des|du|der|von|vom|bei|aus|di|della|da|do|dos|das)"
                         r"(?:\s+[^\s,.;:!?«»“”„\"()]+){1,5})")


def _without_trailing_pronoun(phrase: str) -> str:
    toks = phrase.split()
    while len(toks) > 2 and toks[-1].lower() in _CLITICS:
        toks.pop()
    return " ".join(toks)


def _with_its_complement(description: str, text: str, quote: Quote, language: str) -> str:
    """The description as the article writes it next to the quote, with the complement the finder cut off
    ("a spokesman" -> "a spokesman for the harbour authority", "one GOP operative in the state"), up to the verb."""
    lo, hi = max(0, quote.start - 300), min(len(text), quote.end + 300)
    places = [lo + m.start() for m in re.finditer(re.escape(description), text[lo:hi])]
    if not places:
        return description
    at = min(places, key=lambda p: abs(p - quote.end)) + len(description)
    tail = _COMPLEMENT.match(text, at)
    if not tail:
        return description
    said = verb_pattern(language).search(tail.group(0))
    words = (tail.group(0)[: said.start()] if said else tail.group(0)).split()
    when = next((i for i, w in enumerate(words) if w.lower().strip(",.") in TIME_WORDS), len(words))
    words = words[: when - 1 if when and words[when - 1].lower() in PREPOSITIONS else when]  # not "am Dienstag"
    while words and (words[-1].lower() in _CLITICS or words[-1].lower() in PREPOSITIONS):
        words.pop()  # not the particle of a separable verb ("teilte das Präsidialamt in Seoul … mit")
    return " ".join([description, *words]) if len(words) > 1 else description


_PAIR = re.compile(r"\s+(?:and|und|et|y|e|en|i|и|і|a)\s+")  # "Varga and Hale said": two speakers


def resolve_speakers(quotes: Iterable[Quote], entities: Sequence[Entity], text: str, language: str,
                     unconfirmed: Sequence[Entity] = ()) -> list[Entity]:
    """Give each quote's speaker as the entity it names, or None; keep a description of an unnamed source in
    speaker_description. A name the recogniser proposed without evidence (`unconfirmed`) is confirmed by the
    quotation it speaks: those confirmed are returned, to join the article's entities."""
    quotes = [q for q in quotes if q.speaker]
    if not quotes:
        return []
    known = ArticleSpeakers(entities, text, language)
    confirmed = _quoted_speakers(quotes, known, unconfirmed, text, language)
    if confirmed:
        known = ArticleSpeakers([*entities, *confirmed], text, language)
    described: dict[str, Entity | None] = {}  # "el funcionario" stands for the same person all through
    for q in quotes:
        phrase = q.speaker or ""
        pair = _PAIR.split(phrase)
        if len(pair) == 2 and all(p[:1].isupper() for p in pair):
            both = [known.entity_for(p) for p in pair]
            if all(both):
                q.speaker = " and ".join(e.name for e in both if e)
                continue
        found = known.entity_for(phrase) or known.place_for(phrase)
        phrase = _without_trailing_pronoun(phrase)
        if found is None and is_description(phrase, language):
            found = known.coreferent(phrase, max(q.start, 0), described)
            if found is None:
                q.speaker_description = _with_its_complement(phrase, text, q, language)
        q.speaker = found.name if found else None
    return confirmed


def _quoted_speakers(quotes: list[Quote], known: ArticleSpeakers, unconfirmed: Sequence[Entity], text: str,
                     language: str) -> list[Entity]:
    """The unconfirmed names that speak a quotation ('"…," řekl Konečný', '"…," Okonkwo wrote'): the verb of
    saying beside a quotation types its subject as surely as a title would."""
    speaking = [e for e in unconfirmed if e.type in SPEAKING and not _pronoun_first(e.name, language)]
    if not speaking:
        return []
    maybe = ArticleSpeakers(speaking, text, language)
    found: dict[int, Entity] = {}
    for q in quotes:
        e = maybe.entity_for(q.speaker or "")
        if e is not None and id(e) not in found and known.entity_for(q.speaker or "") is None and _stands_alone(
                e, text) and not _after_article(e, q.speaker or ""):
            found[id(e)] = e
    return list(found.values())


def _pronoun_first(name: str, language: str) -> bool:
    """'I’d', 'We’ll': a pronoun with its verb run on is nobody's name."""
    word = re.split(r"['’]", name)[0]
    return word.lower() in NOT_DESCRIPTIVE or rules_for(language).pronoun(word) is not None


def _stands_alone(entity: Entity, text: str) -> bool:
    """Written somewhere after a word in lower case, a title or a comma ("řekl Konečný", '"…," Okonkwo wrote'), so the
    capitals are the name's own: not a capital opening a sentence ("Vzpomínám tu na …"), not the end of a longer
    name ("Whole Foods"), nor a name after "and" ("server Claret and Hugh")."""
    for form in (entity.name, *entity.aliases):
        for m in re.finditer(rf"(\S+) {re.escape(form)}\b", text):
            before = m.group(1).rstrip("\"'”’»«“„")
            titled = before.lower() in _ABBREVIATED_TITLES or before.isalpha() and any(
                soft_eq(fold_word(before), t) for t in _OFFICES)  # (no part of the name: "von Herrn A. Kubelka")
            lowercase = before.isalpha() and before[:1].islower() and not _PAIR.fullmatch(f" {before} ")
            if before[-1:] in (",", ";") or titled or lowercase:
                return True
    return False


def _after_article(entity: Entity, phrase: str) -> bool:
    """'die Alleinerziehenden-Vertretung': a noun the phrase gives an article is a description, not a name."""
    words = fold_words(phrase)
    return any((at := _find(words, list(f))) > 0 and words[at - 1] in DEFINITE | INDEFINITE
               for f in {tuple(fold_words(x)) for x in (entity.name, *entity.aliases)} if f)


__all__ = ["ArticleSpeakers", "is_description", "resolve_speakers"]
