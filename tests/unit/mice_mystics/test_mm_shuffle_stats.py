"""Shuffles are uniform: every order appears about equally often (chi-square, fixed seed)."""
import random
from collections import Counter
from itertools import permutations

from companion.rules.mice_mystics import KIND

# Upper 0.1 % points of chi-square: the seed is fixed, so the test is deterministic, and a fair
# shuffle sits far below these while a biased one (e.g. a card never first) lands far above.
CRITICAL_001 = {5: 20.515, 11: 31.264}
TRIALS = 3000


def chi_square(counts: Counter, outcomes: list) -> float:
    expected = sum(counts.values()) / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


def test_mm_ini_2_layout_of_three_cards_is_uniform():
    setup = KIND.parse_setup({"mouse": ["Lily", "Nez"], "minion_type": ["roaches"]})
    rng = random.Random(20240601)
    counts = Counter(tuple(c["card"] for c in KIND.new_state(setup, rng)["initiative_track"])
                     for _ in range(TRIALS))
    orders = list(permutations(["lily", "nez", "roaches"]))
    assert set(counts) == set(orders)
    assert chi_square(counts, orders) < CRITICAL_001[5]


def test_mm_ini_3_new_types_are_shuffled_uniformly_onto_the_free_spaces():
    state = KIND.new_state(KIND.parse_setup({"mouse": ["Lily"], "minion_type": ["roaches"]}), random.Random(1))
    rng = random.Random(777)
    params = {"minion_type": ["spider", "rat_warriors", "cave_centipede"], "source": "event"}
    counts = Counter(tuple(c["card"] for c in KIND.apply(state, "minions_arrive", params, rng)
                           .state["initiative_track"][2:]) for _ in range(TRIALS))
    orders = list(permutations(["spider", "rat_warriors", "cave_centipede"]))
    assert chi_square(counts, orders) < CRITICAL_001[5]


def test_mm_ini_5_vanestras_two_cards_are_uniform():
    setup = KIND.parse_setup({"mouse": ["Lily"], "minion_type": ["roaches"]})
    state = KIND.new_state(setup, random.Random(3))
    rng = random.Random(4242)
    params = {"minion_type": ["vanestra"], "source": "surge", "die": ["1"]}
    counts = Counter(tuple(c["card"] for c in KIND.apply(state, "minions_arrive", params, rng)
                           .state["initiative_track"] if c["kind"] == "minion" and c["minion"] == "vanestra")
                     for _ in range(TRIALS))
    # the first card laid is ambushed one space up, so read the pair as a set
    pairs = Counter(frozenset(k) for k in counts.elements())
    cards = ["vanestra_charm", "vanestra_sting", "vanestra_web", "vanestra_call"]
    every = [frozenset(p) for p in permutations(cards, 2) if p[0] < p[1]]
    assert set(pairs) == set(every)
    expected = TRIALS / len(every)
    assert sum((pairs[p] - expected) ** 2 / expected for p in every) < CRITICAL_001[5]
