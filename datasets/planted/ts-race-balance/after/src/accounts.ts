const balances = new Map<string, number>();

export const accounts = {
  async get(id: string): Promise<number> {
    return balances.get(id) ?? 0;
  },
  async set(id: string, value: number): Promise<void> {
    balances.set(id, value);
  },
};
