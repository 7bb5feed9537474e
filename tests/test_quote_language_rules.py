"""The quote finder keeps each language's rules in its module under annotate/quotes/lang/.

The core modules ask `rules_for(code)` for attributes and hooks; a test of the language code in the core (`lang ==
"de"`, `language in ("zh", "ja")`, a dict keyed by language) would put a language's rule back among them, so
adding a language would mean editing the core again.
"""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import indexer.annotate.quotes.lang as lang_pkg
from indexer.annotate.quotes import extract_quotes
from indexer.annotate.quotes.lang import Language, rules_for

QUOTES = Path(lang_pkg.__file__).resolve().parent.parent
CORE = sorted(p for p in QUOTES.glob("*.py"))
LANGUAGE_NAMES = {"lang", "language"}
LANGUAGES = sorted(m.name for m in pkgutil.iter_modules(lang_pkg.__path__))


def _is_language(node: ast.expr) -> bool:
    """`lang`, `language`, or the code the rules carry (`rules.code`)."""
    return isinstance(node, ast.Name) and node.id in LANGUAGE_NAMES or isinstance(node, ast.Attribute) and (
        node.attr in LANGUAGE_NAMES | {"code"}
    )


def _holds_string(node: ast.expr) -> bool:
    """A string constant, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_holds_string(e) for e in node.elts)
    return False


def _language_tests(tree: ast.AST) -> list[int]:
    """Lines that compare the language with a code, or look the language up in a table of languages."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_language(s) for s in sides) and any(_holds_string(s) for s in sides):
                lines.append(node.lineno)
            elif any(_is_language(s) for s in sides) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops):
                lines.append(node.lineno)  # lang in CASELESS: a set of codes kept in the core
        elif isinstance(node, ast.Subscript) and _is_language(node.slice):
            lines.append(node.lineno)  # VERBS[lang]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and _is_language(node.args[0])
        ):
            lines.append(node.lineno)  # ACCORDING.get(language, [])
    return lines


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_core_module_has_no_language_branch(path):
    found = _language_tests(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path.name} tests the language code on lines {found}: give the rule to lang/<code>.py"


def test_the_check_finds_a_language_branch():
    sample = (
        'if lang == "de" or language in ("zh", "ja") or lang in CASELESS:\n'
        '    x = VERBS[lang] or T.get(lang) or rules.code != "ar"\n'
        "y = rules.caseless and lang\n"
    )
    assert _language_tests(ast.parse(sample)) == [1, 1, 1, 2, 2, 2]


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_module_gives_its_rules(code):
    rules = rules_for(code)
    assert isinstance(rules, Language) and type(rules) is not Language
    assert rules.code == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_language_modules_import_no_quote_core(code):
    """Rules depend on the interface and the shared word lists only, so the core can import them freely."""
    tree = ast.parse((QUOTES / "lang" / f"{code}.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    core = {i for i in imported if i.startswith("indexer.")}
    assert core <= {"indexer.annotate.quotes.lang", "indexer.annotate.quotes.speaker_words"}


def test_unknown_language_gets_the_defaults():
    rules = rules_for("xx")
    assert type(rules) is Language
    assert "said" in rules.saying_verbs()  # English verbs of saying stand in for a language without a list


def test_unknown_language_still_finds_english_attribution():
    quotes = extract_quotes(['“We will rebuild the bridge,” Mayor Ilse Varga said.'], "xx")
    assert [(q.text, q.speaker) for q in quotes] == [("We will rebuild the bridge", "Ilse Varga")]
