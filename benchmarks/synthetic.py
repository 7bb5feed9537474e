"""Distinct, news-like synthetic articles for the scale and throughput benchmarks (no corpus text reused).

Every article is written afresh from sentence patterns in six languages, with people, places and organisations
drawn from pools large enough that facets have the cardinality of a real archive (tens of thousands of people),
numbers and dates that differ, and one or two direct quotations with their speakers. The same seed gives the same
articles, so two runs compare.

    from synthetic import articles, html_page       (benchmarks/ on sys.path)
    for item in articles(100_000): ...               # item.id, item.annotated: straight into an index
    html_page(item)                                  # the same article as a news page, for the whole pipeline
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from indexer.annotate.entities import entity_key
from indexer.models import AnnotatedArticle, Article, Block, Entity, Quote, RawPage

GIVEN = {
    "en": "James Mary Robert Linda Michael Sarah David Emma Daniel Grace Thomas Olivia Peter Hannah Samuel Alice".split(),
    "de": "Jonas Lena Felix Marie Lukas Anna Paul Sophie Niklas Laura Tobias Julia Florian Katrin Stefan Jana".split(),
    "es": "Javier Lucía Carlos Marta Pablo Elena Diego Carmen Sergio Laura Andrés Paula Raúl Irene Jorge Nuria".split(),
    "fr": "Julien Camille Nicolas Chloé Antoine Manon Hugo Léa Mathieu Claire Louis Inès Rémi Sophie Éric Amélie".split(),
    "ru": "Алексей Мария Дмитрий Анна Сергей Елена Иван Ольга Павел Наталья Андрей Ирина Михаил Татьяна".split(),
    "pl": "Piotr Anna Tomasz Katarzyna Marcin Magdalena Paweł Agnieszka Jakub Joanna Michał Ewa Krzysztof Zofia".split(),
}
SURNAME_PARTS = {
    "en": ("Ash Brook Clay Dun Fair Green Hart Mill Stone West Wood Black Cole Lang".split(),
           "ford ley ton wick worth field man more by well".split()),
    "de": ("Berg Brunn Eich Feld Hof Kirch Lind Mühl Stein Wald Hahn Kranz Roth Sonn".split(),
           "mann er hagen bach berger meier hofer ner".split()),
    "es": ("Alba Bel Cas Du Ferr Gal Mor Nav Pal Ros Ser Val Var Cid".split(),
           "ado ero illa ez era ana ino ales".split()),
    "fr": ("Beau Bel Cha Dela Fon Gar Lam Mar Mon Roch Val Vil Bou Ler".split(),
           "mont champ court ville ard eau ier on".split()),
    "ru": ("Бел Вол Гор Жук Зай Кур Лис Мор Нов Ор Сок Чер Ров Тих".split(),
           "ов ин ский ев енко ицкий".split()),
    "pl": ("Bor Dąb Gór Kow Lis Mał Now Sad Wil Zaj Kra Sob Woj Pie".split(),
           "ski ak ek czyk ewicz owski".split()),
}
PLACES = {
    "en": "Ashford Brookvale Claymouth Dunmere Fairhaven Greenholt Hartwell Millbridge Stonebury Westcliff".split(),
    "de": "Bergheim Brunnstadt Eichwald Feldkirchen Hofbach Kirchberg Lindau Mühlhausen Steinfurt Waldsee".split(),
    "es": "Albacerro Belmonte Castrillo Duero Ferrada Galdeza Moraleja Navalón Palomar Rosales".split(),
    "fr": "Beaumont Belcourt Chanteloup Delaroche Fontenay Garville Lamballe Marsac Montclair Rochefort".split(),
    "ru": "Белогорск Волжанск Горелово Жуковка Зареченск Курганово Лисичанск Морозовка Новоозёрск Орехово".split(),
    "pl": "Borowice Dąbrówka Górzno Kowalewo Lisków Małkinia Nowogród Sadowie Wilczyn Zajączkowo".split(),
}
ORG_KINDS = {
    "en": ["City Council", "Water Authority", "Rail Company", "University", "Harbour Trust", "Chamber of Commerce"],
    "de": ["Stadtwerke", "Verkehrsverbund", "Universität", "Handelskammer", "Wasserverband", "Klinikum"],
    "es": ["Ayuntamiento de", "Confederación Hidrográfica de", "Universidad de", "Cámara de Comercio de",
           "Hospital de", "Puerto de"],
    "fr": ["Mairie de", "Université de", "Chambre de commerce de", "Port autonome de", "Hôpital de", "Régie de"],
    "ru": ["Администрация города", "Университет города", "Порт города", "Больница города", "Водоканал города",
           "Театр города"],
    "pl": ["Urząd Miasta", "Uniwersytet w", "Port w", "Szpital w", "Wodociągi w", "Teatr w"],
}
TOPICS = {
    "en": "bridge budget ferry flood hospital library market museum school stadium station tram harbour reservoir "
          "wind farm heatwave drought festival election strike".split(),
    "de": "Brücke Haushalt Fähre Hochwasser Klinik Bibliothek Markt Museum Schule Stadion Bahnhof Straßenbahn "
          "Hafen Talsperre Windpark Hitzewelle Dürre Festival Wahl Streik".split(),
    "es": "puente presupuesto ferri inundación hospital biblioteca mercado museo colegio estadio estación tranvía "
          "puerto embalse parque eólico ola de calor sequía festival elecciones huelga".split(),
    "fr": "pont budget bac crue hôpital bibliothèque marché musée école stade gare tramway port barrage "
          "éolien canicule sécheresse festival élection grève".split(),
    "ru": "мост бюджет паром наводнение больница библиотека рынок музей школа стадион вокзал трамвай порт "
          "водохранилище ветропарк жара засуха фестиваль выборы забастовка".split(),
    "pl": "most budżet prom powódź szpital biblioteka targ muzeum szkoła stadion dworzec tramwaj port zbiornik "
          "farma wiatrowa upał susza festiwal wybory strajk".split(),
}
# {p} person, {q} place, {o} organisation, {t} topic, {n} number, {m} a second number
SENTENCES = {
    "en": ["Officials in {q} said on Monday that the {t} would cost about {n} million euros.",
           "{p}, who has followed the {t} plans for years, expects a decision before winter.",
           "The {o} confirmed that {n} residents had signed the petition against the closure.",
           "According to figures released in {q}, the number of visitors rose by {m} per cent.",
           "Work on the {t} began in spring and was interrupted twice by heavy rain.",
           "Critics argue that the money would be better spent on schools and on the {t}.",
           "The council of {q} will vote on the proposal at its next session, {m} days from now.",
           "Engineers from the {o} inspected the site and found no damage to the foundations."],
    "de": ["Die Stadt {q} teilte am Montag mit, der Umbau der {t} koste rund {n} Millionen Euro.",
           "{p} verfolgt die Pläne für die {t} seit Jahren und rechnet mit einer Entscheidung im Herbst.",
           "Die {o} bestätigte, dass {n} Menschen die Petition unterschrieben haben.",
           "Nach Angaben aus {q} stieg die Zahl der Besucher um {m} Prozent.",
           "Die Arbeiten an der {t} begannen im Frühjahr und mussten zweimal unterbrochen werden.",
           "Kritiker halten das Geld in Schulen und in der {t} für besser angelegt.",
           "Der Rat von {q} stimmt in {m} Tagen über den Vorschlag ab."],
    "es": ["El Ayuntamiento de {q} informó el lunes de que el {t} costará unos {n} millones de euros.",
           "{p}, que sigue los planes del {t} desde hace años, espera una decisión antes del invierno.",
           "La {o} confirmó que {n} vecinos habían firmado la petición contra el cierre.",
           "Según los datos publicados en {q}, el número de visitantes subió un {m} por ciento.",
           "Las obras del {t} comenzaron en primavera y se interrumpieron dos veces por la lluvia.",
           "El pleno de {q} votará la propuesta dentro de {m} días."],
    "fr": ["La ville de {q} a indiqué lundi que le {t} coûterait environ {n} millions d'euros.",
           "{p}, qui suit le dossier du {t} depuis des années, attend une décision avant l'hiver.",
           "La {o} a confirmé que {n} habitants avaient signé la pétition contre la fermeture.",
           "Selon les chiffres publiés à {q}, le nombre de visiteurs a augmenté de {m} pour cent.",
           "Les travaux du {t} ont commencé au printemps et ont été interrompus deux fois par la pluie.",
           "Le conseil municipal de {q} votera la proposition dans {m} jours."],
    "ru": ["Власти города {q} сообщили в понедельник, что {t} обойдётся примерно в {n} миллионов рублей.",
           "{p} давно следит за планами по теме «{t}» и ждёт решения до зимы.",
           "{o} подтвердила, что петицию подписали {n} жителей.",
           "По данным, опубликованным в городе {q}, число посетителей выросло на {m} процентов.",
           "Работы начались весной и дважды прерывались из-за сильных дождей.",
           "Городской совет {q} проголосует по предложению через {m} дней."],
    "pl": ["Władze miasta {q} poinformowały w poniedziałek, że {t} będzie kosztować około {n} milionów złotych.",
           "{p} od lat śledzi plany dotyczące tematu „{t}” i spodziewa się decyzji przed zimą.",
           "{o} potwierdził, że petycję podpisało {n} mieszkańców.",
           "Według danych opublikowanych w mieście {q} liczba odwiedzających wzrosła o {m} procent.",
           "Prace rozpoczęły się wiosną i dwukrotnie przerywał je deszcz.",
           "Rada miasta {q} zagłosuje nad propozycją za {m} dni."],
}
QUOTES = {
    "en": ("“We will not let the {t} fall apart,” said {p}.", "We will not let the {t} fall apart,"),
    "de": ("„Wir lassen die {t} nicht verfallen“, sagte {p}.", "Wir lassen die {t} nicht verfallen"),
    "es": ("«No vamos a dejar que el {t} se deteriore», dijo {p}.", "No vamos a dejar que el {t} se deteriore"),
    "fr": ("« Nous ne laisserons pas le {t} se dégrader », a déclaré {p}.", "Nous ne laisserons pas le {t} se dégrader"),
    "ru": ("«Мы не позволим, чтобы {t} пришёл в упадок», — сказал {p}.", "Мы не позволим, чтобы {t} пришёл в упадок"),
    "pl": ("„Nie pozwolimy, by {t} popadł w ruinę” – powiedział {p}.", "Nie pozwolimy, by {t} popadł w ruinę"),
}
HEADLINES = {
    "en": "{q} debates the future of its {t}", "de": "{q} streitet über die Zukunft der {t}",
    "es": "{q} debate el futuro de su {t}", "fr": "{q} débat de l'avenir de son {t}",
    "ru": "{q} обсуждает будущее: {t}", "pl": "{q} debatuje o przyszłości: {t}",
}
SOURCES = {"en": "Harbour Ledger", "de": "Rheinischer Bote", "es": "Diario del Sur", "fr": "Gazette du Val",
           "ru": "Волжский вестник", "pl": "Kurier Nadrzeczny"}
LANGS = list(SENTENCES)
BLOCK = 10_000  # articles per generator of article_range


@dataclass
class _Pools:
    people: dict[str, list[str]]
    places: dict[str, list[str]]
    orgs: dict[str, list[tuple[str, str]]]


def _pools(rng: random.Random, people_per_language: int = 4_000) -> _Pools:
    people, places, orgs = {}, {}, {}
    for lang in LANGS:
        heads, tails = SURNAME_PARTS[lang]
        surnames = [h + t for h in heads for t in tails]
        names = {f"{rng.choice(GIVEN[lang])} {rng.choice(surnames)}" for _ in range(people_per_language * 2)}
        people[lang] = sorted(names)[:people_per_language]
        # towns: the listed ones and compounds of them, a few hundred per language
        base = PLACES[lang]
        places[lang] = base + [f"{a}-{b}" for a in base for b in base if a != b][:300]
        orgs[lang] = [(f"{kind} {town}", town) for kind in ORG_KINDS[lang] for town in places[lang][:120]]
    return _Pools(people, places, orgs)


@dataclass
class Synthetic:
    id: str
    language: str
    annotated: AnnotatedArticle


def articles(n: int, seed: int = 11) -> Iterator[Synthetic]:
    """n distinct annotated articles: entities and quotes are the ones the text was written with."""
    rng = random.Random(seed)
    pools = _pools(rng)
    for i in range(n):
        yield _article(i, rng, pools)


def article_range(start: int, stop: int, seed: int = 11) -> Iterator[Synthetic]:
    """Articles number `start` to `stop - 1` of a stream that can be entered anywhere (each block of BLOCK articles
    has a generator of its own), for a build that stops and goes on: the same numbers give the same articles. Not
    the stream of `articles` (whose every article depends on those before it)."""
    pools = _pools(random.Random(seed))
    for block in range(start // BLOCK, (stop - 1) // BLOCK + 1 if stop > start else 0):
        rng = random.Random(f"{seed}:{block}")
        for i in range(block * BLOCK, min(stop, (block + 1) * BLOCK)):
            item = _article(i, rng, pools)
            if i >= start:
                yield item


def _article(i: int, rng: random.Random, pools: _Pools) -> Synthetic:
    lang = LANGS[i % len(LANGS)] if rng.random() < 0.7 else rng.choice(LANGS)
    people = rng.sample(pools.people[lang], 3)
    places = rng.sample(pools.places[lang], 2)
    org, _ = rng.choice(pools.orgs[lang])
    topics = rng.sample(TOPICS[lang], 3)
    slots = {"q": places[0], "o": org}
    paragraphs = []
    for k in range(rng.randint(5, 10)):
        sentences = []
        for _ in range(rng.randint(2, 4)):
            sentences.append(rng.choice(SENTENCES[lang]).format(
                p=rng.choice(people), t=rng.choice(topics), n=rng.randint(2, 9_999), m=rng.randint(2, 99),
                **({**slots, "q": rng.choice(places)} if k % 3 else slots)))
        paragraphs.append(" ".join(sentences))
    speaker = people[0]
    printed, said = QUOTES[lang]
    paragraphs.insert(2, printed.format(t=topics[0], p=speaker))
    year, month, day = 2010 + rng.randrange(16), rng.randrange(1, 13), rng.randrange(1, 29)
    article = Article(title=HEADLINES[lang].format(q=places[0], t=topics[0]),
                      blocks=[Block(p) for p in paragraphs], authors=[rng.choice(pools.people[lang])],
                      published=f"{year}-{month:02d}-{day:02d}T{rng.randrange(6, 22):02d}:00:00+00:00",
                      source=SOURCES[lang], url=f"https://{SOURCES[lang].split()[0].lower()}.example/{i}",
                      declared_language=lang)
    text = "\n\n".join(paragraphs)
    named = [(p, "person") for p in people if p in text or p == speaker] + \
        [(q, "place") for q in places if q in text] + [(org, "organization")]
    entities = [Entity(name, kind, max(1, text.count(name)), [name], _key(name, kind)) for name, kind in named]
    quotes = [Quote(said.format(t=topics[0]), speaker)]
    return Synthetic(f"syn{i:07d}", lang, AnnotatedArticle(article=article, language=lang, quotes=quotes,
                                                           entities=entities))


@cache
def _key(name: str, kind: str) -> str:
    return entity_key(name, kind)


def html_page(item: Synthetic) -> bytes:
    """The article as a news page: headline, byline, date, canonical URL, paragraphs, page furniture."""
    a = item.annotated.article
    body = "\n".join(f"<p>{escape(b.text)}</p>" for b in a.blocks)
    return f"""<!doctype html>
<html lang="{item.language}"><head><meta charset="utf-8"><title>{escape(a.title)} | {escape(a.source)}</title>
<link rel="canonical" href="{a.url}"><meta property="og:site_name" content="{escape(a.source)}">
<meta property="article:published_time" content="{a.published}"></head>
<body><header><nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/sport">Sport</a></nav></header>
<article><h1>{escape(a.title)}</h1><p class="byline">{escape(a.authors[0])}</p>
<time datetime="{a.published}">{a.published[:10]}</time>
{body}
</article><footer>© {escape(a.source)}</footer></body></html>""".encode()


def build_store(data: Path, n: int) -> float:
    """n synthetic articles written straight into the store of the data folder (its own API), as annotation would
    have left them, under their own ids ("syn0000001": those scale.py indexes them by, so that an index it built
    holds the same articles as the store); the seconds it took. A store a stopped run left is completed: the articles
    it holds are not stored again."""
    from indexer.store import Store

    started = time.perf_counter()
    store = Store(Path(data) / "archive.sqlite3")
    store.db.execute("PRAGMA synchronous=OFF")  # a throwaway benchmark store: no fsync per article
    held = {row[0] for row in store.db.execute("SELECT id FROM articles")}
    for item in articles(n):
        if item.id in held:
            continue
        page = RawPage(html_page(item), f"synthetic/{item.id}.html", url=item.annotated.article.url)
        store.add_article(store.receive(page).page_id, item.annotated, item.id)
    store.close()
    return time.perf_counter() - started
