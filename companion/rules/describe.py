"""What parameters an action reads, found in its own code, so that the API's description of every action
(docs: /api/openapi.json) follows the rules as they are written, new actions included, without a second
list to keep in step.

An action reads its params through the helpers of rules/base.py (`param_int(params, "n", 1, 6)`, …),
`params.get("x")` / `params["x"]`, or hands `params` to a helper of its own that does: each such call is
followed. A name built at run time (`f"colour_{i}"`) is not found; the API accepts other params as well.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
import types
from functools import lru_cache
from typing import Any, Callable

MAX_DEPTH = 5
WHOLE = {"type": ["integer", "string"], "description": "a whole number (digits as text are read too)"}
FLAG = {"type": ["boolean", "string"], "description": "true, or one of \"1\", \"on\", \"true\", \"yes\""}
TEXT = {"type": "string"}
LIST = {"type": ["array", "string", "integer"], "description": "a list (one value is a list of one)"}
ANY: dict[str, Any] = {}


def action_params(action: Callable) -> dict[str, dict]:
    """{param name: JSON Schema} of what `action(state, params, rng)` reads."""
    found: dict[str, dict] = {}
    _read(action, "params", {}, found, 0, set())
    return found


def summary(action: Callable) -> str:
    return (inspect.getdoc(action) or action.__name__.replace("_", " ")).split("\n\n")[0]


@lru_cache(maxsize=None)
def _tree(func: Callable) -> ast.FunctionDef | None:
    try:
        node = ast.parse(textwrap.dedent(inspect.getsource(func))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        return None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _read(func: Callable, pname: str, bound: dict[str, Any], found: dict, depth: int, seen: set) -> None:
    tree = _tree(func)
    if tree is None or depth > MAX_DEPTH or (func, pname, tuple(sorted(bound.items()))) in seen:
        return
    seen.add((func, pname, tuple(sorted(bound.items()))))
    scope = getattr(func, "__globals__", {})

    def key_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name) and isinstance(bound.get(node.id), str):
            return bound[node.id]
        return None

    def note(key: str | None, schema: dict) -> None:
        if key is not None and (key not in found or not found[key]):
            found[key] = schema

    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is(node.value, pname):
            note(key_of(node.slice), ANY)
        if not isinstance(node, ast.Call):
            continue
        callee = node.func
        if isinstance(callee, ast.Attribute) and callee.attr == "get" and _is(callee.value, pname) and node.args:
            note(key_of(node.args[0]), ANY)
            continue
        name = callee.id if isinstance(callee, ast.Name) else callee.attr if isinstance(callee, ast.Attribute) else ""
        if name in ("param_int", "param_str", "param_bool") and len(node.args) >= 2 and _is(node.args[0], pname):
            note(key_of(node.args[1]), _helper_schema(name, node, scope))
            continue
        if name == "as_list" and len(node.args) >= 2 and _is(node.args[0], pname):
            note(key_of(node.args[1]), dict(LIST))
            continue
        passes = [i for i, a in enumerate(node.args) if _is(a, pname)]
        passes_kw = [k.arg for k in node.keywords if k.arg and _is(k.value, pname)]
        target = _resolve(callee, scope)
        if (passes or passes_kw) and target is not None:
            _follow(target, node, passes, passes_kw, scope, bound, found, depth, seen)


def _follow(target: Callable, call: ast.Call, passes: list[int], passes_kw: list[str], scope: dict,
            bound: dict, found: dict, depth: int, seen: set) -> None:
    """Read `target` too, under the name its parameter gives `params`, with the call's literal arguments."""
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return
    names = list(signature.parameters)
    literal: dict[str, Any] = {n: p.default for n, p in signature.parameters.items()
                               if isinstance(p.default, str)}
    for i, arg in enumerate(call.args):
        if i < len(names):
            value = _literal(arg, bound)
            if value is not None:
                literal[names[i]] = value
    for keyword in call.keywords:
        value = _literal(keyword.value, bound)
        if keyword.arg and value is not None:
            literal[keyword.arg] = value
    for pname in [names[i] for i in passes if i < len(names)] + passes_kw:
        _read(target, pname, literal, found, depth + 1, seen)


def _literal(node: ast.AST, bound: dict) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name) and isinstance(bound.get(node.id), str):
        return bound[node.id]
    return None


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _resolve(callee: ast.AST, scope: dict) -> Callable | None:
    """A rules function named at the call (`helper(...)`, `module.helper(...)`), else None."""
    target: Any = None
    if isinstance(callee, ast.Name):
        target = scope.get(callee.id)
    elif isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name):
        owner = scope.get(callee.value.id)
        if isinstance(owner, types.ModuleType):
            target = getattr(owner, callee.attr, None)
    if isinstance(target, types.FunctionType) and target.__module__.startswith("companion.rules"):
        return target
    return None


def _helper_schema(helper: str, call: ast.Call, scope: dict) -> dict:
    if helper == "param_bool":
        return dict(FLAG)
    args = {k.arg: k.value for k in call.keywords if k.arg}
    if helper == "param_int":
        schema = dict(WHOLE)
        for i, bound in ((2, "lo"), (3, "hi")):
            node = call.args[i] if len(call.args) > i else args.get(bound)
            value = _value(node, scope) if node is not None else None
            if isinstance(value, int) and not isinstance(value, bool):
                schema["minimum" if bound == "lo" else "maximum"] = value
        return schema
    schema = dict(TEXT)
    node = call.args[2] if len(call.args) > 2 else args.get("max_len")
    max_len = _value(node, scope) if node is not None else 60
    if isinstance(max_len, int):
        schema["maxLength"] = max_len
    choices = _value(args["choices"], scope) if "choices" in args else None
    if isinstance(choices, (list, tuple, dict, set, frozenset)) and all(isinstance(c, str) for c in choices):
        schema["enum"] = sorted(choices)
    return schema


SAFE_NODES = (ast.Expression, ast.Name, ast.Attribute, ast.Load, ast.Constant, ast.Tuple, ast.List,
              ast.Starred, ast.UnaryOp, ast.USub, ast.Call)
SAFE_CALLS = {"list", "tuple", "sorted"}


def _value(node: ast.AST, scope: dict) -> Any:
    """The value of a constant expression (a literal, a module-level name, `-MAX`), or None."""
    expression = ast.Expression(node)
    if not all(isinstance(n, SAFE_NODES) for n in ast.walk(expression)) or any(
            isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in SAFE_CALLS)
            for n in ast.walk(expression)):
        return None
    try:
        return eval(compile(expression, "<param>", "eval"), dict(scope))  # names of our own rules only
    except Exception:  # a name bound inside the function (not module-level): unknown, not an error
        return None
