"""The tests' and the benchmarks' servers (companion/serving.py) come up beside other programs on a shared
machine, whichever ports those hold."""
from __future__ import annotations

import socket
import urllib.request

import pytest

from companion import serving


def test_no_other_program_can_take_a_servers_port_while_it_starts(tmp_path, monkeypatch):
    """Issue 41: start_server picked a free port and gunicorn bound it later; a program that took the port
    in between made the server exit ("gunicorn exited with 1"). The race, forced: a rival binds the port
    just before gunicorn starts. The port must be the server's already, and the server comes up."""
    rivals: list[socket.socket] = []
    refused: list[int] = []
    start = serving.subprocess.Popen

    def rival_first(args, *more, env, **options):
        if "gunicorn" in args:
            rival = socket.socket()
            try:
                rival.bind(("127.0.0.1", int(env["PORT"])))
                rival.listen()
                rivals.append(rival)
            except OSError:
                refused.append(int(env["PORT"]))
                rival.close()
        return start(args, *more, env=env, **options)

    monkeypatch.setattr(serving.subprocess, "Popen", rival_first)
    try:
        server, base = serving.start_server(f"sqlite:///{tmp_path / 'served.db'}", workers=1,
                                            log_file=tmp_path / "server.log")
        try:
            assert refused == [int(base.rsplit(":", 1)[1])]
            with urllib.request.urlopen(base + "/manifest.webmanifest", timeout=60) as response:
                assert response.status == 200 and b"Table Companion" in response.read()
        finally:
            serving.stop_server(server)
    finally:
        for rival in rivals:
            rival.close()


def test_a_sqlite_server_is_one_process(tmp_path):
    """Issue 43: on SQLite the server runs one gevent worker process, unless told otherwise."""
    server, _base = serving.start_server(f"sqlite:///{tmp_path / 'served.db'}", log_file=tmp_path / "server.log")
    try:
        children = [status for status in serving.Path("/proc").glob("[0-9]*/status")
                    if f"PPid:\t{server.pid}\n" in serving._read(status)]
        assert len(children) == 1
    finally:
        serving.stop_server(server)


def test_more_than_one_process_on_sqlite_is_refused_in_one_line(tmp_path):
    """Two processes would each keep their own limits' counts, panels and waiting devices: the server says
    so in one line and stops before it forks any."""
    log = tmp_path / "server.log"
    try:
        server, _base = serving.start_server(f"sqlite:///{tmp_path / 'served.db'}", workers=2, log_file=log)
    except RuntimeError as error:
        assert "gunicorn exited" in str(error)
    else:
        serving.stop_server(server)
        pytest.fail("two worker processes were started on SQLite")
    text = log.read_text()
    said = [line for line in text.splitlines() if "WORKERS=2" in line]
    assert len(said) == 1 and "one process" in said[0] and "PostgreSQL" in said[0]
    assert "Traceback" not in text and "Booting worker" not in text


def test_postgresql_may_have_more_processes_and_sqlite_in_memory_none():
    from companion.config import sqlite_many_processes
    assert sqlite_many_processes("postgresql+psycopg://u@h/db", 4) is None
    assert sqlite_many_processes("sqlite:////srv/companion.db", 1) is None
    assert "WORKERS=3" in sqlite_many_processes("sqlite:////srv/companion.db", 3)
    assert sqlite_many_processes("sqlite://", 2) is not None
