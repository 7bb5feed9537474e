"""Annotation stage: language, named entities, then direct quotations with their speakers (`stage.annotate`).

Annotation runs on one thread per process: the parallelism is processes (ingest's pool, one `newsarchive worker`
per core). The numeric libraries under the Russian and Ukrainian tagger would otherwise start a BLAS thread per core
in every process, which spin and compete with the other processes for the same cores: two workers on 2 cores went
from 1.46x to 1.87x the pages/s of one (benchmarks/workers.py) when they stopped. Set before numpy is loaded; an
operator's own setting wins.
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
