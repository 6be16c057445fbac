"""DATABASE_URL switches to PostgreSQL: the same migrations, the same pipeline, the same race.

Runs when TEST_POSTGRES_URL points at a server where the role may create databases
(`.ci/run` starts one with bin/postgres-for-tests); REQUIRE_POSTGRES=1 makes its absence a failure.
"""
from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from contextlib import contextmanager

import psycopg
import sqlalchemy as sa

from companion import config
from companion.storage import database, presence, store
from companion.serving import start_server, stop_server
from tests.conftest import csrf_token, make_app
from tests.web.race_worker import race

MICE = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}

def test_postgres_migrations_pipeline_undo_and_race(pg_app):
    client = pg_app.test_client()
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    act = lambda version, n: client.post(f"/api/games/{code}/actions",
                                         json={"action": "add", "version": version, "params": {"n": n}})
    assert act(0, 2).status_code == 200
    assert act(0, 2).status_code == 409
    assert act(1, -9).status_code == 422
    assert client.post(f"/api/games/{code}/undo", json={"version": 1}).get_json()["state"]["count"] == 1
    statuses = race(pg_app, code, 2, 12, time.time() + 0.3)
    assert Counter(statuses) == {200: 1, 409: 11}
    game = client.get(f"/api/games/{code}").get_json()
    assert (game["version"], game["state"]["count"]) == (3, 2)
    assert len(client.get(f"/api/games/{code}/events").get_json()) == 3
    exported = client.get(f"/api/games/{code}/export").get_json()
    assert client.post("/api/import", json=exported).status_code == 201


@contextmanager
def round_trips(app):
    """What the app sends PostgreSQL, in order: each statement's first word, and the BEGIN, COMMIT and
    ROLLBACK psycopg sends around them (a BEGIN goes before a statement on an idle connection that is not
    in autocommit; a COMMIT or ROLLBACK only when a transaction is open); and "checkout" each time a
    connection is taken from the pool (under load, a wait for one)."""
    sent: list[str] = []

    def in_transaction(dbapi_connection) -> bool:
        driver = getattr(dbapi_connection, "driver_connection", dbapi_connection)
        return driver.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def statement(conn, cursor, text, parameters, context, executemany):
        driver = conn.connection.driver_connection
        if not driver.autocommit and not in_transaction(driver):
            sent.append("BEGIN")
        sent.append(text.split()[0].upper())

    def ends(word):
        return lambda conn: sent.append(word) if in_transaction(conn.connection) else None

    def reset(dbapi_connection, record, state):
        if in_transaction(dbapi_connection):
            sent.append("ROLLBACK")

    with app.app_context():
        engine = store.db.engine
    hooks = [(engine, "before_cursor_execute", statement), (engine, "commit", ends("COMMIT")),
             (engine, "rollback", ends("ROLLBACK")), (engine.pool, "reset", reset),
             (engine.pool, "checkout", lambda *_: sent.append("checkout"))]
    for target, name, hook in hooks:
        sa.event.listen(target, name, hook)
    try:
        yield sent
    finally:
        for target, name, hook in hooks:
            sa.event.remove(target, name, hook)


def test_an_action_on_postgresql_is_one_read_and_one_write(pg_app):
    """No transaction around them: the write is one statement guarded by the version (see the race above),
    so the BEGIN and the COMMIT round trips are saved, on one connection taken once. A write of several
    statements still gets a transaction."""
    client = pg_app.test_client()
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    token = csrf_token(client, f"/g/{code}")  # the device's label is in its session from now on
    with round_trips(pg_app) as sent:
        assert client.post(f"/api/games/{code}/actions",
                           json={"action": "add", "version": 0, "params": {"n": 2}}).status_code == 200
    assert sent == ["checkout", "SELECT", "WITH"]
    with round_trips(pg_app) as sent:
        assert client.post(f"/api/games/{code}/undo", json={"version": 1}).status_code == 200
    assert sent == ["checkout", "SELECT", "SELECT", "SELECT", "WITH"]  # the game, the change undone, the stack before
    with round_trips(pg_app) as sent:
        assert client.post(f"/g/{code}/act", data={"action": "add", "n": "3", "version": "2",
                                                   "csrf_token": token}).status_code == 303
    assert sent == ["checkout", "SELECT", "WITH"]
    with round_trips(pg_app) as sent:  # the same pooled connection, back to transactions
        assert client.post(f"/g/{code}/rename", data={"title": "Sunday", "csrf_token": token}).status_code == 303
    assert sent[:2] == ["checkout", "BEGIN"] and "UPDATE" in sent and sent[-1] == "COMMIT"
    assert client.get(f"/api/games/{code}").get_json()["state"]["count"] == 4


def test_a_devices_panel_after_a_change_is_drawn_from_one_read(pg_app):
    """After a change, the device that draws the panel for the devices alike reads the game, its latest
    change, its undo target and its seats in one statement, outside a transaction (it writes nothing)."""
    phone, tablet = pg_app.test_client(), pg_app.test_client()
    code = phone.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    tablet.get(f"/g/{code}")
    assert phone.post(f"/api/games/{code}/actions",
                      json={"action": "add", "version": 0, "params": {"n": 2}}).status_code == 200
    with pg_app.app_context():
        presence.buffer().flush()  # the tablet's presence, written by a timer, must not land inside the count
    with round_trips(pg_app) as sent:
        panel = tablet.get(f"/g/{code}", headers={"HX-Request": "true"})
    assert panel.status_code == 200 and 'data-live-token="1.0"' in panel.get_data(as_text=True)
    # The live read (a prepared statement on the driver: no hook sees it), then the drawing's one read.
    assert sent == ["checkout", "checkout", "SELECT"]


def test_a_worker_opens_its_connections_before_the_first_request(pg_app):
    """database.warm_up (gunicorn.conf.py's worker hook): the pool is full and each connection has read
    the tables' definitions, so no tap waits for a new PostgreSQL process."""
    with pg_app.app_context():
        pool = store.db.engine.pool
        assert pool.checkedin() < pool.size()  # the migrations used one
        database.warm_up(pg_app)
        assert pool.checkedin() == pool.size() == 8
    client = pg_app.test_client()
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    assert client.get(f"/api/games/{code}").status_code == 200
    with pg_app.app_context():
        assert pool.checkedin() == 8  # the requests used those: none was opened for them


def test_postgresql_connections_come_from_sqlalchemys_own_queue_pool(pg_url):
    """Issue 43: no pool of ours overriding SQLAlchemy's private methods. A request waits for a connection at
    most GAME_WAIT_SECONDS (then 503 Retry-After, web/errors.py); its game's turn it waits for in the app."""
    from sqlalchemy.pool import QueuePool
    app = make_app(database_url=config.sqlalchemy_url(pg_url), GAME_WAIT_SECONDS=3.0)
    with app.app_context():
        pool = store.db.engine.pool
        assert type(pool) is QueuePool and pool.timeout() == 3.0 and pool.size() == 8
        store.db.engine.dispose()


def test_two_app_servers_on_one_postgresql_hear_each_others_changes(pg_url, tmp_path):
    """Many hosts, one database: a tap on server A reaches a device waiting on server B by NOTIFY.

    Both run gunicorn.conf.py as bin/serve does; their hourly catch-up read cannot be what answers."""
    env = {"LIVE_CATCH_UP_SECONDS": "3600", "LIVE_WAIT_SECONDS": "30"}
    server_a, base_a = start_server(pg_url, workers=1, env=env, log_file=tmp_path / "a.log")
    server_b, base_b = start_server(pg_url, workers=1, env=env, migrate=False, log_file=tmp_path / "b.log")
    try:
        code = post_json(f"{base_a}/api/games", {"kind": "mice_mystics", "setup": {
            "mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}})["code"]
        answer: dict = {}

        def wait_on_b():
            with urllib.request.urlopen(f"{base_b}/g/{code}/live?v=0.0&wait=30", timeout=60) as response:
                answer.update(status=response.status, body=json.loads(response.read() or b"null"))

        listener = threading.Thread(target=wait_on_b)
        listener.start()
        # Server B notes the device's presence after it took its place and read the game: it waits.
        # (Bounded, a minute at least, against a hang; a tap before would be answered at once, not by NOTIFY.)
        engine = sa.create_engine(config.sqlalchemy_url(pg_url))
        for _ in range(6000):
            with engine.connect() as connection:
                if connection.execute(sa.text("SELECT count(*) FROM presence")).scalar():
                    break
            time.sleep(0.01)
        else:
            raise AssertionError("the device never waited on server B")
        engine.dispose()
        acted = post_json(f"{base_a}/api/games/{code}/actions", {"action": "next_turn", "version": 0, "params": {}})
        listener.join(timeout=60)
        assert acted["version"] == 1
        assert answer == {"status": 200, "body": {"version": 1, "token": "1.0"}}
    finally:
        stop_server(server_a)
        stop_server(server_b)


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def answered(request: urllib.request.Request | str) -> tuple[int, dict, dict]:
    """(status, headers, JSON body) of one request, whatever its status. The timeout is a safety net."""
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


def waiting_on_locks(engine: sa.Engine) -> int:
    with engine.connect() as connection:
        return connection.execute(sa.text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )).scalar()


def test_one_locked_game_stalls_no_other_and_its_waiters_hear_to_try_again(pg_url, tmp_path):
    """Issue 41: another session (a peer server frozen mid-change) holds game A's row while 40 changes to A
    arrive at once. Game B, on the same server, answers while A is still held; A's changes are each answered
    503 with Retry-After, and none of them was made."""
    server, base = start_server(pg_url, workers=2, env={"GAME_WAIT_SECONDS": "3"}, log_file=tmp_path / "server.log")
    engine = sa.create_engine(config.sqlalchemy_url(pg_url))
    lock = None
    try:
        game_a = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": MICE})["code"]
        game_b = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": MICE})["code"]
        lock = psycopg.connect(pg_url)
        lock.execute("SELECT id FROM game WHERE code = %s FOR UPDATE", (game_a,))
        on_a: list[tuple[int, dict, dict]] = []

        def act_on_a():
            on_a.append(answered(urllib.request.Request(
                f"{base}/api/games/{game_a}/actions", method="POST", headers={"Content-Type": "application/json"},
                data=json.dumps({"action": "next_turn", "version": 0, "params": {}}).encode())))

        senders = [threading.Thread(target=act_on_a) for _ in range(40)]
        for sender in senders:
            sender.start()
        for _ in range(12000):  # a safety net of minutes: the changes have come to wait on A's row
            if waiting_on_locks(engine):
                break
            time.sleep(0.01)
        else:
            raise AssertionError("no change to A ever waited on its row")
        # Each read a new connection: both worker processes are asked.
        on_b = [answered(f"{base}/api/games/{game_b}") for _ in range(6)]
        assert lock.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS  # A is still held
        assert [status for status, _, _ in on_b] == [200] * 6
        for sender in senders:
            sender.join(timeout=300)
        assert len(on_a) == 40
        for status, headers, body in on_a:
            assert status == 503 and int(headers["Retry-After"]) > 0
            assert body["status"] == 503 and "try again" in body["error"]
        lock.rollback()
        game = answered(f"{base}/api/games/{game_a}")[2]
        assert game["version"] == 0  # nothing half-done
        assert answered(f"{base}/api/games/{game_a}/events")[2] == []
        acted = post_json(f"{base}/api/games/{game_a}/actions", {"action": "next_turn", "version": 0, "params": {}})
        assert acted["version"] == 1  # A plays on once it is free
    finally:
        if lock is not None:
            lock.close()
        engine.dispose()
        stop_server(server)


def test_a_locked_games_presence_never_holds_back_another_games_page(pg_url):
    """Another session holds game A's row while a device's presence on A waits to be written: the whole page
    of game B (its roster writes what is pending first) is drawn with the tablet on B in it, and A's presence
    is left for a later poll, not waited for (it was: the whole batch failed on the lock's timeout, B's too)."""
    app = make_app(database_url=config.sqlalchemy_url(pg_url), GAME_WAIT_SECONDS=0.5,
                   PRESENCE_FLUSH_SECONDS=3600)
    try:
        phone, tablet = app.test_client(), app.test_client()
        game_a = phone.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
        game_b = phone.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
        # Live panels: the presences noted, not yet written (a whole page would write what is pending).
        assert phone.get(f"/g/{game_a}", headers={"HX-Request": "true"}).status_code == 200
        assert tablet.get(f"/g/{game_b}", headers={"HX-Request": "true"}).status_code == 200
        with psycopg.connect(pg_url) as lock:
            lock.execute("SELECT id FROM game WHERE code = %s FOR UPDATE", (game_a,))
            assert phone.get(f"/g/{game_b}").status_code == 200
            with psycopg.connect(pg_url, autocommit=True) as reader:
                present = reader.execute("SELECT g.code FROM presence p JOIN game g ON g.id = p.game_id").fetchall()
            assert present == [(game_b,)]
            lock.rollback()
        assert phone.get(f"/g/{game_b}").status_code == 200
    finally:
        with app.app_context():
            store.db.engine.dispose()
