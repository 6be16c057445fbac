"""Every page fits a phone's width in both languages (Russian words are longer)."""
import pytest

from tests.browser.conftest import PHONE, no_horizontal_scroll


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_home_and_setup_pages_fit_a_phone_in_both_languages(live_server, device, locale):
    page = device(PHONE, locale=locale)
    for path in ("/", "/new/mage_knight", "/new/mice_mystics"):
        page.goto(live_server + path)
        assert page.locator("html").get_attribute("lang") == locale[:2]
        assert no_horizontal_scroll(page), (locale, path)
