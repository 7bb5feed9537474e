"""What the Solr index holds and how a query reaches it: the Whoosh engine's documents and parsed queries, mapped.

Solr indexes exactly the terms the Whoosh index would: each document is built by the Whoosh engine's own
`article_document` / `quote_documents` and every indexed field is run through that field's Whoosh analyzer here,
in Python. Text fields become space-joined tokens in position order (forms at one position joined by FORMS, which
the configset's token filter splits back into tokens at that position); keyed fields become their entity keys.
A query is parsed by the Whoosh parser with the Whoosh schema (so analysis, field groups and errors are the same),
and the parsed tree is written out in Solr's standard syntax over those fields.

The newsroom operators (`newsroom`) have no form in that syntax: a proximity becomes Lucene span queries through
Solr's XML query parser (`{!xmlparser}`: SpanNear with a slop and an order, exactly what Whoosh's SpanNear checks),
`atleastN(word)` a function range over the word's term frequency (`{!frange l=N}termfreq(field,'word')`), joined to
the word itself so that only the word's documents are looked at.
"""

from __future__ import annotations

from datetime import datetime
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from whoosh import fields, query

from indexer.index.newsroom import AnyOf, AtLeast, Near

FORMS = "\u2063"  # joins the forms of one word at one position (configset: PatternCaptureGroupFilter)
GAP = "\u2062"  # stands at a position the analysis left empty, so phrases do not match across it
_SPECIAL = set('+-&|!(){}[]^"~*?:\\/ ')


def solr_document(doc: dict, schema: fields.Schema) -> dict:
    """A Whoosh document (field -> value, as the Whoosh engine adds it) as a Solr document of terms."""
    out: dict = {}
    for name, value in doc.items():
        ftype = schema[name]
        if isinstance(ftype, fields.DATETIME):
            out[name] = solr_date(value)
        elif isinstance(ftype, fields.BOOLEAN):
            out[name] = "true" if value else "false"
        elif isinstance(ftype, fields.KEYWORD):
            keys = list(dict.fromkeys(t.text for t in ftype.analyzer(value, mode="index")))
            if keys:
                out[name] = keys
        elif isinstance(ftype, fields.TEXT):
            tokens = positioned_tokens(ftype, value)
            if tokens:
                out[name] = tokens
        else:  # ID and STORED: the value as it is
            out[name] = value
    return out


def positioned_tokens(ftype: fields.FieldType, text: str) -> str:
    """The field's index terms in position order, as whitespace tokens (see FORMS and GAP)."""
    by_pos: dict[int, list[str]] = {}
    for t in ftype.analyzer(text, positions=True, mode="index"):
        forms = by_pos.setdefault(t.pos, [])
        if t.text not in forms:
            forms.append(t.text)
    if not by_pos:
        return ""
    out = []
    expected = min(by_pos)
    for pos in sorted(by_pos):
        out.extend([GAP] * (pos - expected))
        out.append(FORMS.join(by_pos[pos]))
        expected = pos + 1
    return " ".join(out)


def solr_date(value: datetime) -> str:
    """A naive UTC datetime as Solr writes dates (millisecond precision)."""
    return value.strftime("%Y-%m-%dT%H:%M:%S.") + f"{value.microsecond // 1000:03d}Z"


def quoted(text: str) -> str:
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def escaped(text: str, keep: str = "") -> str:
    return "".join("\\" + c if c in _SPECIAL and c not in keep else c for c in text)


class Translator:
    """A parsed Whoosh query as Solr standard query syntax over the same fields."""

    NOTHING = "(*:* -*:*)"

    def __init__(self, schema: fields.Schema):
        self.schema = schema

    def __call__(self, q: query.Query) -> str:
        return self.write(q)

    def _boost(self, fieldname: str | None, boost: float) -> str:
        ftype = self.schema[fieldname] if fieldname and fieldname in self.schema.names() else None
        total = boost * (getattr(ftype, "field_boost", 1.0) or 1.0)
        return "" if abs(total - 1.0) < 1e-9 else f"^{total:g}"

    def _value(self, fieldname: str, text) -> str:
        ftype = self.schema[fieldname] if fieldname in self.schema.names() else None
        if isinstance(ftype, fields.BOOLEAN):
            return "true" if text in (True, "true", "True", "yes", "1", b"t") else "false"
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return quoted(text)

    def write(self, q: query.Query) -> str:
        if q is query.NullQuery or isinstance(q, query.NullQuery.__class__):
            return self.NOTHING
        if isinstance(q, query.Every):
            return "*:*"
        if isinstance(q, Near):
            spans = self._spans(q)
            return f"_query_:{quoted('{!xmlparser}' + spans)}{self._boost(q.field(), 1.0)}" if spans else self.NOTHING
        if isinstance(q, AtLeast):
            if not isinstance(q.child, query.Term):
                raise ValueError(f"no Solr form for the query part {q!r}")
            word = str(q.child.text).replace("\\", "\\\\").replace("'", "\\'")
            count = f"{{!frange l={q.minimum}}}termfreq({q.child.fieldname},'{word}')"
            return f"(+{self.write(q.child)} +_query_:{quoted(count)})"
        if isinstance(q, query.DateRange):
            return f"{q.fieldname}:{self._range(q.startdate, q.enddate, q.startexcl, q.endexcl, solr_date)}"
        if isinstance(q, query.NumericRange):
            return f"{q.fieldname}:{self._range(q.start, q.end, q.startexcl, q.endexcl, str)}"
        if isinstance(q, query.TermRange):
            return f"{q.fieldname}:{self._range(q.start, q.end, q.startexcl, q.endexcl, quoted)}"
        if isinstance(q, query.Prefix):
            return f"{q.fieldname}:{escaped(q.text)}*{self._boost(q.fieldname, q.boost)}"
        if isinstance(q, query.Wildcard):
            return f"{q.fieldname}:{escaped(q.text, keep='*?')}{self._boost(q.fieldname, q.boost)}"
        if isinstance(q, query.Term):
            return f"{q.fieldname}:{self._value(q.fieldname, q.text)}{self._boost(q.fieldname, q.boost)}"
        if isinstance(q, query.Phrase):
            slop = f"~{q.slop - 1}" if q.slop > 1 else ""
            return f"{q.fieldname}:{quoted(' '.join(q.words))}{slop}{self._boost(q.fieldname, q.boost)}"
        if isinstance(q, query.Not):
            return f"(*:* -{self.write(q.query)})"
        if isinstance(q, query.AndNot):
            return f"(+{self.write(q.a)} -{self.write(q.b)})"
        if isinstance(q, query.AndMaybe):
            return f"(+{self.write(q.a)} {self.write(q.b)})"
        if isinstance(q, query.And):
            parts = [self.write(s) for s in q.subqueries]
            return "(" + " ".join("+" + p for p in parts) + ")" if parts else "*:*"
        if isinstance(q, query.Or):
            parts = [self.write(s) for s in q.subqueries]
            return "(" + " ".join(parts) + ")" if parts else self.NOTHING
        raise ValueError(f"no Solr form for the query part {q!r}")

    def _spans(self, q: query.Query) -> str | None:
        """A proximity's side as Lucene span XML (None when it can match nothing). Whoosh's slop counts positions
        from one side to the other (adjacent: 1), Lucene's the positions left between them (adjacent: 0)."""
        if isinstance(q, query.Term):
            return f"<SpanTerm fieldName={quoteattr(q.fieldname)}>{xml_escape(str(q.text))}</SpanTerm>"
        if isinstance(q, (query.Phrase, Near)):
            parts = [query.Term(q.fieldname, w) for w in q.words] if isinstance(q, query.Phrase) else [q.a, q.b]
            ordered = isinstance(q, query.Phrase) or q.ordered
            inner = [self._spans(p) for p in parts]
            if not all(inner):
                return None
            return f'<SpanNear slop="{q.slop - 1}" inOrder="{str(ordered).lower()}">{"".join(inner)}</SpanNear>'
        if isinstance(q, (query.Or, AnyOf)):  # several words, or the words a wildcard stands for (Solr's _bounded)
            inner = [x for x in (self._spans(p) for p in (q.subqueries if isinstance(q, query.Or) else q.subqs)) if x]
            return f"<SpanOr>{''.join(inner)}</SpanOr>" if inner else None
        if q is query.NullQuery or isinstance(q, query.NullQuery.__class__):
            return None
        raise ValueError(f"no Solr span form for the query part {q!r}")

    @staticmethod
    def _range(start, end, startexcl: bool, endexcl: bool, form) -> str:
        low = "*" if start is None else form(start)
        high = "*" if end is None else form(end)
        return f"{'{' if startexcl else '['}{low} TO {high}{'}' if endexcl else ']'}"
