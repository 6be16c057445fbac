"""The template environments the app draws with, compiled once: Flask's own for whole pages, and one per
language for live panels, in which every constant `_("…")` is already translated.

Compiled code is kept in Jinja's own bytecode cache, in the instance folder: a worker compiles every
template at start (gunicorn.conf.py), once for all workers and restarts, so the first device to open a game
does not wait for it; a worker only loads the code (Jinja checks each template's source against what was
kept, and compiles again what changed).

A game panel asks for a hundred and more constant strings each time it is drawn. Compiled for one language,
`_("Next")` is the text "Дальше" itself, so drawing it calls nothing. Only a call with one string literal and
nothing else is folded (a value to fill in, a variable: translated when drawn), and only in autoescaped
templates (there `_()` gives markup: the folded text is marked safe likewise).
"""
from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

from babel.support import NullTranslations, Translations
from flask import Flask, current_app
from jinja2 import Environment, FileSystemBytecodeCache
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup

from .i18n import TRANSLATIONS, current_language

FOLDER = "compiled-templates"
I18N = Path(__file__).resolve().parent / "i18n.py"
LINE_BREAKS = re.compile(r"[ \t\r]*\n[ \t\r\n]*")  # ASCII only: a no-break space is meant


class CollapseLineBreaks(Extension):
    """A template's own text with each run of whitespace that holds a line break cut to one line break: the
    indentation and blank lines that keep a template readable are no part of what a phone downloads. A browser
    shows such a run as one space either way; the templates hold no <pre>, <textarea> or white-space: pre, where
    it would show. A {% trans %} block's text is trimmed (i18n.py's policy) to the same words."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for token in stream:
            if token.type == "data":
                token = Token(token.lineno, "data", LINE_BREAKS.sub("\n", token.value))
            yield token


def keep(app: Flask, environment: Environment, variant: str, *inputs: bytes) -> None:
    """Keep `environment`'s compiled code apart from every other's: its `variant`, its extensions, the
    app's gettext set-up (companion/web/i18n.py: its policies shape the code) and whatever else does
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
    """Call once the app's template environment has its extensions (companion/web/i18n.py). Each language's
    environment (`environment_for`), an overlay of this one, collapses line breaks too."""
    app.jinja_env.add_extension(CollapseLineBreaks)
    keep(app, app.jinja_env, "page")


class FoldConstantGettext(Extension):
    """`_("text")` -> `("its translation"|safe)`, at compile time, in the environment's language."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        autoescape = self.environment.autoescape
        if callable(autoescape):
            autoescape = autoescape(stream.name)
        if not autoescape:
            yield from stream
            return
        # An attribute of our own (environment_for), as Jinja's extensions add theirs: its types cannot show it.
        translations = self.environment.fold_translations  # type: ignore[attr-defined]
        before: Token | None = None
        window: list[Token] = []
        for token in stream:
            window.append(token)
            if len(window) < 4:
                continue
            folded = _folded(window, before, translations)
            if folded is not None:
                yield from folded
                before, window = folded[-1], []
            else:
                before = window.pop(0)
                yield before
        yield from window


def _folded(window: list[Token], before: Token | None, translations: NullTranslations) -> list[Token] | None:
    name, opening, text, closing = window
    if not (name.test("name:_") and opening.test("lparen") and text.test("string") and closing.test("rparen")):
        return None
    if before is not None and before.test("dot"):
        return None  # something._("…"): not the translation function
    translated = translations.ugettext(text.value)
    if "%" in translated:
        try:  # as when drawn: the text is a format string even with nothing to fill in ("%%" is "%")
            translated = str(Markup(translated) % {})
        except (KeyError, TypeError, ValueError):
            return None  # fails when drawn too: leave it to say so there
    line = name.lineno
    return [Token(line, "lparen", "("), Token(line, "string", translated), Token(line, "pipe", "|"),
            Token(line, "name", "safe"), Token(line, "rparen", ")")]


def environment_for(app: Flask, locale: str) -> Environment:
    """The app's template environment compiled for `locale` (made once per language)."""
    environments = app.extensions.setdefault("folded_templates", {})
    environment = environments.get(locale)
    if environment is None:
        translations = Translations.load(str(TRANSLATIONS), [locale])
        environment = app.jinja_env.overlay(extensions=[FoldConstantGettext])
        environment.fold_translations = translations  # type: ignore[attr-defined]  # (read by FoldConstantGettext)
        # Its compiled code kept apart from the other languages', and from code folded from other texts.
        keep(app, environment, locale, Path(__file__).read_bytes(),
             *(Path(path).read_bytes() for path in getattr(translations, "files", ())))
        environments[locale] = environment
    return environment


def current_environment() -> Environment:
    # Flask types current_app as the app itself, not the proxy it is.
    return environment_for(current_app._get_current_object(), current_language())  # type: ignore[attr-defined]


def compile_all(app: Flask) -> None:
    """Every template compiled (or its kept code loaded) now, in every environment that draws them."""
    for environment in (app.jinja_env, *(environment_for(app, locale) for locale in app.config["LANGUAGES"])):
        for name in environment.list_templates(extensions=("html",)):
            environment.get_template(name)
