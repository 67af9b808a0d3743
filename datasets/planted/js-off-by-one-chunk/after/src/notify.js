import { sendAll } from './mailer.js';

export function chunk(items, size) {
  const batches = [];
  for (let start = 0; start <= items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}

export async function notifyAll(users) {
  for (const batch of chunk(users, 50)) {
    await sendAll(batch.map((user) => user.email));
  }
}
