"""The README describes the app as it is."""

import re
from pathlib import Path

from companion.storage.store import CODE_ALPHABET, CODE_LENGTH

README = Path(__file__).resolve().parents[2] / "README.md"
NUMBER_WORDS = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def test_readme_describes_the_join_code_as_it_is_made():
    text = " ".join(README.read_text(encoding="utf-8").split())
    described = re.findall(r"(\w+)-(letter|character) code", text)
    assert described, "the README says how long a join code is"
    has_digits = any(c.isdigit() for c in CODE_ALPHABET)
    for number, kind in described:
        assert number == NUMBER_WORDS[CODE_LENGTH]
        if has_digits:
            assert kind == "character", "the codes hold digits too, so they are not 'letter' codes"
