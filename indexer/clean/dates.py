"""Date strings as pages write them → ISO 8601, in the languages the archive carries.

Machine dates (ISO, RFC 2822, compact) come from metadata; human dates ("8. April 2022", "8 avril 2022",
"8 квітня 2022", "2022年4月8日", "April 8, 2022 9:14am") come from bylines, <time> text and URLs.
A result keeps the time zone only when the source gave one; a date alone stays YYYY-MM-DD.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from functools import lru_cache

MIN_YEAR = 1990

# Month names (and stems, for inflected Slavic forms) → month number; matched on lowercase prefixes.
_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        "january jan januar jänner janvier enero gennaio janeiro januari styczeń stycznia января январь січня січень "
        "ene gen",
        "february feb februar février fevrier febrero febbraio fevereiro februari luty lutego февраля февраль лютого "
        "лютий févr fév fev",
        "march mar märz maerz mars marzo março maart marzec marca марта март березня березень mär mrz",
        "april apr avril abril aprile kwiecień kwietnia апреля апрель квітня квітень avr abr",
        "may mai mayo maggio maio mei maj maja мая май травня травень mag",
        "june jun juni juin junio giugno junho czerwiec czerwca июня июнь червня червень giu",
        "july jul juli juillet julio luglio julho lipiec lipca июля июль липня липень juil lug",
        "august aug august août aout agosto augustus sierpień sierpnia августа август серпня серпень ago aoû",
        "september sep sept septembre septiembre settembre setembro wrzesień września сентября сентябрь вересня "
        "вересень set",
        "october oct oktober octobre octubre ottobre outubro październik października октября октябрь жовтня "
        "жовтень okt ott out",
        "november nov novembre noviembre novembro listopad listopada ноября ноябрь листопада листопад",
        "december dec dezember décembre decembre diciembre dicembre dezembro grudzień grudnia декабря декабрь "
        "грудня грудень dez déc dic",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS.setdefault(_name, _number)
# Czech (nominative and genitive), Finnish (stem + "ta"), Turkish and Greek (genitive) month names.
for _number, _names in enumerate(
    (
        "leden ledna tammikuu ocak ιανουαρίου",
        "únor února helmikuu şubat φεβρουαρίου",
        "březen března maaliskuu mart μαρτίου",
        "duben dubna huhtikuu nisan απριλίου",
        "květen května toukokuu mayıs μαΐου",
        "červen června kesäkuu haziran ιουνίου",
        "červenec července heinäkuu temmuz ιουλίου",
        "srpen srpna elokuu ağustos αυγούστου",
        "září syyskuu eylül σεπτεμβρίου",
        "říjen října lokakuu ekim οκτωβρίου",
        "listopadu marraskuu kasım νοεμβρίου",
        "prosinec prosince joulukuu aralık δεκεμβρίου",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS.setdefault(_name, _number)
# Arabic month names: the Egyptian set, the Levantine set ("مايو/أيار") and the Maghreb set ("فيفري", "جوان").
for _number, _names in enumerate(
    (
        "يناير كانون-الثاني جانفي", "فبراير شباط فيفري", "مارس آذار", "أبريل نيسان ابريل أفريل", "مايو أيار ماي",
        "يونيو حزيران جوان", "يوليو تموز جويلية", "أغسطس آب اغسطس أوت", "سبتمبر أيلول", "أكتوبر تشرين-الأول اكتوبر", "نوفمبر تشرين-الثاني",
        "ديسمبر كانون-الأول",
    ),
    start=1,
):
    for _name in _names.split():
        _MONTHS.setdefault(_name.replace("-", " "), _number)

_MONTH_ALT = "|".join(sorted((re.escape(m) for m in _MONTHS), key=len, reverse=True))
_MONTH = rf"(?P<month>{_MONTH_ALT})[a-zа-яіїєё]*\.?(?:/[^\d]{{1,20}}?)?"
_TIME = r"(?:[,\s]+(?:um|à|a las|alle|às|om|o|в|at|-|–|\|)?\s*(?P<hour>\d{1,2})[:.h](?P<minute>\d{2})(?::(?P<second>\d{2}))?\s*(?P<ampm>[ap]\.?m\.?)?(?:\s*(?:uhr|h))?(?:\s*(?P<tzname>[A-Z]{2,4}|[+-]\d{2}:?\d{2}))?)?"

_PATTERNS = [
    # 2022-04-08T09:14:00-04:00 and friends
    re.compile(r"(?P<year>(?:19|20)\d{2})-(?P<mon>\d{1,2})-(?P<day>\d{1,2})(?:[T ](?P<hour>\d{1,2}):(?P<minute>\d{2})"
               r"(?::(?P<second>\d{2})(?:[.,]\d+)?)?\s*(?P<tz>Z|[+-]\d{2}(?::?\d{2})?)?)?"),
    # 8 April 2022 / 8. April 2022 / 8 de abril de 2022 / 8 квітня 2022 р.
    re.compile(rf"(?<!\d)(?P<day>\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?:de\s+|of\s+)?{_MONTH}\s*(?:de\s+)?,?\s*"
               rf"(?P<year>(?:19|20)\d{{2}}){_TIME}", re.IGNORECASE),
    # April 8, 2022 9:14am
    re.compile(rf"{_MONTH}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>(?:19|20)\d{{2}}){_TIME}", re.IGNORECASE),
    # 2022年4月8日 09:14
    re.compile(r"(?P<year>(?:19|20)\d{2})\s*年\s*(?P<mon>\d{1,2})\s*月\s*(?P<day>\d{1,2})\s*日"
               r"(?:\D{0,6}?(?P<hour>\d{1,2})[:時](?P<minute>\d{2}))?"),
    # 08.04.2022 / 8. 4. 2022 / 08/04/2022 / 08-04-2022 (day first, as everywhere but the US) / 2022/04/08
    re.compile(rf"(?<![\d.-])(?P<day>\d{{1,2}})(?P<sep>\.\s?|/|-)(?P<mon>\d{{1,2}})(?P=sep)(?P<year>(?:19|20)\d{{2}})"
               rf"(?!\d|\.\d|-\d){_TIME}"),
    re.compile(r"(?<!\d)(?P<year>(?:19|20)\d{2})[./](?P<mon>\d{1,2})[./](?P<day>\d{1,2})(?!\d)"),
]

_URL_DATE = re.compile(r"/((?:19|20)\d{2})[/_-]?(0[1-9]|1[0-2])[/_-]?(0[1-9]|[12]\d|3[01])(?:/|[_-]|\.html|$)")
_URL_SLUG_DATE = re.compile(r"[-_]((?:19|20)\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:/|[_-]|\.html?|$)")
_URL_MONTH = re.compile(r"/((?:19|20)\d{2})/(0[1-9]|1[0-2])/")
_ZONES = {"UTC": 0, "GMT": 0, "Z": 0, "CET": 1, "CEST": 2, "MEZ": 1, "MESZ": 2, "BST": 1, "EST": -5, "EDT": -4,
          "CST": -6, "CDT": -5, "PST": -8, "PDT": -7, "MSK": 3, "JST": 9, "EET": 2, "EEST": 3, "WET": 0, "WEST": 1}


def _valid(year: int, month: int, day: int) -> bool:
    if not MIN_YEAR <= year <= datetime.now(UTC).year + 1:
        return False
    try:
        datetime(year, month, day)
    except ValueError:
        return False
    return True


def _tz(value: str | None) -> timezone | None:
    if not value:
        return None
    value = value.strip()
    if value.upper() in _ZONES:
        return timezone(timedelta(hours=_ZONES[value.upper()]))
    match = re.fullmatch(r"([+-])(\d{2}):?(\d{2})?", value)
    if not match:
        return None
    delta = timedelta(hours=int(match.group(2)), minutes=int(match.group(3) or 0))
    return timezone(-delta if match.group(1) == "-" else delta)


def _from_match(match: re.Match) -> str | None:
    parts = match.groupdict()
    month = _MONTHS.get((parts.get("month") or "").lower().rstrip(".")) if parts.get("month") else None
    month = month or int(parts.get("mon") or 0)
    year, day = int(parts["year"]), int(parts["day"])
    if month > 12 >= day and parts.get("sep") in ("/", "-"):
        month, day = day, month  # "04/18/2020" can only be American month-first
    if not _valid(year, month, day):
        return None
    if parts.get("hour") is None:
        return f"{year:04d}-{month:02d}-{day:02d}"
    hour, minute, second = int(parts["hour"]), int(parts["minute"]), int(parts.get("second") or 0)
    ampm = (parts.get("ampm") or "").lower().replace(".", "")
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59 or second > 59:
        return f"{year:04d}-{month:02d}-{day:02d}"
    moment = datetime(year, month, day, hour, minute, second, tzinfo=_tz(parts.get("tz") or parts.get("tzname")))
    return moment.isoformat()


@lru_cache(maxsize=4096)  # (a page gives its dates in several places, and the index parses them again)
def parse_date(value: str | None) -> str | None:
    """The first date in a string as ISO 8601 (with offset when given), or None."""
    if not value:
        return None
    value = " ".join(str(value).split())
    if re.fullmatch(r"\d{10}(\d{3})?", value):  # Unix timestamp, seconds or milliseconds
        seconds = int(value[:10])
        moment = datetime.fromtimestamp(seconds, UTC)
        return moment.isoformat() if _valid(moment.year, moment.month, moment.day) else None
    if re.fullmatch(r"(?:19|20)\d{6}", value):
        return _from_parts(int(value[:4]), int(value[4:6]), int(value[6:]))
    if re.match(r"[A-Za-z]{3}, \d{1,2} [A-Za-z]{3} \d{4}", value):
        try:
            moment = parsedate_to_datetime(value)
            if _valid(moment.year, moment.month, moment.day):
                return moment.isoformat()
        except (TypeError, ValueError):
            pass
    best: tuple[int, str] | None = None
    for pattern in _PATTERNS:
        for match in pattern.finditer(value):
            result = _from_match(match)
            if result and (best is None or match.start() < best[0]):
                best = (match.start(), result)
            if result:
                break
    return best[1] if best else None


def find_days(text: str) -> set[str]:
    """Every calendar day written anywhere in a text (YYYY-MM-DD), in any format parse_date reads. For checking
    whether a page supports a claimed date at all, not for choosing one."""
    text = " ".join(text.split())
    days: set[str] = set()
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            result = _from_match(match)
            if result:
                days.add(result[:10])
    return days


def other_reading(value: str | None) -> str | None:
    """The month-first reading of a numeric date written with slashes or hyphens whose first two numbers could each
    be the month ("11/01/2023": 11 January read day first, 1 November read month first), or None."""
    if not value:
        return None
    value = " ".join(value.split())
    match = _NUMERIC.search(value)
    if not match or match.group("sep") not in ("/", "-") or parse_date(value) != _from_match(match):
        return None  # not the date parse_date reads in the string
    day, month = int(match.group("day")), int(match.group("mon"))
    if day == month or day > 12 or month > 12:
        return None
    first = _from_match(match)
    return f"{first[:5]}{first[8:10]}-{first[5:7]}{first[10:]}"


_NUMERIC = _PATTERNS[4]


def _from_parts(year: int, month: int, day: int) -> str | None:
    return f"{year:04d}-{month:02d}-{day:02d}" if _valid(year, month, day) else None


def date_from_url(url: str | None) -> str | None:
    """News URLs often carry the publication day: /2022/04/08/slug, /20220408-slug or slug-2022-04-08/."""
    if not url:
        return None
    match = _URL_DATE.search(url) or _URL_SLUG_DATE.search(url)
    if match:
        return _from_parts(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    return None
