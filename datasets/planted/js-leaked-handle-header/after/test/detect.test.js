import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindOf } from '../src/detect.js';

test('falls back to the extension', () => {
  assert.equal(kindOf('test/detect.test.js'), 'js');
});
