export function salesReport(orders) {
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  return { orders: orders.length, total };
}

export function formatReport(report) {
  return `${report.orders} orders, ${report.total.toFixed(2)} in total`;
}
