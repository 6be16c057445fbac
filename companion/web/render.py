"""One template per screen: a full page for a navigation, a named block for an htmx request.

The live panel is drawn in slices: under gevent a render holds its process until it yields, and a
panel takes milliseconds to draw, so every tap and every database answer of the process would wait
behind it. Drawing gives way about every SLICE seconds to whatever else the process has to do; a tap
waits a slice at most."""
from __future__ import annotations

import time
from typing import Any, Iterable

import gevent
from flask import current_app, render_template
from gevent import monkey
from jinja2_fragments.flask import render_block

from ..folded_templates import current_environment
from ..security import fragment

SLICE = 0.001  # seconds of drawing before the process's other requests get their turn


def give_way() -> None:
    """Let the process serve everything else it has waiting first: under gevent, a tap's request or a
    database answer that has arrived (gevent.idle: back when nothing else is ready). A plain yield
    (sleep(0)) would not do: gevent runs yielded greenlets again before it looks at the network, for up
    to 50 yields, so a drawing, or several in a row, held every waiting answer of the process to its end.
    Without gevent (the tests, a thread per request) nothing: Python hands the GIL to the other threads
    every few milliseconds by itself (a sleep(0) per slice cost a system call, 0.1 ms each, for nothing)."""
    if monkey.is_module_patched("time"):
        gevent.idle()


is_htmx = fragment  # an htmx request for a fragment: its answer is a named block


def page_or_block(template: str, block: str, status: int = 200, **context):
    """The whole page, or just `block` of it when htmx asked for a fragment."""
    if is_htmx():
        return render_block(template, block, **context), status
    return render_template(template, **context), status


def in_slices(chunks: Iterable[str]) -> str:
    """A template's output joined, giving way to the process's other requests every SLICE seconds."""
    parts, began = [], time.perf_counter()
    for chunk in chunks:
        parts.append(chunk)
        if time.perf_counter() - began > SLICE:
            give_way()
            began = time.perf_counter()
    return "".join(parts)


def draw_template(name: str, **context: Any) -> str:
    """render_template, drawn in slices (compiled for the request's language: folded_templates.py)."""
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
