import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunk } from '../src/notify.js';

test('splits into batches of the given size', () => {
  assert.deepEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]);
});
