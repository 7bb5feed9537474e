"""Names in scripts without capitals (Han, kana, Arabic): gazetteer names longest first, people by their honorifics,
verbs of saying and middle dots, companies by their kind, and later mentions of names found once."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import _HAN, _HIRAGANA, _NO_CASE_SCRIPT, Mention, paragraph_offsets
from indexer.annotate.entities.gazetteer import script_index
from indexer.annotate.entities.keys import _unspaced_name
from indexer.annotate.entities.lang import ar as arabic_names
from indexer.annotate.entities.lang import ja, zh

_ARABIC_LETTER = re.compile(r"[\u0620-\u064a]")


def _script_mentions(paragraphs: list[str], weak_first: bool) -> list[Mention]:
    """Gazetteer names in Han, kana and Arabic text, longest match first (no capitals to go by there)."""
    out: list[Mention] = []
    whole = "\n\n".join(paragraphs)
    for pi, (base, para) in enumerate(paragraph_offsets(paragraphs)):
        if not _NO_CASE_SCRIPT.search(para):
            continue
        weak = weak_first and pi == 0
        found: list[Mention] = []
        end = 0
        for start, hit, kind, canonical in sorted(_han_hits(para) + arabic_names.known_names(para)):
            if start < end:
                continue
            org = _org_around_place(para, start, hit) if kind == "place" else None
            if org:  # "JR東日本", "中国国家铁路集团", "شركة مصر للطيران": the place is part of the name
                found.append(Mention(org[1], "organization", base + org[0], weak=weak))
                end = org[0] + len(org[1])
                continue
            if not (kind == "place" and hit in _AR_COMMON_WORDS):
                found.append(Mention(hit, kind, base + start, canonical if kind != "person" else None, weak=weak))
            end = start + len(hit)
        people = _script_people(para, base, weak, whole) + arabic_names.find_names(para, whole, base, weak) + (
            _han_organisations(para, base, weak))
        for m in people:
            a, b = m.start, m.start + len(m.surface)
            clash = [x for x in found if x.start < b and a < x.start + len(x.surface)]
            if any(x.type != "place" for x in clash):
                continue
            found = [x for x in found if x not in clash]  # "德里" inside "伊德里西", "川口" inside "川口淳"
            found.append(m)
        out.extend(found)
    return out + _unclaimed_hits(out, arabic_names.normal(whole), _arabic_repeats(out) + _han_repeats(out))


_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]+")


def _inside_katakana_word(para: str, start: int, end: int) -> bool:
    """A name in katakana is a whole word of katakana: "アルバ" (Aruba) is not in "アルバム" (an album)."""
    return bool(_KATAKANA.fullmatch(para[start:end])) and (
        start > 0 and _KATAKANA.match(para[start - 1]) is not None or _KATAKANA.match(para[end:end + 1]) is not None)


def _han_hits(para: str) -> list[tuple[int, str, str, str]]:
    """(start, name, type, canonical) of the gazetteer's names in the paragraph's Han and kana, longest first."""
    index = script_index()
    out = []
    i = 0
    while i < len(para):
        hit = None
        if not _ARABIC_LETTER.match(para[i]):
            hit = next((para[i : i + n] for n in range(min(20, len(para) - i), 1, -1)
                        if para[i : i + n] in index and not _inside_katakana_word(para, i, i + n)), None)
        if hit:
            out.append((i, hit, *index[hit]))
        i += len(hit) if hit else 1
    return out


# A company or body in Han text: two to four characters of name, then what it is ("澜岸智能", "深蓝资本", "海辺書房",
# "環境省"), right after a boundary, "企业" (company) or "由" (by) — not inside a phrase like "农业科技领域".
_HAN_ORG = re.compile(r"(?:^|(?<=[，。、：；！？“”「」（）()\s由据據])|(?<=企业|企業|公司))"
                      r"(?![由据據])([\u4e00-\u9fff\u30a0-\u30ff]{2,4}(?:智能|资本|資本|科技|控股|证券|証券|基金|传媒|書房|书房|出版社"
                      r"|研究院|研究所|実行委員会|委员会|委員会|省|庁))(?=[\u4e00-\u9fff\u3040-\u309f0-9０-９，。、（(「“]|$)")


def _han_organisations(para: str, base: int, weak: bool) -> list[Mention]:
    return [Mention(m.group(1), "organization", base + m.start(1), m.group(1), weak=weak)
            for m in _HAN_ORG.finditer(para) if not _HAN_NOT_NAME & set(m.group(1)[:2])]


_HAN_AFTER_SURNAME = re.compile("氏|さん|様|首相|大臣|社長|会長|教授|知事|市長|団長|特使|委員長|部長|局長|董事長|董事长|"
                                "先生|女士|表示|说|說|指出|认为|認為|强调|強調|は|が|も|の|と|に")


def _han_repeats(mentions: list[Mention]) -> list[tuple]:
    """"佐藤氏", "陈先生" after "佐藤遥", "陈思远": the surname with an honorific or a verb is the person named before;
    a company found by its kind ("深蓝资本") is that company wherever else the text names it."""
    forms: list[tuple] = [(re.escape(name), name, "organization", name, "", _anywhere) for name in sorted(
        {m.surface for m in mentions if m.type == "organization" and _HAN_ORG.fullmatch(m.surface)})]
    for m in mentions:
        parts = _unspaced_name(m.surface) if m.type == "person" else None
        if parts and len(parts) == 2:
            inside = f"(?<![{_HAN}])" if len(parts[1]) > 1 else ""  # "中村" is no surname in "田中村"
            forms.append((inside + re.escape(parts[1]) + f"(?=(?:{_HAN_AFTER_SURNAME.pattern}))", parts[1], "person",
                          None, m.surface, _anywhere))
    return forms


def _anywhere(text: str, a: int, b: int) -> bool:
    return True


def _unclaimed_hits(mentions: list[Mention], text: str, forms: list[tuple]) -> list[Mention]:
    """Later mentions of names found once, where no mention stands yet: each form is (pattern, surface, type,
    canonical, lemma, accept(text, start, end))."""
    taken = [(m.start, m.start + len(m.surface)) for m in mentions]
    out = []
    for pattern, surface, kind, canonical, lemma, accept in forms:
        for hit in re.finditer(pattern, text):
            a, b = hit.span()
            if accept(text, a, b) and not any(c < b and a < d for c, d in taken):
                out.append(Mention(surface, kind, a, canonical, lemma=lemma))
                taken.append((a, b))
    return out


def _arabic_repeats(mentions: list[Mention]) -> list[tuple]:
    """Later bare mentions of an Arabic surname ("قال التازي") join the person named in full before."""
    families = {arabic_names.surname(m.surface) for m in mentions if m.type == "person"} - {None}
    return [(re.escape(arabic_names.normal(f)), f, "person", None, f, arabic_names.bounded) for f in sorted(families)]


_HAN_ORG_SUFFIX = re.compile("(?:集团|集團|公司|银行|銀行|航空|铁路|鐵路|鉄道|大学|大學|协会|協会|委员会|委員会|电视台|新闻社"
                             "|通信社|株式会社|電力|电力|汽车|自動車|日报|日報|新聞社)+")
_HAN_NAME_RUN = re.compile(r"[^\W\d_的和与及或在是对向从为]{0,10}")  # a name runs on to its suffix, not across 的/和


def _org_around_place(para: str, start: int, hit: str) -> tuple[int, str] | None:
    """(start, name) of an organisation whose name contains the place: Latin capitals glued before it ("JR東日本"),
    a company word after it in Han text ("中国国家铁路集团"), or an Arabic company word before it ("شركة مصر")."""
    end = start + len(hit)
    if _ARABIC_LETTER.match(hit[0]):
        words = para[: start - len(para[:start].split(" ")[-1])].split()  # before the word its clitics begin
        if not words or words[-1] not in arabic_names.COMPANY_WORDS:
            return None
        head_at = para.rfind(words[-1], 0, start)
        after = para[end:].split()
        word = after[0].rstrip("،,.:;") if after else ""
        tail = " " + word if word.startswith(("لل", "ال")) and para[end:end + 1] == " " else ""  # not its comma
        return head_at, para[head_at:end] + tail
    lead = re.search(rf"[A-Za-zＡ-Ｚ]+[{_HAN}]?$", para[max(0, start - 6) : start])
    if lead:
        return start - len(lead.group()), para[start - len(lead.group()) : end]
    run = _HAN_NAME_RUN.match(para, end).group()
    suffix = _HAN_ORG_SUFFIX.search(run)
    if suffix:
        return start, para[start : end + suffix.end()]
    return None


# Arabic words that are also place names in the gazetteer: "المدينة" (the city, Medina), "رياض" (a riad).
_AR_COMMON_WORDS = {"المدينة", "مدينة", "رياض", "الرياض"}
_KANA_NAME = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}(?:[・·][\u30a1-\u30fa\u30fc]{1,})+")
# An honorific or a title after a name in katakana ("…特使", "…環境移行相", "…氏"): loanwords are joined by the same dot
# ("スマホ・タブレット", "オリンピック・パラリンピック")
_KANA_NAME_CUE = re.compile(rf"さん|氏|様|[{_HAN}]{{0,4}}(?:相|大臣|長官|長|使|員|選手|監督|教授|容疑者|被告|大統領|知事|代表|議長"
                            "|総裁|主席|記者)")
_HAN_DOT_NAME = re.compile(rf"[{_HAN}]{{2,6}}(?:·[{_HAN}]{{1,6}})+")
# Characters that end a title or start a predicate, never part of a transliterated name.
_HAN_NOT_NAME = set("的和与在是了对向由使臣家长员表席理裁授者国说称指认强会人为将从提则呼希宣发告透补问也都")


def _script_people(para: str, base: int, weak: bool, whole: str) -> list[Mention]:
    """People in Han and kana text where the text makes them clear: transliterated foreign names written with
    a middle dot ("阿米娜·伊德里西", "アミナ・エル・イドリシ"), a Chinese surname before a verb of saying or an
    honorific ("李文军表示"), a Japanese name before an honorific or a title ("川口淳さん", "北原健二社長")."""
    out: list[Mention] = []
    index = script_index()
    for m in _KANA_NAME.finditer(para):
        parts = re.split("[・·]", m.group())
        if not any(part in index and index[part][0] != "person" for part in parts) and (
                _KANA_NAME_CUE.match(para, m.end()) or whole.count(parts[-1]) > whole.count(m.group())):
            out.append(Mention(m.group(), "person", base + m.start(), weak=weak))  # not "モロッコ・マラケシュ"
    for m in _HAN_DOT_NAME.finditer(para):
        parts = m.group().split("·")
        stops = [i for i, ch in enumerate(parts[0]) if ch in _HAN_NOT_NAME]
        head = parts[0][stops[-1] + 1 if stops else 0 :][-4:]  # "水利专家哈桑" → "哈桑"
        tail = parts[-1]
        cut = next((i for i, ch in enumerate(tail) if ch in _HAN_NOT_NAME and i > 0), len(tail))
        if head and cut:
            name = "·".join([head, *parts[1:-1], tail[:cut]])
            out.append(Mention(name, "person", base + m.start() + len(parts[0]) - len(head), weak=weak))
    kana = _HIRAGANA.search(para) is not None
    for m in [] if kana else zh.AFTER_NAME.finditer(para):
        before = para[max(0, m.start() - 3) : m.start()]
        for n in (3, 2):
            cand = before[-n:]
            if len(cand) == n and cand[0] in zh.ZH_SURNAMES and all("\u4e00" <= ch <= "\u9fff" for ch in cand):
                out.append(Mention(cand, "person", base + m.start() - n, weak=weak))
                break
    for m in ja.NAME_BEFORE_TITLE.finditer(para) if kana else []:
        out.append(Mention(m.group(), "person", base + m.start(), weak=weak))
    taken: set[int] = set()
    unique = []
    for m in sorted(out, key=lambda x: (x.start, -len(x.surface))):
        span = set(range(m.start, m.start + len(m.surface)))
        if not span & taken:
            taken |= span
            unique.append(m)
    return unique
