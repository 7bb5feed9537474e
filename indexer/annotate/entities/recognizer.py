"""Named people, places and organisations in an article, merged per entity and keyed across articles.

Recognition is rule-based over capitalised word runs (runs.py finds where a name begins and ends, run_types.py
types it, rule_mentions.py puts the two together, with gazetteers and cue words deciding the type and ruling out
sentence starts, months, demonyms and titles). For Russian the natasha/slovnet tagger (tagger.py: a small model
shipped inside its PyPI wheel) finds the spans instead when it is installed; for Ukrainian, where that Russian-trained
model is weaker than the rules, only its organisation spans (which run on in lower case) are added. Han, kana and
Arabic text has no capitals, so there names come from the gazetteers alone (scripts.py). Everything after
recognition (passes.py over the article's mentions, then merging.py: "Pavlo Kyrylenko" with "Kyrylenko",
"Security Service of Ukraine (SSU)" with "SSU", lemmatising inflected Slavic forms and building cross-article
keys) is shared by all languages; evidence.py decides which entities a facet shows.
"""

from __future__ import annotations

from indexer.annotate.entities.core import _DESCRIBED_BY_PLACE, _LOWERCASE_ORG_HEADS
from indexer.annotate.entities.evidence import has_evidence, repeated
from indexer.annotate.entities.gazetteer import org_for, place_for
from indexer.annotate.entities.keys import _unrelated_small_town
from indexer.annotate.entities.lang import ja, rules_for
from indexer.annotate.entities.lang.place_adjectives import adjective_mentions
from indexer.annotate.entities.merging import _cluster, _merge_same_key, _merge_short_forms, _to_entity
from indexer.annotate.entities.passes import (
    _SURNAME_ENDINGS,
    _confirmed_title_mentions,
    _country_named,
    _follow_qualified_places,
    _headline_case,
    _inflected_surnames,
    _link_bracketed_names,
    _lowercase_org_names,
    _mark_caseless,
    _not_titles,
    _polish_base_forms,
    _surnames_not_towns,
)
from indexer.annotate.entities.rule_mentions import _rule_mentions
from indexer.annotate.entities.scripts import _join_script_people, _script_mentions
from indexer.annotate.entities.tagger import _natasha_mentions, _with_tagger_orgs
from indexer.annotate.entities.words import _month_name, _ordinary_word
from indexer.models import ENTITY_TYPES, Entity
from indexer.text.names import fold


def extract_entities(paragraphs: list[str], language: str, title: str = "") -> list[Entity]:
    """People, places and organisations named in an article, most mentioned first."""
    language = (language or "und").split("-")[0].lower()
    texts = [t for t in paragraphs if t and t.strip()]
    # Title mentions count, but a name seen only in the title must be confirmed by a gazetteer: titles are
    # often in headline case, where capitals mean nothing.
    weak_first = bool(title and title.strip())
    if weak_first:
        texts = [title, *texts]
    text = "\n\n".join(texts)  # (character offsets of mentions count over the paragraphs joined so)
    mentions, rules = None, rules_for(language)
    if rules.tagger_spans:
        mentions = _natasha_mentions(texts, language, weak_first)
    if mentions is None:
        mentions = _rule_mentions(texts, language, weak_first)
        if rules.tagger_orgs:
            mentions = _with_tagger_orgs(mentions, texts, language, weak_first)
    mentions += _script_mentions(texts, weak_first)
    mentions += ja.surnames(texts, mentions)
    if language in _SURNAME_ENDINGS:
        mentions = _inflected_surnames(mentions, text, language, len(title) if weak_first else -1)
    if weak_first and _headline_case(title, language):
        mentions = _confirmed_title_mentions(mentions, title, language)
    _join_script_people(mentions)
    _follow_qualified_places(mentions)
    _polish_base_forms(mentions, language, text)
    _link_bracketed_names(mentions, text, language)
    _surnames_not_towns(mentions, text)
    # a word in lower case in a script with capitals is no name, unless the gazetteer knows it: "dpa", "taz", and
    # a state's adjective before an institution ("российские власти": Russia's)
    mentions = [m for m in mentions if not (m.surface == m.surface.lower() and m.surface != m.surface.upper()) or (
        m.canonical or org_for(m.surface))]
    if rules.quotes_mark_titles:  # (elsewhere quotation marks also set off company and newspaper names: «Исеть Девелопмент»)
        mentions = _not_titles(mentions, text)
    mentions = rules.filter_mentions(mentions, text)
    for m in mentions:
        if _DESCRIBED_BY_PLACE.search(m.surface):
            m.surface, m.lemma = m.surface[: m.surface.rfind("-")], ""  # "Tokyo-based" names Tokyo
    if language in _LOWERCASE_ORG_HEADS:
        _lowercase_org_names(mentions, text, language)
        mentions = [m for m in mentions if m.type != "gone"]
    for m in mentions:
        if m.type == "place" and m.canonical and _unrelated_small_town(m.surface, place_for(m.canonical, "en")):
            m.canonical = None
    mentions += adjective_mentions(texts, language, mentions)  # "харківська компанія" names Kharkiv
    _mark_caseless(mentions, texts)
    clusters = _cluster(mentions, language)
    entities = []
    first_seen = {}
    evidenced: set[int] = set()  # (ids of) the entities a facet may show: evidence.has_evidence
    for cl in clusters:
        if cl.type not in ENTITY_TYPES:
            continue
        if all(m.weak for m in cl.mentions) and (not cl.canonical or all(
                m.caseless and _ordinary_word(m.surface, language) and not _country_named(m.surface, cl.canonical)
                for m in cl.mentions)):  # ("TURKEY", "CHINA" name their countries; "ISLAND" is no "Ísland")
            continue  # (a line in capitals names a place only by a word that is no ordinary word: "ISLAND" is no Ísland)
        ent = _to_entity(cl)
        if ent.type == "organization" and fold(ent.name) in _BARE_INSTITUTIONS.get(language, ()):
            continue  # "il Governo", "le Gouvernement": the word alone does not say which
        if ent.type == "place" and _month_name(ent.name):
            continue  # "W Marcu", "В Марте": an inflected month read as a place (an organisation may be so named)
        first_seen[id(ent)] = min(m.start for m in cl.mentions)
        if has_evidence(cl.type, ent.name, cl.mentions, text, language):
            evidenced.add(id(ent))
        entities.append(ent)
    entities = _merge_short_forms(_merge_same_key(entities, first_seen, evidenced), evidenced)
    entities = [e for e in entities if id(e) in evidenced or repeated(e, language)]
    entities.sort(key=lambda e: (-e.mentions, first_seen[id(e)]))
    return entities


# Institutions named by their kind alone. (Not Spanish: there "el Gobierno" is annotated as an organisation in
# CoNLL-2002, and dropping it costs 1.5 points of F1 on that set.)
_BARE_INSTITUTIONS = {"it": {"governo", "comune", "ministero", "consiglio comunale", "giunta"},
                      "es": {"gobierno", "estado", "ayuntamiento"},
                      "fr": {"gouvernement", "mairie", "ministere", "conseil municipal"},
                      "pt": {"governo", "ministerio", "camara municipal"}}
