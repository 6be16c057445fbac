"""The chosen face of a die (issue 42, point 2.9): with the table's dice the chosen face had a thin ring in the
accent's dark red and a tiny tick in the face's own colour, next to invisible on the red die. The choice is
unmistakable and never by colour alone: a thick ring that stands out from the page, a check mark badge of its
own, the other faces of that die smaller; screen readers hear the radio checked."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import violations
from tests.browser.test_mk_source_entry_browser import seated_phone, table_game

CHOSEN = ["red", "blue", "green", "white", "gold"]  # one face for each of the 5 dice of a 3-player Source

CONTRAST = """([a, b]) => {
    const lum = c => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(v => v / 255)
        .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); }"""

BACKDROP = """e => { for (let p = e.parentElement; p; p = p.parentElement) {
    const c = getComputedStyle(p).backgroundColor;
    if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c; }
    return getComputedStyle(document.body).backgroundColor; }"""


def contrast(page, a: str, b: str) -> float:
    return page.evaluate(CONTRAST, [a, b])


def area(box: dict) -> float:
    return box["width"] * box["height"]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mk_src_2_the_chosen_face_is_unmistakable_and_not_by_colour_alone(live_server, device, locale):
    phone = seated_phone(device, live_server, table_game(live_server), locale)
    palettes = phone.locator("#mk-enter-source .mk-palette")
    expect(palettes).to_have_count(len(CHOSEN))
    expect(phone.locator("#mk-enter-source .mk-face-check:visible")).to_have_count(0)  # nothing chosen yet
    for i, colour in enumerate(CHOSEN):
        palettes.nth(i).locator(f"label.mk-die-{colour}").click()
    for i, colour in enumerate(CHOSEN):
        palette = palettes.nth(i)
        checked = palette.get_by_role("radio", checked=True)
        expect(checked).to_have_count(1)  # what a screen reader says: this radio, checked
        expect(checked).to_have_attribute("value", colour)
        chosen = palette.locator("label.mk-face:has(input:checked)")
        ring = chosen.evaluate("e => { const s = getComputedStyle(e); return [parseFloat(s.outlineWidth), "
                               "s.outlineStyle, s.outlineColor]; }")
        assert ring[0] >= 3 and ring[1] == "solid", (colour, ring)
        assert contrast(phone, ring[2], chosen.evaluate(BACKDROP)) >= 3, (colour, "the ring against the page")
        check = chosen.locator(".mk-face-check")
        expect(check).to_be_visible()
        badge = check.bounding_box()
        assert badge["width"] >= 16 and badge["height"] >= 16, (colour, badge)
        inks = check.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
        assert contrast(phone, *inks) >= 4.5, (colour, "the check mark on its badge", inks)
        others = palette.locator("label.mk-face:not(:has(input:checked))")
        expect(others).to_have_count(5)
        expect(others.locator(".mk-face-check:visible")).to_have_count(0)
        size = area(chosen.bounding_box())
        for other in others.all():
            assert area(other.bounding_box()) < 0.85 * size, (colour, "the other faces are smaller")
    assert violations(phone) == []
