"""Templates compiled once per language, with every constant `_("…")` already translated.

A game panel asks for a hundred and more constant strings each time it is drawn, after every change;
each ask is a call through the template context and a catalog lookup. Compiled for one language,
`_("Next")` is the text "Дальше" itself, so drawing it costs nothing. Only a call with one string
literal and nothing else is folded (a value to fill in, a variable: translated when drawn, as before),
and only in autoescaped templates (there `_()` gives markup: the folded text is marked safe likewise).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from babel.support import NullTranslations, Translations
from flask import Flask, current_app
from jinja2 import Environment
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup

from . import compiled_templates
from .i18n import TRANSLATIONS, current_language


class FoldConstantGettext(Extension):
    """`_("text")` -> `("its translation"|safe)`, at compile time, in the environment's language."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        autoescape = self.environment.autoescape
        if callable(autoescape):
            autoescape = autoescape(stream.name)
        if not autoescape:
            yield from stream
            return
        translations = self.environment.fold_translations  # set by environment_for
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
        environment.fold_translations = translations
        # Its compiled code kept apart from the other languages', and from code folded from other texts.
        compiled_templates.keep(app, environment, locale, Path(__file__).read_bytes(),
                                *(Path(path).read_bytes() for path in getattr(translations, "files", ())))
        environments[locale] = environment
    return environment


def current_environment() -> Environment:
    return environment_for(current_app._get_current_object(), current_language())
