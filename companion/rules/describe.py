"""What parameters an action reads, found in its own code, so that the API's description of every action
(docs: /api/openapi.json) follows the rules as they are written, new actions included, without a second
list to keep in step. A kind's setup is read the same way from its parse_setup.

An action reads its params through the helpers of rules/base.py (`param_int(params, "n", 1, 6)`, …),
`params.get("x")` / `params["x"]`, or hands `params` to a helper of its own that does: each such call is
followed. A name built at run time (`f"colour_{i}"`) is not found; the API accepts other params as well.
What a setup cannot do without (a field read with no default, lists that go in step) is not in a call's
shape: the setup's module says it beside parse_setup, as SETUP_NEEDS (JSON Schema, built with the helpers
below from the constants parse_setup itself checks against), with a SETUP_EXAMPLE it takes.

Each kind's schemas of an action and of a new game are assembled here as well (action_request,
new_game_request): web/openapi.py only places them in the document.
"""
from __future__ import annotations

import ast
import inspect
import sys
import textwrap
import types
from functools import cache
from typing import Any
from collections.abc import Callable, Iterable, Mapping

from .base import MAX_PARAM_TEXT, MAX_PARAMS

MAX_DEPTH = 5
# Text as the API takes it: no control characters (the request is refused with 400 if it has any).
PLAIN = "^[^\\x00-\\x1f\\x7f-\\x9f]*$"
# param_int's own check (rules/base.py WHOLE_NUMBER) for digits sent as text; a number's bounds are JSON
# Schema's minimum/maximum, which apply to numbers only, as `pattern` applies to strings only.
WHOLE = {"type": ["integer", "string"], "pattern": "^[+-]?[0-9]{1,9}$",
         "description": "a whole number (digits as text are read too)"}
FLAG = {"type": ["boolean", "string"], "description": "true, or one of \"1\", \"on\", \"true\", \"yes\""}
TEXT = {"type": "string", "pattern": PLAIN}
LIST = {
    "type": ["array", "string", "integer"],
    "pattern": PLAIN,
    "items": {"type": ["string", "integer"], "pattern": PLAIN},
    "description": "a list (one value is a list of one)",
}
ANY: dict[str, Any] = {}


def action_params(action: Callable) -> dict[str, dict]:
    """{param name: JSON Schema} of what `action(state, params, rng)` reads."""
    return reads(action, "params")


# A value the app lets through (params and setups: web/forms.py json_params) where the rules read none:
# they ignore it.
OTHER_VALUE = {"type": ["string", "integer", "boolean", "null"], "maxLength": MAX_PARAM_TEXT, "pattern": PLAIN,
               "minimum": -2 ** 53, "maximum": 2 ** 53}


def params_object(schema: dict, description: str) -> dict:
    """An action's params or a setup: what the rules read, and the limits every such object is held to."""
    return {**schema, "type": "object", "description": description, "maxProperties": MAX_PARAMS,
            "propertyNames": {"maxLength": 40, "pattern": PLAIN}, "additionalProperties": OTHER_VALUE}


def kind_actions(kind: Any) -> dict[str, Any]:
    """The kind's action registry: {name: function(state, params, rng)}."""
    return dict(kind.actions)


def action_request(kind: Any, version: dict) -> dict:
    """One schema per action of the kind (for the API's description): its name, the version seen (`version`:
    the schema of one, as the document names it), and the params it reads."""
    variants = []
    for name, func in sorted(kind_actions(kind).items()):
        params = action_params(func)
        variants.append({
            "title": f"{kind.key}.{name}", "description": summary(func), "type": "object",
            "required": ["action", "version"],
            "properties": {"action": {"const": name}, "version": version,
                           "params": params_object({"properties": params},
                                                   "what the action reads; other params are ignored")}})
    return {"title": f"an action of {kind.key}", "anyOf": variants}


def new_game_request(kind: Any) -> dict:
    """A new game of the kind, for the API's description: its setup as the kind's parse_setup reads it."""
    setup = setup_schema(kind.parse_setup)
    examples = [{"kind": kind.key, "title": "Friday night", "setup": e} for e in setup.get("examples", [])]
    return {"title": f"a new game of {kind.key}", "type": "object", "required": ["kind", "setup"],
            **({"examples": examples} if examples else {}),
            "properties": {
                "kind": {"const": kind.key},
                # null is taken as no title, as leaving it out is: JSON clients often send an unset field so.
                "title": {"type": ["string", "null"], "maxLength": 80,
                          "description": "the game's name; empty, null or absent: the game's own name"},
                "setup": params_object(setup,
                                       "the setup form's fields (docs/rules-*.md); other fields are ignored")}}


def reads(func: Callable, pname: str) -> dict[str, dict]:
    """{key: JSON Schema} of what `func` reads from its parameter `pname` (a mapping)."""
    found: dict[str, dict] = {}
    _read(func, pname, {}, found, 0, set())
    return found


def setup_schema(parse_setup: Callable) -> dict:
    """The JSON Schema of a kind's setup: the fields `parse_setup(form)` reads, found in its code, and what
    its module's SETUP_NEEDS says it cannot do without."""
    func = getattr(parse_setup, "__func__", parse_setup)  # a kind's method, or the rules' own function
    form = next(name for name in inspect.signature(func).parameters if name != "self")
    module = sys.modules[func.__module__]
    needs: Mapping[str, Any] = getattr(module, "SETUP_NEEDS", {})
    properties = {**reads(func, form), **needs.get("properties", {})}
    example = getattr(module, "SETUP_EXAMPLE", None)  # a setup the module's parse_setup takes
    return {"type": "object", **{k: v for k, v in needs.items() if k != "properties"}, "properties": properties,
            **({"examples": [example]} if example else {})}


def text(max_len: int, blank: bool = True) -> dict:
    """Plain text up to `max_len` characters; with blank=False, not empty or only spaces either."""
    if blank:
        return {"type": "string", "maxLength": max_len, "pattern": PLAIN}
    visible = "[^\\x00-\\x1f\\x7f-\\x9f\\s]"  # one character neither a control nor a space
    return {"type": "string", "minLength": 1, "maxLength": max_len, "pattern": PLAIN[:-1] + visible + PLAIN[1:]}


def lists_in_step(items: Mapping[str, dict], required: Iterable[str], lo: int, hi: int) -> dict:
    """Lists read side by side (a name and a hero per player): as many items each, lo..hi of them. JSON
    Schema cannot say "as long as that one", so there is one variant per length."""
    return {"required": list(required),
            "properties": {name: {"type": "array", "items": item, "minItems": lo, "maxItems": hi}
                           for name, item in items.items()},
            "anyOf": [{"properties": {name: {"minItems": n, "maxItems": n} for name in items}}
                      for n in range(lo, hi + 1)]}


def summary(action: Callable) -> str:
    return (inspect.getdoc(action) or action.__name__.replace("_", " ")).split("\n\n")[0]


@cache
def _tree(func: Callable) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
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
    schema: dict[str, Any]
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


def _value(node: ast.expr, scope: dict) -> Any:
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
