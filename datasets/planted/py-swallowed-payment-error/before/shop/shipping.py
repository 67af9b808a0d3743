def ship(order, carrier):
    label = carrier.create_label(order.address)
    order.status = "shipped"
    return label
