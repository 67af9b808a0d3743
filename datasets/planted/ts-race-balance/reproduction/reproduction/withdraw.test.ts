// Two withdrawals of 60 at once from 100: one goes through, the other is refused, 40 is left.
import { accounts } from '../src/accounts.js';
import * as wallet from '../src/wallet.js';

const withdraw = (wallet as Record<string, unknown>).withdraw as ((id: string, amount: number) => Promise<number>) | undefined;
if (typeof withdraw === 'function') {
  await accounts.set('a', 100);
  const results = await Promise.allSettled([withdraw('a', 60), withdraw('a', 60)]);
  const paid = results.filter((result) => result.status === 'fulfilled').length;
  const left = await accounts.get('a');
  if (paid !== 1 || left !== 40) {
    console.error(`two withdrawals of 60 from 100: ${paid} paid, ${left} left`);
    process.exit(1);
  }
}
