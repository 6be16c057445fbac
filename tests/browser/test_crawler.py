"""The crawler in the suite (issue 42, point 1): seeded games of every scenario family, played through what
the app offers now, each drawn moment checked on the acting seat's phone and the group screen as a player
would look at it (tests/browser/crawler.py says what is checked). A bounded budget here; `bench/crawl.py`
runs many more seeds before a release.

Every seed that found a failure is kept below with what it found. While the defect stands, its case is a
strict xfail: the suite stays green, and the day the defect is fixed the case passes and pytest says so
loudly (XPASS(strict) fails the run) — then the mark comes off and the seed guards the fix. The figures
(games, moments walked and checked, time) are printed at the end of the run."""
from __future__ import annotations

import json

import pytest

from companion.serving import start_server, stop_server
from tests.browser.crawler import RUNS, Api, Crawl, distinct, family_of, walk
from tests.conftest import make_app

BUDGET = 30  # actions per game, unless its case says fewer (the same first steps: a shorter walk stops sooner)
EVERY = 3  # a moment drawn every 3 steps, and at every notable one (an arrival, a surge, a phase, the end)


def found(seed: int, budget: int, what: str, point: str):
    """A seed whose walk finds a defect (issue 42, `point`): a strict xfail until it is fixed. Its budget reaches
    the last step it found something at, and a little more."""
    return pytest.param(seed, budget, id=f"{seed}-{family_of(seed).name}",
                        marks=pytest.mark.xfail(strict=True, reason=f"{what}; issue 42 {point}"))


def clean(seed: int, budget: int = BUDGET):
    return pytest.param(seed, budget, id=f"{seed}-{family_of(seed).name}")


# Found by the crawl of 2026-12 (bench.crawl --seeds 8 --budget 30 --every 3): each seed with its steps.
SEEDS = [
    clean(8, 20),  # Mage Knight, 3 players: round 1's tactics and turns, nothing to see
    # Fixed, kept as guards: what each seed found on 2026-12-04 before its fix.
    clean(3, 12),  # a boss waiting for its Life made the phone 529/567 px wide; the screen scrolled with 8 entries
    clean(4, 20),  # axe: the score table's sideways-scrolling frame could not be reached by keyboard
    clean(5, 25),  # End turn under the Undo bar after the table's dice; the solo Spell select cut; the Dummy's screen
    clean(7, 26),  # Captain Vurst's Life row 421/559 px wide; a lost chapter's "Start the next chapter" 2,925 px down
    clean(
        0, 12
    ),  # a 4-player Russian group screen 801 px on 1280x800: the Mana Steal die a line of its own in Round Order
    clean(1, 12),  # the solo game's end at A+ in Russian: the own finished sheet's first stepper at 1,495 px
    clean(6, 10),  # cooperative at A+: End turn 723..792 and the sheet's first stepper 724..781 under the Undo bar
    # (room to 779); the group screen's score 789 px on 1024x768 in Russian
    clean(42, 12),  # cooperative at A+ in Russian: End turn 830..898 under the Undo bar (room to 779) in the last turns
    clean(100, 8),  # competitive at A+ in Russian, the scenario's end met, a die in use: End turn 808..877 under
    # the Undo bar (room to 779); found by bench.crawl --first 100 --seeds 4 --budget 25
    # Found by bench.crawl --first 104 --seeds 4 --budget 20 (2026-12-05): at A+ the moment's control below the
    # first screen (room to 779).
    clean(104, 20),  # ru A+ with the table's dice: a refused roll's Source entry, Done at 755..813 (now 715..773);
    # End turn's die faces at 783..883 under Mana Steal's die to take (now 605..706, that die after them)
    clean(107, 20),  # en A+: three bosses' Life owed (each named twice, in the heading and its row) put Next at
    # 747..827 under the Undo bar (room to 779; ru 937..1017); now each row names its boss once: 621..701 (ru 656..736)
    # 106's phone (ru A+, the Source entry's Done at 743..801) is fixed (now 683..741); so is its group screen.
    clean(106, 20),  # en 1024x768 group screen 809 px tall at step 6 (3 players and the Dummy: Round Order and the
    # Source under it, the dice on a second row); now the Source runs under both columns, the page ends at 667
    # Found by bench.crawl --first 108 --seeds 6 --budget 20 (2026-12-05: step 20, 811 px), the same defect:
    clean(110, 27),  # ru 1280x800 group screen 820 px tall at step 27, Mana Steal's die on a second row of the
    # Source; now one row under both columns, the page ends at 695
    # bench.crawl --first 133 --seeds 6 (2026-12-05) found a Battle's Finish under the Undo bar at seed 135's 4th
    # step, a moment this run (every 3rd) does not draw: test_mm_battle_moment.py pins it.
    # Found by bench.crawl --first 145 --seeds 6 --budget 20 (2026-12-05), both on a Russian phone at A+:
    clean(147, 13),  # a won chapter's Start the next chapter at 793..884 (room to 767): the summary's figures now
    # fold under its result (test_a_chapter_s_next_chapter_button_is_on_the_first_screen)
    clean(148, 12),  # four players' End turn after another phone's End of Round at 726..795 (room to 720): "Undo
    # for …" was three lines high; now two beside its icon, the bar as high as ever
    # (test_four_players_last_turn_after_another_phones_end_of_round_is_above_the_undo_bar)
    # bench.crawl --first 151 --seeds 12 --budget 25 (2026-12-05) found the Mage Knight group screen 836 px tall on
    # a Russian 1024x768 at seed 154's 4th step (two players and the Dummy, Mana Steal's die, a token face down),
    # a moment this run does not draw: test_two_players_and_the_dummy_fit_with_mana_steals_die_and_a_token_face_down.
    # Found by bench.crawl --first 233 --seeds 10 --budget 45 --every 1 (2026-12-05): a cooperative game's end
    # (two players and the Dummy), sheets still being filled, ran the Russian 1024x768 group screen to 911 px: the
    # Source under the score, and the team's table beside the chart and the time, every name in two lines. This run
    # does not draw that moment (a found() case passed):
    # test_a_cooperative_game_s_end_fits_with_the_dummy_in_round_order pins it.
]


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory):
    """The app whose API rolls its dice from the crawler's seed (tests.served:create_seeded)."""
    folder = tmp_path_factory.mktemp("crawl")
    make_app(folder / "crawl.db")
    server, base = start_server(f"sqlite:///{folder / 'crawl.db'}", app="tests.served:create_seeded()",
                                migrate=False, log_file=folder / "server.log")
    yield base
    stop_server(server)


@pytest.fixture(scope="module")
def crawl(browser, seeded_server, tmp_path_factory):
    run = Crawl(browser, seeded_server, tmp_path_factory.mktemp("crawl-shots"), budget=BUDGET, every=EVERY)
    RUNS.append(run)
    return run


@pytest.mark.parametrize(("seed", "budget"), SEEDS)
def test_every_drawn_moment_of_a_seeded_game_looks_right(crawl, seed, budget):
    refused_before = len(crawl.refusals)
    failures = crawl.run(seed, budget)
    refusals = crawl.refusals[refused_before:]
    report = [f"{len(group)}x {what}\n  first: {group[0]}" for what, group in distinct(failures).items()]
    assert not failures and not refusals, "\n".join(report + [f"offered but refused: {r}" for r in refusals])


@pytest.mark.parametrize("seed", [1, 3])  # Mage Knight solo with the app's dice; Mice and Mystics
def test_the_same_seed_walks_the_same_game(seeded_server, seed):
    """The walk is the seed's: its choices and the app's own dice (rolled from the seed it sends) alike."""
    def steps() -> list[tuple]:
        moments = walk(Api(seeded_server), seed, 0, BUDGET, [])
        return [(m.last, m.version, json.dumps(m.view["actions"])) for m in moments]

    first = steps()
    assert len(first) > 10 and first == steps()
