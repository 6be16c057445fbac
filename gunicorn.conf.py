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

# Python's cycle collector stops the process while it walks the objects it tracks. With a thousand open
# streams, a full collection (30–180 ms, measured) came every few seconds and every tap of the process
# waited for it: the slowest actions were these. So what a worker loaded at start is set aside for good
# (gc.freeze: never walked again), young objects are collected in batches of 2,000 allocations (~1 ms)
# rather than 700, and a full collection waits for 1,000 middle ones rather than 10. Reference counting
# still frees what is not in a cycle at once; cycles that lived long are freed later, not never.
GC_THRESHOLDS = (2000, 10, 1000)


def post_worker_init(worker):
    import gc
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
