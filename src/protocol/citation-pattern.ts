/** One `path:line` or `path:line-line` found in a text. */
export interface CitationRef {
  /** As written, a leading `./` removed. */
  path: string;
  line: number;
  /** The range's last line; `line` for a single line. */
  endLine: number;
  /** Where the reference starts in the text. */
  index: number;
  /** The reference as written, e.g. `./src/a.ts:12-14`. */
  text: string;
}

/**
 * `path:line` or `path:line-line` (hyphen or en dash) where the path has a slash or an extension:
 * `src/a.ts:12`, `README.md:3-5`, `bin/run:4`. Not preceded by a path character, so the host and
 * path of a URL never match. The one pattern for citations: `readEvidence` reads the same.
 */
export const citationPattern = /(?<![\w/.-])(?<path>(?:[\w.-]+\/)*[\w.-]*[\w-]\.[A-Za-z0-9]+|(?:[\w.-]+\/)+[\w.-]+):(?<line>\d+)(?:[-–](?<endLine>\d+))?\b/g;

// A version (`1.2.3:4`, `v2.0:1`) or a URL scheme is not a file.
const notAPath = /^(?:v?\d+(?:\.\d+)*|https?)$/i;
// `db.internal:5432`, `example.com:443`: a host and port, not a file and line.
const hostName = /^[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|internal|local|lan|localhost|cloud|app|ai|co)$/i;
// After a port, `https://host:8080/a.ts:3` would read as `8080/a.ts:3`.
const urlPattern = /\b[a-z][a-z\d+.-]*:\/\/[^\s<>`]+/gi;

/** Every citation in `text`, in order; versions and anything inside a URL are not citations. */
export function findCitationRefs(text: string): CitationRef[] {
  const urls = [...text.matchAll(urlPattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const refs: CitationRef[] = [];
  for (const match of text.matchAll(citationPattern)) {
    const { path, line, endLine } = match.groups ?? {};
    if (path === undefined || line === undefined || notAPath.test(path) || hostName.test(path)) continue;
    if (urls.some((url) => match.index >= url.start && match.index < url.end)) continue;
    refs.push({
      path: path.replace(/^(?:\.\/)+/, ''),
      line: Number(line),
      endLine: Number(endLine ?? line),
      index: match.index,
      text: match[0],
    });
  }
  return refs;
}

/**
 * The citations of a text that is nothing but citations (`src/a.ts:12`, `a.ts:3:7`,
 * `a.ts:3, b.ts:4`), as an inline code span written to cite; null for anything else, e.g. code.
 */
export function readCitationsOnly(text: string): CitationRef[] | null {
  const refs = findCitationRefs(text);
  if (refs.length === 0) return null;
  let rest = text;
  for (const ref of [...refs].reverse()) {
    // A `:column` after the line is part of the reference, as compilers write it.
    const column = /^:\d+\b/.exec(rest.slice(ref.index + ref.text.length))?.[0] ?? '';
    rest = rest.slice(0, ref.index) + rest.slice(ref.index + ref.text.length + column.length);
  }
  return /^(?:[\s,;]|\band\b)*$/i.test(rest) ? refs : null;
}
