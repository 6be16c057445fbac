"""Small helpers for driving the app through the Flask test client like a browser would."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from companion.storage import presence
from companion.storage.models import Event, Game, db
from tests.conftest import csrf_token

HTMX = {"HX-Request": "true"}


def new_counter(client, start: int = 0, title: str = "") -> tuple[str, str]:
    """Create a counter game through the setup form; return (game URL, CSRF token)."""
    token = csrf_token(client)
    response = client.post("/new/counter", data={"csrf_token": token, "start": str(start), "title": title})
    assert response.status_code == 303
    return response.headers["Location"], token


def act(client, url: str, token: str, version: int, action: str, htmx: bool = True, **params):
    data = {"csrf_token": token, "version": str(version), "action": action, **params}
    return client.post(url + "/act", data=data, headers=HTMX if htmx else {})


def count(html: str) -> int:
    return int(re.search(r'id="count">(\d+)<', html).group(1))


def words(html: str) -> str:
    """The page without the <bdi> that isolates each name a player wrote (tests/web/test_bidi_names.py):
    what a test of the page's words reads."""
    return re.sub(r"</?bdi>", "", html)


def alert(html: str) -> str:
    match = re.search(r'role="alert">([^<]*)', words(html))
    return match.group(1).strip() if match else ""


MK_SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"}
MM_SETUP = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"], "minion_count": [2]}
ADD_REASON = "minion_attack"


def api_act(client, code: str, action: str, **params) -> dict:
    version = client.get(f"/api/games/{code}").get_json()["version"]
    response = client.post(f"/api/games/{code}/actions",
                           json={"version": version, "action": action, "params": params})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def populate(app) -> list[str]:
    """Both games with history (an undo among it), seats held, devices with labels and presence."""
    anna, boris = app.test_client(), app.test_client()
    codes = []
    for kind, setup in (("mage_knight", MK_SETUP), ("mice_mystics", MM_SETUP)):
        code = anna.post("/api/games", json={"kind": kind, "setup": setup}).get_json()["code"]
        codes.append(code)
        for client, label in ((anna, "Anna's phone"), (boris, "Boris's tablet")):
            token = csrf_token(client, f"/g/{code}")
            client.post("/device", data={"csrf_token": token, "label": label})
    mk, mm = codes
    for client in (anna, boris):
        view = client.get(f"/api/games/{mk}").get_json()["view"]
        api_act(client, mk, "pick_tactic", player=view["pick_queue"][0], tactic=view["tactics_available"][0])
    api_act(anna, mm, "add_cheese", reason=ADD_REASON)
    api_act(boris, mm, "next_turn")
    version = anna.get(f"/api/games/{mm}").get_json()["version"]
    assert anna.post(f"/api/games/{mm}/undo", json={"version": version}).status_code == 200
    for client, seat_of in ((anna, {mk: "p1", mm: "mouse:lily"}), (boris, {mk: "p2", mm: "mouse:nez"})):
        for code, seat_id in seat_of.items():
            token = csrf_token(client, f"/g/{code}")
            assert client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": seat_id}).status_code == 303
    with app.app_context():  # the devices' presence written now, not by its timer while a test reads the rows
        presence.buffer().flush()
    return codes


def set_times(app, code: str, set_up: datetime, every: timedelta = timedelta(minutes=1)) -> None:
    """Game `code` set up at `set_up`, its change n made at set_up + n × `every`: the test names the times."""
    with app.app_context():
        game = db.session.scalar(db.select(Game).where(Game.code == code))
        game.created_at = set_up
        for event in db.session.scalars(db.select(Event).where(Event.game_id == game.id)):
            event.at = set_up + every * event.seq
        db.session.commit()
