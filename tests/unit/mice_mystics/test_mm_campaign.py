"""MM-CMP-2..4: a finished chapter goes on into the next one (or is replayed), carrying what the book says."""
import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND


def _won_chapter(table):
    """Chapter 1 with rats: Lily levels up (2 ability cards), gains cheese; the party earns two achievements."""
    state = table.setup(mice=("lily", "nez"), minions=[("rat_warriors", 2)], chapter_name="Chapter 1")
    state = table.act(state, "mouse_cheese", mouse="lily", delta="8").state
    state = table.lay(state, "lily", "rat_warriors:2", "nez")
    state = table.act(state, "level_up").state
    state = table.act(state, "earn_achievement", achievement="cheesemaster", mouse="lily").state
    state = table.act(state, "earn_achievement", achievement="story", name="Miz Maggie").state
    return table.act(state, "mark_victory").state


def test_mm_cmp_2_the_next_chapter_carries_cards_one_search_card_and_story_achievements(table):
    done = _won_chapter(table)
    out = table.act(done, "next_chapter", chapter_name="Chapter 2", chapter_end_page="8",
                    minion_type=["roaches"], minion_count=["3"], search_card_lily="Tinder", search_card_nez="")
    state = out.state
    assert not state["finished"] and state["outcome"] is None
    assert (state["chapter_name"], state["chapter_end_page"], state["hourglass_page"]) == ("Chapter 2", 8, 1)
    assert (state["cheese_wheel"], state["round"]) == (0, 1)
    lily, nez = table.mouse(state, "lily"), table.mouse(state, "nez")
    assert (lily["ability_cards"], lily["cheese"], lily["search_card"]) == (2, 0, "Tinder")  # cheese is lost
    assert (nez["ability_cards"], nez["search_card"]) == (1, None)
    assert state["achievements"] == [{"id": "story", "name": "Miz Maggie", "moves_marker": False}]
    assert sorted(table.order(state)) == ["lily", "nez", "roaches"]
    assert [c["result"] for c in state["chapters"]] == ["victory"]  # the campaign remembers the chapters
    assert "Chapter 2" in out.label.render()


def test_mm_cmp_2_a_lost_chapter_is_replayed_as_it_began(table):
    state = table.setup(mice=("lily", "nez"), minions=[("spider", 2)], chapter_name="Chapter 3", chapter_end_page="9")
    state = table.act(state, "move_end_marker", reason="ally").state
    state = table.act(table.act(state, "capture_mouse", mouse="lily").state, "capture_mouse", mouse="nez").state
    out = table.act(state, "next_chapter", replay="yes")
    replay = out.state
    assert (replay["chapter_name"], replay["chapter_end_page"]) == ("Chapter 3", 9)  # the ally's page is not kept
    assert table.card(replay, "spider")["figures"] == 2
    assert not any(m["captured"] for m in replay["mice"])
    assert [c["result"] for c in replay["chapters"]] == ["lost_captured"]
    assert "replay" in out.label.render().lower()


def test_mm_cmp_2_only_a_finished_chapter_goes_on(table):
    with pytest.raises(RuleError, match="not over"):
        table.act(table.setup(), "next_chapter", replay="yes")


def test_mm_cmp_2_the_view_lists_the_campaigns_chapters_and_what_carries(table):
    done = _won_chapter(table)
    view = KIND.view(done)
    assert view["can_continue"] and view["replay_end_page"] == 6  # the Cheesemaster's page is the chapter's own
    state = table.act(done, "next_chapter", chapter_name="Chapter 2", chapter_end_page="8",
                      search_card_lily="Tinder").state
    campaign = KIND.view(state)["campaign"]
    assert [(c["number"], c["chapter_name"], c["result"]) for c in campaign] == [(1, "Chapter 1", "victory")]
    assert next(m for m in KIND.view(state)["mice"] if m["id"] == "lily")["search_card"] == "Tinder"


def test_mm_cmp_4_the_starting_ability_card_is_counted_once_across_chapters(table):
    done = table.act(table.setup(mice=("lily",)), "mark_victory").state
    state = table.act(done, "next_chapter", chapter_end_page="7").state
    assert table.mouse(state, "lily")["ability_cards"] == 1  # the same starting card, not a second one


def test_mm_cmp_2_a_kept_search_card_name_is_checked(table):
    done = _won_chapter(table)
    with pytest.raises(RuleError):
        KIND.apply(done, "next_chapter", {"chapter_end_page": "8", "search_card_lily": "x" * 41}, None)
    broken = {**done, "mice": [{**done["mice"][0], "search_card": 5}, *done["mice"][1:]]}
    with pytest.raises(RuleError):
        KIND.check_state(broken)


def test_mm_cmp_2_the_form_s_next_chapter_is_the_book_s_or_has_a_name(table):
    """The next-chapter form (its flag `name_chapter`) never starts a chapter without a name; a replay keeps its own."""
    done = table.act(table.setup(mice=("collin", "filch", "maginos", "nez"), story_chapter="1"), "mark_victory").state
    with pytest.raises(RuleError, match="The next chapter needs a name"):
        table.act(done, "next_chapter", name_chapter="1", story_chapter="", chapter_name=" ", chapter_end_page="8")
    named = table.act(done, "next_chapter", name_chapter="1", story_chapter="", chapter_name="Into the Sewers").state
    assert named["chapter_name"] == "Into the Sewers"
    book = table.act(done, "next_chapter", name_chapter="1", story_chapter="1", chapter_name="").state
    assert KIND.view(book)["chapter_title"].render() == "Chapter 1: Flight to Barksburg"
    replay = table.act(done, "next_chapter", name_chapter="1", replay="yes").state
    assert replay["chapter_setup"]["story_chapter"] == "1"
    # The API may still leave it unnamed: "the chapter" in each device's own language
    assert table.act(done, "next_chapter", chapter_end_page="8").state["chapter_name"] == ""


@pytest.mark.parametrize("replay", [{"replay": "yes"}, {"chapter_name": "Chapter 2", "chapter_end_page": "8"}])
def test_the_tables_own_settings_carry_into_the_next_chapter(table, replay):
    """The group screen's turn time is the table's, not the chapter's: a new chapter (or a replay) began with it
    off again (a helper's read of campaign.next_chapter, 2026-12-05)."""
    state = table.setup(mice=("lily", "nez"), minions=[("rat_warriors", 2)], chapter_name="Chapter 1")
    state = table.act(state, "show_turn_time", show="1").state
    state = table.act(state, "mark_victory").state
    assert table.act(state, "next_chapter", **replay).state["screen_turn_time"] is True
