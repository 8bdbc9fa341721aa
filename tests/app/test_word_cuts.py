"""The legibility check's word cuts (app.kit.word_cuts): an ellipsis inside a word is
found, whether Kivy shortened the label or the words came cut; one between words is not."""

from app.kit.word_cuts import cut_word

TEXT = "Two whole rounds went by without anyone playing a species tile."


def test_a_word_shortened_in_the_middle_is_found() -> None:
    assert cut_word(TEXT, "Two whole rounds w... a species tile.") == "w..."
    assert cut_word(TEXT, "Two whole round...s tile.") == "round...s"
    assert cut_word("Tanthos vs Queen of Blessing", "Tanthos vs Queen of B...ng") == "B...ng"


def test_words_shortened_between_words_are_whole() -> None:
    assert cut_word(TEXT, "Two whole rounds went ... a species tile.") == ""
    assert cut_word(TEXT, "Two whole rounds went by without anyone...") == ""
    assert cut_word(TEXT, TEXT) == ""


def test_words_that_came_cut_are_found_and_a_trailing_ellipsis_is_not() -> None:
    assert cut_word("Gamle Erik caught V...e", "Gamle Erik caught V...e") == "V...e"
    assert cut_word("Loading your games...", "Loading your games...") == ""
