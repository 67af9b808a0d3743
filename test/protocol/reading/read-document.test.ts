import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeOpenBlock } from '../../../src/protocol/close-open-block.js';
import { createDebateReader } from '../../../src/protocol/reading/debate-reader.js';
import { extendsText } from '../../../src/protocol/reading/extends-text.js';
import { parseDocument } from '../../../src/protocol/parse-document.js';
import type { ParseResult } from '../../../src/protocol/parse-result.js';
import { normalizeNewlines } from '../../../src/protocol/read-markdown.js';
import { normalizeAppended } from '../../../src/protocol/reading/normalize-appended.js';
import { renderAppend } from '../../../src/protocol/render-section.js';
import { anyText, debateLikeText } from '../../faults/markdown-arbitraries.js';
import { fixtures } from '../../ledger/ledger-fixtures.js';
import { growingDebate } from '../growing-debate.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

/** A result as data, an error by its message and line, so two parses compare by value. */
const plain = (result: ParseResult) => (result.ok ? result : { ok: false, message: result.error.message, line: result.error.line });

/** The same characters in another string object, as a second read of the file gives. */
const copyOf = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Text made of what normalizing and appending can trip on: CRs, LFs, byte order marks. */
const newlineText = fc.string({ unit: fc.constantFrom('\r', '\n', '\uFEFF', 'a', ' '), maxLength: 12 });

describe('parseDocument', () => {
  it('is a function of its text alone: A, then B, then A again reads A as it did the first time', () => {
    fc.assert(
      fc.property(growingDebate, fc.oneof(debateLikeText, anyText), (texts, other) => {
        const last = texts.at(-1) ?? '';
        const first = plain(parseDocument(last));
        // Texts that extend it, and one that does not: a parse that remembered any of them could differ.
        for (const text of [...texts, last + other, other]) parseDocument(text);
        expect(plain(parseDocument(last))).toEqual(first);
      }),
      { numRuns },
    );
  });

  it('keeps nothing between calls: the same text read twice gives two documents, equal', () => {
    const first = parseDocument(fixtures.ours);
    const again = parseDocument(fixtures.ours);
    if (!first.ok || !again.ok) throw new Error('the fixture does not parse');
    expect(again.document).not.toBe(first.document);
    expect(again.document).toEqual(first.document);
  });
});

describe('a debate reader on a file that grows', () => {
  it('reads each state of a growing debate as parseDocument does', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        const reader = createDebateReader();
        reader.parse('\u0001 unrelated');
        const seen = texts.map((text) => plain(reader.parse(text)));
        texts.forEach((text, index) => expect(seen[index]).toEqual(plain(parseDocument(text))));
      }),
      { numRuns },
    );
  });

  it('reads a text, then the same text with anything appended, as parseDocument does', () => {
    fc.assert(
      fc.property(fc.oneof(debateLikeText, anyText, newlineText), fc.oneof(debateLikeText, anyText, newlineText), (first, added) => {
        const reader = createDebateReader();
        reader.parse(first);
        expect(plain(reader.parse(first + added))).toEqual(plain(parseDocument(first + added)));
      }),
      { numRuns },
    );
  });

  it('says whether a heading written after the text it read stays one as closeOpenBlock does, or that it cannot tell', () => {
    let answered = 0;
    fc.assert(
      fc.property(growingDebate, fc.oneof(debateLikeText, anyText, newlineText), (texts, added) => {
        const reader = createDebateReader();
        for (const text of [...texts, (texts.at(-1) ?? '') + added]) {
          reader.parse(text);
          const stays = reader.headingStaysAfter(text);
          if (stays === null) continue;
          answered++;
          expect(stays).toBe(closeOpenBlock(text) === '');
        }
        // Only the text read last: the reader's scan stopped at its end, not at another's.
        if (texts.length > 1) expect(reader.headingStaysAfter(texts[0] as string)).toBeNull();
      }),
      { numRuns },
    );
    // Most texts are read by the scanner: the test is not passing on nulls alone.
    expect(answered).toBeGreaterThan(numRuns);
  });

  it('shares nothing with another reader: one reading another file leaves its reads as they were', () => {
    fc.assert(
      fc.property(growingDebate, growingDebate, (ours, theirs) => {
        const reader = createDebateReader();
        const other = createDebateReader();
        ours.forEach((text, index) => {
          // The other reader reads its own file between each of ours.
          const their = theirs[index % Math.max(1, theirs.length)];
          if (their !== undefined) other.parse(their);
          expect(plain(reader.parse(text))).toEqual(plain(parseDocument(text)));
        });
        const last = ours.at(-1);
        if (last === undefined) return;
        const mine = reader.parse(last);
        const yours = other.parse(last);
        if (mine.ok && yours.ok) expect(yours.document).not.toBe(mine.document);
      }),
      { numRuns },
    );
  });

  it('gives the same document for the same text, and a grown text the same objects for every section that did not change', () => {
    const text = fixtures.ours;
    const reader = createDebateReader();
    const first = reader.parse(text);
    if (!first.ok) throw first.error;
    const again = reader.parse(copyOf(text));
    expect(again.ok && again.document).toBe(first.document);

    const grown = reader.parse(
      text + renderAppend(text, { kind: 'follow-up', number: 2, body: '### R4\n**Maintained**: still open.', role: 'reviewer', agent: 'x', time: new Date(0) }),
    );
    if (!grown.ok) throw grown.error;
    expect(grown.document.sections).toHaveLength(first.document.sections.length + 1);
    first.document.sections.forEach((section, index) => expect(grown.document.sections[index]).toBe(section));
    expect(grown.document.points).toBe(first.document.points);
  });
});

describe('normalizeAppended', () => {
  it('normalizes a text that extends another as normalizeNewlines does the whole text', () => {
    fc.assert(
      fc.property(fc.oneof(newlineText, anyText), fc.oneof(newlineText, anyText), (previous, added) => {
        expect(normalizeAppended({ extension: null }, previous, normalizeNewlines(previous), previous + added)).toBe(normalizeNewlines(previous + added));
      }),
      { numRuns: numRuns * 5 },
    );
  });
});

describe('extendsText', () => {
  it('is startsWith', () => {
    fc.assert(
      fc.property(fc.oneof(newlineText, anyText), fc.oneof(newlineText, anyText), fc.boolean(), (text, other, joined) => {
        const candidate = joined ? text + other : other;
        expect(extendsText(candidate, text)).toBe(candidate.startsWith(text));
      }),
      { numRuns: numRuns * 5 },
    );
  });
});

describe("a reader's unread labels", () => {
  it('are those of each section its walk read, the later sections read from where the last walk ended', () => {
    const review = '## Review\n\n### R1. Debug output\n**Severity:** low\n\nRemove it.\n\n### R2. No test\n**Severity:** low\n\nAdd one.\n';
    const response = '\n---\n\n## Response 1\n\n### R1 — Agreed\n\nYes.\n\n### R2 — Agreed, mostly\n\nMaybe.\n';
    const reader = createDebateReader();
    const first = reader.parse(review);
    if (!first.ok) throw first.error;
    reader.points(first.document);
    const grown = reader.parse(review + response);
    if (!grown.ok) throw grown.error;
    const states = reader.points(grown.document);
    expect(states.map((state) => [state.point.id, state.answer])).toEqual([
      ['R1', 'agreed'],
      ['R2', null],
    ]);
    const section = grown.document.sections[1];
    if (section === undefined) throw new Error('no Response');
    expect(reader.unreadIn(section).map(({ id, unread }) => [id, unread.kind])).toEqual([['R2', 'answer']]);
    expect(reader.unreadIn(grown.document.sections[0] as NonNullable<typeof section>)).toEqual([]);
    // Another reader has walked nothing.
    expect(createDebateReader().unreadIn(section)).toEqual([]);
  });
});
