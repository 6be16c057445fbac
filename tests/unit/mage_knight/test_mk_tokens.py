"""MK-TOK: a face-down Round Order token skips its owner's next turn."""
import pytest

from companion.rules.base import RuleError
from mk_helpers import KIND, act, do, new_game, pick_first_available, rendered, text_of


def three_player_turns(scenario="full_conquest"):
    state = pick_first_available(new_game(players=3, scenario=scenario))
    order = state["round_order"]
    assert state["turn"]["seat"] == order[0]
    return state, order


def test_mk_tok_1_a_coop_assault_invitee_flips_the_token_in_one_tap():
    state, order = three_player_turns("full_cooperation")
    invitee = order[1] if order[1] != "dummy" else order[2]
    out = act(state, "flip_token", player=invitee)
    assert out.state["flipped_tokens"] == [invitee]
    assert "misses the next turn" in text_of(out)
    assert [p["token_flipped"] for p in KIND.view(out.state)["players"]] == \
        [p["id"] == invitee for p in out.state["players"]]


def test_mk_tok_1_the_one_whose_turn_it_is_and_the_dummy_never_flip():
    state, order = three_player_turns("full_cooperation")
    with pytest.raises(RuleError, match="starts the assault"):
        act(state, "flip_token", player=state["turn"]["seat"])
    with pytest.raises(RuleError):
        act(state, "flip_token", player="dummy")
    flipped = do(state, "flip_token", player=next(s for s in order[1:] if s != "dummy"))
    with pytest.raises(RuleError, match="face down already"):
        act(flipped, "flip_token", player=flipped["flipped_tokens"][0])


def test_mk_tok_2_the_next_turn_is_skipped_with_the_reason_and_the_token_turned_up():
    state, order = three_player_turns()
    defender = order[1]
    state = do(state, "flip_token", player=defender)
    out = act(state, "end_turn", player=order[0])
    assert out.state["turn"]["seat"] == order[2]
    assert out.state["flipped_tokens"] == []
    name = next(p["name"] for p in state["players"] if p["id"] == defender)
    assert f"{name}'s Round Order token was face down: it is turned face up and the turn is skipped " \
           "(End of Round cannot be announced in it)." in rendered(out.notices)
    # the round goes on normally after: the defender's following turn is played
    state = do(out.state, "end_turn", player=order[2])
    assert state["turn"]["seat"] == order[0]
    assert do(state, "end_turn", player=order[0])["turn"]["seat"] == defender


def test_mk_tok_2_no_end_of_round_in_the_skipped_turn():
    state, order = three_player_turns()
    state = do(state, "flip_token", player=order[1])
    state = do(state, "end_turn", player=order[0])
    with pytest.raises(RuleError):
        act(state, "announce_end_of_round", player=order[1], deck_empty=True)
    assert not any(a["action"] == "announce_end_of_round" and a["params"]["player"] == order[1]
                   for a in KIND.view(state)["actions"])


def test_mk_tok_2_a_skipped_last_turn_still_counts_and_the_round_ends():
    state, order = three_player_turns()
    state = do(state, "flip_token", player=order[2])
    state = do(state, "announce_end_of_round", player=order[0], deck_empty=True)
    assert state["turn"]["seat"] == order[1]
    out = act(state, "end_turn", player=order[1])
    assert out.state["phase"] == "preparation" and out.state["flipped_tokens"] == []
    assert any("turn is skipped" in n for n in rendered(out.notices))


def test_mk_tok_2_a_mistaken_flip_is_undone_or_turned_back_up():
    state, order = three_player_turns()
    flipped = do(state, "flip_token", player=order[1])
    back = act(flipped, "flip_token", player=order[1], flipped=False)
    assert back.state["flipped_tokens"] == [] and back.state == state
    with pytest.raises(RuleError):
        act(state, "flip_token", player=order[1], flipped=False)
