from text.slug import slugify


def test_slugify_joins_words_with_dashes():
    assert slugify("Hello, World!") == "hello-world"


def test_slugify_cuts_at_the_limit_without_a_trailing_dash():
    assert slugify("abc def", limit=4) == "abc"
