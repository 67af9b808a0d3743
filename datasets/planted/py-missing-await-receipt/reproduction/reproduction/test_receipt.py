# A checkout given a mailer sends the receipt before it returns.
import asyncio
import inspect
import sys
from types import SimpleNamespace

sys.path.insert(0, ".")
from shop import checkout as shop_checkout

checkout = shop_checkout.checkout
if "mailer" in inspect.signature(checkout).parameters:
    sent = []

    async def charge(total):
        return None

    async def send(to, text):
        sent.append((to, text))

    order = SimpleNamespace(id=7, total=10, email="a@example.com", status="new")
    asyncio.run(checkout(order, SimpleNamespace(charge=charge), SimpleNamespace(send=send)))
    if not sent:
        print("checkout returned and no receipt was sent", file=sys.stderr)
        sys.exit(1)
