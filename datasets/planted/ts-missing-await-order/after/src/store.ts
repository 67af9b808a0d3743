export const orderStore = {
  async save(order: { id: string; items: string[] }): Promise<void> {
    if (order.items.length === 0) throw new Error('an order needs items');
  },
};
