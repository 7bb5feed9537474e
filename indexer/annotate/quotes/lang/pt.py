"""Portuguese (pt): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "pt"
    name_particles_lowercase = True
    verbs = word_list("""disse diz dizia afirmou afirma declarou declara acrescentou acrescenta explicou explica sublinhou
        sublinha salientou salienta referiu refere garantiu garante adiantou adianta frisou frisa considerou
        considera defendeu defende alertou alerta lembrou lembra concluiu conclui avisou contou conta sustentou
        escreveu respondeu admitiu admite reconheceu reconhece lamentou lamenta confessou resumiu relatou
        informou informa informaram anunciou anuncia""")
    according = ("segundo", "de acordo com")
    person_pronouns = frozenset({"ele", "ela"})
    definite_articles = frozenset(word_list("o a"))
    epithets = frozenset(word_list("""técnico técnica treinador treinadora avançado avançada guarda-redes capitão capitã arguido arguida autarca"""))
