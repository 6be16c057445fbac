"""The surge's encounter row names its pages as the table entered them: a row entered as "4+" (page 4 and later)
reads "Row for pages 4 and later:", as the encounter card's list says, never "4–99" (a walk, 2026-12: the surge
section showed "Row for pages 4–99", the number the app keeps for a row without a last page)."""
from __future__ import annotations

from tests.web.helpers import api_act, words


def surge_to_page(client, code: str, page: int) -> None:
    """Surges until the hourglass is on `page`, the last one left asked (the room's special surge or not)."""
    while True:
        api_act(client, code, "add_cheese", n=6, reason="minion_attack")  # a full wheel: a surge, a page on
        if client.get(f"/api/games/{code}").get_json()["state"]["hourglass_page"] == page:
            return
        api_act(client, code, "resolve_surge", room_surge="yes")


def game_with_encounter_card(client, row_pages: list[str]) -> str:
    """A chapter ending on page 9 whose face-up encounter card has rows of these pages (roaches, then rats)."""
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "minion_type": ["rat_warriors"], "minion_count": ["2"],
        "chapter_end_page": "9"}}).get_json()["code"]
    api_act(client, code, "set_encounter_card", name="Kitchen", row_pages=row_pages,
            row_minions=["roaches=2", "rat_warriors=3"])
    return code


def test_the_surge_s_encounter_row_for_page_4_and_later_says_so_in_both_languages(client):
    code = game_with_encounter_card(client, ["1-3", "4+"])
    surge_to_page(client, code, 3)
    page = words(client.get(f"/g/{code}").get_data(as_text=True))
    assert "Row for pages 1–3:" in page  # a row with a last page names it
    api_act(client, code, "resolve_surge", room_surge="yes")
    surge_to_page(client, code, 4)
    page = words(client.get(f"/g/{code}").get_data(as_text=True))
    assert "Row for pages 4 and later:" in page and "99" not in page.split("Row for pages", 1)[1][:40]
    assert "Pages 4 and later:" in page  # the card's list, as before
    ru = words(client.get(f"/g/{code}", headers={"Accept-Language": "ru"}).get_data(as_text=True))
    assert "Строка для страниц с 4 и дальше:" in ru
    assert "4–99" not in page and "4–99" not in ru


def test_a_one_page_row_is_said_as_its_page_in_both_languages(client):
    """A row entered as "3" read "Row for pages 3–3:" and "Pages 3–3" (a helper's find, 2026-12-05)."""
    code = game_with_encounter_card(client, ["1-2", "3"])
    surge_to_page(client, code, 3)
    page = words(client.get(f"/g/{code}").get_data(as_text=True))
    ru = words(client.get(f"/g/{code}", headers={"Accept-Language": "ru"}).get_data(as_text=True))
    assert "Row for page 3:" in page and "Page 3:" in page and "3–3" not in page
    assert "Строка для страницы 3:" in ru and "Страница 3:" in ru and "3–3" not in ru
