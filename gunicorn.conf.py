"""How Table Companion is served: bin/serve, the tests' live server and the benchmarks all load this file.

gevent's worker: a device waiting for its game to change is a greenlet of a few KB, not an OS thread,
so a thousand waiting devices cost the server nothing while a tap is answered at once.
Settings come from the environment (README, "Settings"); nothing here imports the app, which each
worker loads after gevent has patched the standard library.
"""
import os

bind = [f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '5000')}"]
worker_class = "gevent"
workers = int(os.environ.get("WORKERS", "2"))
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

# Several servers may run on one host (tests, benchmarks, many app servers): no shared control socket.
control_socket_disable = True


# Once a worker has loaded the app: its database connections opened before the first tap needs one
# (companion/database.py), and Python's collector set for a thousand open streams (companion/collector.py).
def post_worker_init(worker):
    from companion.collector import settle  # the app is loaded by now: these import nothing new
    from companion.database import warm_up
    warm_up(worker.wsgi)
    settle()
