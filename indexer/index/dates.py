"""Publication dates in the index: each article's own calendar day, and the moment it was published.

A page gives its date as it was published, usually with the offset of the newsroom's clock ("2022-05-03T22:46:00-03:00":
the evening of May 3 in Buenos Aires, already May 4 in UTC). What a reader sees, filters and charts is that
publication's own calendar day (the day the page printed), so the list, the histogram, `from`/`to`, the year facet,
citations and exports all agree. Both engines index the same fields (`date_fields`):

- `published`: the publication's own clock, the date and time as written with the offset dropped. `from`/`to` given as a
  day, month, year or a time without an offset compare with it, and so do the query syntax's `published:` ranges.
- `instant`: the moment in UTC, for a `from`/`to` that names a moment (a time with an offset: 2022-05-04T01:46Z).
- `day` (YYYY-MM-DD) and `year`: the publication's own calendar day, for the histogram and the year facet.
- `newest_first`, `oldest_first`: sort keys, both read in ascending order: by own calendar day, then by moment within
  the day (an article of 22:46 −03:00 is later than one of 23:30 +02:00 the same day). An undated article has the
  largest key in both, so undated articles come last whichever way dates are sorted (and every document has both
  keys: Whoosh cannot sort a segment that has no value of a column-only field).

A date alone ("2022-05-03") is that day at midnight; a time without an offset is read as UTC for the moment (the store
keeps dates as pages give them: `indexer.clean.dates`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from indexer.index.engine import QueryError, parse_date

OWN_CLOCK, INSTANT, NEWEST_FIRST, OLDEST_FIRST = "published", "instant", "newest_first", "oldest_first"
DATE_FIELDS = (OWN_CLOCK, INSTANT, NEWEST_FIRST, OLDEST_FIRST)  # of articles and quotes; articles add day and year
UNDATED_KEY = 2**63 - 1  # both sort keys of an undated article: after every date
_DAY = 86400
_STRIDE = 3 * _DAY  # seconds per day in a sort key: a day's moments lie less than a day either side of its midnight
_LAST = timedelta(microseconds=1)
_YEAR_MONTH = re.compile(r"(\d{4})(?:-(\d{2}))?")


def own_clock(iso: str | None) -> datetime | None:
    """The date and time as the publication wrote them (naive; the offset dropped), None when there is none."""
    if not iso:
        return None
    try:
        return datetime.fromisoformat(iso.strip().replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        return None


def own_day(iso: str | None) -> str | None:
    """The publication's own calendar day (YYYY-MM-DD), None when undated."""
    clock = own_clock(iso)
    return clock.date().isoformat() if clock else None


def date_fields(iso: str | None) -> dict:
    """The date fields of an article or quote document (only the sort keys for an undated one): see the module's
    description."""
    clock, moment = own_clock(iso), parse_date(iso)
    if clock is None or moment is None:
        return {NEWEST_FIRST: UNDATED_KEY, OLDEST_FIRST: UNDATED_KEY}
    day = clock.date()
    key = day.toordinal() * _STRIDE + _DAY + int((moment - datetime.combine(day, time())).total_seconds())
    return {OWN_CLOCK: clock, INSTANT: moment, "day": day.isoformat(), "year": str(day.year),
            NEWEST_FIRST: -key, OLDEST_FIRST: key}


def date_ranges(start: str | None, end: str | None) -> list[tuple[str, datetime | None, datetime | None]]:
    """The (field, first, last) ranges, both ends included, of the filters `from` and `to`: a day, month or year is
    the whole span on each publication's own calendar, a time without an offset a point on its own clock, a time with
    an offset a moment. QueryError for a value that is not such a date, and for `from` after `to`."""
    lower, upper = _span(start, "from"), _span(end, "to")
    if lower and upper and lower[0] == upper[0] and lower[1] > upper[2]:
        raise QueryError("from (%(start)s) is after to (%(end)s), so no date is between them: swap the two dates, or "
                         "leave one out.", start=start.strip()[:40], end=end.strip()[:40])
    if lower and upper and lower[0] == upper[0]:
        return [(lower[0], lower[1], upper[2])]
    return ([(lower[0], lower[1], None)] if lower else []) + ([(upper[0], None, upper[2])] if upper else [])


def _span(text: str | None, name: str) -> tuple[str, datetime, datetime] | None:
    """(field, first moment, last moment) of one from/to value; None when it is not given."""
    if not text or not text.strip():
        return None
    text = text.strip()
    try:
        if found := _YEAR_MONTH.fullmatch(text):
            year, month = int(found[1]), int(found[2] or 0)
            first = datetime(year, month or 1, 1)
            following = first.replace(year=year + 1) if not month else \
                first.replace(year=year + month // 12, month=month % 12 + 1)
            return OWN_CLOCK, first, following - _LAST
        try:
            day = date.fromisoformat(text)
        except ValueError:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
            if moment.tzinfo is None:
                return OWN_CLOCK, moment, moment
            instant = parse_date(text)
            return INSTANT, instant, instant
        first = datetime.combine(day, time())
        return OWN_CLOCK, first, first + timedelta(days=1) - _LAST
    except (ValueError, OverflowError):
        raise QueryError("%(name)s must be an ISO 8601 date: a day (2026-03-14), a month (2026-03) or a year (2026), on each "
                         "article's own calendar; or a moment with its offset (2026-03-14T18:00+02:00). "
                         "%(value)r is none of these.", name=name, value=text[:40]) from None
