# When the payment cannot be captured, the order is not marked shipped.
import inspect
import sys
from types import SimpleNamespace

sys.path.insert(0, ".")
from shop.shipping import ship

if "payments" in inspect.signature(ship).parameters:

    def capture(payment_id, total):
        raise RuntimeError("card declined")

    order = SimpleNamespace(address="x", payment_id="p1", total=10, status="new")
    try:
        ship(order, SimpleNamespace(create_label=lambda address: "label"), SimpleNamespace(capture=capture))
    except Exception:
        pass
    if order.status == "shipped":
        print("the capture failed and the order was marked shipped, without an error", file=sys.stderr)
        sys.exit(1)
