"""The SolrCloud implementation of `engine.SearchEngine`: the same answers as the Whoosh engine, from a cluster.

Two collections: COLLECTION (articles) and COLLECTION_quotes. Documents and queries are the Whoosh engine's own,
mapped by `mapping` (same analysis, same parser, same entity-key widening and person-key resolution), so totals,
sets and facet counts match the Whoosh engine; ranking is Solr's BM25 with the Whoosh field boosts, over the whole
collection's term statistics (the configset's statsCache), so a score does not depend on the shard.

- Facets: the JSON facet API with `refine: true`, exact across shards. Person facets count a surname-only or
  initial key for the one person it can mean (as Whoosh does): when the archive has such keys, person facets are
  read whole and the resolved keys are counted with one query facet each.
- Writes: deletes, adds, then an explicit commit (the configset has no auto soft commit), quotes before articles;
  every write retries on another node for up to 60 s. There is no write lock: `IndexBusy` is never raised.
- "Did you mean" reads the `spell` field's lexicon through the terms component and ranks like Whoosh's corrector.
- One HTTP call per search: what changes only with a commit (the people table, the languages, entity aliases) is
  read once and kept with a stamp of the commit (articles, newest `_version_`). Each search returns the stamp of
  the index it ran on as one more facet; when another process committed meanwhile, the tables are read again and
  the search runs once more (3 calls, once per commit).
"""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from fnmatch import fnmatchcase

from whoosh import query
from whoosh.automata.lev import levenshtein_automaton
from whoosh.highlight import ContextFragmenter, highlight

from indexer.index.analysis import profile_for
from indexer.index.engine import (
    FACETS,
    KEYED_FACETS,
    MAX_EXPANSION,
    QUOTE_FACETS,
    SEARCH_DEADLINE,
    EngineRefused,
    EngineUnavailable,
    Hit,
    IndexStats,
    QuoteHit,
    QuoteResult,
    SearchResult,
    too_broad,
)
from indexer.index.histogram import check_interval, histogram
from indexer.index.newsroom import check_span_words
from indexer.index.solr.client import SolrClient, SolrError, SolrURL
from indexer.index.solr.mapping import Translator, solr_document
from indexer.index.whoosh_engine import (
    _QUERY_WORD,
    ALIAS_OF,
    ARTICLES,
    DAY,
    OPERATORS,
    PERSON_FIELDS,
    QUOTES,
    FirstOnTies,
    WhooshEngine,
    _date_order,
    _has_words,
    _lead,
    _MarkFormatter,
    _People,
    _snippet_pair,
    article_document,
    article_schema,
    name_snippet,
    query_terms,
    quote_documents,
    quote_schema,
    relaxable,
    sentence,
)
from indexer.models import AnnotatedArticle
from indexer.text.names import person_filter_keys, resolve_partial_keys, split_person_key

HIT_FIELDS = "id,headline,url,published_iso,language,source,content,score,version"
EXPORT_BATCH = 1000  # ids per cursorMark page of an export
QUOTE_FIELDS = ("id,article_id,quote_text,speaker_name,speaker_description,fragment,headline,published_iso,language,"
                "source")
ADD_BATCH = 500


# the whole index's size and newest document version, in any request's facets: changes with every commit that
# adds, replaces or deletes articles
STAMP_FACET = {"type": "query", "q": "*:*", "domain": {"query": "*:*"}, "facet": {"v": "max(_version_)"}}


@dataclass
class _Tables:
    """What searches need that changes only with a commit, and the stamp of the commit it was read from."""

    stamp: tuple[int, int]
    people: _People
    languages: list[str]
    aka: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (field, prefix) -> keys, as asked


def _stamp(facet: dict) -> tuple[int, int]:
    return int(facet.get("count", 0)), int(facet.get("v") or 0)


class _Schema:
    """What the Whoosh parser asks of an index: its schema."""

    def __init__(self, schema):
        self.schema = schema


class SolrEngine:
    """The search index of one archive in a SolrCloud (see `SearchEngine` for what each method promises)."""

    # the Whoosh engine's parser and filter building, run on the Whoosh schema (they need no Whoosh index)
    parse = WhooshEngine.parse
    _filter = WhooshEngine._filter
    _text_fieldnames = WhooshEngine._text_fieldnames

    def _widen_entities(self, q: query.Query, schema) -> query.Query:
        """As the Whoosh engine's, with the other spellings of every entity the query names asked for in one
        request (each word of a plain query names up to three entities: a request each was nine round trips
        for a three-word query on the first search after a commit)."""
        wanted = sorted({(leaf.fieldname, leaf.text) for leaf in q.leaves()
                         if isinstance(leaf, query.Term) and leaf.fieldname in KEYED_FACETS
                         and isinstance(leaf.text, str) and leaf.text.startswith(("person:", "place:", "organization:"))
                         and f"{leaf.fieldname}_aka" in schema.names()})
        aka = self._current().aka
        missing = [(facet, key + ALIAS_OF) for facet, key in wanted if (facet, key + ALIAS_OF) not in aka]
        if missing:
            answer = self._select(ARTICLES, {"query": "*:*", "limit": 0, "facet": {
                f"aka{i}": {"type": "terms", "field": f"{facet}_aka", "prefix": prefix, "limit": -1, "mincount": 1}
                for i, (facet, prefix) in enumerate(missing)}})
            got = answer.get("facets", {})
            for i, (facet, prefix) in enumerate(missing):
                aka[(facet, prefix)] = sorted({b["val"][len(prefix):]
                                               for b in got.get(f"aka{i}", {}).get("buckets", [])})
        return WhooshEngine._widen_entities(self, q, schema)

    def __init__(self, url: str | SolrURL, timeout: float = 10.0, write_retry: float = 60.0):
        self.url = url if isinstance(url, SolrURL) else SolrURL.parse(url)
        self.client = SolrClient(self.url, timeout=timeout, write_retry=write_retry)
        self.replaced_layout = False
        self._indexes = {ARTICLES: _Schema(article_schema()), QUOTES: _Schema(quote_schema())}
        self._collections = {ARTICLES: self.url.collection, QUOTES: f"{self.url.collection}_quotes"}
        self._translate = {name: Translator(ix.schema) for name, ix in self._indexes.items()}
        self._tables: _Tables | None = None  # of the newest commit this engine has seen
        self._now = threading.local()  # .tables: those the running call of this thread uses

    def __repr__(self) -> str:
        return f"SolrEngine({self.url.public()!r})"

    # -- requests --------------------------------------------------------------------------------------------
    def _select(self, name: str, body: dict) -> dict:
        params = {"q.op": "OR", "df": "id", "sow": "true", **body.pop("params", {})}
        return self.client.post(f"{self._collections[name]}/select", {**body, "params": params})

    def _update(self, name: str, body, commit: bool = False) -> None:
        params = {"commit": "true", "waitSearcher": "true"} if commit else {}
        self.client.post(f"{self._collections[name]}/update", body, params=params, write=True)

    def _commit(self, name: str) -> None:
        self.client.post(f"{self._collections[name]}/update", {"commit": {"waitSearcher": True}}, write=True)

    # -- writing ---------------------------------------------------------------------------------------------
    def write_articles(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                       timeout: float = 900.0) -> int:
        """Map documents in this thread while the previous batch is sent from another one: mapping is Python work
        and sending is mostly waiting for Solr, so the two overlap (a migration went from 151 to N articles/s)."""
        schemas = {name: ix.schema for name, ix in self._indexes.items()}
        written = 0
        ids: list[str] = []
        kept: set[str] = set()  # ids of this batch with a new document
        articles: list[dict] = []
        quotes: list[dict] = []
        quoted: set[str] = set()  # articles given quotes earlier in this call (not visible to a search yet)
        sending: list[Future] = []

        def send(ids: list[str], kept: set[str], articles: list[dict], quotes: list[dict]) -> None:
            # an add replaces the document with its id, so only what has no new document is deleted by id, and only
            # the articles that have quotes now lose them by query (a delete by query is slow in SolrCloud: skipping
            # it for new articles made a migration of 2,000 articles go from 74 to 107 articles/s)
            holders = self._quoted_articles(ids) | (quoted & set(ids))
            if holders:
                self._update(QUOTES, {"delete": {"query": f"article_id:({_any_of(sorted(holders))})"}})
            gone = [i for i in ids if i not in kept]
            if gone:
                self._update(ARTICLES, {"delete": gone})
            quoted.update(q["article_id"] for q in quotes)
            if quotes:
                self._update(QUOTES, quotes)
            if articles:
                self._update(ARTICLES, articles)

        def flush() -> None:
            if not ids:
                return
            if sending:
                sending.pop().result()  # one batch in flight at a time, in order; its error is raised here
            sending.append(sender.submit(send, ids.copy(), kept.copy(), articles.copy(), quotes.copy()))
            ids.clear(), kept.clear(), articles.clear(), quotes.clear()

        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="solr-send") as sender:
            try:
                for article_id, version, annotated in items:
                    written += 1
                    ids.append(article_id)
                    if annotated is not None:
                        kept.add(article_id)
                        articles.append(solr_document(article_document(article_id, version, annotated),
                                                      schemas[ARTICLES]))
                        quotes.extend(solr_document(d, schemas[QUOTES]) for d in quote_documents(article_id, annotated))
                    if len(ids) + len(quotes) >= ADD_BATCH:
                        flush()
                flush()
            finally:
                for future in sending:
                    future.result()
        if written:
            # quotes first: a crash between the two commits leaves quotes of an article the store still has
            # pending, which the next sync rewrites
            self._commit(QUOTES)
            self._commit(ARTICLES)
            self._tables = None
        return written

    def _quoted_articles(self, ids: list[str]) -> set[str]:
        """Which of these articles have quotes in the index now."""
        answer = self._select(QUOTES, {"query": "*:*", "filter": [f"article_id:({_any_of(ids)})"], "limit": 0,
                                       "facet": {"a": {"type": "terms", "field": "article_id", "limit": -1}}})
        return {b["val"] for b in answer.get("facets", {}).get("a", {}).get("buckets", [])}

    def rebuild(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                catch_up: Callable[[dict[str, int | None]], Iterable[tuple[str, int, AnnotatedArticle | None]]],
                timeout: float = 900.0, configset: str | None = None) -> int:
        """Rebuild without an empty window. When the index URL names an alias (as `scripts/cluster` creates it),
        a new pair of collections is created (from `configset`, default the one in use: a schema change is this
        rebuild with the new configset), filled, caught up, and the aliases switch to it at once; the old pair is
        dropped after. A plain collection is rewritten in place: Solr serves its last commit until the next one,
        and each commit holds every article."""
        aliases = self._aliases()
        if self.url.collection not in aliases:
            if configset:
                raise EngineRefused(f"{self.url.collection} is a collection, not an alias: a rebuild with another "
                                 "configset needs the index URL to name an alias (see docs/operations.md, 'A schema change').")
            return self._rebuild_in_place(items, catch_up, timeout)
        old = {name: aliases.get(coll) for name, coll in self._collections.items()}
        target = self._create_pair(old[ARTICLES], configset)
        writer = SolrEngine(replace(self.url, collection=target), timeout=self.client.timeout,
                            write_retry=self.client.write_retry)
        try:
            written: dict[str, int | None] = {}

            writer.write_articles(_recorded(items, written), timeout)
            writer.write_articles(_recorded(catch_up(dict(written)), written), timeout)
            for name in (QUOTES, ARTICLES):  # articles last: for a moment the new quotes beside the old articles
                self._admin({"action": "CREATEALIAS", "name": self._collections[name],
                             "collections": writer._collections[name]})
            # what other processes wrote into the old pair between the catch-up and the switch
            writer.write_articles(catch_up(writer.indexed_versions()), timeout)
        finally:
            writer.close()
        self._tables = None
        for name in (ARTICLES, QUOTES):
            if old[name]:
                try:
                    self._admin({"action": "DELETE", "name": old[name]})
                except (EngineUnavailable, SolrError):  # the rebuild is done; a leftover collection costs disk only
                    pass
        return sum(1 for v in written.values() if v is not None)

    def _rebuild_in_place(self, items, catch_up, timeout: float) -> int:
        before = set(self.indexed_versions())
        written: dict[str, int | None] = {}

        self.write_articles(_recorded(items, written), timeout)
        self.write_articles(_recorded(catch_up(dict(written)), written), timeout)
        # only what was there before the rebuild: articles other processes add meanwhile stay
        self.write_articles(((i, 0, None) for i in before - set(written)), timeout)
        return sum(1 for v in written.values() if v is not None)

    # -- collections and aliases -----------------------------------------------------------------------------
    def _admin(self, params: dict) -> dict:
        return self.client.call("admin/collections", params=params, write=True)

    def _aliases(self) -> dict[str, str]:
        """alias -> collection (the first, as one alias names one collection here)."""
        got = self.client.get("admin/collections", {"action": "LISTALIASES"}).get("aliases", {})
        return {name: str(colls).split(",")[0] for name, colls in got.items()}

    def _create_pair(self, current: str | None, configset: str | None) -> str:
        """New articles and quotes collections shaped like `current` (shards, replicas, configset): their name."""
        shape = {"numShards": 2, "replicationFactor": 2, "collection.configName": configset or "newsarchive"}
        if current:
            state = self.client.get("admin/collections", {"action": "CLUSTERSTATUS", "collection": current})
            info = state.get("cluster", {}).get("collections", {}).get(current, {})
            shape["numShards"] = len(info.get("shards", {})) or 2
            shape["replicationFactor"] = int(info.get("replicationFactor") or info.get("nrtReplicas") or 2)
            shape["collection.configName"] = configset or info.get("configName") or "newsarchive"
        now = datetime.now(UTC)
        name = f"{self.url.collection}_{now:%Y%m%d%H%M%S}{now.microsecond // 1000:03d}"
        for coll in (name, f"{name}_quotes"):
            self._admin({"action": "CREATE", "name": coll, "waitForFinalState": "true", **shape})
        return name

    def clear(self) -> None:
        for name in (QUOTES, ARTICLES):
            self._update(name, {"delete": {"query": "*:*"}}, commit=True)
        self._tables = None

    # -- reading ---------------------------------------------------------------------------------------------
    def indexed_versions(self) -> dict[str, int]:
        versions: dict[str, int] = {}
        cursor = "*"
        while True:
            answer = self._select(ARTICLES, {"query": "*:*", "limit": 5000, "fields": "id,version", "sort": "id asc",
                                             "params": {"cursorMark": cursor}})
            for d in answer["response"]["docs"]:
                versions[d["id"]] = int(d.get("version", 0))
            if answer.get("nextCursorMark", cursor) == cursor:
                return versions
            cursor = answer["nextCursorMark"]

    def languages(self) -> list[str]:
        tables = getattr(self._now, "tables", None)
        return (tables or self._read_tables()).languages

    def articles(self) -> int:
        return self._select(ARTICLES, {"query": "*:*", "limit": 0})["response"]["numFound"]

    def stats(self) -> IndexStats:
        counts = {name: self._select(name, {"query": "*:*", "limit": 0})["response"]["numFound"]
                  for name in (ARTICLES, QUOTES)}
        return IndexStats(articles=counts[ARTICLES], quotes=counts[QUOTES], languages=self.languages(),
                          warnings=self._older_schema())

    def _older_schema(self) -> list[str]:
        """What an upgrade left behind: a collection made from an older configset lacks fields this release
        writes, filters and sorts by (its writes and some searches fail until it is rebuilt from the new one)."""
        warnings = []
        for name, ix in self._indexes.items():
            schema = self.client.get(f"{self._collections[name]}/schema").get("schema", {})
            known = {f["name"] for f in schema.get("fields", [])}
            patterns = [f["name"] for f in schema.get("dynamicFields", [])]
            missing = [f for f in ix.schema.names() if f not in known and not any(fnmatchcase(f, p) for p in patterns)]
            if missing:
                warnings.append(
                    f"the collection {self._collections[name]} was made from an older configset: it lacks the fields "
                    f"{', '.join(missing)}. Upload cluster/configset/newsarchive under a new name (scripts/cluster "
                    "configset --name NAME) and run `newsarchive reindex --configset NAME` with this index.")
        return warnings

    def close(self) -> None:
        self._tables = None
        self.client.close()

    # -- people and entity keys (the Whoosh engine's rules, read from Solr) ---------------------------------
    def _read_tables(self) -> _Tables:
        """The people table (person keys of the live articles, grouped by surname, with the partial keys that
        resolve), the languages and the stamp of the commit, in one call; kept for the searches after it."""
        facets = {f: {"type": "terms", "field": f, "limit": -1, "mincount": 1} for f in (*PERSON_FIELDS, "language")}
        got = self._select(ARTICLES, {"query": "*:*", "limit": 0, "facet": {**facets, "_stamp": STAMP_FACET}}).get(
            "facets", {})
        keys = sorted({b["val"] for f in PERSON_FIELDS for b in got.get(f, {}).get("buckets", [])})
        by_surname: dict[str, list[str]] = {}
        for k in keys:
            by_surname.setdefault(split_person_key(k)[0], []).append(k)
        tables = _Tables(_stamp(got.get("_stamp", {})), _People(by_surname, resolve_partial_keys(keys)),
                         sorted(b["val"] for b in got.get("language", {}).get("buckets", [])))
        self._tables = tables
        return tables

    def _checked_tables(self) -> _Tables:
        """The kept tables when the index is still at their commit (one small call), else read anew."""
        kept = self._tables
        if kept is not None:
            got = self._select(ARTICLES, {"query": "*:*", "limit": 0, "facet": {"_stamp": STAMP_FACET}})
            if _stamp(got.get("facets", {}).get("_stamp", {})) == kept.stamp:
                return kept
        return self._read_tables()

    def _current(self) -> _Tables:
        """The tables of the running call (checked against the index once per call when it did not bring any)."""
        tables = getattr(self._now, "tables", None)
        if tables is None:
            tables = self._now.tables = self._checked_tables()
        return tables

    def _done(self) -> None:
        """The end of a call: the next one checks its tables again, unless a `one_view` holds them."""
        if not getattr(self._now, "held", False):
            self._now.tables = None

    @contextmanager
    def one_view(self) -> Iterator[None]:
        """The searches of one page (an entity's articles, then its quotations) read the tables once: those the
        first search brought or checked. Without it each later search of the page asks Solr for the commit's
        stamp first, one more round trip across the shards (a fifth of an entity page's time on the cluster)."""
        if getattr(self._now, "held", False):
            yield
            return
        self._now.held = True
        try:
            yield
        finally:
            self._now.held = False
            self._now.tables = None

    def _people(self) -> _People:
        return self._current().people

    def _person_keys(self, key: str, exact: bool = False) -> list[str]:
        people = self._people()
        group = people.by_surname.get(split_person_key(key)[0], [])
        return person_filter_keys(key, group, exact, people.resolved)

    def _entity_terms(self, facet: str, key: str, schema, exact: bool = False, boost: float = 1.0) -> query.Query:
        """As `WhooshEngine._entity_terms`: the key, its person's partial keys, the entities spelt so elsewhere."""
        keys = [key]
        if not exact and f"{facet}_aka" in schema.names():
            prefix = key + ALIAS_OF
            aka = self._current().aka
            found = aka.get((facet, prefix))
            if found is None:
                answer = self._select(ARTICLES, {"query": "*:*", "limit": 0, "facet": {"aka": {
                    "type": "terms", "field": f"{facet}_aka", "prefix": prefix, "limit": -1, "mincount": 1}}})
                found = aka[(facet, prefix)] = sorted(
                    {b["val"][len(prefix):] for b in answer.get("facets", {}).get("aka", {}).get("buckets", [])})
            keys += found
        if facet in PERSON_FIELDS and key.startswith("person:"):
            keys = list(dict.fromkeys(k2 for k in keys for k2 in self._person_keys(k, exact)))
        terms = [query.Term(facet, k) for k in keys]
        return terms[0] if len(terms) == 1 and boost == 1.0 else query.Or(terms, boost=boost)

    # -- searching -------------------------------------------------------------------------------------------
    def search(self, text: str, filters: dict[str, str | None] | None = None, page: int = 1, limit: int = 10,
               sort: str = "relevance", facet_limit: int = 10, interval: str | None = None) -> SearchResult:
        interval = check_interval(interval)
        tables = getattr(self._now, "tables", None) or self._tables or self._read_tables()
        try:
            for _ in range(2):
                self._now.tables = tables
                result, stamp = self._search(text, filters or {}, page, limit, sort, facet_limit, interval)
                if stamp == tables.stamp:
                    break
                tables = self._read_tables()  # another process committed: search again with the new tables
            return result
        finally:
            self._done()

    def _search(self, text: str, filters: dict[str, str | None], page: int, limit: int, sort: str,
                facet_limit: int, interval: str | None) -> tuple[SearchResult, tuple[int, int]]:
        """The result, and the stamp of the commit it was read from."""
        langs = [filters["language"]] if filters.get("language") else None
        described = sentence(text, langs or self.languages())
        q, cut = self._bounded(ARTICLES, self.parse(text, ARTICLES, langs, any_word=described))
        flt = self._filter(ARTICLES, filters)
        page, limit = max(1, int(page)), max(1, min(int(limit), 1000))
        order = _order(sort)
        fq = [self._translate[ARTICLES](flt)] if flt is not None else []
        answer = self._articles(q, fq, page, limit, order, facet_limit)
        stamp = _stamp(answer.get("facets", {}).get("_stamp", {}))
        relaxed = False
        if not answer["response"]["numFound"] and not described and relaxable(text):
            # no article has every word of a plain multi-word query: rank those with most of them instead
            q = self.parse(text, ARTICLES, langs, any_word=True)
            answer = self._articles(q, fq, page, limit, order, facet_limit)
            relaxed = bool(answer["response"]["numFound"])
        total = answer["response"]["numFound"]
        marked = _has_words(q)
        terms, wildcards = (query_terms(q), _wildcards(q)) if marked else ({}, {})
        hits = [self._hit(d, terms, wildcards) for d in answer["response"]["docs"]]
        by_day = {b["val"]: b["count"] for b in answer.get("facets", {}).get(DAY, {}).get("buckets", [])}
        return SearchResult(total=total, hits=hits, facets=self._facets(answer, facet_limit), page=page,
                            limit=limit, languages_searched=langs or self.languages(),
                            suggestion=None if total else self.suggest(text), relaxed=relaxed, cut_short=cut,
                            histogram=histogram(by_day, total, interval), sentence=described and bool(total)), stamp

    def _bounded(self, name: str, q: query.Query) -> tuple[query.Query, list[str]]:
        """As the Whoosh engine: each prefix or wildcard searches at most MAX_EXPANSION words per field, and the
        patterns that matched more are named; the proximity operators may then compare so many words
        (`newsroom.check_span_words`). Words come from the terms component, one call per pattern."""
        leaves = [leaf for leaf in ([q] if isinstance(q, _WILD) else q.leaves()) if isinstance(leaf, _WILD)]
        if not leaves:
            check_span_words(q)
            return q, []
        words: dict[tuple[str, str], list[str]] = {}
        cut: dict[str, None] = {}
        for pattern in dict.fromkeys(_typed(leaf) for leaf in leaves):
            fields = sorted({leaf.fieldname for leaf in leaves if _typed(leaf) == pattern})
            literal = re.split(r"[*?]", pattern, maxsplit=1)[0]
            regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
            params = [("terms.fl", f) for f in fields] + [
                ("terms.prefix", literal), ("terms.regex", regex), ("terms.limit", MAX_EXPANSION + 1),
                ("terms.sort", "index"), ("terms.mincount", 1)]
            found = self.client.get(f"{self._collections[name]}/terms", params).get("terms", {})
            for fieldname in fields:
                listed = found.get(fieldname, [])[::2]  # [word, count, word, count, …]
                if len(listed) > MAX_EXPANSION:
                    cut[pattern] = None
                words[(fieldname, pattern)] = listed[:MAX_EXPANSION]

        def expand(node: query.Query) -> query.Query:
            if not isinstance(node, _WILD):
                return node
            listed = words.get((node.fieldname, _typed(node)), [])
            return query.Or([query.Term(node.fieldname, w) for w in listed], boost=node.boost) if listed \
                else query.NullQuery
        bounded = expand(q) if isinstance(q, _WILD) else q.accept(expand)
        check_span_words(bounded)
        return bounded, list(cut)

    def _articles(self, q: query.Query, fq: list[str], page: int, limit: int, order: str | None,
                  facet_limit: int) -> dict:
        order = order or _order("relevance", _has_words(q))
        return _complete(self._select(ARTICLES, {"query": self._translate[ARTICLES](q), "filter": fq,
                                                 "offset": (page - 1) * limit, "limit": limit, "sort": order,
                                                 "fields": HIT_FIELDS, "facet": self._facet_request(facet_limit),
                                                 "params": TIME_ALLOWED}))

    def _facet_request(self, facet_limit: int, facets: tuple[str, ...] = FACETS) -> dict:
        """The JSON facets of a search of articles (with the commit's stamp and the matches per day, for the
        histogram: every day, so no refinement is needed) or, given QUOTE_FACETS, of quotes."""
        people = self._people()
        whole = bool(people.resolved)  # partial keys count for a full one: read person facets whole
        request: dict = {}
        for facet in facets:
            request[facet] = {"type": "terms", "field": facet, "mincount": 1, "refine": True,
                              "limit": -1 if whole and facet in PERSON_FIELDS else facet_limit,
                              "overrequest": max(10, facet_limit)}
        if whole:
            targets: dict[str, list[str]] = {}
            for partial, full in people.resolved.items():
                targets.setdefault(full, []).append(partial)
            for facet in (f for f in PERSON_FIELDS if f in facets):
                for i, (full, partials) in enumerate(sorted(targets.items())):
                    values = " OR ".join(f'"{k}"' for k in (full, *partials))
                    request[f"{facet}__{i}"] = {"type": "query", "q": f"{facet}:({values})"}
        if facets == FACETS:
            request["_stamp"] = STAMP_FACET
            request[DAY] = {"type": "terms", "field": DAY, "mincount": 1, "limit": -1}
        return request

    def _facets(self, answer: dict, facet_limit: int,
                facets: tuple[str, ...] = FACETS) -> dict[str, list[tuple[str, int]]]:
        got = answer.get("facets", {})
        people = self._people()
        out: dict[str, list[tuple[str, int]]] = {}
        for facet in facets:
            counts = {b["val"]: b["count"] for b in got.get(facet, {}).get("buckets", [])}
            if facet in PERSON_FIELDS and people.resolved:
                targets = sorted({full for full in people.resolved.values()})
                for partial in people.resolved:
                    counts.pop(partial, None)
                for i, full in enumerate(targets):
                    n = got.get(f"{facet}__{i}", {}).get("count", 0)
                    if n:
                        counts[full] = n
                    else:
                        counts.pop(full, None)
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            out[facet] = ranked[:facet_limit]
        return out

    def _hit(self, d: dict, terms: dict[str, frozenset[str]], wildcards: dict[str, re.Pattern]) -> Hit:
        content = d.get("content", "")
        lang = d.get("language", "und")
        marked = ""
        for fieldname in (f"body_{profile_for(lang)}", "body_latn") if terms or wildcards else ():
            words, patterns = terms.get(fieldname, frozenset()), wildcards.get(fieldname)
            analyzer = self._indexes[ARTICLES].schema[fieldname].analyzer
            if patterns:  # Whoosh marks the words a wildcard expanded to: find them in this text
                words = words | {t.text for t in analyzer(content, mode="index") if patterns.fullmatch(t.text)}
            if not words:
                continue
            try:
                marked = highlight(content, words, analyzer, ContextFragmenter(maxchars=260, surround=70),
                                   _MarkFormatter(), top=2, scorer=FirstOnTies(), mode="index")
            except Exception:  # noqa: BLE001 - a snippet is a nicety: never fail a search over it
                marked = ""
            if marked:
                break
        if not marked and terms:
            marked = name_snippet(content, terms, lang)  # found by another spelling of a name: mark the one it writes
        plain, marked_html = _snippet_pair(marked) if marked else (_lead(content), html.escape(_lead(content)))
        return Hit(id=d["id"], title=d.get("headline", ""), url=d.get("url", ""), published=d.get("published_iso"),
                   language=lang, source=d.get("source", ""), snippet=plain, snippet_html=marked_html,
                   score=round(float(d.get("score") or 0.0), 4), version=int(d.get("version") or 0))

    def matching_ids(self, text: str, filters: dict[str, str | None] | None = None,
                     sort: str = "relevance", deadline: float | None = None) -> Iterator[str]:
        """Every match in `search`'s order, by cursorMark (deep paging without offsets, EXPORT_BATCH ids at a
        time); the first page is read before this returns, so a bad query raises here. With a `deadline`,
        QueryTooBroad comes while iterating when the pages still go on after that many seconds; without one
        (an export, read as fast as its client downloads) paging goes on to the end."""
        until = time.monotonic() + deadline if deadline is not None else float("inf")
        filters = filters or {}
        order = _order(sort)
        langs = [filters["language"]] if filters.get("language") else None
        try:
            self._now.tables = self._tables or self._read_tables()
            described = sentence(text, langs or self.languages())
            q, _ = self._bounded(ARTICLES, self.parse(text, ARTICLES, langs, any_word=described))
            flt = self._filter(ARTICLES, filters)
            fq = [self._translate[ARTICLES](flt)] if flt is not None else []
            first = self._id_page(q, fq, order, "*")
            if not first["response"]["numFound"] and not described and relaxable(text):
                q = self.parse(text, ARTICLES, langs, any_word=True)
                first = self._id_page(q, fq, order, "*")
        finally:
            self._done()
        return self._following(q, fq, order, first, until)

    def _id_page(self, q: query.Query, fq: list[str], order: str | None, cursor: str) -> dict:
        order = order or _order("relevance", _has_words(q))
        return self._select(ARTICLES, {"query": self._translate[ARTICLES](q), "filter": fq, "limit": EXPORT_BATCH,
                                       "sort": order, "fields": "id", "params": {"cursorMark": cursor}})

    def _following(self, q: query.Query, fq: list[str], order: str | None, answer: dict,
                   until: float) -> Iterator[str]:
        cursor, given = "*", 0
        while True:
            for d in answer["response"]["docs"]:
                yield d["id"]
            given += len(answer["response"]["docs"])
            following = answer.get("nextCursorMark", cursor)
            # (every match given: no request for the empty page that would say so, a round trip to every shard)
            if following == cursor or not answer["response"]["docs"] or given >= answer["response"]["numFound"]:
                return
            if time.monotonic() > until:
                raise too_broad()
            cursor = following
            answer = self._id_page(q, fq, order, cursor)

    def suggest(self, text: str) -> str | None:
        """As the Whoosh engine: each word the `spell` lexicon lacks becomes the most frequent word within 1 edit
        (2 from six letters on) that starts with the same letter."""
        lexicons: dict[str, dict[str, int]] = {}
        changed = False

        def fix(match: re.Match) -> str:
            nonlocal changed
            word = match.group(0)
            low = word.lower()
            if word in OPERATORS:
                return word
            lexicon = lexicons.get(low[0])
            if lexicon is None:
                lexicon = lexicons[low[0]] = self._lexicon(low[0])
            if lexicon.get(low, 0) > 0:
                return word
            maxdist = 1 if len(low) < 6 else 2
            within = levenshtein_automaton(low, maxdist, prefix=1).to_dfa()  # what Whoosh's corrector walks
            found = [sug for sug in lexicon if sug != low and within.accept(sug)]
            if not found:
                return word
            changed = True
            return max(found, key=lambda s: (0 - (maxdist + (1.0 / (lexicon[s] or 1) * 0.5)), s))

        fixed = _QUERY_WORD.sub(fix, text)
        return fixed if changed else None

    def _lexicon(self, prefix: str) -> dict[str, int]:
        """Words of the spell field starting with `prefix` -> how often they occur (Whoosh's term frequency)."""
        answer = self.client.get(f"{self._collections[ARTICLES]}/terms", {
            "terms.fl": "spell", "terms.prefix": prefix, "terms.limit": -1, "terms.ttf": "true",
            "terms.sort": "index", "terms.mincount": 1})
        raw = answer.get("terms", {}).get("spell", [])
        out: dict[str, int] = {}
        if isinstance(raw, dict):
            raw = [x for kv in raw.items() for x in kv]
        for word, info in zip(raw[::2], raw[1::2], strict=False):
            out[word] = int(info.get("ttf", info.get("df", 1))) if isinstance(info, dict) else int(info)
        return out

    # -- quotes ----------------------------------------------------------------------------------------------
    def search_quotes(self, text: str | None = None, speaker: str | None = None, limit: int = 20, page: int = 1,
                      include_fragments: bool = True, filters: dict[str, str | None] | None = None,
                      sort: str = "relevance", facet_limit: int = 10) -> QuoteResult:
        try:
            has_text = bool(text and text.strip())
            order = _order(sort, has_text)
            q, cut = self._bounded(QUOTES, self.parse(text, QUOTES)) if has_text else (query.Every(), [])
            flt = self._filter(QUOTES, {**(filters or {}), "speaker": speaker})
            fq = [self._translate[QUOTES](flt)] if flt is not None else []
            if not include_fragments:
                fq.append('fragment:"false"')
            page, limit = max(1, page), max(1, min(limit, 1000))
            answer = _complete(self._select(QUOTES, {
                "query": self._translate[QUOTES](q), "filter": fq, "offset": (page - 1) * limit, "limit": limit,
                "fields": QUOTE_FIELDS, "sort": order, "params": TIME_ALLOWED,
                **({"facet": self._facet_request(facet_limit, QUOTE_FACETS)} if facet_limit > 0 else {})}))
            facets = self._facets(answer, facet_limit, QUOTE_FACETS) if facet_limit > 0 else {
                f: [] for f in QUOTE_FACETS}
        finally:
            self._done()
        return QuoteResult(total=answer["response"]["numFound"],
                           quotes=[_quote_hit(d) for d in answer["response"]["docs"]], cut_short=cut, facets=facets)

    def quote(self, quote_id: str) -> QuoteHit | None:
        answer = self._select(QUOTES, {"query": f"id:{_quoted(quote_id)}", "limit": 1, "fields": QUOTE_FIELDS})
        docs = answer["response"]["docs"]
        return _quote_hit(docs[0]) if docs else None

    def quote_candidates(self, text: str, language: str, limit: int = 50) -> list[QuoteHit]:
        from indexer.index.provenance import candidate_query

        terms = candidate_query(text)
        if not terms:
            return []
        try:
            q = self.parse(terms, QUOTES, [language], any_word=True)
        finally:
            self._done()
        answer = self._select(QUOTES, {"query": self._translate[QUOTES](q), "filter": [f"language:{_quoted(language)}"],
                                       "limit": limit, "fields": QUOTE_FIELDS, "sort": "score desc, id asc"})
        return [_quote_hit(d) for d in answer["response"]["docs"]]


_WILD = (query.Prefix, query.Wildcard)
TIME_ALLOWED = {"timeAllowed": int(SEARCH_DEADLINE * 1000)}  # Solr's own deadline of a search, in ms


def _complete(answer: dict) -> dict:
    """A search's answer, or QueryTooBroad when Solr stopped it at timeAllowed (its results would be partial)."""
    if answer.get("responseHeader", {}).get("partialResults"):
        raise too_broad()
    return answer


def _order(sort: str, has_words: bool | None = None) -> str | None:
    """Solr's sort for a search, the Whoosh engine's (`_date_order`) with ties by id: None for relevance until it is
    known whether the query has words to rank by. Both date keys are read ascending (`dates`)."""
    by_date = _date_order(sort, has_words is not False)
    if by_date is not None:
        return f"{by_date.fieldname} asc, id asc"
    return None if has_words is None else "score desc, id asc"


def _recorded(stream, written: dict[str, int | None]):
    """The stream, noting each article's version as it passes (None: deleted)."""
    for article_id, version, annotated in stream:
        written[article_id] = version if annotated is not None else None
        yield article_id, version, annotated


def _typed(node: query.Query) -> str:
    """A prefix or wildcard as the user typed it (without the field)."""
    text = node.text if isinstance(node.text, str) else node.text.decode("utf-8")
    return f"{text}*" if isinstance(node, query.Prefix) else text


def _any_of(ids: list[str]) -> str:
    """A Solr query clause matching any of `ids`, each quoted."""
    return " OR ".join(_quoted(i) for i in ids)


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _quote_hit(d: dict) -> QuoteHit:
    return QuoteHit(id=d["id"], text=d.get("quote_text", ""), speaker=d.get("speaker_name") or None,
                    fragment=d.get("fragment") == "true", article_id=d["article_id"], title=d.get("headline", ""),
                    published=d.get("published_iso"), language=d.get("language", "und"), source=d.get("source", ""),
                    speaker_description=d.get("speaker_description") or None)


def _wildcards(q: query.Query) -> dict[str, re.Pattern]:
    """Field -> one pattern for the query's prefixes and wildcards there."""
    found: dict[str, list[str]] = {}
    for leaf in q.leaves():
        if isinstance(leaf, (query.Prefix, query.Wildcard)):
            text = leaf.text if isinstance(leaf.text, str) else leaf.text.decode("utf-8")
            pattern = re.escape(text) + ".*" if isinstance(leaf, query.Prefix) else "".join(
                ".*" if c == "*" else "." if c == "?" else re.escape(c) for c in text)
            found.setdefault(leaf.fieldname, []).append(pattern)
    return {f: re.compile("|".join(f"(?:{p})" for p in ps), re.S) for f, ps in found.items()}
