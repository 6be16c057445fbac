"""Create a Mice and Mystics game through the JSON API, follow its stream of changes and print what the
players are told, while playing a few of the actions the game lists as legal (stdlib only).

Usage: python docs/api_example.py http://127.0.0.1:5000 [ru]
"""
from __future__ import annotations

import json
import queue
import sys
import threading
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
LANGUAGE = {"Accept-Language": sys.argv[2] if len(sys.argv) > 2 else "en"}


def call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **LANGUAGE})
    try:
        with opener.open(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def follow(base: str, code: str, changes: queue.Queue) -> None:
    """Read the game's stream for ever: each change goes to `changes`; a dropped connection is opened
    again from the last change heard (Last-Event-ID), so nothing is missed or heard twice."""
    last = "0"  # from the game's first change: nothing is missed however late the thread starts
    while True:
        headers = {"Accept": "text/event-stream", **LANGUAGE, "Last-Event-ID": last}
        request = urllib.request.Request(f"{base}/api/games/{code}/stream", headers=headers)
        try:
            with opener.open(request, timeout=10) as stream:
                event: dict[str, str] = {}
                for raw in stream:
                    line = raw.decode().rstrip("\n")
                    if line and not line.startswith(":"):
                        name, _, value = line.partition(": ")
                        event[name] = value
                    elif not line and event.get("event") == "change":
                        last = event["id"]
                        changes.put(json.loads(event["data"]))
                        event = {}
                    elif not line:
                        event = {}
        except OSError:
            pass  # the server went away or the stream ended: open it again from the last change heard


def tell(change: dict) -> None:
    seat = f" [{change['seat']}]" if change["seat"] else ""
    print(f"  #{change['seq']}{seat} {change['label']}")
    for notice in change["notices"]:
        print(f"      ! {notice['text']}")


def main(base: str) -> None:
    status, game = call(base, "POST", "/api/games", {
        "kind": "mice_mystics", "title": "API demo",
        "setup": {"mouse": ["collin", "lily", "nez", "filch"], "chapter_end_page": 6,
                  "minion_type": ["rat_warriors"], "minion_count": [3]}})
    print(status, "created", game["code"], "track:", [c["card"] for c in game["state"]["initiative_track"]])
    code = game["code"]
    changes: queue.Queue = queue.Queue()
    threading.Thread(target=follow, args=(base, code, changes), daemon=True).start()

    # What a script may do now, straight from the game's list of legal actions: a few turns, cheese on the
    # wheel until it surges, the surge's question answered (the first listed answer), the next turn.
    wanted = ["next_turn", "next_turn"] + ["add_cheese"] * 6 + ["resolve_surge", "next_turn"]
    for action in wanted:
        listed = [a for a in game["view"]["actions"] if a["action"] == action] or game["view"]["actions"][:1]
        choice = listed[0]
        status, answer = call(base, "POST", f"/api/games/{code}/actions",
                              {"action": choice["action"], "version": game["version"], "params": choice["params"]})
        game = answer if status == 200 else answer["game"]
        print(status, choice["action"], choice["params"], "-> version", game["version"])

    status, answer = call(base, "POST", f"/api/games/{code}/actions",
                          {"action": "next_turn", "version": 0, "params": {}})
    print(status, "a stale version is refused:", answer["error"])
    status, game = call(base, "POST", f"/api/games/{code}/undo", {"version": game["version"]})
    print(status, "undo -> version", game["version"])

    print("What the players were told (from the stream):")
    heard = 0
    while heard < game["version"]:
        change = changes.get(timeout=30)
        tell(change)
        heard = change["seq"]
    status, page = call(base, "GET", f"/api/games/{code}/events?limit=2")
    print(status, "the last two changes from the history:", [c["label"] for c in page])


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:5000")
