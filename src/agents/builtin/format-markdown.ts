import { severities, type Evidence, type Severity } from '../../protocol/document.js';
import { inlineCode } from '../../protocol/citation-markdown.js';
import { maskCredentials } from '../../protocol/match-credential.js';

export const maxQuoteLength = 100;
export const maxListedEvidence = 5;

export const reviewNote = "_Rule-based review by code-debate's built-in agent; not a language model._";

/** Credentials masked, whitespace collapsed: the form quotes are written and compared in. */
export function normalizeCode(text: string): string {
  return maskCredentials(text).replace(/\s+/g, ' ').trim();
}

/** A source line as a quote: credentials masked, trimmed, cut to ~100 characters. */
export function quoteText(line: string): string {
  const text = normalizeCode(line);
  return text.length > maxQuoteLength ? `${text.slice(0, maxQuoteLength - 1)}…` : text;
}

export function quoteLine(line: string): string {
  const text = quoteText(line);
  return text === '' ? '(an empty line)' : inlineCode(text);
}

export function formatEvidence(evidence: Evidence): string {
  return inlineCode(`${evidence.path}:${evidence.line}`);
}

/** `` `a:1`, `a:2` and 3 more `` */
export function formatEvidenceList(evidence: readonly Evidence[]): string {
  const listed = evidence.slice(0, maxListedEvidence).map(formatEvidence).join(', ');
  const rest = evidence.length - maxListedEvidence;
  return rest > 0 ? `${listed} and ${rest} more` : listed;
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/** 0 for critical, 4 for nit, 5 for none. */
export function severityRank(severity: Severity | null): number {
  return severity === null ? severities.length : severities.indexOf(severity);
}

/** Plain code-point order: the same in every locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A sentence from a clause: its first letter capitalized. */
export function asSentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A lead sentence, then one bullet per detail. */
export function withDetails(lead: string, details: readonly string[]): string {
  return details.length === 0 ? lead : `${lead}\n\n${details.map((detail) => `- ${detail}`).join('\n')}`;
}

/** `2 maintained, 1 accepted`: how many of `values` are each of `order`, lowercased, those with none left out. */
export function countEach(values: readonly string[], order: readonly string[]): string {
  return order
    .map((value) => [value, values.filter((candidate) => candidate === value).length] as const)
    .filter(([, count]) => count > 0)
    .map(([value, count]) => `${count} ${value.toLowerCase()}`)
    .join(', ');
}
