"""Charset resolution and input refusal: the bytes of legacy and mislabelled pages must come out readable."""

import gzip

import pytest
from conftest import cli_json

from indexer.models import InputError
from indexer.sources.encoding import MAX_PAGE_BYTES, decode_html, prepare_bytes, require_markup

RU = "Депутаты приняли бюджет на следующий год, сообщила пресс-служба городской думы."
FR = "L’été à Lyon : « déjà » très chaud, a déclaré l’adjointe chargée des écoles publiques."
JA = "北原半導体は大阪に新しい工場を開いた。「とても嬉しい」と社長は語った。"
DE = "Die Brücke über die Straße in München wird geöffnet, sagte der Bürgermeister."


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body><p>{body}</p></body></html>"


@pytest.mark.parametrize(
    ("text", "codec", "label"),
    [(RU, "cp1251", "windows-1251"), (FR, "cp1252", "windows-1252"), (JA, "shift_jis", "Shift_JIS"),
     (DE, "iso-8859-1", "iso-8859-1"), (RU, "koi8-r", "koi8-r")],
)
def test_declared_legacy_charset_decodes(text, codec, label):
    html = page(text, f'<meta charset="{label}">')
    assert text in decode_html(html.encode(codec))


@pytest.mark.parametrize(("text", "codec"), [(RU, "cp1251"), (FR, "cp1252"), (JA, "shift_jis")])
def test_undeclared_legacy_charset_is_detected(text, codec):
    assert text in decode_html(page(text).encode(codec))


# Pages in the code page their language used before UTF-8, with no charset declared anywhere (old archives, saved
# files, WARC records without headers). The shapes of words cannot tell Latin code pages apart (cp1252 reads
# Turkish ı as ý and Czech ř as ø, plausible letters); the page's language can.
LEGACY = [
    ("tr", "cp1254", "İzmir'deki toplantıda Başkan, yatırımların ağırlıklı olarak okullara gideceğini söyledi."),
    ("cs", "cp1250", "Starosta řekl, že most přes řeku bude opraven do jara a objížďka potrvá tři měsíce."),
    ("pl", "cp1250", "Prezydent Łodzi powiedział, że remont dworca zakończy się jesienią, a pociągi wrócą."),
    ("hu", "cp1250", "A polgármester szerint a hídfelújítás őszre készül el, addig a buszok kerülőúton járnak."),
    ("lt", "cp1257", "Meras sakė, kad tiltas per upę bus suremontuotas iki pavasario, o autobusai važiuos aplinkui."),
    ("lv", "cp1257", "Mērs sacīja, ka tilts pār upi tiks salabots līdz pavasarim, bet autobusi brauks apkārt."),
    ("is", "cp1252", "Bæjarstjórinn sagði að brúin yrði lokuð fram á vor og að þjóðvegurinn yrði opnaður síðar."),
    ("de", "cp1252", "Die Bürgermeisterin sagte, die Brücke über die Oder bleibe bis zum Frühjahr gesperrt."),
    ("af", "cp1252", "Die burgemeester het gesê ’n nuwe brug sal teen die lente klaar wees, en die paaie is oop."),
    ("nl", "cp1252", "Het nieuwe park van 12 km² krijgt volgens de wethouder een fietspad en een speeltuin."),
    ("he", "cp1255", "ראש העירייה אמר כי הגשר ייסגר עד האביב וכי האוטובוסים ייסעו בדרך עוקפת."),
    ("ar", "cp1256", "قال رئيس البلدية إن الجسر سيغلق حتى الربيع وإن الحافلات ستسلك طريقا بديلا."),
    ("ko", "cp949", "시장은 다리가 봄까지 폐쇄되며 버스는 우회 도로로 운행한다고 말했다."),
    ("el", "iso-8859-7", "Ο δήμαρχος είπε ότι η γέφυρα θα μείνει κλειστή μέχρι την άνοιξη."),
    ("th", "cp874", "นายกเทศมนตรีกล่าวว่าสะพานจะปิดจนถึงฤดูใบไม้ผลิ และรถประจำทางจะใช้เส้นทางอื่น"),
    # cp874 reads é as a Thai tone mark and ° as a Thai letter: neither stands alone after Latin words
    ("nl", "cp1252", "Eén brug blijft dicht; het water is 12 °C en de wethouder zegt: één week nog."),
]


@pytest.mark.parametrize(("lang", "codec", "text"), LEGACY, ids=[f"{lang}-{codec}" for lang, codec, _ in LEGACY])
def test_an_undeclared_page_in_its_languages_old_code_page_reads_right(lang, codec, text):
    assert text in decode_html(page(text).encode(codec))


def test_an_undeclared_turkish_page_is_ingested_as_written(tmp_path):
    """The article a journalist reads (and searches) holds the Turkish letters, not cp1252's Icelandic-looking ones."""
    text = LEGACY[0][2]
    html = (f"<html><head><title>Belediye bütçesi onaylandı</title></head><body><article><h1>Belediye bütçesi "
            f"onaylandı</h1><p>{text}</p><p>{text}</p></article></body></html>")
    path = tmp_path / "meclis.html"
    path.write_bytes(html.encode("cp1254"))
    article = cli_json("annotate", "--json", str(path))
    assert article["title"] == "Belediye bütçesi onaylandı"
    assert text in article["text"] and article["language"] == "tr"


def test_page_claiming_utf8_but_written_in_cp1251_still_reads_right():
    data = page(RU, '<meta charset="utf-8">').encode("cp1251")
    assert RU in decode_html(data)


def test_http_header_charset_beats_meta():
    data = page(RU, '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">').encode("cp1251")
    assert RU in decode_html(data, "text/html; charset=windows-1251")


def test_wrong_http_header_loses_to_the_bytes():
    data = page(RU, '<meta charset="utf-8">').encode("utf-8")
    assert RU in decode_html(data, "text/html; charset=iso-8859-1")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
def test_utf16_and_bom_pages(codec):
    assert RU in decode_html(page(RU).encode(codec))


def test_utf8_with_one_stray_byte_stays_utf8():
    data = page(RU * 3).encode("utf-8") + b"\xff" + page("ok").encode("utf-8")
    assert RU in decode_html(data)


@pytest.mark.parametrize("content_type", [None, "text/html; charset=utf-8"])
def test_one_invalid_byte_in_a_utf8_page_is_one_replacement_character(content_type):
    """One stray byte used to make the whole page Latin-1: "BÃ¼rgermeister"."""
    html = page("Der Bürgermeister eröffnet die Ausstellung. Eintritt: 5 \udcff", '<meta charset="utf-8">')
    data = html.encode("utf-8", errors="surrogateescape")
    text = decode_html(data, content_type)
    assert "Der Bürgermeister eröffnet die Ausstellung. Eintritt: 5 \ufffd" in text


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r", "cp1252", "gb18030"])
def test_a_legacy_page_declared_utf8_is_still_read_as_a_whole(codec):
    """…while a page written in a legacy code page, whose bytes are invalid UTF-8 almost everywhere, is still
    sniffed as a whole, whatever it claims (a few of its byte pairs happen to be valid UTF-8)."""
    text = {"cp1251": RU + " Він сказав: «Ні».", "koi8-r": RU, "cp1252": DE + " " + FR, "gb18030": "北京市政府表示，新的地铁线路将于明年开通。"}[codec]
    assert text in decode_html(page(text, '<meta charset="utf-8">').encode(codec))


def test_gzip_is_decompressed():
    assert prepare_bytes(gzip.compress(b"<p>hello</p>")) == b"<p>hello</p>"


@pytest.mark.parametrize(
    ("data", "words"),
    [(b"", "empty"), (b"   \n ", "empty"), (b"%PDF-1.7\n%\xe2\xe3", "PDF"), (b"\x89PNG\r\n\x1a\n\x00\x00", "PNG"),
     (b"\xff\xd8\xff\xe0\x00\x10JFIF", "JPEG"), (b"\x00\x01\x02binary\x00stuff", "binary"),
     (gzip.compress(b"", mtime=0), "empty"), (b"\x1f\x8bnot really gzip", "gzip")],
)
def test_refused_inputs_say_what_is_wrong(data, words):
    with pytest.raises(InputError) as err:
        prepare_bytes(data)
    message = str(err.value)
    assert words.lower() in message.lower() and "\n" not in message


def test_oversized_page_is_refused_also_after_decompression():
    with pytest.raises(InputError, match="too large"):
        prepare_bytes(gzip.compress(b" " * (MAX_PAGE_BYTES + 10)))


@pytest.mark.parametrize("text", ["hello", "Meeting notes\n\nprice < 10 and size > 4\n", "a,b,c\n1,2,3\n"])
def test_plain_text_without_any_markup_is_not_a_page(text):
    with pytest.raises(InputError, match="not an HTML page"):
        require_markup(decode_html(text.encode("utf-8")))


@pytest.mark.parametrize("html", ["<p>A fragment without html or body.</p>", "Intro line<br>second line",
                                  "<!-- saved page -->text", "<!DOCTYPE html>text"])
def test_fragments_with_any_markup_are_accepted(html):
    require_markup(html)
