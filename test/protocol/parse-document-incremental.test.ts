import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extendsText } from '../../src/protocol/extends-text.js';
import { parseDocument, type ParseResult } from '../../src/protocol/parse-document.js';
import { normalizeAppended, normalizeNewlines } from '../../src/protocol/read-markdown.js';
import { renderAppend } from '../../src/protocol/render-section.js';
import { anyText, debateLikeText } from '../faults/markdown-arbitraries.js';
import { fixtures } from '../ledger/ledger-fixtures.js';
import { growingDebate, parseFresh } from './growing-debate.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

/** A result as data, an error by its message and line, so two parses compare by value. */
const plain = (result: ParseResult) => (result.ok ? result : { ok: false, message: result.error.message, line: result.error.line });

/** The same characters in another string object, as a second read of the file gives. */
const copyOf = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Text made of what normalizing and appending can trip on: CRs, LFs, byte order marks. */
const newlineText = fc.string({ unit: fc.constantFrom('\r', '\n', '\uFEFF', 'a', ' '), maxLength: 12 });

describe('parseDocument on a file that grows', () => {
  it('reads each state of a growing debate as a parse from nothing does', () => {
    fc.assert(
      fc.property(growingDebate, (texts) => {
        parseDocument('\u0001 unrelated');
        const seen = texts.map((text) => plain(parseDocument(text)));
        texts.forEach((text, index) => expect(seen[index]).toEqual(plain(parseFresh(text))));
      }),
      { numRuns },
    );
  });

  it('reads a text, then the same text with anything appended, as a parse from nothing does', () => {
    fc.assert(
      fc.property(fc.oneof(debateLikeText, anyText, newlineText), fc.oneof(debateLikeText, anyText, newlineText), (first, added) => {
        parseFresh(first);
        expect(plain(parseDocument(first + added))).toEqual(plain(parseFresh(first + added)));
      }),
      { numRuns },
    );
  });

  it('gives the same document for the same text, and a grown text the same objects for every section that did not change', () => {
    const text = fixtures.ours;
    const first = parseFresh(text);
    if (!first.ok) throw first.error;
    const again = parseDocument(copyOf(text));
    expect(again.ok && again.document).toBe(first.document);

    const grown = parseDocument(text + renderAppend(text, { kind: 'follow-up', number: 2, body: '### R4\n**Maintained**: still open.', role: 'reviewer', agent: 'x', time: new Date(0) }));
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
        expect(normalizeAppended(previous, normalizeNewlines(previous), previous + added)).toBe(normalizeNewlines(previous + added));
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
