from text.slug import slugify


def test_slugify_joins_words_with_dashes():
    assert slugify("Hello, World!") == "hello-world"
