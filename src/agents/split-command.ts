import { ConfigError } from '../errors.js';

/**
 * Splits a command line into argv the way a POSIX shell would split words: single quotes keep
 * everything, double quotes keep all but `\"` `\\` `\$` `` \` ``, a backslash escapes one
 * character. Nothing is expanded and nothing runs through a shell.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    const next = line.charAt(i + 1);
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && /["\\$`]/.test(next)) word += line.charAt(++i);
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === '\\') {
      word += line.charAt(++i);
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== null) throw new ConfigError(`Cannot split the command \`${line}\`: a ${quote === '"' ? 'double' : 'single'} quote is not closed.`);
  if (inWord) words.push(word);
  return words;
}
