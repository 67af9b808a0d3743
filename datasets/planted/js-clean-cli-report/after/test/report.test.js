import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatReport, salesReport } from '../src/report.js';

test('sums the orders', () => {
  assert.deepEqual(salesReport([{ amount: 2 }, { amount: 3 }]), { orders: 2, total: 5 });
});

test('formats the report for people', () => {
  assert.equal(formatReport({ orders: 2, total: 5 }), '2 orders, 5.00 in total');
});
