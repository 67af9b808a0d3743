def latest(readings):
    """The most recent reading, or None when there is none."""
    return readings[-1] if readings else None
