import { describe, expect, test } from 'vitest';
import { parsePullRequest } from '../../src/github/parse-pull-request.js';
import { parseSubjectText } from '../../src/subject/parse-subject-text.js';

describe('parsePullRequest', () => {
  test.each([
    ['PR #42', 42, null],
    ['pr 42', 42, null],
    ['PR#42', 42, null],
    ['Pull Request #7', 7, null],
    ['the PR 42', 42, null],
    ['#42', 42, null],
    ['#0042', 42, null],
    ['https://github.com/acme/shop/pull/42', 42, 'https://github.com/acme/shop/pull/42'],
    ['https://github.com/acme/shop.js/pull/42/files?w=1', 42, 'https://github.com/acme/shop.js/pull/42'],
    ['https://ghe.example.com:8443/team/app/pull/9#issuecomment-1', 9, 'https://ghe.example.com:8443/team/app/pull/9'],
  ])('%s is pull request %d', (text, number, url) => {
    expect(parsePullRequest(text)).toEqual({ number, url });
    expect(parseSubjectText(text)).toEqual({ kind: 'pr', pullRequest: { number, url } });
  });

  test.each([
    'PR #42 again',
    'PR #4x',
    '#',
    'PR #1234567890',
    'http://github.com/acme/shop/pull/42',
    'https://github.com/acme/shop/pull/42;touch pwned',
    'https://github.com/acme/shop/issues/42',
    'https://github.com/acme/shop/pull/-1',
    'https://github.com/acme/shop/pull/42 extra',
  ])('%s is no pull request', (text) => {
    expect(parsePullRequest(text)).toBeNull();
  });
});
