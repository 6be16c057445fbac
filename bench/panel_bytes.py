"""Bytes of a live panel: a seated phone's (its turn) and the group screen's, as htmx fetches them.

Mage Knight with three players at the first player's first turn, and Mice and Mystics with four mice at
the first mouse's turn; raw and gzipped (level 6, as a browser would receive it), in-process.

Usage: .venv/bin/python -m bench.panel_bytes
"""
from __future__ import annotations

import gzip
import json
import re
import tempfile
from pathlib import Path

from tests.conftest import make_app

HTMX = {"HX-Request": "true"}
GAMES = {
    "Mage Knight, 3 players, a turn": ("mage_knight", {"player_name": ["Vera", "Boris", "Chen"],
                                                        "hero": ["tovak", "goldyx", "norowas"]}),
    "Mice and Mystics, 4 mice, a turn": ("mice_mystics", {"mouse": ["collin", "lily", "nez", "filch"],
                                                          "minion_type": ["rat_warriors"], "minion_count": [2]}),
}


def api(client, path: str, body: dict | None = None) -> dict:
    answer = client.post(path, json=body) if body is not None else client.get(path)
    assert answer.status_code in (200, 201), (path, answer.status_code, answer.get_data(as_text=True)[:200])
    return answer.get_json()


def to_first_turn(client, code: str) -> dict:
    """Past Mage Knight's tactics (each player the first tactic offered): the game at its first turn."""
    game = api(client, f"/api/games/{code}")
    while game["view"].get("phase") == "tactics":
        seat = game["view"]["pick_queue"][0]
        tactic = next(t for t in game["view"]["tactics_available"] if t not in ("mana_steal", "mana_search"))
        game = api(client, f"/api/games/{code}/actions", {"action": "pick_tactic", "version": game["version"],
                                                         "params": {"player": seat, "tactic": tactic}})
    return game


def sizes(html: bytes) -> str:
    return f"{len(html) / 1024:6.1f} KB raw, {len(gzip.compress(html, 6)) / 1024:5.1f} KB gzipped"


def main() -> None:
    app = make_app(Path(tempfile.mkdtemp()) / "bench.db")
    for name, (kind, setup) in GAMES.items():
        script = app.test_client()
        game = to_first_turn(script, api(script, "/api/games", {"kind": kind, "setup": setup})["code"])
        code = game["code"]
        tablet = app.test_client()
        tablet.get(f"/g/{code}/screen")
        screen = tablet.get(f"/g/{code}/screen", headers=HTMX).data
        page = app.test_client().get(f"/g/{code}").get_data(as_text=True)
        for seat in dict.fromkeys(re.findall(r'name="seat" value="([^"]+)"', page)):
            phone = app.test_client()  # a phone at each seat in turn, until the one whose turn it is
            token = re.search(r'name="csrf_token" value="([^"]+)"', phone.get(f"/g/{code}").get_data(as_text=True))
            phone.post(f"/g/{code}/seat", data={"csrf_token": token.group(1), "seat": seat})
            panel = phone.get(f"/g/{code}", headers=HTMX).data
            if b'class="seat-banner now"' in panel:
                break
        assert b'class="seat-banner now"' in panel, "the phone is not at its turn"
        print(f"{name} (version {json.dumps(game['version'])}):")
        fields = panel.count(b'name="csrf_token"')
        print(f"  seated phone's panel:   {sizes(panel)}; {fields} CSRF fields")
        print(f"  group screen's panel:   {sizes(screen)}")


if __name__ == "__main__":
    main()
