"""The newsroom's explorer: what the archive knows of each person, place and organisation across articles and
scripts, and the stories that articles in several languages tell together.

The store marks every article it stores or annotates again (`explore_pending`, in `Store._replace_annotations`);
`update.catch_up` then files it, in the store's own transactions, on both stores (SQLite and PostgreSQL):

- `entities`: its entities' spellings, counts per day and the quotations that name them, and a URL key (`slugs`)
  for every entity the archive has ever named, kept so that old links keep working;
- `stories`: the story it belongs to, from its entity keys, dates, translated quotations and wire copies;
- `lookup`: an entity by any spelling the archive or the gazetteer knows, in any script.

The tables are numbered migration 9 of the store (`schema`). Reading them for pages and the API is
`search_app.explore`.
"""
