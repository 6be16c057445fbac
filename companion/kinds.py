"""The registry of game kinds: each kind brings its pure rules module (see rules/base.py)."""
from __future__ import annotations

import importlib
from collections.abc import Iterable

from flask import Flask, current_app

from .rules.base import GameKind


def init_app(app: Flask, module_names: Iterable[str]) -> None:
    """Import each kind's module and register its KIND."""
    app.extensions.setdefault("game_kinds", {})
    for name in module_names:
        module = importlib.import_module(name)
        register(app, module.KIND)


def register(app: Flask, kind: GameKind) -> None:
    """Serve `kind`, which must be a GameKind: the app asks nothing of a kind that class does not declare."""
    if not isinstance(kind, GameKind):
        raise TypeError(f"{kind!r} is not a GameKind")
    app.extensions.setdefault("game_kinds", {})[kind.key] = kind


def get(key: str) -> GameKind | None:
    return current_app.extensions["game_kinds"].get(key)


def every() -> list[GameKind]:
    return list(current_app.extensions["game_kinds"].values())
