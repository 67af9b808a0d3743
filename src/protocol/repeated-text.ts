/** Sentences shorter than this many words say too little to be told copied ("I agree.", "Fix it."). */
const minWords = 4;
/** Two sentences sharing this much of their word pairs (Jaccard) are the same sentence, nearly: a word changed, one added. */
const nearShare = 0.6;
/** An answer whose sentences are this much (by length) the other side's repeats it. */
const repeatedShare = 0.6;
interface Sentence {
  length: number;
  pairs: Set<string>;
}

function sentencesOf(text: string): Sentence[] {
  return (
    text
      .replace(/`{3,}[\s\S]*?`{3,}/g, ' ')
      // Headings and the meta lines (Severity, Evidence) are not reasoning, and a place cited is the same place whoever cites it.
      .replace(/^(?:#{1,6}[ \t].*|\*\*(?:Severity|Evidence):\*\*.*)$/gm, ' ')
      .replace(/`[^`\n]*`/g, ' ')
      .split(/(?<=[.!?;:])\s+|\n+/)
      .map((sentence) =>
        sentence
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim(),
      )
      .map((sentence) => sentence.split(' '))
      .filter((words) => words.length >= minWords)
      .map((words) => ({ length: words.join(' ').length, pairs: new Set(words.slice(1).map((word, index) => `${words[index]} ${word}`)) }))
  );
}

/** Whether two sentences share most of their word pairs: linear in their length, where an edit distance is square. */
function near(a: Sentence, b: Sentence): boolean {
  let shared = 0;
  for (const pair of a.pairs) if (b.pairs.has(pair)) shared++;
  return shared / (a.pairs.size + b.pairs.size - shared) >= nearShare;
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
