"""Compressed bodies undone with a cap on what comes out: gzip (.html.gz files, .xml.gz sitemaps, gzip-encoded
responses), deflate and brotli (WARC records with a Content-Encoding).

A compressed body is small on the wire and may be huge once undone: 1 MB of gzip inflates to 1 GB, and a few hundred
bytes of brotli to 256 MiB. Every decompressor here stops as soon as its output passes the cap, so memory stays near
the cap whatever the input holds (zlib's `max_length`, brotli's `output_buffer_limit`), and the caller is told
why the body was refused.
"""

from __future__ import annotations

import zlib

from indexer.models import InputError

ENCODINGS = ("gzip", "x-gzip", "deflate", "br")


class TooLarge(InputError):
    """The body decompresses to more than the cap: a page over the limit, or a decompression bomb."""


class Corrupt(InputError):
    """The body is not in the encoding it claims (or is cut short before any output)."""


def inflate(data: bytes, encoding: str, cap: int) -> bytes:
    """The body undone; TooLarge when it decompresses to more than `cap` bytes, Corrupt when it cannot be read.

    Concatenated gzip members are read one after another (as gzip does); bytes after a stream's end are ignored,
    and a body cut short gives what it holds (as browsers do: a truncated download still shows its start)."""
    encoding = encoding.strip().lower()
    if encoding == "br":
        out = _brotli(data, cap)
    elif encoding in ("gzip", "x-gzip", "deflate"):
        out = _zlib(data, encoding, cap)
    else:
        raise ValueError(f"unknown content encoding {encoding!r}")
    if len(out) > cap:
        raise TooLarge(f"it decompresses to over the {cap // 2**20} MiB limit (a decompression bomb, or too much "
                       "to be a news page or a sitemap); nothing of it was kept")
    return out


def _zlib(data: bytes, encoding: str, cap: int) -> bytes:
    gzip = encoding != "deflate"
    # deflate as servers send it: with a zlib header (RFC 9110), or raw (what some servers send instead)
    wbits = 31 if gzip else 15 if data[:1] and (data[0] & 0x0F) == 8 and int.from_bytes(data[:2], "big") % 31 == 0 \
        else -15
    out = bytearray()
    rest = data
    while rest and len(out) <= cap:
        inflater = zlib.decompressobj(wbits)
        try:
            out += inflater.decompress(rest, cap + 1 - len(out))
        except zlib.error as exc:
            if out:
                break  # bytes after the last member: what came before stands
            raise Corrupt(f"it is not valid {encoding} data ({exc})") from None
        rest = inflater.unused_data if gzip and inflater.eof else b""
    return bytes(out)


def _brotli(data: bytes, cap: int) -> bytes:
    import brotli

    inflater = brotli.Decompressor()
    out = bytearray()
    try:
        out += inflater.process(data, output_buffer_limit=cap + 1)
        while len(out) <= cap and not inflater.can_accept_more_data() and not inflater.is_finished():
            out += inflater.process(b"", output_buffer_limit=cap + 1 - len(out))
    except brotli.error as exc:
        if out:
            return bytes(out)
        raise Corrupt(f"it is not valid brotli data ({exc})") from None
    return bytes(out)
