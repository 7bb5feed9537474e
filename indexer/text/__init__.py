"""Language resources shared by the stages: transliteration and folding across scripts (`scripts`), person
names and their keys (`names`), dictionary forms of words (`lemmas`), tables kept on disk between processes
(`cache`)."""
