from dataclasses import dataclass


@dataclass(frozen=True)
class Order:
    order_id: int
    items: tuple


def make_order(order_id, items):
    return Order(order_id, tuple(items))


def order_total(order, prices):
    return sum(prices[item] for item in order.items)
