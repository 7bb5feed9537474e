"""French (fr): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "fr"
    name_particles_lowercase = True  # "Eva de Wit", "Charles de Gaulle"
    verbs = word_list("""a_déclaré déclare a_dit dit disait a_affirmé affirme a_ajouté ajoute a_expliqué explique
        a_souligné souligne a_indiqué indique estime a_estimé a_assuré assure a_précisé précise
        a_averti avertit a_lancé lance a_confié confie a_martelé martèle poursuit a_poursuivi
        a_insisté insiste a_rappelé rappelle a_répondu répond a_noté note a_reconnu reconnaît
        a_prévenu prévient a_annoncé annonce a_écrit écrit a_commenté commente résume a_résumé
        a_assuré ajouté déclaré expliqué souligné indiqué précisé affirmé estimé assuré averti martelé insisté
        rappelé répondu commenté a-t-il_prévenu a-t-elle_prévenu a-t-il_lancé a-t-elle_lancé a-t-il_noté
        a-t-elle_noté a-t-il_reconnu a-t-elle_reconnu a-t-il_confié a-t-elle_confié s'est_dit s’est_dit
        se_dit a_décrit décrit parle a_résumé a_raconté raconte a_témoigné témoigne a_plaidé
        soupire a_soupiré soupiré glisse a_glissé glissé souffle a_soufflé soufflé regrette a_regretté regretté
        s'agace s’agace s'inquiète s’inquiète s'exclame s’exclame ironise a_ironisé tempête a_tempêté a_appelé
        a_confirmé confirme""")
    according = ("selon", "d'après", "d’après")
    naming_verb = re.compile(r"(?<!\w)(?:qualifié|qualifiée|qualifie|qualifiait|qualifiant|traité|traite|traitant)(?!\w)")
    person_pronouns = frozenset({"il", "elle", "ils", "elles"})
    definite_articles = frozenset(word_list("le la l'"))
    epithets = frozenset(word_list("""prévenu prévenue accusé accusée élu élue édile entraîneur entraîneuse attaquant attaquante gardien capitaine"""))
