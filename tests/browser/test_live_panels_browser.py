"""A change made on one device shows on another without it fetching its panel: the panel came in the
page's event stream, swapped in as a fetched one is (open sections stay open, and fetch their body
again). The panel holds no CSRF token: the page's taps carry it as a header."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import PATIENCE_MS, PHONE, TABLET, api_act, api_game


def test_a_change_on_the_phone_shows_on_the_tablet_without_a_panel_fetch(live_server, device):
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    panel_url = f"{live_server}/g/{code}"
    phone, tablet = device(PHONE), device(TABLET)
    phone.goto(panel_url)
    # Its stream is open, read by the browser's own EventSource (no parser of ours, the browser's reconnection rules).
    with tablet.expect_response(lambda response: "/live?" in response.url
                                and response.request.resource_type == "eventsource"):
        tablet.goto(panel_url)
    # The tablet says it is just watching after its stream opened (waited for: on a slow machine the tap
    # could come first): that stream still knows it as a device with no answer, so the panel it brings
    # next is not this page's; the page fetches its own.
    tablet.get_by_role("button", name="Just watching").click()
    expect(tablet.locator("#who")).to_have_count(0)
    version = int(phone.locator("#game-panel").get_attribute("data-version"))
    phone.get_by_role("button", name="Next ▶").click()
    expect(tablet.locator("#game-panel")).to_have_attribute("data-version", str(version + 1))
    expect(tablet.locator("#who")).to_have_count(0)  # never the panel drawn for the stream's old cookies

    tablet.locator("#seats summary").click()  # folded as drawn: its body is fetched when opened
    expect(tablet.locator("#seats li")).not_to_have_count(0)
    before = len(tablet.requests)
    phone.get_by_role("button", name="Next ▶").click()
    expect(tablet.locator("#game-panel")).to_have_attribute("data-version", str(version + 2))
    expect(tablet.locator("#who")).to_have_count(0)
    assert panel_url not in tablet.requests[before:]  # the panel came in the stream: no GET for it
    expect(tablet.locator("#seats")).to_have_attribute("open", "")  # the swap kept it open, as a fetch's does
    expect(tablet.locator("#seats li")).not_to_have_count(0)  # and its body came again
    # Nothing of the tablet's own in the panel: its tap carries the page's token as a header, and counts.
    assert tablet.locator("#game-panel input[name=csrf_token]").count() == 0
    tablet.get_by_role("button", name="Next ▶").click()
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", str(version + 3))

    # The stream brings the panel as text, each event as it comes.
    first = tablet.evaluate("""async (url) => {
        const controller = new AbortController();
        const response = await fetch(url, {headers: {Accept: "text/event-stream"}, signal: controller.signal});
        const reader = response.body.getReader(), decoder = new TextDecoder();
        let text = "";
        while (!text.includes("event: panel")) { text += decoder.decode((await reader.read()).value, {stream: true}); }
        controller.abort();
        return text;
    }""", f"{panel_url}/live?v=0.0&panel=1")
    assert first.startswith("retry: 1000\n\nevent: panel\ndata: ")


def test_a_phone_names_itself_from_a_panel_swapped_in_without_a_token(live_server, device):
    """The one form of the live panel that posts elsewhere ("Call this device …") goes through htmx too:
    the panel has no token to post, the page's header carries it."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    phone = device(PHONE)
    phone.goto(f"{live_server}/g/{code}")
    phone.locator("#who form:has(input[name=seat]) button").first.click()  # a seat: the panel swapped in holds no token
    offer = phone.locator(".seat-label-offer button")
    expect(offer).to_be_visible()
    assert phone.locator("#game-panel input[name=csrf_token]").count() == 0
    offer.click()
    expect(phone.locator(".seat-label-offer")).to_have_count(0)  # named: no more offer
    expect(phone.locator("#game-panel .seat-banner")).to_be_visible()
    assert phone.locator("main").count() == 1 and phone.locator("#game-panel").count() == 1  # the panel, not a page


def test_the_pages_stream_opens_after_its_first_paint(live_server, device):
    """The stream's request never ends: opened before the page was first painted it counted in the page's
    Largest Contentful Paint (Lighthouse's model takes every request begun before it). Game page and group
    screen alike; the order of the browser's own timestamps, not their size."""
    code = api_game(live_server, "mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                                 "scenario": "full_conquest"})
    for path in (f"/g/{code}", f"/g/{code}/screen"):
        page = device(PHONE if path.endswith(code) else TABLET)
        # When the page asks for its stream (a stream that never ends gets no resource timing entry).
        page.add_init_script("""(() => {
            const EventSource = window.EventSource;
            window.EventSource = function (url, ...rest) {
                if (String(url).includes("/live?") && window.streamAskedAt === undefined) {
                    window.streamAskedAt = performance.now();
                }
                return new EventSource(url, ...rest);
            };
            Object.assign(window.EventSource, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
        })()""")
        with page.expect_response(lambda response: "/live?" in response.url):
            page.goto(live_server + path)
        order = page.evaluate("""() => {
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            return {paint: paint && paint.startTime, stream: window.streamAskedAt};
        }""")
        assert order["paint"] is not None and order["stream"] is not None, order
        assert order["stream"] > order["paint"], (path, order)


def test_a_late_word_of_an_older_change_fetches_nothing(live_server, device):
    """A stream that heard of a change only after the game moved past it says `moved` with that older token
    (its panel was no longer to be drawn). The page shows a later one already: fetching again would swap
    out what its last answer showed (a refused tap's message, CI: test_a_refused_tap_is_said_where_the_finger_is)."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    api_act(live_server, code, "next_turn")
    panel_url = f"{live_server}/g/{code}"
    phone = device(PHONE)
    streams = []

    def late_stream(route):
        streams.append(route.request.url)
        if len(streams) > 1:
            return route.continue_()
        # The older change's word, and the stream ends: the page opens the next once it has heard it.
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"},
                      body="retry: 1000\n\nevent: moved\ndata: 0.0\n\n")

    phone.route("**/live?*", late_stream)
    phone.goto(panel_url)
    for _ in range(PATIENCE_MS // 20):
        if len(streams) > 1:
            break
        phone.wait_for_timeout(20)
    assert len(streams) > 1, streams
    assert phone.locator("#game-panel").get_attribute("data-live-token") != "0.0"  # the page is past it
    assert panel_url not in phone.requests[1:], phone.requests  # the page itself, once: no panel fetched
