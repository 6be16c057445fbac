"""Templates compiled once and kept: Jinja's own bytecode cache, in the instance folder.

A fresh server worker compiled each template the first time a device asked for a page that uses it:
the first phone to open a game after a start waited 0.3-0.4 s more, on each worker. So a worker
compiles every template at start (gunicorn.conf.py), which takes about 2 s of CPU; kept on disk, that
is done once for all workers and restarts, and a worker only loads the code (Jinja checks each
template's source against what was kept, and compiles again what changed).
"""
from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from flask import Flask
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

FOLDER = "compiled-templates"
I18N = Path(__file__).resolve().parent / "i18n.py"
LINE_BREAKS = re.compile(r"[ \t\r]*\n[ \t\r\n]*")  # ASCII only: a no-break space is meant


class CollapseLineBreaks(Extension):
    """A template's own text with each run of whitespace that holds a line break cut to one line break: the
    indentation and blank lines that keep a template readable are no part of what a phone downloads (a
    game page's first load, gzipped, 0.5 KB less). A browser shows such a run as one space either way; the
    templates hold no <pre>, <textarea> or white-space: pre, where it would show. A {% trans %} block's
    text is trimmed (i18n.py's policy) to the same words."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for token in stream:
            if token.type == "data":
                token = Token(token.lineno, "data", LINE_BREAKS.sub("\n", token.value))
            yield token


def keep(app: Flask, environment: Environment, variant: str, *inputs: bytes) -> None:
    """Keep `environment`'s compiled code apart from every other's: its `variant`, its extensions, the
    app's gettext set-up (companion/i18n.py: its policies shape the code) and whatever else does
    (`inputs`), as one digest. Where the instance folder cannot be written, templates compile in memory."""
    environment.bytecode_cache = _cache(app, variant, repr(sorted(environment.extensions)).encode(),
                                        I18N.read_bytes(), Path(__file__).read_bytes(), *inputs)


def _cache(app: Flask, variant: str, *inputs: bytes) -> FileSystemBytecodeCache | None:
    folder = Path(app.instance_path) / FOLDER
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return None
    digest = hashlib.sha256(b"\0".join(inputs)).hexdigest()[:16]
    return FileSystemBytecodeCache(str(folder), f"{variant}-{digest}-%s.cache")


def init_app(app: Flask) -> None:
    """Call once the app's template environment has its extensions (companion/i18n.py). Each language's
    environment (folded_templates.py), an overlay of this one, collapses line breaks too."""
    app.jinja_env.add_extension(CollapseLineBreaks)
    keep(app, app.jinja_env, "page")


def compile_all(app: Flask) -> None:
    """Every template compiled (or its kept code loaded) now, in every environment that draws them:
    Flask's own for whole pages, each language's folded one for live panels (folded_templates.py)."""
    from .folded_templates import environment_for
    for environment in (app.jinja_env, *(environment_for(app, locale) for locale in app.config["LANGUAGES"])):
        for name in environment.list_templates(extensions=("html",)):
            environment.get_template(name)
