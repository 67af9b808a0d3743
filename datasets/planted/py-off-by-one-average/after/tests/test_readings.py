from sensors.readings import average


def test_average_of_nothing_is_none():
    assert average([]) is None
