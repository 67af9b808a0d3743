def latest(readings):
    """The most recent reading, or None when there is none."""
    return readings[-1] if readings else None


def average(readings):
    """The mean of the readings, or None when there is none."""
    if not readings:
        return None
    total = 0
    for i in range(1, len(readings)):
        total += readings[i]
    return total / len(readings)
