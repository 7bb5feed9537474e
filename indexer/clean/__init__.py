"""Cleaning stage: a raw HTML page becomes a `models.Article` (headline, byline, dates, outlet, canonical URL,
paragraphs). `extract` finds the article body, `metadata` reads the page's declared facts, `dates` parses dates."""
