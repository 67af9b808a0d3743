import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMoney } from '../src/money.js';
import { refundLine } from '../src/receipt.js';

test('formats cents as euros', () => {
  assert.equal(formatMoney(1250), '€12.50');
});

test('writes a refund as a negative amount', () => {
  assert.equal(refundLine('Mug', 800), 'Mug (refund): -€8.00');
});
