import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadFlags } from '../src/flags.js';

test('reads the flags file', () => {
  assert.equal(typeof loadFlags('test/fixtures/flags.json'), 'object');
});
