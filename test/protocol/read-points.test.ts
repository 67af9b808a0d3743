import { describe, expect, it } from 'vitest';
import { readEvidence, readPoints } from '../../src/protocol/read-points.js';

describe('readPoints', () => {
  it('reads our `### R1. title` points with severity and evidence', () => {
    const body = [
      '### R1. Unchecked parse result',
      '**Severity:** high — `src/parse.ts:12` ignores the error returned at src/parse.ts:20.',
      '',
      '### R2. Missing test (low)',
      'Nothing reaches `src/branch.ts:40-44`.',
    ].join('\n');
    expect(readPoints(body)).toEqual([
      {
        id: 'R1',
        number: 1,
        title: 'Unchecked parse result',
        severity: 'high',
        evidence: [
          { path: 'src/parse.ts', line: 12 },
          { path: 'src/parse.ts', line: 20 },
        ],
        text: '### R1. Unchecked parse result\n**Severity:** high — `src/parse.ts:12` ignores the error returned at src/parse.ts:20.',
      },
      {
        id: 'R2',
        number: 2,
        title: 'Missing test',
        severity: 'low',
        evidence: [{ path: 'src/branch.ts', line: 40, endLine: 44 }],
        text: '### R2. Missing test (low)\nNothing reaches `src/branch.ts:40-44`.',
      },
    ]);
  });

  it.each([
    ['### 1. First\nx\n### 2. Second\ny', 'headings numbered 1.'],
    ['1. First\n   x\n2. Second\n   y', 'a numbered list'],
    ['**1.** First\nx\n\n**2.** Second\ny', 'bold numbers'],
  ])('reads %j (%s) as R1 and R2', (body) => {
    expect(readPoints(body).map(({ id, number, title }) => ({ id, number, title }))).toEqual([
      { id: 'R1', number: 1, title: 'First' },
      { id: 'R2', number: 2, title: 'Second' },
    ]);
  });

  it('reads a review of prose as one point, R1, the whole review', () => {
    expect(readPoints('\nThe change is risky: see `src/a.ts:3`.\n')).toEqual([
      {
        id: 'R1',
        number: 1,
        title: 'The review as a whole',
        severity: null,
        evidence: [{ path: 'src/a.ts', line: 3 }],
        text: 'The change is risky: see `src/a.ts:3`.',
      },
    ]);
  });

  it('reads an empty review as no points', () => {
    expect(readPoints('')).toEqual([]);
    expect(readPoints('  \n\n')).toEqual([]);
  });
});

/** The severity of a review's one point `### R1. <title>` over `text`. */
const severityOf = (title: string, text: string) => readPoints(`### R1. ${title}\n${text}`)[0]?.severity ?? null;

describe('the severity of a point, read only where it cannot be misread', () => {
  it.each([
    ['t', 'Severity: critical', 'critical'],
    ['t', '**Severity**: High', 'high'],
    ['t', '**Severity:** 🔴 Critical', 'critical'],
    ['t', 'Severity: nit.', 'nit'],
    ['t', '- **Severity:** low — a style point', 'low'],
    ['Title [high]', '', 'high'],
    ['Title (Medium)', '', 'medium'],
    ['[low] Title', '', 'low'],
    ['Title — Critical', '', 'critical'],
  ])('reads %j / %j as %s', (title, text, severity) => {
    expect(severityOf(title, text)).toBe(severity);
  });

  it('reads two different severities for one point as none: the agent is asked which', () => {
    expect(severityOf('Title (low)', 'Severity: critical')).toBeNull();
    expect(severityOf('Title (high)', 'Severity: high')).toBe('high');
  });

  it.each([
    ['A high-level concern', 'This is a high priority.'],
    ['Title', 'Severity: lower than before'],
    ['Title', 'no severity given'],
    ['Highlights', ''],
    ['Critical section not guarded', 'a **critical** path'],
    ['Major refactor of the loader', 'the minor version'],
    // Synonyms, scales and places that are guesses: a severity is one of the five words, in its place.
    ['t', 'Severity: Major'],
    ['t', 'Priority: P0'],
    ['t', 'SEVERITY low'],
    ['t', '- severity — medium'],
    ['t', 'Severity: medium-high'],
    ['t', 'Severity: high (could be critical)'],
    ['t', '| Severity | File |\n|---|---|\n| Moderate | a.ts |'],
    ['Title (P1)', ''],
    ['Low: title', ''],
    ['Nit — title', ''],
    ['Title (minor)', ''],
    ['t', 'The fix is easy.\n\nSeverity: high'],
  ])('does not guess from %j / %j', (title, text) => {
    expect(severityOf(title, text)).toBeNull();
  });

  it('leaves the severity tag out of the title of a point', () => {
    expect(readPoints('### R3. Leaky handle [critical]')[0]).toMatchObject({ id: 'R3', title: 'Leaky handle', severity: 'critical' });
    expect(readPoints('### R3. Leaky handle — Critical')[0]).toMatchObject({ title: 'Leaky handle', severity: 'critical' });
  });

  it('reads a review written as a table as one point, unrated: a table row is no place for a point', () => {
    const body = '| ID | Severity | Issue | Where |\n|---|---|---|---|\n| R1 | Blocker | Null deref | `src/a.ts:5` |\n| R2 | minor | Naming | src/b.ts:2 |';
    expect(readPoints(body).map(({ id, title, severity }) => ({ id, title, severity }))).toEqual([{ id: 'R1', title: 'The review as a whole', severity: null }]);
  });
});

describe('readEvidence', () => {
  it('reads a host and port as no citation', () => {
    expect(readEvidence('connects to db.internal:5432 and example.com:443, see src/db.ts:3')).toEqual([{ path: 'src/db.ts', line: 3 }]);
  });

  it('reads nothing inside a URL, ports included, and takes `./a/b.ts` and `a/b.ts` for one place', () => {
    expect(readEvidence('see https://h.io:8080/a.ts:3 and ./a/b.ts:3 then a/b.ts:3')).toEqual([{ path: 'a/b.ts', line: 3 }]);
  });

  it.each([
    ['`src/a.ts:12`', [{ path: 'src/a.ts', line: 12 }]],
    ['see src/a.ts:12.', [{ path: 'src/a.ts', line: 12 }]],
    ['(README.md:3)', [{ path: 'README.md', line: 3 }]],
    ['src/a.ts:12-15', [{ path: 'src/a.ts', line: 12, endLine: 15 }]],
    ['src/a.ts:12:5', [{ path: 'src/a.ts', line: 12 }]],
    ['./src/a.ts:7', [{ path: 'src/a.ts', line: 7 }]],
    ['bin/code-debate:3', [{ path: 'bin/code-debate', line: 3 }]],
    ['.github/workflows/ci.yml:9', [{ path: '.github/workflows/ci.yml', line: 9 }]],
    ['test/fixtures/a_b-c.test.ts:1', [{ path: 'test/fixtures/a_b-c.test.ts', line: 1 }]],
  ])('reads %s', (text, evidence) => {
    expect(readEvidence(text)).toEqual(evidence);
  });

  it('reads every distinct place once, in order', () => {
    expect(readEvidence('a.ts:1, b/c.md:2, a.ts:1 again, a.ts:3')).toEqual([
      { path: 'a.ts', line: 1 },
      { path: 'b/c.md', line: 2 },
      { path: 'a.ts', line: 3 },
    ]);
  });

  it.each([
    ['a version', 'bumped to 1.2.3:4'],
    ['a version with v', 'since v1.2.3:4'],
    ['a decimal', 'ratio 0.5:1'],
    ['a url', 'https://example.com/src/a.ts:12'],
    ['a url with a port', 'http://example.com:8080/a.ts'],
    ['a localhost url', 'http://localhost:3000/x'],
    ['a time', 'at 2026-11-22T10:00:00Z'],
    ['a path without a line', 'src/a.ts and src/b.ts:'],
    ['a bare word', 'Makefile:3 and note:4'],
  ])('does not read %s as evidence', (_, text) => {
    expect(readEvidence(text)).toEqual([]);
  });
});
