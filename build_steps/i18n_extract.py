"""Babel extractor for our Python: `N_("…")`, `_("…")`/`gettext`, `ngettext`, and plural messages.

`Text(N_("{n} die"), {...}, plural=N_("{n} dice"))` is one plural message (Russian needs three
forms), which Babel's own Python extractor cannot see because `plural=` is a keyword argument; so is
`RuleError(N_("…{n} die…"), plural=N_("…{n} dice…"), n=…)`.
"""
from __future__ import annotations

import ast
from typing import IO
from collections.abc import Iterator


def _string(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Call) and _name(node.func) == "N_" and node.args:
        node = node.args[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def extract(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[tuple]:
    tree = ast.parse(fileobj.read())
    paired: set[int] = set()  # N_ calls already taken as part of a plural Text
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        plural = next((k.value for k in node.keywords if k.arg == "plural"), None)
        if name == "Text" or plural is not None:
            if plural is None and len(node.args) >= 3:
                plural = node.args[2]
            singular_s, plural_s = _string(node.args[0]) if node.args else None, _string(plural)
            if singular_s is not None and plural_s is not None:
                paired.update(id(n) for n in (node.args[0], plural))
                yield node.lineno, "ngettext", (singular_s, plural_s), []
        elif name == "ngettext" and len(node.args) >= 2:
            singular_s, plural_s = _string(node.args[0]), _string(node.args[1])
            if singular_s is not None and plural_s is not None:
                yield node.lineno, "ngettext", (singular_s, plural_s), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and id(node) not in paired and node.args:
            if _name(node.func) in {"N_", "_", "gettext", "lazy_gettext"}:
                text = _string(node.args[0])
                if text is not None:
                    yield node.lineno, "gettext", text, []
