import re

_NOT_ALLOWED = re.compile(r"[^a-z0-9]+")


def slugify(title: str, limit: int = 60) -> str:
    """The title in lower case, with every run of other characters as one dash, at most `limit` long."""
    slug = _NOT_ALLOWED.sub("-", title.lower()).strip("-")
    return slug[:limit].rstrip("-")
