"""Japanese (ja): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import JA_SUFFIXES


class Rules(Language):
    code = "ja"
    caseless = True
    no_spaces = True
    verbs = word_list("""と述べた と話した と語った と強調した と説明した と指摘した と明らかにした と発表した と付け加えた
        と言った と述べ と話し と語り と訴えた と主張した と答えた と述べている と話している とした と続けた
        とも述べ とも語っ とも話し と付け加え と強調 と説明 と話す と語る と述べる と明かした と振り返った と笑った としている""")
    according = ("によると", "によれば")
    person_pronouns = frozenset({"彼", "彼女"})
    quote_then_verb = True  # 「…」と述べた
    topic_marked = True
    title_marks = "『"  # 『港の灯』: double corner brackets hold a book's, a film's, a paper's title

    def speaker_after_quote(self, clause: str) -> tuple[str | None, bool] | None:
        """「…」と佐藤氏は述べた / 「…」と述べた: the phrase marked with は or が between と and the verb."""
        if not clause.startswith(("と", "って")):
            return None, False
        m = STEM.search(clause, 1)
        if not m or m.start() > 18 or (m.group(0) == "し" and m.start() > 1):
            return None, False
        body = clause[1 : m.start()].lstrip("も")
        if "は" in body or "が" in body:
            return re.split(r"[はが]", body)[0], True
        return None, True

    def topic(self, before: str) -> str | None:
        """佐藤氏は全体会合の演説で「… → 佐藤氏 (the last topic or subject marked with は/が, not には/では)."""
        before = re.sub(r"[（(][^）)]*[）)]", "", before)  # 山田和子さん（64）は
        framed = SOURCE_TOPIC.findall(before)  # 事務局は声明で、協議は「…」: who issued the statement speaks
        found = framed or TOPIC.findall(before)
        return found[-1].split("の")[-1].lstrip("と") if found else None  # 「…」と森川さんは → 森川さん

    def paragraph_topic(self, before: str) -> str | None:
        """森川さんは神戸市出身で…。記者会見では「…」と話した: the person the paragraph is about."""
        found = HONORIFIC_TOPIC.findall(before)
        return found[-1] if found else None

    def extra_names(self, text: str) -> list[str]:
        """森川紗季さん, 林志豪董事長: the full name written once with its honorific or office."""
        return [m.group(1) for m in FULL_NAME.finditer(text)]

    def name_beside_office(self, speaker: str, before: str) -> str:
        """エル・イドリシ特使 … 「…」と特使は: the office stands for the name written before it."""
        if speaker not in JA_SUFFIXES:
            return speaker
        named = re.findall(r"([\u30a0-\u30ff・]{2,12}|[\u4e00-\u9fff]{2,4})" + re.escape(speaker), before)
        return named[-1] + speaker if named else speaker


# verbs of saying after 「…」と, with the speaker possibly in between (「…」と特使は語った)
STEM = re.compile(r"述べ|語|話|強調|説明|指摘|明らかに|明か|発表|付け加え|言っ|訴え|主張|答え|続け|振り返|笑|あいさつ|挨拶|表現|し")
_TOPIC = r"([^\s、。「」『』（）()]{1,30}?)(?<![にでとへ])[はが]"  # a phrase marked with は/が, not には/では
TOPIC = re.compile(_TOPIC + r"(?=[、\s]|[^いらな]|$)")
# A topic followed by the occasion it spoke on: 事務局は声明で, 知事は記者会見で, 広報担当者は取材に対し.
SOURCE_TOPIC = re.compile(_TOPIC + r"、?(?:声明|会見|記者会見|取材|談話|インタビュー)(?:で|に対し|に)")
HONORIFIC_TOPIC = re.compile(r"([\u4e00-\u9fff\u30a0-\u30ff]{1,8}(?:さん|氏))[はが]")
FULL_NAME = re.compile(r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{3,4})(?:さん|氏|董事長|社長|会長|教授|大臣|知事|市長)")
