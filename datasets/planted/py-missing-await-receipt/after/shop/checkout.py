from shop.mail import send_receipt


async def checkout(order, payments, mailer):
    await payments.charge(order.total)
    order.status = "paid"
    send_receipt(mailer, order)
    return order
