"""Swedish rules: the defaults, and institutions named by one compound noun in its definite form ("Skatteverket",
"Försäkringskassan", "Vänsterpartiet")."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Swedish(Rules):
    institution_endings = tuple("""
    verket styrelsen myndigheten kassan förmedlingen inspektionen banken departementet rådet nämnden domstolen
    kommissionen partiet förbundet föreningen ämbetet institutet kansliet
    """.split())


RULES = Swedish("sv")
