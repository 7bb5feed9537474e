"""The SolrCloud search backend: `client` (HTTP, auth, node failover, retries), `mapping` (documents and parsed
queries as Solr terms and syntax), `engine` (`SolrEngine`, the `SearchEngine` implementation)."""
