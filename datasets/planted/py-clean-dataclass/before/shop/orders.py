def make_order(order_id, items):
    return (order_id, tuple(items))


def order_total(order, prices):
    _, items = order
    return sum(prices[item] for item in items)
