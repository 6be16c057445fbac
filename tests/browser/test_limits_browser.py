"""A tap past the device's action rate is refused, and the page says so where its messages go."""
from __future__ import annotations

from playwright.sync_api import expect

from companion.serving import start_server, stop_server
from tests.browser.conftest import PHONE
from tests.conftest import make_app


def test_a_tap_past_the_action_rate_shows_why_nothing_was_done(tmp_path, device):
    make_app(tmp_path / "limits.db")  # the schema, by the migrations, before the workers start
    server, base = start_server(f"sqlite:///{tmp_path / 'limits.db'}", app="tests.served:create_limited()",
                                migrate=False, env={"ACTION_LIMIT_PER_DEVICE": "3 per hour"},
                                log_file=tmp_path / "server.log")
    try:
        phone = device(PHONE)
        phone.goto(base + "/new/counter")
        phone.get_by_role("button", name="Start").click()
        for n in ("1", "2", "3"):
            phone.get_by_role("button", name="+1").click()
            expect(phone.locator("#count")).to_have_text(n)
        phone.get_by_role("button", name="+1").click()
        expect(phone.locator("#flash")).to_contain_text("Too many changes from this device")
        expect(phone.locator("#count")).to_have_text("3")
    finally:
        stop_server(server)
