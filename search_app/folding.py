"""Folding wire copies (`collapse=yes`): one result per story, shown as its earliest article.

A story is the set of articles whose bodies are one text (`Store._join_story`). Folding reads every match of the
search in its order, looks up each match's story, and keeps one article per story: the earliest of the matches
(by publication date, else the date the archive first saw it; ties by id). Where the folded story stands:
- ranked by relevance, at the place of its best-ranked copy (a story is as relevant as its best match);
- listed by date, at the place of the article it is shown as, so the list stays in the order of its dates.
Copies that do not match the search are not folded in: a result is always an article that matched.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass
class Folded:
    """One result of a folded list: the article shown and how many other matches of its story it stands for."""

    article_id: str
    folded: int  # other matching articles of the same story, folded into this one


def fold(ordered: Iterable[str], stories: Mapping[str, tuple[str, str]], by_rank: bool) -> list[Folded]:
    """The folded results of `ordered` (every match, in the search's order). `stories` gives each match's
    (story, date) (a match it lacks is a story of its own); `by_rank` places a story at its best-ranked copy,
    otherwise at the article shown."""
    ordered = list(ordered)
    position = {article_id: i for i, article_id in enumerate(ordered)}
    shown: dict[str, tuple[str, str]] = {}  # story -> (date, id) of its earliest match
    best: dict[str, int] = {}  # story -> position of its first match in the order asked for
    members: dict[str, int] = {}
    for i, article_id in enumerate(ordered):
        story, when = stories.get(article_id, (article_id, ""))
        members[story] = members.get(story, 0) + 1
        best.setdefault(story, i)
        if story not in shown or (when, article_id) < shown[story]:
            shown[story] = (when, article_id)
    place = best if by_rank else {story: position[article_id] for story, (_, article_id) in shown.items()}
    return [Folded(shown[story][1], members[story] - 1) for story in sorted(shown, key=place.__getitem__)]
