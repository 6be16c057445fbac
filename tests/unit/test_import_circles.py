"""Modules that import each other, at the top or inside a function, are one thing cut in two: a reader
cannot learn one without the other. The import graph of companion/, read from the sources."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "companion"


def imports() -> dict[str, set[str]]:
    """Each module of companion/ and the modules of companion/ it imports anywhere in its source."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name].update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
                base = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    found = next((m for m in (f"{base}.{alias.name}", base) if m in modules and m != name), None)
                    if found:
                        graph[name].add(found)
    return graph


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for module in graph[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    return seen


def test_the_compiled_templates_are_in_no_import_circle():
    """compiled_templates.py compiled every language's environment of folded_templates.py, which kept its
    code through compiled_templates.py: one job in two modules, each importing the other."""
    assert "companion.web.compiled_templates" not in reaches(imports(), "companion.web.compiled_templates")
