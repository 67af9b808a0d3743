import { test } from 'node:test';
import assert from 'node:assert/strict';
import { salesReport } from '../src/report.js';

test('sums the orders', () => {
  assert.deepEqual(salesReport([{ amount: 2 }, { amount: 3 }]), { orders: 2, total: 5 });
});
