"""Create a Mice and Mystics game through the JSON API and play a few actions (stdlib only).

Usage: python docs/api_example.py http://127.0.0.1:5000
"""
from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


def call(base: str, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with opener.open(request) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def main(base: str) -> None:
    status, game = call(base, "POST", "/api/games", {
        "kind": "mice_mystics", "title": "API demo",
        "setup": {"mouse": ["collin", "lily", "nez", "filch"], "chapter_end_page": 6,
                  "minion_type": ["rat_warriors"], "minion_count": [3]}})
    print(status, "created", game["code"], "track:", [c["card"] for c in game["state"]["initiative_track"]])
    code = game["code"]

    for action, params in (("next_turn", {}), ("add_cheese", {"n": 2, "reason": "minion_attack"}),
                           ("remove_figures", {"card": "rat_warriors", "n": 1})):
        status, game = call(base, "POST", f"/api/games/{code}/actions",
                            {"action": action, "version": game["version"], "params": params})
        print(status, action, "-> version", game["version"], "wheel", game["state"]["cheese_wheel"])

    status, answer = call(base, "POST", f"/api/games/{code}/actions",
                          {"action": "next_turn", "version": 0, "params": {}})
    print(status, "a stale version is refused:", answer["error"])
    status, game = call(base, "POST", f"/api/games/{code}/undo", {"version": game["version"]})
    print(status, "undo -> version", game["version"], "wheel", game["state"]["cheese_wheel"])
    status, events = call(base, "GET", f"/api/games/{code}/events")
    for event in events:
        print(f"  #{event['seq']} {event['label']}")


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:5000")
