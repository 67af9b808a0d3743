import { severities, type Severity } from '../protocol/document.js';
import { memoizeText, memoLimits } from '../protocol/memoize-text.js';

const level = `(${severities.join('|')})`;
// `I will not lower it to low` changes nothing: a negated verb is no change.
const notNegated = String.raw`(?<!(?:\bnot|\bnever|n['’]t)\s+)`;
const patterns = [
  new RegExp(String.raw`\bseverity\b[^.\n]{0,40}?\b(?:to|now|becomes|→|->)\s*\**\s*${level}\b`, 'i'),
  new RegExp(String.raw`${notNegated}\b(?:lower|rais|reduc|downgrad|upgrad|chang|adjust)(?:e|ed|es|s|ing)?\b[^.\n]{0,30}?\bto\s+\**\s*${level}\b`, 'i'),
];

/**
 * The severity a reviewer's reply on a point moves it to, e.g. "severity lowered to low",
 * "I downgrade it to nit", "Severity: now medium"; null when the text changes none.
 */
export function readSeverityChange(text: string): Severity | null {
  return changeOnce(text);
}

// Each reply is read once, not once per turn (see memoizeText).
const changeOnce = memoizeText(readChange, memoLimits.replies);

function readChange(text: string): Severity | null {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found.toLowerCase() as Severity;
  }
  return null;
}
