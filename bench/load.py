"""Tables of devices live on the server: errors, server time per action, and the time from a tap until
each device of the table hears of it — measured by a load client that is never the bottleneck.

Server: gunicorn.conf.py as bin/serve runs it (gevent workers) on SQLite, or several app servers on one
PostgreSQL (--postgres URL --servers 2), the devices of a table spread over them.
Each table: one player acting every ~--pause s through the JSON API (Mice and Mystics "Next", a new
connection per tap as a phone that idled past keep-alive opens) and --devices devices that fetch their
own panel whenever the game moves: hearing of it by long poll (--follow poll, as scripts do) or, as the pages do, on
an event stream kept open (--follow stream; as the game page does, the stream brings the device's own panel in its
event when it can, and the device fetches it only after a plain `moved`). Each device keeps its cookies and each
table comes from a loopback address of its own (127.0.x.y), as phones at different tables would.

The client is asyncio (aiohttp) in --clients processes of its own. Each reports its CPU use and its
event loop's lag; a run in which a client was saturated is refused, not reported. The clients run at
nice 10 (--client-nice): they share the servers' cores here, where a real table's phones do not, and at
equal priority their bursts (each change brings every device its panel at once) took the cores from the
servers at exactly the moments being timed. A process asleep 2 ms at a time at the highest priority
says how long the machine itself stood still (its virtual CPUs, the kernel), which no server can beat.
Idle memory per waiting device: the server's resident memory with every device waiting and nobody
acting, less before the devices came, divided by the devices.

Bounded in time; loopback only.
Usage: .venv/bin/python -m bench.load [--tables 50] [--devices 4] [--seconds 60] [--clients 1] [--follow stream]
       [--postgres postgresql://user:pw@127.0.0.1/postgres --servers 2]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import tempfile
import time
import urllib.request
from pathlib import Path

import sqlalchemy as sa

from bench.stats import percentile, report
from companion.config import sqlalchemy_url
from companion.serving import start_server, stop_server

SETUP = {"mouse": ["collin", "lily", "nez", "filch"], "minion_type": ["rat_warriors"], "minion_count": [2]}
CLIENT_CPU_LIMIT = 0.70  # of one core: above it the client, not the server, may set the pace
LOOP_LAG_LIMIT = 0.025  # seconds: p99 of a 10 ms timer's lateness (the machine, or the client, too busy)


def table_address(table: int) -> str:
    return f"127.0.{1 + table // 250}.{2 + table % 250}"


# --- the client (in processes of its own) ------------------------------------------------------

def client_process(tables: list[dict], devices: int, pause: float, start_at: float, idle: float,
                   seconds: float, results, follow: str = "poll", nice: int = 0) -> None:
    os.nice(nice)  # below the servers: the phones of a real table are not on the server's cores
    results.put(asyncio.run(client(tables, devices, pause, start_at, idle, seconds, follow)))


async def client(tables, devices, pause, start_at, idle, seconds, follow="poll") -> dict:
    import aiohttp

    stop = asyncio.Event()
    out = {"errors": [], "actions": [], "panels": [], "streamed": 0, "acted": {}, "heard": [], "lag": []}
    timeout = aiohttp.ClientTimeout(total=60)

    def session(address: str, fresh_connections: bool = False, connections: int = 1):
        connector = aiohttp.TCPConnector(limit=connections, local_addr=(address, 0), force_close=fresh_connections)
        return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                     timeout=timeout, read_bufsize=2 ** 20)  # a panel event is one long line

    async def fetch_panel(http, base: str, code: str) -> None:
        started = time.perf_counter()
        async with http.get(f"{base}/g/{code}", headers={"HX-Request": "true"}) as panel:
            await panel.read()
        out["panels"].append(time.perf_counter() - started)
        if panel.status != 200:
            out["errors"].append(f"panel: HTTP {panel.status}")

    async def device(table: dict, index: int) -> None:
        base, code = table["servers"][index % len(table["servers"])], table["code"]
        token = "0.0"
        async with session(table["address"]) as http:
            while not stop.is_set():
                try:
                    async with http.get(f"{base}/g/{code}/live", params={"v": token, "wait": "20"}) as answer:
                        body = await answer.read()
                    heard_at = time.perf_counter()
                    if answer.status == 204:
                        continue
                    if answer.status != 200:
                        out["errors"].append(f"live: HTTP {answer.status}")
                        await asyncio.sleep(1)
                        continue
                    token = json.loads(body)["token"]
                    out["heard"].append((code, int(token.split(".")[0]), heard_at))
                    await fetch_panel(http, base, code)
                except (TimeoutError, aiohttp.ClientError) as error:
                    if not stop.is_set():
                        out["errors"].append(f"live: {error!r}")
                        await asyncio.sleep(1)

    async def page(table: dict, index: int) -> None:
        """A device as a page follows its game: it has loaded its panel once (its session), keeps one event
        stream open (its own connection) that brings its panel, or says `moved` and the panel is fetched."""
        base, code = table["servers"][index % len(table["servers"])], table["code"]
        token = "0.0"
        async with session(table["address"], connections=2) as http:
            try:
                async with http.get(f"{base}/g/{code}", headers={"HX-Request": "true"}) as first:
                    await first.read()
            except (TimeoutError, aiohttp.ClientError) as error:
                out["errors"].append(f"first panel: {error!r}")
            # Every page has its panel before any opens its stream: the server's memory is measured between.
            await asyncio.sleep(max(0.0, start_at + idle / 2 - time.time()))
            while not stop.is_set():
                try:
                    async with http.get(f"{base}/g/{code}/live", params={"v": token, "panel": "1"},
                                        headers={"Accept": "text/event-stream"},
                                        timeout=aiohttp.ClientTimeout(total=None, sock_read=10)) as stream:
                        if stream.status != 200:
                            out["errors"].append(f"stream: HTTP {stream.status}")
                            await asyncio.sleep(1)
                            continue
                        event = ""
                        async for line in stream.content:
                            line = line.decode().rstrip("\n")
                            if line.startswith("event:"):
                                event = line[6:].strip()
                            elif line.startswith("data:") and event == "moved":
                                token = line[5:].strip()
                                out["heard"].append((code, int(token.split(".")[0]), time.perf_counter()))
                                await fetch_panel(http, base, code)
                            elif line.startswith("data:") and event == "panel":
                                news = json.loads(line[5:])  # as the page reads it
                                token = news["token"]
                                out["heard"].append((code, int(token.split(".")[0]), time.perf_counter()))
                                out["streamed"] += 1
                            elif not line:
                                event = ""
                            if stop.is_set():
                                return
                except (TimeoutError, aiohttp.ClientError) as error:
                    if not stop.is_set():
                        out["errors"].append(f"stream: {error!r}")
                        await asyncio.sleep(1)

    async def player(table: dict) -> None:
        rng = random.Random(table["code"])
        version, turn = 0, 0
        await asyncio.sleep(max(0.0, start_at + idle - time.time()) + rng.random() * pause)
        async with session(table["address"], fresh_connections=True) as http:
            while not stop.is_set():
                base = table["servers"][turn % len(table["servers"])]
                turn += 1
                started = time.perf_counter()
                try:
                    async with http.post(f"{base}/api/games/{table['code']}/actions",
                                         json={"action": "next_turn", "version": version, "params": {}}) as answer:
                        body = await answer.read()
                except (TimeoutError, aiohttp.ClientError) as error:
                    out["errors"].append(f"action: {error!r}")
                    continue
                if answer.status != 200:
                    out["errors"].append(f"action: HTTP {answer.status}")
                else:
                    version = json.loads(body)["version"]
                    out["actions"].append(time.perf_counter() - started)
                    out["acted"][f"{table['code']} {version}"] = started
                try:
                    await asyncio.wait_for(stop.wait(), pause * (0.5 + rng.random()))
                except TimeoutError:
                    pass

    async def loop_lag() -> None:
        while not stop.is_set():
            planned = time.perf_counter() + 0.01
            await asyncio.sleep(0.01)
            out["lag"].append(max(0.0, time.perf_counter() - planned))

    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    follower = page if follow == "stream" else device
    tasks = [asyncio.create_task(follower(t, i)) for t in tables for i in range(devices)]
    tasks += [asyncio.create_task(player(t)) for t in tables]
    tasks.append(asyncio.create_task(loop_lag()))
    await asyncio.sleep(max(0.0, start_at + idle + seconds - time.time()))
    stop.set()
    await asyncio.sleep(0.5)
    cpu = (time.process_time() - cpu_started) / (time.perf_counter() - wall_started)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    seen = [heard_at - out["acted"][f"{code} {version}"] for code, version, heard_at in out["heard"]
            if f"{code} {version}" in out["acted"]]
    return {"errors": out["errors"], "actions": out["actions"], "panels": out["panels"], "seen": seen,
            "streamed": out["streamed"],
            "lag_p99": percentile(out["lag"], 99) if out["lag"] else 0.0, "cpu": cpu}


# --- the server side ---------------------------------------------------------------------------

def resident_kb(master_pid: int) -> int:
    """Resident memory of a gunicorn master's worker processes, in KB."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if fields.get("PPid", "").strip() == str(master_pid):
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total


TICKS = os.sysconf("SC_CLK_TCK")


def worker_cpu_seconds(master_pid: int) -> float:
    """CPU time (user + system) spent so far by a gunicorn master's worker processes."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(master_pid):
            total += int(fields[11]) + int(fields[12])
    return total / TICKS


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent on anything but idling, summed over its cores."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICKS  # less idle and iowait


def fresh_postgres(url: str) -> str:
    """A new database of this run's own (a name with its process id: two runs at once never share one)."""
    name = f"companion_bench_{os.getpid()}"
    _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


def drop_postgres(url: str, database: str) -> None:
    _admin(url, f'DROP DATABASE IF EXISTS "{database.rsplit("/", 1)[1]}" WITH (FORCE)')


def _admin(url: str, *statements: str) -> None:
    admin = sa.create_engine(sqlalchemy_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        for statement in statements:
            connection.execute(sa.text(statement))
    admin.dispose()


def new_game(base: str) -> str:
    request = urllib.request.Request(f"{base}/api/games", method="POST",
                                     data=json.dumps({"kind": "mice_mystics", "setup": SETUP}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


def server_times(log: Path) -> dict[str, list[float]]:
    """The server's own time per request (gunicorn's access log), apart from any wait in the client."""
    times: dict[str, list[float]] = {"action": [], "panel": []}
    for line in log.read_text().splitlines():
        method, path, _status, micros = line.split()
        if method == "POST" and path.endswith("/actions"):
            times["action"].append(int(micros) / 1e6)
        elif method == "GET" and path.startswith("/g/") and path.count("/") == 2:
            times["panel"].append(int(micros) / 1e6)
    return times


def watch_pauses(seconds: float, results) -> None:
    """A process that only sleeps 2 ms at a time, at the highest priority when it may (root): how late it
    wakes says how long the machine itself (its virtual CPUs, the kernel) stood still. The app cannot
    answer faster than that; a run's worst actions that fall in such a pause say so."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, -20)
        favoured = True
    except OSError:
        favoured = False
    pauses, ends = [], time.monotonic() + seconds
    before = time.monotonic()
    while before < ends:
        time.sleep(0.002)
        now = time.monotonic()
        if now - before > 0.022:  # 20 ms later than asked
            pauses.append(now - before - 0.002)
        before = now
    results.put({"pauses": pauses, "favoured": favoured})


def server_errors(workdir: Path, servers: int) -> None:
    """What the servers logged as failing (a 500's traceback), the first of it shown: a run with errors
    says why."""
    for n in range(servers):
        log = (workdir / f"server-{n}.log").read_text(errors="replace")
        failures = log.count("Traceback (most recent call last)")
        if failures:
            first = log[log.index("Traceback (most recent call last)"):][:3000]
            print(f"server {n} logged {failures} tracebacks ({workdir / f'server-{n}.log'}); the first:\n{first}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--idle", type=float, default=8, help="seconds with every device waiting before anyone acts")
    parser.add_argument("--pause", type=float, default=5.0, help="mean seconds between a table's actions")
    parser.add_argument("--clients", type=int, default=1, help="load client processes")
    parser.add_argument("--follow", choices=("poll", "stream"), default="poll",
                        help="devices long poll (as scripts do) or keep an event stream open (as pages do)")
    parser.add_argument("--postgres", default="", help="a PostgreSQL server URL (a fresh database is made on it)")
    parser.add_argument("--servers", type=int, default=1, help="app servers (each its own gunicorn)")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="worker processes per server (SQLite: 1, the only choice; PostgreSQL: default 2 / servers)",
    )
    parser.add_argument("--client-nice", type=int, default=10,
                        help="the load clients' niceness: 10 (default) leaves the servers the cores first, as at a "
                             "real table; 0 shares them equally")
    args = parser.parse_args()
    if not args.postgres and (args.servers > 1 or args.workers > 1):
        parser.error("a server on SQLite is one process: more servers or workers need --postgres")
    load_at_start = " ".join(f"{n:.2f}" for n in os.getloadavg())
    workdir = Path(tempfile.mkdtemp())
    database = fresh_postgres(args.postgres) if args.postgres else f"sqlite:///{workdir / 'bench.db'}"
    workers = args.workers or (max(1, 2 // args.servers) if args.postgres else 1)
    servers = []
    try:
        for n in range(args.servers):
            log = workdir / f"access-{n}.log"
            server, base = start_server(database, workers=workers, access_log=log, migrate=n == 0,
                                        log_file=workdir / f"server-{n}.log",
                                        env={"LIVE_WAIT_SECONDS": "20", "NEW_GAME_LIMIT": "10000 per hour"})
            servers.append((server, base, log))
        bases = [base for _, base, _ in servers]
        tables = [{"code": new_game(bases[t % len(bases)]), "address": table_address(t),
                   "servers": bases[t % len(bases):] + bases[:t % len(bases)]} for t in range(args.tables)]
        memory_before = sum(resident_kb(server.pid) for server, _, _ in servers)
        start_at = time.time() + 1.0
        results = multiprocessing.get_context("spawn").Queue()
        clients = [multiprocessing.get_context("spawn").Process(
            target=client_process, args=(tables[i::args.clients], args.devices, args.pause, start_at, args.idle,
                                         args.seconds, results, args.follow, args.client_nice))
            for i in range(args.clients)]
        for process in clients:
            process.start()
        pauses = multiprocessing.get_context("spawn").Queue()
        watcher = multiprocessing.get_context("spawn").Process(
            target=watch_pauses, args=(start_at + args.idle + args.seconds - time.time(), pauses))
        watcher.start()
        if args.follow == "stream":  # pages have loaded their panels (kept per game), no stream is open yet
            time.sleep(max(0.0, start_at + args.idle / 2 - 0.5 - time.time()))
        memory_panels = sum(resident_kb(server.pid) for server, _, _ in servers)
        time.sleep(max(0.0, start_at + args.idle - 1.0 - time.time()))
        memory_waiting = sum(resident_kb(server.pid) for server, _, _ in servers)
        # The server's CPU while the tables act: per action it hardly depends on what else the machine runs.
        time.sleep(max(0.0, start_at + args.idle - time.time()))
        cpu_started = [sum(worker_cpu_seconds(server.pid) for server, _, _ in servers), machine_busy_seconds()]
        time.sleep(max(0.0, start_at + args.idle + args.seconds - time.time()))
        cpu_used = [sum(worker_cpu_seconds(server.pid) for server, _, _ in servers) - cpu_started[0],
                    machine_busy_seconds() - cpu_started[1]]
        memory_after = sum(resident_kb(server.pid) for server, _, _ in servers)
        outcomes = [results.get(timeout=args.idle + args.seconds + 120) for _ in clients]
        for process in clients:
            process.join()
        machine = pauses.get(timeout=60)
        watcher.join()
    finally:
        for server, _, _ in servers:
            stop_server(server)
        if args.postgres:
            drop_postgres(args.postgres, database)
    devices = args.tables * args.devices
    engine = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{args.tables} tables x {args.devices} devices ({devices} waiting), one action per table every "
          f"~{args.pause:g} s, {args.seconds:.0f} s; {args.servers} app server(s) x {workers} gevent worker(s), "
          f"{engine}; devices follow by {'event stream (as pages)' if args.follow == 'stream' else 'long poll'}; "
          f"{args.clients} asyncio client process(es) on the same machine, at nice {args.client_nice}")
    busy = [o for o in outcomes if o["cpu"] >= CLIENT_CPU_LIMIT or o["lag_p99"] >= LOOP_LAG_LIMIT]
    for n, o in enumerate(outcomes):
        print(f"client {n}: CPU {o['cpu']:.0%} of a core, event loop lag p99 {o['lag_p99'] * 1000:.1f} ms")
    if busy:
        print(f"REFUSED: a load client was saturated (CPU ≥ {CLIENT_CPU_LIMIT:.0%} of a core or loop lag p99 ≥ "
              f"{LOOP_LAG_LIMIT * 1000:.0f} ms): its figures would measure the client. Use more --clients.")
        raise SystemExit(2)
    longest = max(machine["pauses"], default=0.0)
    print(f"machine: a process asleep 2 ms at a time{' at the highest priority' if machine['favoured'] else ''} "
          f"woke 20+ ms late {len(machine['pauses'])} times, the longest {longest * 1000:.0f} ms late "
          f"(the machine itself stood still that long)")
    errors = [e for o in outcomes for e in o["errors"]]
    print(f"errors: {len(errors)}" + (f" (first: {errors[:3]})" if errors else ""))
    server_errors(workdir, args.servers)
    report("action via API (client side)", [t for o in outcomes for t in o["actions"]])
    if args.follow == "stream":
        print(f"panels brought by the stream: {sum(o['streamed'] for o in outcomes)}, "
              f"fetched after a plain `moved`: {sum(len(o['panels']) for o in outcomes)}")
    report("panel fetch after a change (client side)", [t for o in outcomes for t in o["panels"]])
    report("action started -> device heard of it", [t for o in outcomes for t in o["seen"]])
    times = {"action": [], "panel": []}
    for _, _, log in servers:
        for what, samples in server_times(log).items():
            times[what] += samples
    report("server time: action (API)", times["action"])
    report("server time: panel fetch", times["panel"])
    actions = sum(len(o["actions"]) for o in outcomes)
    clients_cpu = sum(o["cpu"] for o in outcomes) * args.seconds
    print(f"server CPU while acting: {cpu_used[0] / args.seconds:.2f} cores, "
          f"{cpu_used[0] / max(1, actions) * 1000:.1f} ms per action (with its devices' live requests and panels); "
          f"the rest of the machine (load client included): "
          f"{max(0.0, cpu_used[1] - cpu_used[0]) / args.seconds:.2f} cores, of which load client "
          f"{clients_cpu / args.seconds:.2f}; {os.cpu_count()} cores; load average at the start {load_at_start}")
    if args.follow == "stream":
        per_device = (memory_waiting - memory_panels) / devices
        print(
            f"server memory: {memory_before / 1024:.1f} MB before the devices, {memory_panels / 1024:.1f} MB once "
            f"each page has its panel (the games' kept panels: {(memory_panels - memory_before) / args.tables:.1f} KB "
            f"per game), {memory_waiting / 1024:.1f} MB with their {devices} streams open: {per_device:.1f} KB per "
            f"waiting device"
        )
    else:
        per_device = (memory_waiting - memory_before) / devices
        print(f"server memory: {memory_before / 1024:.1f} MB before the devices, {memory_waiting / 1024:.1f} MB with "
              f"{devices} waiting: {per_device:.1f} KB per waiting device")
    print(f"server memory after the tables acted: {memory_after / 1024:.1f} MB "
          f"({(memory_after - memory_waiting) / 1024:+.1f} MB since they began)")


if __name__ == "__main__":
    main()
