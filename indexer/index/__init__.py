"""Index stage: the search engine behind one narrow interface (`engine`), its per-language analysis chains
(`analysis`) and the comparison of quotations across articles (`provenance`)."""
