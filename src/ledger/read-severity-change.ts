import type { Severity } from '../protocol/document.js';
import { leadingLabel } from '../protocol/label-words.js';
import { memoizeText, memoLimits } from '../protocol/memoize-text.js';
import { readTextLabels, settleLabels } from '../protocol/read-labels.js';

// "severity lowered to low", "the severity is now medium", "Severity: high → low", "severity drops from
// high to minor": the word severity, then a change to a level.
const changed =
  /\bseverity\b\s*(?:(?:is|was|has been)\s+)?(?:(?:lowered|raised|reduced|downgraded|upgraded|changed|adjusted|moved|bumped|dropped|drops|goes|went)\s+(?:from\s+\S+\s+)?to|:?\s*now|:?\s*\S+\s*(?:→|->))\s*/gi;
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
    const after = text.slice(match.index + match[0].length);
    const to = leadingLabel('severity', after);
    const sentence = (text.slice(0, match.index).split(/[.!?\n]/).at(-1) ?? '') + match[0] + (after.split(/[.!?\n]/)[0] ?? '');
    if (to !== null && !negation.test(sentence)) return to.value;
  }
  return null;
}
