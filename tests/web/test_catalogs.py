"""Both catalogs exist, the Russian one compiles, has no empty translations and covers every string."""
from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "companion" / "translations"


def catalog(lang: str):
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


def template_ids(tmp_path) -> set:
    """The strings the code uses now, extracted afresh (as bin/i18n does)."""
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
                    "-o", str(pot), "."], cwd=ROOT, check=True, capture_output=True)
    with open(pot, "rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def test_russian_catalog_compiles():
    write_mo(io.BytesIO(), catalog("ru"))


def test_russian_catalog_has_no_empty_or_fuzzy_translations():
    ru = catalog("ru")
    empty = [m.id for m in ru if m.id and (not m.string or (isinstance(m.string, tuple) and not all(m.string)))]
    fuzzy = [m.id for m in ru if m.id and m.fuzzy]
    assert empty == [] and fuzzy == []


def test_russian_plurals_have_three_forms():
    ru = catalog("ru")
    assert ru.num_plurals == 3
    plural = [m for m in ru if m.id and isinstance(m.id, tuple)]
    assert all(len(m.string) == 3 for m in plural)


def test_catalogs_cover_exactly_the_strings_in_the_code(tmp_path):
    """Run bin/i18n after changing strings: no string left out, no stale translation kept."""
    expected = template_ids(tmp_path)
    for lang in ("en", "ru"):
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(lang) if m.id}
        assert ids == expected, lang


def russian_strings():
    for m in catalog("ru"):
        if m.id:
            yield m.id, (m.string if isinstance(m.string, tuple) else (m.string,))


def test_russian_names_the_games_own_terms():
    """Issue 42: 'free actions' are the game's «свободные действия»; the app's reading of an unclear rule says
    what it is, not «Наше прочтение»."""
    bad = [(mid, s) for mid, strings in russian_strings() for s in strings
           if "Бесплатн" in s or "бесплатные действия" in s.lower() or "прочтени" in s.lower()]
    assert bad == []


def test_a_quoted_name_after_a_verb_has_its_noun_first():
    """«Использовать «Сбережённая сила»» leaves the name in the nominative after a verb: «Применить тактику
    «…»», «Сыграть карту «…»»."""
    verb = re.compile(r"^(Использовать|Применить|Разыграть|Сыграть|Взять|Выбрать|Убрать) «")
    bad = [s for _, strings in russian_strings() for s in strings if verb.match(s)]
    assert bad == []


# A count placeholder followed (within two words) by an English plural noun: "{n} cards", "%(num)s Source dice".
COUNT = r"(?:\{(?:n|have|num|count|max_len|most|cards|need|got|half)\}|%\((?:n|num|count)\)[sd])"
NOUN = (r"(?:cards?|dice|die|mice|mouse|figures?|wounds?|pages?|turns?|rounds?|crystals?|units?|points?|notes?|"
        r"days?|cheese|mines?|characters?|values?|changes|tokens?|rolls?|minion types?|monaster(?:y|ies)|cities)")
COUNTED = re.compile(COUNT + r" (?:[A-Za-z-]+ ){0,2}" + NOUN + r"\b")


def test_every_count_of_things_has_plural_forms():
    """'0 сыров', '3 кубиков': a number glued to a noun takes Russian's three forms (and English's two)."""
    single = [m.id for m in catalog("ru") if m.id and isinstance(m.id, str) and COUNTED.search(m.id)]
    assert single == []


def test_russian_names_a_player_without_a_bare_colon_and_a_card_before_its_life():
    """«Действовать за: Вера…», «Здоровье: Капитан Вурст (указано на карте)» read as a form's labels: a
    player's name (typed by the group, not declined) follows «игрока»; a minion's card name comes first."""
    ru = dict(russian_strings())
    for message in ("Act for %(name)s…", "Undo for %(name)s…"):
        assert "игрока %(name)s" in ru[message][0], ru[message]
    for message in ("Life of %(card)s (on its card)", "Enter the life of %(card)s from its card",
                    "Enter the life of %(cards)s from their cards"):
        assert ru[message][0].startswith(("%(card)s", "%(cards)s")), ru[message]
    stiff = [s for _, strings in russian_strings() for s in strings
             if "за: " in s or "в бою игроков" in s]
    assert stiff == []


def test_a_tactics_russian_name_keeps_a_one_letter_word_with_the_next():
    """«С сумерек» broke after «С» in Undo's line («…выбрана тактика «С / сумерек»»): a one-letter word of a
    name quoted in running text is bound to the next by a no-break space."""
    from companion.rules.mage_knight.tactics import TACTIC_NAMES
    ru = dict(russian_strings())
    loose = [ru[name][0] for name in TACTIC_NAMES.values() if re.search(r"(?:^|\s)\w ", ru[name][0])]
    assert loose == []
