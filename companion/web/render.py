"""One template per screen: a full page for a navigation, a named block for an htmx request.

A live panel is drawn in slices: under gevent a render holds its process for the milliseconds it takes,
so it gives way every SLICE seconds to the process's other requests; a tap waits a slice at most."""
from __future__ import annotations

import re
import time
from typing import Any
from collections.abc import Iterable

import gevent
from flask import Flask, current_app, g, render_template
from flask.templating import Environment as FlaskEnvironment
from gevent import monkey
from jinja2 import Template, pass_context
from jinja2.runtime import Context
from jinja2_fragments.flask import render_block
from markupsafe import Markup, escape

from .compiled_templates import current_environment
from .security import fragment
from .assets import icon_sprite, page_kind

SLICE = 0.001  # seconds of drawing before the process's other requests get their turn

_NOT_FOUND = object()
# A blank line in what a template drew: templates whose blocks each end their line leave one wherever an
# {% if %} draws nothing or a {% for %} ends. A browser shows it as the one line break it keeps
# (CollapseLineBreaks, compiled_templates.py: the same assumption of no preformatted text).
BLANK_LINES = re.compile(r"\n[ \t\r\n]*\n")


def joined(chunks: Iterable[str]) -> str:
    """A template's output as one text, without blank lines."""
    return BLANK_LINES.sub("\n", "".join(chunks))


class PageTemplate(Template):
    """A template whose whole output has no blank lines (its macros' outputs keep theirs: cut once, at the end)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        return BLANK_LINES.sub("\n", super().render(*args, **kwargs))


class TemplateEnvironment(FlaskEnvironment):
    """Flask's template environment, whose `a.b` finds a dict's key without raising and catching an
    AttributeError first (the rules' views are dicts: a panel looks up hundreds of their keys). The same
    lookup as Jinja2's: the attribute first, then the item, else undefined."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        found = getattr(obj, attribute, _NOT_FOUND)
        if found is not _NOT_FOUND:
            return found
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    template_class = PageTemplate


@pass_context
def sprite_icon(context: Context, name: str, label: Any = None, **options: Any) -> Markup:
    """macros.html's `icon` (name, label=none, class=""): a function, not a macro, and an icon without a label
    drawn once per request and game kind: a panel draws dozens, most of them the same few."""
    css = options.get("class")
    if label:
        return _icon(icon_sprite(context), name, css) + Markup(f'<span class="visually-hidden">{escape(label)}</span>')
    key = (page_kind(context), name, css)
    drawn = g.setdefault("icons_drawn", {})
    found = drawn.get(key)
    if found is None:
        found = drawn[key] = _icon(icon_sprite(context), name, css)
    return found


def _icon(sprite: str, name: str, css: str | None) -> Markup:
    css_part = escape(" " + css) if css else ""
    return Markup(f'<svg class="icon{css_part}" aria-hidden="true" focusable="false">'
                  f'<use href="{escape(sprite)}#{escape(name)}"></use></svg>')


def init_app(app: Flask) -> None:
    app.jinja_env.globals["sprite_icon"] = sprite_icon


def give_way() -> None:
    """Under gevent, serve what else has arrived first (gevent.idle: sleep(0) runs yielded greenlets again
    before it looks at the network). Without gevent nothing: Python switches threads by itself."""
    if monkey.is_module_patched("time"):
        gevent.idle()


is_htmx = fragment  # an htmx request for a fragment: its answer is a named block


def page_or_block(template: str, block: str, status: int = 200, **context):
    """The whole page, or just `block` of it when htmx asked for a fragment."""
    if is_htmx():
        return render_block(template, block, **context), status
    return render_template(template, **context), status


def in_slices(chunks: Iterable[str]) -> str:
    """A template's output joined, giving way every SLICE seconds."""
    parts, began = [], time.perf_counter()
    for chunk in chunks:
        parts.append(chunk)
        if time.perf_counter() - began > SLICE:
            give_way()
            began = time.perf_counter()
    return joined(parts)


def draw_template(name: str, **context: Any) -> str:
    """render_template, drawn in slices (compiled for the request's language: compiled_templates.py)."""
    current_app.update_template_context(context)
    return in_slices(current_environment().get_template(name).generate(context))


def draw_block(name: str, block: str, **context: Any) -> str:
    """One block of a template (as jinja2_fragments renders it), drawn in slices, compiled likewise."""
    current_app.update_template_context(context)
    environment = current_environment()
    template = environment.get_template(name)
    try:
        return in_slices(template.blocks[block](template.new_context(context)))
    except Exception:
        environment.handle_exception()
        raise
