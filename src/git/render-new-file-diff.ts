import { createHash } from 'node:crypto';

/** A file to show as added, as git stores it: mode and raw bytes (a symlink's bytes are its target). */
export interface NewFile {
  /** Path relative to the work tree root, with `/` separators. */
  path: string;
  mode: '100644' | '100755' | '120000';
  content: Buffer;
}

const escapes: Record<string, string> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};
const needsQuotes = /["\\\u0000-\u001f\u007f]/;

/** Quotes a path the way git does with `core.quotePath=false`: only `"`, `\` and control characters. */
export function quoteGitPath(path: string): string {
  if (!needsQuotes.test(path)) return path;
  const quoted = path.replace(/["\\\u0000-\u001f\u007f]/g, (char) => {
    return escapes[char] ?? `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`;
  });
  return `"${quoted}"`;
}

// git's own test: a NUL byte in the first 8000 bytes makes a file binary.
const isBinary = (content: Buffer): boolean => content.subarray(0, 8000).includes(0);

/** The id git gives `content` as a blob, in the repository's hash (`--object-format`). */
export function hashBlob(content: Buffer, objectFormat: 'sha1' | 'sha256'): string {
  return createHash(objectFormat).update(`blob ${content.length}\0`).update(content).digest('hex');
}

/**
 * The `git diff` section that adds `file`, as git prints it for an intent-to-add file (`git add
 * -N`), with the blob id abbreviated to 7 digits.
 */
export function renderNewFileDiff(file: NewFile, objectFormat: 'sha1' | 'sha256' = 'sha1'): string {
  const from = quoteGitPath(`a/${file.path}`);
  const to = quoteGitPath(`b/${file.path}`);
  const id = hashBlob(file.content, objectFormat).slice(0, 7);
  const header = [`diff --git ${from} ${to}`, `new file mode ${file.mode}`, `index 0000000..${id}`];
  if (file.content.length === 0) return `${header.join('\n')}\n`;
  if (isBinary(file.content)) return `${[...header, `Binary files /dev/null and ${to} differ`].join('\n')}\n`;
  const text = file.content.toString('utf8');
  const endsWithNewline = text.endsWith('\n');
  const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n');
  // git ends a file name holding a space with a tab on the `+++` line, so patch can find its end.
  const tab = to.includes(' ') ? '\t' : '';
  const hunk = lines.length === 1 ? '@@ -0,0 +1 @@' : `@@ -0,0 +1,${lines.length} @@`;
  const body = [...header, '--- /dev/null', `+++ ${to}${tab}`, hunk, ...lines.map((line) => `+${line}`)];
  if (!endsWithNewline) body.push('\\ No newline at end of file');
  return `${body.join('\n')}\n`;
}
