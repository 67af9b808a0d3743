import { accounts } from './accounts.js';

export async function balanceOf(id: string): Promise<number> {
  return accounts.get(id);
}

export async function withdraw(id: string, amount: number): Promise<number> {
  const balance = await accounts.get(id);
  if (balance < amount) throw new Error('insufficient funds');
  await accounts.set(id, balance - amount);
  return balance - amount;
}
