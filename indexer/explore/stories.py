"""Stories across outlets and languages: the articles that report one event, found from what the archive already
knows of them, without translating anything.

- **Entities.** Entity keys are the same in every script (Wrocław, Breslau, Вроцлаві), so two reports of one event
  in two languages name largely the same people, places and organisations. Each key weighs by how rare it is in the
  archive (ln(1 + N/df): United States, in a third of the articles, weighs little; a minister named twice, much),
  and by how specific the gazetteer says it is (`specificity`): a continent, a country, a region, a city of a
  million, an organisation the news names every day (the EU, the UN, Deutsche Bahn) weigh less than a person, a
  company or a town, before the archive is large enough to count that itself. Sharing only such names is not
  enough: at least one shared key must be specific (a person, another organisation, a smaller place).
- **Dates.** Only stories with an article within WINDOW_DAYS days of the article's own calendar day are candidates.
- **Translated quotations.** The same speaker quoted saying the same thing in two languages (`indexer.index.
  translated`: quotes aligned in order, by length, numbers and names) or in one (`indexer.index.provenance`).
- **Wire copies.** An article whose body is another's text (`indexer.text.shingles`) is in that article's story.

An article is compared with each candidate story's profile: the keys its articles name, a key named by at least
half of them counting in full. The score is the weight they share over the geometric mean of the article's and the
story's weights (1 for an article that names exactly what the story's articles name). The article joins the best
story that scores JOIN or more with at least two shared keys (or a translated quotation, or a wire copy), else it
starts a story of its own. An article filed again (re-annotated) stays in its story while it scores STAY: its story's
address does not change for a small change. Two stories that one article joins are merged when they are alike
themselves (MERGE): the younger's id then leads to the older (`story_heads.merged_into`).

benchmarks/stories.py measures pairwise precision and recall of the membership on pages in eight languages.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

from indexer.explore.facts import Facts

WINDOW_DAYS = 3
JOIN = 0.3
STAY = 0.2
MERGE = 0.3
MIN_SHARED = 2  # keys an article must share with a story to join it on entities alone
COMMON = 400  # a key named by more articles than this within the window says nothing of a story: not looked up
QUOTE_EVIDENCE = 0.3  # what a statement quoted in both adds to the score
DISTINCT = 0.8  # a key at least this specific can tie an article to a story (with another key beside it)
PLACE_KINDS = {"continent": 0.25, "country": 0.4, "region": 0.6}
BIG_CITY = 1_000_000  # people: a city this big is named by many unrelated events
QUOTED_MEMBERS = 20  # articles of a candidate story whose quotations are compared, the nearest in date
FIGURE = "#"  # a figure's key in a story's profile: "#8000"
FIGURE_EVIDENCE = 0.1  # what each figure the article shares with most of a story's articles adds to the score
MAX_FIGURES = 3  # ... counted up to this many


@dataclass
class Candidate:
    story: str
    score: float = 0.0
    shared: int = 0
    wire: bool = False
    quoted: bool = False
    profile: dict[str, int] = field(default_factory=dict)
    figures: dict[str, int] = field(default_factory=dict)
    size: int = 0

    @property
    def joins(self) -> bool:
        return self.wire or (self.score >= JOIN and (self.shared >= MIN_SHARED or self.quoted))


@lru_cache(maxsize=65536)
def specificity(key: str) -> float:
    """How specific an entity is, from the gazetteer alone: 1 for a person, an organisation it does not list and a
    place it does not know (a district, a station); less for a city (0.8; 0.6 from a million people), a region
    (0.6), a country (0.4), a continent (0.25) and an organisation it lists as named bare by the news (0.6)."""
    kind, _, body = key.partition(":")
    if kind == "place":
        from indexer.annotate.entities.gazetteer import place_index

        place = place_index().get(body)
        if place is None:
            return 1.0
        if place.kind in PLACE_KINDS:
            return PLACE_KINDS[place.kind]
        return 0.6 if place.population >= BIG_CITY else 0.8
    if kind == "organization":
        return 0.6 if key in _known_organisations() else 1.0
    return 1.0


@lru_cache(maxsize=1)
def _known_organisations() -> frozenset[str]:
    from indexer.annotate.entities.gazetteer import KNOWN_ORGS
    from indexer.annotate.entities.keys import entity_key

    return frozenset(entity_key(name, "organization") for name in KNOWN_ORGS)


class Weights:
    """Each key's weight: ln(1 + N/df) for N filed articles, df of them naming it, times its `specificity`."""

    def __init__(self, db, total: int):
        self.db, self.total, self.known = db, max(1, total), {}

    def load(self, keys) -> None:
        missing = [k for k in dict.fromkeys(keys) if k not in self.known]
        for start in range(0, len(missing), 400):
            chunk = missing[start:start + 400]
            for r in self.db.execute(f"SELECT key, articles FROM entity_stats WHERE key IN "
                                     f"({','.join('?' * len(chunk))})", chunk):
                self.known[r[0]] = r[1]

    def __call__(self, key: str) -> float:
        df = max(1, self.known.get(key, 1))
        return math.log1p(self.total / df) * specificity(key)


def _core(profile: dict[str, int], size: int) -> dict[str, float]:
    """How much each key of a story's profile counts: in full when at least half its articles name it."""
    return {k: min(1.0, 2.0 * n / max(1, size)) for k, n in profile.items()}


def similarity(mine: dict[str, float], theirs: dict[str, float], weight) -> tuple[float, int]:
    """(score, keys shared) of two profiles ({key: how much it counts}, 1 for an article's own keys)."""
    shared = [k for k in mine if k in theirs]
    if not shared:
        return 0.0, 0
    both = sum(weight(k) * min(mine[k], theirs[k]) for k in shared)
    a = sum(weight(k) * c for k, c in mine.items())
    b = sum(weight(k) * c for k, c in theirs.items())
    held = [k for k in shared if min(mine[k], theirs[k]) >= 0.5]
    if not any(specificity(k) >= DISTINCT for k in held):
        return 0.0, 0  # only countries, capitals and the EU in common: no evidence of one event
    return (both / math.sqrt(a * b) if a and b else 0.0), len(held)


def _window(day: str) -> tuple[str, str]:
    try:
        d = date.fromisoformat(day)
    except ValueError:
        return day, day
    return (d - timedelta(days=WINDOW_DAYS)).isoformat(), (d + timedelta(days=WINDOW_DAYS)).isoformat()


def file(db, facts: Facts, weights: Weights, old: str | None = None) -> str:
    """Put the article into its story: the one it was in (`old`, which it has left: `leave`) if it still fits, else
    the story it fits best, else a new one; the story's id."""
    mine = {k: 1.0 for k in facts.names}
    weights.load(mine)
    candidates = _candidates(db, facts)
    for c in candidates.values():
        c.profile, c.figures = {}, {}
    ids = list(candidates)
    for start in range(0, len(ids), 400):  # (every candidate's size and keys in one statement, not two each)
        chunk = ids[start:start + 400]
        for story, size, key, n in db.execute(
                f"SELECT h.id, h.articles, k.key, k.articles FROM story_heads h LEFT JOIN story_keys k ON k.story=h.id "
                f"WHERE h.id IN ({','.join('?' * len(chunk))}) ORDER BY h.id, k.key", chunk):
            c = candidates[story]
            c.size = size
            if key is not None:
                (c.figures if key.startswith(FIGURE) else c.profile)[key] = n
    weights.load([k for c in candidates.values() for k in c.profile])
    for c in candidates.values():
        c.score, c.shared = similarity(mine, _core(c.profile, c.size), weights)
        core = _core(c.figures, c.size)
        c.score += FIGURE_EVIDENCE * min(MAX_FIGURES, sum(core.get(FIGURE + f, 0.0) for f in facts.figures))
    for c in candidates.values():
        if not c.wire and not c.joins and c.score > 0.05 and _quoted_in_both(db, facts, c.story):
            c.quoted = True
            c.score += QUOTE_EVIDENCE
    joined = sorted((c for c in candidates.values() if c.joins or (c.story == old and c.score >= STAY)),
                    key=lambda c: (c.wire, c.score), reverse=True)
    if not joined:
        story = _new_story(db, facts)
    else:
        story = joined[0].story
        for other in joined[1:]:
            if other.wire or _alike(joined[0], other, weights):
                story = merge(db, story, other.story)
    _join(db, facts, story)
    if old and old != story:
        _refresh(db, old, moved_to=story)
    return story


def _candidates(db, facts: Facts) -> dict[str, Candidate]:
    """The stories of the articles within the window that share a key with this one, and of its wire copies."""
    lo, hi = _window(facts.day)
    keys = list(facts.names)
    by_key: dict[int, list[str]] = {}
    for start in range(0, len(keys), 100):  # (each key's articles of the window, at most COMMON + 1 of them, in one
        chunk = keys[start:start + 100]  # statement for all the keys: a round trip each was a tenth of filing)
        for i, article_id in db.execute(" UNION ALL ".join(
                f"SELECT {i} AS k, article_id FROM (SELECT article_id FROM entity_mentions WHERE key=? AND day "
                f"BETWEEN ? AND ? LIMIT ?) AS m{i}" for i in range(len(chunk))),
                [p for key in chunk for p in (key, lo, hi, COMMON + 1)]):
            by_key.setdefault(start + i, []).append(article_id)
    near = {a for ids in by_key.values() if len(ids) <= COMMON for a in ids}
    near.discard(facts.article_id)
    found: dict[str, Candidate] = {}
    for ids, wire in ((sorted(near), False), (facts.copies, True)):
        for start in range(0, len(ids), 400):
            chunk = ids[start:start + 400]
            for r in db.execute(f"SELECT story FROM story_members WHERE article_id IN ({','.join('?' * len(chunk))})",
                                chunk):
                c = found.setdefault(r[0], Candidate(r[0]))
                c.wire = c.wire or wire
    return found


def _alike(a: Candidate, b: Candidate, weights: Weights) -> bool:
    score, shared = similarity(_core(a.profile, a.size), _core(b.profile, b.size), weights)
    return score >= MERGE and shared >= MIN_SHARED


def _quoted_in_both(db, facts: Facts, story: str) -> bool:
    """Someone this article quotes is quoted saying the same thing by an article of the story, within the window:
    in another language, a translation (aligned by order, length, numbers and names); in the same, the statement."""
    from indexer.index.provenance import same_statement
    from indexer.index.translated import Quoted, align
    from indexer.text.names import keys_may_match

    speakers = {q.speaker for q in facts.quotes if q.speaker and not q.fragment}
    if not speakers:
        return False
    lo, hi = _window(facts.day)
    members = [r[0] for r in db.execute(
        "SELECT article_id FROM story_members WHERE story=? AND day BETWEEN ? AND ? ORDER BY day LIMIT ?",
        (story, lo, hi, QUOTED_MEMBERS))]
    if not members:
        return False
    marks = ",".join("?" * len(members))
    theirs: dict[str, list] = {}
    for r in db.execute(f"SELECT article_id, idx, text, speaker_key, language FROM quotes WHERE article_id IN "
                        f"({marks}) AND fragment=0", members):
        if r[3] and any(keys_may_match(s, r[3]) for s in speakers):
            theirs.setdefault(r[0], []).append(r)
    if not theirs:
        return False
    names_of = {r[0]: {form: key for key, forms in json.loads(r[1]).items() for form in forms}
                for r in db.execute(f"SELECT article_id, keys FROM explored WHERE article_id IN "
                                    f"({','.join('?' * len(theirs))})", list(theirs))}
    mine_names = facts.forms()
    for speaker in speakers:
        mine = [q for q in facts.quotes if q.speaker == speaker and not q.fragment]
        for article_id, rows in theirs.items():
            other = [r for r in rows if keys_may_match(speaker, r[3])]
            if not other:
                continue
            if other[0][4] == mine[0].language:
                if any(same_statement(q.text, r[2]) for q in mine for r in other):
                    return True
            elif align([Quoted(f"a:{q.idx}", q.text, q.idx) for q in mine],
                       [Quoted(f"b:{r[1]}", r[2], r[1]) for r in other], mine_names, names_of.get(article_id, {})):
                return True
    return False


def _new_story(db, facts: Facts) -> str:
    """A new story named by its first article: its day and the start of its id ("20260314-3fa9c1d2"); an empty
    story of that name (the article's own, which it left) is taken again."""
    base = facts.day.replace("-", "")
    for length in (8, 12, 16):
        story = f"{base}-{facts.article_id[:length]}"
        row = db.execute("SELECT articles, merged_into FROM story_heads WHERE id=?", (story,)).fetchone()
        if row is None:
            db.execute("INSERT INTO story_heads (id) VALUES (?)", (story,))
            return story
        if row[0] == 0:
            db.execute("UPDATE story_heads SET merged_into=NULL WHERE id=?", (story,))
            return story
    n = 2
    while db.execute("SELECT 1 FROM story_heads WHERE id=?", (f"{base}-{facts.article_id}-{n}",)).fetchone():
        n += 1
    story = f"{base}-{facts.article_id}-{n}"
    db.execute("INSERT INTO story_heads (id) VALUES (?)", (story,))
    return story


def _join(db, facts: Facts, story: str) -> None:
    db.execute("INSERT INTO story_members (article_id, story, day, language) VALUES (?,?,?,?)",
               (facts.article_id, story, facts.day, facts.language))
    db.executemany("INSERT INTO story_keys (story, key, articles) VALUES (?,?,1) ON CONFLICT (story, key) "
                   "DO UPDATE SET articles=story_keys.articles+1",
                   [(story, k) for k in [*facts.names, *(FIGURE + f for f in facts.figures)]])
    _refresh(db, story)


def leave(db, article_id: str) -> str | None:
    """Take the article out of its story (before its entities are filed again: what it added to the story's profile
    is what it was filed with); the story it was in. An emptied story leads nowhere until `file` says where."""
    row = db.execute("SELECT story FROM story_members WHERE article_id=?", (article_id,)).fetchone()
    if row is None:
        return None
    story = row[0]
    row = db.execute("SELECT keys, figures FROM explored WHERE article_id=?", (article_id,)).fetchone()
    keys = [*json.loads(row[0]), *(FIGURE + f for f in json.loads(row[1]))] if row else []
    db.execute("DELETE FROM story_members WHERE article_id=?", (article_id,))
    db.executemany("UPDATE story_keys SET articles=articles-1 WHERE story=? AND key=?", [(story, k) for k in keys])
    db.execute("DELETE FROM story_keys WHERE story=? AND articles<=0", (story,))
    _refresh(db, story)
    return story


def merge(db, a: str, b: str) -> str:
    """Merge two stories into the older (the earlier first day, then the smaller id); the survivor's id."""
    heads = {r[0]: (r[1] or "", r[0]) for r in db.execute("SELECT id, first_day FROM story_heads WHERE id IN (?,?)",
                                                          (a, b))}
    keep, gone = sorted((a, b), key=lambda s: heads.get(s, ("", s)))
    db.execute("UPDATE story_members SET story=? WHERE story=?", (keep, gone))
    for key, n in db.execute("SELECT key, articles FROM story_keys WHERE story=?", (gone,)).fetchall():
        db.execute("INSERT INTO story_keys (story, key, articles) VALUES (?,?,?) ON CONFLICT (story, key) "
                   "DO UPDATE SET articles=story_keys.articles+excluded.articles", (keep, key, n))
    db.execute("DELETE FROM story_keys WHERE story=?", (gone,))
    _refresh(db, gone, moved_to=keep)
    _refresh(db, keep)
    return keep


def _refresh(db, story: str, moved_to: str | None = None) -> None:
    """Recount a story's head from its articles; an empty one leads to `moved_to` (and so do those that led to it)."""
    from indexer.index.engine import parse_date

    rows = db.execute("SELECT a.id, a.published, a.title, a.language, a.source, m.day FROM story_members m "
                      "JOIN articles a ON a.id=m.article_id WHERE m.story=?", (story,)).fetchall()
    if not rows:
        db.execute("UPDATE story_heads SET articles=0, merged_into=? WHERE id=?", (moved_to, story))
        if moved_to:
            db.execute("UPDATE story_heads SET merged_into=? WHERE merged_into=?", (moved_to, story))
        return

    def when(r) -> tuple:
        moment = parse_date(r[1])
        return (r[5], moment.isoformat() if moment else "", r[0])

    ordered = sorted(rows, key=when)
    languages = Counter(r[3] or "und" for r in ordered)  # most articles first; of equals, the first to report
    sources = Counter(r[4] or "" for r in ordered if r[4])
    db.execute("UPDATE story_heads SET title=?, lead=?, first=?, last=?, first_day=?, last_day=?, articles=?, "
               "languages=?, sources=?, merged_into=NULL WHERE id=?",
               (ordered[0][2] or "", ordered[0][0], ordered[0][1], ordered[-1][1], ordered[0][5], ordered[-1][5],
                len(rows), json.dumps([c for c, _ in languages.most_common()]),
                json.dumps([s for s, _ in sources.most_common()], ensure_ascii=False), story))
