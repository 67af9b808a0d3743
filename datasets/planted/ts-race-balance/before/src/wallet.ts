import { accounts } from './accounts.js';

export async function balanceOf(id: string): Promise<number> {
  return accounts.get(id);
}
