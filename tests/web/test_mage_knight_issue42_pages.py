"""Mage Knight pages for issue 42's rules, in English and Russian: a scenario's round-end reminders (MK-SCN-6), the
Dummy's last three cards."""
from __future__ import annotations

import html as markup

import pytest

from tests.web.test_mage_knight_pages import Table, client, mk_app, new_game  # noqa: F401 (fixtures)

PORTAL = {"en": "One to Return: the portal closes at the end of Day 1.",
          "ru": "Тот, кто вернётся: в конце первого дня портал закрывается — герой на нём выбывает"}
SHIELDS = {"en": "Druid Nights: the first Night is over. Remove every Shield token from the glades",
           "ru": "Ночи друидов: первая ночь окончена — уберите с магических полян все жетоны щита"}


def table(mk_app, client, lang, **fields):  # noqa: F811
    client.set_cookie("lang", lang)
    return Table(mk_app, client, *new_game(client, dice_mode="app", **fields))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_mk_scn_6_one_to_return_the_portal_closing_is_on_the_round_end_and_the_next_preparation(mk_app, client,
                                                                                               lang):  # noqa: F811
    t = table(mk_app, client, lang, scenario="one_to_return")
    t.pick_all()
    t.finish_round_by_announcing()
    assert t.view["phase"] == "preparation"
    assert PORTAL[lang] in markup.unescape(t.html)  # the last turn's notices, then the preparation
    t.act("tick_step", step=t.view["current_step"])
    assert PORTAL[lang] in markup.unescape(t.html)  # still there, step after step
    assert PORTAL[lang] in markup.unescape(client.get(t.url + "/screen").get_data(as_text=True))
    t.act("skip_preparation")
    assert PORTAL[lang] not in markup.unescape(client.get(t.url).get_data(as_text=True))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_mk_scn_6_druid_nights_shield_tokens_leave_at_the_end_of_the_first_night(mk_app, client,
                                                                                lang):  # noqa: F811
    t = table(mk_app, client, lang, scenario="druid_nights", start_at_night="1")
    t.pick_all()
    t.finish_round_by_announcing()
    assert SHIELDS[lang] in markup.unescape(t.html)
    assert SHIELDS[lang] in markup.unescape(client.get(t.url + "/screen").get_data(as_text=True))


@pytest.mark.parametrize("lang, words", [
    ("en", {"done": "Done: its last cards are flipped", "said": "The Dummy flips its last 3 cards: its deck is empty.",
            "wrong": "ran out before the 3rd card"}),
    ("ru", {"done": "Готово: последние карты открыты", "said": "Манекен открывает последние 3 карты: его колода пуста.",
            "wrong": "кончилась раньше 3-й карты"}),
])
def test_the_dummys_turn_with_exactly_three_cards_says_its_last_three_are_flipped(mk_app, client, lang,
                                                                                  words):  # noqa: F811
    from tests.web.test_mage_knight_dummy import page_text, to_the_dummys_turn
    client.set_cookie("lang", lang)
    t = Table(mk_app, client, *new_game(client, names=("Solo",), heroes=("Tovak",), scenario="solo_conquest",
                                        dice_mode="app", dummy_hero="goldyx"))
    t.pick_all()
    to_the_dummys_turn(t)
    t.act("adjust_dummy", what="deck", delta=str(3 - t.view["dummy"]["deck"]))
    assert t.view["dummy"]["deck"] == 3
    assert words["done"] in page_text(t)  # one tap: no 3rd card's colour to ask, nothing is left after it
    t.act("dummy_turn")
    assert t.view["dummy"]["deck"] == 0
    assert words["said"] in page_text(t) and words["wrong"] not in page_text(t)


@pytest.mark.parametrize("lang, words", [
    ("en", {"store": "Sparing Power: put the top Deed card under it",
            "take": "Sparing Power: flip it, take the cards under it into hand",
            "stored": "Boris put the top Deed card under Sparing Power", "once": "once this round"}),
    ("ru", {"store": "«Сбережённая сила»: положить под неё верхнюю карту колоды Деяний",
            "take": "«Сбережённая сила»: перевернуть и взять карты из-под неё в руку",
            "stored": "Boris: верхняя карта колоды Деяний положена под «Сбережённую силу»",
            "once": "один раз за раунд"}),
])
def test_mk_tac_3_sparing_power_is_offered_before_each_of_its_owners_turns_until_flipped(mk_app, client, lang,
                                                                                         words):  # noqa: F811
    from tests.web.test_mage_knight_dummy import page_text
    client.set_cookie("lang", lang)
    t = Table(mk_app, client, *new_game(client, start_at_night="1", dice_mode="app"))
    t.act("pick_tactic", player="p2", tactic="sparing_power")
    t.act("pick_tactic", player="p1", tactic="from_the_dusk")
    for _ in range(2):  # Boris's turns, one after the other: the card stores one each time
        t.act("end_turn", player="p1")
        text = page_text(t)
        assert words["store"] in text and words["take"] in text and words["once"] not in text
        t.act("use_tactic", player="p2", choice="store")
        text = page_text(t)
        assert words["stored"] in text and words["store"] not in text  # once before this turn
        t.act("end_turn", player="p2")
    t.act("end_turn", player="p1")
    t.act("use_tactic", player="p2", choice="take")
    assert t.view["flipped_tactics"] == ["sparing_power"]
    t.act("end_turn", player="p2")
    t.act("end_turn", player="p1")
    assert words["store"] not in page_text(t) and words["take"] not in page_text(t)
