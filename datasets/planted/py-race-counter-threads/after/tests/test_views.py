from stats.views import ViewCounter, record_all


def test_counts_one_page():
    counter = record_all(ViewCounter(), ["/"], workers=1)
    assert counter.count == 1
