"""The date histogram of a search: how many matching articles were published per year, month, week or day.

Both backends count matches per publication day (the `day` field, YYYY-MM-DD) over every match, not only the
page shown, and hand those counts here; the buckets are made in one place so that the same articles give the same
bars whatever the backend.

The interval, when not asked for, follows the span from the first to the last matching day, so that a chart has a
readable number of bars (a few dozen at most for the automatic choice):
more than 3 years → year; more than 4 months (122 days) → month; more than 3 weeks (21 days) → week; else day.
Buckets start on the first day of their year or month, or on the Monday of their week; every bucket between the first
and the last is listed, empty ones too, so that the chart shows gaps. Articles without a date are counted apart
(`undated`): the buckets and `undated` add up to the total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, timedelta

from indexer.index.engine import Histogram, QueryError

INTERVALS = ("year", "month", "week", "day")
MAX_BUCKETS = 2000  # an asked interval that would draw more bars than this is refused (day over ten years)
YEAR_SPAN, MONTH_SPAN, WEEK_SPAN = 3 * 365, 122, 21  # days: the automatic choice's thresholds


def check_interval(interval: str | None) -> str | None:
    """The asked interval, or None for the automatic choice; QueryError for one that is not known."""
    if interval in (None, "", "auto"):
        return None
    if interval not in INTERVALS:
        raise QueryError("Unknown interval '%(interval)s': use year, month, week or day.", interval=str(interval)[:20])
    return interval


def auto_interval(first: date, last: date) -> str:
    span = (last - first).days
    if span > YEAR_SPAN:
        return "year"
    if span > MONTH_SPAN:
        return "month"
    if span > WEEK_SPAN:
        return "week"
    return "day"


def bucket_start(day: date, interval: str) -> date:
    if interval == "year":
        return day.replace(month=1, day=1)
    if interval == "month":
        return day.replace(day=1)
    if interval == "week":
        return day - timedelta(days=day.weekday())
    return day


def next_start(start: date, interval: str) -> date:
    if interval == "year":
        return start.replace(year=start.year + 1)
    if interval == "month":
        return start.replace(year=start.year + start.month // 12, month=start.month % 12 + 1)
    return start + timedelta(days=7 if interval == "week" else 1)


def bucket_end(start: date, interval: str) -> date:
    """The last day of the bucket that starts on `start` (what a bar's `to` narrows to)."""
    return next_start(start, interval) - timedelta(days=1)


def _days(day_counts: Mapping[str, int]) -> Iterable[tuple[date, int]]:
    for text, count in day_counts.items():
        try:
            yield date.fromisoformat(text), count
        except (TypeError, ValueError):  # not a day: counted as undated by the caller's total
            continue


def histogram(day_counts: Mapping[str, int], total: int, interval: str | None = None) -> Histogram:
    """Buckets from per-day counts ("YYYY-MM-DD" -> matches) of a search that matched `total` articles."""
    interval = check_interval(interval)
    days = sorted(_days(day_counts))
    dated = sum(n for _, n in days)
    if not days:
        return Histogram(interval or "day", [], max(0, total - dated))
    first, last = days[0][0], days[-1][0]
    chosen = interval or auto_interval(first, last)
    counts: dict[date, int] = {}
    for day, n in days:
        start = bucket_start(day, chosen)
        counts[start] = counts.get(start, 0) + n
    buckets: list[tuple[str, int]] = []
    start, end = bucket_start(first, chosen), bucket_start(last, chosen)
    while start <= end:
        buckets.append((start.isoformat(), counts.get(start, 0)))
        if len(buckets) > MAX_BUCKETS:
            raise QueryError("A histogram by %(interval)s would have more than %(most)s bars here: choose a longer "
                             "interval or narrow the dates with from and to.", interval=chosen, most=MAX_BUCKETS)
        start = next_start(start, chosen)
    return Histogram(chosen, buckets, max(0, total - dated))
