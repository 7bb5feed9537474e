"""The explorer's answers as the outside contract shapes them: an entity's profile, entities by name, stories, the
front page. Like `service`, it knows nothing of Flask, so the CLI (`entity`, `stories`) and the HTTP API share it.

What the explorer's tables keep (indexer/explore) is joined here with what the search engine finds: an entity's
articles, their languages, outlets and dates, and the entities named beside it, are one search of the engine
filtered by its key; its spellings, the quotations that name it and its stories are the store's.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import asdict
from datetime import date, timedelta
from itertools import islice

from indexer.archive import Archive
from indexer.explore import lookup, update
from indexer.explore.slugs import looks_like_slug
from indexer.index.dates import date_ranges
from indexer.index.engine import KEYED_FACETS, QueryError, QuoteHit, parse_date
from indexer.index.histogram import bucket_end
from indexer.index.provenance import in_date_order, same_statement
from indexer.index.translated import WITHIN_DAYS, translations
from indexer.store_db import Read
from search_app.citation import cited, cited_quotes

RELATED = 12  # entities listed as related
RELATED_LOOKED_AT = 40  # the most frequent companions of each kind whose association is measured
QUOTED = 10  # quotations by and about an entity on its page
TRACED = 100  # a speaker's newest quotations among which the first report of each statement is looked for
IN_THE_NEWS_DAYS = 7  # the front page's "last days", counted back from the newest article
FRONT_STORIES, FRONT_ENTITIES, FRONT_QUOTES = 8, 8, 6
STORY_MATCHES = 5000  # the best-ranked articles of a search whose stories /api/stories?q= lists
MATCHES = {lookup.EXACT: "exact", lookup.SAME_SOUND: "same sound", lookup.PREFIX: "prefix"}


STORY_FIELDS = "h.id, h.title, h.languages, h.sources, h.articles, h.first, h.last, h.first_day, h.last_day, h.lead"


def _story_record(r) -> dict:
    """A story's record from a row of STORY_FIELDS."""
    return {"id": r[0], "title": r[1], "languages": json.loads(r[2]), "sources": json.loads(r[3]),
            "articles": r[4], "first": r[5] or r[7], "last": r[6] or r[8], "lead": r[9]}


def _marks(values) -> str:
    return ",".join("?" * len(values))


def _near(quote, among: list) -> list:
    """The quotations among `among` (the speaker's) within the days a translation of `quote` is looked for in;
    none for a fragment or an undated quotation."""
    when = parse_date(quote.published)
    if quote.fragment or when is None:
        return []
    return [c for c in among if (d := parse_date(c.published)) and abs((d - when).days) <= WITHIN_DAYS]


def _translated(shown: list, among: list) -> bool:
    """Whether tracing the first reports of `shown` compares articles' names (`translations`): some quotation of
    it has near ones in another language, of another article."""
    return any(c.language != q.language and c.article_id != q.article_id for q in shown for c in _near(q, among))


class Moved(Exception):
    """The address names something that now lives under another id (a story merged, an entity keyed anew)."""

    def __init__(self, to: str):
        self.to = to
        super().__init__(to)


def facet_of(kind: str) -> str:
    return kind if kind in ("person", "place", "organization") else "person"


def log_likelihood(both: int, mine: int, theirs: int, total: int) -> float:
    """Dunning's log-likelihood ratio (G²) that two entities named together in `both` of `total` articles, one in
    `mine`, the other in `theirs`, are independent; 0 when they are named together no more than chance says (an
    entity every third article names is no companion of anyone's)."""
    theirs, mine = max(theirs, both), max(mine, both)
    cells = [(both, mine, theirs), (mine - both, mine, total - theirs), (theirs - both, total - mine, theirs),
             (total - mine - theirs + both, total - mine, total - theirs)]
    if both * total <= mine * theirs:
        return 0.0
    return 2.0 * sum(k * math.log(k * total / (row * col)) for k, row, col in cells if k > 0 and row > 0 and col > 0)


class Explorer:
    def __init__(self, archive: Archive):
        self.archive = archive
        self.db = archive.store.db

    # -- entities ----------------------------------------------------------------------------------------------
    def lookup(self, q: str, kind: str | None = None, reader: str | None = None, limit: int = 10) -> dict:
        """`{"entities": [{"key", "name", "type", "articles"}]}`: the entities a name may mean, best match first."""
        if kind and kind not in ("person", "place", "organization"):
            raise QueryError("type must be person, place or organization, not '%(kind)s'.", kind=str(kind)[:20])
        found = lookup.find(self.db, q or "", kind, limit)
        names = self.archive.store.display_names([f.key for f in found], "speaker", [reader])
        return {"entities": [{"key": f.slug, "name": names.get(f.key) or f.slug, "type": f.type,
                              "articles": f.articles, "match": MATCHES[f.match]} for f in found]}

    def resolve(self, value: str) -> lookup.Resolved | None:
        """The entity a URL key names; Moved when the key stands for another now."""
        found = lookup.resolve(self.db, value)
        if found is not None and found.slug != value:
            raise Moved(found.slug)
        return found

    def entity(self, value: str, reader: str | None = None, language: str | None = None, source: str | None = None,
               page: int = 1, limit: int = 10, base_url: str | None = None) -> dict | None:
        """An entity's profile (see the module's doc); None when the key names none, Moved when it moved."""
        found = self.resolve(value)
        if found is None:
            return None
        with self.archive.engine.one_view():  # (its articles and its quotations: one look at the index's tables)
            return self._profile(found, reader, language, source, page, limit, base_url)

    def _profile(self, found: lookup.Resolved, reader: str | None, language: str | None, source: str | None,
                 page: int, limit: int, base_url: str | None) -> dict:
        """The engine's searches first (its articles, its quotations); then what the store holds of it, read in one
        round trip (`read_together`: names, display name, the stories of the listed articles, the quotations about
        it, its companions' counts, its stories, and what tracing its quotations needs); then its companions' names."""
        engine, store = self.archive.engine, self.archive.store
        keys = lookup.group(self.db, found.key)
        narrowed = {k: v for k, v in (("language", language), ("source", source)) if v}
        first = 1 if narrowed else page
        facet = facet_of(found.type)
        everything = engine.search("*", {facet: found.key}, page=first, limit=limit, sort="newest",
                                   facet_limit=RELATED_LOOKED_AT)
        if not everything.total and found.key.startswith(("person:", "organization:")):
            facet = "speaker"  # quoted, never named in the text
            everything = engine.search("*", {facet: found.key}, page=first, limit=limit, sort="newest",
                                       facet_limit=RELATED_LOOKED_AT)
        listed = engine.search("*", {facet: found.key, **narrowed}, page=page, limit=limit, sort="newest",
                               facet_limit=1) if narrowed else everything
        traced = engine.search_quotes(None, speaker=found.key, limit=TRACED, sort="newest", facet_limit=0)
        shown = traced.quotes[:QUOTED]
        languages = [lang for lang, _ in everything.facets.get("language", [])]
        companions = [(kind, k, n) for kind in ("person", "place", "organization")
                      for k, n in everything.facets.get(kind, []) if k not in keys]
        named = self.db.read_together([
            store.names_read([found.key], "speaker"), lookup.names_read(keys),
            self._stories_read([h.id for h in listed.hits]), self._about_read(keys), self._companions_read(companions),
            self._entity_stories_read(keys), store.heads_read(list(dict.fromkeys(q.article_id for q in shown))),
            self._names_in_read({c.article_id for c in traced.quotes}) if _translated(shown, traced.quotes) else None])
        name_rows, spellings, stories, about, companion_rows, their_stories, heads, names_in = named
        h = everything.histogram
        return {
            "key": found.slug,
            "name": store.names_of(name_rows, "speaker", [reader, *languages]).get(found.key) or found.name,
            "type": found.type,
            "names": lookup.names_of(spellings),
            "named_in": everything.total,
            "languages": [{"code": c, "count": n} for c, n in everything.facets.get("language", [])],
            "articles": {"total": listed.total, "page": listed.page, "limit": listed.limit,
                         "filters": narrowed,
                         "hits": self._hits(listed.hits, self._stories_of(stories), base_url)},
            "timeline": {"interval": h.interval, "undated": h.undated,
                         "buckets": [{"start": s, "end": bucket_end(date.fromisoformat(s), h.interval).isoformat(),
                                      "count": n} for s, n in h.buckets]},
            "quotes_by": self._quotes_by(traced, shown, store.heads_of(heads), self._names_of(names_in), base_url),
            "quotes_about": self._quotes_about(about, base_url),
            "related": self._related(companions, companion_rows, everything.total, reader),
            "sources": [{"name": s, "count": n} for s, n in everything.facets.get("source", [])],
            "stories": [_story_record(r) for r in their_stories],
            "search": {facet: found.slug},  # (a search by its URL key: search?person=<key>)
        }

    def _hits(self, hits, stories: dict[str, dict], base_url: str | None) -> list[dict]:
        out = []
        for hit in hits:
            record = asdict(hit)
            record.pop("snippet_html", None)
            record.pop("score", None)
            story = stories.get(hit.id)
            out.append(cited(record, hit.id, hit.version or None, base_url) | {
                "story": story["id"] if story else None,
                "story_reports": {k: story[k] for k in ("articles", "languages")} if story else None})
        return out

    @staticmethod
    def _companions_read(companions: list[tuple[str, str, int]]) -> Read | None:
        """The archive's size, and each companion's count and slug, for `_related`."""
        wanted = list(dict.fromkeys(k for _, k, _ in companions))
        return Read(f"SELECT l.key, s.articles, l.slug, {update.FILED} FROM entity_links l LEFT JOIN entity_stats s "
                    f"ON s.key=l.key WHERE l.key IN ({_marks(wanted)})", wanted) if wanted else None

    def _related(self, companions: list[tuple[str, str, int]], rows: list, named_in: int,
                 reader: str | None) -> list[dict]:
        """The entities named in this one's articles (`companions`: facet, key, articles together) more often than
        chance says, by log-likelihood over the archive's articles, strongest first."""
        mine = max(1, named_in)
        total = (rows[0][3] if rows else 0) or 1
        theirs = {r[0]: r[1] for r in rows if r[1] is not None}
        slugs = {r[0]: r[2] for r in rows}
        scored = [(log_likelihood(n, mine, theirs.get(k, n), max(total, mine)), facet, k, n)
                  for facet, k, n in companions]
        scored = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[2]))[:RELATED]
        names = self.archive.store.display_names([k for _, _, k, _ in scored], "speaker", [reader])
        return [{"key": slugs.get(k, k), "name": names.get(k, k), "type": facet, "articles": n, "score": round(g, 2)}
                for g, facet, k, n in scored if k in slugs]

    def _quotes_by(self, traced, shown: list, heads: dict, names: dict[str, dict[str, str]],
                   base_url: str | None) -> dict:
        """What the entity said (`shown`: its newest quotations, of `traced`), fragments flagged, each with the first
        report of the statement: the earliest of its reports in the archive, in its language or (a translation)
        another. `names`: `_names_of` the articles of the traced quotations, when any may be a translation."""
        records = cited_quotes(heads, shown, base_url)
        for record, quote in zip(records, shown, strict=True):
            same = [c for c in traced.quotes if c.id == quote.id or (c.language == quote.language and not c.fragment
                                                                     and same_statement(quote.text, c.text))]
            translated = set()
            for c, _ in translations(quote, near, names.__getitem__) if (near := _near(quote, traced.quotes)) else ():
                same.append(c)
                translated.add(c.id)
            first = in_date_order(same, lambda c: parse_date(c.published))[0]
            record["first_reported"] = {"id": first.id, "article_id": first.article_id, "title": first.title,
                                        "source": first.source, "published": first.published,
                                        "language": first.language, "translated": first.id in translated}
            record["reports"] = len({c.id for c in same})
        return {"total": traced.total, "hits": records}

    def _names_in_read(self, article_ids: set[str]) -> Read:
        """The entities of the articles' current versions, for `_names_of`: one statement for them all (reading
        each record was a round trip per quotation of a speaker's page)."""
        ids = sorted(article_ids)
        return Read(f"SELECT article_id, key, name, aliases FROM entities WHERE article_id IN ({_marks(ids)}) "
                    f"ORDER BY {self.db.insertion_order}", ids)  # (a later entity's form wins, as in the record)

    @staticmethod
    def _names_of(rows: list) -> dict[str, dict[str, str]]:
        """{article id: {every form of an entity's name the article used: the entity's key}}, as `article_names`
        reads them from each article's record (an article of no entity: none)."""
        found: dict[str, dict[str, str]] = defaultdict(dict)
        for article_id, key, name, aliases in rows:
            found[article_id] |= dict.fromkeys([name, *json.loads(aliases or "[]")], key)
        return found

    def quotes_about(self, keys: list[str], base_url: str | None = None) -> dict:
        """Quotations by others that name the entity (under any of its keys), newest first, each with the first
        report of its statement among them."""
        return self._quotes_about(self.db.execute(*self._about_read(keys)).fetchall(), base_url)

    @staticmethod
    def _about_read(keys: list[str]) -> Read:
        """Quotations by others that name the entity, newest first, with their total and their speakers' slugs."""
        marks = _marks(keys)
        return Read(
            f"SELECT DISTINCT qa.article_id, qa.idx, qa.day, q.text, q.speaker, q.speaker_key, q.fragment, q.language, "
            f"a.title, a.published, a.source, a.url, a.current_version, l.slug, "
            f"(SELECT COUNT(*) FROM quotes_about WHERE key IN ({marks})) FROM quotes_about qa "
            f"JOIN quotes q ON q.article_id=qa.article_id AND q.idx=qa.idx JOIN articles a ON a.id=qa.article_id "
            f"LEFT JOIN entity_links l ON l.key=q.speaker_key "
            f"WHERE qa.key IN ({marks}) ORDER BY qa.day DESC, qa.article_id, qa.idx LIMIT ?", (*keys, *keys, QUOTED))

    @staticmethod
    def _quotes_about(rows: list, base_url: str | None) -> dict:
        """The quotations that name the entity (`_about_read`'s rows), each with the first report of its statement
        among them."""
        hits = []
        speakers = {r[5]: r[13] for r in rows if r[13]}
        for r in rows:
            record = {"id": f"{r[0]}:{r[1]}", "text": r[3], "speaker": r[4], "fragment": bool(r[6]), "article_id": r[0],
                      "title": r[8], "published": r[9], "language": r[7], "source": r[10], "url": r[11],
                      "speaker_key": speakers.get(r[5])}
            hits.append((r[5], cited(record, r[0], r[12], base_url)))
        for speaker, record in hits:
            same = [other for s, other in hits if other["language"] == record["language"]
                    and (other is record or same_statement(record["text"], other["text"], speaker, s))]
            first = in_date_order(same, lambda o: parse_date(o["published"]))[0]
            record["first_reported"] = {k: first[k] for k in ("id", "article_id", "title", "source", "published",
                                                               "language")} | {"translated": False}
            record["reports"] = len(same)
        return {"total": rows[0][14] if rows else 0, "hits": [record for _, record in hits]}

    @staticmethod
    def _entity_stories_read(keys: list[str], limit: int = 5) -> Read:
        """The latest stories of several articles that name the entity."""
        return Read(f"SELECT DISTINCT {STORY_FIELDS} FROM entity_mentions m JOIN story_members s "
                    f"ON s.article_id=m.article_id JOIN story_heads h ON h.id=s.story WHERE m.key IN ({_marks(keys)}) "
                    f"AND h.articles > 1 ORDER BY h.last_day DESC, h.id LIMIT ?", (*keys, limit))

    # -- stories -----------------------------------------------------------------------------------------------
    def stories_of(self, article_ids: list[str]) -> dict[str, dict]:
        """{article id: {"id", "articles", "languages"}} of each article's story (those filed)."""
        read = self._stories_read(article_ids)
        return self._stories_of(self.db.execute(*read).fetchall()) if read else {}

    @staticmethod
    def _stories_read(article_ids: list[str]) -> Read | None:
        ids = list(dict.fromkeys(article_ids))
        return Read(f"SELECT m.article_id, h.id, h.articles, h.languages FROM story_members m JOIN story_heads h "
                    f"ON h.id=m.story WHERE m.article_id IN ({_marks(ids)})", ids) if ids else None

    @staticmethod
    def _stories_of(rows: list) -> dict[str, dict]:
        return {r[0]: {"id": r[1], "articles": r[2], "languages": json.loads(r[3])} for r in rows}

    def _story_records(self, ids: list[str]) -> list[dict]:
        if not ids:
            return []
        rows = {r[0]: r for r in self.db.execute(f"SELECT {STORY_FIELDS} FROM story_heads h WHERE h.id IN "
                                                 f"({_marks(ids)})", ids)}
        return [_story_record(r) for i in ids if (r := rows.get(i))]

    def story_id(self, value: str) -> str | None:
        """The live story an id names (following merges); None for an id never given."""
        seen = set()
        while value not in seen:
            seen.add(value)
            row = self.db.execute("SELECT merged_into, articles FROM story_heads WHERE id=?", (value,)).fetchone()
            if row is None:
                return None
            if not row[0]:
                return value if row[1] else None
            value = row[0]
        return None

    def stories(self, q: str | None = None, start: str | None = None, end: str | None = None,
                language: str | None = None, limit: int = 20, page: int = 1, least: int = 1,
                counted: bool = True) -> dict:
        """Stories newest first (by their latest article): `{"total", "stories": [...]}`. `q` keeps the stories of
        the articles a search finds (its STORY_MATCHES best); `start`/`end` those running on some day between them;
        `language` those with an article in it; `least` those of at least that many articles. Without `counted`, no
        total (None). The count and the page: one round trip."""
        reads = self._stories_reads(q, start, end, language, limit, page, least, counted)
        total, rows = self.db.read_together(reads) if reads else ([[0]], [])
        return {"total": total[0][0] if counted else None, "stories": [_story_record(r) for r in rows], "page": page,
                "limit": limit}

    def _stories_reads(self, q: str | None = None, start: str | None = None, end: str | None = None,
                       language: str | None = None, limit: int = 20, page: int = 1, least: int = 1,
                       counted: bool = True) -> tuple[Read | None, Read] | None:
        """`stories`' statements: its count (None without `counted`) and its page; None when the search of `q`
        finds nothing."""
        where, params = ["h.merged_into IS NULL", "h.articles >= ?"], [max(1, least)]
        for _, first, last in date_ranges(start, end):  # the search's from/to: a day, month, year or moment
            if first:
                where.append("h.last_day >= ?")
                params.append(first.date().isoformat())
            if last:
                where.append("h.first_day <= ?")
                params.append(last.date().isoformat())
        if language:
            where.append("EXISTS (SELECT 1 FROM story_members l WHERE l.story=h.id AND l.language=?)")
            params.append(language)
        if q and q.strip():
            ids = list(islice(self.archive.engine.matching_ids(q, {}, sort="relevance"), STORY_MATCHES))
            if not ids:
                return None
            where.append(f"h.id IN (SELECT story FROM story_members WHERE article_id IN ({_marks(ids)}))")
            params.extend(ids)
        clause = " AND ".join(where)
        return (Read(f"SELECT COUNT(*) FROM story_heads h WHERE {clause}", params) if counted else None,
                Read(f"SELECT {STORY_FIELDS} FROM story_heads h WHERE {clause} ORDER BY h.last_day DESC, h.last DESC, "
                     f"h.id LIMIT ? OFFSET ?", (*params, limit, (page - 1) * limit)))

    def story(self, value: str, base_url: str | None = None, reader: str | None = None) -> dict | None:
        """One story with its articles (earliest first), its quotations and the entities most named in it; None
        for an unknown id, Moved for one merged into another."""
        live = self.story_id(value)
        if live is None:
            return None
        if live != value:
            raise Moved(live)
        record = self._story_records([live])[0]
        record["count"] = record["articles"]
        rows = self.db.execute(
            "SELECT a.id, a.title, a.url, a.language, a.source, a.published, a.current_version, m.day "
            "FROM story_members m JOIN articles a ON a.id=m.article_id WHERE m.story=?", (live,)).fetchall()
        articles = sorted(({"id": r[0], "title": r[1], "url": r[2], "language": r[3], "source": r[4],
                            "published": r[5], "version": r[6], "day": r[7]} for r in rows),
                          key=lambda a: (a["day"], parse_date(a["published"]) or parse_date(a["day"]), a["id"]))
        record["articles"] = [cited(a, a["id"], a["version"], base_url) for a in articles]
        ids = [a["id"] for a in articles]
        marks = ",".join("?" * len(ids))
        quotes = self.db.execute(
            f"SELECT q.article_id, q.idx, q.text, q.speaker, q.speaker_key, q.fragment, q.language FROM quotes q "
            f"WHERE q.article_id IN ({marks}) ORDER BY q.article_id, q.idx", ids).fetchall()
        by_article = {a["id"]: a for a in articles}
        speakers = lookup.slugs_for(self.db, [q[4] for q in quotes])
        record["quotes"] = [{"id": f"{q[0]}:{q[1]}", "text": q[2], "speaker": q[3], "fragment": bool(q[5]),
                             "language": q[6], "article_id": q[0], "source": by_article[q[0]]["source"],
                             "title": by_article[q[0]]["title"],
                             "published": by_article[q[0]]["published"], "speaker_key": speakers.get(q[4])}
                            for q in sorted(quotes, key=lambda q: (ids.index(q[0]), q[1]))]
        named = self.db.execute(f"SELECT key, COUNT(*) FROM entity_mentions WHERE article_id IN ({marks}) GROUP BY key",
                                ids).fetchall()
        top = sorted(named, key=lambda r: (-r[1], r[0]))[:15]
        slugs = lookup.slugs_for(self.db, [k for k, _ in top])
        kinds = {k: k.split(":", 1)[0] for k, _ in top}
        names = self.archive.store.display_names([k for k, _ in top], "speaker", [reader])
        record["entities"] = [{"key": slugs[k], "name": names.get(k, k), "type": kinds[k], "articles": n}
                              for k, n in top if k in slugs]
        return record

    # -- the front page ----------------------------------------------------------------------------------------
    def front(self, reader: str | None = None, days: int = IN_THE_NEWS_DAYS, base_url: str | None = None) -> dict:
        """What is in the news: the latest stories of several reports (else of one), the entities most named over
        the last `days` days (counted back from the newest article's day, so that an archive that stopped growing
        still shows its last days) beside the days before, the latest quotations of those days, and the archive's
        figures (`summary`). Three round trips: the newest day, the stories and the figures; what needs the newest
        day; the names and URL keys of what that found."""
        store = self.archive.store
        latest = self._stories_reads(limit=FRONT_STORIES, counted=False)[1]
        newest, several, any_story, figures = self.db.read_together([
            Read("SELECT MAX(day) FROM explored WHERE day <> '0000-00-00'"),
            self._stories_reads(limit=FRONT_STORIES, least=2, counted=False)[1], latest, store.summary_read()])
        summary = store.summary_of(figures)
        newest = newest[0][0] if newest and newest[0][0] else None
        if newest is None:
            return {"newest": None, "days": days, "stories": [], "in_the_news": {}, "quotes": [], "summary": summary}
        end = date.fromisoformat(newest)
        since = end - timedelta(days=days - 1)
        before = since - timedelta(days=days)
        mentioned, quoted = self.db.read_together([
            Read("SELECT key, day >= ? AS recent, COUNT(*) FROM entity_mentions WHERE day BETWEEN ? AND ? "
                 "GROUP BY key, recent",  # (PostgreSQL takes `day >= $1` and `day >= $4` for two expressions)
                 (since.isoformat(), before.isoformat(), newest)),
            self._latest_quotes_read(since)])
        counts: dict[str, list[int]] = {}
        for key, day, n in mentioned:
            counts.setdefault(key, [0, 0])[1 if day else 0] += n
        news: dict[str, list] = {"person": [], "place": [], "organization": []}
        for key, (earlier, now) in sorted(counts.items(), key=lambda kv: (-kv[1][1], kv[0])):
            kind = key.split(":", 1)[0]
            if now and kind in news and len(news[kind]) < FRONT_ENTITIES:
                news[kind].append((key, now, earlier))
        keys = [k for items in news.values() for k, _, _ in items]
        named, speakers, heads = self._latest_quotes(quoted)
        linked, spelled = self.db.read_together([lookup.slugs_read([*keys, *speakers]),
                                                 store.names_read(keys, "speaker")])
        slugs, names = dict(linked), store.names_of(spelled, "speaker", [reader])
        in_news = {kind: [{"key": slugs[k], "name": names.get(k, k), "type": kind, "articles": now, "before": earlier,
                           "change": now - earlier} for k, now, earlier in items if k in slugs]
                   for kind, items in news.items()}
        return {"newest": newest, "since": since.isoformat(), "days": days,
                "stories": [_story_record(r) for r in several or any_story], "in_the_news": in_news,
                "quotes": [r | {"speaker_key": slugs.get(key)}
                           for key, r in zip(speakers, cited_quotes(heads, named, base_url), strict=True)],
                "summary": summary}

    @staticmethod
    def _latest_quotes_read(since: date) -> Read:
        """The newest whole quotations with a named speaker published on or after `since` (the publication's own
        day, newest day first). From the store's filed articles (`explored`, by day), not the quote index: a
        date-range filter over every quote segment of the index took two thirds of the front page's time at 84,000
        articles."""
        return Read(
            "SELECT q.article_id, q.idx, q.text, q.speaker, q.speaker_key, q.language, a.title, a.published, a.source, "
            "a.current_version, a.url "
            "FROM explored e JOIN quotes q ON q.article_id=e.article_id JOIN articles a ON a.id=e.article_id "
            "WHERE e.day >= ? AND q.fragment=0 AND q.speaker IS NOT NULL AND q.speaker_key IS NOT NULL "
            "ORDER BY e.day DESC, a.published DESC, q.article_id, q.idx LIMIT ?", (since.isoformat(), FRONT_QUOTES))

    @staticmethod
    def _latest_quotes(rows: list) -> tuple[list[QuoteHit], list[str], dict[str, tuple[int, str | None]]]:
        """The quotations of `_latest_quotes_read`'s rows, their speakers' entity keys, and their articles' heads
        (`Store.article_heads`)."""
        hits = [QuoteHit(id=f"{r[0]}:{r[1]}", text=r[2], speaker=r[3], fragment=False, article_id=r[0], title=r[6] or "",
                         published=r[7], language=r[5] or "und", source=r[8] or "") for r in rows]
        return hits, [r[4] for r in rows], {r[0]: (r[9], r[10]) for r in rows}


def linked_article(archive: Archive, record: dict, annotated) -> dict:
    """An article record (`SearchService.article`) whose entities carry their URL key (`key`) and whose quotations
    their speaker's (`speaker_key`), for links to their pages; and its story."""
    from indexer.annotate.entities.keys import entity_key, speaker_key

    keys = [e.key or entity_key(e.name, e.type) for e in annotated.entities]
    speakers = [speaker_key(q.get("speaker")) for q in record.get("quotes", [])]
    db = archive.store.db
    slugs = lookup.slugs_for(db, [*keys, *speakers])
    for entity, key in zip(record.get("entities", []), keys, strict=False):
        entity["key"] = slugs.get(key)
    for quote, key in zip(record.get("quotes", []), speakers, strict=False):
        quote["speaker_key"] = slugs.get(key) if key else None
    story = Explorer(archive).stories_of([record["id"]]).get(record["id"])
    record["story"] = story["id"] if story else None
    record["story_reports"] = {"articles": story["articles"], "languages": story["languages"]} if story else None
    return record


def with_speaker_keys(archive: Archive, records: list[dict]) -> list[dict]:
    """Quotation records with their speaker's URL key (`speaker_key`, None for a role or an unnamed source), for a
    link to the speaker's page."""
    from indexer.annotate.entities.keys import speaker_key

    keys = [speaker_key(r.get("speaker")) for r in records]
    slugs = lookup.slugs_for(archive.store.db, keys)
    for record, key in zip(records, keys, strict=True):
        record["speaker_key"] = slugs.get(key) if key else None
    return records


def keyed_filters(archive: Archive, filters: dict[str, str | None]) -> dict[str, str | None]:
    """Filters with each entity's URL key (a facet value's `key`) turned into the entity key the index holds:
    person=dmitry-peskov is person:peskov|dmitro. A value that is no slug of the facet's kind is left as a name."""
    wanted = {f: v for f, v in filters.items() if f in KEYED_FACETS and v and looks_like_slug(v)}
    if not wanted:
        return filters
    found = lookup.keys_for_slugs(archive.store.db, wanted.values())
    out = dict(filters)
    for facet, value in wanted.items():
        key, kind = found.get(value, (None, None))
        if key and (kind == KEYED_FACETS[facet] or (facet == "speaker" and kind == "organization")):
            out[facet] = key
    return out
