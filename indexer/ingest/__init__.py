"""Drives the stages: `pipeline` takes inputs through store → clean → annotate → index; `crawl` follows
links, feeds and sitemaps and hands each page to the pipeline."""
