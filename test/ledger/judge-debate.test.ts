import { describe, expect, test } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import { ledgerReport } from '../../src/ledger/ledger-report.js';
import { atOrAbove, judgeDebate, type VerdictPoint } from '../../src/ledger/judge-debate.js';
import { renderVerdict } from '../../src/prepush/render-push-report.js';
import { parseDocument } from '../../src/protocol/parse-document.js';

const signed = (role: string) => `\n*— ${role} · builtin · 2026-11-22T10:00:00Z*\n`;
const point = (id: number, title: string, severity: string) => `### R${id}. ${title}\n\n**Severity:** ${severity}\n\n**Evidence:** \`src/a.js:${id}\`\n\nWhy it matters.\n`;

/** Five points that end five ways: confirmed, dismissed, withdrawn, disputed, and accepted (agreed without evidence) below the bar. */
const debate = [
  '# Code Debate: 1111111..2222222\n\n## Review\n',
  point(1, 'Credential committed', 'critical'),
  point(2, 'Focused test', 'high'),
  point(3, 'Missing null check', 'high'),
  point(4, 'Race in the cache', 'high'),
  point(5, 'Debug output left', 'medium'),
  signed('Reviewer'),
  '\n---\n\n## Response 1\n\n',
  '### R1\n**Agreed**: it is a live key, `src/a.js:1` holds it.\n\n### R2\n**Disagreed**: the test is not focused.\n\n### R3\n**Disagreed**: the caller checks it.\n\n',
  '### R4\n**Partially agreed**: only on the hot path.\n\n### R5\n**Agreed**: will remove it.\n',
  signed('Responder'),
  '\n---\n\n## Reviewer Follow-up 1\n\n',
  '### R2\n**Accepted**: right, it is not.\n\n### R3\n**Withdrawn**: the caller does check it.\n\n### R4\n**Maintained**: it still races.\n',
  signed('Reviewer'),
  '\n---\n\n## Response 2\n\n### R4\n**Disagreed**: the lock covers it.\n',
  signed('Responder'),
  '\n---\n\n## CONSENSUS\n\n**Outcome:** limit reached\n',
  signed('Reviewer'),
].join('');

function reportOf(text: string) {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw parsed.error;
  return ledgerReport(buildLedger(parsed.document));
}

describe('judgeDebate on a finished debate', () => {
  test('blocks on confirmed and disputed points at or above the bar; dismissed and withdrawn ones never block', () => {
    const verdict = judgeDebate(reportOf(debate).points, 'high');

    expect(verdict.points.map(({ id, severity, standing, blocking }) => ({ id, severity, standing, blocking }))).toEqual([
      { id: 'R1', severity: 'critical', standing: 'confirmed', blocking: true },
      { id: 'R2', severity: 'high', standing: 'dismissed', blocking: false },
      { id: 'R3', severity: 'high', standing: 'withdrawn', blocking: false },
      { id: 'R4', severity: 'high', standing: 'disputed', blocking: true },
      { id: 'R5', severity: 'medium', standing: 'accepted', blocking: false },
    ]);
    expect(verdict.blocked).toBe(true);
    expect(renderVerdict(verdict, 'high')).toEqual([
      'blocked by 2 points at or above high:',
      '  R1 (critical, confirmed) Credential committed',
      '  R4 (high, disputed) Race in the cache',
    ]);
  });

  test('an accepted point blocks as a confirmed one; with --block-reproduced only, a point blocks only when its reproduction reproduced', () => {
    const points = reportOf(debate).points;
    const reproduced = { verdict: 'reproduced' as const, why: 'it fails at the head', section: 'Review', round: 1, by: 'reviewer' as const };
    const withRun = points.map((point) => (point.id === 'R3' ? { ...point, reproduction: reproduced } : point));
    expect(judgeDebate(withRun, 'high', 'only').blocking.map((point) => point.id)).toEqual(['R3']);
    expect(judgeDebate(withRun, 'high').blocking.map((point) => [point.id, point.reproduced])).toEqual([
      ['R1', false],
      ['R4', false],
    ]);
  });

  test('--block-on medium adds the accepted medium point; --block-on critical leaves only the credential', () => {
    expect(judgeDebate(reportOf(debate).points, 'medium').blocking.map((point) => point.id)).toEqual(['R1', 'R4', 'R5']);
    expect(judgeDebate(reportOf(debate).points, 'critical').blocking.map((point) => point.id)).toEqual(['R1']);
  });
});

describe('judgeDebate', () => {
  const base: VerdictPoint = { id: 'R1', title: 'Something', severity: 'high', status: 'resolved', answer: 'agreed' };

  test('passes when nothing at or above the bar is confirmed or disputed, and says what was settled', () => {
    const verdict = judgeDebate(
      [
        { ...base, status: 'withdrawn' },
        { ...base, id: 'R2', severity: 'low', status: 'open', answer: 'disagreed' },
      ],
      'high',
    );
    expect(verdict).toMatchObject({ blocked: false, blocking: [] });
    expect(renderVerdict(verdict, 'high')).toEqual(['passes: 2 points, none at or above high confirmed or disputed (1 at or above it withdrawn or dismissed)']);
    expect(renderVerdict(judgeDebate([], 'high'), 'high')).toEqual(['passes: no point raised']);
  });

  test('a point without a known severity never blocks', () => {
    expect(
      judgeDebate(
        [
          { ...base, severity: null },
          { ...base, id: 'R2', severity: 'urgent' },
        ],
        'nit',
      ).blocked,
    ).toBe(false);
  });

  test('the most severe blocking point comes first', () => {
    const verdict = judgeDebate(
      [
        { ...base, severity: 'high' },
        { ...base, id: 'R2', severity: 'critical', status: 'open', answer: 'partially-agreed' },
      ],
      'high',
    );
    expect(verdict.blocking.map((point) => `${point.id} ${point.standing}`)).toEqual(['R2 disputed', 'R1 confirmed']);
  });

  test('atOrAbove follows critical, high, medium, low, nit', () => {
    expect(['critical', 'high', 'medium', 'low', 'nit'].map((severity) => atOrAbove(severity as 'high', 'medium'))).toEqual([true, true, true, false, false]);
  });
});
