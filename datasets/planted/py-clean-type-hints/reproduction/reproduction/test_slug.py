# Titles become the same slugs with the type hints as without them.
import sys

sys.path.insert(0, ".")
from text.slug import slugify

for title, limit, slug in [("Hello, World!", 60, "hello-world"), ("  A -- b  ", 60, "a-b"), ("abc def", 4, "abc"), ("", 60, "")]:
    if slugify(title, limit) != slug:
        print(f"slugify({title!r}, {limit}) is {slugify(title, limit)!r}, not {slug!r}", file=sys.stderr)
        sys.exit(1)
