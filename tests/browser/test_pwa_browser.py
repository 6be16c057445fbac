"""Installable (manifest, service worker), an offline page instead of an error, the screen kept on."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from build_steps import icons
from tests.browser.conftest import PHONE, TABLET

OFFLINE = "Offline — reconnecting…"
STATES = {"Screen stays on": "true", "Screen may sleep": "false", "Not supported": "false"}


@pytest.fixture(scope="module", autouse=True)
def icon_files():
    """The icons are build output (bin/setup makes them); the service worker precaches them."""
    if icons.missing():
        icons.write()


def controlled(page, url: str) -> None:
    """Open url, wait for the service worker to be ready, reload: the page is now controlled."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def new_counter(page, live_server: str) -> str:
    page.goto(live_server + "/new/counter")
    page.get_by_label("Start at").fill("7")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#count")).to_have_text("7")
    return page.url


def cached_urls(page) -> list[str]:
    return page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) { urls.push(request.url); }
        }
        return urls;
    }""")


def test_manifest_is_linked_fetched_and_makes_the_app_installable(live_server, device):
    page = device(TABLET)
    controlled(page, live_server + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    fetched = page.evaluate("""async (href) => {
        const response = await fetch(href, {credentials: "same-origin"});
        return {status: response.status, type: response.headers.get("Content-Type"), body: await response.json()};
    }""", href)
    assert fetched["status"] == 200 and fetched["type"].startswith("application/manifest+json")
    assert fetched["body"]["name"] == "Table Companion"

    # What Chromium itself made of it: parsed without errors; installable but for the test's
    # incognito profile (a real tablet's browser has none).
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == live_server + href and manifest["errors"] == []
    assert manifest["manifest"]["display"] == "kStandalone"
    errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}


def test_service_worker_registers_controls_the_page_and_precaches_the_shell(live_server, device):
    page = device(PHONE)
    controlled(page, live_server + "/")
    script = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert script == live_server + "/sw.js" and scope == live_server + "/"
    paths = {re.sub(r"^http://[^/]+", "", url).split("?")[0] for url in cached_urls(page)}
    assert {"/offline", "/static/vendor/css/app.css", "/static/vendor/js/page.js", "/static/vendor/htmx.min.js",
            "/static/icons/icon-192.png"} <= paths


def test_offline_a_game_page_shows_the_reconnecting_page_never_a_cached_game(live_server, device):
    page = device(TABLET)
    game = new_counter(page, live_server)
    controlled(page, game)
    expect(page.locator("#count")).to_have_text("7")

    page.context.set_offline(True)
    page.reload()  # the browser's own error page would throw here, or show no heading
    expect(page.get_by_role("heading", name=OFFLINE)).to_be_visible()
    assert page.url == game
    expect(page.locator("#count")).to_have_count(0)
    expect(page.locator("#game-panel")).to_have_count(0)

    page.goto(live_server + "/")  # any page: the same answer
    expect(page.get_by_role("heading", name=OFFLINE)).to_be_visible()
    page.goto(game)
    expect(page.get_by_role("heading", name=OFFLINE)).to_be_visible()
    assert not [url for url in cached_urls(page) if "/g/" in url or "/api/" in url]

    page.context.set_offline(False)  # it comes back by itself, to the live game
    expect(page.locator("#count")).to_have_text("7")
    assert page.url == game


def test_offline_posts_are_not_answered_from_the_cache(live_server, device):
    page = device(PHONE)
    game = new_counter(page, live_server)
    controlled(page, game)
    page.context.set_offline(True)
    page.get_by_role("button", name="+1").click()  # htmx POST: fails, is never faked
    expect(page.locator("#count")).to_have_text("7")
    page.context.set_offline(False)
    page.reload()
    expect(page.locator("#count")).to_have_text("7")  # nothing was applied


def wake_state(page) -> tuple[str, str]:
    """The toggle's state, read in the chrome's menu (opened if it is closed)."""
    if not page.locator("#menu").evaluate("menu => menu.open"):
        page.locator("#menu > summary").click()
    button = page.locator("#wake")
    expect(button).to_be_visible()
    text, pressed = button.inner_text().strip(), button.get_attribute("aria-pressed")
    assert text in STATES and STATES[text] == pressed, (text, pressed)
    return text, pressed


def test_wake_toggle_shows_a_truthful_state_and_is_remembered(live_server, device):
    page = device(PHONE)
    page.goto(live_server + "/")
    assert wake_state(page) in {("Screen may sleep", "false"), ("Not supported", "false")}
    box = page.locator("#wake").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44

    page.locator("#wake").click()
    native = page.evaluate("'wakeLock' in navigator")
    # The fallback is fetched only by a browser that needs it.
    assert any("NoSleep.min.js" in url for url in page.requests) == (not native)
    expect(page.locator("#wake")).not_to_have_text("Screen may sleep")  # it answered the tap
    text, _pressed = wake_state(page)
    if text == "Screen stays on" and native:
        # the real lock is held; turning it off releases it
        page.locator("#wake").click()
        expect(page.locator("#wake")).to_have_text("Screen may sleep")
        wake_state(page)
        page.locator("#wake").click()
        expect(page.locator("#wake")).to_have_text("Screen stays on")
    assert page.evaluate("localStorage.getItem('tc.keepAwake')") == "on"

    page.reload()  # remembered on this device: asked for again without a tap where the API allows
    if text == "Screen stays on" and native:
        expect(page.locator("#wake")).to_have_text("Screen stays on")
    wake_state(page)


def test_wake_toggle_falls_back_to_nosleep_under_our_csp(live_server, device):
    """Without the Wake Lock API (plain http on the LAN), NoSleep's silent video keeps it on."""
    page = device(PHONE)
    page.context.add_init_script("delete Navigator.prototype.wakeLock;")
    blocked = []
    page.on("console", lambda message: blocked.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.goto(live_server + "/")
    assert page.evaluate("'wakeLock' in navigator") is False
    assert wake_state(page) == ("Screen may sleep", "false")
    assert any("NoSleep.min.js" in url for url in page.requests)
    page.locator("#wake").click()
    expect(page.locator("#wake")).to_have_text("Screen stays on")
    assert wake_state(page) == ("Screen stays on", "true")
    page.locator("#wake").click()
    expect(page.locator("#wake")).to_have_text("Screen may sleep")
    assert blocked == []
