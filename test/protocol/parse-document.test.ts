import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/errors.js';
import type { Section } from '../../src/protocol/document.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { readSection } from '../../src/protocol/read-section.js';
import { parseOk } from './parse-ok.js';
import { seedDebate, seedFollowUp, seedResponse, seedReview, seedTimeoutConsensus, type SeedStance } from './seed-peer-text.js';

const lines = (...text: string[]) => `${text.join('\n')}\n`;
const outline = (sections: readonly Section[]) => sections.map(({ kind, number, heading, line }) => ({ kind, number, heading, line }));

/** What this project writes: title, metadata comment, signed sections separated by `---`. */
const ours = lines(
  '# Code Debate: the diff against main',
  '<!-- code-debate {"v":1,"base":"1a2b3c","head":"4d5e6f","diff":"9f8e7d"} -->',
  '',
  '## Review',
  '',
  '### R1. Unchecked parse result (high)',
  'Severity: high. `src/parse.ts:12` ignores the error.',
  '',
  '### R2. Missing test',
  'Severity: low. Nothing reaches `src/branch.ts:40`.',
  '',
  '*— Reviewer · claude · 2026-11-22T10:00:00Z*',
  '',
  '---',
  '',
  '## Response 1',
  '',
  '**R1** — **Agreed**: will check it.',
  '',
  '**R2** — **Disagreed**: covered by `test/branch.test.ts:8`.',
  '',
  '*— Responder · codex · 2026-11-22T10:02:10Z*',
  '',
  '---',
  '',
  '## Reviewer Follow-up 1',
  '',
  '**R2** — I withdraw it.',
  '',
  '*— Reviewer · claude · 2026-11-22T10:03:00Z*',
  '',
  '---',
  '',
  '## Response 2',
  '',
  'Nothing left to answer.',
  '',
  '*— Responder · codex · 2026-11-22T10:04:00Z*',
  '',
  '---',
  '',
  '## CONSENSUS',
  '',
  'R1 will be fixed; R2 was withdrawn.',
  '',
  '*— Reviewer · claude · 2026-11-22T10:05:00Z*',
  '',
);

const oursOutline = [
  { kind: 'review', number: 0, heading: 'Review', line: 4 },
  { kind: 'response', number: 1, heading: 'Response 1', line: 16 },
  { kind: 'follow-up', number: 1, heading: 'Reviewer Follow-up 1', line: 26 },
  { kind: 'response', number: 2, heading: 'Response 2', line: 34 },
  { kind: 'consensus', number: 0, heading: 'CONSENSUS', line: 42 },
];

describe('parseDocument: title and metadata', () => {
  it('reads our title and metadata comment', () => {
    const document = parseOk(ours);
    expect(document.title).toBe('Code Debate: the diff against main');
    expect(document.meta).toEqual({ v: 1, base: '1a2b3c', head: '4d5e6f', diff: '9f8e7d', snapshot: null });
  });

  it('reads a file without either', () => {
    expect(parseOk('## Review\nx\n')).toMatchObject({ title: null, meta: null });
  });

  it('reads an empty file as no sections', () => {
    expect(parseOk('')).toEqual({ title: null, meta: null, sections: [], points: [] });
    expect(parseOk('\n\n')).toEqual({ title: null, meta: null, sections: [], points: [] });
  });

  it('reads a title alone, before anyone wrote a section', () => {
    expect(parseOk('# Code Debate: HEAD\n')).toEqual({ title: 'Code Debate: HEAD', meta: null, sections: [], points: [] });
  });

  it('reads a setext title', () => {
    expect(parseOk('Code Debate: HEAD\n=================\n\n## Review\nx\n').title).toBe('Code Debate: HEAD');
  });

  it('takes the first level-1 heading as the title and ignores later ones', () => {
    const document = parseOk(lines('# Code Debate: one', '# Code Debate: two', '', '## Review', '# Not a title', 'x'));
    expect(document.title).toBe('Code Debate: one');
    expect(document.sections[0]?.body).toBe('# Not a title\nx');
  });

  it('fills missing metadata fields with null and v with 1', () => {
    expect(parseOk('<!-- code-debate {"head":"abc"} -->\n\n## Review\nx\n').meta).toEqual({ v: 1, base: null, head: 'abc', diff: null, snapshot: null });
  });

  it.each([
    ['malformed JSON', '<!-- code-debate {"v":1, -->'],
    ['a JSON value that is not an object', '<!-- code-debate ["x"] -->'],
    ['another comment', '<!-- written by hand -->'],
  ])('ignores %s', (_, comment) => {
    expect(parseOk(`# Code Debate: x\n${comment}\n\n## Review\nx\n`).meta).toBeNull();
  });

  it('reads the metadata comment after another comment', () => {
    const document = parseOk('# T\n<!-- hand-written note -->\n<!-- code-debate {"v":2,"base":"a"} -->\n\n## Review\nx\n');
    expect(document.meta).toEqual({ v: 2, base: 'a', head: null, diff: null, snapshot: null });
  });

  it('does not read a metadata comment written inside a section', () => {
    expect(parseOk('## Review\n\n<!-- code-debate {"v":1,"base":"a"} -->\n').meta).toBeNull();
  });
});

describe('parseDocument: sections', () => {
  it('reads every section of our own file with its heading and line', () => {
    expect(outline(parseOk(ours).sections)).toEqual(oursOutline);
  });

  it('reads the aliases PROTOCOL.md accepts on reading', () => {
    const text = lines('## Opening', 'x', '', '## Response 1', 'y', '', '## Follow-up 1', 'z', '', '## Response 2', 'w', '', '## consensus', 'v');
    expect(outline(parseOk(text).sections)).toEqual([
      { kind: 'review', number: 0, heading: 'Opening', line: 1 },
      { kind: 'response', number: 1, heading: 'Response 1', line: 4 },
      { kind: 'follow-up', number: 1, heading: 'Follow-up 1', line: 7 },
      { kind: 'response', number: 2, heading: 'Response 2', line: 10 },
      { kind: 'consensus', number: 0, heading: 'consensus', line: 13 },
    ]);
  });

  it.each(['CONSENSUS', 'Consensus', 'consensus', 'cOnSeNsUs', 'CONSENSUS: all agreed', 'Consensus — done'])('reads `## %s` as the CONSENSUS', (heading) => {
    expect(parseOk(`## Review\nx\n\n## ${heading}\ndone\n`).sections.at(-1)).toMatchObject({ kind: 'consensus', heading });
  });

  it('reads setext level-2 headings as sections', () => {
    const text = lines('Review', '------', 'x', '', 'Response 1', '----------', 'y', '', 'CONSENSUS', '---', 'done');
    expect(outline(parseOk(text).sections)).toEqual([
      { kind: 'review', number: 0, heading: 'Review', line: 1 },
      { kind: 'response', number: 1, heading: 'Response 1', line: 5 },
      { kind: 'consensus', number: 0, heading: 'CONSENSUS', line: 9 },
    ]);
  });

  it('reads ATX headings with a closing sequence and up to three spaces of indent', () => {
    const text = lines('## Review ##', 'x', '', '   ## Response 1', 'y');
    expect(outline(parseOk(text).sections)).toEqual([
      { kind: 'review', number: 0, heading: 'Review', line: 1 },
      { kind: 'response', number: 1, heading: 'Response 1', line: 4 },
    ]);
  });

  it('reads level-2 headings only at the top: not in code, quotes, lists or HTML comments', () => {
    const text = lines('## Review', '```markdown', '## Response 1', '```', '> ## Response 1', '- ## Response 1', '', '<!--', '## Response 1', '-->', '', '    ## Response 1');
    const document = parseOk(text);
    expect(outline(document.sections)).toEqual([{ kind: 'review', number: 0, heading: 'Review', line: 1 }]);
    expect(document.sections[0]?.body).toBe(text.split('\n').slice(1).join('\n').trimEnd());
  });

  it('keeps level-3 headings and other levels inside the section', () => {
    const document = parseOk(lines('## Review', '### R1. t', '#### detail', '# stray h1', 'x'));
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]?.body).toBe('### R1. t\n#### detail\n# stray h1\nx');
  });
});

describe('parseDocument: what readers tolerate', () => {
  const expected = parseOk(ours);

  it('reads a CRLF file like the LF file, with the same lines', () => {
    expect(parseOk(ours.replace(/\n/g, '\r\n'))).toEqual(expected);
  });

  it('reads a file with a lone CR line end', () => {
    expect(parseOk(ours.replace(/\n/g, '\r'))).toEqual(expected);
  });

  it('reads a file with trailing spaces on every line, headings and separators too', () => {
    const document = parseOk(ours.replace(/\n/g, '  \n'));
    expect(outline(document.sections)).toEqual(oursOutline);
    expect(document.sections.map((section) => section.signature)).toEqual(expected.sections.map((section) => section.signature));
    expect(document.sections[3]?.body).toBe('Nothing left to answer.  ');
    expect(document.points.map((point) => point.id)).toEqual(['R1', 'R2']);
  });

  it('reads a file without the `---` separators', () => {
    const document = parseOk(ours.replace(/\n---\n/g, '\n'));
    expect(document.sections.map(({ kind, number, body, signature }) => ({ kind, number, body, signature }))).toEqual(
      expected.sections.map(({ kind, number, body, signature }) => ({ kind, number, body, signature })),
    );
  });

  it('reads a file without a final newline', () => {
    expect(parseOk(ours.trimEnd())).toEqual(expected);
    expect(parseOk('## Review\nx').sections[0]?.body).toBe('x');
  });

  it('reads other separators and any blank lines between sections', () => {
    const text = lines('## Review', 'x', '***', '', '', '', '## Response 1', '', '', 'y', '', '___', '', '- - -');
    expect(parseOk(text).sections.map((section) => section.body)).toEqual(['x', 'y']);
  });

  it('does not take a paragraph directly followed by `---` for a section', () => {
    const text = lines('## Review', '### 1. Point', 'the text', '---', '## Response 1', '1. **Agreed**', '---', '## Reviewer Follow-up 1', 'fine');
    const document = parseOk(text);
    expect(outline(document.sections)).toEqual([
      { kind: 'review', number: 0, heading: 'Review', line: 1 },
      { kind: 'response', number: 1, heading: 'Response 1', line: 5 },
      { kind: 'follow-up', number: 1, heading: 'Reviewer Follow-up 1', line: 8 },
    ]);
    expect(document.sections.map((section) => section.body)).toEqual(['### 1. Point\nthe text', '1. **Agreed**', 'fine']);
  });

  it('does not take a signature directly followed by `---` for a section', () => {
    const text = lines('## Review', 'x', '', '*— Reviewer · claude · 2026-11-22T10:00:00Z*', '---', '## Response 1', 'y');
    const document = parseOk(text);
    expect(document.sections.map(({ kind, body, signature }) => ({ kind, body, signature }))).toEqual([
      { kind: 'review', body: 'x', signature: { role: 'Reviewer', agent: 'claude', time: '2026-11-22T10:00:00Z' } },
      { kind: 'response', body: 'y', signature: null },
    ]);
  });

  it('does not take a paragraph followed by a long `-------` line for a section either', () => {
    expect(outline(parseOk(lines('## Review', 'Summary', '-------------', 'x')).sections)).toHaveLength(1);
  });
});

describe('parseDocument: protocol errors', () => {
  function failure(text: string): ProtocolError {
    const result = parseDocument(text);
    if (result.ok) throw new Error('expected a ProtocolError');
    expect(result.error).toBeInstanceOf(ProtocolError);
    return result.error;
  }

  it('names an unknown level-2 heading and its line', () => {
    const error = failure(lines('# Code Debate: x', '', '## Review', 'x', '', '## Summary', 'y'));
    expect(error.line).toBe(6);
    expect(error.message).toBe(
      'Cannot read the level-2 heading `Summary` at line 6: expected one of `## Review`, `## Response N`, ' +
        '`## Reviewer Follow-up N` or `## CONSENSUS`. Demote it to `###` if it belongs inside a section.',
    );
  });

  it('counts lines of a CRLF file the same way', () => {
    expect(failure('# T\r\n\r\n## Review\r\nx\r\n\r\n## Notes\r\n').line).toBe(6);
  });

  it('names an unknown setext heading by its text', () => {
    const error = failure(lines('## Review', 'x', '', 'Closing notes', '--'));
    expect(error.line).toBe(4);
    expect(error.message).toContain('`Closing notes` at line 4');
  });

  it.each([
    ['## Notes', 1, 'Notes'],
    ['## Review\n\n## Response one', 3, 'Response one'],
    ['## Review\n\n## Response 1\n\n## Follow up 1', 5, 'Follow up 1'],
    ['## Review\n\n## Consensuses', 3, 'Consensuses'],
    ['## Review of abc123', 1, 'Review of abc123'],
  ])('refuses `%s`', (text, line, heading) => {
    const error = failure(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`\`${heading}\` at line ${line}:`);
  });

  it('refuses Response 2 right after the Review', () => {
    const error = failure(lines('## Review', 'x', '', '---', '', '## Response 2', 'y'));
    expect(error.line).toBe(6);
    expect(error.message).toBe(
      'Cannot accept `## Response 2` at line 6: expected `## Response 1` or `## CONSENSUS` after `## Review` (line 1). ' +
        'Sections take turns; fix or remove the out-of-turn section.',
    );
  });

  it('refuses two Responses in a row', () => {
    const error = failure(lines('## Review', 'x', '', '## Response 1', 'y', '', '## Response 2', 'z'));
    expect(error.line).toBe(7);
    expect(error.message).toContain('expected `## Reviewer Follow-up 1` or `## CONSENSUS` after `## Response 1` (line 4)');
  });

  it('refuses a Response before any Review', () => {
    expect(failure('## Response 1\ny\n').message).toContain('expected `## Review` or `## CONSENSUS` as the first section');
  });

  it('reports an unknown heading before a section out of turn', () => {
    expect(failure(lines('## Review', '', '## Response 2', '', '## Notes')).line).toBe(5);
  });
});

describe('parseDocument: the CONSENSUS ends the document', () => {
  it('ignores sections after the CONSENSUS and leaves them out of its body', () => {
    const text = lines('## Review', 'x', '', '## CONSENSUS', 'done', '', '---', '', '## Response 7', 'late', '', '## Whatever', 'more');
    const document = parseOk(text);
    expect(outline(document.sections)).toEqual([
      { kind: 'review', number: 0, heading: 'Review', line: 1 },
      { kind: 'consensus', number: 0, heading: 'CONSENSUS', line: 4 },
    ]);
    expect(document.sections[1]?.body).toBe('done');
  });

  it('ignores a second CONSENSUS written after the first', () => {
    const text = seedDebate('agree').text + seedTimeoutConsensus('responder');
    const document = parseOk(text);
    expect(document.sections.map((section) => section.kind)).toEqual(['review', 'response', 'consensus']);
    expect(document.sections.at(-1)?.body).toBe('All points are resolved: both points are agreed and will be fixed.');
  });

  it('still reads a paragraph directly followed by `---` inside the CONSENSUS as text', () => {
    const document = parseOk(lines('## Review', 'x', '', '## CONSENSUS', 'agreed', 'all', '---'));
    expect(document.sections.at(-1)?.body).toBe('agreed\nall');
  });
});

describe('parseDocument: bodies and signatures', () => {
  it('gives each body without the heading, separator, signature and surrounding blank lines', () => {
    expect(parseOk(ours).sections.map(({ body, signature }) => ({ body, signature }))).toEqual([
      {
        body: lines(
          '### R1. Unchecked parse result (high)',
          'Severity: high. `src/parse.ts:12` ignores the error.',
          '',
          '### R2. Missing test',
          'Severity: low. Nothing reaches `src/branch.ts:40`.',
        ).trimEnd(),
        signature: { role: 'Reviewer', agent: 'claude', time: '2026-11-22T10:00:00Z' },
      },
      {
        body: '**R1** — **Agreed**: will check it.\n\n**R2** — **Disagreed**: covered by `test/branch.test.ts:8`.',
        signature: { role: 'Responder', agent: 'codex', time: '2026-11-22T10:02:10Z' },
      },
      { body: '**R2** — I withdraw it.', signature: { role: 'Reviewer', agent: 'claude', time: '2026-11-22T10:03:00Z' } },
      { body: 'Nothing left to answer.', signature: { role: 'Responder', agent: 'codex', time: '2026-11-22T10:04:00Z' } },
      {
        body: 'R1 will be fixed; R2 was withdrawn.',
        signature: { role: 'Reviewer', agent: 'claude', time: '2026-11-22T10:05:00Z' },
      },
    ]);
  });

  it('reads an agent name with spaces and a signature without the blank line before it', () => {
    const section = parseOk('## Review\nx\n*— Reviewer · claude code 2 · 2026-11-22T10:00:00Z*\n').sections[0];
    expect(section).toMatchObject({ body: 'x', signature: { role: 'Reviewer', agent: 'claude code 2', time: '2026-11-22T10:00:00Z' } });
  });

  it('reads a signature only on the last line of the section', () => {
    const section = parseOk('## Review\n*— Reviewer · claude · 2026-11-22T10:00:00Z*\n\nmore text\n').sections[0];
    expect(section).toMatchObject({ body: '*— Reviewer · claude · 2026-11-22T10:00:00Z*\n\nmore text', signature: null });
  });

  it('keeps a separator and blank lines inside the body, and a body-less section is empty', () => {
    const document = parseOk(lines('## Review', '', 'a', '', '---', '', 'b', '', '## Response 1', '', '---', ''));
    expect(document.sections.map((section) => section.body)).toEqual(['a\n\n---\n\nb', '']);
  });

  it('reads the Review points, and none before the Review is written', () => {
    expect(parseOk(ours).points.map(({ id, title, severity, evidence }) => ({ id, title, severity, evidence }))).toEqual([
      { id: 'R1', title: 'Unchecked parse result', severity: 'high', evidence: [{ path: 'src/parse.ts', line: 12 }] },
      { id: 'R2', title: 'Missing test', severity: 'low', evidence: [{ path: 'src/branch.ts', line: 40 }] },
    ]);
    expect(parseOk('# Code Debate: x\n').points).toEqual([]);
  });
});

describe('parseDocument: the exact text seed-peer.sh writes', () => {
  const reviewBody =
    '### 1. Unchecked return value\n' +
    'The result of the parse call is used without checking for failure. See the first changed file.\n' +
    '\n' +
    '### 2. Missing test for the new branch\n' +
    'The new conditional has no test that reaches it.';

  it('reads its Review: title, no metadata, points 1 and 2 as R1 and R2', () => {
    const document = parseOk(seedReview('commit abc123'));
    expect(document.title).toBe('Code Debate: commit abc123');
    expect(document.meta).toBeNull();
    expect(document.sections).toEqual([{ kind: 'review', number: 0, heading: 'Review', line: 3, body: reviewBody, signature: null }]);
    expect(document.points).toEqual([
      {
        id: 'R1',
        number: 1,
        title: 'Unchecked return value',
        severity: null,
        evidence: [],
        text: '### 1. Unchecked return value\nThe result of the parse call is used without checking for failure. See the first changed file.',
      },
      {
        id: 'R2',
        number: 2,
        title: 'Missing test for the new branch',
        severity: null,
        evidence: [],
        text: '### 2. Missing test for the new branch\nThe new conditional has no test that reaches it.',
      },
    ]);
  });

  it.each([
    ['agree', 'Agreed', 'agreed'],
    ['disagree', 'Disagreed', 'disagreed'],
    ['partial', 'Partially agreed', 'partially-agreed'],
  ] as const)('reads its Response 1 in the %s stance with both points answered', (stance, label, position) => {
    const document = parseOk(seedReview() + seedResponse(1, stance));
    const response = document.sections[1];
    expect(response).toEqual({
      kind: 'response',
      number: 1,
      heading: 'Response 1',
      line: 13,
      body: `1. **${label}** — my reasoning for point 1 is stated here.\n` + `2. **${label}** — my reasoning for point 2 is stated here.`,
      signature: null,
    });
    const reading = readSection(
      'response',
      response?.body ?? '',
      document.points.map((point) => ({ id: point.id, open: true })),
    );
    expect(reading.answers.map((answer) => [answer.id, answer.position])).toEqual([
      ['R1', position],
      ['R2', position],
    ]);
    expect(reading.unread).toEqual([]);
  });

  it('reads its follow-up', () => {
    const document = parseOk(seedReview() + seedResponse(1, 'disagree') + seedFollowUp(1));
    expect(document.sections[2]).toEqual({
      kind: 'follow-up',
      number: 1,
      heading: 'Reviewer Follow-up 1',
      line: 19,
      body: 'I maintain both points: the failure path is reachable and untested.',
      signature: null,
    });
  });

  const resolved = 'All points are resolved: both points are agreed and will be fixed.';
  const rounds = (n: number) => Array.from({ length: n }, (_, i) => [`response ${i + 1}`, `follow-up ${i + 1}`]).flat();

  it.each([
    ['agree', ['review', 'response 1', 'consensus 0'], resolved],
    ['partial', ['review', ...rounds(1), 'response 2', 'consensus 0'], resolved],
    ['disagree', ['review', ...rounds(4), 'response 5', 'consensus 0'], 'Agreed: nothing.\nRemaining disagreements: points 1 and 2 after 5 rounds.'],
  ] as const)('reads a whole debate between two seed peers in the %s stance', (stance, kinds, consensus) => {
    const { text, writes } = seedDebate(stance as SeedStance);
    const document = parseOk(text);
    expect(document.sections.map((section) => (section.kind === 'review' ? 'review' : `${section.kind} ${section.number}`))).toEqual(kinds);
    expect(document.sections.at(-1)?.body).toBe(consensus);
    expect(document.sections[0]?.body).toBe(reviewBody);
    // every state the file passed through is readable too
    for (const write of writes) expect(parseDocument(write).ok).toBe(true);
  });

  it('reads the timeout CONSENSUS it writes after its own section', () => {
    const document = parseOk(seedReview() + seedResponse(1, 'agree') + seedTimeoutConsensus('reviewer'));
    expect(document.sections.at(-1)).toMatchObject({ kind: 'consensus', body: 'Timed out waiting for the reviewer.' });
  });
});
