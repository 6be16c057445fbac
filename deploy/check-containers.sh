#!/usr/bin/env bash
# Build the image from this checkout and run two app servers from it on one PostgreSQL, as docs/DEPLOY.md
# says; then show a tap on the first reaching a device waiting on the second. Usage:
#   deploy/check-containers.sh postgresql://user:password@127.0.0.1:5432/postgres
# PODMAN_RUN_FLAGS: extra `podman run` flags for a host that needs them (docs/DEPLOY.md, "What was run here");
# PODMAN_BUILD_FLAGS: extra `podman build` flags (a base image, a proxy's CA bundle).
set -euo pipefail
admin_url=${1:?a PostgreSQL server URL}
db_url=${admin_url%/*}/companion_container
cd "$(dirname "$0")/.."
podman build ${PODMAN_BUILD_FLAGS:-} -f deploy/Containerfile -t table-companion .
psql "$admin_url" -qc 'DROP DATABASE IF EXISTS companion_container WITH (FORCE)' -c 'CREATE DATABASE companion_container'
# On the host's own network: the app servers listen on its loopback only (HOST), as behind a proxy.
run() { podman ${PODMAN_GLOBAL_FLAGS:-} run --network host ${PODMAN_RUN_FLAGS:-} "$@"; }
secret=$(python3 -c "import secrets; print(secrets.token_hex(32))")
run --rm -e DATABASE_URL="$db_url" table-companion .venv/bin/flask --app companion db upgrade
podman rm -f companion-a companion-b >/dev/null 2>&1 || true
trap 'podman rm -f companion-a companion-b >/dev/null 2>&1 || true' EXIT
run -d --name companion-a -e DATABASE_URL="$db_url" -e SECRET_KEY="$secret" -e HOST=127.0.0.1 -e PORT=8101 -e WORKERS=1 table-companion
run -d --name companion-b -e DATABASE_URL="$db_url" -e SECRET_KEY="$secret" -e HOST=127.0.0.1 -e PORT=8102 -e WORKERS=1 table-companion
for port in 8101 8102; do
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/manifest.webmanifest" >/dev/null && break; sleep 0.2; done
done
python3 - <<'PY'
import json, threading, time, urllib.request

def call(url, body=None):
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read().decode()

setup = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}
code = json.loads(call("http://127.0.0.1:8101/api/games", {"kind": "mice_mystics", "setup": setup})[1])["code"]
heard = {}

def wait_on_b():
    heard["answer"] = call(f"http://127.0.0.1:8102/g/{code}/live?v=0&wait=20")
    heard["at"] = time.perf_counter()

waiting = threading.Thread(target=wait_on_b)
waiting.start()
time.sleep(1.0)  # the device on B is waiting
tapped = time.perf_counter()
status, _ = call(f"http://127.0.0.1:8101/api/games/{code}/actions", {"action": "next_turn", "version": 0, "params": {}})
waiting.join()
print(f"game {code}: a tap on server A answered {status}; the device waiting on server B heard "
      f"{heard['answer'][1]} {(heard['at'] - tapped) * 1000:.0f} ms after the tap")
assert status == 200 and json.loads(heard["answer"][1])["version"] == 1
PY
