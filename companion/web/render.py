"""One template per screen: a full page for a navigation, a named block for an htmx request.

The live panel is drawn in slices: under gevent a render holds its process until it yields, and a
panel takes milliseconds to draw, so every tap and every database answer of the process would wait
behind it. Drawing lets the others run about every SLICE seconds; a tap waits a slice at most."""
from __future__ import annotations

import time
from typing import Any, Iterable

from flask import current_app, render_template, request
from jinja2_fragments.flask import render_block

SLICE = 0.001  # seconds of drawing before the process's other requests get their turn


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_block(template: str, block: str, status: int = 200, **context):
    """The whole page, or just `block` of it when htmx asked for a fragment."""
    if is_htmx():
        return render_block(template, block, **context), status
    return render_template(template, **context), status


def in_slices(chunks: Iterable[str]) -> str:
    """A template's output joined, giving way to the process's other requests every SLICE seconds
    (time.sleep(0): gevent's yield when it patched the standard library, else the GIL given up)."""
    parts, began = [], time.perf_counter()
    for chunk in chunks:
        parts.append(chunk)
        if time.perf_counter() - began > SLICE:
            time.sleep(0)
            began = time.perf_counter()
    return "".join(parts)


def draw_template(name: str, **context: Any) -> str:
    """render_template, drawn in slices."""
    app = current_app._get_current_object()
    app.update_template_context(context)
    return in_slices(app.jinja_env.get_template(name).generate(context))


def draw_block(name: str, block: str, **context: Any) -> str:
    """One block of a template (as jinja2_fragments renders it), drawn in slices."""
    app = current_app._get_current_object()
    app.update_template_context(context)
    template = app.jinja_env.get_template(name)
    try:
        return in_slices(template.blocks[block](template.new_context(context)))
    except Exception:
        app.jinja_env.handle_exception()
        raise
