import { classifyChangeRisk, riskTierNames } from './classify-change-risk.js';
import { countWords } from '../git/describe-diff.js';
import { describeFileChange } from '../git/describe-file-change.js';
import { rankByRisk, type ShownFile } from './fit-diff-budget.js';

/** At most this many files are listed one per line (the riskiest), so a huge change keeps a readable summary. */
export const maxListedFiles = 500;
/** At most this many files left out are named in the closing paragraph. */
export const maxNamedOmitted = 50;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');
const sum = (files: readonly ShownFile[], count: (shown: ShownFile) => number): number => files.reduce((total, shown) => total + count(shown), 0);
const lineCounts = (files: readonly ShownFile[]): string => `+${sum(files, ({ file }) => file.added)} -${sum(files, ({ file }) => file.deleted)}`;

function listFiles(files: readonly ShownFile[], kept: ReadonlySet<ShownFile>): string[] {
  const listed = new Set(rankByRisk(files).slice(0, maxListedFiles));
  const lines = files
    .filter((shown) => listed.has(shown))
    .map((shown) => {
      const described = describeFileChange(shown.file, shown.nonUtf8);
      return kept.has(shown) ? `- ${described}` : `- ${described.replace(/\)$/, ', diff left out for size)')}`;
    });
  const unlisted = files.filter((shown) => !listed.has(shown));
  if (unlisted.length === 0) return lines;
  const shownAnyway = unlisted.filter((shown) => kept.has(shown)).length;
  return [
    ...lines,
    `- and ${countWords(unlisted.length, 'more file')} (${lineCounts(unlisted)} lines) not listed here, being of lower risk; ${shownAnyway} of them are in the diff.`,
  ];
}

function describeOmitted(omitted: readonly ShownFile[], maxBytes: number): string {
  const total = sum(omitted, (shown) => byteLength(shown.patch));
  const named = rankByRisk(omitted).slice(0, maxNamedOmitted);
  const list = omitted
    .filter((shown) => named.includes(shown))
    .map(({ file, patch }) => `${file.path} (${riskTierNames[classifyChangeRisk(file.path)]}, ${byteLength(patch)} bytes)`);
  const more = omitted.length > named.length ? ` and ${omitted.length - named.length} more` : '';
  return (
    `Left out of the diff: ${countWords(omitted.length, 'file')} whose diffs (${total} bytes) did not fit in the ${maxBytes}-byte budget (--max-diff-bytes) ` +
    `after the files ranked before them (source first, then documentation, then generated, vendored and lock files; larger changes first): ${list.join(', ')}${more}. ` +
    'Their line counts are listed above; read them in the repository if they matter.'
  );
}

/**
 * The file list with stats for every changed file, then what the diff leaves out and why: the
 * text an agent reads before the diff.
 */
export function renderDiffSummary(files: readonly ShownFile[], kept: ReadonlySet<ShownFile>, maxBytes: number): string {
  if (files.length === 0) return 'No files changed.';
  const omitted = files.filter((shown) => !kept.has(shown));
  const shownBytes = sum(
    files.filter((shown) => kept.has(shown)),
    (shown) => byteLength(shown.patch),
  );
  const closing = omitted.length === 0 ? `Nothing was left out of the diff for size (${shownBytes} of ${maxBytes} bytes).` : describeOmitted(omitted, maxBytes);
  return [`${countWords(files.length, 'file')} changed, ${lineCounts(files)} lines:`, ...listFiles(files, kept), '', closing].join('\n');
}
