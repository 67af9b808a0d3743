from types import SimpleNamespace

from shop.shipping import ship


def test_ship_marks_the_order_shipped():
    order = SimpleNamespace(address="x", payment_id="p1", total=10, status="new")
    carrier = SimpleNamespace(create_label=lambda address: "label")
    payments = SimpleNamespace(capture=lambda payment_id, total: None)
    assert ship(order, carrier, payments) == "label"
    assert order.status == "shipped"
