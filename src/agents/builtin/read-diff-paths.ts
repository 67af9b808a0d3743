/** Paths as git writes them in diff headers: prefixed `a/` and `b/`, C-quoted when unusual. */

/** `a/src/x.ts` → `src/x.ts`, unless the git header already showed the path has no prefix. */
export function stripPrefix(path: string | null, fromHeader: string | null): string | null {
  if (path === null || path === fromHeader) return path;
  return /^[a-z0-9]\//.test(path) ? path.slice(2) : path;
}

/** `a/x b/x` → both paths; for unquoted paths with spaces the two halves must match. */
export function readGitHeader(rest: string): { oldPath: string | null; newPath: string | null } {
  if (rest.startsWith('"')) {
    const [first, second] = splitQuoted(rest);
    return { oldPath: stripPrefix(first, null), newPath: stripPrefix(second, null) };
  }
  const middle = (rest.length - 1) / 2;
  if (Number.isInteger(middle) && rest[middle] === ' ') {
    const oldPath = stripPrefix(rest.slice(0, middle), null);
    const newPath = stripPrefix(rest.slice(middle + 1), null);
    if (oldPath === newPath) return { oldPath, newPath };
  }
  const parts = rest.split(' ');
  return { oldPath: stripPrefix(parts[0] ?? null, null), newPath: stripPrefix(parts.at(-1) ?? null, null) };
}

function splitQuoted(rest: string): [string | null, string | null] {
  const match = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|.+)$/.exec(rest);
  return match ? [unquotePath(match[1] ?? ''), unquotePath(match[2] ?? '')] : [unquotePath(rest), null];
}

export function readHeaderPath(text: string): string {
  return text.startsWith('"') ? unquotePath(text) : (text.split('\t')[0] ?? text).trimEnd();
}

const escapes: Readonly<Record<string, number>> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** Git's C-style quoting of unusual paths: `"t\303\251st.txt"` → `tést.txt`. */
export function unquotePath(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const char = body[i] ?? '';
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      const escaped = body[i + 1] ?? '\\';
      bytes.push(escapes[escaped] ?? escaped.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
