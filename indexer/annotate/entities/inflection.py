"""Case forms of Slavic place and institution names: the nominative of an inflected Ukrainian, Russian or Polish
name ("Нижній Сілезії" → "Нижня Сілезія", "Dolnego Śląska" → "Dolny Śląsk").

Pure morphology over pymorphy and simplemma, with no gazetteer or entity imports, so that both the gazetteer (which
looks places up by their nominative) and the Slavic rules in `lang/` can build on it.
"""

from __future__ import annotations

import re

from indexer.text.names import _morph, _restore_case, readings

# Lemmas of words that head an institution's name (uk and ru).
_ORG_HEADS = frozenset("""
управління департамент міністерство служба суд райсуд госпсуд рада міськрада облрада райрада сільрада селищна
комітет агентство держагентство інспекція відділ відділення тервідділення прокуратура лікарня поліклініка завод
комбінат фабрика університет партія фонд асоціація федерація спілка палата адміністрація облдержадміністрація
райдержадміністрація держадміністрація виконком банк компанія корпорація концерн товариство підприємство установа
училище школа ліцей гімназія інститут академія коледж театр музей бібліотека лісгосп держлісгосп спецлісгосп
лісництво митниця інтернат санаторій пансіонат клуб поліція контора лабораторія центр об'єднання холдинг бригада
корпус армія уряд кабмін міліція трибунал комісія представництво посольство консульство редакція видавництво
телеканал агенція конгрес парламент облуправління господарство залізниця аеропорт шахта біржа мерія консорціум
тец гес аес дирекція штаб бюро організація філія осередок

управление министерство служба суд совет комитет агентство инспекция отдел отделение прокуратура больница завод
комбинат фабрика университет партия фонд ассоциация федерация союз палата администрация банк компания корпорация
концерн общество предприятие учреждение училище школа институт академия колледж театр музей библиотека клуб
полиция лаборатория центр объединение холдинг правительство комиссия посольство консульство редакция издательство
телеканал дума парламент биржа радиостанция консорциум
""".split())
# Compound heads: "Київрада", "облдержадміністрація", "райсуд".
_HEAD_ENDINGS = ("рада", "адміністрація", "суд", "управління", "лісгосп", "інспекція", "виконком", "райком", "обком")
_HEAD_PREFIXES = frozenset(h[:3] for h in _ORG_HEADS)
# Abbreviated heads: головне управління, відділ поліції, обласна/районна держадміністрація …
_ABBR_HEADS = frozenset({"ГУ", "ВП", "ОДА", "РДА", "КМДА", "ОТВ", "ГУНП", "СВ", "ДПІ", "УВС", "ГУМВС", "УМВС"})
_HEAD_INSIDE = re.compile(r"рад|суд|адмін|управл|лісгосп|інспекц|виконком|райком|обком")


def _is_head(word: str, language: str) -> bool:
    if word in _ABBR_HEADS:
        return True
    low = word.lower()
    if low[:3] not in _HEAD_PREFIXES and not _HEAD_INSIDE.search(low):
        return False  # most words: no need to ask the (slow) analyser
    return any("NOUN" in tag and (lemma in _ORG_HEADS or lemma.endswith(_HEAD_ENDINGS)) for lemma, tag in readings(
        word, language))


def _is_adj(word: str, language: str) -> bool:
    parses = readings(word, language)
    return bool(parses) and any(tag.startswith("ADJF") for _l, tag in parses[:3])


def _inflect(word: str, parse, grammemes: set[str]) -> str | None:
    form = parse.inflect(grammemes)
    if form is None:
        return None
    text = form.word
    if word.isupper() and len(word) > 1:
        return text.upper()
    if "-" in word and len(word.split("-")) == len(text.split("-")):  # "Верх-Исетского" → "Верх-Исетский"
        return "-".join(p[:1].upper() + p[1:] if w[:1].isupper() else p
                        for w, p in zip(word.split("-"), text.split("-"), strict=True))
    return _same_case(text, word)


def agreed_nominative(surface: str, language: str) -> str | None:
    """The dictionary form of an institution or region name: its adjectives and head word in the nominative, the
    genitives after it unchanged ("Хмельницького відділення АМКУ" → "Хмельницьке відділення АМКУ"); None when the
    name does not start with adjectives agreeing with a head noun."""
    morph = _morph(language)
    words = surface.split()
    if morph is None or len(words) < 2 or not words[0][:1].isupper():
        return None
    h = 0
    while h < len(words) and h < 4 and _is_adj(words[h], language) and not _is_head(words[h], language):
        h += 1
    if h == 0 or h >= len(words) or not words[h][:1].isalpha():
        return None
    for head in morph.parse(words[h]):
        tag = head.tag
        if tag.POS != "NOUN" or tag.case is None:
            continue
        number = tag.number or "sing"
        agree = {tag.case, number if number == "plur" else tag.gender}
        adjs = [next((p for p in morph.parse(w) if p.tag.POS == "ADJF" and agree <= set(p.tag.grammemes)), None)
                for w in words[:h]]
        if None in adjs:
            continue
        if number == "plur":
            new_head = _inflect(words[h], head, {"nomn", "plur"})
        else:  # the Ukrainian dictionary leaves "sing" untagged, so inflecting to "nomn" may pick the plural
            new_head = _inflect(words[h], head, {"nomn", "sing"}) or _restore_case(head.normal_form, words[h])
        new_adjs = [_inflect(w, p, {"nomn", "plur"} if number == "plur" else {"nomn", tag.gender})
                    for w, p in zip(words[:h], adjs, strict=True)]
        if new_head is None or None in new_adjs:
            return None
        return " ".join([*new_adjs, new_head, *words[h + 1 :]])
    return None


# ---------------------------------------------------------------- Polish (Latin script, seven cases)

_PL_ADJ_ENDINGS = ("iego", "iemu", "ego", "emu", "ymi", "imi", "ych", "ich", "iej", "ym", "im", "ej", "ie", "ą", "y",
                   "i", "a", "e")
_PL_NOMINATIVE_ADJ = ("y", "i", "a", "e")
PL_PLACE_PREPOSITIONS = frozenset({"w", "we", "na", "do", "z", "ze", "pod", "nad", "przy", "koło", "od", "spod",
                                   "przez", "po", "za", "obok", "ku"})


def _pl_lemma(word: str) -> str:
    """simplemma's Polish lemma with the word's capital kept: "Mieście" → "Miasto", "Torunia" → "Toruń"."""
    from indexer.text.lemmas import lemma

    low = word.lower()
    found = lemma(low, "pl")
    if found == low:
        found = lemma(word, "pl")
    return _same_case(found, word)


def pl_adjective_stem(word: str) -> str | None:
    """The stem of a Polish adjective in any case form ("Nadwiślańskim" → "nadwiślańsk", "Zielonej" → "zielon"),
    None for other words ("Góry", "Pomorza", "Torunia"): the lemmatiser must read the word as that adjective."""
    from indexer.text.lemmas import lemma

    low = word.lower()
    if not low.isalpha() or word.isupper():
        return None
    own = lemma(low, "pl")
    for end in _PL_ADJ_ENDINGS:
        if not low.endswith(end) or len(low) - len(end) < 3:
            continue
        stem = low[: len(low) - len(end)]
        masc = stem + ("i" if stem[-1] in "kg" else "y")
        if own == masc or (own == _pl_adjective_form(stem, "n") and lemma(masc, "pl") == masc != masc.title()
                           and masc != own):
            return stem
    return None


def _pl_adjective_form(stem: str, gender: str) -> str:
    soft = stem[-1] in "kg"
    if gender == "m":
        return stem + ("i" if soft else "y")
    if gender == "f":
        return stem + "a"
    return stem + ("ie" if soft else "e")  # neuter, and plurals of things ("Tatry Wysokie")


def _pl_gender(noun: str) -> str:
    low = noun.lower()
    if low.endswith("a"):
        return "f"
    if low.endswith(("o", "e", "ę", "um")):
        return "n"
    if low.endswith(("y", "i")):
        return "p"
    return "m"


def _same_case(word: str, cap: str) -> str:
    return word[:1].upper() + word[1:] if cap[:1].isupper() else word


def polish_nominative(surface: str) -> str:
    """A Polish place or organisation name in the nominative: the head noun and the adjectives agreeing with it are
    put back in the nominative, the genitives after them are kept ("Kurierem Nadwiślańskim" → "Kurier
    Nadwiślański", "Niezależnym Związku Zawodowym Portowców" → "Niezależny Związek Zawodowy Portowców",
    "na Starym Mieście" → "Stare Miasto", "Instytutu Badań Rzecznych" → "Instytut Badań Rzecznych")."""
    words = surface.split()
    stems = [pl_adjective_stem(w) for w in words]
    head = next((i for i, s in enumerate(stems) if s is None), None)
    if head is None or not words[head].isalpha() or words[head].isupper():
        return surface
    adjectives = [w.lower() for w, s in zip(words, stems, strict=True) if s is not None]
    if adjectives and all(w.endswith(_PL_NOMINATIVE_ADJ) for w in adjectives):
        return surface  # "Koleje Ukraińskie", "Regionalna Izba Obrachunkowa" already are nominatives
    noun = _pl_lemma(words[head])
    gender = _pl_gender(noun)
    out = list(words)
    out[head] = noun
    k = head + 1
    while k < len(words) and stems[k] is not None:
        k += 1  # adjectives right after the head agree with it ("Warszawy Centralnej", "Związku Zawodowym")
    for i in [*range(head), *range(head + 1, k)]:
        out[i] = _same_case(_pl_adjective_form(stems[i], gender), words[i])
    return " ".join(out)
