// An order is confirmed only once it is saved, and a failed save never escapes as an unhandled rejection.
import { createOrder } from '../src/orders.js';
import { orderStore } from '../src/store.js';

const escaped: unknown[] = [];
process.on('unhandledRejection', (reason) => escaped.push(reason));
let saving = false;
const save = orderStore.save.bind(orderStore);
orderStore.save = async (order) => {
  saving = true;
  await new Promise((resolve) => setTimeout(resolve, 20));
  saving = false;
  return save(order);
};
const replies: string[] = [];
const res = {
  status(code: number) {
    replies.push(`${code}${saving ? ' before the order was saved' : ''}`);
    return res;
  },
  json() {},
};
for (const items of [['tea'], []]) await createOrder({ body: { items } }, res);
await new Promise((resolve) => setTimeout(resolve, 100));
const early = replies.filter((reply) => reply.includes('before'));
if (early.length > 0 || escaped.length > 0) {
  console.error(`replies ${JSON.stringify(replies)}; unhandled rejections: ${escaped.map(String).join(', ') || 'none'}`);
  process.exit(1);
}
