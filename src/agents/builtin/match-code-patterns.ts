import { blankStrings } from './blank-strings.js';
import { isCodePath, isTestPath, languageOf } from './classify-path.js';

/**
 * The per-language patterns behind the line rules. Each looks at the line's code only: string
 * contents are blanked, so a test's data quoting `it.only(` is not a focused test; whole-line
 * comments are skipped, so commented-out code is not reported as live.
 */

const isCommentLine = (line: string) => /^\s*(?:\/\/|#|\/\*|\*|--|<!--)/.test(line);

function codeOf(line: string, path: string): string | null {
  return isCommentLine(line) ? null : blankStrings(line, languageOf(path));
}

export function isFocusedTest(line: string, path: string): boolean {
  const code = codeOf(line, path);
  if (code === null || languageOf(path) !== 'js') return false;
  return /\b(?:it|describe|test|context|suite)\.only\s*\(/.test(code) || (isTestPath(path) && /(?<![\w.$])f(?:it|describe)\s*\(/.test(code));
}

export function isSkippedTest(line: string, path: string): boolean {
  // A Python decorator line is code even though `#`-comments are not.
  const code = /^\s*@/.test(line) ? line : codeOf(line, path);
  if (code === null) return false;
  switch (languageOf(path)) {
    case 'js':
      return /\b(?:it|describe|test|context|suite)\.skip\s*\(/.test(code) || (isTestPath(path) && /(?<![\w.$])x(?:it|describe|test)\s*\(/.test(code));
    case 'python':
      return /@(?:pytest\.mark\.skip|unittest\.skip)\b(?!if|If)/.test(code);
    case 'go':
      return /\bt\.Skip(?:f|Now)?\s*\(/.test(code);
    default:
      return false;
  }
}

export function isDebuggerStatement(line: string, path: string): boolean {
  const code = codeOf(line, path);
  if (code === null) return false;
  switch (languageOf(path)) {
    case 'js':
      return /(?:^|[;{}\s])debugger\s*;?\s*$/.test(code);
    case 'python':
      return /\bbreakpoint\(\)|\bi?pdb\.set_trace\(\)|^\s*import i?pdb\b/.test(code);
    case 'rust':
      return /\bdbg!\s*\(/.test(code);
    case 'ruby':
      return /\b(?:binding\.pry|byebug)\b/.test(code);
    default:
      return false;
  }
}

export function isDebugOutput(line: string, path: string): boolean {
  const code = codeOf(line, path);
  if (code === null) return false;
  switch (languageOf(path)) {
    case 'js':
      return /\bconsole\.(?:log|debug|trace|dir)\s*\(/.test(code);
    case 'python':
      return /(?<![\w.])p?print\s*\(/.test(code);
    case 'go':
      return /\bfmt\.Print(?:ln|f)?\s*\(/.test(code);
    case 'java':
      return /\bSystem\.out\.print(?:ln)?\s*\(/.test(code);
    case 'php':
      return /\b(?:var_dump|print_r)\s*\(/.test(code);
    default:
      return false;
  }
}

// Built from a list so that this file does not match its own rule.
const noteWords = ['TODO', 'FIXME', 'XXX', 'HACK'];
const noteInComment = new RegExp(`(?:\\/\\/|\\/\\*|#|<!--|^\\s*\\*|^\\s*--)[^\\n]*?\\b(?:${noteWords.join('|')})\\b`);

/** A note word in a comment, the comment marker outside any string. */
export function hasNoteComment(line: string, path: string): boolean {
  return isCodePath(path) && noteInComment.test(blankStrings(line, languageOf(path)));
}
