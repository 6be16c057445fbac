"""No client can stop the table: a thousand waiting devices and hundreds of trickling connections
hold no thread, so a tap is answered while they wait, and each of them is still served or dropped.

Runs the server as bin/serve does (gunicorn.conf.py, gevent workers) on a local port."""
from __future__ import annotations

import json
import selectors
import socket
import time
import urllib.request

import pytest
import sqlalchemy as sa

from companion.serving import start_server, stop_server

WAITING, TRICKLING = 1000, 300
SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}


def post_json(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())


def connect(port: int, n: int) -> socket.socket:
    """A connection from one of many loopback addresses, as phones at many tables would come."""
    sock = socket.socket()
    sock.bind((f"127.0.{1 + n // 200}.{2 + n % 200}", 0))
    sock.connect(("127.0.0.1", port))
    return sock


def readable(sockets: list[socket.socket], wait: float) -> list[socket.socket]:
    with selectors.DefaultSelector() as selector:  # epoll: select() stops at descriptor 1023
        for sock in sockets:
            selector.register(sock, selectors.EVENT_READ)
        return [key.fileobj for key, _ in selector.select(wait)]


def read_all(sockets: list[socket.socket], rounds: int = 600) -> dict[socket.socket, bytes]:
    """What each socket received until the server closed it or a bounded number of rounds passed."""
    received = {sock: b"" for sock in sockets}
    open_ = set(sockets)
    for _ in range(rounds):
        if not open_:
            break
        for sock in readable(list(open_), 0.1):
            chunk = sock.recv(65536)
            received[sock] += chunk
            if not chunk or complete(received[sock]):
                open_.discard(sock)
    return received


def complete(response: bytes) -> bool:
    head, found, body = response.partition(b"\r\n\r\n")
    if not found:
        return False
    length = [line.split(b":", 1)[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
    return len(body) >= int(length[0]) if length else True


@pytest.fixture
def server(tmp_path):
    database = f"sqlite:///{tmp_path / 'capacity.db'}"
    process, base = start_server(database, env={"LIVE_WAIT_SECONDS": "60"}, log_file=tmp_path / "server.log")
    yield base, database
    stop_server(process)


def test_a_tap_is_answered_while_a_thousand_devices_wait_and_hundreds_trickle(server):
    base, database = server
    port = int(base.rsplit(":", 1)[1])
    _, game = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})
    code = game["code"]
    trickling = [connect(port, n) for n in range(TRICKLING)]
    for sock in trickling:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: tab")  # and never the rest of the headers
    waiting = [connect(port, n) for n in range(WAITING)]
    for sock in waiting:
        sock.sendall(f"GET /g/{code}/live?v=0.0&wait=60 HTTP/1.1\r\nHost: table\r\n\r\n".encode())
    # Each waiting device is noted as present once it took its place and read the game: all wait.
    engine = sa.create_engine(database)
    for _ in range(3000):
        with engine.connect() as connection:
            present = connection.execute(sa.text("SELECT count(*) FROM presence")).scalar()
        if present == WAITING:
            break
        time.sleep(0.02)
    engine.dispose()
    assert present == WAITING
    assert readable(waiting, 0) == []  # nobody was answered yet: they all wait

    status, acted = post_json(f"{base}/api/games/{code}/actions",
                              {"action": "next_turn", "version": 0, "params": {}})
    assert (status, acted["version"]) == (200, 1)

    answers = read_all(waiting)
    assert [a.split(b"\r\n", 1)[0] for a in answers.values()] == [b"HTTP/1.1 200 OK"] * WAITING
    assert all(b'"version":1' in a for a in answers.values())
    # The trickling connections are dropped once their headers are overdue (gunicorn.conf.py keepalive).
    assert all(received == b"" for received in read_all(trickling).values())
    for sock in waiting + trickling:
        sock.close()


def test_a_body_that_trickles_is_answered_408_and_changes_nothing(tmp_path):
    database = f"sqlite:///{tmp_path / 'slow.db'}"
    process, base = start_server(database, env={"BODY_READ_SECONDS": "1"}, log_file=tmp_path / "server.log")
    try:
        port = int(base.rsplit(":", 1)[1])
        _, game = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})
        body = json.dumps({"action": "next_turn", "version": 0, "params": {}}).encode()
        sock = connect(port, 0)
        sock.sendall(f"POST /api/games/{game['code']}/actions HTTP/1.1\r\nHost: table\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body[:5])
        answer = read_all([sock])[sock]  # and the rest of the body never comes
        sock.close()
        assert answer.split(b"\r\n", 1)[0].upper() == b"HTTP/1.1 408 REQUEST TIMEOUT"
        with urllib.request.urlopen(f"{base}/api/games/{game['code']}", timeout=30) as response:
            assert json.loads(response.read())["version"] == 0
    finally:
        stop_server(process)


@pytest.mark.parametrize("framing", ["content-length", "chunked"])
def test_a_body_whose_every_piece_comes_in_time_is_still_cut_off_once_the_whole_is_overdue(tmp_path, framing):
    # A game file sent a piece every 0.2 s: each piece comes well before one read's time (1 s), but the
    # whole would take 20 s, over four times the body's (1 s and 1 s per 500 KB). The server stops it
    # before it is all sent.
    database = f"sqlite:///{tmp_path / 'slow.db'}"
    process, base = start_server(database, env={"BODY_READ_SECONDS": "1"}, log_file=tmp_path / "server.log")
    try:
        port = int(base.rsplit(":", 1)[1])
        _, game = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})
        with urllib.request.urlopen(f"{base}/api/games/{game['code']}/export", timeout=30) as response:
            exported = response.read().rstrip()
        pieces, size = 100, 16 * 1024
        body = exported[:-1] + b" " * (pieces * size - len(exported)) + b"}"  # a valid file, padded
        chunks = [body[at:at + size] for at in range(0, len(body), size)]
        if framing == "chunked":
            chunks = [b"%x\r\n%s\r\n" % (len(chunk), chunk) for chunk in chunks] + [b"0\r\n\r\n"]
        sock = connect(port, 0)
        sock.sendall(b"POST /api/import HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\n"
                     + (b"Transfer-Encoding: chunked" if framing == "chunked" else b"Content-Length: %d" % len(body))
                     + b"\r\n\r\n")
        sent, answer = 0, b""
        try:
            while sent < len(chunks) and not readable([sock], 0.2):
                sock.sendall(chunks[sent])
                sent += 1
            answer = b"".join(read_all([sock]).values())
        except (BrokenPipeError, ConnectionResetError):
            pass  # closed on us: cut off too
        sock.close()
        assert sent < len(chunks)
        assert answer == b"" or answer.split(b"\r\n", 1)[0].upper() == b"HTTP/1.1 408 REQUEST TIMEOUT"
        engine = sa.create_engine(database)
        with engine.connect() as connection:
            assert connection.execute(sa.text("SELECT count(*) FROM game")).scalar() == 1
        engine.dispose()
    finally:
        stop_server(process)
