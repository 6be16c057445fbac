"""The tests' and the benchmarks' servers (companion/serving.py) come up beside other programs on a shared
machine, whichever ports those hold."""
from __future__ import annotations

import socket
import urllib.request

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
