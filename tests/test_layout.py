"""The layout rules of the code base, read from the source with `ast`: data flows one way, so no import cycle; the
indexer never reaches into the web app (bar the command line); the entity recogniser's core leaves language rules to
`indexer/annotate/entities/lang/`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("indexer", "search_app")
ENTITIES = ROOT / "indexer" / "annotate" / "entities"
# Language-neutral modules of the recogniser ("lang/" holds the rules; the gazetteer's place look-up is its own job).
ENTITY_CORE = ("__init__.py", "core.py", "evidence.py", "inflection.py", "keys.py", "merging.py", "recognizer.py",
               "run_types.py", "runs.py", "scripts.py", "tagger.py")
LANGUAGE_NAMES = {"language", "lang"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every project module the file imports, at any depth (late imports inside functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # "import indexer.text.names.fold"-style tails
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_import_graph_is_read_from_the_source():
    graph = _graph()
    # a late import inside a function counts as much as one at the top
    assert "indexer.text.lemmas" in graph["indexer.annotate.entities.gazetteer"]
    assert "indexer.annotate.entities.recognizer" in graph["indexer.annotate.entities"]
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycles():
    cycle = _find_cycle(_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_only_the_command_line_reaches_into_the_web_app():
    offenders = sorted(name for name, deps in _graph().items() if name.startswith("indexer")
                       and name != "indexer.cli" and any(d.split(".")[0] == "search_app" for d in deps))
    assert offenders == []


def test_the_gazetteer_builds_on_no_language_rules():
    deps = _graph()["indexer.annotate.entities.gazetteer"]
    assert not [d for d in deps if d.startswith("indexer.annotate.entities.lang")]


def _code_sets(tree: ast.Module) -> set[str]:
    """Module-level names bound to a literal collection of language codes: `_TEAM_LANGS = {"en", "es"}`."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and _is_codes(node.value):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def _is_codes(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset"):
        return len(node.args) == 1 and _is_codes(node.args[0])
    return isinstance(node, ast.Set | ast.Tuple | ast.List) and bool(node.elts) and all(_is_code(e) for e in node.elts)


def _is_code(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and 2 <= len(node.value) <= 3 and (
        node.value.isalpha() and node.value.islower())


def _language_branches(path: Path) -> list[str]:
    """Each comparison of `language` (or `lang`) with a language code, a literal set of codes, or a named set."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = _code_sets(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(s, ast.Name) and s.id in LANGUAGE_NAMES for s in sides):
            continue
        if any(_is_code(s) or _is_codes(s) or isinstance(s, ast.Name) and s.id in named for s in sides):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_branch_finder_sees_a_language_test():
    probe = ENTITIES / "lang" / "de.py"
    assert _language_branches(probe) == []  # (German's own module needs no test of the language)
    tree = ast.parse('_T = {"en", "es"}\nif language == "de" or lang in ("uk", "ru") or language in _T: pass\n')
    assert len([n for n in ast.walk(tree) if isinstance(n, ast.Compare)]) == 3
    assert _code_sets(tree) == {"_T"}


def test_the_entity_core_leaves_language_rules_to_lang():
    found = [hit for name in ENTITY_CORE for hit in _language_branches(ENTITIES / name)]
    assert found == [], "language rules in the core (move them behind a hook in lang/):\n" + "\n".join(found)


def test_every_language_module_offers_its_rules():
    import importlib

    from indexer.annotate.entities.lang import Rules, rules_for

    found = set()
    for path in sorted((ENTITIES / "lang").glob("*.py")):
        module = importlib.import_module(f"indexer.annotate.entities.lang.{path.stem}")
        if hasattr(module, "RULES"):  # (ar, zh, ja hold script rules the recogniser calls on any text)
            assert rules_for(path.stem) is module.RULES and module.RULES.code == path.stem, path.name
            found.add(path.stem)
    assert {"de", "en", "es", "nl", "pl", "ru", "uk"} <= found
    assert type(rules_for("fr")) is Rules and rules_for("fr").code == "fr"  # no module: the defaults
    assert rules_for("de").capitalises_nouns and not rules_for("en").capitalises_nouns
