import fc from 'fast-check';

/** Words a debate file is made of, and the odd characters that break naive parsers. */
const word = fc.oneof(
  fc.constantFrom(
    'R1',
    'R2',
    'x',
    'Review',
    'CONSENSUS',
    'Response',
    '1',
    '2',
    '99999999999999999999',
    'Agreed',
    'Disagreed',
    '—',
    '·',
    'é',
    '✓',
    '\u200b',
    '\uFEFF',
    '\t',
    '\\',
    '`',
    '*',
    '_',
    '<',
    '>',
    '|',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const words = fc.array(word, { maxLength: 5 }).map((parts) => parts.join(' '));
const number = fc.oneof(fc.integer({ min: 0, max: 7 }), fc.constant(2 ** 53), fc.constant(-1));

/** One line (or a short run of lines) of a debate file: headings of every kind, containers, code, HTML. */
const line = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('## Review', '## Opening', '## CONSENSUS', '## Consensus: done', '## consensus', '# Code Debate: HEAD', '---', '***', '___', '', ' ', '==='),
  },
  { weight: 3, arbitrary: number.map((n) => `## Response ${n}`) },
  { weight: 3, arbitrary: number.map((n) => `## Reviewer Follow-up ${n}`) },
  { weight: 1, arbitrary: number.map((n) => `## Follow-up ${n}`) },
  { weight: 2, arbitrary: fc.tuple(number, words).map(([n, text]) => `### R${n}. ${text}`) },
  { weight: 1, arbitrary: fc.tuple(number, words).map(([n, text]) => `${n}. ${text}`) },
  { weight: 1, arbitrary: fc.tuple(number, words).map(([n, text]) => `**${n}.** ${text}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '**Agreed**: yes',
      '**Partially agreed**: some',
      '**Disagreed**: no',
      '**Maintained**',
      '**Withdrawn**',
      '**Severity:** high',
      '**Evidence:** `src/app.js:2`',
      '`src/app.js:2-9` reads `x`',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '```',
      '```js',
      '~~~',
      '````',
      '    ## CONSENSUS',
      '> ## CONSENSUS',
      '- ## Review',
      '1. ## Response 1',
      '<div>',
      '</div>',
      '<!--',
      '-->',
      '<pre>',
      '<!-- code-debate {"v":1,"base":"a","head":"b","diff":"c"} -->',
      '<!-- code-debate {"v":"x"} -->',
      '<!-- code-debate [] -->',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('*— Reviewer · claude · 2026-01-01T00:00:00Z*', '*— Responder · codex · x*', '*— · · *') },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('## ', '# ', '#', '##', '  ## ', '\t## ', '###### '), words).map(([marker, text]) => marker + text) },
  { weight: 1, arbitrary: words.map((text) => `${text}\n${'='.repeat(3)}`) },
  { weight: 1, arbitrary: words.map((text) => `${text}\n---`) },
  { weight: 3, arbitrary: words },
);

const newline = fc.constantFrom('\n', '\n', '\n', '\r\n', '\r');

/** Text that looks like a debate file, damaged in all the ways people, editors and agents damage one. */
export const debateLikeText = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(line, newline), { maxLength: 40 }))
  .map(([bom, lines]) => (bom ? '\uFEFF' : '') + lines.map(([text, end]) => text + end).join(''));

/** Any text at all, including lone surrogates and control characters. */
export const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ maxLength: 300 }));

/** What an agent may print: debate-like lines, sometimes trying to forge a section. */
export const agentLikeText = fc.oneof({ weight: 4, arbitrary: debateLikeText }, { weight: 1, arbitrary: anyText });
