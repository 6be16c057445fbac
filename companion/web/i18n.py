"""English and Russian: the language is chosen per device (cookie), defaulting from the browser."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, current_app, g, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from ..rules.base import Escaping, Text

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
LANG_COOKIE = "lang"
babel = Babel()


def select_locale() -> str:
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen is not None and chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or languages[0]


def current_language() -> str:
    """The request's language ("en", "ru"): what pages are drawn in and kept panels are keyed by."""
    return str(get_locale() or "en")


def translate(text: Any) -> str:
    """A rules-module Text (or its JSON form) in the device's language."""
    if isinstance(text, dict):
        text = Text.from_json(text)
    if not isinstance(text, Text):
        return str(text)
    return text.render(_gettext, _ngettext)


def isolated(value: Any) -> Markup:
    """A name a player may have written (a game's title, a player's, a device's; or a Text naming one), as
    HTML that keeps its writing direction to itself: a right-to-left override in "\u202eAnna" turns no
    text around it (<bdi>)."""
    if isinstance(value, (Text, dict)):
        return Markup("<bdi>%s</bdi>") % translate_html(value)
    return Markup("<bdi>%s</bdi>") % value


def flex_text(html: Any) -> Any:
    """A message that names someone, as one box in a flex container (a .btn, a summary.btn): there each element
    is an item of its own, so a name's <bdi> would stand apart from the words around it, a gap on either side
    and "Boris : token flipped" as the button's accessible name (not the "Boris: token flipped" it shows)."""
    return Markup("<span>%s</span>") % html if "<bdi>" in str(html) else html


HTML = Escaping(words=lambda text: str(escape(text)), value=lambda text: str(isolated(text)))


def translate_html(text: Any) -> Markup:
    """translate() as HTML for a page's text: the message escaped, each string value in it isolated(). A
    string, not a message, is taken for such a value itself (the rules give a group's own mouse or minion
    its name as it was written). In an attribute, use translate()."""
    if isinstance(text, dict):
        text = Text.from_json(text)
    if not isinstance(text, Text):
        return isolated(text)
    return Markup(text.render(_gettext, _ngettext, HTML))


def compile_catalogs() -> None:
    """Compile each .po whose .mo is missing or older (the .mo files are build output, untracked)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for po in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with open(po, "rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            tmp = mo.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as target:
                write_mo(target, catalog)
            os.replace(tmp, mo)  # atomic: parallel test workers never read half a file


def _translations():
    """This request's catalog, looked up once: a game panel asks for a hundred strings per render (and
    `g` is found once per string, not three times: each is a context-variable lookup)."""
    here = g._get_current_object()
    try:
        return here.translations
    except AttributeError:
        here.translations = get_translations()
        return here.translations


# Jinja's newstyle wrappers escape and fill in %(name)s themselves: these only look the string up.
def _gettext(string: str) -> str:
    return _translations().ugettext(string)


def _ngettext(singular: str, plural: str, num: int) -> str:
    return _translations().ungettext(singular, plural, num)


# Jinja's newstyle gettext, in one call: its own wrappers call through the template context twice more
# (`_` looks `gettext` up, which calls the lookup), and a game panel asks for eighty strings per drawing.
@pass_context
def _template_gettext(context: Context, string: str, **variables: Any) -> str:
    text = _translations().ugettext(string)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    if not variables and "%" not in text:
        return text  # what formatting would give back: most strings have no placeholder
    return _filled(text, variables)  # always a format string, as Jinja's own: "%%" is "%", values escaped


@pass_context
def _template_ngettext(context: Context, singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    text = _translations().ungettext(singular, plural, num)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return _filled(text, variables)


def _filled(text: str, variables: dict[str, Any]) -> str:
    """`text % variables`, as Markup's % fills markup (each value escaped, a number as it is), without the helper
    object Markup wraps around each value (a third of a panel's translating): the values escaped first."""
    if not isinstance(text, Markup):
        return text % variables
    try:
        return Markup(str.__mod__(text, {name: value if isinstance(value, (int, float)) else escape(value)
                                         for name, value in variables.items()}))
    except TypeError:  # a number given as text for %d, say: Markup's % reads it
        return text % variables


def init_app(app: Flask) -> None:
    compile_catalogs()
    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories=str(TRANSLATIONS))
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # jinja2.ext.i18n adds this method to the environment (Environment.extend), which Jinja's types cannot show.
    app.jinja_env.install_gettext_callables(_gettext, _ngettext, newstyle=True)  # type: ignore[attr-defined]
    app.jinja_env.globals.update(gettext=_template_gettext, ngettext=_template_ngettext, _=_template_gettext)
    # In a page's text, a message's names are isolated (translate_html); in an attribute, plain (t_text).
    app.jinja_env.globals.update(t=translate_html, t_text=translate)
    app.jinja_env.filters["isolated"] = isolated
    app.jinja_env.filters["flex_text"] = flex_text
    app.jinja_env.globals["current_locale"] = current_language
    app.jinja_env.policies["ext.i18n.trimmed"] = True
