"""The JSON API's OpenAPI 3.1 document: openapi.yaml, with what the kinds' code owns filled in (each kind's
new-game schema and examples, its actions' parameters from their code: rules/describe.py)."""
from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

import yaml
from flask import current_app

from .. import kinds
from ..rules.describe import action_request, new_game_request


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


@cache
def written() -> dict:
    """openapi.yaml as written (read once per process; each app fills in a copy of it)."""
    return yaml.safe_load(Path(__file__).with_name("openapi.yaml").read_text(encoding="utf-8"))


def document() -> dict:
    """The whole description (built once per app: its kinds and their actions are fixed at start)."""
    cached = current_app.extensions.get("openapi")
    if cached is None:
        cached = current_app.extensions["openapi"] = _document()
    return cached


def _document() -> dict:
    filled = copy.deepcopy(written())
    every_kind = kinds.every()
    new_games = {f"NewGameOf_{k.key}": new_game_request(k) for k in every_kind}
    schemas = filled["components"]["schemas"]
    schemas["Game"]["properties"]["kind"]["enum"] = [k.key for k in every_kind]
    schemas |= {"NewGame": {"anyOf": [ref(name) for name in new_games]}, **new_games,
                "Action": {"anyOf": [action_request(k, ref("Version")) for k in every_kind]}}
    # The kinds' example setups: a client's (and schemathesis's) starting point for a game that is made.
    filled["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["examples"] = {
        example["kind"]: {"summary": f"a {example['kind']} game", "value": example}
        for schema in new_games.values() for example in schema.get("examples", [])}
    return filled
