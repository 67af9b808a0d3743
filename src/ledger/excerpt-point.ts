/** A point's id line: `### R2. Title`, `- **R2**:`, `2.`, `Point 2 -`. */
export const pointMarker = /^\s*(?:#{3,6}\s+)?(?:[-*+]\s+)?(?:\*\*)?(?:R|Point\s+|#)?\d+\b(?:\*\*)?\s*[.:)\-—–]*(?:\*\*)?\s*/i;

// The position label a side opens with: `**Agreed**:`, `Partially agreed —`, `**Maintained.**`.
const positionLabel = /^\s*(?:\*\*|__)?\s*(?:partially\s+agreed?|agreed?|disagreed?|maintained|withdrawn|accepted|conceded?)\b\s*[.:\-—–]?\s*(?:\*\*|__)?\s*[.:\-—–]?\s*/i;

/**
 * One side's words on a point as one sentence for a report: without the point's id line, its
 * position label and its severity and evidence lines; whitespace collapsed, the first letter capitalized; cut
 * at a word near `max` characters.
 */
export function excerptPoint(text: string, max = 240): string {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== undefined && /^\s*#{3,6}\s/.test(lines[0])) lines.shift();
  const body = lines
    .filter((line) => !/^\s*(?:[-*+]\s+)?\*\*(?:severity|evidence):?\*\*/i.test(line))
    .map((line, index) => (index === 0 ? line : line.replace(/^\s*[-*+]\s+/, '')))
    .join(' ')
    .replace(pointMarker, '')
    .replace(positionLabel, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = body.charAt(0).toUpperCase() + body.slice(1);
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
