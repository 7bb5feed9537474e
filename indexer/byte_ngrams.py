"""py3langid's naive-Bayes model of byte n-grams: the second language model (indexer.language).

langdetect's profiles count characters of 1-3 letters; py3langid's counts byte sequences up to four bytes long and
was trained on other text. Weighed together, short texts in languages that share most of their letters (Danish and
Norwegian, Romanian, Slovene and Croatian, Afrikaans and Dutch) come out right far more often than with either
alone; and py3langid knows languages langdetect has no profile for (Icelandic, Basque, Serbian, Kazakh …).
See benchmarks/language.py.

Only the columns of the languages asked about are kept: the whole model holds 142, the Latin- and Cyrillic-script
languages indexer.language asks about 51.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib.metadata import version

import numpy as np

# A language of ours scored by py3langid under more than one code: the best of them counts.
_CODES = {"no": ("no", "nn")}

_lock = threading.Lock()


@lru_cache(maxsize=4)
def _identifier(languages: tuple[str, ...]):
    """py3langid's identifier restricted to `languages`, stored as plain arrays: unpacking the packaged model costs
    0.6 s in every process, the stored copy a tenth of that."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    from indexer.text.cache import stored_table

    def build():
        from py3langid.modelio import load_model

        ptc, pc, classes, nextmove, row, output = load_model(MODEL_DIR / MODEL_FILE)
        wanted = [i for i, c in enumerate(classes) if any(c in _CODES.get(lang, (lang,)) for lang in languages)]
        return (np.ascontiguousarray(np.asarray(ptc)[:, wanted]), np.asarray(pc)[wanted],
                [classes[i] for i in wanted], nextmove, row, output)

    with _lock:  # (threads of the web app: one build)
        ptc, pc, classes, nextmove, row, output = stored_table(
            "py3langid", [version("py3langid"), np.__version__, " ".join(languages)], build)
    return LanguageIdentifier(ptc, pc, classes, nextmove, output, tk_row=row)


def load(languages: tuple[str, ...]) -> None:
    """Read the model now (before worker processes are forked, so that they share one copy)."""
    _identifier(languages)


def byte_scores(text: str, languages: tuple[str, ...]) -> dict[str, float]:
    """Log-likelihood of the text under each language's byte n-gram model (ISO 639-1 codes), relative to the
    best: 0 for the likeliest, negative for the rest."""
    ranked = dict(_identifier(languages).rank(text))
    scores = {lang: max(ranked.get(code, -np.inf) for code in _CODES.get(lang, (lang,))) for lang in languages}
    top = max(scores.values())
    floor = min((s for s in scores.values() if s > -np.inf), default=0.0)
    return {lang: (s if s > -np.inf else floor) - top for lang, s in scores.items()}
