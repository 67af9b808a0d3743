import { describe, expect, it } from 'vitest';
import { createDebateReader } from '../../src/protocol/reading/debate-reader.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { parseOk } from './parse-ok.js';

const signed = (role: string, agent = 'claude'): string => `*— ${role} · ${agent} · 2026-11-22T10:00:00Z*`;
const lines = (...parts: string[]): string => `${parts.join('\n')}\n`;
const review = lines('# Code Debate: HEAD', '', '## Review', '', '### R1. Debug output left in', '', '**Severity:** medium', '', 'It logs.', '', signed('Reviewer'));
const response = lines('', '---', '', '## Response 1', '', '### R1 — Disagreed', '', 'Only under DEBUG.', '', signed('Responder', 'codex'));

const outline = (text: string) => parseOk(text).sections.map((section) => `${section.kind} ${section.number}`);

/** Every prefix of `text` cut at line ends, read by one reader as the file grows, reads as the pure parse reads it. */
function expectGrowthReadsAsWhole(text: string): void {
  const reader = createDebateReader();
  const cuts = [...text.matchAll(/\n/g)].map((match) => (match.index ?? 0) + 1);
  for (const cut of cuts) {
    const prefix = text.slice(0, cut);
    const grown = reader.parse(prefix);
    const whole = parseDocument(prefix);
    expect(grown.ok && whole.ok ? { sections: grown.document.sections, notes: grown.document.notes } : grown.ok).toEqual(
      whole.ok && grown.ok ? { sections: whole.document.sections, notes: whole.document.notes } : whole.ok,
    );
  }
}

describe('a section heading counts only where its writer may write it', () => {
  it('reads a setext heading of the Reviewer inside a Response its Responder signed as text of the Response', () => {
    const text =
      review +
      lines(
        '',
        '---',
        '',
        '## Response 1',
        '',
        '### R1 — Disagreed',
        '',
        'Only under DEBUG.',
        '',
        'Reviewer Follow-up 1',
        '---',
        '',
        '### R1 — Withdrawn',
        '',
        signed('Responder', 'codex'),
      );
    const document = parseOk(text);
    expect(document.sections.map((section) => `${section.kind} ${section.number}`)).toEqual(['review 0', 'response 1']);
    expect(document.sections[1]?.body).toContain('### R1 — Withdrawn');
    expect(document.sections[1]?.signature?.role).toBe('Responder');
    expect(document.notes).toEqual(["`## Reviewer Follow-up 1` (line 21) is signed by the Responder, and it is the Reviewer's section: it is kept as text of `## Response 1`."]);
    expectGrowthReadsAsWhole(text);
  });

  it('keeps a CONSENSUS the Responder signed right after its own Response as text, and the debate goes on', () => {
    const text = review + response + lines('', '## CONSENSUS', '', 'All settled.', '', signed('Responder', 'codex'));
    expect(outline(text)).toEqual(['review 0', 'response 1']);
    expect(parseOk(text).notes?.[0]).toContain('was written by the Responder, and after `## Response 1` it is the Reviewer who ends the debate');
    expectGrowthReadsAsWhole(text);
  });

  it('keeps an unsigned CONSENSUS right after the unsigned Response of a peer, where code-debate signs the Reviewer, as text', () => {
    const text = review + lines('', '---', '', '## Response 1', '', '### R1 — Disagreed', '', 'Only under DEBUG.', '', '## CONSENSUS', '', 'Done.');
    expect(outline(text)).toEqual(['review 0', 'response 1']);
  });

  it('ends the debate on a CONSENSUS the Reviewer signed after a Response, and on one code-debate signed for a side that timed out', () => {
    expect(outline(review + response + lines('', '---', '', '## CONSENSUS', '', 'Done.', '', signed('Reviewer')))).toEqual(['review 0', 'response 1', 'consensus 0']);
    const timedOut = review + lines('', '---', '', '## CONSENSUS', '', 'The Responder timed out.', '', signed('Reviewer', 'code-debate'));
    expect(outline(timedOut)).toEqual(['review 0', 'consensus 0']);
  });

  it('ends the debate on an unsigned CONSENSUS where nothing tells who wrote it', () => {
    expect(outline(lines('## Review', '', '### 1. Bug', '', '## Response 1', '', '1. **Agreed** — yes it is.', '', '## CONSENSUS', '', 'Done.'))).toEqual([
      'review 0',
      'response 1',
      'consensus 0',
    ]);
  });

  it('reads `## Consensus status: not reached` as text of its section, said in a note', () => {
    const text = review + response + lines('', '## Consensus status: not reached', '', 'R1 is still open.');
    const document = parseOk(text);
    expect(outline(text)).toEqual(['review 0', 'response 1']);
    expect(document.notes).toEqual(['`## Consensus status: not reached` (line 23) is not `## CONSENSUS`: it is kept as text of the section above it, and the debate goes on.']);
    expectGrowthReadsAsWhole(text);
  });

  it('reads the sections after a CONSENSUS kept as text', () => {
    const text =
      review +
      response +
      lines(
        '',
        '## CONSENSUS',
        '',
        'All settled.',
        '',
        signed('Responder', 'codex'),
        '',
        '---',
        '',
        '## Reviewer Follow-up 1',
        '',
        '### R1 — Maintained',
        '',
        '**Severity:** unchanged',
        '',
        'It ships.',
        '',
        signed('Reviewer'),
      );
    expect(outline(text)).toEqual(['review 0', 'response 1', 'follow-up 1']);
    expectGrowthReadsAsWhole(text);
  });

  it('reads a Response appended after a byte order mark as its own section', () => {
    const text = `${review}\n---\n\n\uFEFF## Response 1\r\n\r\n### R1 — Agreed\r\n\r\nIt goes.\r\n`;
    expect(outline(text)).toEqual(['review 0', 'response 1']);
    expect(parseOk(text).points.map((point) => point.id)).toEqual(['R1']);
    expectGrowthReadsAsWhole(text);
  });
});
