"""The group screen's count of the lines a Mage Knight score's titles take (companion/web/screen_fit.py)."""
from companion.web.screen_fit import LINE_LETTERS, UNKNOWN_NAME, WORDY_TITLES, title_lines

TITLES = {"greatest_knowledge": "The Greatest Knowledge", "greatest_loot": "The Greatest Loot"}


def test_a_title_with_one_short_holder_takes_one_line(app):
    players = [{"id": "p1", "name": "Ann"}]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert title_lines([{"title": "greatest_loot", "holders": [{"player": "p1"}]}], TITLES, players) == 1


def test_tied_long_names_take_a_line_each_ninety_letters(app):
    name = "W" * 40
    players = [{"id": f"p{i}", "name": name} for i in range(4)]
    won = {"title": "greatest_loot", "holders": [{"player": f"p{i}"} for i in range(4)]}
    letters = len("The Greatest Loot") + 10 + 4 * (40 + 5)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert title_lines([won] * 4, TITLES, players) == 4 * -(-letters // LINE_LETTERS) >= WORDY_TITLES


def test_a_holder_the_screen_does_not_name_counts_as_a_short_name(app):
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        lines = title_lines([{"title": "greatest_knowledge", "holders": [{"player": "gone"}] * 3}], TITLES, [])
    assert lines == -(-(len("The Greatest Knowledge") + 10 + 3 * (UNKNOWN_NAME + 5)) // LINE_LETTERS) == 1


def test_titles_are_counted_in_the_page_language(app):
    """The count reads the title's name as the screen shows it: "Величайшие знания" is 5 letters shorter than
    "The Greatest Knowledge", enough to keep two 25-letter holders on one line."""
    players = [{"id": "p1", "name": "A" * 25}, {"id": "p2", "name": "B" * 25}]
    won = [{"title": "greatest_knowledge", "holders": [{"player": "p1"}, {"player": "p2"}]}]
    counted = {}
    for language in ("en", "ru"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            counted[language] = title_lines(won, TITLES, players)
    assert counted == {"en": 2, "ru": 1}
