const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Reads one C-quoted path at the start of `text` (`"a/t\tb\303\274"`), as git writes names with
 * control characters, `"` or `\`; octal escapes are bytes of UTF-8. Returns the path and the text
 * after the closing quote, or null when `text` does not start with a well-formed quoted path.
 */
export function readQuotedPath(text: string): { path: string; rest: string } | null {
  if (!text.startsWith('"')) return null;
  const bytes: number[] = [];
  let index = 1;
  while (index < text.length) {
    const char = String.fromCodePoint(text.codePointAt(index) ?? 0);
    if (char === '"') return { path: Buffer.from(bytes).toString('utf8'), rest: text.slice(index + 1) };
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      index += char.length;
      continue;
    }
    const next = text[index + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(text.slice(index + 1))?.[0];
    if (octal !== undefined) {
      bytes.push(Number.parseInt(octal, 8));
      index += 4;
    } else if (escapes[next] !== undefined) {
      bytes.push(escapes[next]);
      index += 2;
    } else {
      return null;
    }
  }
  return null;
}

/** A path as git printed it: C-quoted or as is. */
export function unquoteGitPath(text: string): string {
  const quoted = readQuotedPath(text);
  return quoted !== null && quoted.rest === '' ? quoted.path : text;
}
