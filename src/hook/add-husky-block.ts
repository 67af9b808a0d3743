/**
 * The lines code-debate keeps in husky's `pre-push` file, between a begin and an end marker so
 * that uninstall removes exactly them. `.husky/` is shared through the repository, so the block
 * finds `code-debate` on PATH (husky puts `node_modules/.bin` first) rather than at a path of
 * this machine, and fails open when it is missing.
 */
export const huskyBegin = '# >>> code-debate pre-push hook';
export const huskyEnd = '# <<< code-debate pre-push hook';
/** On the begin line when code-debate created the file: uninstall may then delete it. */
export const huskyCreatedNote = 'this file was created by `code-debate hook install`';

const body = [
  'if [ "${CODE_DEBATE_SKIP:-}" = 1 ]; then',
  '  echo "code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped." >&2',
  'elif command -v code-debate >/dev/null 2>&1; then',
  '  code-debate pre-push "$1" "$2"',
  'else',
  '  echo "code-debate: not found on PATH, the pre-push review is skipped. Install it with \\`npm install -D code-debate\\`." >&2',
  'fi',
];

/** What a new husky hook file starts with: husky 9 runs it with `sh -e`; husky 5 to 8 run it directly. */
export function huskyFileHeader(legacy: boolean): string {
  return legacy ? '#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n' : '#!/usr/bin/env sh\n';
}

export function renderHuskyBlock(created: boolean): string {
  const note = created ? ` (${huskyCreatedNote}; \`code-debate hook uninstall\` removes this block)` : ' (`code-debate hook uninstall` removes this block)';
  return [`${huskyBegin}${note}`, ...body, huskyEnd, ''].join('\n');
}

/** Where the block is in `lines`: its begin and end line indexes, null when absent. */
export type BlockSpan = { begin: number; end: number; created: boolean } | null;

/** Finds the block; a begin without an end after it (or the reverse) is a string saying so. */
export function findHuskyBlock(lines: readonly string[]): BlockSpan | string {
  const begin = lines.findIndex((line) => line.startsWith(huskyBegin));
  const end = lines.findIndex((line) => line.trim() === huskyEnd);
  if (begin === -1 && end === -1) return null;
  if (begin === -1 || end < begin) {
    return `it has \`${begin === -1 ? huskyEnd : huskyBegin}\` without \`${begin === -1 ? huskyBegin : huskyEnd}\``;
  }
  return { begin, end, created: lines[begin]?.includes(huskyCreatedNote) ?? false };
}

export type HuskyAddition = { ok: true; text: string; change: 'created' | 'appended' | 'updated' } | { ok: false; reason: string };

/**
 * husky's pre-push file with code-debate's block: a new file when there is none (`text` null),
 * the block appended after the user's commands, or the block rewritten where it stands.
 */
export function addHuskyBlock(text: string | null, legacy: boolean): HuskyAddition {
  if (text === null) return { ok: true, text: `${huskyFileHeader(legacy)}\n${renderHuskyBlock(true)}`, change: 'created' };
  const lines = text.split('\n');
  const span = findHuskyBlock(lines);
  if (typeof span === 'string') return { ok: false, reason: span };
  if (span === null) {
    const separator = text === '' ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    return { ok: true, text: `${text}${separator}${renderHuskyBlock(false)}`, change: 'appended' };
  }
  const block = renderHuskyBlock(span.created).split('\n').slice(0, -1);
  return { ok: true, text: [...lines.slice(0, span.begin), ...block, ...lines.slice(span.end + 1)].join('\n'), change: 'updated' };
}
