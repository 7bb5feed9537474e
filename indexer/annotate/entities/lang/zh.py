"""Chinese names: the common one-character surnames in Han script, and Chinese names written in Latin letters
(surname first, pinyin or Wade-Giles)."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import _NO_CASE_SCRIPT
from indexer.annotate.entities.gazetteer import first_names
from indexer.annotate.entities.lang import Rules
from indexer.text.names import fold

ZH_SURNAMES = set("李王张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏"
                   "吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱"
                   "严覃武戴莫孔向汤")
AFTER_NAME = re.compile(r"表示|说|指出|称|认为|强调|告诉|介绍|先生|女士|教授|博士")

PINYIN_SYLLABLE = (r"(?:ch|sh|zh|hs|ts|tz|[bpmfdtnlgkhjqxrzcsyw])?"
                    r"(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ui|ao|ou|iu|ie|ue|er|an|en|in|un|ia|ua|uo"
                    r"|ih|a|o|e|i|u)")
PINYIN_GIVEN = re.compile(rf"(?i){PINYIN_SYLLABLE}(?:-?{PINYIN_SYLLABLE})?")
# Chinese surnames as the Latin press writes them (pinyin, and Wade-Giles for Taiwan and Hong Kong)
LATIN_SURNAMES = frozenset("""li wang zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo zheng
liang xie song tang han feng deng cao peng zeng xiao tian dong yuan pan cai jiang yu du ye cheng su wei lu ding ren shen
yao jin qian tan fu fan bai kong mao qin xiong meng chang chou hsu hsieh kuo hung chiu tseng liao lai yeh tsai chuang
chiang ho lee chan wong cheung leung tsang""".split())


def given_first(words: list[str]) -> list[str]:
    """Chinese names in Latin letters put the surname first ("Li Wenjun", "Lin Chih-hao"): turn them round, so
    that the surname is last as in every other name the keys are made of."""
    if len(words) == 2 and words[0].casefold() in LATIN_SURNAMES and PINYIN_GIVEN.fullmatch(words[1]) and (
            fold(words[1]) not in first_names()):
        return [words[1], words[0]]
    return words


class HanText(Rules):
    """Chinese and Japanese: Latin words stand in the text without spaces or capitals around them to tell a name
    from a product or a technical term ("AlphaGo AI", "DNC模型")."""

    def filter_mentions(self, mentions: list, text: str) -> list:
        """A Latin name counts where the gazetteer knows it by that name, an acronym's expansion excepted."""
        return [m for m in mentions if _NO_CASE_SCRIPT.search(m.surface) or m.canonical and not m.surface.isupper()]


RULES = HanText("zh")
