"""The Dummy player through the pages' forms: its turns, its End of Round, its part of preparation, its
corrections, and what the group screen shows of it (MK-DUM)."""
from __future__ import annotations

import html as htmllib
import re

from tests.web.test_mage_knight_pages import Table, client, mk_app, new_game, version_of  # noqa: F401 (fixtures)


def solo_table(mk_app, client, **fields) -> Table:
    """A Solo Conquest set up through the form (the Dummy: Goldyx, green green blue), at its first turn."""
    table = Table(mk_app, client, *new_game(client, names=("Solo",), heroes=("Tovak",), scenario="solo_conquest",
                                            dice_mode="app", **fields))
    table.pick_all()
    return table


def to_the_dummys_turn(table: Table) -> None:
    while table.view["current_seat"] != "dummy":
        table.act("end_turn", player=table.view["current_seat"])


def page_text(table: Table) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", table.html))


def test_mk_dum_5_dummy_turns_through_the_forms_until_it_announces_end_of_round(mk_app, client):
    table = solo_table(mk_app, client, dummy_hero="goldyx")
    to_the_dummys_turn(table)
    assert "Deck: 16" in page_text(table)
    table.act("dummy_turn", third="green")  # 3 cards, then 2 more for its 2 green crystals
    text = page_text(table)
    assert table.view["dummy"]["deck"] == 11
    assert "The Dummy flipped 5 cards" in text and "flip 2 more cards onto the Dummy's discard pile" in text
    to_the_dummys_turn(table)
    table.act("dummy_turn", third="red")  # no red crystal: three cards
    assert table.view["dummy"]["deck"] == 8
    to_the_dummys_turn(table)
    table.act("dummy_turn", third="none")  # the table's deck ran out before a 3rd card
    assert table.view["dummy"]["deck"] == 0
    assert "it will announce End of Round on its next turn" in page_text(table)
    table.act("end_turn", player="p1")  # the Dummy's turn comes with its deck empty: it announces
    assert table.view["end_of_round_by"] == "dummy" and table.view["current_seat"] == "p1"
    assert "The Dummy's deck is empty: it announces End of Round." in page_text(table)
    table.act("end_turn", player="p1")
    assert table.view["phase"] == "preparation"


def test_mk_dum_4_preparation_asks_the_leaving_spells_colour_and_the_dummy_gains_the_crystal(mk_app, client):
    table = solo_table(mk_app, client, dummy_hero="goldyx")
    table.finish_round_by_announcing()
    assert table.view["phase"] == "preparation"
    assert 'id="mk-spell-colour-all"' in table.html and 'name="spell_colour" value="blue"' in table.html
    table.act("tick_step", step="flip_board", through="players", spell_colour="blue")
    dummy = table.view["dummy"]
    assert table.view["phase"] == "tactics" and dummy["crystals"]["blue"] == 2 and dummy["deck"] == dummy["cards"] == 17
    assert "The Dummy gains a blue crystal (now 2)." in page_text(table)


def test_mk_dum_2_the_group_corrects_crystals_and_deck_without_javascript(mk_app, client):
    table = solo_table(mk_app, client, dummy_hero="krang")
    assert table.view["dummy"]["crystals"] == {"red": 2, "blue": 0, "green": 1, "white": 0}
    data = {"csrf_token": table.token, "version": str(version_of(table.html)), "action": "adjust_dummy",
            "what": "white", "delta": "1"}
    response = client.post(table.url + "/act", data=data)  # a plain form post: 303 back to the page
    assert response.status_code == 303
    table.html = client.get(table.url).get_data(as_text=True)
    assert table.view["dummy"]["crystals"]["white"] == 1 and 'id="mk-dummy"' in table.html
    table.act("adjust_dummy", what="deck", delta="-4")
    assert table.view["dummy"]["deck"] == 12
    table.act("adjust_dummy", what="red", delta="-3", expect=422)


def test_the_group_screen_shows_the_dummys_crystals_deck_and_when_it_announces(mk_app, client):
    table = solo_table(mk_app, client, dummy_hero="goldyx")
    screen = htmllib.unescape(re.sub(r"\s+", " ", client.get(table.url + "/screen").get_data(as_text=True)))
    block = re.search(r'<section class="mks-dummy".*?</section>', screen).group(0)
    assert "Dummy: Goldyx" in block and "Deck: 16" in block
    assert re.search(r"green</span> <strong>2</strong>", block) and re.search(r"blue</span> <strong>1</strong>", block)
    assert "then it announces End of Round" in block


def test_the_setup_form_draws_the_dummy_hero_at_random_by_default(mk_app, client):
    page = client.get("/new/mage_knight").get_data(as_text=True)
    assert '<option value="random">At random: a hero nobody plays</option>' in page  # the first: the default
    heroes = set()
    for _ in range(12):
        table = Table(mk_app, client, *new_game(client, names=("Solo",), heroes=("Tovak",), scenario="solo_conquest",
                                                dummy_hero="random"))
        heroes.add(table.view["dummy"]["hero"])
    assert "tovak" not in heroes and len(heroes) > 1  # 12 draws among 6 heroes: all alike 1 in 6^11


def test_the_phone_that_starts_a_solo_game_holds_its_one_seat_and_is_not_asked_who_it_is(mk_app, client):
    """A game with one seat has one answer to "Is this the group screen or a player’s phone?": the device that
    started it takes it at once (its "Your pick" leads). Another device opening it is asked as before, and may take
    it over."""
    url, _ = new_game(client, names=("Solo",), heroes=("Tovak",), scenario="solo_conquest", dice_mode="app")
    page = client.get(url).get_data(as_text=True)
    assert 'id="who"' not in page and "Is this the group screen or a player’s phone?" not in page
    assert 'data-seat="p1"' in page and 'class="seat-cue">Your pick<' in page
    other = mk_app.test_client()
    assert "Is this the group screen or a player’s phone?" in other.get(url).get_data(as_text=True)


def test_a_game_of_several_seats_still_asks_the_phone_that_started_it(mk_app, client):
    url, _ = new_game(client, names=("Anna", "Boris"), heroes=("Tovak", "Goldyx"), dice_mode="app")
    assert "Is this the group screen or a player’s phone?" in client.get(url).get_data(as_text=True)


def primary_form(html: str) -> str:
    """The form holding the moment's primary button (the huge one, the N key)."""
    forms = [f for f in re.findall(r'<form[^>]*>.*?</form>', html, re.S) if 'data-shortcut="next"' in f]
    assert len(forms) == 1, forms
    return forms[0]


def text_of(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def outside_details(html: str) -> str:
    return re.sub(r"<details.*?</details>", "", html, flags=re.S)


def test_mk_dum_4_one_tap_in_solo_preparation_does_one_step_and_the_spell_colour_is_its_own_steps(mk_app, client):
    """Issue 42, point 2.3: at the first step of a solo round's preparation the big coloured buttons read "Done:
    the round is prepared. The Spell that left the offer was: …" and one tap ended all 7 steps. The moment's
    primary is the step's own Done; finishing every step at once is asked behind a <details>; the Spell's
    colour is the Spell offer step's own choice."""
    table = solo_table(mk_app, client, dummy_hero="goldyx")
    table.finish_round_by_announcing()
    assert table.view["phase"] == "preparation" and table.view["current_step"] == "flip_board"
    prep = table.html[table.html.index('id="mk-prep"'):table.html.index('class="mk-checklist"')]
    primary = primary_form(prep)
    assert 'name="step" value="flip_board"' in primary and 'name="through"' not in primary
    assert "Done: flip the Day/Night board" in text_of(primary) and "btn-huge" in primary
    # nothing that finishes several steps, nor a colour, is one tap away: they wait behind the <details>
    assert 'name="through"' not in outside_details(prep) and 'name="spell_colour"' not in outside_details(prep)
    assert re.search(r'<details[^>]*>\s*<summary>.*?name="through" value="players"', prep, re.S)
    table.act("tick_step", **dict(re.findall(r'name="(step)" value="([a-z_]+)"', primary)))
    assert table.view["phase"] == "preparation" and table.view["current_step"] == "source"
    while table.view["current_step"] != "spell_offer":
        table.act("tick_step", step=table.view["current_step"])
    prep = table.html[table.html.index('id="mk-prep"'):table.html.index('class="mk-checklist"')]
    own = re.search(r'<form[^>]*id="mk-spell-colour".*?</form>', outside_details(prep), re.S).group(0)
    assert 'name="step" value="spell_offer"' in own and 'name="through"' not in own
    assert own.count('name="spell_colour"') == 4 and "Done: the Spell that left the offer was:" in text_of(own)
    table.act("tick_step", step="spell_offer", spell_colour="red")
    assert table.view["phase"] == "preparation" and table.view["current_step"] == "tactics"
    assert table.view["dummy"]["crystals"]["red"] == 1
