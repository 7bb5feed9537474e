"""What the outlet says to its reader about itself: a call to subscribe, download its app, join its forum or
members, follow it or write to it on a channel.

Pages set these lines into the story's container, most often as its last paragraph ("Get our reporting
first: download the Tidewater Courier app.", "Wir bei WhatsApp: 0160 …", "Chat with us in Facebook
Messenger."), and the apps, services and channels they name became facet entries of a story that never mentions
them. A block is such a call when it names a channel of the outlet (an app, a newsletter, a messenger, a forum,
a subscription, its members) and speaks for the outlet to the reader: a sentence opening with the call's
imperative ("Download …", "Join our …", "Abonnieren Sie …") or the outlet placing itself on the channel ("us on
…", "Wir bei …"). A block that quotes someone is story. Short blocks go wherever they stand; longer ones (up to
MAX_PROMOTION) only among the last blocks, where the outlet signs off.
"""

from __future__ import annotations

import re

MAX_PROMOTION = 400  # characters: a longer block is story
SHORT = 120  # a call this short is left out wherever it stands
CLOSING_BLOCKS = 3  # a longer call is among the last blocks of the text

# The outlet's channels to its readers and the words for subscribing, in the archive's languages.
_CHANNEL = re.compile(
    r"\b(?:apps?|newsletters?|inbox|letterbox|mailbox|whatsapp|telegram|messenger|forums?|podcasts?|e-?paper"
    r"|push[- ]?(?:notifications?|nachrichten|mitteilungen)|rss|subscri\w*|abonn\w*|abos?|suscr\w*|assin\w*"
    r"|iscri\w*|prenumer\w*|subskryb\w*|members?|membership|mitglied\w*|membres?|miembros?|lidmaatschap)\b",
    re.IGNORECASE)
# The outlet placing itself on a channel: "us on Facebook", "Wir bei WhatsApp", "nous sur Twitter".
_OUTLET_ON = re.compile(r"\b(?:us|wir|uns|nous|nos|noi|nas|ons)\s+(?:on|via|bei|auf|sur|su|na|op)\b",
                        re.IGNORECASE)
# The call's imperative, opening a sentence (or after a fronted "For the latest stories, ..."): an imperative
# inside a sentence ("to get started", "apps that get ...") is the story's.
_CALL = re.compile(
    r"(?:^|[.!?:]\s+|^(?:for|für|pour|para|per|um)\b[^.!?]{0,80}?\s)"
    r"(?:(?:then|and|so|now|simply|just|please|bitte|jetzt|einfach)\s+)?"
    r"(?:get|join|download|subscribe|sign up|follow|chat|click|tap|install|register|consider|become"
    r"|hol dir|holen sie|lade|laden sie|abonniere|abonnieren sie|folge|folgen sie|melde dich|melden sie sich"
    r"|registriere dich|werde|werden sie|suivez|abonnez|téléchargez|inscrivez|rejoignez|síguenos|descarga"
    r"|descargue|suscríbete|suscríbase|únete|regístrate|seguici|scarica|iscriviti|abbonati|siga|baixe|assine"
    r"|inscreva|obserwuj|pobierz|zapisz się|dołącz|volg|abonneer|word lid)(?![\w-])", re.IGNORECASE)
# A line that only points the reader to the outlet's social networks: "Follow Backchannel: Twitter | Facebook".
_FOLLOW = re.compile(r"^(?:follow|folgen sie|folge|suivez|síguenos|seguici|siga|volg|obserwuj)\b[^.!?]{0,60}?"
                     r"\b(?:twitter|facebook|instagram|linkedin|youtube|tiktok|mastodon|bluesky)\b[^.!?]{0,60}$",
                     re.IGNORECASE)
_QUOTATION = re.compile(r"[\"“”„«»‹›「」『』]")


def is_promotion(text: str) -> bool:
    """A block in which the outlet calls its reader to one of its channels (see the module's docstring)."""
    line = " ".join(text.split())
    if len(line) <= SHORT and _FOLLOW.match(line):
        return True
    if len(line) > MAX_PROMOTION or _QUOTATION.search(line) or not _CHANNEL.search(line):
        return False
    return bool(_CALL.search(line) or _OUTLET_ON.search(line))


def promotions(texts: list[str]) -> set[int]:
    """Indexes of the blocks that are promotions: short ones anywhere, longer ones among the last CLOSING_BLOCKS.
    `texts` are the blocks' texts ("" for one that cannot be one, a heading)."""
    last = len(texts) - CLOSING_BLOCKS
    return {i for i, text in enumerate(texts)
            if text and (i >= last or len(text) <= SHORT) and is_promotion(text)}
