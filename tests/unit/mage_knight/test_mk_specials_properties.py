"""Random legal play with the scenario specials, the Day/Night variants and flipped tokens keeps every invariant."""
import copy
import random

from hypothesis import given, settings, strategies as st

from companion.rules.mage_knight import KIND
from mk_helpers import form
from test_mk_properties import check_invariants

SETUPS = [(2, "mines_liberation"), (3, "full_cooperation"), (2, "blitz_conquest"), (3, "conquer_and_hold"),
          (1, "first_reconnaissance"), (4, "full_conquest")]


@settings(max_examples=40, deadline=None)
@given(setup=st.sampled_from(SETUPS), daytime=st.sampled_from(["alternate", "night_arrival", "darkness_is_coming"]),
       dice=st.sampled_from(["app", "table"]), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_mk_scn_5_and_mk_tok_random_legal_play_keeps_every_invariant(setup, daytime, dice, seed, data):
    players, scenario = setup
    rng = random.Random(seed)
    state = KIND.new_state(KIND.parse_setup(form(players, scenario, daytime=daytime, dice_mode=dice)), rng)
    check_invariants(state)
    for _ in range(200):
        offered = KIND.view(state)["actions"]
        if not offered:
            assert state["phase"] == "finished"
            break
        choice = data.draw(st.sampled_from(offered), label="action")
        before = copy.deepcopy(state)
        outcome = KIND.apply(state, choice["action"], choice["params"], rng)
        assert state == before, "apply mutated its input"
        state = outcome.state
        check_invariants(state)
        times = [r["time_of_day"] for r in state["rounds"]]
        if daytime == "darkness_is_coming":
            assert times == sorted(times)  # Days, then Nights for good
        elif times:
            assert times[0] == ("night" if daytime == "night_arrival" else "day")
