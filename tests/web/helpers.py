"""Small helpers for driving the app through the Flask test client like a browser would."""
from __future__ import annotations

import re

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


def alert(html: str) -> str:
    match = re.search(r'role="alert">([^<]*)', html)
    return match.group(1).strip() if match else ""
