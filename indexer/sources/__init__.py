"""Where pages come from: files and folders (files), WARC files (warc), URLs fetched politely (fetch), and
the decoding of their bytes (encoding). Every source yields `models.RawPage`s."""
