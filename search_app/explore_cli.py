"""`newsarchive entity` and `newsarchive stories`: the explorer from the shell (search_app.explore, as the web app
answers /api/entities/<key> and /api/stories)."""

from __future__ import annotations

import argparse
import json
import sys

from indexer.archive import Archive


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def cmd_entity(args) -> int:
    from search_app.explore import Explorer, Moved
    from search_app.service import QueryError

    with Archive(args.data, create=False) as archive:
        explorer = Explorer(archive)
        try:
            candidates = explorer.lookup(args.name, args.type, reader=args.reader, limit=10)["entities"]
        except QueryError as exc:
            print(f"newsarchive entity: {exc}", file=sys.stderr)
            return 2
        chosen = _chosen(explorer, args.name, candidates)
        if chosen is None:
            if args.json:
                _print_json({"candidates": candidates})
            if not candidates:
                print(f"no person, place or organisation in the archive is called {args.name!r}: try another "
                      "spelling, or `newsarchive search` for the words", file=sys.stderr)
                return 1
            if not args.json:
                print(f"{args.name!r} may be any of these; ask again with the key of the one you mean:")
                for c in candidates:
                    print(f"  {c['key']:<40} {c['name']} ({c['type']}, {c['articles']} articles)")
            return 0
        try:
            record = explorer.entity(chosen, reader=args.reader, limit=args.limit)
        except Moved as moved:
            record = explorer.entity(moved.to, reader=args.reader, limit=args.limit)
    if args.json:
        _print_json(record)
        return 0
    _print_entity(record)
    return 0


def _chosen(explorer, name: str, candidates: list[dict]) -> str | None:
    """The entity a name means: a URL key given as it is, else the one candidate that matches it exactly (or the
    only candidate there is)."""
    from search_app.explore import Moved

    try:
        if explorer.resolve(name) is not None:
            return name
    except Moved as moved:
        return moved.to
    exact = [c for c in candidates if c["match"] == "exact"]
    if len(exact) == 1:
        return exact[0]["key"]
    if len(candidates) == 1:
        return candidates[0]["key"]
    return None


def _print_entity(e: dict) -> None:
    print(f"{e['name']} ({e['type']}) · key {e['key']} · {e['articles']['total']} articles")
    if e["names"]:
        print("names:     " + ", ".join(f"{n['name']} ({n['count']})" for n in e["names"][:15]))
    if e["languages"]:
        print("languages: " + ", ".join(f"{lang['code']} {lang['count']}" for lang in e["languages"]))
    if e["sources"]:
        print("sources:   " + ", ".join(f"{s['name']} {s['count']}" for s in e["sources"][:10]))
    if e["related"]:
        print("named with: " + ", ".join(f"{r['name']} ({r['articles']})" for r in e["related"]))
    print("\nlatest articles:")
    for hit in e["articles"]["hits"]:
        print(f"  {(hit['published'] or '')[:10]} {hit['language']} {hit['source']}: {hit['title']}  [{hit['id']}]")
    for label, part in (("said", "quotes_by"), ("said of it", "quotes_about")):
        if e[part]["total"]:
            print(f"\n{label} ({e[part]['total']} quotations):")
            for q in e[part]["hits"][:5]:
                who = "" if part == "quotes_by" else f" — {q['speaker'] or 'unattributed'}"
                first = q["first_reported"]
                print(f"  “{q['text']}”{who} ({q['source']}, {(q['published'] or '')[:10]}; first reported by "
                      f"{first['source']}, {(first['published'] or '')[:10]})")
    if e["stories"]:
        print("\nstories:")
        for s in e["stories"]:
            print(f"  {s['id']}: {s['title']} ({s['articles']} articles in {', '.join(s['languages'])})")


def cmd_stories(args) -> int:
    from search_app.explore import Explorer
    from search_app.service import QueryError

    with Archive(args.data, create=False) as archive:
        try:
            result = Explorer(archive).stories(args.query, args.date_from, args.date_to, args.language,
                                               limit=args.limit, page=args.page)
        except QueryError as exc:
            if args.json:
                _print_json({"error": str(exc)})
            print(f"newsarchive stories: {exc}", file=sys.stderr)
            return 2
    if args.json:
        _print_json(result)
        return 0
    print(f"{result['total']} {'story' if result['total'] == 1 else 'stories'}"
          + (f" with articles matching {args.query!r}" if args.query else ""))
    for s in result["stories"]:
        span = s["first"][:10] if s["first"][:10] == s["last"][:10] else f"{s['first'][:10]} – {s['last'][:10]}"
        print(f"\n{s['id']}  {span}\n  {s['title']}\n  {s['articles']} articles · {', '.join(s['languages'])} · "
              f"{', '.join(s['sources'])}")
    return 0


def add_commands(sub, data_arg, positive) -> None:
    p = sub.add_parser("entity", help="a person's, place's or organisation's profile, from any spelling of the name",
                       description="Everything the archive knows of one person, place or organisation: its names in "
                                   "every script, its articles, what it said and what others said of it, the "
                                   "entities named with it, its stories. NAME may be any spelling, in any script "
                                   "(Breslau, Вроцлав, Wroclaw are Wrocław), or an entity's key; a name several "
                                   "entities answer to lists them with their keys.")
    data_arg(p)
    p.add_argument("name", metavar="NAME", help="a name in any spelling or script, or an entity's key")
    p.add_argument("--type", choices=("person", "place", "organization"), help="only entities of this type")
    p.add_argument("--json", action="store_true",
                   help="print the profile as JSON (as /api/entities/<key>), or {\"candidates\": [...]}")
    p.add_argument("--limit", type=positive, default=10, metavar="N", help="latest articles to list (default 10)")
    p.add_argument("--reader", metavar="CODE", default=None,
                   help="show names as articles in this language write them (ISO 639-1, e.g. de)")
    p.set_defaults(func=cmd_entity)

    p = sub.add_parser("stories", help="stories across outlets and languages, newest first",
                       description="The stories of the archive: the articles of every outlet and language that "
                                   "report one event, newest first. With QUERY, the stories of the articles that "
                                   "the search finds.", formatter_class=argparse.RawDescriptionHelpFormatter)
    data_arg(p)
    p.add_argument("query", nargs="?", metavar="QUERY", help="keep the stories of the articles this search finds")
    p.add_argument("--json", action="store_true", help="print them as JSON (as /api/stories)")
    p.add_argument("--from", dest="date_from", metavar="DATE",
                   help="stories with a report on or after this day of its own calendar (YYYY-MM-DD; or a month "
                        "YYYY-MM, a year YYYY)")
    p.add_argument("--to", dest="date_to", metavar="DATE",
                   help="stories with a report on or before this day of its own calendar (YYYY-MM-DD; or a month "
                        "YYYY-MM, a year YYYY)")
    p.add_argument("--language", metavar="CODE", help="stories with an article in this language (ISO 639-1)")
    p.add_argument("--limit", type=positive, default=20, metavar="N", help="stories to list (default 20)")
    p.add_argument("--page", type=positive, default=1, metavar="N", help="page of stories (default 1)")
    p.set_defaults(func=cmd_stories)
