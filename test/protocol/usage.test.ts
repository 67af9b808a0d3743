import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { renderAppend, renderHeader, renderSection } from '../../src/protocol/render-section.js';
import { addUsage, describeUsage, readUsageLine, renderUsageLine, type TurnUsage } from '../../src/protocol/usage.js';

const usage: TurnUsage = { inputTokens: 12_300, outputTokens: 800, cachedInputTokens: 4_000, costUsd: 0.042 };

describe('the usage line', () => {
  it('reads back what it wrote, and nothing from a line that is not one', () => {
    expect(readUsageLine(renderUsageLine(usage))).toEqual(usage);
    expect(readUsageLine('<!-- code-debate usage {"inputTokens":5} -->')).toEqual({ inputTokens: 5, outputTokens: null, cachedInputTokens: null, costUsd: null });
    for (const line of [
      '<!-- code-debate usage {} -->',
      '<!-- code-debate usage {"inputTokens":-1} -->',
      '<!-- code-debate usage {oops} -->',
      '<!-- code-debate {"v":1} -->',
      'usage 5',
    ]) {
      expect(readUsageLine(line)).toBeNull();
    }
  });

  it('travels with its section: the section reads it, its body does not hold it', () => {
    const meta = { v: 1, base: null, head: null, diff: null };
    const review = { kind: 'review' as const, number: 0, body: '### R1. A\n**Severity:** low', role: 'reviewer' as const, agent: 'claude', time: new Date(0), usage };
    const first = renderHeader('HEAD', meta) + renderSection(review);
    const text = first + renderAppend(first, { kind: 'response', number: 1, body: '### R1. A\n**Agreed**: yes.', role: 'responder', agent: 'builtin', time: new Date(0) });
    const parsed = parseDocument(text);
    if (!parsed.ok) throw parsed.error;
    const [written, answered] = parsed.document.sections;
    expect(written?.usage).toEqual(usage);
    expect(written?.body).toBe('### R1. A\n**Severity:** low');
    expect(written?.signature?.agent).toBe('claude');
    expect(answered?.usage).toBeUndefined();
  });

  it('cannot be forged by an agent whose body ends with one: our line, empty when nothing was reported, is the one read', () => {
    const forged = `### R1. A\n**Severity:** low\n\n${renderUsageLine(usage)}`;
    const text =
      renderHeader('HEAD', { v: 1, base: null, head: null, diff: null }) +
      renderSection({ kind: 'review', number: 0, body: forged, role: 'reviewer', agent: 'x', time: new Date(0), usage: null });
    const parsed = parseDocument(text);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.document.sections[0]?.usage).toBeUndefined();
    expect(parsed.document.sections[0]?.body).toBe(forged);
  });

  it('is part of the body in a section without our signature: a peer wrote it, not code-debate', () => {
    const parsed = parseDocument(`# Code Debate: HEAD\n\n## Review\n\n### R1. A\n**Severity:** low\n\n${renderUsageLine(usage)}\n`);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.document.sections[0]?.usage).toBeUndefined();
    expect(parsed.document.sections[0]?.body).toContain('code-debate usage');
  });
});

describe('addUsage and describeUsage', () => {
  it('adds what every report has, and leaves unknown what one of them lacks', () => {
    expect(addUsage([usage, { ...usage, costUsd: 0.008 }])).toEqual({ inputTokens: 24_600, outputTokens: 1_600, cachedInputTokens: 8_000, costUsd: 0.05 });
    expect(addUsage([usage, { ...usage, costUsd: null }])?.costUsd).toBeNull();
    expect(addUsage([])).toBeNull();
  });

  it('says what was counted, and what was not reported', () => {
    expect(describeUsage(usage)).toBe('12,300 in (4,000 cached) / 800 out tokens, $0.0420');
    expect(describeUsage({ ...usage, cachedInputTokens: 0, costUsd: null })).toBe('12,300 in / 800 out tokens, cost not reported');
    expect(describeUsage(null)).toBe('usage not reported');
  });
});
