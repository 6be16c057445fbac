"""Start the app under gunicorn.conf.py on a local port: the tests' live server and the benchmarks
run exactly what bin/serve runs (gevent workers), on a database of their own."""
from __future__ import annotations

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(database_url: str, port: int | None = None, app: str = "companion:create_app()",
                 workers: int = 2, env: dict | None = None, access_log: Path | None = None,
                 migrate: bool = True, log_file: Path | None = None) -> tuple[subprocess.Popen, str]:
    """gunicorn with `workers` gevent processes once it answers; returns (process, base URL).

    With `access_log`, gunicorn writes "METHOD PATH STATUS MICROSECONDS" per request there: the time
    the server itself spent, apart from any wait in the client."""
    port = port or free_port()
    environment = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": os.environ.get("SECRET_KEY", "local"),
                   "HOST": "127.0.0.1", "PORT": str(port), "WORKERS": str(workers),
                   "ACCESS_LOG": str(access_log) if access_log else "",
                   **({"ACCESS_LOG_FORMAT": "%(m)s %(U)s %(s)s %(D)s"} if access_log else {}), **(env or {})}
    if migrate:
        subprocess.run([sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"],
                       cwd=ROOT, env=environment, check=True, capture_output=True)
    log = open(log_file, "ab") if log_file else subprocess.DEVNULL
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", str(CONFIG), app],
                              cwd=ROOT, env=environment, stdout=log, stderr=log)
    if log_file:
        log.close()  # the server holds its own copy
    tls = bool(environment.get("TLS_CERT") and environment.get("TLS_KEY"))  # gunicorn.conf.py serves https
    base = f"{'https' if tls else 'http'}://127.0.0.1:{port}"
    # Whether it answers, not whom the certificate names (a test's own, self-signed).
    context = ssl._create_unverified_context() if tls else None
    # Up to five minutes: a safety net against a server that never comes, not a measure of speed (beside
    # other work, load 15-33 on 2 cores, it took 17-114 s to answer; 300 refused tries last 15 s).
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
