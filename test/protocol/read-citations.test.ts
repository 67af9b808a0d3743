import { describe, expect, it } from 'vitest';
import { findCitationRefs, readCitationsOnly } from '../../src/protocol/citation-pattern.js';
import { readCitations, type Citation } from '../../src/protocol/read-citations.js';
import { parseOk } from './parse-ok.js';

/** A debate whose sections are given as `[heading, body]`, separated the way we write them. */
function debate(...sections: Array<[string, string]>): string {
  return '# Code Debate: test\n' + sections.map(([heading, body]) => `\n## ${heading}\n\n${body}\n\n---\n`).join('');
}

/** The citations of a Review with this body. */
function cited(body: string): Citation[] {
  return readCitations(parseOk(debate(['Review', body])));
}

function at(path: string, line: number, quote: string | null = null, endLine = line, section = 'Review'): Citation {
  return { section, path, line, endLine, quote, alternatives: [] };
}

describe('readCitations: places', () => {
  it('reads single lines and ranges, backticked or not, hyphen or en dash', () => {
    expect(cited('See src/a.ts:12 and `src/b.ts:3-5`, then lib/c.js:7–9.')).toEqual([at('src/a.ts', 12), at('src/b.ts', 3, null, 5), at('lib/c.js', 7, null, 9)]);
  });

  it('reads a path with a slash but no extension, drops a leading ./ and ignores a :column', () => {
    expect(cited('`bin/run:4` and ./src/a.ts:2 and `src/b.ts:9:14`')).toEqual([at('bin/run', 4), at('src/a.ts', 2), at('src/b.ts', 9)]);
  });

  it('reads headings, nested list items, block quotes and links', () => {
    const body = [
      '### R1. Debug output in src/a.ts:3',
      '',
      '- outer',
      '  - inner cites src/b.ts:4',
      '',
      '> quoted src/c.ts:5',
      '',
      'See [src/d.ts:6](https://example.com/blob/main/src/d.ts#L6).',
    ].join('\n');
    expect(cited(body)).toEqual([at('src/a.ts', 3), at('src/b.ts', 4), at('src/c.ts', 5), at('src/d.ts', 6)]);
  });

  it('does not read version numbers, URLs, times or bare words as citations', () => {
    const body = [
      'Node 20.19:1 and v1.2.3:4 and 1.2:3 are versions; node:20 and ubuntu:22.04 are images.',
      'The server at https://example.com:8080/api.ts:3 and http://localhost:3000/src/a.ts:4 is remote.',
      'Signed at 2026-11-22T10:02:10Z, see README:3 and main:12.',
    ].join('\n');
    expect(cited(body)).toEqual([]);
  });

  it('does not read citations inside code blocks: a stack trace is not a claim', () => {
    expect(cited('It fails:\n\n```\nError: boom\n    at run (dist/a.js:12:5)\n```\n')).toEqual([]);
  });

  it('reads every section but the CONSENSUS, naming the section as written', () => {
    const text = debate(
      ['Review', '### R1. Bad\nAt src/a.ts:1.'],
      ['Response 1', '**Disagreed**: src/a.ts:2 handles it.'],
      ['Follow-up 1', 'R1 maintained: src/a.ts:3.'],
      ['Response 2', 'Agreed, src/a.ts:4.'],
      ['CONSENSUS', 'Agreed on src/a.ts:5.'],
    );
    expect(readCitations(parseOk(text))).toEqual([
      at('src/a.ts', 1),
      at('src/a.ts', 2, null, 2, 'Response 1'),
      at('src/a.ts', 3, null, 3, 'Follow-up 1'),
      at('src/a.ts', 4, null, 4, 'Response 2'),
    ]);
  });

  it('cites a place once per section, keeps each distinct quote, and drops the unquoted mention of a quoted place', () => {
    const text = debate(
      ['Review', 'src/a.ts:1, again src/a.ts:1 and `src/a.ts:1`.\n\n`src/a.ts:2` reads `x()`. Also src/a.ts:2.\n\n`src/a.ts:2` reads `y()`.\n\nsrc/a.ts:3-4 and src/a.ts:3.'],
      ['Response 1', 'src/a.ts:1.'],
    );
    expect(readCitations(parseOk(text))).toEqual([
      at('src/a.ts', 1),
      at('src/a.ts', 2, 'x()'),
      at('src/a.ts', 2, 'y()'),
      at('src/a.ts', 3, null, 4),
      at('src/a.ts', 3),
      at('src/a.ts', 1, null, 1, 'Response 1'),
    ]);
  });
});

describe('readCitations: quotes', () => {
  it('keeps every other code span of the clause as an alternative quote: the writer may mean the one before', () => {
    expect(cited('the `result.value` at `src/config.js:5` makes a `null` input fail.')).toEqual([{ ...at('src/config.js', 5, 'null'), alternatives: ['result.value'] }]);
  });

  it.each([
    ['`src/a.ts:12` reads `console.log(x)`.', 'console.log(x)', 'after the citation'],
    ['at src/a.ts:12: `foo()`', 'foo()', 'after a colon'],
    ['- **Evidence:** `src/a.ts:12` — ``a`b()``', 'a`b()', 'in a bullet, with a backtick'],
    ['`foo()` is called at `src/a.ts:12` without a check.', 'foo()', 'before the citation'],
    ['The call `foo()` (src/a.ts:12) ignores\nthe result.', 'foo()', 'over a soft line break'],
  ])('reads %j as quoting %j (%s)', (body, quote) => {
    expect(cited(body)).toEqual([at('src/a.ts', 12, quote)]);
  });

  it('gives each citation of a sentence the code of its own clause', () => {
    expect(cited('`src/a.ts:3` reads `x`, and `src/b.ts:5` reads `y`.')).toEqual([at('src/a.ts', 3, 'x'), at('src/b.ts', 5, 'y')]);
    expect(cited('`foo()` at src/a.ts:3 and `bar()` at src/a.ts:9.')).toEqual([at('src/a.ts', 3, 'foo()'), at('src/a.ts', 9, 'bar()')]);
    expect(cited('src/a.ts:12 and src/a.ts:20 both call `foo()`.')).toEqual([at('src/a.ts', 12), at('src/a.ts', 20, 'foo()')]);
  });

  it('does not take code from another sentence, or the citation itself, as a quote', () => {
    expect(cited('The loop calls `next()`. It ends at `src/a.ts:12`.')).toEqual([at('src/a.ts', 12)]);
    expect(cited('`src/a.ts:12`')).toEqual([at('src/a.ts', 12)]);
    expect(cited('`src/a.ts:3`, `src/b.ts:4`')).toEqual([at('src/a.ts', 3), at('src/b.ts', 4)]);
  });

  it('does not take a file name as a quote', () => {
    expect(cited('`README.md:3` comes from `src/gen/readme.ts` and `README.md`.')).toEqual([at('README.md', 3)]);
  });

  it('takes a code block right after the sentence that cites one place', () => {
    expect(cited('The handler at `src/a.ts:12-13` reads:\n\n```ts\nif (x) {\n  run();\n```')).toEqual([at('src/a.ts', 12, 'if (x) {\n  run();', 13)]);
    expect(cited('See src/a.ts:3. It reads:\n```\nfoo()\n```')).toEqual([at('src/a.ts', 3)]);
    expect(cited('- src/a.ts:12:\n\n  ```\n  foo()\n  ```')).toEqual([at('src/a.ts', 12, 'foo()')]);
  });

  it('takes the new side of a diff block as the quote', () => {
    expect(cited('src/a.ts:4 now reads\n```diff\n@@ -3,2 +3,2 @@\n keep()\n-old()\n+fresh()\n```')).toEqual([at('src/a.ts', 4, 'keep()\nfresh()')]);
  });

  it('does not take a code block as a quote when it proposes a fix or two places are cited', () => {
    expect(cited('Suggested fix at src/a.ts:12:\n```\nsafe()\n```')).toEqual([at('src/a.ts', 12)]);
    expect(cited('It should read, at src/a.ts:12:\n```\nsafe()\n```')).toEqual([at('src/a.ts', 12)]);
    expect(cited('src/a.ts:12 and src/b.ts:3 read:\n```\nfoo()\n```')).toEqual([at('src/a.ts', 12), at('src/b.ts', 3)]);
    expect(cited('`src/a.ts:12` reads `x()` and src/a.ts:20 reads:\n```\ny()\n```')).toEqual([at('src/a.ts', 12, 'x()'), at('src/a.ts', 20, 'y()')]);
  });

  it('reads each row of a plain-text table on its own', () => {
    const body = '| where | code |\n| --- | --- |\n| src/a.ts:3 | `x()` |\n| src/a.ts:9 | `y()` |';
    expect(cited(body)).toEqual([at('src/a.ts', 3, 'x()'), at('src/a.ts', 9, 'y()')]);
  });
});

describe('citation pattern', () => {
  it('finds references with their place in the text', () => {
    expect(findCitationRefs('see ./src/a.ts:12-14 or README.md:3')).toEqual([
      { path: 'src/a.ts', line: 12, endLine: 14, index: 4, text: './src/a.ts:12-14' },
      { path: 'README.md', line: 3, endLine: 3, index: 24, text: 'README.md:3' },
    ]);
  });

  it('reads a text of nothing but citations, and nothing else', () => {
    expect(readCitationsOnly('a.ts:3:7, b.ts:4 and c.ts:5')?.map((ref) => ref.text)).toEqual(['a.ts:3', 'b.ts:4', 'c.ts:5']);
    expect(readCitationsOnly('run(a.ts:3)')).toBeNull();
    expect(readCitationsOnly('foo()')).toBeNull();
  });
});
