"""The group screen's turn-change glow keeps the name readable at every moment of it, by Day and by Night (the walk
of 2026-12-04 saw the name grey on mustard at Night: the text's colour and the background crossed while both faded)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TABLET, api_game

# The WCAG contrast of the glowing element's text on what lies behind it, with the glow's animation held at a
# given fraction of its run (the Web Animations API: no clock involved).
CONTRAST_AT = """(element, fraction) => {
  element.classList.remove("screen-turn-changed"); void element.offsetWidth;
  element.classList.add("screen-turn-changed");
  const animation = element.getAnimations()[0];
  if (!animation) { return null; }
  animation.pause();
  animation.currentTime = animation.effect.getComputedTiming().duration * fraction;
  const rgba = (text) => {
    const n = text.match(/[\\d.]+/g).map(Number);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  };
  let background = [0, 0, 0, 0];
  const layers = [];
  for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
    layers.push(rgba(getComputedStyle(node).backgroundColor));
  }
  layers.push([255, 255, 255, 1]);
  let colour = [0, 0, 0]; let cover = 0;
  for (const [r, g, b, a] of layers) {  // front to back: each layer shows through what lies before it
    const weight = (1 - cover) * a;
    colour = [colour[0] + r * weight, colour[1] + g * weight, colour[2] + b * weight];
    cover += weight;
    if (cover >= 0.999) { break; }
  }
  const text = rgba(getComputedStyle(element).color);
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(text), luminance(colour)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.mark.parametrize("night", [False, True])
def test_the_turn_change_glow_keeps_the_name_readable(live_server, device, night):
    code = api_game(live_server, "mage_knight", {"player_name": ["Vera", "Boris"], "hero": ["tovak", "goldyx"],
                                                 "start_at_night": "1" if night else ""})
    tablet = device(TABLET)
    tablet.goto(f"{live_server}/g/{code}/screen")
    name = tablet.locator("#game-panel .screen-now").first
    expect(name).to_be_visible()
    for fraction in (0.0, 0.25, 0.5, 0.75):
        contrast = name.evaluate(f"element => ({CONTRAST_AT})(element, {fraction})")
        assert contrast is not None and contrast >= 4.5, (night, fraction, contrast)
