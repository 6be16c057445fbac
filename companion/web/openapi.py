"""The JSON API described for machines: an OpenAPI 3.1 document, served at /api/openapi.json.

Each kind's actions come from its rules module's ACTIONS registry and their parameters from the actions'
own code (rules/describe.py): an action added to the rules is described here without an edit.
"""
from __future__ import annotations

from typing import Any

from flask import current_app

from .. import kinds
from ..rules.describe import action_request, new_game_request
from ..store import CODE_ALPHABET, CODE_LENGTH, EXPORT_FORMAT

JSON = "application/json"
EVENTS_PAGE, EVENTS_MAX = 100, 500  # the history's page: by default, and at most (api.py answers by them)
SEQ_MAX = 10 ** 9 - 1  # a change's seq as the API reads it (9 digits), and as the document bounds it
OPEN: dict[str, Any] = {"type": "object"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict, description: str) -> dict:
    return {"description": description, "content": {JSON: {"schema": schema}}}


ERRORS = {
    "400": _json(ref("Error"), "Malformed: not JSON, a missing or bad version, an unknown action, a bad parameter"),
    "404": _json(ref("Error"), "No game has this code"),
    "408": _json(ref("Error"), "The body arrived too slowly; nothing changed"),
    "410": _json(ref("Deleted"), "The game was deleted: it can be restored until restore_until, on the home page "
                                 "of a device that had it"),
    "429": _json(ref("Error"), "Too many wrong codes (then codes this device never opened wait too), new games, "
                               "imported megabytes, changes or waiting requests from this address or device "
                               "(Retry-After says when to try again)"),
}
STALE_AND_REFUSED = {
    "409": _json(ref("ErrorWithGame"), "The version is not the current one: nothing applied; the current game"),
    "422": _json(ref("ErrorWithGame"), "The rules refuse it (the message is for the players); the current game"),
}
CODE = {"name": "code", "in": "path", "required": True, "description": "the game's five-letter code",
        "schema": {"type": "string", "pattern": f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$"}}


# A new game's code leads to every operation on it (OpenAPI links: a client, or schemathesis, follows them).
GAME_LINKS = {op: {"operationId": op, "parameters": {"code": "$response.body#/code"}}
              for op in ("getGame", "act", "undo", "events", "export")}


def _created(description: str) -> dict:
    return {**_json(ref("Game"), description), "links": GAME_LINKS}


def _errors(*statuses: str) -> dict:
    return {s: (ERRORS | STALE_AND_REFUSED)[s] for s in statuses}


def schemas() -> dict:
    message_ids = {"type": "object", "required": ["msgid"], "properties": {
        "msgid": {"type": "string", "description": "the English text with {name} placeholders (a catalog key)"},
        "params": {"type": "object", "description": "placeholder values; a value may itself be a message"},
        "plural": {"type": ["string", "null"], "description": "the plural msgid, chosen by params.n"}}}
    every_kind = kinds.every()
    return {
        "Version": {"type": "integer", "minimum": 0, "description": "the game version the client last saw"},
        "MessageIds": message_ids,
        "Message": {**message_ids, "required": ["msgid", "params", "plural", "text"],
                    "properties": {**message_ids["properties"], "text": {
                        "type": "string", "description": "rendered in the request's language"}}},
        "Change": {"type": "object", "required": ["seq", "version", "action", "params", "label", "label_message",
                                                  "notices", "device", "seat", "at", "undoes"],
                   "properties": {
                       "seq": {"type": "integer", "minimum": 1}, "version": {
                           "type": "integer", "description": "the game version this change made (= seq)"},
                       "action": {"type": "string"}, "params": OPEN,
                       "label": {"type": "string", "description": "the history's line, in the request's language"},
                       "label_message": ref("Message"),
                       "notices": {"type": "array", "items": ref("Message"),
                                   "description": "what the players are told, once"},
                       "device": {"type": "string", "description": "the label of the device that made it"},
                       "seat": {"type": ["string", "null"], "description": "the seat that device holds now"},
                       "at": {"type": "string", "description": "when (UTC, ISO 8601)"},
                       "undoes": {"type": ["integer", "null"], "description": "the seq an undo reversed"}}},
        "Game": {"type": "object",
                 "required": ["code", "kind", "title", "version", "archived", "state", "view", "undo", "url"],
                 "properties": {
                     "code": {"type": "string"}, "kind": {"enum": [k.key for k in every_kind]},
                     "title": {"type": "string"}, "version": {"type": "integer", "minimum": 0},
                     "archived": {"type": "boolean"},
                     "state": {**OPEN, "description": "the kind's state (docs/rules-*.md)"},
                     "view": {**OPEN, "description": "what the screens derive from the state; every message in "
                                                     "it is a Message (ids and the rendered text), each id -> "
                                                     "msgid table `x_names` has `x_names_text` (id -> name); "
                                                     "`actions` lists the legal actions with concrete params",
                              "properties": {"actions": {"type": "array", "items": {
                                  "type": "object", "required": ["action", "params"],
                                  "properties": {"action": {"type": "string"}, "params": OPEN}}}}},
                     "undo": {"type": ["string", "null"], "description": "the label an undo would reverse"},
                     "url": {"type": "string"}}},
        "GameAfterChange": {"allOf": [ref("Game"), {"type": "object", "required": ["change"],
                                                     "properties": {"change": ref("Change")}}]},
        "Error": {"type": "object", "required": ["error", "status"],
                  "properties": {"error": {"type": "string"}, "status": {"type": "integer"}}},
        "Deleted": {"allOf": [ref("Error"), {"type": "object", "required": ["restore_until"], "properties": {
            "restore_until": {"type": "string", "format": "date-time"}}}]},
        "ErrorWithGame": {"allOf": [ref("Error"), {"type": "object", "required": ["game"],
                                                   "properties": {"game": ref("Game")}}]},
        "NewGame": {"anyOf": [ref(f"NewGameOf_{k.key}") for k in every_kind]},
        **{f"NewGameOf_{k.key}": new_game_request(k) for k in every_kind},
        "Action": {"anyOf": [action_request(k, ref("Version")) for k in every_kind]},
        "Undo": {"type": "object", "required": ["version"], "properties": {"version": ref("Version")}},
        "ExportFile": {"type": "object", "required": ["format", "kind", "title", "version", "state", "events"],
                       "properties": {
                           "format": {"const": EXPORT_FORMAT}, "kind": {"type": "string"},
                           "title": {"type": "string"}, "version": {"type": "integer"}, "state": OPEN,
                           "events": {"type": "array", "items": {
                               "type": "object",
                               "required": ["seq", "action", "params", "label", "at", "state_before"],
                               "properties": {
                                   "seq": {"type": "integer"}, "action": {"type": "string"}, "params": OPEN,
                                   "label": ref("MessageIds"), "notices": {"type": "array", "items": ref("MessageIds")},
                                   "device_label": {"type": "string"}, "at": {"type": "string"},
                                   "state_before": OPEN, "undoes_seq": {"type": ["integer", "null"]}}}}}},
        "LiveToken": {"type": "object", "required": ["version", "token"], "properties": {
            "version": {"type": "integer"}, "token": {"type": "string"}}},
    }


def document() -> dict:
    """The whole description (built once per process: the kinds and their actions are fixed at start)."""
    cached = current_app.extensions.get("openapi")
    if cached is None:
        cached = current_app.extensions["openapi"] = _document()
    return cached


def _document() -> dict:
    body = lambda name: {"required": True, "content": {JSON: {"schema": ref(name)}}}  # noqa: E731
    new_game = body("NewGame")
    # The kinds' example setups: a client's (and schemathesis's) starting point for a game that is made.
    new_game["content"][JSON]["examples"] = {
        example["kind"]: {"summary": f"a {example['kind']} game", "value": example}
        for schema in schemas().values() for example in schema.get("examples", []) if "kind" in example}
    html = {"description": "an error page", "content": {"text/html": {"schema": {"type": "string"}}}}
    sse = {"description": "server-sent events", "content": {"text/event-stream": {"schema": {"type": "string"}}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table Companion JSON API", "version": "1",
                 "description": "Everything the pages can do, through the same action pipeline (docs/API.md). "
                                "Messages follow Accept-Language or the `lang` cookie (en, ru)."},
        "paths": {
            "/api/games": {"post": {
                "operationId": "createGame", "summary": "Start a game", "requestBody": new_game,
                "responses": {"201": _created("the new game"), **_errors("400", "408", "429"),
                              "422": _json(ref("Error"), "the setup breaks a rule")}}},
            "/api/games/{code}": {"get": {
                "operationId": "getGame", "summary": "The game", "parameters": [CODE],
                "responses": {"200": _json(ref("Game"), "the game"), **_errors("404", "410", "429")}}},
            "/api/games/{code}/actions": {"post": {
                "operationId": "act", "summary": "Apply one action (one of the game's kind)", "parameters": [CODE],
                "requestBody": body("Action"),
                "responses": {"200": _json(ref("GameAfterChange"), "the game after the change, and the change"),
                              **_errors("400", "404", "408", "409", "410", "422", "429")}}},
            "/api/games/{code}/undo": {"post": {
                "operationId": "undo", "summary": "Undo the latest change not yet undone", "parameters": [CODE],
                "requestBody": body("Undo"),
                "responses": {"200": _json(ref("GameAfterChange"), "the game after the undo, and the undo"),
                              **_errors("400", "404", "408", "409", "410", "422", "429")}}},
            "/api/games/{code}/events": {"get": {
                "operationId": "events", "summary": "The history, newest first, a page at a time",
                "parameters": [CODE,
                               {"name": "before", "in": "query", "description": "only changes older than this seq",
                                "schema": {"type": "integer", "minimum": 1, "maximum": SEQ_MAX}},
                               {"name": "limit", "in": "query", "description": "at most this many (default 100)",
                                "schema": {"type": "integer", "minimum": 1, "maximum": EVENTS_MAX}}],
                "responses": {"200": _json({"type": "array", "items": ref("Change")}, "changes, newest first"),
                              **_errors("400", "404", "410", "429")}}},
            "/api/games/{code}/stream": {"get": {
                "operationId": "stream",
                "summary": "Follow the game: an event `change` (id: its seq, data: a Change as JSON) for every "
                           "change after Last-Event-ID (or `after`, else from now on), `gone` when the game is "
                           "deleted, a comment line as heartbeat; ends after 5 minutes: reconnect with "
                           "Last-Event-ID",
                "parameters": [CODE,
                               {"name": "Last-Event-ID", "in": "header",
                                "schema": {"type": "integer", "minimum": 0, "maximum": SEQ_MAX}},
                               {"name": "after", "in": "query",
                                "schema": {"type": "integer", "minimum": 0, "maximum": SEQ_MAX}}],
                "responses": {"200": sse, **_errors("400", "404", "429")}}},
            "/api/games/{code}/export": {"get": {
                "operationId": "export", "summary": "The game file, with its whole history", "parameters": [CODE],
                "responses": {"200": _json(ref("ExportFile"), "the file"), **_errors("404", "410", "429")}}},
            "/api/import": {"post": {
                "operationId": "importGame", "summary": "A new game (new code) from an exported file "
                                                       "(as it is, or with Content-Encoding: gzip)",
                "requestBody": body("ExportFile"),
                "responses": {"201": _created("the new game"), **_errors("400", "408", "429")}}},
            "/api/openapi.json": {"get": {
                "operationId": "openapi", "summary": "This document",
                "responses": {"200": _json(OPEN, "OpenAPI 3.1")}}},
            "/g/{code}/live": {"get": {
                "operationId": "live", "summary": "Long poll: 200 as soon as the game is past `v`, 204 after "
                                                  "`wait` seconds if not (pages use it as a stream)",
                "parameters": [CODE,
                               {"name": "v", "in": "query", "description": "the version (or token) last seen",
                                "schema": {"type": "string", "maxLength": 40}},
                               {"name": "wait", "in": "query",
                                "description": "seconds (default and at most 20: a longer wait is taken as 20); "
                                               "not a number, not finite (nan, inf) or below 0: 400",
                                "schema": {"type": "number", "minimum": 0}}],
                "responses": {"200": _json(ref("LiveToken"), "the game moved on"),
                              "204": {"description": "nothing changed within `wait`"},
                              "400": {**html, "description": "`wait` is not a finite number of seconds, 0 or more"},
                              "404": html,
                              "429": {"description": "too many waiting requests (or wrong codes)", "content": {
                                  JSON: {"schema": ref("Error")}, "text/html": {"schema": {"type": "string"}}}}}}},
        },
        "components": {"schemas": schemas()},
    }
