"""The search page's date chart: the engine's histogram as bars, each a link that narrows from/to to its bucket.

Drawn on the server (heights as SVG presentation attributes: the CSP allows no inline style or script) and labelled
in the reader's language (month names from Babel), so the chart works without JavaScript and reads as a list of
links ("March 2026: 12 articles") to a screen reader. A bar's link searches its own bucket, where the automatic
interval is finer: year → month → week → day.
"""

from __future__ import annotations

from datetime import date

from babel.dates import format_skeleton
from flask_babel import get_locale, gettext, ngettext

from search_app.i18n import day

BAR_HEIGHT = 100  # the SVG's own units; CSS stretches it to the chart's height
SKELETONS = {"year": "y", "month": "yMMMM"}


def period(start: str, interval: str) -> str:
    """A bucket's name: "2026", "March 2026", "week of 9 Mar 2026", "14 Mar 2026"."""
    if interval in SKELETONS:
        return format_skeleton(SKELETONS[interval], date.fromisoformat(start), locale=get_locale())
    if interval == "week":
        return gettext("week of %(day)s", day=day(start))
    return day(start)


def bars(histogram: dict | None) -> list[dict]:
    """The bars of a result's histogram: start, end, count, label, and the height in BAR_HEIGHT units (a bucket
    with articles is never drawn flatter than 2 units, so it stays visible beside the tallest)."""
    buckets = (histogram or {}).get("buckets") or []
    tallest = max((b["count"] for b in buckets), default=0)
    interval = (histogram or {}).get("interval", "day")
    out = []
    for b in buckets:
        name = period(b["start"], interval)
        height = 0 if not b["count"] else max(2, round(BAR_HEIGHT * b["count"] / tallest))
        out.append({"start": b["start"], "end": b["end"], "count": b["count"], "period": name,
                    "label": ngettext("%(period)s: %(num)s article", "%(period)s: %(num)s articles", b["count"],
                                      period=name),  # flask_babel writes num as the language does
                    "height": height, "y": BAR_HEIGHT - height})
    return out
