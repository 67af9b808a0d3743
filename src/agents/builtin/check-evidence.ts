import type { Evidence } from '../../protocol/document.js';
import { maskCredentials } from '../../protocol/match-credential.js';
import { quoteIsIn } from '../../protocol/match-quote.js';
import type { FileView } from './load-check-context.js';
import { lineRules, type RuleInfo } from './rules.js';

export type EvidenceStatus = 'holds' | 'missing-file' | 'missing-line' | 'differs';

/** How a matched line was recognized: by the point's rule, by its quote, or only by existing. */
export type MatchedBy = 'rule' | 'quote' | 'exists' | null;

export interface EvidenceCheck {
  evidence: Evidence;
  status: EvidenceStatus;
  /** The line that matched within ±2 lines, or the cited line itself when none did. */
  actual: { line: number; text: string } | null;
  matchedBy: MatchedBy;
  view: FileView | null;
}

// A peer's line numbers may be off by one or two; the exact line is tried first.
const window = [0, -1, 1, -2, 2];

/**
 * Whether one `path:line` says what the point says: the file and line exist, and the point's
 * rule fires on it, or one of its quotes is on it (±2 lines). With neither a rule nor a quote,
 * an existing line is all that can be checked.
 */
export function checkEvidence(evidence: Evidence, rule: RuleInfo | null, quotes: readonly string[], view: FileView | undefined): EvidenceCheck {
  const base = { evidence, view: view ?? null };
  if (!view?.exists) return { ...base, status: 'missing-file', actual: null, matchedBy: null };
  const cited = view.lines.get(evidence.line);
  if (cited === undefined) return { ...base, status: 'missing-line', actual: null, matchedBy: null };
  const nearby = window
    .map((offset) => evidence.line + offset)
    .flatMap((line) => {
      const text = view.lines.get(line);
      return text === undefined ? [] : [{ line, text }];
    });
  const lineRule = lineRules.find((candidate) => candidate.id === rule?.id);
  const byRule = lineRule && nearby.find(({ text }) => firesOn(lineRule, text, evidence.path, view));
  if (byRule) return { ...base, status: 'holds', actual: byRule, matchedBy: 'rule' };
  const byQuote = nearby.find(({ text }) => quotes.some((quote) => quoteMatches(quote, text)));
  if (byQuote) return { ...base, status: 'holds', actual: byQuote, matchedBy: 'quote' };
  const actual = { line: evidence.line, text: cited };
  if (lineRule || quotes.length > 0) return { ...base, status: 'differs', actual, matchedBy: null };
  return { ...base, status: 'holds', actual, matchedBy: 'exists' };
}

function firesOn(rule: (typeof lineRules)[number], text: string, path: string, view: FileView): boolean {
  const hit = rule.test(text, path);
  if (!hit?.needsCompanion) return hit !== null;
  return [...view.lines.values()].some((line) => rule.test(line, path)?.needsCompanion === false);
}

/** Whether `line` holds `quote` as a person reads it (see quoteIsIn), credentials masked on both sides. */
function quoteMatches(quote: string, line: string): boolean {
  return quoteIsIn(maskCredentials(quote), maskCredentials(line));
}

const spanPattern = /(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
const lineReference = /^[\w./-]+:\d+(?:[-–]\d+)?$/;

/**
 * The code a point quotes: its inline code spans, except in a heading line, the Severity and
 * Evidence lines and the suggested fix, and except `path:line` references and `knownPaths`.
 */
export function extractQuotes(pointText: string, knownPaths: ReadonlySet<string>): string[] {
  const body =
    pointText
      .split('\n')
      .filter((line) => !/^ {0,3}#{1,6}\s/.test(line) && !/^\s*(?:[-*]\s+)?\*\*(?:severity|evidence)\b/i.test(line))
      .join('\n')
      .split(/\*\*\s*(?:suggested\s+)?fix\b/i)[0] ?? '';
  const quotes: string[] = [];
  for (const match of body.matchAll(spanPattern)) {
    const code = (match[2] ?? '').trim();
    if (code !== '' && !lineReference.test(code) && !knownPaths.has(code) && !quotes.includes(code)) quotes.push(code);
  }
  return quotes;
}

/**
 * Once a quote is found at one cited line, the point's other cited lines only need to exist:
 * a point may quote one instance and cite several. Without a rule, nothing more can be asked.
 */
export function acceptUnquotedLines(checks: readonly EvidenceCheck[]): EvidenceCheck[] {
  if (!checks.some((check) => check.matchedBy === 'quote')) return [...checks];
  return checks.map((check) => (check.status === 'differs' ? { ...check, status: 'holds', matchedBy: 'exists' } : check));
}
