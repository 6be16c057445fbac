"""One template per screen: a full page for a navigation, a named block for an htmx request."""
from __future__ import annotations

from flask import render_template, request
from jinja2_fragments.flask import render_block


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_block(template: str, block: str, status: int = 200, **context):
    """The whole page, or just `block` of it when htmx asked for a fragment."""
    if is_htmx():
        return render_block(template, block, **context), status
    return render_template(template, **context), status
