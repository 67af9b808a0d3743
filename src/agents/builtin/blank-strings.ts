import type { Language } from './classify-path.js';

const slashComment = new Set<Language>(['js', 'go', 'rust', 'java', 'php', 'other-code']);
const hashComment = new Set<Language>(['python', 'ruby', 'php', 'other-code']);

/**
 * The line with the contents of its string literals blanked, up to a line comment, which is kept:
 * `it.only(` quoted in a test's data, or a `//` inside a string, is not code. One line is read on
 * its own, so a string that spans lines is not seen; that errs towards reporting.
 */
export function blankStrings(line: string, language: Language): string {
  if (language === 'not-code') return line;
  // In Rust `'` also starts lifetimes, which never close on the same line.
  const quotes = language === 'rust' ? '"' : language === 'python' || language === 'ruby' ? `'"` : `'"\``;
  let out = '';
  let quote: string | null = null;
  for (let index = 0; index < line.length; index++) {
    const char = line[index] ?? '';
    if (quote !== null) {
      if (char === '\\') {
        out += '  ';
        index += 1;
      } else if (char === quote) {
        quote = null;
        out += char;
      } else {
        out += ' ';
      }
      continue;
    }
    const rest = line.slice(index);
    if ((slashComment.has(language) && rest.startsWith('//')) || (hashComment.has(language) && rest.startsWith('#'))) return out + rest;
    if (quotes.includes(char)) quote = char;
    out += char;
  }
  return out;
}
