import { editDistance } from '../edit-distance.js';

/** Sentences shorter than this many words say too little to be told copied ("I agree.", "Fix it."). */
const minWords = 4;
/** Two sentences this close (edits over the longer length) are the same sentence, nearly. */
const nearRatio = 0.2;
/** An answer whose sentences are this much (by length) the other side's repeats it. */
const repeatedShare = 0.6;
/** Sentences longer than this are compared by their starts: edit distance grows with the square. */
const comparedChars = 400;

function sentencesOf(text: string): string[] {
  return text
    .replace(/`{3,}[\s\S]*?`{3,}/g, ' ')
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((sentence) =>
      sentence
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
    .filter((sentence) => sentence.split(' ').length >= minWords)
    .map((sentence) => sentence.slice(0, comparedChars));
}

function near(a: string, b: string): boolean {
  if (a === b) return true;
  const longer = Math.max(a.length, b.length);
  if (Math.abs(a.length - b.length) > longer * nearRatio) return false;
  return editDistance(a, b) <= longer * nearRatio;
}

/**
 * Whether `text` (an answer's reasoning) repeats `source` (the other side's text on the point):
 * most of its sentences, by length, are the same as one of the source's, or nearly (a word
 * changed, a letter's case). Short sentences ("Agreed, fix it.") are not counted either way.
 */
export function repeatsText(text: string, source: string): boolean {
  const own = sentencesOf(text);
  if (own.length === 0) return false;
  const theirs = sentencesOf(source);
  if (theirs.length === 0) return false;
  const total = own.reduce((sum, sentence) => sum + sentence.length, 0);
  const repeated = own.filter((sentence) => theirs.some((other) => near(sentence, other))).reduce((sum, sentence) => sum + sentence.length, 0);
  return repeated >= total * repeatedShare;
}
