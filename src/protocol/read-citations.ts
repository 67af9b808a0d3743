import type { RootContent } from 'mdast';
import type { DebateDocument, Section } from './document.js';
import { readMarkdown } from './read-markdown.js';
import { findCitationRefs, readCitationsOnly, type CitationRef } from './citation-pattern.js';
import { codeMark, readCitationUnits, type CitationUnit } from './citation-units.js';

/** A place in the snapshot that a section cites, and the code it says is there. */
export interface Citation {
  /** The citing section's heading as written, e.g. `Response 2`. */
  section: string;
  path: string;
  line: number;
  /** The last line of a `path:line-line` range; `line` for a single line. */
  endLine: number;
  /** Code the section says is on those lines, when it quotes any. */
  quote: string | null;
  /**
   * The other code spans of the citation's clause: the section may mean any of them (`the
   * \`result.value\` at \`src/a.js:5\` makes a \`null\` input fail`), so the check fails only
   * when none of them is there either.
   */
  alternatives: readonly string[];
}

export type Located = Omit<Citation, 'section'>;

type Element = { kind: 'citation'; ref: CitationRef; start: number; end: number } | { kind: 'code'; value: string; start: number };

const sentenceEnd = /[.!?](?=\s|$)/g;
// Where a clause ends and the next citation's own words may begin.
const clauseBreak = /[,;]|\s(?:and|but|or|while|whereas|whilst)\s/gi;
// A code block after `Suggested fix at src/a.ts:3:` shows new code, not what the file says.
const proposal = /\b(?:fix(?:es|ed)?|should|instead|suggest\w*|replac\w*|rewrit\w*|could|would|prefer\w*|propos\w*|recommend\w*|try)\b/i;
const barePath = /^(?:\.{0,2}\/)?(?:[\w.-]+\/)+[\w.-]+\/?$/;

/**
 * Every `path:line` and `path:line-line` that the Review, the Responses and the Follow-ups cite
 * (never the CONSENSUS, which only reports), in order, once per section. A citation's quote is
 * the inline code written with it (same sentence, nearest clause) or a code block directly after
 * a sentence that cites one place; the citation's own backticks are never its quote. A pure
 * function: a reader of a growing file reads only the sections it gained (see createDebateReader).
 */
export function readCitations(document: DebateDocument): Citation[] {
  return document.sections.filter((section) => section.kind !== 'consensus').flatMap((section) => sectionCitations(section, readMarkdown(section.body).children));
}

/** The citations of `section`, whose body's top-level nodes are `nodes` (see sectionNodes); frozen, as readers share them. */
export function sectionCitations(section: Section, nodes: readonly RootContent[]): readonly Citation[] {
  return citeIn(section, locateCitations(nodes));
}

/** The places a section body cites, whose top-level nodes are `nodes`, without the section. */
export function locateCitations(nodes: readonly RootContent[]): readonly Located[] {
  return dedupe(readCitationUnits(nodes).flatMap(readUnit));
}

/** The citations of `section` at `located`, frozen: readers share them. */
export function citeIn(section: Section, located: readonly Located[]): readonly Citation[] {
  return located.map((citation) => Object.freeze({ section: section.heading, ...citation }));
}

function readUnit(unit: CitationUnit): Located[] {
  const sentences = splitSentences(unit);
  const found = sentences.map((sentence) => readSentence(unit, sentence.start, sentence.end));
  // A code block quotes the block's last sentence, when that sentence cites one unquoted place.
  const final = sentences.at(-1);
  const unquoted = found.at(-1)?.filter((citation) => citation.quote === null) ?? [];
  const [only] = unquoted;
  if (unit.nextCode !== null && final && only && unquoted.length === 1 && !proposal.test(unit.text.slice(final.start, final.end))) {
    only.quote = unit.nextCode;
  }
  return found.flat();
}

function splitSentences(unit: CitationUnit): Array<{ start: number; end: number }> {
  const ends = [...unit.text.matchAll(unit.tableRows ? /\n/g : sentenceEnd)].map((match) => match.index + 1);
  const starts = [0, ...ends];
  return starts.map((start, index) => ({ start, end: ends[index] ?? unit.text.length })).filter(({ start, end }) => unit.text.slice(start, end).trim() !== '');
}

/** The citations of one sentence, each with the quote of its own clause. */
function readSentence(unit: CitationUnit, start: number, end: number): Located[] {
  const elements = readElements(unit, start, end);
  const citations = elements.filter((element) => element.kind === 'citation');
  const codes = elements.filter((element) => element.kind === 'code');
  // Each gap between two citations is cut at its last clause break: words before it still talk
  // about the citation before, words after it already about the citation after.
  const cuts = citations.map((citation, index) => {
    const next = citations[index + 1];
    if (!next) return end;
    const gap = unit.text.slice(citation.end, next.start);
    const lastBreak = [...gap.matchAll(clauseBreak)].at(-1);
    return lastBreak ? citation.end + lastBreak.index : next.start;
  });
  return citations.map((citation, index) => {
    const from = cuts[index - 1] ?? start;
    const to = cuts[index] ?? end;
    const after = codes.find((code) => code.start >= citation.end && code.start < to);
    const before = codes.findLast((code) => code.start >= from && code.start < citation.start);
    const quote = after ?? before;
    const alternatives = codes.filter((code) => code !== quote && code.start >= from && code.start < to).map((code) => code.value);
    const { path, line, endLine } = citation.ref;
    return { path, line, endLine, quote: quote?.value ?? null, alternatives: [...new Set(alternatives)].filter((value) => value !== quote?.value) };
  });
}

/** Citations and quotable code spans of `unit.text[start, end)`, in order. */
function readElements(unit: CitationUnit, start: number, end: number): Element[] {
  const text = unit.text.slice(start, end);
  const citations: Element[] = findCitationRefs(text).map((ref) => {
    const at = start + ref.index;
    return { kind: 'citation', ref, start: at, end: at + ref.text.length };
  });
  const spans: Array<{ value: string; start: number }> = [];
  let codeIndex = unit.text.slice(0, start).split(codeMark).length - 1;
  for (const match of text.matchAll(new RegExp(codeMark, 'g'))) {
    const at = start + match.index;
    const value = (unit.codes[codeIndex++] ?? '').trim();
    const refs = readCitationsOnly(value);
    if (refs) citations.push(...refs.map((ref): Element => ({ kind: 'citation', ref, start: at, end: at + 1 })));
    else spans.push({ value, start: at });
  }
  const citedPaths = new Set(citations.map((element) => (element.kind === 'citation' ? element.ref.path : '')));
  const codes = spans
    .filter(({ value }) => value !== '' && !barePath.test(value) && !citedPaths.has(value))
    .map(({ value, start: at }): Element => ({ kind: 'code', value, start: at }));
  return [...citations, ...codes].sort((a, b) => a.start - b.start);
}

/**
 * One citation per place and quote, in order of first mention; a place cited without a quote is
 * dropped when the same section also quotes it.
 */
function dedupe(found: readonly Located[]): Located[] {
  const place = (citation: Located) => `${citation.path}:${citation.line}-${citation.endLine}`;
  const quoted = new Set(found.filter((citation) => citation.quote !== null).map(place));
  const seen = new Set<string>();
  return found.filter((citation) => {
    if (citation.quote === null && quoted.has(place(citation))) return false;
    const key = `${place(citation)}\0${citation.quote ?? ''}\0${citation.alternatives.join('\0')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
