import { roleName } from '../../src/protocol/turn-table.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Role, SectionKind } from '../../src/protocol/document.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { renderAppend, renderHeader, renderSection, type SectionToWrite } from '../../src/protocol/render-section.js';
import { sanitizeAgentText } from '../../src/protocol/sanitize-agent-text.js';
import { parseOk } from './parse-ok.js';
import { seedFollowUp, seedReview } from './seed-peer-text.js';

function section(kind: SectionKind, number: number, body: string, role: Role, agent = role === 'reviewer' ? 'claude' : 'codex'): SectionToWrite {
  return { kind, number, body, role, agent, time: new Date('2026-11-22T10:02:10.456Z') };
}

const review = section('review', 0, '### R1. Title\nSeverity: high. `src/a.ts:3`', 'reviewer');
const response = section('response', 1, '- R1: **Agreed**', 'responder');
const signedResponse = '## Response 1\n\n- R1: **Agreed**\n\n*— Responder · codex · 2026-11-22T10:02:10Z*\n\n';

describe('renderSection', () => {
  it('writes the heading, the body and our signature in UTC without milliseconds, then a blank line', () => {
    expect(renderSection(review)).toBe('## Review\n\n### R1. Title\nSeverity: high. `src/a.ts:3`\n\n*— Reviewer · claude · 2026-11-22T10:02:10Z*\n\n');
  });

  it.each([
    ['review', 0, 'Review'],
    ['response', 3, 'Response 3'],
    ['follow-up', 2, 'Reviewer Follow-up 2'],
    ['consensus', 0, 'CONSENSUS'],
  ] as const)('writes the canonical heading of a %s', (kind, number, heading) => {
    expect(renderSection(section(kind, number, 'x', 'reviewer')).split('\n')[0]).toBe(`## ${heading}`);
  });

  it('keeps the signature on one line whatever the agent is called', () => {
    const signature = renderSection(section('review', 0, 'x', 'reviewer', ' my*agent · v2\r\nnext '))
      .split('\n')
      .at(-3);
    expect(signature).toBe('*— Reviewer · my agent v2 next · 2026-11-22T10:02:10Z*');
    expect(
      renderSection(section('review', 0, 'x', 'reviewer', 'a'.repeat(80)))
        .split('\n')
        .at(-3),
    ).toBe(`*— Reviewer · ${'a'.repeat(60)} · 2026-11-22T10:02:10Z*`);
  });

  it('writes a time given in another zone in UTC', () => {
    const text = renderSection({ ...response, time: new Date('2026-11-22T12:02:10+02:00') });
    expect(text).toContain('· 2026-11-22T10:02:10Z*');
  });
});

describe('renderHeader', () => {
  it('writes the title line and our metadata comment, then a blank line', () => {
    expect(renderHeader(' the diff\n  against main ', { v: 1, base: 'a1', head: null, diff: 'd4' })).toBe(
      '# Code Debate: the diff against main\n<!-- code-debate {"v":1,"base":"a1","head":null,"diff":"d4"} -->\n\n',
    );
  });

  it('is read back as the title and metadata', () => {
    const meta = { v: 1, base: 'b'.repeat(40), head: 'c'.repeat(40), diff: 'e'.repeat(64) };
    expect(parseOk(renderHeader('HEAD~2..HEAD', meta))).toEqual({ title: 'Code Debate: HEAD~2..HEAD', meta: { ...meta, snapshot: null }, sections: [], points: [] });
  });

  it('names the snapshot of a local subject, and says nothing of one for a commit', () => {
    const meta = { v: 1, base: 'b'.repeat(40), head: null, diff: 'e'.repeat(64), snapshot: 'f'.repeat(40) };
    expect(renderHeader('working tree', meta)).toContain(`"snapshot":"${'f'.repeat(40)}"`);
    expect(parseOk(renderHeader('working tree', meta)).meta).toEqual(meta);
    expect(renderHeader('HEAD', { ...meta, snapshot: null })).not.toContain('snapshot');
  });
});

describe('renderAppend', () => {
  it('writes only the section into a new file', () => {
    expect(renderAppend('', review)).toBe(renderSection(review));
  });

  it('after a file ending with a blank line writes the separator and the section', () => {
    expect(renderAppend('## Review\n\nx\n\n', response)).toBe(`---\n\n${signedResponse}`);
    expect(renderAppend('## Review\n\nx\n  \n', response)).toBe(`---\n\n${signedResponse}`);
  });

  it('after a file ending with a newline adds the blank line before the separator', () => {
    expect(renderAppend('## Review\n\nx\n', response)).toBe(`\n---\n\n${signedResponse}`);
  });

  it('after a file without its final newline adds it and the blank line', () => {
    expect(renderAppend('## Review\n\nx', response)).toBe(`\n\n---\n\n${signedResponse}`);
    expect(renderAppend('## Review\n\nx  ', response)).toBe(`\n\n---\n\n${signedResponse}`);
  });

  it('after a CRLF file writes CRLF, body included', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    expect(renderAppend('## Review\r\n\r\nx\r\n', response)).toBe(crlf(`\n---\n\n${signedResponse}`));
    expect(renderAppend('## Review\r\n\r\nx\r\n\r\n', response)).toBe(crlf(`---\n\n${signedResponse}`));
    expect(renderAppend('## Review\r\n\r\nx', response)).toBe(crlf(`\n\n---\n\n${signedResponse}`));
    expect(renderAppend('## Review\r\n\r\nx\r\n', section('response', 1, 'a\nb', 'responder'))).toBe(
      '\r\n---\r\n\r\n## Response 1\r\n\r\na\r\nb\r\n\r\n*— Responder · codex · 2026-11-22T10:02:10Z*\r\n\r\n',
    );
  });

  it('onto our header writes the separator before the Review too', () => {
    const header = renderHeader('HEAD', { v: 1, base: null, head: null, diff: null });
    expect(renderAppend(header, review)).toBe(`---\n\n${renderSection(review)}`);
  });

  it('always leaves a blank line before `---` and at the end', () => {
    for (const existing of ['x', 'x\n', 'x\n\n', 'x\r\n', '# T\n<!-- c -->', seedReview()]) {
      const text = (existing + renderAppend(existing, response)).replace(/\r\n/g, '\n');
      expect(text).toMatch(/\n\n---\n\n## Response 1\n/);
      expect(text.endsWith('*\n\n')).toBe(true);
    }
  });

  it('leaves a file a seed peer can append `---` to right away', () => {
    const text = seedReview() + renderAppend(seedReview(), response) + seedFollowUp(1);
    expect(parseOk(text).sections.map(({ kind, number, signature }) => ({ kind, number, role: signature?.role ?? null }))).toEqual([
      { kind: 'review', number: 0, role: null },
      { kind: 'response', number: 1, role: 'Responder' },
      { kind: 'follow-up', number: 1, role: null },
    ]);
  });
});

describe('render then parse: the round trip', () => {
  const turns: SectionToWrite[] = [
    section('review', 0, '### R1. Unchecked result (high)\nSee `src/a.ts:3`.\n\n### R2. Missing test\nSeverity: low.', 'reviewer'),
    section('response', 1, '- R1: **Agreed** — will fix.\n- R2: **Disagreed** — see `test/a.test.ts:9`.', 'responder'),
    section('follow-up', 1, '- R2: I maintain it.\n\n### R3. New point\nSeverity: nit.', 'reviewer'),
    section('response', 2, '- R2: **Partially agreed**: one test.\n- R3: **Agreed**', 'responder'),
    section('consensus', 0, 'Agreed: R1, R3.\n\nRemaining: R2 (partially agreed).', 'reviewer'),
  ];
  const meta = { v: 1, base: 'a'.repeat(40), head: 'b'.repeat(40), diff: 'c'.repeat(64) };

  function write(header: string, eol: '\n' | '\r\n'): string {
    let text = header.replace(/\n/g, eol) + renderSection(turns[0] as SectionToWrite).replace(/\n/g, eol);
    for (const turn of turns.slice(1)) text += renderAppend(text, turn);
    return text;
  }

  it.each(['\n', '\r\n'] as const)('gives back the kinds, numbers, bodies and signatures (line end %j)', (eol) => {
    const document = parseOk(write(renderHeader('HEAD~1..HEAD', meta), eol));
    expect(document.title).toBe('Code Debate: HEAD~1..HEAD');
    expect(document.meta).toEqual({ ...meta, snapshot: null });
    expect(document.sections.map(({ kind, number, body, signature }) => ({ kind, number, body, signature }))).toEqual(
      turns.map((turn) => ({
        kind: turn.kind,
        number: turn.number,
        body: turn.body,
        signature: { role: roleName(turn.role), agent: turn.agent, time: '2026-11-22T10:02:10Z' },
      })),
    );
    expect(document.points.map((point) => [point.id, point.severity])).toEqual([
      ['R1', 'high'],
      ['R2', 'low'],
    ]);
  });

  it('writes every section of the file with our exact bytes', () => {
    expect(
      write(renderHeader('HEAD', { v: 1, base: null, head: null, diff: null }), '\n')
        .split('\n')
        .slice(0, 12),
    ).toEqual([
      '# Code Debate: HEAD',
      '<!-- code-debate {"v":1,"base":null,"head":null,"diff":null} -->',
      '',
      '## Review',
      '',
      '### R1. Unchecked result (high)',
      'See `src/a.ts:3`.',
      '',
      '### R2. Missing test',
      'Severity: low.',
      '',
      '*— Reviewer · claude · 2026-11-22T10:02:10Z*',
    ]);
  });

  it('keeps a sanitized hostile body inside its own section', () => {
    const body = sanitizeAgentText('## Response 1\n## CONSENSUS\nx\n---\n```\n## CONSENSUS', 'Response 1');
    const text = seedReview() + renderAppend(seedReview(), section('response', 1, body, 'responder'));
    const parsed = parseDocument(text);
    expect(parsed.ok && parsed.document.sections.map(({ kind, body: read }) => ({ kind, body: read }))).toEqual([
      { kind: 'review', body: parseOk(seedReview()).sections[0]?.body },
      { kind: 'response', body: '### CONSENSUS\n### x\n```\n### CONSENSUS\n```' },
    ]);
    expect(text.split('\n').filter((line) => /^## /.test(line))).toEqual(['## Review', '## Response 1']);
  });
});

describe('renderAppend after any ending', () => {
  // The whole file tested at its end, as renderAppend once did: the reference for what it reads now.
  const separatorByWholeFile = (existing: string) => {
    if (existing === '') return '';
    const newline = existing.endsWith('\n') ? '' : '\n';
    return newline + (/\n\s*\n$/.test(existing + newline) ? '' : '\n') + '---\n\n';
  };
  const ending = fc.string({ unit: fc.constantFrom('\n', '\r', ' ', '\t', '\u00a0', '\u2028', '\uFEFF', 'a', '*'), maxLength: 12 });

  it('puts a blank line before the separator exactly when the file does not already end with one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), ending, (start, end) => {
        const existing = start + end;
        const expected = separatorByWholeFile(existing) + renderSection(response);
        expect(renderAppend(existing, response)).toBe(existing.includes('\r\n') ? expected.replace(/\r?\n/g, '\r\n') : expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('renderAppend, given only the end of the file', () => {
  const section: SectionToWrite = { kind: 'response', number: 1, body: '- R1: **Agreed**', role: 'responder', agent: 'builtin', time: new Date(0) };

  it('appends what it appends to the whole file, with the CRLF of the whole file', () => {
    const lf = `# Code Debate: HEAD\n\n## Review\n\n### R1. Point\nwords\n`;
    expect(renderAppend('### R1. Point\nwords\n', section, false)).toBe(renderAppend(lf, section));
    const crlf = lf.replace(/\n/g, '\r\n');
    // The end alone holds no CRLF here; the whole file does, and says so through `crlf`.
    expect(renderAppend('words', section, true)).toBe(renderAppend(crlf.trimEnd(), section));
  });
});
