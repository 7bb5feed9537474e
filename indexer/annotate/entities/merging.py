"""The article's mentions clustered into entities: full names first, bare surnames and acronyms joined to them, and
entities merged by key and by the short forms of longer names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from indexer.annotate.entities.core import Guess, Inferred, Mention
from indexer.annotate.entities.gazetteer import (
    first_names,
    has_org_word,
    known_variants,
    looks_like_acronym,
    org_for,
)
from indexer.annotate.entities.keys import entity_key
from indexer.annotate.entities.run_types import _initials, _lemma_name
from indexer.models import Entity
from indexer.text.names import fold, lemma_candidates, resolve_partial_keys, skeleton


@dataclass
class _Cluster:
    type: str
    mentions: list[Mention] = field(default_factory=list)
    canonical: str | None = None


def _cluster(mentions: list[Mention], language: str) -> list[_Cluster]:
    clusters: dict[str, _Cluster] = {}
    typed = [m for m in mentions if m.type]
    untyped = [m for m in mentions if not m.type]

    # Full person names first so that bare surnames can attach to them.
    typed.sort(key=lambda m: (m.type != "person", -len(m.surface.split()), m.start))
    persons: list[tuple[str, _Cluster, list[str]]] = []
    for m in typed:
        if not m.lemma:
            m.lemma = m.canonical or _lemma_name(m.surface, m.type, language)
        key = _mention_key(m, language, persons)
        cl = clusters.setdefault(key, _Cluster(m.type, canonical=m.canonical))
        cl.mentions.append(m)
        if m.type == "person" and len(m.lemma.split()) >= 2:
            persons.append((key, cl, [skeleton(w) for w in m.lemma.split()]))
    for m in untyped:
        m.lemma = _lemma_name(m.surface, "person", language)
        sk = skeleton(m.lemma)
        for _key, cl, parts in persons:
            if sk in parts:
                m.type = "person"
                cl.mentions.append(m)
                break
        else:
            if m.fallback:  # "el Insalud", "( Socceroos )": no person's name, so the context's type
                m.type = m.fallback
                clusters.setdefault(f"{m.type}:{sk}", _Cluster(m.type)).mentions.append(m)
    _guesses_join_people(clusters)
    # Bracketed acronyms and acronyms equal to the initials of a named organisation join it.
    for key in list(clusters):
        cl = clusters[key]
        if not (all(looks_like_acronym(x.surface) for x in cl.mentions) or any(
                x.lemma.startswith("@acronym-of:") for x in cl.mentions)) or cl.canonical:  # ("(Baark)" too)
            continue
        target = _acronym_target(cl, clusters, key)
        if target:
            target.mentions.extend(cl.mentions)
            del clusters[key]
    _join_partial_people(clusters)
    return list(clusters.values())


def _guesses_join_people(clusters: dict[str, _Cluster]) -> None:
    """A name typed only by default in one place ("Sherine Abed, the doctor", taken for a body) is the person the
    article names with a title or a verb of saying elsewhere ("said Dr. Sherine Abed"); a name typed only by the
    preposition before it ("to Baark", "de Diprove") is what the article says it is elsewhere ("The Bahamas Alliance
    … (Baark)")."""
    def forms(cl: _Cluster) -> set[str]:
        return {skeleton(m.lemma or m.surface) for m in cl.mentions if not m.lemma.startswith("@")}

    def assumed(cl: _Cluster, kind: type) -> bool:
        return all(isinstance(m.type, kind) for m in cl.mentions)

    stated = [(key, cl, forms(cl)) for key, cl in clusters.items() if not assumed(cl, Guess) and not assumed(
        cl, Inferred)]  # (a place typed by "on Hulu" is no such evidence)
    for key, cl in list(clusters.items()):
        kind = Guess if assumed(cl, Guess) else Inferred if assumed(cl, Inferred) else None
        if kind is None:
            continue
        mine = forms(cl)
        targets = [other for k, other, theirs in stated if k != key and mine & theirs and (
            other.type == "person" if kind is Guess else other.type != cl.type)]
        if len(targets) == 1:
            for m in cl.mentions:
                m.type = targets[0].type
            targets[0].mentions.extend(clusters.pop(key).mentions)


def _join_partial_people(clusters: dict[str, _Cluster]) -> None:
    """"Tkachenko" or "M. Tkachenko" left apart from "Mykola Tkachenko" in one article (a form the clustering did
    not link) joins that person when the article names no other Tkachenko it could be."""
    people = {key: entity_key(_cluster_name(cl), "person") for key, cl in clusters.items() if cl.type == "person"}
    resolved = resolve_partial_keys(people.values())
    if not resolved:
        return
    home: dict[str, str] = {}
    for key, ent_key in people.items():
        home.setdefault(ent_key, key)
    for key, ent_key in people.items():
        target = resolved.get(ent_key)
        if target and target in home and home[target] != key:
            clusters[home[target]].mentions.extend(clusters.pop(key).mentions)


def _acronym_target(cl: _Cluster, clusters: dict[str, _Cluster], own_key: str) -> _Cluster | None:
    acro = re.sub(r"[.\-&]", "", cl.mentions[0].surface)
    for m in cl.mentions:
        if m.lemma.startswith("@acronym-of:"):
            long_form = m.lemma.split(":", 1)[1]
            for key, other in clusters.items():
                if key != own_key and any(x.surface == long_form for x in other.mentions):
                    return other
    for key, other in clusters.items():
        if key != own_key and other.type == "organization":
            if any(_initials(x.surface) == acro and len(x.surface.split()) > 1 for x in other.mentions):
                return other
    return None


def _mention_key(m: Mention, language: str, persons: list) -> str:
    if m.type == "person":
        words = m.lemma.split()
        if len(words) == 1:
            sk = skeleton(words[0])
            for key, _cl, parts in persons:
                if sk in parts:
                    return key
            # "Киселёва" after "Артём Киселёв": the lemmatiser took a genitive for a feminine nominative
            others = {skeleton(lemma) for lemma, tag in lemma_candidates(m.surface, language) if "Surn" in tag}
            for key, _cl, parts in persons:
                if others & set(parts):
                    return key
        return "person:" + " ".join(skeleton(w) for w in words)
    if m.canonical:
        return f"{m.type}:{fold(m.canonical)}"
    return f"{m.type}:{' '.join(skeleton(w) for w in m.lemma.split())}"


def _cluster_name(cl: _Cluster) -> str:
    """The canonical name, else the fullest dictionary form (else surface form) the article used."""
    if cl.canonical:
        return cl.canonical
    lemmas = [m.lemma for m in cl.mentions if m.lemma and not m.lemma.startswith("@")]
    candidates = lemmas or list(dict.fromkeys(m.surface for m in sorted(cl.mentions, key=lambda x: x.start)))
    return max(candidates, key=lambda s: (len(s.split()), len(s), -candidates.index(s)))


def _to_entity(cl: _Cluster) -> Entity:
    surfaces = list(dict.fromkeys(m.surface for m in sorted(cl.mentions, key=lambda x: x.start) if not m.adjective))
    lemmas = [m.lemma for m in cl.mentions if m.lemma and not m.lemma.startswith("@")]
    name = _cluster_name(cl)
    aliases = list(dict.fromkeys([*surfaces, *[x for x in lemmas if x != name]]))
    if name in aliases:
        aliases.remove(name)
    aliases = [name, *aliases] if name in surfaces else aliases
    aliases = list(dict.fromkeys([*aliases, *known_variants(name, cl.type)]))
    key = entity_key(name, cl.type)
    return Entity(name=name, type=cl.type, mentions=len(cl.mentions), aliases=aliases, key=key)


def _merge_short_forms(entities: list[Entity], evidenced: set[int]) -> list[Entity]:
    """"Unión Agraria" after "Unión Agraria del Sur" in one article: an organisation named by the first words of
    exactly one longer organisation's name is that organisation; "Pérez Llorca" after "Juanfran Pérez Llorca", a
    person named by the last two words or more of exactly one longer person's name, is that person."""
    orgs = [e for e in entities if e.type == "organization"]
    gone: set[int] = set()
    people = [e for e in entities if e.type == "person"]
    for short in people:
        words = fold(short.name).split()
        longer = [e for e in people if e is not short and id(e) not in gone and len(words) >= 2 and len(
            fold(e.name).split()) > len(words) and fold(e.name).split()[-len(words):] == words]
        if len(longer) == 1:
            _absorb(longer[0], short, evidenced)
            gone.add(id(short))
    for short in orgs:
        words = fold(short.name).split()
        longer = [e for e in orgs if e is not short and id(e) not in gone and len(fold(e.name).split()) > len(words)
                  and (fold(e.name).split()[: len(words)] == words or len(words) >= 2 and (has_org_word(
                      e.name.split()[:1]) or fold(e.name.split()[0]) in first_names()) and fold(
                      e.name).split()[-len(words):] == words)]  # ("Peabody Library", "George Peabody Library")  # ("la ministra para la
        # Transición Ecológica" after "el Ministerio para la Transición Ecológica": the portfolio is the ministry)
        if len(longer) != 1 or org_for(short.name):
            continue
        _absorb(longer[0], short, evidenced)
        gone.add(id(short))
    return [e for e in entities if id(e) not in gone]


def _absorb(target: Entity, short: Entity, evidenced: set[int]) -> None:
    """The short form's mentions, names and evidence join the entity it names."""
    if id(short) in evidenced:
        evidenced.add(id(target))
    target.mentions += short.mentions
    target.aliases = list(dict.fromkeys([*target.aliases, short.name, *short.aliases]))


def _merge_same_key(entities: list[Entity], first_seen: dict[int, int], evidenced: set[int]) -> list[Entity]:
    by_key: dict[str, Entity] = {}
    for ent in sorted(entities, key=lambda e: first_seen[id(e)]):
        old = by_key.get(ent.key)
        if old is None:
            by_key[ent.key] = ent
            continue
        if id(ent) in evidenced:
            evidenced.add(id(old))
        old.mentions += ent.mentions
        old.aliases = list(dict.fromkeys([*old.aliases, *ent.aliases, ent.name]))
    return list(by_key.values())
