"""Dates as pages write them, in several languages, must come out as ISO 8601."""

import pytest

from indexer.clean.dates import date_from_url, find_days, parse_date


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("2022-04-08T09:14:00-04:00", "2022-04-08T09:14:00-04:00"),
        ("2017-06-14T08:41:29.512Z", "2017-06-14T08:41:29+00:00"),
        ("Fri, 08 Apr 2022 13:14:00 GMT", "2022-04-08T13:14:00+00:00"),
        ("April 8, 2022 9:14am", "2022-04-08T09:14:00"),
        ("Updated Sept. 5, 2021", "2021-09-05"),
        ("8. April 2022", "2022-04-08"),
        ("23.11.2018 07:45 Uhr", "2018-11-23T07:45:00"),
        ("publié le 8 avril 2022 à 14h30", "2022-04-08T14:30:00"),
        ("8 de abril de 2022", "2022-04-08"),
        ("12 października 2020", "2020-10-12"),
        ("8 октября 2022", "2022-10-08"),
        ("8 квітня 2022 р.", "2022-04-08"),
        ("2022年4月8日", "2022-04-08"),
        ("20220408", "2022-04-08"),
        ("الأربعاء 14 أكتوبر/تشرين الأول 2026 – 17:00", "2026-10-14T17:00:00"),
        ("11 مايو/أيار 2026", "2026-05-11"),
        ("الجمعة 8 فيفري 2019", "2019-02-08"),
        ("3. března 2019", "2019-03-03"),
        ("12 listopadu 2020", "2020-11-12"),
        ("3. maaliskuuta 2019", "2019-03-03"),
        ("5 Mayıs 2019", "2019-05-05"),
        ("17 Σεπτεμβρίου 2019", "2019-09-17"),
        ("Aktualisiert am 17.01.2021.", "2021-01-17"),
        ("04/18/2020", "2020-04-18"),
        ("3. 3. 2019", "2019-03-03"),
        ("03-04-2019", "2019-04-03"),
        ("3rd of March 2019", "2019-03-03"),
    ],
)
def test_parse_date(text, iso):
    assert parse_date(text) == iso


@pytest.mark.parametrize("text", ["", "no date here", "31.02.2022", "page 12 of 40", "1850-01-01", "13/13/2020",
                                  "version 1.2.3.2019", "17.01.2021.5", "ISBN 978-3-12-2019"])
def test_non_dates_give_none(text):
    assert parse_date(text) is None


def test_date_from_url():
    assert date_from_url("https://news.example/2022/04/08/kramatorsk/") == "2022-04-08"
    assert date_from_url("https://news.example/world/20220408-strike.html") == "2022-04-08"
    assert date_from_url("https://news.example/world/strike-123456") is None
    assert date_from_url("https://news.example/news/key-moments-of-the-hearing-2019-11-19/") == "2019-11-19"


def test_find_days_lists_every_day_a_page_writes():
    text = "Published 3 March 2019 – updated 2019-03-05T10:00:00Z; see also the 12.04.2018 report."
    assert find_days(text) == {"2019-03-03", "2019-03-05", "2018-04-12"}


def _german_page(shown: str) -> bytes:
    body = ("<p>Die Stadt baut eine neue Brücke über den Fluss, teilte die Verwaltung mit, und die Arbeiten sollen "
            "im Frühjahr beginnen.</p>") * 3
    return (f"<html lang='de'><head><meta name='date' content='11/01/2023'></head><body><article><h1>Neue Brücke</h1>"
            f"<p>{shown}</p>{body}</article></body></html>").encode()


def test_the_date_the_page_shows_settles_a_numeric_metadata_date_that_reads_two_ways():
    """<meta name="date" content="11/01/2023"> beside "Erstellt am: 01.11.2023" is the first of November."""
    from indexer.clean.extract import clean
    from indexer.models import RawPage

    assert clean(RawPage(_german_page("Erstellt am: 01.11.2023"), "b.html")).published == "2023-11-01"
    assert clean(RawPage(_german_page("Ein Bericht aus der Stadt"), "b.html")).published == "2023-01-11"
