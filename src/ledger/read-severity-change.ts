import { severities, type Severity } from '../protocol/document.js';
import { memoizeText, memoLimits } from '../protocol/memoize-text.js';
import { readTextLabels, settleLabels } from '../protocol/read-labels.js';

const level = `(${severities.join('|')})`;
// "severity lowered to low", "Severity: now medium", "severity high → low": the word severity names what changes.
const changed = new RegExp(String.raw`\bseverity\b[^.\n]{0,40}?(?:\b(?:to|now|becomes)\b|→|->)\s*\**\s*${level}\b`, 'gi');
// `I will not lower the severity to low` changes nothing.
const negation = /\b(?:not|never|no longer|cannot)\b|n['’]t\b/i;

/**
 * The severity a reviewer's reply on a point moves it to, null when it changes none: a severity
 * key line (`**Severity:** nit`, read by the label grammar) or a sentence that says the severity
 * changes to a level ("severity lowered to low"), not negated. A severity tag in the reply's
 * heading is not read: a follow-up often repeats the point's heading as the Review wrote it.
 */
export function readSeverityChange(text: string): Severity | null {
  return changeOnce(text);
}

// Each reply is read once, not once per turn (see memoizeText).
const changeOnce = memoizeText(readChange, memoLimits.replies);

function readChange(text: string): Severity | null {
  const keyed = settleLabels(readTextLabels('severity', text).filter((label) => label.place === 'key-line' || label.place === 'table'));
  if (keyed.state === 'read') return keyed.value;
  for (const match of text.matchAll(changed)) {
    const sentence = text.slice(0, match.index).split(/[.!?\n]/).at(-1) ?? '';
    if (!negation.test(sentence + match[0])) return (match[1]?.toLowerCase() as Severity | undefined) ?? null;
  }
  return null;
}
