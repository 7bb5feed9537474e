"""The `newsarchive` command: annotate, ingest, crawl, search, quotes, entity, stories, stats, check, reindex,
export, user, serve."""

from __future__ import annotations

import argparse
import json
import logging
import os
import shlex
import shutil
import signal
import sys
from pathlib import Path

from indexer import __version__, credentials, logs
from indexer.archive import INDEX_ENV, Archive, NoArchive, default_data_dir
from indexer.index.dates import own_day
from indexer.index.engine import EngineRefused, EngineUnavailable, IndexBusy
from indexer.models import InputError
from indexer.sources.origins import as_given
from indexer.store_db import STORE_ENV, StoreError

BUNDLED_CORPUS = Path(__file__).parent / "corpus"  # package data (in a checkout, a link to the repository's corpus/)


def bundled_corpus() -> Path:
    """The sample articles `serve --demo` starts from; $NEWSARCHIVE_CORPUS points it at another folder of pages."""
    return Path(os.environ.get("NEWSARCHIVE_CORPUS") or BUNDLED_CORPUS).resolve()

EPILOG = """examples:
  newsarchive ingest corpus/                 add every page under corpus/ to ./newsarchive-data
  newsarchive search 'Kramatorsk AND title:station'
  newsarchive search --json 'person:"Volodymyr Zelensky" language:en'
  newsarchive quotes --speaker "Dmitry Peskov"
  newsarchive serve                          web app on http://127.0.0.1:5000
  newsarchive serve --demo                   the same, first filling an empty archive with the sample articles

The archive lives in the folder given by --data, else $NEWSARCHIVE_DATA, else ./newsarchive-data."""

QUERY_HELP = """Whoosh query syntax: words (all must match), "exact phrase", "words near"~3 (in order, 3 apart at
most), AND / OR / NOT, (groups), wildcards kyi*, fields title: text: person: place: organization: speaker:
language: source: year: url:, and date ranges such as published:[2026-03-01 to 2026-04-30].
Newsroom operators: Kyiv w/5 train or Kyiv near/5 train (at most 5 words apart, either order), Kyiv pre/3 Warsaw
(Warsaw at most 3 words after Kyiv), atleast3(drought) (the word 3 times or more in the body); N is 1 to 50."""


def _data_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", metavar="DIR", type=Path, default=None,
                   help="archive folder (default: $NEWSARCHIVE_DATA, else ./newsarchive-data)")
    p.add_argument("--index", metavar="URL", default=None,
                   help="search index: solr://USER@HOST:PORT[,HOST:PORT...]/COLLECTION for a SolrCloud (solrs:// "
                        "for HTTPS), its password in the file $NEWSARCHIVE_INDEX_PASSWORD_FILE names (default: "
                        "$NEWSARCHIVE_INDEX, else the index in the archive folder)")
    p.add_argument("--store", metavar="URL", default=None,
                   help="the store: postgresql://USER@HOST:PORT/DATABASE for a PostgreSQL database, its password "
                        "in the file $NEWSARCHIVE_STORE_PASSWORD_FILE names (default: $NEWSARCHIVE_STORE, else "
                        "archive.sqlite3 in the archive folder)")


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def _progress(total_label: str, unit: str = "page"):
    """A tqdm bar on a terminal, nothing when output is piped or logs are JSON (so logs and JSON stay clean)."""
    from tqdm import tqdm

    bar = tqdm(total=0, unit=unit, unit_scale=unit == "B", desc=total_label, disable=True if logs.in_json() else None,
               file=sys.stderr, leave=False)

    def on_total(n: int) -> None:
        """Add n to the work expected (ingest learns the size of downloaded pages as it goes)."""
        bar.total = (bar.total or 0) + n
        bar.refresh()

    return bar, on_total


# -- commands ------------------------------------------------------------------------------------------------
def cmd_annotate(args) -> int:
    from indexer.annotate.stage import process
    from indexer.sources.files import read_file

    failed = 0
    for path in args.paths:
        try:
            record = process(read_file(path)).to_json(path)
        except InputError as exc:
            record = {"path": path, "error": str(exc)}
        except RecursionError:
            record = {"path": path, "error": "the page's markup is nested too deeply to read"}
        except Exception as exc:  # one bad file must not stop the batch
            record = {"path": path, "error": f"could not be processed ({type(exc).__name__}: {exc})"}
        if "error" in record:
            failed += 1
        if args.json:
            _print_json(record)
        elif "error" in record:
            print(f"{path}: error: {record['error']}", file=sys.stderr)
        else:
            _print_annotation(record)
    return 1 if failed else 0


def _print_annotation(r: dict) -> None:
    print(f"== {r['path']}")
    print(f"   {r['title']}")
    print("   " + _joined(r["byline"] or "(no byline)", r["published"] or "(no date)", r["source"], r["language"]))
    for q in r["quotes"]:
        tag = " (fragment)" if q["fragment"] else ""
        print(f"   “{q['text']}” — {_who(q)}{tag}")
    if r["entities"]:
        print("   " + "; ".join(f"{e['name']} [{e['type']}]×{e['mentions']}" for e in r["entities"]))


def _who(quote: dict) -> str:
    """The speaker as text output shows it: the name, or how the article describes an unnamed source."""
    if quote.get("speaker"):
        return quote["speaker"]
    return f"{quote['speaker_description']} (not named)" if quote.get("speaker_description") else "unattributed"


def cmd_ingest(args) -> int:
    from indexer.ingest.pipeline import ingest
    from indexer.sources.fetch import Limits

    logs.configure(args.log_format, args.log_level)
    if args.queue:
        return _enqueue(args)
    with Archive(args.data) as archive:
        bar, on_total = _progress("ingesting", unit="B")
        try:
            report = ingest(archive, args.paths, progress=bar.update, on_total=on_total,
                            limits=Limits(delay=args.delay, allow_private=args.allow_private),
                            follow_links=args.follow_links)
        finally:
            bar.close()
        _print_ingest_report(report, archive, args.json)
    return _ingest_status(report)


def _enqueue(args) -> int:
    """`ingest --queue`: the pages go into the store's queue for `newsarchive worker`; the job id is the last line."""
    import getpass

    from indexer.ingest.enqueue import enqueue

    with _open_store(args.data, create=True) as store:
        bar, _ = _progress("queueing")
        try:
            queued = enqueue(store, getpass.getuser(), args.paths, progress=bar.update, follow_links=args.follow_links)
        finally:
            bar.close()
        report = queued
        print(f"job {queued.job_id}: {_count(queued.queued, 'page')} queued for `newsarchive worker`, "
              f"{queued.settled} settled at once (stored before, or unreadable)", file=sys.stderr)
        _print_named("unchanged", report.unchanged, sys.stderr)
        _print_named("failed", [f"{as_given(p)}: {e}" for p, e in report.failed], sys.stderr)
        _print_named("passed over (neither a page nor a WARC file)", [as_given(p) for p in report.skipped], sys.stderr)
        for line in report.passed_over:
            print(f"  passed over: {line}", file=sys.stderr)
        print(f"  follow it with `newsarchive jobs{_store_hint(args)}`; `newsarchive worker` processes do the work",
              file=sys.stderr)
        if args.json:
            _print_json({"job": queued.job_id, "queued": queued.queued, "settled": queued.settled,
                         "unchanged_paths": report.unchanged,
                         "failed": [{"path": as_given(p), "error": e} for p, e in report.failed],
                         "skipped": [as_given(p) for p in report.skipped], "passed_over": report.passed_over})
        print(queued.job_id)
    return 0


def _store_hint(args) -> str:
    return f" --data {shlex.quote(str(args.data))}" if args.data and not credentials.url(args.store, STORE_ENV) else ""


def _open_store(data: Path | None, create: bool):
    """The store alone (no index): for the commands that only read or fill the jobs and the queue."""
    from indexer.archive import store_target
    from indexer.store import Store

    return Store(store_target(Path(data) if data else default_data_dir(), credentials.url(None, STORE_ENV), create))


def cmd_worker(args) -> int:
    from indexer import metrics
    from indexer.ingest.worker import Worker
    from indexer.sources.fetch import Limits

    logs.configure(args.log_format, args.log_level)
    log = logging.getLogger("newsarchive.worker")
    if args.lease < 5:
        return _fail("--lease must be at least 5 seconds (a heartbeat renews it every third of it)", False)
    with Archive(args.data) as archive:
        worker = Worker(archive, Limits(delay=args.delay, allow_private=args.allow_private), lease=args.lease,
                        until_idle=args.exit_when_idle)
        if args.metrics_port is not None:
            try:
                metrics.serve_on_port(args.metrics_port, args.metrics_host)
            except OSError as exc:
                raise InputError(f"cannot serve the worker's metrics on {args.metrics_host} port {args.metrics_port} "
                                 f"({exc.strerror or exc}): choose another --metrics-port (one per worker on a "
                                 "machine)") from None
            log.info("worker %s: metrics at http://%s:%d/metrics", worker.name, args.metrics_host, args.metrics_port,
                     extra={"event": "metrics"})
        index = archive.index_key or archive.root
        log.info("worker %s: taking queued pages from %s for %s; stop it with Ctrl-C or SIGTERM (it finishes its "
                 "page first)", worker.name, archive.store.name, index, extra={"event": "worker_started"})
        timing = worker.run()
        done = ", ".join(f"{n} {outcome}" for outcome, n in worker.outcomes.most_common()) or "nothing"
        log.info("worker %s stopped: %s; %s", worker.name, done, timing.line(), extra={"event": "worker_stopped"})
    return 0


def cmd_jobs(args) -> int:
    from indexer.jobs import Jobs

    with _open_store(args.data, create=False) as store:
        jobs = Jobs(store).recent(args.limit)
        if args.json:
            _print_json({"jobs": [j.as_dict() for j in jobs]})
            return 0
        if not jobs:
            print("no jobs yet: `newsarchive ingest --queue PATH…` queues one, uploads on the web start one")
        for j in jobs:
            line = f"{j.id:>6}  {j.status:<10} {j.done}/{j.total} {j.unit}  {j.created_at}  {j.user}"
            if j.finished_at:
                line += f"  finished {j.finished_at}"
            print(line + (f"  error: {j.error}" if j.error else ""))
            if j.workers or j.in_hand:
                eta = f"; about {_duration(j.eta_seconds)} left" if j.eta_seconds is not None else ""
                print(f"        {j.processed} processed ({j.stored} stored, waiting to be indexed), {j.in_hand} in "
                      f"workers' hands{eta}")
            for w in j.workers:
                state = "" if w["holding"] or not w["in_hand"] else " (its lease ran out: stopped?)"
                print(f"        worker {w['worker']}: {w['done']} done, {w['stored']} stored, {w['in_hand']} in "
                      f"hand{state}")
    return 0


def _duration(seconds: int) -> str:
    return f"{seconds} s" if seconds < 120 else f"{seconds // 60} min" if seconds < 7200 else f"{seconds / 3600:.1f} h"


def _ingest_status(report) -> int:
    """0 all stored and indexed, 1 some inputs failed, 3 stored but the index could not be written."""
    return 3 if report.unindexed else 1 if report.failed else 0


def cmd_crawl(args) -> int:
    from indexer.ingest.crawl import crawl
    from indexer.sources.fetch import Limits

    logs.configure(args.log_format, args.log_level)
    with Archive(args.data) as archive:
        bar, on_total = _progress("crawling")
        try:
            report = crawl(archive, args.urls, limits=Limits(delay=args.delay, allow_private=args.allow_private),
                           max_pages=args.max_pages, max_depth=args.max_depth, progress=bar.update,
                           on_total=on_total)
        finally:
            bar.close()
        _print_ingest_report(report, archive, args.json)
    return _ingest_status(report)


def _print_ingest_report(report, archive: Archive, as_json: bool) -> None:
    from indexer.clean.page_kind import NAMES

    summary = report.as_dict()
    if as_json:
        _print_json(summary)
        return
    print(f"added {len(report.added)}, updated {len(report.updated)}, unchanged {len(report.unchanged)}, "
          f"failed {len(report.failed)}  →  {_count(archive.store.stats()['articles'], 'article')} in {archive.root}")
    for outcome in ("added", "updated", "unchanged"):
        _print_named(outcome, summary[f"{outcome}_paths"])
    _print_named("failed", [f"{f['path']}: {f['error']}" for f in summary["failed"]])
    _print_named("passed over (neither a page nor a WARC file)", summary["skipped"])
    for line in report.passed_over:
        print(f"  {line}")
    for kind in summary["not_articles_by_kind"]:
        _print_named(f"passed over ({NAMES.get(kind, (kind,))[0]})",
                     [n["path"] for n in summary["not_articles"] if n["kind"] == kind])
    if report.unindexed:
        same = " with the same --index (or $NEWSARCHIVE_INDEX)" if archive.index_url else ""
        print(f"newsarchive: the pages are stored, but the index could not be written ({report.unindexed}). They "
              f"are not searchable yet: once the index is back, run `newsarchive check --repair --data "
              f"{archive.root}`{same}.", file=sys.stderr)


SEARCH_OPTIONS = ("language", "source", "person", "place", "organization", "speaker")
DATE_HELP = ("published on or %s this day of the article's own calendar (YYYY-MM-DD; or a month YYYY-MM, a year "
             "YYYY)")


def _search_filters(args) -> dict[str, str | None]:
    return {f: getattr(args, f) for f in SEARCH_OPTIONS} | {"from": args.date_from, "to": args.date_to}


def cmd_search(args) -> int:
    from search_app.service import QueryError, SearchService

    if args.export:
        return _export_search(args)
    with Archive(args.data, create=False) as archive:
        try:
            result = SearchService(archive).search(
                args.query, filters=_search_filters(args),
                limit=args.limit, page=args.page, sort=args.sort, collapse=args.collapse)
        except QueryError as exc:
            return _fail(str(exc), args.json)
    if args.json:
        _print_json(result)
        return 0
    total = result["total"]
    print(f"{_count(total, 'story' if args.collapse else 'article')} {'matches' if total == 1 else 'match'} "
          f"{args.query!r}")
    if result.get("relaxed"):
        print("no article has all of these words: showing those with the most of them")
    if result.get("sentence"):
        print("read as a sentence: articles with the most of its words first (a shorter query requires every word)")
    if result.get("did_you_mean"):
        print(f"did you mean: {result['did_you_mean']}")
    for i, hit in enumerate(result["hits"], start=1 + (args.page - 1) * args.limit):
        date = own_day(hit["published"]) or "undated"
        folded = f" · and {_count(hit['folded'], 'copy')} in these results" if hit.get("folded") else ""
        print(f"\n{i:>3}. {hit['title']}\n     " + _joined(hit["source"], date, hit["language"], f"id {hit['id']}")
              + folded)
        print(f"     {hit['snippet']}")
    for facet, values in result["facets"].items():
        if values:
            print("\n" + _wrapped(f"{facet}: ", [f"{v['value']} ({v['count']})" for v in values]))
    return 0


def _export_search(args) -> int:
    """Every matching article as CSV or JSON Lines (the rows of /api/search/export), to stdout or --output, with a
    progress bar on stderr when it is a terminal."""
    from tqdm import tqdm

    from search_app import export
    from search_app.service import QueryError, SearchService

    filters = _search_filters(args)
    with Archive(args.data, create=False) as archive:
        service = SearchService(archive)
        try:
            total = service.search(args.query, filters, limit=1, sort=args.sort)["total"]
            rows = service.export_articles(args.query, filters, sort=args.sort)
        except QueryError as exc:
            return _fail(str(exc), False)
        columns = export.ARTICLE_COLUMNS
        with (open(args.output, "w", encoding="utf-8", newline="") if args.output else _unclosed(sys.stdout)) as out, \
                tqdm(total=total, unit="article", desc="exporting", disable=None, file=sys.stderr,
                     leave=False) as bar:
            for line in export.lines(_ticking(rows, bar), columns, args.export):
                out.write(line)
    if args.output:
        print(f"{_count(total, 'article')} written to {args.output}", file=sys.stderr)
    return 0


def _ticking(rows, bar):
    for row in rows:
        bar.update(1)
        yield row


class _unclosed:
    """stdout in a `with`, left open."""

    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        return self.stream

    def __exit__(self, *exc):
        self.stream.flush()


def cmd_quotes(args) -> int:
    from search_app.service import QueryError, SearchService

    with Archive(args.data, create=False) as archive:
        try:
            result = SearchService(archive).quotes(
                args.query, speaker=args.speaker, limit=args.limit,
                filters={"language": args.language, "source": args.source, "article": args.article,
                         "from": args.date_from, "to": args.date_to}, fragments=not args.no_fragments)
        except QueryError as exc:
            return _fail(str(exc), args.json)
    if args.json:
        _print_json(result)
        return 0
    print(_count(result["total"], "quote"))
    if not result["total"] and args.query and not args.speaker:
        print(f"Looking for what someone said? Give the name as the speaker: newsarchive quotes --speaker "
              f"{shlex.quote(args.query)}")
    for q in result["quotes"]:
        title = f" ({q['title']})" if q["title"] else ""
        print(f"\n“{q['text']}”\n   — " + _joined(_who(q), q["source"],
                                               own_day(q["published"]) or "undated", sep=", ") + title)
    return 0


def cmd_stats(args) -> int:
    with Archive(args.data, create=False) as archive:
        stats = archive.store.stats()
    if args.json:
        _print_json(stats)
        return 0
    print(f"{_count(stats['articles'], 'article')} ({_count(stats['versions'], 'version')}) from "
          f"{_count(stats['pages'], 'page')} ({stats['failed_pages']} failed); {_count(stats['quotes'], 'quote')}; "
          f"{_count(stats['entities'], 'distinct entity')}")
    print(_wrapped("languages: ", [f"{k or 'und'} {v}" for k, v in stats["languages"].items()]))
    print(_wrapped("sources:   ", [f"{k or '(unknown)'} {v}" for k, v in stats["sources"].items()]))
    print(f"store:     {archive.store.name}; index: {_index_name(archive)}")
    return 0


def _index_name(archive: Archive) -> str:
    return archive.index_key or str(archive.root / "index")


def cmd_migrate(args) -> int:
    """Copy an embedded archive into other backends: its store into a PostgreSQL database (--to-store), its search
    index into a SolrCloud (--to-index, from the stored annotations: nothing is re-annotated), or both (the store
    first, then the index from the new store). The source is left as it was, counts are compared after each copy,
    and a stopped or finished migration run again copies only what is still missing."""
    if not (args.to_store or args.to_index):
        return _fail("migrate needs somewhere to copy to: --to-store postgresql://... (the store) and/or "
                     "--to-index solr://... (the search index)", args.json)
    if args.writers < 1 or (args.batch is not None and args.batch < 1):
        return _fail("--writers and --batch must be at least 1", args.json)
    # a target written without its password takes it from $NEWSARCHIVE_STORE_PASSWORD_FILE or
    # $NEWSARCHIVE_INDEX_PASSWORD_FILE (indexer/credentials.py), so that no command line shows it
    args.to_store = args.to_store and credentials.url(args.to_store, STORE_ENV)
    args.to_index = args.to_index and credentials.url(args.to_index, INDEX_ENV)
    report: dict = {}
    ok = True
    out = sys.stderr if args.json else sys.stdout  # with --json, standard output is the JSON alone
    if args.to_store:
        from indexer.store_copy import copy_store
        from indexer.store_db import redact

        data = args.data or default_data_dir()
        copied = copy_store(data, args.to_store, progress=lambda line: print(line, file=sys.stderr),
                            batch=args.batch or 500)
        counts = ", ".join(f"{t} {s}" + ("" if s == t_ else f" (target {t_})") for t, (s, t_) in copied.counts.items())
        ok = copied.verified
        print(f"{'verified' if ok else 'MISMATCH'}: store {redact(args.to_store)} holds {counts}; "
              f"copied in this run: {', '.join(f'{n} {t}' for t, n in copied.copied.items() if n) or 'nothing new'}"
              + {"carried": "; web sign-in key carried over", "kept": "; the target's own web sign-in key kept",
                 "none": ""}[copied.secret], file=out)
        if not ok:
            print("  the target has rows the source does not (written to since the copy?) or lacks some: run the "
                  "migration again, or copy into an empty database", file=sys.stderr)
        report["store"] = {"target": redact(args.to_store), "verified": ok, "copied": copied.copied,
                           "counts": {t: {"source": s, "target": t_} for t, (s, t_) in copied.counts.items()},
                           "secret_key": copied.secret}
    if args.to_index and ok:
        from indexer.migrate import MigrationFailed

        try:
            ok = _migrate_index(args, out, report)
        except MigrationFailed as exc:
            return _fail(str(exc), args.json)
        except EngineUnavailable as exc:
            return _fail(f"{exc} Nothing was copied into the index: start its nodes (or check the address), then "
                         "run the migration again.", args.json)
    if args.json:
        _print_json({"verified": ok, **report})
    return 0 if ok else 1


def _migrate_index(args, out, report: dict) -> bool:
    """The index part of `migrate`: whether the copy is verified (MigrationFailed when writing stopped)."""
    from indexer.migrate import copy_index

    with Archive(args.data, create=False, index=args.to_index, store=args.to_store) as archive:
        total = len(archive.store.article_ids())
        todo = archive.store.pending_count(archive.index_key)
        print(f"migrating {archive.store.name if args.to_store else archive.root} to {archive.index_key}: "
              f"{todo} of {_count(total, 'article')} to copy", file=sys.stderr)
        done = 0

        def progress(n: int) -> None:
            nonlocal done
            done += n
            print(f"  {done}/{todo} articles copied", file=sys.stderr)

        copy_index(archive, batch=args.batch or 1000, writers=args.writers, progress=progress)
        drift = archive.drift()
        stats = archive.engine.stats()
        quotes = archive.store.stats()["quotes"]
        ok = drift.clean and stats.articles == total and stats.quotes == quotes
        print(f"{'verified' if ok else 'MISMATCH'}: {stats.articles} of {total} articles and {stats.quotes} of "
              f"{quotes} quotes in {archive.index_key}; {len(drift.missing)} missing, {len(drift.stale)} stale, "
              f"{len(drift.orphaned)} not in the store", file=out)
        if not ok:
            print("  `newsarchive check --repair --index URL` removes what the store does not have and catches "
                  "up", file=sys.stderr)
        report["index"] = {"target": archive.index_key, "verified": ok, "copied": done, "articles": stats.articles,
                           "quotes": stats.quotes, "missing": len(drift.missing), "stale": len(drift.stale),
                           "orphaned": len(drift.orphaned)}
    return ok


def cmd_reindex(args) -> int:
    options = {"configset": args.configset} if args.configset else {}
    if options and not os.environ.get(INDEX_ENV):  # before any work: --reannotate takes long
        return _fail("--configset names a SolrCloud configset: give a solr:// index with --index (or "
                     "$NEWSARCHIVE_INDEX)", False)
    with Archive(args.data, create=False) as archive:
        if args.reannotate:
            from indexer.ingest.pipeline import reannotate

            bar, on_total = _progress("re-annotating")
            on_total(len(archive.store.current_pages()))
            try:
                report = reannotate(archive, progress=bar.update)
            finally:
                bar.close()
            print(f"re-annotated {_count(len(report.updated) + len(report.unchanged), 'article')} from their raw "
                  f"pages ({len(report.updated)} with a changed story became new versions); "
                  f"{len(report.failed)} failed")
            _print_named("failed", [f"{as_given(origin)}: {reason}" for origin, reason in report.failed])
        n = archive.rebuild_index(**options)
        print(f"rebuilt the index from the store: {_count(n, 'article')} indexed in {archive.root}")
    return 0


def cmd_check(args) -> int:
    from indexer.annotate.release import annotator

    with Archive(args.data, create=False) as archive:
        drift = archive.drift()
        failures = archive.store.failures()
        old_keys = _old_person_keys(archive)
        behind = archive.store.behind(annotator())
        warnings = archive.engine.stats().warnings
        if args.json:
            _print_json({"missing": drift.missing, "stale": drift.stale, "orphaned": drift.orphaned,
                         "failed_pages": len(failures), "clean": drift.clean, "old_entity_keys": old_keys,
                         "older_annotations": behind, "annotator": annotator(), "index_warnings": warnings})
        else:
            for warning in warnings:
                print(f"index: {warning}")
            if behind:
                print(f"{_count(behind, 'article')} annotated by an older "
                      "release of newsarchive: `newsarchive reindex --reannotate` reads their stored pages again "
                      "with this one (entities, quotes, language; a changed story becomes a new version)")
            if old_keys:
                print(f"{_count(old_keys, 'person')} keyed by an older annotator (by surname only, so namesakes "
                      "share one facet value): run `newsarchive reindex --reannotate`")
            print(f"store and index: {len(drift.missing)} missing from the index, {len(drift.stale)} stale, "
                  f"{len(drift.orphaned)} in the index but not the store")
            if failures:
                print(f"{_count(len(failures), 'stored page')} could not be processed (their bytes are kept):")
                for origin, error in failures:
                    print(f"  {as_given(origin)}: {error}")
        if drift.clean:
            return 0
        if args.repair:
            n = archive.repair(drift)
            if not args.json:
                print(f"repaired: {_count(n, 'article')} re-indexed, {len(drift.orphaned)} removed from the index")
            return 0
        if not args.json:
            print("run `newsarchive check --repair` to fix the index")
        return 1


def _old_person_keys(archive: Archive, sample: int = 500) -> int:
    """People stored under a key today's annotator would not give them (keys changed with an upgrade)."""
    from indexer.annotate.entities.keys import entity_key

    rows = archive.store.recent_entities("person", sample)
    return sum(1 for name, key in rows if key != entity_key(name, "person"))


def cmd_export(args) -> int:
    from indexer.export import write_jsonl, write_warc

    with Archive(args.data, create=False) as archive:
        if args.format == "jsonl":
            out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
            writer = write_jsonl
        else:
            if not args.output and sys.stdout.isatty():
                return _fail("WARC is binary: give --output FILE.warc or redirect standard output.", False)
            out = open(args.output, "wb") if args.output else sys.stdout.buffer
            writer = write_warc
        try:
            count = writer(archive.store, out)
        finally:
            if args.output:
                out.close()
    what = "articles" if args.format == "jsonl" else "raw pages"
    print(f"exported {count} {what} as {args.format}" + (f" to {args.output}" if args.output else ""),
          file=sys.stderr)
    return 0


def cmd_user(args) -> int:
    from search_app.accounts import AccountError, Accounts

    with Archive(args.data, create=False) as archive:  # a typo in --data must not start a second, empty archive
        accounts = Accounts(archive.store)
        if args.action == "list":
            for user in accounts.all():
                print(f"{user.name}\t{user.role}")
            return 0
        try:
            if args.action == "remove":
                accounts.remove(args.name)
                print(f"removed {args.name!r}; their sessions on the web app have ended")
                return 0
            password = _new_password(args.password_stdin)
            if args.action == "passwd":
                accounts.set_password(args.name, password)
                print(f"new password set for {args.name!r}; sessions signed in with the old one have ended, and the "
                      "waits after wrong passwords for this name are cleared")
                return 0
            user = accounts.add(args.name, password, args.role)
        except AccountError as exc:
            return _fail(str(exc), False)
    print(f"created {user.role} {user.name!r} in {archive.root}; sign in at /archive on the web app")
    return 0


def _new_password(from_stdin: bool) -> str:
    """From the first line of standard input (scripts), or asked twice on the terminal without echo."""
    if from_stdin or not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    import getpass

    first = getpass.getpass("password (at least 10 characters): ")
    if getpass.getpass("the same password again: ") != first:
        raise InputError("the two passwords differ; nothing was created, run the command again")
    return first


def cmd_serve(args) -> int:
    from indexer import metrics

    logs.configure(args.log_format, args.log_level)
    metrics.share_between_processes()  # before prometheus_client is imported: uploads' processes count here too

    from search_app import create_app
    from search_app.server import make_server, served_at

    log = logging.getLogger("newsarchive.serve")
    cluster = credentials.url(None, STORE_ENV) or credentials.url(None, INDEX_ENV)
    if args.demo and cluster:
        raise InputError("--demo fills only an archive kept in a folder; a cluster's store and index (--store, "
                         "--index, $NEWSARCHIVE_STORE, $NEWSARCHIVE_INDEX) never get the made-up sample articles. "
                         "Leave out --demo, and add real pages with `newsarchive ingest`.")
    data = args.data or default_data_dir()
    base = args.base_url or os.environ.get("NEWSARCHIVE_BASE_URL") or None
    token = args.metrics_token or credentials.secret(METRICS_TOKEN_ENV)
    app = create_app(data, BASE_URL=base, BEHIND_PROXY=args.behind_proxy, METRICS_TOKEN=token)
    server = make_server(app, args.host, args.port, args.threads)  # the port first: a taken one stops us here
    if not base and not args.behind_proxy:
        app.config["BASE_URL"] = served_at(args.host, server.effective_port)
    _start_archive(data, args.demo)
    links = "as the proxy forwards them" if app.config.get("BASE_URL") is None else f"at {app.config['BASE_URL']}"
    log.info("newsarchive: serving %s on http://%s:%s with %d threads; links point %s", Path(data).resolve(),
             args.host, server.effective_port, args.threads, links,
             extra={"event": "serving", "port": server.effective_port})
    # SIGTERM (systemd, docker stop) ends the process as Ctrl-C does: its metrics folder is removed on the way out
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server.run()
    return 0


METRICS_TOKEN_ENV = "NEWSARCHIVE_METRICS_TOKEN"


def _start_archive(data: Path, demo: bool) -> None:
    """With `demo`, an empty archive first gets the bundled sample articles; without, an empty one is served empty
    and the user told how to fill it."""
    log = logging.getLogger("newsarchive.serve")
    with Archive(data) as archive:
        if not archive.is_empty():
            if demo:
                log.warning("newsarchive: the archive in %s is not empty: --demo adds nothing to it.", archive.root)
            return
        if not demo:
            log.warning("newsarchive: the archive in %s is empty: add pages with `newsarchive ingest PATH` or in the "
                        "archive area (/archive), or start with --demo for the bundled sample articles.",
                        archive.root, extra={"event": "empty_archive"})
            return
        corpus = bundled_corpus()
        if not corpus.is_dir():
            raise InputError(f"the bundled sample articles are not at {corpus} (an incomplete installation?); "
                             "reinstall newsarchive, or serve without --demo and add pages with `newsarchive ingest`.")
        from indexer.ingest.pipeline import ingest

        log.warning("newsarchive: the archive in %s is empty: adding the bundled sample articles (%s) …",
                    archive.root, corpus)
        bar, on_total = _progress("bundled corpus", unit="B")
        report = ingest(archive, [str(corpus)], progress=bar.update, on_total=on_total)
        bar.close()
        _print_ingest_report(report, archive, False)


NAMED = 20  # inputs named per line of a summary; --json names them all


def _print_named(label: str, names: list[str], out=None) -> None:
    """`  label: name` for each of the first NAMED names, then how many more there are."""
    for name in names[:NAMED]:
        print(f"  {label}: {name}", file=out)
    if len(names) > NAMED:
        print(f"  …and {len(names) - NAMED} more {label} (--json names them all)", file=out)


def _joined(*parts: str, sep: str = " · ") -> str:
    """The parts that are there, between separators: no empty field between two dots when a date is missing."""
    return sep.join(str(p) for p in parts if p)


def _wrapped(label: str, items: list[str]) -> str:
    """`label` and the items, comma-separated, wrapped between items to the terminal's width (80 when it is not a
    terminal), each further line indented under the first item."""
    width = max(40, shutil.get_terminal_size().columns)
    indent = " " * len(label)
    lines = [label]
    for i, item in enumerate(items):
        piece = item + ("," if i + 1 < len(items) else "")
        fresh = lines[-1] in (label, indent)
        if not fresh and len(lines[-1]) + 1 + len(piece) > width:
            lines.append(indent + piece)
        else:
            lines[-1] += ("" if fresh else " ") + piece
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {least} or more, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"must be between 0 and 3600 seconds, got {text}")
    return value


def _positive(text: str) -> int:
    return _whole(text, 1)


def _port(text: str) -> int:
    value = _whole(text, 0)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def _base_url(text: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(f"expected an http:// or https:// address such as "
                                         f"https://archive.example.org, got {text!r}")
    return text.strip().rstrip("/")


def _not_negative(text: str) -> int:
    return _whole(text, 0)


def _fail(message: str, as_json: bool) -> int:
    if as_json:
        _print_json({"error": message})
    print(f"newsarchive: {message}", file=sys.stderr)
    return 2


# -- argument parsing ----------------------------------------------------------------------------------------
def _fetch_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--delay", type=_seconds, default=1.0, metavar="SECONDS",
                   help="pause after each answer from a host before asking it again (default 1; a robots.txt "
                        "Crawl-delay wins when longer)")
    p.add_argument("--allow-private", action="store_true",
                   help="also fetch from loopback, private and link-local addresses (an intranet, a test server); "
                        "refused by default so a URL cannot make newsarchive reach internal services")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="newsarchive", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="A multilingual news archive: ingest news pages, then search them with facets on people, "
                    "places, organisations, quote speakers, language, source and year.")
    parser.add_argument("--version", action="version", version=f"newsarchive {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("annotate", help="clean and annotate pages without storing them",
                       description="Clean and annotate HTML files (.html, .htm, .html.gz) without storing anything: "
                                   "title, byline, date, source, language, text, quotes with speakers, entities.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="HTML files")
    p.add_argument("--json", action="store_true", help="one JSON object per input, one per line, in input order")
    p.set_defaults(func=cmd_annotate)

    p = sub.add_parser("ingest", help="add pages to the archive (files, folders, WARC files)",
                       description="Store, clean, annotate and index pages. Folders are read recursively for "
                                   ".html, .htm, .html.gz and WARC (.warc, .warc.gz, .arc, .arc.gz) files (regular "
                                   "files only; links that lead out of a folder only with --follow-links); from a "
                                   "WARC file every archived HTML page is taken with its URL and capture date, and "
                                   "the other records (requests, images, redirects, errors) are counted in the "
                                   "summary. A URL is fetched politely: public addresses only, robots.txt obeyed, "
                                   "a pause between requests to one host, at most 20 MiB and 60 s a page. Ingesting "
                                   "the same page again adds nothing; a changed page with the same canonical URL "
                                   "becomes a new version.")
    _data_arg(p)
    p.add_argument("paths", nargs="+", metavar="PATH|DIR|URL", help="HTML or WARC files, folders, or page URLs")
    p.add_argument("--follow-links", action="store_true",
                   help="in folders, also read what links (symlinks) that lead out of the folder point to; by default "
                        "they are named in the summary and not followed, so a link cannot slip another file of the "
                        "machine into the archive. Devices, pipes and sockets are never read")
    _fetch_args(p)
    p.add_argument("--queue", action="store_true",
                   help="do not process here: put one item per page into the store's queue (the bytes of files "
                        "and WARC captures in the store, URLs to be fetched) for `newsarchive worker` processes, "
                        "print the job id as the last line and return")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    logs.add_options(p, "warning")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("worker", help="take queued pages and ingest them, until stopped",
                       description="One worker process: takes pages queued by `ingest --queue` (or by uploads on "
                                   "the web with a PostgreSQL store), fetches, cleans, annotates, stores and "
                                   "indexes them. Run one per core, on any machine that reaches the store and the "
                                   "index; a page a worker was killed on is taken again by another once its lease "
                                   "expires. SIGTERM or Ctrl-C: it finishes its page, indexes what it holds, stops.")
    _data_arg(p)
    _fetch_args(p)
    p.add_argument("--lease", type=float, default=30.0, metavar="SECONDS",
                   help="how long a taken page stays this worker's without a heartbeat (default 30)")
    p.add_argument("--exit-when-idle", action="store_true", help="stop once the queue is empty")
    p.add_argument("--metrics-port", type=_port, default=None, metavar="PORT",
                   help="serve this worker's own metrics (pages by outcome, store and index errors and retries) "
                        "for Prometheus at http://HOST:PORT/metrics; the queue, the workers alive and the jobs' "
                        "progress are in the web app's /metrics, read from the store")
    p.add_argument("--metrics-host", default="127.0.0.1", metavar="HOST",
                   help="address the metrics listen on (default 127.0.0.1; 0.0.0.0 for a Prometheus elsewhere)")
    logs.add_options(p)
    p.set_defaults(func=cmd_worker)

    p = sub.add_parser("jobs", help="list ingest jobs with their status and progress",
                       description="The archive's ingest jobs, newest first: queued work (progress in pages) and "
                                   "uploads run by the web server (progress in bytes). While queued work runs: "
                                   "the pages processed (done moves when a batch of pages is indexed, processed "
                                   "page by page), those in workers' hands, each worker's part and the time left "
                                   "at the pace so far.")
    _data_arg(p)
    p.add_argument("--limit", type=_positive, default=50, metavar="N", help="the newest N jobs (default 50)")
    p.add_argument("--json", action="store_true",
                   help='print {"jobs": [...]} as JSON; a running queued job adds in_hand, stored, workers '
                        '[{worker, done, stored, in_hand, holding}] and eta_seconds')
    p.set_defaults(func=cmd_jobs)

    p = sub.add_parser("crawl", help="fetch and ingest pages politely from start pages, feeds or sitemaps",
                       description="Crawl from start URLs — article or section pages, RSS/Atom feeds, XML sitemaps "
                                   "(gzip too) — breadth first, and ingest every HTML page reached. Links in pages "
                                   "are followed on the start sites only; what a feed or sitemap lists is fetched "
                                   "wherever it is. Depth counts links followed from pages (a feed's articles are at "
                                   "the feed's depth). Public addresses only, robots.txt obeyed, a pause between "
                                   "requests to one host.")
    _data_arg(p)
    p.add_argument("urls", nargs="+", metavar="URL", help="start pages, feeds or sitemaps")
    p.add_argument("--max-pages", type=_positive, default=100, metavar="N",
                   help="stop after N HTML pages (default 100)")
    p.add_argument("--max-depth", type=_not_negative, default=2, metavar="D",
                   help="follow links at most D steps from a start page (default 2; 0: the start pages and what "
                        "start feeds and sitemaps list)")
    _fetch_args(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    logs.add_options(p, "warning")
    p.set_defaults(func=cmd_crawl)

    p = sub.add_parser("search", help="full-text search with facets", description="Search the archive. " + QUERY_HELP
                       + "\n\nHits and exports carry a permalink (the article's page at its version) and a one-line "
                       "citation; their address is $NEWSARCHIVE_BASE_URL, where the archive is served (default "
                       "http://127.0.0.1:5000).",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    _data_arg(p)
    p.add_argument("query", metavar="QUERY", help="the query ('*' for every article)")
    p.add_argument("--json", action="store_true", help="print hits and facets as JSON (with permalink and citation)")
    p.add_argument("--export", choices=("csv", "jsonl"),
                   help="write every matching article (no page limit) as CSV (UTF-8 with a byte order mark, for "
                        "Excel) or JSON Lines: id, title, source, author, published, language, url, version, "
                        "permalink, citation, people, places, organizations, speakers")
    p.add_argument("--output", metavar="FILE", help="with --export: write to FILE instead of standard output")
    p.add_argument("--limit", type=_positive, default=10, metavar="N", help="hits per page (default 10)")
    p.add_argument("--page", type=_positive, default=1, metavar="N", help="page of hits (default 1)")
    p.add_argument("--sort", choices=("relevance", "newest", "oldest"), default="relevance",
                   help="order of the hits: relevance (the default; newest first when the query has no words), "
                        "newest or oldest first")
    p.add_argument("--collapse", action="store_true",
                   help="one hit per wire story: its copies run by other outlets are folded into the earliest "
                        "matching article (totals and pages then count stories)")
    for f in ("language", "source", "person", "place", "organization", "speaker"):
        p.add_argument(f"--{f}", metavar="VALUE", help=f"only articles with this {f}" + (
            " (a surname alone matches everyone of that surname)" if f in ("person", "speaker") else ""))
    p.add_argument("--from", dest="date_from", metavar="DATE", help=DATE_HELP % "after")
    p.add_argument("--to", dest="date_to", metavar="DATE", help=DATE_HELP % "before")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser("quotes", help="search direct quotations",
                       description="List quotations matching words and/or a speaker. Query syntax as for search "
                       "(words, \"phrase\", AND / OR / NOT, wildcards), with the fields text: speaker: language: "
                       "source: article_id: and published:[2026-03-01 to 2026-04-30]. To find what someone said, "
                       "give the name with --speaker: the words of QUERY are searched in the quotations themselves.")
    _data_arg(p)
    p.add_argument("query", nargs="?", metavar="QUERY", help="words in the quote (default: all quotes)")
    p.add_argument("--speaker", metavar="NAME", help="only quotes by this speaker (any spelling of the name)")
    p.add_argument("--language", metavar="CODE", help="only quotes in this language (ISO 639-1, e.g. uk)")
    p.add_argument("--source", metavar="NAME", help="only quotes reported by this outlet")
    p.add_argument("--article", metavar="ID", help="only quotes from this article")
    p.add_argument("--from", dest="date_from", metavar="DATE", help=DATE_HELP % "after")
    p.add_argument("--to", dest="date_to", metavar="DATE", help=DATE_HELP % "before")
    p.add_argument("--no-fragments", action="store_true",
                   help="only full statements: leave out scare quotes, titles and words quoted inside a sentence")
    p.add_argument("--json", action="store_true", help="print the quotes as JSON (with permalink and citation)")
    p.add_argument("--limit", type=_positive, default=20, metavar="N", help="quotes to list (default 20)")
    p.set_defaults(func=cmd_quotes)

    from search_app.explore_cli import add_commands

    add_commands(sub, _data_arg, _positive)  # entity, stories

    p = sub.add_parser("stats", help="archive summary",
                       description="What the archive holds: articles, versions, pages, quotes and entities, the "
                                   "articles per language and per source, and where the store and index are.")
    _data_arg(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_stats)

    p = sub.add_parser("reindex", help="rebuild the search index from the store",
                       description="Rebuild the search index from the store. With --reannotate, first run cleaning "
                                   "and annotation again on every stored raw page (after an upgrade of newsarchive; "
                                   "`newsarchive check` says when entity keys are out of date).")
    _data_arg(p)
    p.add_argument("--reannotate", action="store_true",
                   help="re-extract and re-annotate every article from its raw page first")
    p.add_argument("--configset", metavar="NAME",
                   help="SolrCloud only: build the new collections from this uploaded configset (a schema change; "
                        "the index URL must name an alias, as scripts/cluster creates it)")
    p.set_defaults(func=cmd_reindex)

    p = sub.add_parser("check", help="compare store and index; --repair fixes drift",
                       description="Compare the store (source of truth) with the search index and report articles "
                                   "missing from the index, stale in it, or left over. Exit status 1 on drift.")
    _data_arg(p)
    p.add_argument("--repair", action="store_true", help="re-index what is missing or stale, drop leftovers")
    p.add_argument("--json", action="store_true", help="print the drift, failed pages and older annotations as JSON")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("migrate", help="copy an embedded archive into PostgreSQL (store) and/or SolrCloud (index)",
                       description="--to-store: copy the store of the archive in --data (its archive.sqlite3, every "
                                   "table, ids and raw pages as they are) into a PostgreSQL database. --to-index: index "
                                   "every stored article in that SolrCloud from the stored annotations (with both: "
                                   "from the new store). Counts are compared after each copy. Leaves the source as "
                                   "it was; run it again to resume an interrupted copy (nothing is copied twice).")
    _data_arg(p)
    p.add_argument("--to-store", metavar="URL",
                   help="the target store: postgresql://USER@HOST:PORT/DATABASE (empty, or a copy of this archive "
                        "made before), its password in the file $NEWSARCHIVE_STORE_PASSWORD_FILE names (a command "
                        "line is visible to every user; USER:PASSWORD@ works too)")
    p.add_argument("--to-index", metavar="URL",
                   help="the target index: solr://USER@HOST:PORT[,HOST:PORT...]/COLLECTION (solrs:// for HTTPS), its "
                        "password in the file $NEWSARCHIVE_INDEX_PASSWORD_FILE names")
    p.add_argument("--batch", type=int, default=None,
                   help="rows per transaction into the store (default 500), articles per commit into the index "
                        "(default 1,000)")
    p.add_argument("--writers", type=int, default=2,
                   help="processes building and sending documents (default 2; one per core the Solr nodes leave)")
    p.add_argument("--json", action="store_true", help="print what was copied and the counts as JSON")
    p.set_defaults(func=cmd_migrate)

    p = sub.add_parser("export", help="write the archive out (articles as JSON Lines, raw pages as WARC)",
                       description="jsonl: one line per article with its annotations and versions. warc: every raw "
                                   "page byte for byte as WARC/1.1 resource records, with origin and receipt time.")
    _data_arg(p)
    p.add_argument("--format", choices=("jsonl", "warc"), required=True,
                   help="jsonl: the articles with their annotations and versions; warc: the raw pages")
    p.add_argument("--output", "-o", metavar="FILE", help="file to write (default: standard output)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("user", help="create or list the archivists who may add articles on the web",
                       description="Accounts for the web app's archive area (adding articles, watching ingest "
                                   "jobs). Searching needs no account. The archive's first user is an admin.")
    users = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    u = users.add_parser("add", help="create a user (the first one is an admin)",
                         description="Create a user who can sign in to the archive area at /archive. The password "
                                     "is asked twice on a terminal, or read from standard input.")
    _data_arg(u)
    u.add_argument("name", metavar="NAME", help="user name (letters, digits, . _ @ -)")
    u.add_argument("--role", choices=("admin", "archivist"), default=None,
                   help="default archivist; the archive's first user is always admin")
    u.add_argument("--password-stdin", action="store_true",
                   help="read the password from the first line of standard input instead of asking")
    u.set_defaults(func=cmd_user)
    u = users.add_parser("list", help="list the users and their roles")
    _data_arg(u)
    u.set_defaults(func=cmd_user)
    u = users.add_parser("passwd", help="set a new password (ends the user's sessions)")
    _data_arg(u)
    u.add_argument("name", metavar="NAME", help="the user whose password changes")
    u.add_argument("--password-stdin", action="store_true",
                   help="read the password from the first line of standard input instead of asking")
    u.set_defaults(func=cmd_user)
    u = users.add_parser("remove", help="delete a user (not the last admin)")
    _data_arg(u)
    u.add_argument("name", metavar="NAME", help="the user to delete; their sessions end")
    u.set_defaults(func=cmd_user)

    p = sub.add_parser("serve", help="run the web app", description="Serve the archive's web app: search pages, "
                       "the JSON API and the archive area. An empty archive is served empty unless --demo is given.")
    _data_arg(p)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface)")
    p.add_argument("--port", type=_port, default=5000,
                   help="port to listen on (default 5000; 0 picks a free one, which the start line names)")
    p.add_argument("--demo", action="store_true",
                   help="first fill an empty archive in a folder with the bundled sample articles (45 made-up "
                        "news stories); refused with --store/--index, never done without this option")
    p.add_argument("--base-url", metavar="URL", type=_base_url, default=None,
                   help="the address readers reach the archive at, e.g. https://archive.example.org: permalinks, "
                        "citations and feed links start with it, whatever Host header a request carries (default: "
                        "$NEWSARCHIVE_BASE_URL, else the proxy's address with --behind-proxy, else http://HOST:PORT)")
    p.add_argument("--behind-proxy", action="store_true",
                   help="trust one proxy hop's X-Forwarded-Proto, X-Forwarded-Host and X-Forwarded-For (the scheme "
                        "and address readers used, and their own address for the sign-in throttle); without it these "
                        "headers are ignored. Use it only when every request comes through that proxy")
    p.add_argument("--threads", type=_positive, default=8,
                   help="requests taken at once (default 8); beyond the 3 open archives they wait their turn for one")
    p.add_argument("--metrics-token", metavar="TOKEN", default=None,
                   help="also answer /metrics to other machines that send Authorization: Bearer TOKEN (without it, "
                        "to this machine only). A command line is visible to every user: prefer "
                        f"${METRICS_TOKEN_ENV}_FILE, a file holding the token")
    logs.add_options(p)
    p.set_defaults(func=cmd_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not hasattr(args, "log_format"):  # a command that answers once: its last line says what was down, not a log
        for name in ("newsarchive.outage", "newsarchive.index"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    saved = {name: os.environ.get(name) for name in (INDEX_ENV, STORE_ENV)}
    # --index is $NEWSARCHIVE_INDEX and --store $NEWSARCHIVE_STORE for this command (the web app's and jobs' too)
    for name, value in ((INDEX_ENV, getattr(args, "index", None)), (STORE_ENV, getattr(args, "store", None))):
        if value:
            os.environ[name] = value
    try:
        return args.func(args)
    except (InputError, NotADirectoryError, NoArchive, IndexBusy, EngineUnavailable, EngineRefused,
            StoreError) as exc:
        print(f"newsarchive: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("newsarchive: interrupted; everything stored so far is kept, run the command again to finish.",
              file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


if __name__ == "__main__":
    sys.exit(main())
