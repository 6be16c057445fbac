"""The shared parameter readers: what a form or JSON body may send, and what is refused."""
import pytest

from companion.rules.base import BadParams, param_int


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
