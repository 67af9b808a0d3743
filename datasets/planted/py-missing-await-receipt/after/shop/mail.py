async def send_receipt(mailer, order):
    await mailer.send(order.email, f"Receipt for order {order.id}")
