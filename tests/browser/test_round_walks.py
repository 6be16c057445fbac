"""Whole rounds on the devices at the table (issue 8): at every moment of a Mage Knight round (tactics,
turns, End of Round and its last turns, the next round's preparation) and of a Mice and Mystics round
(turns, a surge, a boss, a capture), the phone that must act has its moment — "your turn", the moment's
main button and Undo — on its first screen, in English and in Russian; the tablet in the middle (just
watching, acting for anyone) has whose moment it is and the main button on its first screen too. On every
seated phone the chrome's one row says whose moment it is whole — never cut with "…" (the walk of 2026-12-03
saw "Противники: Крысы-в…" on the minions' turn)."""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, TABLET
from tests.browser.test_phone_first import on_first_screen
from tests.browser.walks import (SEAT_BANNER, UNDO, at_version, mage_knight_round, mice_and_mystics_round,
                                 seats_offered, take_seat)

WALKS = {"mage_knight": mage_knight_round, "mice_mystics": mice_and_mystics_round}
CHROME_MAX = 64


def chrome_moment_is_whole(page) -> None:
    """The chrome's moment: every line of it whole (nothing cut), the row at most 64 px, the moment in it."""
    at = page.evaluate("""() => { const m = document.getElementById('chrome-moment'), c = m.closest('.chrome');
        const r = m.getBoundingClientRect(), b = c.getBoundingClientRect();
        return {text: m.textContent, cut: m.scrollWidth > m.clientWidth + 1 || m.scrollHeight > m.clientHeight + 1,
                top: r.top, bottom: r.bottom, chrome: b.height}; }""")
    assert at["text"] and not at["cut"], ("the chrome's moment is cut", at)
    assert at["chrome"] <= CHROME_MAX and 0 <= at["top"] and at["bottom"] <= at["chrome"], at


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("game", list(WALKS))
def test_every_moment_of_a_round_is_on_the_acting_devices_first_screen(live_server, device, game, locale):
    walk = WALKS[game]
    moments = walk(live_server)
    moment = next(moments)
    code = walk.code
    phones = {}
    tablet = device(TABLET, locale=locale)
    tablet.goto(f"{live_server}/g/{code}")
    tablet.get_by_role("button", name="Just watching" if locale == "en-US" else "Просто смотрю").click()
    probe = device(PHONE, locale=locale)
    probe.goto(f"{live_server}/g/{code}")
    for seat in seats_offered(probe):
        phone = probe if not phones else device(PHONE, locale=locale)
        if phone is not probe:
            phone.goto(f"{live_server}/g/{code}")
        take_seat(phone, seat)
        phones[seat] = phone
    seen = 0
    while moment is not None:
        phone = phones[moment.seat] if moment.seat else phones[next(iter(phones))]
        try:
            at_version(phone, moment.version)
            for selector in moment.must_see:
                on_first_screen(phone, selector)
            if moment.version:  # there is a change to undo
                on_first_screen(phone, UNDO)
            for seated in phones.values():
                at_version(seated, moment.version)
                chrome_moment_is_whole(seated)
            at_version(tablet, moment.version)
            on_first_screen(tablet, "#game-panel [data-announce]")
            for selector in moment.must_see:
                if selector != SEAT_BANNER:
                    on_first_screen(tablet, selector)
        except AssertionError as failure:
            phone.screenshot(path=f"/tmp/walk-{game}-{locale}-phone.png")
            tablet.screenshot(path=f"/tmp/walk-{game}-{locale}-tablet.png")
            raise AssertionError(f"at moment {moment.name}: {failure}") from None
        seen += 1
        moment = next(moments, None)
    assert seen >= (20 if game == "mage_knight" else 9)
