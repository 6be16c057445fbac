"""A panel is drawn in slices: the process's other requests get their turn between them (under gevent a
render otherwise holds every tap of its process until it ends)."""
from __future__ import annotations

import itertools

from companion.web import render


def test_a_drawing_gives_way_after_each_slice_and_loses_nothing(monkeypatch):
    ticks = itertools.count()
    monkeypatch.setattr(render.time, "perf_counter", lambda: next(ticks) * render.SLICE * 0.4)  # a fake clock
    gave_way = []
    monkeypatch.setattr(render, "give_way", lambda: gave_way.append(1))
    chunks = [f"<p>{n}</p>" for n in range(30)]
    assert render.in_slices(iter(chunks)) == "".join(chunks)
    assert 8 <= len(gave_way) <= 15  # about one per slice: 30 chunks, 0.4 slice each


def test_a_quick_drawing_never_gives_way(monkeypatch):
    monkeypatch.setattr(render.time, "perf_counter", lambda: 0.0)
    monkeypatch.setattr(render, "give_way", lambda: (_ for _ in ()).throw(AssertionError("yielded")))
    assert render.in_slices(["a", "b"]) == "ab"


def test_a_block_and_a_template_drawn_in_slices_are_what_flask_and_jinja2_fragments_render(app, monkeypatch):
    from flask import render_template
    from jinja2 import ChoiceLoader, DictLoader
    from jinja2_fragments.flask import render_block
    page = "{% block a %}[{{ title }}]{% endblock %}<i>{{ request.path }}</i>{% block b %}x{% endblock %}"
    monkeypatch.setattr(
        app.jinja_env, "loader", ChoiceLoader([DictLoader({"slices.html": page}), app.jinja_env.loader])
    )
    monkeypatch.setattr(render, "give_way", lambda: None)
    monkeypatch.setattr(render, "SLICE", 0.0)  # a slice after every chunk
    with app.test_request_context("/g/X"):
        assert (
            render.draw_block("slices.html", "a", title="<b>")
            == render_block("slices.html", "a", title="<b>")
            == "[&lt;b&gt;]"
        )
        assert render.draw_template("slices.html", title="t") == render_template("slices.html", title="t")
        assert "<i>/g/X</i>" in render.draw_template("slices.html", title="t")  # Flask's context is there


GEVENT_DRAWING = """
from gevent import monkey; monkey.patch_all()
import gevent, socket, sys
from companion.web import render
render.SLICE = 0.0  # give way after every chunk
theirs, ours = socket.socketpair()
drawn, answered_after = [], []
def chunks():
    for n in range(5000):
        drawn.append(n)
        yield "<p>%d</p>" % n
def tap():
    ours.recv(1)  # a tap's request, or a database answer
    answered_after.append(len(drawn))
waiting = gevent.spawn(tap)
gevent.sleep(0)  # waiting for its answer now
theirs.send(b"x")  # it has arrived; the process is about to draw
drawing = gevent.spawn(render.in_slices, chunks())
gevent.joinall([waiting, drawing])
assert drawing.value == "".join("<p>%d</p>" % n for n in range(5000))
print(answered_after[0])
"""


def test_under_gevent_a_drawing_gives_way_to_an_answer_that_has_arrived():
    """As served (gunicorn's gevent worker): an answer waiting on the network is served after the slice being
    drawn, not after the whole drawing (a plain yield served it after thousands of chunks here)."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", GEVENT_DRAWING], cwd=root, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) <= 2
