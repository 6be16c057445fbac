"""The framework floor beside a table's action: what Flask + Flask-SQLAlchemy on SQLite take for the least an
action must do, timed in the same process as the app's own actions (bench.server_time's), and the ratio.

The floor: a form post read by Flask, a conditional UPDATE of the game's row (its version and JSON state), an
event INSERT, one commit on SQLite in WAL mode with the app's durability (synchronous=FULL), and a small
Jinja render of the new state. No app code is used for it.
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from flask import Flask, abort, render_template_string, request
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event, text

from bench.server_time import time_requests
from bench.stats import percentile, report

PANEL = """<section id="panel" data-version="{{ version }}">
  <h2>Round {{ state.round }}</h2>
  <ol>{% for seat in state.seats %}<li class="{{ 'now' if loop.index0 == state.turn }}">{{ seat }}</li>{% endfor %}</ol>
  <form method="post"><input type="hidden" name="version" value="{{ version }}"><button>Next</button></form>
</section>"""


def floor_app(path: Path) -> tuple[Flask, int]:
    app = Flask(__name__)
    app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    db = SQLAlchemy(app)

    with app.app_context():
        @event.listens_for(db.engine, "connect")
        def pragmas(connection, _record) -> None:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")

        with db.engine.begin() as conn:
            conn.execute(text("CREATE TABLE games (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)"))
            conn.execute(text("CREATE TABLE events (id INTEGER PRIMARY KEY, game_id INTEGER, seq INTEGER, "
                              "action TEXT, params TEXT)"))
            state = {"round": 1, "turn": 0, "seats": ["Collin", "Lily", "Nez", "Filch"]}
            game_id = conn.execute(text("INSERT INTO games (version, state) VALUES (0, :s)"),
                                   {"s": json.dumps(state)}).lastrowid

    @app.post("/g/<int:game_id>/act")
    def act(game_id: int):
        seen = int(request.form["version"])
        row = db.session.execute(text("SELECT state FROM games WHERE id = :id"), {"id": game_id}).one()
        state = json.loads(row.state)
        state["turn"] = (state["turn"] + 1) % len(state["seats"])
        state["round"] += state["turn"] == 0
        moved = db.session.execute(text("UPDATE games SET version = version + 1, state = :s "
                                        "WHERE id = :id AND version = :v"),
                                   {"s": json.dumps(state), "id": game_id, "v": seen}).rowcount
        if not moved:
            abort(409)
        db.session.execute(text("INSERT INTO events (game_id, seq, action, params) VALUES (:g, :q, 'next', '{}')"),
                           {"g": game_id, "q": seen + 1})
        db.session.commit()
        return render_template_string(PANEL, state=state, version=seen + 1)

    return app, game_id


def time_floor(n: int) -> list[float]:
    app, game_id = floor_app(Path(tempfile.mkdtemp()) / "floor.db")
    client = app.test_client()
    times = []
    for version in range(n):
        started = time.perf_counter()
        response = client.post(f"/g/{game_id}/act", data={"version": str(version)})
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="actions to time in each round")
    parser.add_argument("--rounds", type=int, default=3, help="floor and app timed alternately this many times")
    args = parser.parse_args()
    floor: list[float] = []
    app: dict[str, list[float]] = {}
    for _ in range(args.rounds):  # alternated, so that the machine's other load falls on both alike
        floor += time_floor(args.n)
        for name, times in time_requests(args.n)[0]:
            app.setdefault(name, []).extend(times)
    print(f"SQLite WAL, synchronous=FULL, in-process WSGI, {args.rounds} × {args.n} actions each")
    report("floor: Flask + Flask-SQLAlchemy", floor)
    for name, times in app.items():
        report(f"action: {name}", times)
    for name, times in app.items():
        print(f"{name}: ×{percentile(times, 50) / percentile(floor, 50):.2f} the floor at p50, "
              f"×{percentile(times, 99) / percentile(floor, 99):.2f} at p99")


if __name__ == "__main__":
    main()
