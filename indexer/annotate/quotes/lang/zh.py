"""Chinese (zh): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "zh"
    caseless = True
    no_spaces = True
    verbs = word_list("说 表示 称 指出 强调 认为 介绍 透露 坦言 回应 补充说 补充道 写道 问道 宣布 告诉 說 稱 強調 呼吁 呼籲 笑着说")
    according = ("据",)
    person_pronouns = frozenset({"他", "她", "他们", "她们"})
    thing_pronouns = frozenset({"它"})

    def extra_names(self, text: str) -> list[str]:
        """茶农何建国。/ 合伙人吴婷， — a name right after an office, closed by punctuation."""
        return [m.group(1) for m in ROLE_THEN_NAME.finditer(text)]


ROLE_THEN_NAME = re.compile(
    r"(?:社长|总裁|董事长|主席|部长|代表|专家|合伙人|市长|省长|县长|镇长|局长|经理|主任|教授|发言人|创始人|首席执行官|茶农|农民|作家)"
    r"([\u4e00-\u9fff]{2,3}?)(?=[。，、：；（\s]|周[一二三四五六日]|星期|今天|昨天|上午|下午|表示|说|[一二三四五六七八九十\d]{1,3}日)"
)
