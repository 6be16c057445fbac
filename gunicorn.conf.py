"""How Table Companion is served: bin/serve, the tests' live server and the benchmarks all load this file.

gevent's worker: a device waiting for its game to change is a greenlet of a few KB, not an OS thread,
so a thousand waiting devices cost the server nothing while a tap is answered at once.
Settings come from the environment (README, "Settings"); nothing here imports the app, which each
worker loads after gevent has patched the standard library.
"""
import ipaddress
import os
import sys

bind = [f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '5000')}"]
# A socket already bound and listening, handed over open (companion/serving.py: the tests' and the
# benchmarks' servers), is served as it is: its port was never free for another program to take.
if os.environ.get("BIND_FD"):
    bind = [f"fd://{os.environ['BIND_FD']}"]
worker_class = "gevent"
# One process on SQLite (on_starting refuses more); with PostgreSQL as many as the host's cores serve.
workers = int(os.environ.get("WORKERS", "1"))
# Open connections per worker: every waiting device holds one.
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "5000"))
# A request's headers must arrive within this many seconds (gevent's worker times the read of each
# request on a kept-alive connection): a client trickling bytes is dropped, not waited on.
keepalive = int(os.environ.get("KEEPALIVE", "5"))
timeout = 30
graceful_timeout = 5

if os.environ.get("TLS_CERT") and os.environ.get("TLS_KEY"):
    certfile, keyfile = os.environ["TLS_CERT"], os.environ["TLS_KEY"]

accesslog = os.environ.get("ACCESS_LOG", "-") or None
if os.environ.get("ACCESS_LOG_FORMAT"):
    access_log_format = os.environ["ACCESS_LOG_FORMAT"]

# Forwarded headers (X-Forwarded-Proto, -For) are believed by the app alone, and only with PROXIES
# (companion/__init__.py): gunicorn's own default believes them from any client on this very host.
forwarded_allow_ips = ""

# Several servers may run on one host (tests, benchmarks, many app servers): no shared control socket.
control_socket_disable = True


# Once a worker has loaded the app: its database connections opened, the query that reads a game built
# and its templates compiled before the first device needs them (companion/storage/database.py, store.py,
# compiled_templates.py), and Python's collector set for a thousand open streams (companion/live/collector.py).
def post_worker_init(worker):
    from companion.storage import store  # the app is loaded by now: these import nothing new
    from companion.live.collector import settle
    from companion.web.compiled_templates import compile_all
    from companion.storage.database import warm_up
    warm_up(worker.wsgi)
    with worker.wsgi.app_context():
        store.warm_up()
    compile_all(worker.wsgi)
    settle()


def on_starting(server):
    """A SQLite database that cannot be written (every worker would fail to boot with a traceback about
    "unable to open database file"), or more than one process on SQLite: said in one line, and the server
    stops before it forks any."""
    from companion import INSTANCE  # the package's own modules import Flask only in create_app
    from companion.config import database_url, sqlite_many_processes, sqlite_unwritable
    url = database_url(INSTANCE)
    problem = sqlite_many_processes(url, server.cfg.workers) or sqlite_unwritable(url)
    if problem:
        server.log.error(problem)
        sys.exit(1)


def reachable_without_proxy(host: str) -> bool:
    """A client may reach an address we listen on without passing the proxy: every interface (0.0.0.0,
    ::) or any address not this host's loopback."""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may name any interface
        return True


def when_ready(server):
    """Believing proxies where a client reaches the app directly lets it name any X-Forwarded-For: the
    per-address limits (wrong codes, new games) would count nothing. Said once, at start, in the log."""
    if int(os.environ.get("PROXIES", "0") or 0) <= 0:
        return
    for listener in server.LISTENERS:  # where it listens indeed, however it was told (an address, a socket)
        address = listener.sock.getsockname()
        if isinstance(address, tuple) and reachable_without_proxy(str(address[0])):
            server.log.warning(
                "PROXIES=%s: X-Forwarded-For and X-Forwarded-Proto are believed, but the app listens on %s, "
                "where a client can reach it without the proxy and name any address it likes (the per-address "
                "limits would count nothing). Listen where only the proxy reaches it: HOST=127.0.0.1, or in a "
                "container publish the port on 127.0.0.1 or an internal network only (docs/DEPLOY.md).",
                os.environ["PROXIES"], f"{address[0]}:{address[1]}")
