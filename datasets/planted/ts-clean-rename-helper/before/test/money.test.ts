import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPrice } from '../src/money.js';

test('formats cents as euros', () => {
  assert.equal(formatPrice(1250), '€12.50');
});
