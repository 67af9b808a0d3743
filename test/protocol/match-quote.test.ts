import { describe, expect, test } from 'vitest';
import { quoteIsIn } from '../../src/protocol/match-quote.js';

const line = 'for (let i = 0; i <= Math.min(users.length, limit); i++) {';

describe('quoteIsIn', () => {
  test.each([
    ['an ellipsis of three dots for the arguments left out', 'i <= Math.min(...)', line],
    ['the whole line quoted exactly', line, line],
    ['a Unicode ellipsis, and one at the end of a cut quote', 'i <= Math.min(…', line],
    ['dots before, between and after the kept code', 'for (... i <= Math.min(...) ...) {', line],
    ['whitespace collapsed or removed', 'i<=Math.min( users.length ,limit )', line],
    ['a quote across two lines, with its line break', 'if (b) {\n  run(b);', 'if (b) {\n    run(b);\n}'],
    ['an escaped star and underscore', 'a \\* b_\\_c', 'const d = a * b__c;'],
    ['an escaped backtick', 'html\\`<p>\\`', 'const p = html`<p>`;'],
    ['an escaped table pipe', 'a \\|\\| b', 'return a || b;'],
    ['an HTML entity', 'i &lt;= n', 'while (i <= n) i++;'],
    ['a backslash that belongs to the code', 'split("\\n")', 'text.split("\\n");'],
    ['spread syntax, itself three dots', '[...items]', 'const all = [...items];'],
  ])('finds %s', (_case, quote, text) => {
    expect(quoteIsIn(quote, text)).toBe(true);
  });

  test.each([
    ['code that is not there', 'eval(input)', line],
    ['kept parts in the wrong order', 'Math.min(...) ... i <=', line],
    ['an unescaped quote of other code', 'a * c', 'const d = a * b;'],
    ['a quote that is only an ellipsis', '...', line],
  ])('does not find %s', (_case, quote, text) => {
    expect(quoteIsIn(quote, text)).toBe(false);
  });
});
