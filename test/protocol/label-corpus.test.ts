import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger } from '../../src/ledger/build-ledger.js';
import type { DebateDocument } from '../../src/protocol/document.js';
import { readAgentAnswer, scopeOf } from '../../src/protocol/read-agent-answer.js';
import { parseOk } from './parse-ok.js';
import {
  corpusResponse,
  corpusReview,
  followUpCorpus,
  inlineSlot,
  moreSlot,
  proseFollowUps,
  proseSentences,
  responseCorpus,
  reviewCorpus,
  type CorpusEntry,
  type Reading,
} from './label-corpus.js';

/** Runs of the property: each parses and reads one small debate file. */
const numRuns = Number(process.env.FUZZ_RUNS ?? 200);

type Kind = 'response' | 'follow-up' | 'review';

const signature = (role: string): string => `\n\n*— ${role} · builtin · 2026-11-22T10:00:00Z*\n`;

/** A debate file with `body` as its Review, signed the way we sign it. */
function reviewFile(body: string): string {
  return `# Code Debate: the diff against main\n\n## Review\n\n${body}${signature('Reviewer')}`;
}

/** `file` with one more section, separated the way we write them. */
function withSection(file: string, heading: string, body: string): string {
  return `${file}\n---\n\n## ${heading}\n\n${body}${signature(heading.startsWith('Response') ? 'Responder' : 'Reviewer')}`;
}

const reviewOnly = reviewFile(corpusReview);
const beforeFollowUp = withSection(reviewOnly, 'Response 1', corpusResponse);

/** The debate file in which `body` is the section under test. */
function fileWith(kind: Kind, body: string): string {
  if (kind === 'review') return reviewFile(body);
  if (kind === 'response') return withSection(reviewOnly, 'Response 1', body);
  return withSection(beforeFollowUp, 'Reviewer Follow-up 1', body);
}

/**
 * What the ledger reads for each point: the Responder's position in round 1, the Reviewer's in
 * round 2 (after the Follow-up), or the point's severity.
 */
function readingsOf(kind: Kind, body: string): Record<string, string | null> {
  const ledger = buildLedger(parseOk(fileWith(kind, body)));
  // Spoken of without a label that can be read, or not spoken of: either way the point is left as it was.
  const unread = (position: string | undefined) => (position === undefined || position === 'uncategorized' || position === 'unanswered' ? 'unread' : position);
  return Object.fromEntries(
    ledger.points.map((point) => {
      if (kind === 'review') return [point.id, point.severity];
      if (kind === 'response') return [point.id, unread(point.rounds.find((round) => round.round === 1)?.answerer?.position)];
      return [point.id, unread(point.rounds.find((round) => round.round === 2)?.raiser?.position)];
    }),
  );
}

const isLabel = <L extends string>(reading: Reading<L>): reading is L => typeof reading === 'string' && reading !== 'none';

/** What the ledger must show for `reading`: the label, or, for no label or a conflict, nothing read. */
function expectedOf<L extends string>(kind: Kind, read: Readonly<Record<string, Reading<L>>>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(read).map(([id, reading]) => [id, isLabel(reading) ? reading : kind === 'review' ? null : 'unread']));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `word` as a whole word, in any letter case. */
const wholeWord = (word: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu');

/** The checks' problems must name every point not read. */
function expectProblems<L extends string>(problems: string[], read: Readonly<Record<string, Reading<L>>>): void {
  const unread = Object.entries(read).filter(([, reading]) => !isLabel(reading));
  if (unread.length === 0) {
    expect(problems).toEqual([]);
    return;
  }
  expect(problems).not.toEqual([]);
  const said = problems.join('\n');
  for (const [id] of unread) expect(said).toMatch(wholeWord(id));
}

/** The body with the reasoning slots read as nothing. */
const plain = (body: string): string => body.replaceAll(moreSlot, '').replaceAll(inlineSlot, '');

/** The problems an agent that wrote `text` as this section would be asked again with (none when it will do). */
function checkSectionBody(kind: Kind, text: string, document: DebateDocument): string[] {
  const role = kind === 'response' ? 'responder' : 'reviewer';
  const read = readAgentAnswer(text, scopeOf(kind, role, document));
  return read.ok ? [] : read.problems;
}

const names = (entries: ReadonlyArray<CorpusEntry<string>>): string[] => entries.map((entry) => entry.name);

describe('the label corpus', () => {
  it('holds at least 80 answers and 30 prose sentences, each named once', () => {
    const all = [...names(responseCorpus), ...names(followUpCorpus), ...names(reviewCorpus)];
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(proseSentences.length).toBeGreaterThanOrEqual(30);
    expect(new Set(names(responseCorpus)).size).toBe(responseCorpus.length);
    expect(new Set(names(followUpCorpus)).size).toBe(followUpCorpus.length);
    expect(new Set(names(reviewCorpus)).size).toBe(reviewCorpus.length);
    expect(new Set(proseSentences).size).toBe(proseSentences.length);
  });

  it('answers a Review of R1 (medium) and R2 (high), and the follow-ups a Response 1 that disagrees with both', () => {
    expect(readingsOf('review', corpusReview)).toEqual({ R1: 'medium', R2: 'high' });
    expect(readingsOf('response', corpusResponse)).toEqual({ R1: 'disagreed', R2: 'disagreed' });
  });
});

describe('a Response answer reads as its position', () => {
  const beforeResponse = parseOk(reviewOnly);

  it.each(responseCorpus)('$name', ({ body, read }) => {
    const text = plain(body);
    expect(readingsOf('response', text)).toEqual(expectedOf('response', read));
    expectProblems(checkSectionBody('response', text, beforeResponse), read);
  });
});

describe('a Follow-up answer reads as its position', () => {
  it.each(followUpCorpus)('$name', ({ body, read }) => {
    expect(readingsOf('follow-up', plain(body))).toEqual(expectedOf('follow-up', read));
  });

  it.each(proseFollowUps)('a follow-up in prose with no point marked leaves every open point open: %j', (body) => {
    const ledger = buildLedger(parseOk(fileWith('follow-up', body)));
    expect(ledger.points.map((point) => [point.id, point.status])).toEqual([
      ['R1', 'open'],
      ['R2', 'open'],
    ]);
  });
});

describe('a Review point reads as its severity', () => {
  it.each(reviewCorpus)('$name', ({ body, read }) => {
    const text = plain(body);
    expect(readingsOf('review', text)).toEqual(expectedOf('review', read));
    expectProblems(checkSectionBody('review', text, parseOk('')), read);
  });
});

describe('prose with label words reads as no label', () => {
  const beforeResponse = parseOk(reviewOnly);

  it.each(proseSentences)('as a Response answer: %j', (sentence) => {
    const body = `### R1\n${sentence}\n\n### R2\n**Agreed**: adding the schema.`;
    expect(readingsOf('response', body)).toEqual({ R1: 'unread', R2: 'agreed' });
    expectProblems(checkSectionBody('response', body, beforeResponse), { R1: 'none', R2: 'agreed' });
  });

  it.each(proseSentences)('as a Follow-up answer: %j', (sentence) => {
    expect(readingsOf('follow-up', `### R1\n${sentence}\n\n### R2\n**Maintained**`)).toEqual({ R1: 'unread', R2: 'maintained' });
  });

  it.each(proseSentences)("as a Review point's text: %j", (sentence) => {
    const body = `### R1. Cache layout\n${sentence}\n\n### R2. Naming\n**Severity:** low`;
    expect(readingsOf('review', body)).toEqual({ R1: null, R2: 'low' });
    expectProblems(checkSectionBody('review', body, parseOk('')), { R1: 'none', R2: 'low' });
  });
});

describe('prose added to the reasoning after a label never yields another label', () => {
  const labelled: Array<{ kind: Kind; entry: CorpusEntry<string> }> = [
    ...responseCorpus.map((entry) => ({ kind: 'response' as const, entry })),
    ...followUpCorpus.map((entry) => ({ kind: 'follow-up' as const, entry })),
    ...reviewCorpus.map((entry) => ({ kind: 'review' as const, entry })),
  ].filter(({ entry }) => Object.values(entry.read).every(isLabel) && (entry.body.includes(moreSlot) || entry.body.includes(inlineSlot)));
  const addition = fc.record({ sentences: fc.array(fc.constantFrom(...proseSentences), { minLength: 1, maxLength: 3 }), paragraph: fc.boolean() });

  it('has labelled answers to add to', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(40);
  });

  // Prose that names another label beside the label (`**Agreed** — I disagree on…`) makes it unread: never another label.
  it('reads the same label, or none', () => {
    fc.assert(
      fc.property(fc.constantFrom(...labelled), fc.array(addition, { minLength: 4, maxLength: 4 }), ({ kind, entry }, additions) => {
        let slot = 0;
        const body = entry.body.replace(/\{\{more(-inline)?\}\}/g, (_, inline: string | undefined) => {
          const { sentences, paragraph } = additions[slot++ % additions.length] ?? { sentences: [], paragraph: false };
          return (paragraph && inline === undefined ? '\n\n' : ' ') + sentences.join(' ');
        });
        const expected = expectedOf(kind, entry.read);
        for (const [id, reading] of Object.entries(readingsOf(kind, body))) {
          expect([expected[id], kind === 'review' ? null : 'unread'], `${entry.name} ${id}:\n${body}`).toContain(reading);
        }
      }),
      { numRuns },
    );
  });
});
