from shop.orders import make_order, order_total


def test_total_sums_the_prices():
    assert order_total(make_order(1, ["a", "b"]), {"a": 2, "b": 3}) == 5
