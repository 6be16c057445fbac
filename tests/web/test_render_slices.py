"""A panel is drawn in slices: the process's other requests get their turn between them (under gevent a
render otherwise holds every tap of its process until it ends)."""
from __future__ import annotations

import itertools

from companion.web import render


def test_a_drawing_gives_way_after_each_slice_and_loses_nothing(monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(render.time, "perf_counter", lambda: next(ticks) * render.SLICE * 0.4)  # a fake clock
    gave_way = []
    monkeypatch.setattr(render.time, "sleep", gave_way.append)
    chunks = [f"<p>{n}</p>" for n in range(30)]
    assert render.in_slices(iter(chunks)) == "".join(chunks)
    assert gave_way and set(gave_way) == {0}  # a yield, never a wait
    assert 8 <= len(gave_way) <= 15  # about one per slice: 30 chunks, 0.4 slice each


def test_a_quick_drawing_never_gives_way(monkeypatch):
    monkeypatch.setattr(render.time, "perf_counter", lambda: 0.0)
    monkeypatch.setattr(render.time, "sleep", lambda s: (_ for _ in ()).throw(AssertionError("yielded")))
    assert render.in_slices(["a", "b"]) == "ab"


def test_a_block_and_a_template_drawn_in_slices_are_what_flask_and_jinja2_fragments_render(app, monkeypatch):
    from flask import render_template
    from jinja2 import ChoiceLoader, DictLoader
    from jinja2_fragments.flask import render_block
    page = "{% block a %}[{{ title }}]{% endblock %}<i>{{ request.path }}</i>{% block b %}x{% endblock %}"
    monkeypatch.setattr(app.jinja_env, "loader", ChoiceLoader([DictLoader({"slices.html": page}), app.jinja_env.loader]))
    monkeypatch.setattr(render.time, "sleep", lambda s: None)
    monkeypatch.setattr(render, "SLICE", 0.0)  # a slice after every chunk
    with app.test_request_context("/g/X"):
        assert render.draw_block("slices.html", "a", title="<b>") == render_block("slices.html", "a", title="<b>") == "[&lt;b&gt;]"
        assert render.draw_template("slices.html", title="t") == render_template("slices.html", title="t")
        assert "<i>/g/X</i>" in render.draw_template("slices.html", title="t")  # Flask's context is there
