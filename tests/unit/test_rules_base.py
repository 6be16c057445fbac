"""The shared parameter readers: what a form or JSON body may send, and what is refused."""
import pytest

from companion.rules.base import BadParams, is_plain_data, is_plain_text, param_int


@pytest.mark.parametrize("raw, value", [("3", 3), (" 4 ", 4), ("+2", 2), ("-1", -1), (7, 7), ("007", 7)])
def test_param_int_reads_ascii_whole_numbers(raw, value):
    assert param_int({"n": raw}, "n") == value


@pytest.mark.parametrize("raw", ["٣", "３", "1_000", "1.0", "1e3", "0x10", "9" * 10, "", "  ", True, [1]])
def test_param_int_refuses_anything_else(raw):
    with pytest.raises(BadParams):
        param_int({"n": raw}, "n")


def test_param_int_default_and_range():
    assert param_int({}, "n", default=1) == 1
    with pytest.raises(BadParams, match="between 1 and 6"):
        param_int({"n": "7"}, "n", 1, 6)


@pytest.mark.parametrize("text", ["x\ud800", "\udfff", "a\ud83d", "\x00", "a\tb", "\n", "\x7f", "\x85"])
def test_half_a_character_or_a_control_character_is_not_plain_text(text):
    assert not is_plain_text(text)
    assert not is_plain_data({"name": text}, 2, 200) and not is_plain_data({text: 1}, 2, 200)


@pytest.mark.parametrize("text", ["", "Anna", "Жанна", "\U0001f600", "\ud83d\ude00".encode("utf-16", "surrogatepass")
                                  .decode("utf-16"), "a\u00a0b", "\ufffd"])
def test_whole_printable_characters_are_plain_text(text):
    assert is_plain_text(text)


def test_a_text_with_nothing_to_fill_in_is_given_back_without_the_placeholder_pattern(monkeypatch):
    """A panel draws some seventy texts, most of them a name or words with no `{name}`: no regular expression
    is run over those."""
    from companion.rules import base

    class Unused:
        def sub(self, *_):
            raise AssertionError("the pattern ran")
    real = base.PLACEHOLDER
    monkeypatch.setattr(base, "PLACEHOLDER", Unused())
    assert base.fill("Lily", {}) == "Lily" and base.Text("Лили").render() == "Лили"
    monkeypatch.setattr(base, "PLACEHOLDER", real)
    assert base.fill("{a} {b {c}", {"a": "1", "c": "3"}) == "1 {b 3"  # any other brace stays as it is
