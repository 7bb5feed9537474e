"""Who said it: speaker phrases next to verbs of saying, and the names they stand for.

Heuristics kept readable on purpose: a speaker is the short noun phrase right before a verb of saying
("Zelensky said"), right after it ("said Zelensky", "sagte er", "— сказал Иванов"), or after "according to".
Names are then widened to the fullest form the article uses.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from indexer.annotate.quotes.lang import rules_for, soft_eq
from indexer.annotate.quotes.speaker_words import (
    AR_ROLES,
    DETERMINERS,
    INDEFINITE,
    JA_SUFFIXES,
    NAME_PARTICLES,
    ORG_STEMS,
    ORG_WORDS,
    PERSON_ROLES,
    TIME_WORDS,
    TITLES,
)

CONJUNCTIONS = set("and but or so then also und aber doch et mais pero ma maar ale и але و أما لكن".split())
PREPOSITIONS = set(
    """as when while who which whose that qui che quien welche welcher który która który którzy что который которая який яка in on at for with during after before from to by into about over under since while via am im um bei beim
    mit nach vor zu zur zum vom auf als wie während für jm jn dans en à au aux pour avec sur après avant durante tras con por para
    ante desde entre sobre hacia sin em nos pelo pela ao aos após perante dopo presso davanti ai alla alle agli allo
    dal dalla dai dagli nel nella nei negli sul sulla sui sugli tijdens voor na bij
    tegen aan met naar uit namens tegenover of laut gemäß zufolge seitens trotz wegen ohne gegen durch unter über
    neben zwischen
    na w we z ze po przy o v ve s se u k ke по в на у з із для під після от о за при ב ל מ في على إلى من خلال عن""".split()
)
SLAVIC_PREPOSITIONS = set(
    "с со по в во на у при за после перед без к ко від з із зі під після pro při po v ve s se z ze k ke u před bez"
    " w we przy do od na".split()
)
SUBORDINATORS = set("""wie als da weil dass daß ob wenn comme quand como cuando come quando zoals toen jak gdy kiedy jako když как когда як коли
    que qui cui dont cuyo cuya""".split())
CUT_WORDS = (" of ", " from ", " at ", " in ", " on ", " vom ", " aus ", " beim ", " im ")
POSSESSIVE = re.compile(r"[’']s?$")
FR_INVERTED = re.compile(r"-t?-(il|elle|ils|elles|on)\b", re.IGNORECASE)
_UP = "A-ZÀ-ÖØ-ÞĀ-ŽА-ЯЁІЇЄҐ"
_NAME_WORD = rf"(?:[{_UP}]\.|[{_UP}][\w’'\-]+)"
_PARTICLE = r"(?:(?:de|van|von|van der|van den|den|da|di|del|la|le|al|el|bin|ibn|dos|das|do|ten|ter)[ \u00a0]+)?"
NAME_RUN = re.compile(rf"{_NAME_WORD}(?:[ \u00a0]+{_PARTICLE}{_NAME_WORD}){{1,3}}")
# in the article-wide inventory a title may run before the name: "SEC Chair Mary Jo White", "Fed Chair Janet L. Yellen"
TITLED_NAME_RUN = re.compile(rf"{_NAME_WORD}(?:[ \u00a0]+{_PARTICLE}{_NAME_WORD}){{1,5}}")
NAME_TOKEN = re.compile(r"^[\w.’'\-]+$")


@lru_cache(maxsize=64)
def verb_pattern(language: str) -> re.Pattern[str]:
    """One alternation of the language's verbs of saying, longest first."""
    rules = rules_for(language)
    words = sorted(set(rules.saying_verbs()), key=len, reverse=True)
    body = "|".join(re.escape(w) for w in words)
    if rules.no_spaces:
        return re.compile(f"(?:{body})")
    return re.compile(rf"(?<!\w){rules.verb_prefix}(?:{body})(?!\w)", re.IGNORECASE)


def words(text: str) -> list[str]:
    return text.split()


def is_pronoun(phrase: str, language: str) -> str | None:
    """'person' or 'thing' when the speaker phrase is just a pronoun."""
    return rules_for(language).pronoun(phrase)


def clean_np(text: str, language: str, leading: bool = True) -> str | None:
    """A short speaker noun phrase from the start of text (leading) or ending at its end."""
    text = re.sub(r"\s*\([^)]*\)", "", text).strip().strip(",;:—–-.!?…").strip()
    if not text:
        return None
    rules = rules_for(language)
    if rules.no_spaces:
        return _clean_np_cjk(text, leading)
    toks = words(text)
    if not leading:
        toks = toks[-8:]
    while toks and toks[0].lower().strip(",") in CONJUNCTIONS:
        toks = toks[1:]
    toks = rules.np_tokens(toks)
    if toks and is_pronoun(toks[0].strip(",.;:!?"), language):
        return toks[0].strip(",.;:!?")  # "sagte er hinzu", "додав він"; Dutch "ze" before Polish "ze"
    if not toks or toks[0].lower() in PREPOSITIONS or toks[0].lower() in SUBORDINATORS:
        return None
    inverted = FR_INVERTED.search(toks[0])
    if inverted:
        return inverted.group(1)  # "a-t-il", "poursuit-elle"
    out: list[str] = []
    for i, tok in enumerate(toks):
        if i and tok[:1] in "«„“\"‘‚「":
            break  # "сказав Шевчук «Вечірньому Кур’єру»": the outlet told is not part of the speaker
        bare = tok.strip(",;:()")
        if i and bare.lower() in PAIR_JOINERS and _name_pair(toks, i):
            out.append(bare)  # "Varga and Hale said": two speakers, both kept
            continue
        if i and bare in _NAME_OF and i + 1 < len(toks) and toks[i + 1][:1].isupper() and (
                toks[i - 1][:1].isupper() and _org_like(" ".join(out))):
            out.append(bare)  # "the National Union of Journalists", "la Federación de Municipios": one name
            continue
        if i and (bare.lower() in PREPOSITIONS or bare.lower() in CONJUNCTIONS) and bare[:1].islower():
            break
        if i and bare.lower().rstrip(".") in TIME_WORDS:
            break  # "a déclaré François Bayrou mardi", "said Mayor Ann Lee Tuesday": when, not who
        if i >= 1 and bare[:1].islower() and looks_like_verb(bare):
            break  # "Clinton garnered …": the subject ends where a verb starts
        particle = bare.lower() in NAME_PARTICLES and i + 1 < len(toks) and toks[i + 1][:1].isupper()
        if i >= 1 and bare.lower() in DETERMINERS and toks[i - 1][:1].isupper() and toks[i - 1].lower() not in DETERMINERS:
            if not (particle and rules.name_particles_lowercase):
                break  # "sagte Albrecht der Rheinischen Abendpost", "dijo Ortega el lunes"; not "Eva de Wit"
        if rules.free_order and i >= 1 and bare[:1].islower() and toks[i - 1][:1].isupper():
            if not (i == 1 and rules.adjective_form(toks[0])):
                break  # "Президент Путин осенью": in Slavic news the name closes the subject
            # "Wojewódzki rzecznik policji przekazał": an adjective capitalised by the sentence start opens a role
        if i >= 1 and bare[:1].islower() and not particle and rules.closes_np(toks[i - 1]):
            break  # "schrie der Pfarrer wüthend": German capitalises nouns, so a lowercase word after one ends it
        if i and bare.isupper() and len(bare.strip(".")) > 1 and _is_name_tok(out[-1] if out else ""):
            break  # "Amina El Idrissi UN" — an acronym does not belong to a person's name
        out.append(bare.rstrip(".!?") if tok.endswith((".", "!", "?")) and not _initial(bare) else bare)
        if tok.endswith((",", ";", ":", ")", "!", "?")) or (tok.endswith(".") and not _initial(bare)) or len(out) >= 8:
            break
    np = " ".join(t for t in out if t)
    if not np or "_" in np or any(ch.isdigit() for ch in np):
        return None
    return np


_NAME_OF = {"of", "for", "de", "des", "du", "del", "di", "della", "van", "für", "der"}  # inside an institution's name

PAIR_JOINERS = {"and", "und", "et", "y", "e", "en", "i", "и", "і", "a"}


def _name_pair(toks: list[str], i: int) -> bool:
    """'Varga and Hale', 'Ilse Varga and Tom Hale': a joiner between two capitalised names, ending the phrase."""
    before, after = toks[i - 1], toks[i + 1 : i + 3]
    if not before[:1].isupper() or before.endswith((",", ";", ":", ".")) or not after or not after[0][:1].isupper():
        return False
    if before.lower() in DETERMINERS or after[0].lower() in DETERMINERS:
        return False
    rest = [t for t in after if t[:1].isupper()]
    return all(NAME_TOKEN.match(t.strip(",.;:")) for t in rest) and not _org_like(" ".join(rest))


CJK_ROLE_NAME = re.compile(
    r".*(?:社长|社長|总裁|董事长|主席|部长|大臣|代表|专家|合伙人|团长|市长|局长|经理|主任|教授|特使|负责人|发言人|"
    r"创始人|首席执行官|茶农|农民|作家|记者|分析师|研究员|工程师|律师|医生|院长|校长|会长|处长|厅长|省长|议员|官员)"
    r"([\u4e00-\u9fff·\u30a0-\u30ff]{2,12})$"
)


def _clean_np_cjk(text: str, leading: bool) -> str | None:
    parts = re.split(r"[，,。：:；;、\s“”「」『』\"_]", text)  # quoted words (masked as _) are no speaker
    parts = [p for p in parts if p]
    if not parts:
        return None
    np = parts[0] if leading else parts[-1]
    np = re.sub(r"^(?:而|但|并|並|他还|还|也|据)", "", np)
    # the subject ends where a preposition or adverb starts: 她在接受采访时 / 秘书处在声明中 / 他同时 / 王对记者
    np = re.split(
        r"(?<=.)(?:在|于|對|对|向|同时|同時|则|則|还|也|又|再次|随后|進一步|进一步|接受|通过|透過|当天|當天|今天|昨天|日前|近日)", np
    )[0]
    np = re.sub(r"[はがも]$", "", np)
    if len(np) > 24:
        return None
    return np or None


def _initial(tok: str) -> bool:
    """'F.' in 'Gerald F. Seib' or a title like 'Mr.' keeps its full stop."""
    return tok.endswith(".") and (len(tok) == 2 or tok.lower() in TITLES)


def _is_name_tok(tok: str) -> bool:
    return tok[:1].isupper()


def looks_like_verb(tok: str) -> bool:
    low = tok.lower()
    return low.endswith("ed") or low in {
        "took", "did", "does", "has", "have", "had", "is", "was", "were", "are", "will", "would", "can", "could",
        "may", "might", "must", "should", "went", "made", "gave", "got", "also", "then", "still", "later",
        "ist", "war", "hat", "hatte", "wird", "est", "a", "sont", "es", "fue", "ha", "è", "é", "foi",
    }


def subject_before(pre: str, language: str) -> str | None:
    """The subject of a verb of saying, from the text that precedes the verb in its sentence."""
    rules = rules_for(language)
    if rules.no_spaces:
        return clean_np(pre, language, leading=False)
    if PARTY_LABEL.search(pre):
        pre = PARTY_LABEL.sub(" ", pre)  # "Sen. Harold Wexley III (R-Ida.) said", "Anna Berg (SPD) sagte"
    pre = INNER_ACRONYM.sub("", pre)  # "der Aktivist der … Autonomous Tenant Union (ATU) aus Chicago sagt"
    segments = [s for s in re.split(r",|\s[—–]\s|\(|\)", pre)]
    nonempty = [s for s in segments if s.strip()]
    if not nonempty:
        return None
    if len(nonempty) > 1 and nonempty[-1].strip().lower() in rules.relative_subjects:
        antecedent = [m.group(0) for m in NAME_RUN.finditer(nonempty[-2])]
        if antecedent and nonempty[-2].rstrip().endswith(antecedent[-1]):
            return person_name(antecedent[-1], language) or antecedent[-1]  # "Minister Jonas Albrecht, der sagte:"
    appositive = pre.rstrip().endswith(",") or pre.rstrip().endswith(")")
    order = [nonempty[0], nonempty[-1]] if appositive else [nonempty[-1], nonempty[0]]
    if appositive and rules.caseless:
        # "ROLE، NAME، قال": no capitals to tell a name, so take the short segment next to the verb
        if len(words(nonempty[-1])) <= 4 and not nonempty[-1].strip().startswith("ف"):
            order = [nonempty[-1]] + order  # not "فتحدثت عن …": a clause ("and then she spoke") is no speaker
    elif appositive:
        # "Japan's environment minister, Haruka Sato, said": the name, not the office, is the speaker
        named = [seg for seg in nonempty[:3] if _proper_segment(seg, language)]
        order = named[:1] + order
    if rules.free_order and not appositive:
        toks = words(nonempty[-1])
        caps = [i for i, t in enumerate(toks) if i and t[:1].isupper()]
        if caps:  # "Об этом на днях заявил и министр Орлов"
            end = caps[-1]
            start = end
            while start - 1 > 0 and toks[start - 1][:1].isupper():
                start -= 1
            if start == 1 and toks[0][:1].isupper() and not _office_or_title(toks[0]):
                start = 0  # "Deutsche Bahn poinformowała": the name starts the sentence, not "Bahn"
            if not start or toks[start - 1].lower() not in PREPOSITIONS:  # "inspektor pracy w Gdańsku": a place
                return " ".join(toks[start : end + 1])
    last = words(nonempty[-1])
    if not appositive and len(last) > 1 and last[0].lower() in PREPOSITIONS | SUBORDINATORS:
        if last[-1][:1].isupper() or is_pronoun(last[-1], language):
            return last[-1]  # "in deren Verlauf Jonescu sagte", "wie Albrecht sagte"
    for seg in order:
        seg_words = words(seg)
        if appositive or len(seg_words) <= 25:
            np = clean_np(seg, language)
            if np and not _circumstance(np):
                return np
    return None


INNER_ACRONYM = re.compile(r"(?<=\S)\s*\([A-ZÄÖÜ][A-ZÄÖÜ0-9.&-]{1,9}\)(?=\s+\w)")
PARTY_LABEL = re.compile(r"(?<=\S)\s*\((?:[A-Z]{1,5}|[A-Z]{1,2}-[A-Z][\w.]{0,8}|[A-Z][a-z]?\.?-[A-Z][\w.]{0,8})\)\s*$")


def _office_or_title(tok: str) -> bool:
    """'Президент Путин заявил': the office before a name at the sentence start is not part of the name."""
    low = tok.lower().strip(",.")
    return low in PERSON_ROLES or low in TITLES


def _proper_segment(seg: str, language: str) -> bool:
    """A comma segment that is (or ends in) a person's name: 'Haruka Sato', 'o agricultor Joaquim Baião'."""
    np = clean_np(seg, language)
    if not np or np != seg.strip().rstrip(".!?…") or len(words(np)) > 6:
        return False
    name = person_name(np, language)
    return bool(name) and (name == np or len(words(name)) >= 2) and not _org_like(name)


def _circumstance(np: str) -> bool:
    """'Two months later', 'speaking on Monday': a phrase set off by commas that is not the speaker."""
    low = np.lower()
    first, last = low.split()[0], low.split()[-1]
    return (
        first in {"speaking", "asked", "when", "if", "as", "but", "after", "before", "last", "next", "two", "three"}
        or last in {"later", "ago", "earlier", "meanwhile", "however", "too", "also", "though"}
        or first.endswith("ing")
    )


def speaker_from_according(text: str, language: str) -> str | None:
    """'according to X' / 'laut X' / 'selon X' → X."""
    for phrase in rules_for(language).according_phrases():
        m = re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text, re.IGNORECASE)
        if m:
            return according_source(text[m.end():], language)
    return None


DOCUMENT_FROM = re.compile(
    r"^\s*(?:a|an|the|un|une|una|um|uma|le|la|el|een|de|het|ein|eine|einer|einem)?\s*(?:\w+\s+)?"
    r"(?:statement|report|memo|letter|notice|note|press release|release|email|e-mail|post|filing|document|"
    r"communiqué|comunicado|nota|mitteilung|erklärung|verklaring|bericht|persbericht|komunikat|oświadczenie)"
    r"\s+(?:from|by|of|issued by|de|du|des|del|da|do|van|von|des|der|vom|z)\s+",
    re.IGNORECASE,
)


def according_source(rest: str, language: str) -> str | None:
    """'according to a statement from the mayor's office' → the mayor's office: a document speaks for whoever
    issued it, so the source behind 'statement from' is the speaker, not the document."""
    doc = DOCUMENT_FROM.match(rest)
    if doc:
        source = clean_np(rest[doc.end():], language)
        if source:
            return source
    return clean_np(rest, language)


def speaker_after(clause: str, language: str, max_words: int = 10) -> tuple[str | None, bool]:
    """Attribution that follows a quote: ', he said', ' Ukrainian Railways said', ', sagte er', ', so X'.

    Returns (speaker phrase, found) where found says a verb of saying was there even if no subject (pro-drop).
    """
    clause = clause.strip().lstrip(" ,.;:—–-").strip()
    if not clause:
        return None, False
    low = clause.lower()
    rules = rules_for(language)
    for word in rules.after_only:
        if low.startswith(word + " "):
            return clean_np(clause[len(word):], language), True
    for phrase in rules.according_phrases():
        if low.startswith(phrase.lower()):
            return according_source(clause[len(phrase):], language), True
    as_said = AS_CLAUSE.match(clause)
    if as_said and not rules.caseless:
        return as_said.group(1), True  # "“squatters,” as Espinosa put it, and …", "“…,” as Reuters reported, “…”"
    own = rules.speaker_after_quote(clause)
    if own is not None:  # 「…」と佐藤氏は述べた
        phrase, found = own
        return (clean_np(phrase, language) if phrase is not None else None), found
    split = rules.split_verb
    held = split.match(clause) if split else None
    if held:
        return clean_np(held.group(1), language), True  # "…", laat wethouder Eva de Wit weten.
    m = verb_pattern(language).search(clause)
    if not m:
        return None, False
    pre, post = clause[: m.start()], clause[m.end():]
    if NEGATED.search(pre):
        return None, False  # "The mayor did not say where the money would come from": nothing was said
    inverted = FR_INVERTED.search(pre + m.group(0) + post[:8])
    if inverted:
        return inverted.group(1), True
    if rules.no_spaces:
        return (clean_np(pre, language, leading=False), True) if len(pre.strip()) <= 14 else (None, False)
    if not pre.strip(" ,—–-"):
        subject = _inverted_subject(post, language)
        if rules.free_order:
            subject = _slavic_subject_after(pre, post, subject, language) or subject
        return subject, True
    if len(words(pre)) <= max_words or ("," in pre and len(words(pre.split(",")[0])) <= 5):
        subject = subject_before(pre, language)
        if rules.free_order:
            subject = _slavic_subject_after(pre, post, subject, language) or subject
        # "”, entre ellas el número de motor y chasis, añadió": an aside before the verb, whose subject is dropped
        return subject, subject is not None or pre.rstrip().endswith(",")
    return None, False


# "as X put it", "wie X schrieb": a clause of comparison names whose words they are, whatever its verb
AS_WORDS = ("as", "wie", "comme", "como", "come", "zoals", "jak", "jako", "как", "як")
AS_CLAUSE = re.compile(rf"(?:{'|'.join(AS_WORDS)})\s+({_NAME_WORD}(?:[ \u00a0]+{_NAME_WORD}){{0,2}})\s+"
                       r"(?:\w+\s+)?[^\W\d_A-ZÄÖÜ]\w*(?:\s+it)?\s*(?:[,.;:!?]|$)")


@lru_cache(maxsize=64)
def _auxiliaries(language: str) -> frozenset[str]:
    """The auxiliaries the language's compound verbs of saying open with ("a" of "a déclaré", "ha" of "ha dicho")."""
    return frozenset(v.split(" ")[0].lower() for v in rules_for(language).saying_verbs() if " " in v)


# the full stop of an abbreviated title, which does not end a clause: "a dit M. Bayrou", "said Dr. Berg"
_TITLES_ABBREVIATED = ("M", "MM", "Mme", "Mlle", "Me", "Dr", "Mr", "Mrs", "Ms", "Pr")
TITLE_STOP = "(?:" + "|".join(rf"(?<=\b{t})" for t in _TITLES_ABBREVIATED) + r")\."
CLAUSE_STOP = "(?:,|" + "".join(rf"(?<!\b{t})" for t in _TITLES_ABBREVIATED) + r"\.)"  # a comma or a full stop


def named_in_clause(after: str, known: Sequence[str], language: str) -> str | None:
    """'…," přidává se Emile Heskey, někdejší útočník', '…«, räumt Gutierrez ein', '”, Merkel korosti.': a short
    clause set off from the quote by a comma or dash that names someone the article names, as the subject of a verb
    the lists do not hold: written verb first (the inverted order of attribution) or name first and then a
    lowercase word. The one named is the speaker; else a description after the verb ("zeigt sich der
    ATU-Organisator zurückhaltend") stands for them."""
    m = re.match(rf"\s*[,—–]?\s*((?:[^,.;:!?()«»“”„\"]|{TITLE_STOP})*)", after)
    clause = m.group(1) if m else ""
    toks = words(clause)
    if len(toks) < 2:
        return None
    rules = rules_for(language)
    first = toks[0].lower()
    # (a name after "one" qualifies a noun: "one Twitter response began" is nobody's)
    function_word = first in CONJUNCTIONS | PREPOSITIONS | SUBORDINATORS | DETERMINERS | INDEFINITE or is_pronoun(
        first, language)
    function_word = function_word and first not in _auxiliaries(language)  # French "a tenu à rappeler M. Dupont"
    for name in sorted(known, key=len, reverse=True):
        at = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])(?![’']s?\b)", clause)
        if not at or len(name) < 2:
            continue
        lead = words(clause[: at.start()])
        if len(lead) > 5:
            continue
        if not lead:
            rest = words(clause[at.end() :])[:1]
            if rest and rest[0][:1].islower() and rest[0].lower() not in CONJUNCTIONS and not rules.nouns_capitalised:
                return name  # "”, Merkel korosti"
            continue
        if toks[0][:1].islower() and not function_word and lead[-1].lower() not in PREPOSITIONS:
            return name  # "…«, räumt Gutierrez ein", "kroutí hlavou Lineker"
    if toks[0][:1].islower() and not function_word:
        # "»…«, zeigt sich der ATU-Organisator zurückhaltend": a description, for the speakers' resolution
        at = next((i for i, t in enumerate(toks[1:3], 1) if t.lower() in DETERMINERS), None)
        np = clean_np(" ".join(toks[at:]), language) if at else None
        np_words = [w.lower() for w in words(np or "")]
        if len(np_words) >= 2 and np_words[1] not in DETERMINERS and not set(np_words) & SUBORDINATORS and (
                words(np)[1][:1].isupper() or not rules.nouns_capitalised):
            return np
    return None


NEGATED = re.compile(
    r"(?<!\w)(?:not|never|n[’']t|didn[’']t|doesn[’']t|won[’']t|wouldn[’']t|declined\s+to|refused\s+to|nicht|nie|niet|"
    r"nunca|jamais|mai|не|ні)\s*$",
    re.IGNORECASE,
)


def _slavic_subject_after(pre: str, post: str, found: str | None, language: str) -> str | None:
    """In Slavic news the subject often follows the verb, behind an adverbial that is no speaker: '— с улыбкой
    ответил кучер', 'skromně poznamenal po zápase Slabý', 'řekl tento týden při odletu … Mahmúd Mastírí'."""
    if found and (any(ch.isupper() for ch in found) or is_pronoun(found, language)):
        return None
    toks = [t.strip(".,;:!?…") for t in words(post.split(",")[0])]
    end = len(toks)
    start = end
    while start > 1 and toks[start - 1][:1].isupper():
        start -= 1
    if start < end and toks[start - 1].lower() in SLAVIC_PREPOSITIONS:
        start += 1  # "pro Afghánistán Mahmúd Mastírí": the place the office is for is no part of the name
    if start < end and len(toks[start]) > 1:  # (not "napisał na platformie X": a one-letter name is no speaker's)
        return " ".join(toks[start:end])
    lead = words(pre.strip(" ,—–-"))[:1]
    if lead and lead[0].lower() in SLAVIC_PREPOSITIONS:
        return _inverted_subject(post, language)  # "с улыбкой ответил кучер и уехал": not "с улыбкой"
    return None


def _inverted_subject(post: str, language: str) -> str | None:
    """Subject after the verb: 'a lancé en ouverture Amina El Idrissi', 'a déclaré la maire, Lucía Benítez,'."""
    rules = rules_for(language)
    if rules.caseless and not rules.no_spaces:
        segs = [seg for seg in post.split(",")]
        if len(segs) >= 3 and len(words(segs[0])) >= 2 and 1 <= len(words(segs[1])) <= 3:
            return segs[1].strip()  # "قالت المبعوثة الخاصة …، أمينة الإدريسي، في كلمتها"
    np = clean_np(post, language)
    if np and np[:1].islower() and not rules.np_start_ok(np.split()[0]):
        np = None  # "erzählt hatte , gingen …": German nouns and names are capitalised, "hatte" is no subject
    toks = words(post.split(",")[0])
    # Slavic prepositions too where the subject follows the verb: "do", "od" are no English-wide prepositions
    preps = PREPOSITIONS | SLAVIC_PREPOSITIONS if rules.free_order else PREPOSITIONS
    skip = 0
    while np is None and not rules.caseless and skip < min(4, len(toks) - 1):
        skip += 1  # step over an adverbial ("en ouverture", "am Montag") to the subject
        if toks[skip - 1].lower() in preps or toks[skip].lower() in preps:
            continue  # "said at a briefing in York", "řekl po výletu do Jihlavy": a place after a preposition
        cand = clean_np(" ".join(toks[skip:]), language)
        if cand and len(cand) > 1 and person_name(cand, language):
            np = cand  # only a proper name: "dijo ante el plenario" has no subject at all
    if (not np or _role_phrase(np, language)) and "," in post:
        appos = post.split(",")[1]
        if _proper_segment(appos, language):
            return appos.strip().rstrip(".!?…")  # "explique la directrice du musée, Élise Garnier."
    return np


def _role_phrase(np: str, language: str) -> bool:
    """'el concejal de Medio Ambiente', 'o presidente da câmara', 'the mayor': an office written before the name
    set off by a comma, not a name (capitals after the office belong to the office's department)."""
    toks = words(np)
    if not person_name(np, language):
        return True
    return len(toks) > 1 and toks[0].lower() in DETERMINERS and toks[1][:1].islower()


def speaker_before(before: str, language: str, fragment: bool) -> str | None:
    """Attribution that precedes a quote: 'X said: “', 'According to X, “', 'X: “', '李文军说：“'."""
    return speaker_before_found(before, language, fragment)[0]


def speaker_before_found(before: str, language: str, fragment: bool) -> tuple[str | None, bool]:
    """As speaker_before, plus whether a verb of saying introduced the quote even without a subject ('Añadió:')."""
    tail = before.rstrip()
    if not tail:
        return None, False
    pattern = verb_pattern(language)
    last = list(pattern.finditer(before))
    found = bool(last) and not before[last[-1].end():].strip(" :,：，—–-\n")
    return _speaker_before(before, language, fragment), found


TELL_VERBS = {"told", "tells", "tell", "telling"}


def _speaker_before(before: str, language: str, fragment: bool) -> str | None:
    tail = before.rstrip()
    rules = rules_for(language)
    pattern = verb_pattern(language)
    matches = list(pattern.finditer(before))
    if matches:
        m = matches[0] if fragment else matches[-1]
        pre, post = before[: m.start()], before[m.end():]
        post_np = clean_np(post, language)
        adjacent = re.split(r",|\s[—–]\s", pre)[-1].strip()
        post_named = post_np and (person_name(post_np, language) or is_pronoun(post_np, language))
        adjacent_np = clean_np(adjacent, language) if adjacent and not rules.no_spaces else None
        if adjacent_np and (len(words(adjacent_np)) > 1 or is_pronoun(adjacent_np, language)) and not post_named:
            post_np = None  # "la diplomática explicó el calendario:" — the subject stands before the verb
        if post_np and rules.no_spaces and clean_np(pre, language, leading=False):
            post_np = None  # 他告诉记者： — the one told is not the speaker
        lead = adjacent.split()[:1]
        fronted = not lead or lead[0].lower() in PREPOSITIONS | rules.not_names
        if rules.verb_second and post_np and fronted:
            if post_np.split()[0].lower() in DETERMINERS and pre.strip(" ,"):
                return post_np  # "Auf die Frage, was sie getan habe, erwiderte die Herzogin:" — verb second
        if post_np and not post_named and speaker_kind(post_np, language, ()) == "nominal" and pre.strip(" ,"):
            post_np = None  # "Castaño, directora técnica, explica la estrategia:" — what is explained
        if post_named and rules.verb_second and lead and fronted:
            return post_np  # "Zum Schluss rief der Professor Karl Brenner den Zuhörern zu:" — verb second
        if m.group(0).lower() in TELL_VERBS and adjacent_np and not is_pronoun(post_np or "", language):
            post_np = None  # "Isikoff told Sidewire, “…”": the one told is the listener
        if not fragment and post_np and post.strip().endswith((":", ",", "：", "，")) and len(words(post)) <= 5:
            if not post_np[:1].islower() or is_pronoun(post_np, language) or post_np.split()[0].lower() in DETERMINERS:
                return post_np
        if rules.topic_marked:  # "…と述べ、市長は「": a topic after the last verb of saying starts a new speaker
            return rules.topic(before[matches[-1].end():]) or rules.topic(pre)
        if rules.verb_first and not pre.strip().strip(","):
            return _inverted_subject(post, language)  # VSO: "وقالت المبعوثة …، أمينة الإدريسي: «"
        if rules.verb_first and len(matches) > 1 and not fragment:
            # "رأت الوزيرة … أن …، مضيفة: «": the subject follows the first verb, not the participle
            return _inverted_subject(before[matches[-2].end() : m.start()], language)
        subject = subject_before(pre, language) if pre.strip() else None
        if subject:
            return subject
        if post_np and len(words(post)) <= 5:
            return post_np
        if not post.strip(" :,：，—–-\n"):
            return None  # "Añadió:" / "وأضافت:" — a continuation with no subject written
    according = speaker_from_according(before, language)
    if according:
        return according
    if rules.topic_marked:
        return rules.topic(before)
    if not fragment and tail.endswith((":", "：")):
        return _introducer(tail[:-1], language)
    return None


AGENT = re.compile(r"(?<!\w)(?:von|by|par|por|da|door|przez|от)\s+(?:Herrn\s+|Frau\s+|Mr\.\s+)?(\S+(?:\s+\S+)?)")


# "Abedin's succinct reply:", "(in economist Tyler Cowen's phrase) “…”": the words are the owner's
WHOSE_WORDS = re.compile(
    r"(?:^|[\s(])((?:[A-Z][\w.\-]*\s+){0,3}[A-Z][\w.\-]+)[’']s?\s+(?:[a-z]+\s+){0,2}"
    r"(?:reply|response|answer|retort|message|note|statement|words|comment|advice|verdict|tweet|email|phrase|term|"
    r"expression)[\s),]*$"
)


def whose_words(before: str, language: str) -> str | None:
    """The person whose reply, words or phrase the text right before a quote names, as a name."""
    whose = WHOSE_WORDS.search(before)
    return person_name(whose.group(1), language) if whose else None


def _introducer(label: str, language: str) -> str | None:
    """'Chris Cillizza, The Washington Post:' or 'General Faidherbe hat folgenden Tagesbefehl erlassen:'."""
    rules = rules_for(language)
    if rules.no_spaces:
        return clean_np(label, language, leading=False)
    if any(ch.isdigit() for ch in label) and len(words(label)) <= 5:
        return None  # "Mittwoch, 25. Oktober:" introduces a listing, not a speaker
    if rules.nouns_capitalised:
        return _label_of_capitalised_nouns(label, language)
    whose = whose_words(label, language)
    if whose:
        return whose  # "Abedin's succinct reply:" — the reply is Abedin's
    for m in NAME_RUN.finditer(label):
        name = person_name(m.group(0), language)
        if name and len(words(name)) >= 2 and not _org_like(name):
            return name  # "Przewodniczący klubu … Krzysztof Dąbrowski zarzucił …:"
    first = label.split(",")[0]
    if len(words(first)) <= 6:
        return clean_np(first, language)
    lead = clean_np(first, language)
    if lead and person_name(lead, language):
        return lead
    agent = AGENT.search(label)
    if agent and person_name(agent.group(1), language):
        return person_name(agent.group(1), language)
    return None


def _label_of_capitalised_nouns(label: str, language: str) -> str | None:
    """Where every noun is capitalised (German), a run of capitals ('die Worte Brandtners:', 'Nachbestellt
    wurden:') is no sign of a name: only a short label ('Der Redakteur:', 'Rudolph:'), whose words a noun for
    words said names ('die Worte Brandtners:') or a titled name ('Herr Person:') speaks."""
    rules = rules_for(language)
    label = label.strip().lstrip("—–- ").strip()
    toks = words(label)
    if 1 <= len(toks) <= 3 and all(t[:1].isupper() or t.lower() in DETERMINERS for t in toks):
        np = clean_np(label, language)
        return np if np and rules.subject_check(np) == "ok" else None
    said = rules.saying_noun_label.search(label) if rules.saying_noun_label else None
    if said:
        return said.group(1)  # "Gestützt auf die Worte Brandtners:" — the words are Brandtner's
    titled = rules.titled_label.search(label) if rules.titled_label else None
    if titled:
        return person_name(titled.group(0).strip(), language) or titled.group(1).strip()
    return None


# ---------------------------------------------------------------- names


# role words long enough to be read as stems ("diplomat" in "diplomática"), as tuples for one str.startswith each
_ROLES_OVER_4 = tuple(sorted(r for r in PERSON_ROLES if len(r) > 4))
_ROLES_OVER_6 = tuple(sorted(r for r in PERSON_ROLES if len(r) > 6))


def speaker_kind(phrase: str, language: str, people: Sequence[str]) -> str:
    """person, thing (institution), role (a person named by office) or nominal."""
    pron = is_pronoun(phrase, language)
    if pron:
        return "pronoun-" + pron
    if any(_soft_in(phrase, p) and not _owner_only(phrase, p) for p in people):
        return "person"
    name = person_name(phrase, language)
    if name:
        return "thing" if _org_like(name) else "person"
    head = phrase
    for cut in CUT_WORDS:
        head = head.split(cut)[0]
    toks = [POSSESSIVE.sub("", t.lower().strip(",.")) for t in words(head)] or [phrase.lower()]
    if toks[-1] in PERSON_ROLES or toks[-1].startswith(_ROLES_OVER_4):
        return "role"
    if _org_like(head):
        return "thing"
    if any(t in PERSON_ROLES or _fold(t).startswith(_ROLES_OVER_6) for t in toks):
        return "role"  # "la diplomática marroquí"
    return "nominal"


def _owner_only(phrase: str, person: str) -> bool:
    """'President Vladimir Putin’s spokesman': the person named owns the speaker, and is not the speaker."""
    return _owner_pattern(person).search(phrase) is not None


@lru_cache(maxsize=4096)
def _owner_pattern(person: str) -> re.Pattern:
    """Compiled once per person: every speaker phrase of an article is checked against each of its people."""
    return re.compile(re.escape(person) + r"[’']s?\s+\w")


def _fold(word: str) -> str:
    """Without accents: 'diplomática' starts like 'diplomat'."""
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def _org_like(phrase: str) -> bool:
    toks = [t.lower().strip("’'.,") for t in words(phrase)]
    return any(t in ORG_WORDS or t.startswith(ORG_STEMS) for t in toks)


def person_name(phrase: str, language: str) -> str | None:
    """The proper name a speaker phrase ends in, titles stripped; None for 'the governor', 'Putin’s spokesman'."""
    rules = rules_for(language)
    if rules.caseless:
        return _caseless_name(phrase)
    for cut in CUT_WORDS:
        idx = phrase.find(cut)
        if idx > 0:
            phrase = phrase[:idx]
    m = re.search(r"\s(?:van|von)\s+[A-Z]", phrase)
    if m and sum(1 for t in words(phrase[: m.start()]) if t[:1].isupper()) >= 2:
        phrase = phrase[: m.start()]  # "Ruud Hoekstra van Windkracht Flevo": the firm, not a particle
    phrase = phrase.split(",")[0].strip()
    toks = words(phrase)
    if not toks:
        return None
    if toks[0].lower() in DETERMINERS and rules.nouns_capitalised:
        # "der Hydrologe Jonas Albrecht" names a person after an office; "die Deutsche Bahn" does not
        offices = [i for i, t in enumerate(toks) if t.lower() in PERSON_ROLES or t.lower() in TITLES]
        if not offices or len(toks) - offices[-1] - 1 < 1:
            return None
    elif toks[0].lower() in DETERMINERS and any(t[:1].islower() for t in toks[1:]):
        if not (len(toks) >= 4 and toks[-1][:1].isupper() and toks[-2][:1].isupper()):
            return None  # "la diplomática marroquí" is no name; "o agricultor Joaquim Baião" ends in one
    if toks[-1][:1].islower() or POSSESSIVE.search(toks[-1]) and len(toks[-1]) > 2 and toks[-1][-2] in "’'":
        return None
    run: list[str] = []
    for tok in reversed(toks):
        if not (tok[:1].isupper() or tok.lower() in NAME_PARTICLES or tok.lower() in {"al", "el", "bin"}):
            break
        low = tok.lower()
        if low in TITLES or low in PERSON_ROLES or low.startswith(ORG_STEMS) or (tok.isupper() and len(tok) > 2):
            break
        if low in AFFILIATIONS:
            break  # "Republican Donald Trump", "Democrat Hillary Clinton": the party, not a first name
        if run and low.rstrip(".") in rules.titles_before_name:
            break  # "Graf Orloff", "Abgeordnete Paul Mertens" (but "Steffi Graf" is a name)
        run.insert(0, tok)
    while run and (run[0][:1].islower() or run[0].lower() in PREPOSITIONS | CONJUNCTIONS | rules.not_names):
        run.pop(0)  # "Of Clinton:" — a sentence-initial preposition is capitalised too
    if not run or any(not NAME_TOKEN.match(t) for t in run):
        return None
    if len(run) == 1 and toks[0].lower() in DETERMINERS:
        return None
    return " ".join(run)


AFFILIATIONS = {"republican", "democrat", "democratic", "gop", "conservative", "liberal", "labour", "tory"}


def _arabic_role_name(toks: list[str]) -> str | None:
    """مديرة المتحف نادية بنسودة → نادية بنسودة: an office word, its definite complements, then the name."""
    if len(toks) < 3 or toks[0].removeprefix("و") not in AR_ROLES and toks[0] not in AR_ROLES:
        return None
    rest = toks[1:]
    while rest and rest[0].startswith("ال"):
        rest = rest[1:]
    return " ".join(rest) if len(rest) >= 2 else None


def _caseless_name(phrase: str) -> str | None:
    name = phrase.strip()
    ar_name = _arabic_role_name(name.split())
    if ar_name:
        return ar_name
    for suffix in JA_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    # a katakana name followed by a kanji office (オルテガ環境移行相)
    name = re.sub(r"(?<=[\u30a0-\u30ff])[\u4e00-\u9fff]{1,6}$", "", name)
    # an office followed by the name (北原半导体社长北原健二, 领投方深蓝资本合伙人吴婷)
    m = CJK_ROLE_NAME.search(name)
    if m:
        name = m.group(1)
    return name or None


def _soft_in(phrase: str, name: str) -> bool:
    ptoks, ntoks = words(phrase), words(name)
    return bool(ptoks) and bool(ntoks) and any(soft_eq(p, ntoks[-1]) for p in ptoks)


def name_inventory(text: str, people: Sequence[str], language: str) -> Counter[str]:
    """Every multi-word proper name in the article (titles stripped) with its count, plus the recogniser's."""
    names: Counter[str] = Counter()
    rules = rules_for(language)
    for p in people:
        names[person_name(p, language) or p.strip()] += 3
    for name in rules.extra_names(text):  # 森川紗季さん, 茶农何建国
        names[name] += 1
    if rules.caseless:
        return names
    for m in TITLED_NAME_RUN.finditer(text):
        toks = words(m.group(0))
        governed = (len(toks) > 2 or rules.nouns_capitalised) and _governed(text, m.start(), language)
        if toks[0].lower() in DETERMINERS or governed:
            toks = toks[1:]  # "we Wrocławiu Katarzyna Wiśniewska", "prezes Ukrzaliznyci Ołeksandr Hrycenko"
            if rules.nouns_capitalised and len(toks) > 2:
                toks = toks[1:]  # "Der Forscher Samuel Baker": the word an article governs is a noun, an office
        name = person_name(" ".join(toks), language)
        if name and len(words(name)) >= 2 and not _initial(words(name)[-1]):
            names[name] += 1  # not "Fed Chair Janet L.", a run cut off before "Yellen"
    lowercase = {w for w in re.findall(r"\b[^\W\d_][\w-]*", text) if w[:1].islower()}
    for name in list(names):
        toks = words(name)
        # a run that swallowed a preceding word ("Wrocławiu Katarzyna Wiśniewska", "Hydrolog Jonas Albrecht")
        # gives way to the shorter name the article also uses, or drops a word written lowercase elsewhere
        shorter = " ".join(toks[1:])
        if len(toks) > 2 and (names.get(shorter) or toks[0].lower() in lowercase):
            names[shorter] += names.pop(name)
    for name in list(names):
        owner = _owner_named(words(name), names, rules)
        if owner:
            names[owner] += names.pop(name)
    return names


def _owner_named(toks: list[str], names: Counter[str], rules) -> str | None:
    """A noun heading a run before a name in a case form: in Slavic languages (and German) a possessor follows its
    noun in the genitive, and a sentence start capitalises the noun ("Przemówienie Anny Nowak zebrało brawa", "Die
    Prognosen Karl Webers"). The run names the person the article names elsewhere in the nominative ("Anna Nowak"),
    not a person called "Przemówienie Anny Nowak"."""
    if len(toks) < 3:
        return None
    tail = toks[1:]
    for known in names:
        ktoks = words(known)
        if len(ktoks) != len(tail) or ktoks == tail or not rules.same_surname(tail[-1], ktoks[-1]):
            continue
        if all(rules.same_surname(t, k) for t, k in zip(tail, ktoks, strict=True)) and not any(
            soft_eq(toks[0], k) for k in ktoks
        ):
            return known
    return None


def _governed(text: str, start: int, language: str) -> bool:
    """The word before a capitalised run governs its first word: an office ('prezes Ukrzaliznyci …') or, in
    inflecting languages, a preposition ('we Wrocławiu Katarzyna Wiśniewska')."""
    prev = text[max(0, start - 25) : start].split()
    low = prev[-1].lower() if prev else ""
    if low.endswith("."):
        return False  # "mr. Eva de Wit", "Dr. Anna Berg": an abbreviated title stands right before the name
    rules = rules_for(language)
    if low in rules.noun_markers:
        return True  # "in deren Verlauf Jonescu", "der Epoche Friedrichs": a German word after an article is a noun
    # (where the word order is fixed, an office is followed by the name itself: "o presidente Luiz Inácio Lula")
    return rules.free_order and (low in PREPOSITIONS | SLAVIC_PREPOSITIONS or low in PERSON_ROLES or low in TITLES)


def fullest_name(name: str, names: Counter[str], language: str) -> str:
    """Widen 'Zelensky' to 'Volodymyr Zelensky' when the article uses the longer form."""
    rules = rules_for(language)
    if rules.caseless:
        best = [n for n in names if name in n]
        return max(best, key=lambda n: (len(n), names[n])) if best else name
    toks = words(name)
    if not toks:
        return name
    while len(toks) > 2 and " ".join(toks[1:]) in names and name not in names:
        toks = toks[1:]  # "Wrocławiu Katarzyna Wiśniewska" read off an inverted attribution
    owner = _owner_named(toks, names, rules)
    if owner:
        return owner  # "Przemówienie Anny Nowak" → "Anna Nowak"
    best: list[str] = []
    for cand in names:
        ctoks = words(cand)
        if len(ctoks) >= len(toks) and rules.same_surname(ctoks[-1], toks[-1]):
            if all(any(soft_eq(t, c) for c in ctoks) for t in toks):
                best.append(cand)
    if not best and len(toks) == 1 and rules.lone_name_is_surname:
        # family name first ("Li Wenjun" … "Li said", "Lin Chih-hao" … "Lin said")
        best = [cand for cand in names if len(words(cand)) > 1 and words(cand)[0] == toks[0]]
    if not best:
        return name
    # most words first (first name + surname), then the form used most, then the shorter spelling: among case
    # forms of one name (Jonas Albrecht / Jonasa Albrechta) the base form is usually the shortest
    return max(best, key=lambda n: (len(words(n)), names[n], -len(n)))


def heard_speaking(before: str, lang: str) -> str | None:
    """'… und hörten Jonas laut und zornig sprechen, etwa „Lasst mich hinein!“' / 'I heard Anna
    say, “…”': the one heard speaking is the speaker, though the sentence's subject is the listener."""
    rules = rules_for(lang)
    if rules.heard_speaking is None:
        return None
    found = [m.group(1) for m in rules.heard_speaking.finditer(before)]
    if not found or rules.no_subject(found[-1], before):
        return None
    return found[-1] if speaker_kind(found[-1], lang, ()) == "person" else None
