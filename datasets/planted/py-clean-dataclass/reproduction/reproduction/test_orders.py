# An order's total is the sum of its items' prices, whatever holds the order.
import sys

sys.path.insert(0, ".")
from shop.orders import make_order, order_total

if order_total(make_order(1, ["a", "b"]), {"a": 2, "b": 3}) != 5:
    sys.exit(1)
