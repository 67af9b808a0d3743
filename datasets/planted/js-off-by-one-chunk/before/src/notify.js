import { sendAll } from './mailer.js';

export async function notifyAll(users) {
  await sendAll(users.map((user) => user.email));
}
