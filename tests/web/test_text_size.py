"""Text size per device: a cookie set by a plain POST form, applied as a class on <html>."""
from __future__ import annotations

import re

from tests.conftest import csrf_token
from tests.web.helpers import new_counter


def html_class(html: str) -> str:
    return re.search(r'<html lang="\w+" class="([^"]*)"', html).group(1)


def pressed(html: str) -> list[str]:
    return re.findall(r'<button name="size" value="(\w+)"[^>]*aria-pressed="true"', html)


def test_the_default_is_the_normal_size(client):
    html = client.get("/").get_data(as_text=True)
    assert html_class(html) == "day"
    assert pressed(html) == ["normal"]
    assert (
        'role="group" aria-labelledby="textsize-label"' in html
        and '<span class="menu-row-label" id="textsize-label">Text size<' in html
    )


def test_choosing_a_size_sets_a_cookie_and_a_class_on_every_page(client):
    url, token = new_counter(client)
    response = client.post("/text-size", data={"csrf_token": token, "size": "large", "next": url})
    assert response.status_code == 303 and response.headers["Location"] == url
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("text_size=large;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    for path in ("/", url, url + "/history", url + "/screen", "/g/NOPE7"):
        html = client.get(path).get_data(as_text=True)
        assert "text-large" in html_class(html).split(), path
        assert pressed(html) == ["large"], path
    client.post("/text-size", data={"csrf_token": token, "size": "small"})
    assert html_class(client.get(url).get_data(as_text=True)).split()[-1] == "text-small"
    client.post("/text-size", data={"csrf_token": token, "size": "normal"})
    assert "text-" not in html_class(client.get(url).get_data(as_text=True))


def test_an_unknown_size_or_a_foreign_next_is_refused(client):
    token = csrf_token(client)
    response = client.post("/text-size", data={"csrf_token": token, "size": "huge"})
    assert response.status_code == 400 and "text_size=" not in response.headers.get("Set-Cookie", "")
    response = client.post("/text-size", data={"csrf_token": token, "size": "large", "next": "//evil.example/"})
    assert response.status_code == 303 and response.headers["Location"] == "/"
    client.set_cookie("text_size", "gigantic")
    assert html_class(client.get("/").get_data(as_text=True)) == "day"


def test_the_form_needs_its_csrf_token(client):
    assert client.post("/text-size", data={"size": "large"}).status_code == 400
