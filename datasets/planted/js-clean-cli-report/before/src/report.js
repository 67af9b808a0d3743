export function salesReport(orders) {
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  return { orders: orders.length, total };
}
