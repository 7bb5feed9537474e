"""Index stage: the search engine behind one narrow interface (`engine`: `SearchEngine`, its result types and
`backends.open_engine` picks one), its Whoosh implementation (`whoosh_engine`), Whoosh's per-language analysis chains (`analysis`) and
the comparison of quotations across articles (`provenance`)."""
