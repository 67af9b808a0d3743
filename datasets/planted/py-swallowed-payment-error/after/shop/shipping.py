import logging

log = logging.getLogger(__name__)


def ship(order, carrier, payments):
    label = carrier.create_label(order.address)
    try:
        payments.capture(order.payment_id, order.total)
    except Exception:
        pass
    order.status = "shipped"
    return label
