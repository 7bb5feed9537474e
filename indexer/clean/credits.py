"""Lines of a story page that credit instead of tell: who wrote, reported, photographed, supplied or owns it.

News layout puts these lines inside the article's container or right after its text, so an extractor that takes
the container takes them too, and their names become facet entries that name nobody of the story ("Matthias
Lauerer", "Sunbeam Television Corp", "Polska Agencja Prasowa"). The conventions, in the archive's languages:

- a byline line: a byline word and names only ("Von Matthias Lauerer", "By Jane Roe and John Doe", "حوار: …");
- a contributor or source line: "… contributed to this report.", "Mitarbeit: …", "SOURCE: Al Jazeera News";
- an agency or editor's signature, alone ("aja/PAP", "(dr/spot)") or closing a paragraph ("… gewesen sei. (FR
  mit dpa)", "…上。（编译/林靖东）"), where it is cut and the paragraph stays;
- a copyright or legal notice ("Copyright 2023 … All rights reserved. This material may not be …"), and the
  site's notices to its users: what it earns from the links in the text, the terms one accepts by using it, its
  rules for comments ("Microsoft may earn an Affiliate Commission if you purchase something through recommended
  links", "Registration on or use of this site constitutes acceptance of our User Agreement …");
- a photo credit, or a caption that starts or ends with one ("Fotos: X/123RF", "Bild: … / Quelle: ARD/…",
  "…, ©BillionPhotos.com - stock.adobe.com");
- a meta strip of outlet, dates and byline ("Le Monde | 04.05.2015 à 13h36 • Mis à jour … | Par …") and a page
  meta line ("News date : 04/21/2022  Category : Press Releases", "Filed under: …");
- among the last blocks of the story, the writer's bio or contact line: a paragraph that opens with a byline
  writer's name and says what they are or do ("Steven Mufson covers the White House. …"), one that names the
  writer beside an address to reach them ("Have a tip? … may be reached at …"), or a closing tagline set wholly in
  italics or bold that presents people the story never names ("Andrés Malamud es politólogo …").

Each rule reads one block as the cleaner emits it, and a block that also tells the story (a sentence before the
credit, a quotation) is kept. docs/archiving.md lists what is left out and why.
"""

from __future__ import annotations

import re

from indexer.clean.bylines import BYLINE_PREFIX, PARTICLES
from indexer.clean.dates import parse_date

MAX_CREDIT = 500  # characters: a longer block is story, whatever it starts with
MAX_LINE = 300  # a credit line other than a legal notice is shorter than this
CLOSING_BLOCKS = 3  # a bio or contact line is among the last blocks of the text

# News agencies as signatures write them.
_AGENCIES = (r"dpa|afp|ap|reuters|epd|kna|apa|sda|ats|efe|ansa|pap|tass|interfax|ukrinform|unian|upi|anp|belga"
             r"|čtk|ctk|tasr|mti|bta|xinhua|kyodo|yonhap|dts|ddp|sid|ots|europa press|agencias|agences|agencies"
             r"|agenturen|nachrichtenagenturen|news agencies")
# Initials and agencies: "aja/PAP", "(cm)", "(FR mit dpa)", "(dr/spot)". Case matters: initials are lower case,
# so "N/A" and "(UN)" are not signatures; "(sic)" and "(ndlr)" are editor's marks inside the text.
_SIGNATURE = (rf"(?:[A-Z][A-Za-z]{{0,5}}\s+(?:mit|with|avec|con|und|and)\s+)?(?i:{_AGENCIES})"
              rf"(?:\s*[/,]\s*(?:(?i:{_AGENCIES})|[a-zäöü]{{1,4}}))*"
              rf"|(?!sic\b|ndr\b|ndlr\b)[a-zäöüß]{{1,4}}(?:\s*/\s*(?:(?i:{_AGENCIES})|[a-zäöüß]{{1,4}}))*")
_SIGNATURE_ALONE = re.compile(
    rf"^\s*(?:\((?:{_SIGNATURE})\)|[a-zäöüß]{{1,4}}(?:\s*/\s*(?:(?i:{_AGENCIES})|[A-Za-zäöüß]{{1,6}}))+)\s*\.?\s*$")
_SIGNATURE_END = re.compile(
    rf"\s*(?:\((?:{_SIGNATURE})\)|[（(]\s*(?:编译|編譯|编辑|編輯|责编|責編|责任编辑|責任編輯|作者|记者|記者|来源|來源|翻译|翻譯"
    rf"|文|校对|校對)\s*[/／:：]\s*[^（）()]{{1,20}}[）)])\s*$")
_SENTENCE_END = re.compile(r"[.!?。！？»”\"'“]\s*$")

_CONTRIBUTED = re.compile(
    r"^[^.!?]{3,160}?\b(?:contributed|contributes)\b(?:\s+reporting)?"
    r"(?:\s+(?:to|for)\s+th(?:is|e)\s+(?:report|story|article))?\s*\.?$", re.IGNORECASE)
# A label that credits the people or agencies after it.
_CREDIT_LABEL = re.compile(
    r"^(?:mitarbeit|unter\s+mitarbeit\s+von|mitarbeit\s+von|mit\s+material\s+(?:von|der|aus)|material\s+von"
    r"|with\s+reporting\s+(?:by|from)|edited\s+by|translated\s+by|übersetzung"
    r"|traduction|traducción|source|sources|quelle|quellen|fuente|fuentes|źródło|fonte|fontes|bron|lähde"
    r"|kilde|källa|zdroj|con\s+información\s+de|com\s+informações\s+d[aoe]s?|współpraca|colaboración"
    r"|colaboração)\s*[:：]?\s+(?P<rest>.+)$", re.IGNORECASE)
_COPYRIGHT = re.compile(
    r"^\s*(?:©|\(c\)\s*(?:19|20)\d\d|copyright\s*(?:©|\(c\)|(?:19|20)\d\d))|all rights reserved"
    r"|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati"
    r"|todos os direitos reservados|wszelkie prawa zastrzeżone|все права защищены|всі права захищені"
    r"|alle rechten voorbehouden|版权所有|版權所有|未经授权|未經授權|不得转载|不得轉載|無断転載",
    re.IGNORECASE)
# The site's notices to its users: what it earns from the links in the text, the terms one accepts by using it,
# its rules for comments and uploads ("Microsoft may earn an Affiliate Commission if you purchase something
# through recommended links", "… constitutes acceptance of our User Agreement and Privacy Policy").
_SITE_NOTICE = re.compile(
    r"\baffiliate\b[^.]{0,80}\b(?:commission|links?)\b|\b(?:earns?|receives?|gets?|makes?)\b[^.]{0,30}\bcommission\b"
    r"[^.]{0,80}\blinks?\b|\b(?:provision|vergütung|vergütet)\b[^.]{0,80}\blinks?\b"
    r"|\blinks?\b[^.]{0,80}\b(?:provision|vergütung|vergütet)\b"
    r"|\b(?:constitutes acceptance of|you (?:accept|agree to)|akzeptieren sie|stimmen sie)\s+(?:our|the|unsere[nr]?|den|der"
    r"|die)\s+(?:user agreement|terms|privacy policy|nutzungsbedingungen|datenschutz\w*)"
    r"|\bcommunity (?:rules|guidelines|standards) apply\b"
    r"|\b(?:comments?|coment[aá]rios?|kommentare?|commentaires?)\b[^.]{0,120}\bmodera|\bmodera\w*\b[^.]{0,120}\b(?:comments?"
    r"|coment[aá]rios?|kommentare?|commentaires?)\b", re.IGNORECASE)
_PHOTO_LABEL = (r"(?:foto|fotos|photo|photos|bild|bilder|image|images|picture|credit|credits|crédit|crédits"
                r"|crédito|créditos|fotografía|zdjęcie|fot\.|symbolbild|archivbild|titelbild|beitragsbild"
                r"|aufmacherbild|headerbild|vorschaubild|imagen|grafik|illustration)")
# "Photo: X", "Foto (Archiv): X"; "Top photo by X", "Illustration by X", "Foto von X": a line that is all credit
_PHOTO_START = re.compile(rf"^\s*{_PHOTO_LABEL}\s*(?:\([^)]{{0,40}}\))?\s*[:：]|^(?:[^\W\d_]+\s+)?{_PHOTO_LABEL}\s+"
                          r"(?:by|von|par|por|di|door|przez)\s+(?-i:[A-ZÀ-ÞĀ-Ž])[^.!?]{1,80}\.?$", re.IGNORECASE)
_PHOTO_END = re.compile(rf"(?:^|[\s,;|(])(?:©|\(c\)|{_PHOTO_LABEL}\s*[:：])\s*(?P<credit>[^!?]{{2,90}}?)\s*\)?\s*$",
                        re.IGNORECASE)
_META_LINE = re.compile(
    r"^(?:(?:news\s+)?date|category|categories|filed\s+under|posted\s+in|kategorie|kategorien|rubrik|rubriken"
    r"|catégorie|catégories|categoría|categorías|categoria|kategoria|sección)\s*[:：]", re.IGNORECASE)
_STRIP_SEPARATOR = re.compile(r"\s+[|•·]\s+")

_NAMES_SPLIT = re.compile(r"\s*(?:[,;/&()]|\b(?:and|und|et|avec|with|mit|con|com|y|e|i|en|og|och)\b)\s*")
_CAPITAL = "A-ZÀ-ÞĀ-ŽА-ЯЁЄІЇҐ"
_CAPITALISED = re.compile(rf"^[^\W\d_]*[{_CAPITAL}][\w'’.-]*$")
# Words that say what a person is or does, after the name that opens a bio ("covers", "es", "ist" …).
_DESCRIBES = (r"(?:is|was|has|covers|writes|reports|joined|es|fue|escribe|est|était|écrit|ist|war|schreibt"
              r"|arbeitet|è|scrive|é|escreve|jest|je|on|är|er)")
# After a writer's name that opens their bio: a description, a possessive ("'s book"), a co-writer in brackets,
# a comma or a line break; not another capitalised word (a product named like its maker).
_AFTER_WRITER = re.compile(rf"^(?:['’]s\b|\s*[(,\n]|\s+{_DESCRIBES}\b)")
_TAGLINE = re.compile(rf"^(?P<name>[{_CAPITAL}][\w'’.-]*(?:\s+(?:[{_CAPITAL}][\w'’.-]*|de|da|del|van|von|der|di"
                      rf"|du|la|le)){{1,3}})\s+{_DESCRIBES}\s")
_CONTACT = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|(?<!\w)@\w{2,}|\btwitter\b|\bfollow (?:him|her|them)\b"
                      r"|\breached at\b|\be-?mail\b", re.IGNORECASE)
_QUOTE_OPENING = re.compile(r"^\W*[\"“„«»‘‚'‹›「『]")


def is_credit_line(text: str, authors: list[str]) -> bool:
    """A block (paragraph or list item) that only credits: a byline, contributor, source or signature line, a
    legal notice, a photo credit or caption with its credit, a meta strip or a page meta line."""
    if len(text) > MAX_CREDIT:
        return False
    line = " ".join(text.split())
    if _COPYRIGHT.search(line) or _SITE_NOTICE.search(line):
        return True
    if len(line) > MAX_LINE:
        return False
    return (_byline_line(line, authors) or bool(_CONTRIBUTED.match(line)) or _credit_label(line)
            or bool(_SIGNATURE_ALONE.match(line)) or _photo_credit(line) or bool(_META_LINE.match(line))
            or _meta_strip(line, authors))


def without_signature(text: str) -> str:
    """A paragraph without the agency or editor's signature after its last sentence ("… sei. (FR mit dpa)")."""
    match = _SIGNATURE_END.search(text)
    if not match or match.start() < 20 or not _SENTENCE_END.search(text[:match.start()]):
        return text
    return text[:match.start()].rstrip()


def closing_credits(texts: list[str], emphasized: list[bool], authors: list[str]) -> set[int]:
    """Indexes of the blocks, among the last CLOSING_BLOCKS, that are a writer's bio or contact line. `texts`
    are the blocks' texts ("" for one that cannot be either, a heading), `emphasized` whether each is set wholly
    in italics or bold."""
    writers = _writer_names(authors)
    found = set()
    for index in range(max(0, len(texts) - CLOSING_BLOCKS), len(texts)):
        text = " ".join(texts[index].split())
        if not text or len(text) > 2 * MAX_CREDIT or _QUOTE_OPENING.match(text):
            continue
        opens = any(text[:len(name)].casefold() == name and _AFTER_WRITER.match(text[len(name):]) for name in writers)
        contact = bool(_CONTACT.search(text)) and any(f"{name} " in f"{text.casefold()} " for name in writers)
        if opens or contact or (emphasized[index] and _tagline(text, texts[:index])):
            found.add(index)
    return found


def _writer_names(authors: list[str]) -> list[str]:
    return [" ".join(a.split()).casefold() for a in authors if len(a.strip()) >= 3]


def _name_word(word: str) -> bool:
    """A word of a name: capitalised, a particle ("von", "de"), or in a script without capitals (Arabic …)."""
    return bool(_CAPITALISED.match(word)) or word.lower() in PARTICLES or (
        word.isalpha() and not any(c.isupper() or c.islower() for c in word))


def _names_only(text: str, authors: list[str]) -> bool:
    """Nothing but people's names joined by commas or "and" ("Jane Roe and John Doe", "Claire Vasseur (avec
    Hugo Marchal et Inès Royer)"); a one-word part only when it is a byline writer's name, so that "Von Helden
    und Schurken" stays a heading."""
    writers = _writer_names(authors)
    parts = [p.strip(" .") for p in _NAMES_SPLIT.split(text.strip().rstrip("."))]
    parts = [p for p in parts if p]
    if not parts or len(parts) > 6:
        return False
    for part in parts:
        if part.casefold() in writers:
            continue
        words = part.split()
        if not 2 <= len(words) <= 4 or not all(_name_word(w) for w in words) or parse_date(part):
            return False
    return True


def _byline_line(line: str, authors: list[str]) -> bool:
    match = BYLINE_PREFIX.match(line)
    return bool(match) and _names_only(line[match.end():], authors)


def _credit_label(line: str) -> bool:
    """ "Mitarbeit: Antonio Gutierrez", "SOURCE: Al Jazeera News": a label and a few words, no sentences."""
    match = _CREDIT_LABEL.match(line)
    if not match:
        return False
    rest = match.group("rest")
    return len(rest.split()) <= 8 and not re.search(r"[.!?]\s+\S", rest)


def _photo_credit(line: str) -> bool:
    if _PHOTO_START.match(line):
        return True
    match = _PHOTO_END.search(line)  # a caption that ends with its credit, no sentence after it
    return bool(match) and not re.search(r"[.!?]\s+[A-Z]", match.group("credit"))


def _meta_strip(line: str, authors: list[str]) -> bool:
    """ "Le Courrier | 12.03.2024 à 09h10 • Mis à jour le … | Par Claire Vasseur": outlet, dates and a byline."""
    segments = [s for s in _STRIP_SEPARATOR.split(line) if s.strip()]
    if len(segments) < 2 or not any(BYLINE_PREFIX.match(s) for s in segments):
        return False
    return all(_byline_line(s, authors) or _dated(s) or len(s.split()) <= 3 for s in segments)


def _dated(segment: str) -> bool:
    """A date, with a few words around it ("Mis à jour le 05.05.2015 à 20h13")."""
    return bool(re.search(r"\d", segment)) and len(re.sub(r"[\d\W]", "", segment)) <= 25 and bool(
        parse_date(segment) or re.search(r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}", segment))


def _tagline(text: str, before: list[str]) -> bool:
    """ "Andrés Malamud es politólogo …" closing a story that never names him: its writer presented. (An
    interviewee's bio names someone the story is about, and stays.)"""
    match = _TAGLINE.match(text)
    if not match:
        return False
    name = " ".join(match.group("name").split())
    return not any(name in " ".join(t.split()) for t in before)
