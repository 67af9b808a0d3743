import { expect, it } from 'vitest';
import { readSeverityChange } from '../../src/ledger/read-severity-change.js';

it.each([
  ['**Accepted**, severity lowered to nit.', 'nit'],
  ['**Accepted** the response: severity lowered to low.', 'low'],
  ['### R3\n**Accepted in part**\n**Severity:** low', 'low'],
  ['Severity: now medium', 'medium'],
  ['severity high → low', 'low'],
  ['I will not lower the severity to low.', null],
  ['The severity cannot go to low.', null],
  ['This raises the load to high levels.', null],
  ['### R3. TODO (low)\n**Maintained**', null],
  ['I downgrade it to nit.', null],
  ['**Maintained.** The severity matters because the handler is exposed to high traffic.', null],
  ['You argue the severity should drop to low; it should not.', null],
  ['Severity lowered to minor.', 'low'],
  ['The severity drops from high to P2.', 'medium'],
  ['**Accepted** — severity lowered to low, but not for the admin path.', null],
])('reads the severity change in %j as %s', (text, expected) => {
  expect(readSeverityChange(text)).toBe(expected);
});
