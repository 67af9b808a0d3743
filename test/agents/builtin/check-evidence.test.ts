import { describe, expect, test } from 'vitest';
import { checkEvidence, extractQuotes } from '../../../src/agents/builtin/check-evidence.js';
import { buildFileView } from '../../../src/agents/builtin/load-check-context.js';
import { findRuleAbout } from '../../../src/agents/builtin/rules.js';

const view = (lines: readonly string[]) => buildFileView({ ok: true, lines: [...lines] }, null);

describe('extractQuotes', () => {
  test('takes code spans from the explanation, not from the heading, evidence, fix or path references', () => {
    const point = [
      '### R1. Debug output left in `src/a.ts`',
      '**Severity:** medium',
      '**Evidence:** `src/a.ts:12`',
      'Line 12 adds `console.log(user);` in `src/a.ts`, see `src/a.ts:12`; ``a `tick` b``.',
      '**Suggested fix:** use `logger.debug`.',
    ].join('\n\n');
    expect(extractQuotes(point, new Set(['src/a.ts']))).toEqual(['console.log(user);', 'a `tick` b']);
  });

  test('keeps quotes on the first line of a list-style point', () => {
    expect(extractQuotes('1. **Leftover logging** — `src/a.ts:3` calls `JSON.parse(raw)`.', new Set())).toEqual(['JSON.parse(raw)']);
  });
});

describe('checkEvidence', () => {
  const lines = ['<<<<<<< HEAD', 'const a = 1;', '=======', 'const a = 2;', '>>>>>>> main'];
  const conflict = findRuleAbout('Merge conflict markers');

  test('re-runs the rule on the cited line, `=======` counting beside other markers', () => {
    expect(checkEvidence({ path: 'a.ts', line: 3 }, conflict, [], view(lines))).toMatchObject({ status: 'holds', matchedBy: 'rule', actual: { line: 3, text: '=======' } });
    expect(checkEvidence({ path: 'a.md', line: 2 }, conflict, [], view(['Title', '======='])).status).toBe('differs');
  });

  test('finds the rule or the quote within two lines, the exact line first', () => {
    expect(checkEvidence({ path: 'a.ts', line: 2 }, conflict, [], view(lines)).actual).toEqual({ line: 1, text: '<<<<<<< HEAD' });
    expect(checkEvidence({ path: 'a.ts', line: 2 }, null, ['const a = 2;'], view(lines))).toMatchObject({ status: 'holds', matchedBy: 'quote', actual: { line: 4 } });
    expect(checkEvidence({ path: 'a.ts', line: 1 }, null, ['const a = 2;'], view(lines)).status).toBe('differs');
  });

  test.each([
    ['an ellipsis for elided code', 'i <= Math.min(...)', 3],
    ['the exact line', 'for (let i = 0; i <= Math.min(users.length, limit); i++) {', 3],
    ['dots around the kept code', 'for (... i <= Math.min(...) ...) {', 3],
    ['an escaped table pipe', 'users.length \\|\\| limit', 2],
    ['a Markdown-escaped star', 'total \\*= 2', 4],
  ])('finds a quote with %s on the line it cites', (_case, quote, line) => {
    const users = view(['let total = 1;', 'const cap = users.length || limit;', 'for (let i = 0; i <= Math.min(users.length, limit); i++) {', '  total *= 2;', '}']);
    expect(checkEvidence({ path: 'src/users.js', line }, null, [quote], users)).toMatchObject({ status: 'holds', matchedBy: 'quote', actual: { line } });
  });

  test('reports a missing file and a missing line', () => {
    expect(checkEvidence({ path: 'b.ts', line: 1 }, null, [], undefined).status).toBe('missing-file');
    expect(checkEvidence({ path: 'a.ts', line: 9 }, null, [], view(lines)).status).toBe('missing-line');
    expect(checkEvidence({ path: 'a.ts', line: 2 }, null, [], view(lines))).toMatchObject({ status: 'holds', matchedBy: 'exists' });
  });

  test('prefers the change’s new side over a work tree that moved on', () => {
    const moved = buildFileView({ ok: true, lines: ['changed since'] }, new Map([[1, 'console.log(x);']]));
    expect(checkEvidence({ path: 'a.js', line: 1 }, findRuleAbout('Debug output left'), [], moved).status).toBe('holds');
  });
});
