"""Wire copies: articles whose body is essentially the same text, however their headline, byline, boilerplate or a
paragraph or two differ.

Outlets run an agency's story with their own headline, cut or add a paragraph, put their byline and a "Read more"
line around it; the body's word sequence stays. Text is reduced to its shingles (every run of SHINGLE words, or of
CJK_SHINGLE characters in scripts written without spaces); two bodies are one story when most of the shorter one's
shingles are in the longer one (containment, so a copy cut to half its length is still a copy). Two articles of
different outlets on the same topic, written separately, share almost no run of four words.

Finding the candidates among every article stored must not compare with each: a MinHash signature of the shingles
is cut into BANDS bands of ROWS values, and articles that share a band are the candidates (locality-sensitive
hashing). With 2 values a band and 32 bands, two bodies with a third of their shingles in common share a band with
probability 0.97, two unrelated ones (a few percent) about 0.06; the candidates are then checked on their shingles.
"""

from __future__ import annotations

import hashlib
import re
import zlib

import numpy as np

SHINGLE = 4  # words a shingle: long enough that two outlets' own sentences rarely share one
CJK_SHINGLE = 5  # characters a shingle in Chinese and Japanese text
SAME_STORY = 0.6  # share of the shorter body's shingles that the other has
MIN_SHINGLES = 25  # a body shorter than this is a brief or a caption: too short to call a copy
BANDS, ROWS = 32, 2
_WORD = re.compile(r"\w+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_RANDOM = np.random.default_rng(20261202)
_A = _RANDOM.integers(1, 2**63, size=BANDS * ROWS, dtype=np.uint64) | np.uint64(1)  # odd multipliers
_B = _RANDOM.integers(0, 2**63, size=BANDS * ROWS, dtype=np.uint64)
_MIX = np.uint64(0x9E3779B97F4A7C15)  # an odd 64-bit constant: mixing in order keeps "a b c d" and "b a c d" apart


def shingles(text: str) -> frozenset[int]:
    """The body's shingles as 64-bit hashes (case and punctuation do not count). Each word is hashed once (CRC-32)
    and a shingle's hash mixes its words' hashes in order, in numpy: a few milliseconds for a long story."""
    words = _WORD.findall(text.casefold())
    if len(_CJK.findall(text)) > len(text) / 4:  # mostly Chinese or Japanese: runs of characters
        words, size = list("".join(words)), CJK_SHINGLE
    else:
        size = SHINGLE
    if len(words) < size:
        return frozenset()
    h = np.fromiter((zlib.crc32(w.encode()) for w in words), dtype=np.uint64, count=len(words))
    mixed = np.zeros(len(words) - size + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for i in range(size):
            mixed = mixed * _MIX + h[i:len(h) - size + 1 + i]
    return frozenset(mixed.tolist())


def packed(grams: frozenset[int]) -> bytes:
    """A body's shingles as the store keeps them (`story_shingles`): the low 32 bits of each, sorted, 4 bytes a
    shingle. Compare them with `unpacked` ones only: a collision among a story's few hundred shingles in 2**32 values
    is as rare as a shared run of four words."""
    return np.unique(np.fromiter(grams, dtype=np.uint64, count=len(grams)).astype(np.uint32)).tobytes()


def unpacked(blob: bytes) -> frozenset[int]:
    return frozenset(np.frombuffer(blob, dtype=np.uint32).tolist())


def containment(a: frozenset[int], b: frozenset[int]) -> float:
    """Share of the smaller set that the other one has."""
    if not a or not b:
        return 0.0
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return len(small & large) / len(small)


def same_story(a: frozenset[int], b: frozenset[int]) -> bool:
    return min(len(a), len(b)) >= MIN_SHINGLES and containment(a, b) >= SAME_STORY


def bands(grams: frozenset[int]) -> list[int]:
    """The LSH band keys of a body (signed 64-bit, as SQL integers are): none for a body too short to judge."""
    if len(grams) < MIN_SHINGLES:
        return []
    x = np.fromiter(grams, dtype=np.uint64, count=len(grams))
    with np.errstate(over="ignore"):  # multiply-add modulo 2**64: a universal hash family
        signature = (np.outer(_A, x) + _B[:, None]).min(axis=1)
    keys = []
    for band in range(BANDS):
        rows = signature[band * ROWS:(band + 1) * ROWS].tobytes()
        digest = hashlib.blake2b(band.to_bytes(2, "little") + rows, digest_size=8).digest()
        keys.append(int.from_bytes(digest, "little", signed=True))
    return keys
