"""Start the app under gunicorn.conf.py on a local port: the tests' live server and the benchmarks
run exactly what bin/serve runs (gevent workers), on a database of their own."""
from __future__ import annotations

import errno
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "gunicorn.conf.py"


def listening_socket(host: str, port: int = 0) -> socket.socket:
    """A socket bound and listening at once (port 0: whichever port the kernel gives it), for gunicorn to
    take over: no other program can take the port between its choice and the server's start.

    A port asked for by number is tried for five seconds, as gunicorn tries its own: a server killed a
    moment ago (bench/crash.py) may still hold it while its processes exit."""
    host = host.strip("[]")
    tries = 50 if port else 1
    while True:
        tries -= 1
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn's own
        try:
            sock.bind((host, port))
            sock.listen(2048)
            return sock
        except OSError as error:
            sock.close()
            if error.errno != errno.EADDRINUSE or not tries:
                raise
        time.sleep(0.1)


def start_server(database_url: str, port: int | None = None, app: str = "companion:create_app()",
                 workers: int | None = None, env: dict | None = None, access_log: Path | None = None,
                 migrate: bool = True, log_file: Path | None = None) -> tuple[subprocess.Popen, str]:
    """gunicorn with `workers` gevent processes (None: gunicorn.conf.py's, one) once it answers; returns
    (process, base URL).

    The port (`port`, or one the kernel picks) is bound here first and handed to gunicorn as an open
    socket (gunicorn.conf.py's BIND_FD). With `access_log`, gunicorn writes "METHOD PATH STATUS
    MICROSECONDS" per request there: the time the server itself spent, apart from any wait in the client."""
    host = (env or {}).get("HOST", "127.0.0.1")
    listener = listening_socket(host, port or 0)
    port = listener.getsockname()[1]
    environment = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": os.environ.get("SECRET_KEY", "local"),
        **({"WORKERS": str(workers)} if workers else {}),
        "ACCESS_LOG": str(access_log) if access_log else "",
        **({"ACCESS_LOG_FORMAT": "%(m)s %(U)s %(s)s %(D)s"} if access_log else {}),
        **(env or {}),
        "HOST": host,
        "PORT": str(port),
        "BIND_FD": str(listener.fileno()),
    }
    try:
        if migrate:
            subprocess.run([sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"],
                           cwd=ROOT, env=environment, check=True, capture_output=True)
        log = open(log_file, "ab") if log_file else subprocess.DEVNULL
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", str(CONFIG), app], cwd=ROOT,
                                  env=environment, stdout=log, stderr=log, pass_fds=(listener.fileno(),))
        if not isinstance(log, int):
            log.close()  # the server holds its own copy
    finally:
        listener.close()  # gunicorn holds its own
    tls = bool(environment.get("TLS_CERT") and environment.get("TLS_KEY"))  # gunicorn.conf.py serves https
    base = f"{'https' if tls else 'http'}://127.0.0.1:{port}"
    # Whether it answers, not whom the certificate names (a test's own, self-signed).
    context = ssl._create_unverified_context() if tls else None
    # Up to five minutes: a safety net against a server that never comes, not a measure of speed (a machine
    # busy with other work starts it far slower than an idle one).
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        try:
            urllib.request.urlopen(base + "/manifest.webmanifest", timeout=1, context=context).read()
            return server, base
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the server did not start")


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def kill_server(server: subprocess.Popen) -> None:
    """SIGKILL gunicorn's workers and master at once, as a power cut or a crash of the process tree would."""
    master = server.pid
    workers = [int(status.parent.name) for status in Path("/proc").glob("[0-9]*/status")
               if f"PPid:\t{master}\n" in _read(status)]
    for pid in [*workers, master]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    server.wait()


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:  # the process ended while we looked
        return ""
